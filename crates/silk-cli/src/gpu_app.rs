//! The GPU half of an application build: the Silk GPU bundle of the
//! `--gpu-target` code objects appended to the executable, and the
//! runtime archive the host code's `std/gpu` calls link against.

use crate::error::{Error, Result};
use silk_driver::DeviceObject;
use std::path::{Path, PathBuf};

/// The bundle of one code object per launchable entry.
pub fn bundle(target: &str, objects: &[DeviceObject]) -> Result<Vec<u8>> {
    let _ = (target, objects);
    Err(Error::Message(
        "`--gpu-target` builds need the Silk GPU runtime archive, which this build of silk does not have yet".into(),
    ))
}

pub fn runtime_archive() -> Result<PathBuf> {
    Err(Error::Message(
        "the Silk GPU runtime archive is not available".into(),
    ))
}

pub fn append_bundle(exe: &Path, bundle: &[u8]) -> Result<()> {
    let _ = (exe, bundle);
    Ok(())
}
