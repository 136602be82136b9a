//! `silk-emu`: a functional emulator for AMDGPU code objects on the CPU
//! (gfx942 wave64, gfx1100/gfx1151 wave32 and wave64).
//!
//! It loads a code object through `silk_amdgpu::code_object`, sets up a
//! dispatch the way the hardware and HSA runtime do (see [`launch`]), and
//! executes every wave instruction by instruction from the ISA table's
//! decoder, with a semantic function per opcode ([`sem`]). In strict mode
//! (the default) a load's registers are written only when the matching
//! `s_waitcnt` allows, and every read of an outstanding or never-written
//! register, every out-of-bounds or unaligned atomic access (plain loads
//! and stores may be unaligned, as in the hardware's unaligned mode that
//! the HSA runtime sets; [`exec::Exec::check_align`]), every register
//! beyond what the descriptor declares and every documented hazard the code
//! does not cover with wait states ([`hazard`]) is a [`Fault`] naming pc,
//! wave and lane. Workgroups may run on several threads
//! ([`Options::threads`]).
//!
//! ```no_run
//! # use silk_emu::{Emulator, Arg};
//! # use silk_amdgpu::target::Processor;
//! # fn main() -> Result<(), silk_emu::Error> {
//! let object = std::fs::read("vector_add-gfx942.hsaco").unwrap();
//! let mut emu = Emulator::new(Processor::Gfx942);
//! let out = emu.alloc_bytes(&[0u8; 1024])?;
//! let inp = emu.alloc_bytes(&[0u8; 1024])?;
//! let stats = emu.launch(&object, "vector_add", [256, 1, 1], [256, 1, 1],
//!     &[Arg::Buffer(out), Arg::Buffer(inp), Arg::I32(256)])?;
//! println!("{} VALU instructions", stats.valu);
//! # Ok(()) }
//! ```

pub mod buffer;
pub mod device_memory;
pub mod error;
pub mod exec;
pub mod hazard;
pub mod kernarg;
pub mod matrix;
pub mod mem_inst;
pub mod sem;
pub mod timing;
pub mod wave;

mod fallback;
mod image;
mod launch;

pub use device_memory::{Buffer, Memory};
pub use error::{Error, Fault, FaultKind, Result};
pub use kernarg::KernargLayout;
pub use launch::Resident;

use silk_amdgpu::target::Processor;

/// A kernel argument, packed at its metadata `.args` offset.
#[derive(Clone, Debug, PartialEq)]
pub enum Arg {
    U32(u32),
    I32(i32),
    U64(u64),
    I64(i64),
    F32(f32),
    F64(f64),
    /// A device buffer: its address is passed.
    Buffer(Buffer),
    /// Raw bytes (structs passed by value); must match the argument size.
    Bytes(Vec<u8>),
}

/// Per-class instruction counts of a launch (classes from the ISA table's
/// flags).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    pub instructions: u64,
    pub salu: u64,
    pub valu: u64,
    pub smem: u64,
    pub vmem: u64,
    pub lds: u64,
    pub branch: u64,
    pub mfma: u64,
    pub other: u64,
    /// VALU lane operations (active lanes summed over VALU instructions).
    pub lane_ops: u64,
    pub waves: u64,
    pub workgroups: u64,
    /// The timing estimate, when [`Options::timing`] is on.
    pub timing: Option<timing::Timing>,
}

