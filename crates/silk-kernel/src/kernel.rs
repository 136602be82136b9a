//! `CommandKernel`: translate, lower, generate and compile a command for
//! one processor, then launch it with packed [`KernelArguments`] through
//! `silk-runtime` (rocRoller's `CommandKernel` and `KernelArguments`).

use silk_amdgpu::target::Processor;
use silk_runtime::{BundleSource, BundleWriter, Config, ProviderChoice, ProviderKind, Runtime};

use crate::codegen::{generate, KernelParam, Slot};
use crate::command::{ArgValue, Command, CommandArguments};
use crate::kernel_graph::KernelGraph;
use crate::{transforms, translate, Error, Params};

/// The packed explicit arguments of one launch: one 8-byte slot per
/// kernel parameter, in parameter order, and the launch geometry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KernelArguments {
    pub values: Vec<u64>,
    pub workgroups: u64,
    pub workgroup_size: u32,
}

/// A command compiled for one processor, with the runtime it runs on.
pub struct CommandKernel {
    command: Command,
    graph: KernelGraph,
    params: Vec<KernelParam>,
    module: silk_gpu_ir::Module,
    code_object: Vec<u8>,
    runtime: Runtime,
}

impl CommandKernel {
    /// Build for `processor`, to run on the emulator provider.
    pub fn new(command: &Command, params: &Params, processor: Processor) -> Result<Self, Error> {
        Self::with_provider(command, params, processor, ProviderChoice::Emulator)
    }

    /// Build for `processor`, to run on `provider` (HIP or the emulator).
    pub fn with_provider(
        command: &Command,
        params: &Params,
        processor: Processor,
        provider: ProviderChoice,
    ) -> Result<Self, Error> {
        let graph = translate(command)?;
        let target = crate::matrix::Arch::target(processor, params)?;
        let arch = crate::matrix::Arch::of_target(&target);
        let graph = transforms::lower_for(&graph, params, &arch)?;
        let generated = generate(&graph)?;
        let mut module = silk_gpu_ir::Module::new();
        module.add_function(generated.function)?;
        module.verify().map_err(silk_gpu_ir::Error::from)?;
        let kernels = silk_codegen::compile_module(&module, &target)?;
        let code_object = silk_codegen::code_object(&target, &kernels)?;
        let mut w = BundleWriter::new(ProviderKind::Hip, processor.name())
            .map_err(|e| Error::Runtime(e.to_string()))?;
        w.add(
            &graph.name,
            8 * generated.params.len() as u32,
            code_object.clone(),
        )
        .map_err(|e| Error::Runtime(e.to_string()))?;
        let bundle = w.to_bytes().map_err(|e| Error::Runtime(e.to_string()))?;
        let runtime = Runtime::new(Config::new(provider, BundleSource::Bytes(bundle)));
        Ok(CommandKernel {
            command: command.clone(),
            graph,
            params: generated.params,
            module,
            code_object,
            runtime,
        })
    }

    /// The runtime the kernel launches on (allocate its buffers here).
    pub fn runtime(&self) -> &Runtime {
        &self.runtime
    }

    /// The lowered graph the kernel was generated from.
    pub fn graph(&self) -> &KernelGraph {
        &self.graph
    }

    /// The device-IR module (one kernel).
    pub fn module(&self) -> &silk_gpu_ir::Module {
        &self.module
    }

    pub fn code_object(&self) -> &[u8] {
        &self.code_object
    }

    pub fn command(&self) -> &Command {
        &self.command
    }

    /// Pack `args` into the kernel's arguments and compute the grid.
    pub fn kernel_arguments(&self, args: &CommandArguments) -> Result<KernelArguments, Error> {
        let mut values = Vec::with_capacity(self.params.len());
        let slot = |s: &Slot| -> Result<u64, Error> {
            Ok(match s {
                Slot::Zero => 0,
                Slot::ScalarF32(name) => match args.get(name) {
                    Some(ArgValue::F32(v)) => v.to_bits() as u64,
                    _ => return Err(Error::argument(format!("scalar `{name}` is not set"))),
                },
                Slot::Launch(e) => {
                    let v = e.eval_launch(args)?;
                    u32::try_from(v)
                        .map_err(|_| Error::argument(format!("`{e}` is {v}, outside 0..2^32")))?
                        as u64
                }
            })
        };
        for p in &self.params {
            values.push(match p {
                KernelParam::Pointer(name) => match args.get(name) {
                    Some(ArgValue::Pointer(v)) => v,
                    _ => return Err(Error::argument(format!("pointer `{name}` is not set"))),
                },
                KernelParam::Pair(lo, hi) => slot(lo)? | (slot(hi)? << 32),
            });
        }
        let launch = self
            .graph
            .launch
            .as_ref()
            .ok_or_else(|| Error::graph("no launch shape"))?;
        // Sizes must be positive and indices fit the 31 bits the magic
        // division assumes.
        for a in &self.command.arguments {
            if let (crate::ArgKind::Size { .. }, Some(ArgValue::Int(v))) =
                (a.kind, args.get(&a.name))
            {
                if v == 0 || v >= 1 << 31 {
                    return Err(Error::argument(format!(
                        "size `{}` is {v}; sizes must be in 1..2^31",
                        a.name
                    )));
                }
            }
        }
        // Every element offset must fit the 32-bit index arithmetic.
        for op in &self.command.operations {
            if let crate::Operation::Tensor { tag, dims, .. } = op {
                let mut last: u64 = 0;
                for d in 0..*dims {
                    let get = |kind| {
                        self.command
                            .argument_of(*tag, kind)
                            .and_then(|a| args.get(&a.name))
                    };
                    let (Some(ArgValue::Int(size)), Some(ArgValue::Int(stride))) = (
                        get(crate::ArgKind::Size { dim: d }),
                        get(crate::ArgKind::Stride { dim: d }),
                    ) else {
                        return Err(Error::argument(format!(
                            "tensor {tag}: size and stride of dimension {d} are not set"
                        )));
                    };
                    last = size
                        .saturating_sub(1)
                        .checked_mul(stride)
                        .and_then(|x| x.checked_add(last))
                        .unwrap_or(u64::MAX);
                }
                if last >= 1 << 31 {
                    return Err(Error::argument(format!(
                        "tensor {tag} spans {last} elements; offsets must stay below 2^31"
                    )));
                }
            }
        }
        let workgroups = launch.workgroups.eval_launch(args)?;
        let workgroups = u64::try_from(workgroups)
            .ok()
            .filter(|&w| w > 0 && w < 1 << 31)
            .ok_or_else(|| Error::argument(format!("{workgroups} workgroups")))?;
        Ok(KernelArguments {
            values,
            workgroups,
            workgroup_size: launch.workgroup_size,
        })
    }

    /// Launch with `args` and wait for it.
    pub fn launch(&self, args: &CommandArguments) -> Result<(), Error> {
        let k = self.kernel_arguments(args)?;
        let grid = k.workgroups * k.workgroup_size as u64;
        let d = self.runtime.launch_and_synchronize(
            &self.graph.name,
            grid,
            k.workgroup_size as u64,
            &k.values,
        );
        if d.is_ok() {
            Ok(())
        } else {
            Err(Error::Runtime(self.runtime.last_error()))
        }
    }
}
