//! The GPU half of an application build: the Silk GPU bundle (one code
//! object per launchable entry for the `--gpu-target` processor), appended
//! after the linked ELF image with its `SLKGPEND` footer, and the runtime
//! archive that the `std/gpu` calls of the host code link against.

use crate::error::{Error, Result};
use silk_driver::DeviceObject;
use silk_runtime::{BundleWriter, ProviderKind};
use std::path::{Path, PathBuf};

/// The bundle of one code object per launchable entry.
pub fn bundle(target: &str, objects: &[DeviceObject]) -> Result<Vec<u8>> {
    let processor =
        silk_lang::amdgpu::parse_target(target).map_err(|d| Error::GpuTarget(Box::new(d)))?;
    let bundle_err = Error::WriteGpuBundle;
    let mut w =
        BundleWriter::new(ProviderKind::Hip, processor.processor.name()).map_err(bundle_err)?;
    for o in objects {
        w.add(
            &o.entry.name,
            o.entry.explicit_kernarg_size(),
            o.bytes.clone(),
        )
        .map_err(bundle_err)?;
    }
    w.to_bytes().map_err(bundle_err)
}

/// The Silk GPU runtime archive (`libsilk_rt.a`, embedded in `silk`),
/// written once per user and silk version to the temporary directory.
pub fn runtime_archive() -> Result<PathBuf> {
    let dir = std::env::temp_dir().join(format!(
        "silk-rt-{}-{}",
        env!("CARGO_PKG_VERSION"),
        user_id()
    ));
    Ok(silk_host::write_runtime_archive(&dir)?)
}

/// The real user id (so users do not share the archive's directory).
fn user_id() -> u32 {
    use std::os::unix::fs::MetadataExt;
    std::fs::metadata("/proc/self")
        .map(|m| m.uid())
        .unwrap_or(0)
}

/// Appends `bundle` to the executable at `exe`, padding the image to a
/// multiple of 8 bytes first (the bundle's alignment).
pub fn append_bundle(exe: &Path, bundle: &[u8]) -> Result<()> {
    let write_err = |source| Error::Write {
        path: exe.display().to_string(),
        source,
    };
    let mut image = std::fs::read(exe).map_err(|source| Error::Read {
        path: exe.display().to_string(),
        source,
    })?;
    image.resize(image.len().next_multiple_of(8), 0);
    image.extend_from_slice(bundle);
    std::fs::write(exe, &image).map_err(write_err)
}
