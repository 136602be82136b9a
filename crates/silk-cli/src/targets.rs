//! `silk targets`: the processor table for humans and machines.

use silk_amdgpu::target::{Processor, Target};

#[derive(clap::Args)]
pub struct Args {
    /// Print machine-readable JSON.
    #[arg(long)]
    json: bool,
    /// Resolve any accepted spelling to its canonical and metadata names.
    #[arg(long, value_name = "NAME")]
    resolve: Option<String>,
}

pub fn run(args: &Args) -> Result<(), silk_cli::Error> {
    if let Some(name) = &args.resolve {
        let target = Target::parse(name)?;
        if args.json {
            let value = serde_json::json!({
                "input": name,
                "processor": target.processor.name(),
                "canonical": target.processor.canonical_name(),
                "metadata": target.target_id(),
                "e_flags": format!("{:#x}", target.e_flags()),
                "wavefront_size": target.wavefront_size,
            });
            println!("{}", serde_json::to_string_pretty(&value)?);
        } else {
            println!("canonical: {}", target.processor.canonical_name());
            println!("metadata:  {}", target.target_id());
            println!("processor: {}", target.processor.name());
        }
        return Ok(());
    }
    if args.json {
        let list: Vec<_> = Processor::ALL
            .iter()
            .map(|p| {
                let t = Target::new(*p);
                serde_json::json!({
                    "canonical": p.canonical_name(),
                    "metadata": t.target_id(),
                    "aliases": p.aliases(),
                    "e_flags": format!("{:#x}", t.e_flags()),
                    "info": p.info(),
                })
            })
            .collect();
        println!("{}", serde_json::to_string_pretty(&list)?);
        return Ok(());
    }
    for p in Processor::ALL {
        let i = p.info();
        let t = Target::new(p);
        let waves = if i.supports_wave32 {
            "wave32 (wave64 on request)"
        } else {
            "wave64"
        };
        let mut caps = Vec::new();
        let c = i.capabilities;
        for (on, name) in [
            (c.mfma, "mfma"),
            (c.wmma, "wmma"),
            (c.packed_fp32, "packed-fp32"),
            (c.dot_insts, "dot"),
            (c.true16, "true16"),
            (c.vopd, "vopd"),
            (c.sdwa, "sdwa"),
            (c.xnack, "xnack"),
            (c.sramecc, "sramecc"),
        ] {
            if on {
                caps.push(name);
            }
        }
        println!(
            "{}  ({} {}, {})",
            p.canonical_name(),
            i.architecture,
            format!("{:?}", i.generation).to_uppercase(),
            i.products
        );
        println!("    aliases:   {}", p.aliases()[1..].join(", "));
        println!("    wave:      {waves}; e_flags {:#x}", t.e_flags());
        println!(
            "    registers: {} SGPRs, {} VGPRs, {} AGPRs; LDS {} KiB per workgroup",
            i.addressable_sgprs,
            i.addressable_vgprs,
            i.addressable_agprs,
            i.lds_bytes_per_workgroup / 1024
        );
        println!("    features:  {}", caps.join(" "));
    }
    Ok(())
}
