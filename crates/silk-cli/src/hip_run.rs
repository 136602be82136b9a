//! `silk hip-run ./app`: run a HIP application on the emulator, through
//! `silk-hip` standing in for `libamdhip64.so` (docs/hip.md).

use std::path::PathBuf;

#[derive(clap::Args)]
pub struct Args {
    /// Emulated processors (`SILK_HIP_DEVICE`): gfx942, gfx1100, gfx1151,
    /// or a comma list for several devices.
    #[arg(long, value_name = "LIST")]
    device: Option<String>,
    /// The silk-hip library (default: `SILK_HIP_LIBRARY`, else
    /// `libsilk_hip.so` next to `silk`).
    #[arg(long, value_name = "PATH")]
    library: Option<PathBuf>,
    /// The application.
    app: PathBuf,
    /// Its arguments.
    #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
    args: Vec<String>,
}

/// The application's exit status.
pub fn run(args: &Args) -> Result<i32, silk_cli::Error> {
    silk_hip::wrapper::run(
        &args.app,
        &args.args,
        args.library.as_deref(),
        args.device.as_deref(),
    )
    .map_err(silk_cli::Error::HipRun)
}