/// Launch options.
#[derive(Clone, Debug)]
pub struct Options {
    /// Strict memory mode (see the crate docs). Default on.
    pub strict: bool,
    /// Maximum instructions one wave may execute before a timeout fault.
    pub max_instructions_per_wave: u64,
    /// Dynamic LDS bytes added to the kernel's static group segment.
    pub dynamic_lds: u32,
    /// Private bytes per lane when the kernel uses a dynamic stack.
    pub dynamic_stack: u32,
    /// In strict mode, check the documented hazards ([`hazard`]). Default on.
    pub hazards: bool,
    /// Hazard rules not to check (each a documented [`hazard::Rule`]).
    pub hazards_off: Vec<hazard::Rule>,
    /// Threads that run workgroups in parallel (default 1). Results are
    /// those of one thread except where atomics make the order visible.
    pub threads: usize,
    /// Estimate the dispatch's cycles while it runs ([`timing`]).
    pub timing: bool,
    /// Run only every n-th workgroup (0 and 1: all). With `timing`, the
    /// estimate scales the sampled workgroups' mean time and bytes to the
    /// whole grid (`docs/timing.md`); the skipped workgroups' results are
    /// not computed.
    pub sample_workgroups: u64,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            strict: true,
            max_instructions_per_wave: 50_000_000,
            dynamic_lds: 0,
            dynamic_stack: 16 * 1024,
            hazards: true,
            hazards_off: Vec::new(),
            threads: 1,
            timing: false,
            sample_workgroups: 0,
        }
    }
}

/// The emulator: device memory plus the processor it emulates. Device
/// memory is bounded by [`Memory::limit`] (4 GiB unless
/// [`Memory::set_limit`] changes it): every declared size (a buffer, a
/// code image, a kernarg segment, scratch) is checked against what is
/// left before anything is allocated, and allocations commit pages only
/// as a kernel touches them.
pub struct Emulator {
    pub processor: Processor,
    pub memory: Memory,
    pub options: Options,
    sem: sem::SemTable,
}

impl Emulator {
    pub fn new(processor: Processor) -> Emulator {
        Emulator {
            processor,
            memory: Memory::new(),
            options: Options::default(),
            sem: sem::SemTable::new(processor),
        }
    }

    /// Allocate `size` zeroed bytes of device memory.
    pub fn alloc(&mut self, size: u64) -> Result<Buffer> {
        self.memory.alloc(size)
    }

    /// Allocate device memory holding a copy of `bytes`.
    pub fn alloc_bytes(&mut self, bytes: &[u8]) -> Result<Buffer> {
        self.memory.alloc_bytes(bytes)
    }

    /// Free a buffer from [`Emulator::alloc`]: later accesses to it fault.
    pub fn free(&mut self, buffer: Buffer) -> Result<()> {
        self.memory.contents(buffer)?;
        self.memory.release(buffer);
        Ok(())
    }

    /// The current contents of a buffer.
    pub fn read(&self, buffer: Buffer) -> Result<Vec<u8>> {
        self.memory.contents(buffer).map(|b| b.to_vec())
    }

    /// Overwrite a buffer from its start.
    pub fn write(&mut self, buffer: Buffer, bytes: &[u8]) -> Result<()> {
        self.memory.fill(buffer, bytes)
    }

    /// Mnemonics the emulator can execute on its processor.
    pub fn supported_instructions(&self) -> Vec<&'static str> {
        self.sem.supported(self.processor)
    }

    /// Run `kernel` of `code_object` over `grid` work-items (the AQL
    /// convention) in workgroups of `block`, with `args` packed at the
    /// metadata `.args` offsets.
    pub fn launch(
        &mut self,
        code_object: &[u8],
        kernel: &str,
        grid: [u32; 3],
        block: [u32; 3],
        args: &[Arg],
    ) -> Result<Stats> {
        launch::launch(self, code_object, kernel, grid, block, args, None)
    }

    /// Map `code_object`'s image once, writable, so that its global
    /// variables persist across launches ([`Resident`]).
    pub fn load_resident(&mut self, code_object: &[u8]) -> Result<Resident> {
        launch::load_resident(self, code_object)
    }

    /// Release an image from [`Emulator::load_resident`].
    pub fn unload_resident(&mut self, image: Resident) {
        self.memory.release(Buffer {
            addr: image.base,
            size: image.size,
        });
    }

    /// [`Emulator::launch`] running the code of a resident image, so the
    /// kernel sees (and changes) the image's globals.
    pub fn launch_resident(
        &mut self,
        image: &Resident,
        code_object: &[u8],
        kernel: &str,
        grid: [u32; 3],
        block: [u32; 3],
        args: &[Arg],
    ) -> Result<Stats> {
        launch::launch(self, code_object, kernel, grid, block, args, Some(image))
    }
}
