use crate::{start, Error};
use cranelift_codegen::ir::{types, AbiParam, Signature};
use cranelift_codegen::isa::{self, CallConv, OwnedTargetIsa};
use cranelift_codegen::settings::{self, Configurable};
use cranelift_codegen::{binemit::Reloc, isa::TargetIsa};
use cranelift_module::{FuncOrDataId, Linkage, Module, ModuleReloc};
use cranelift_object::{ObjectBuilder, ObjectModule};

/// One relocatable x86-64 object under construction. Host code generation
/// declares and defines its functions and data through [`HostObject::module`];
/// [`HostObject::finish`] adds the process entry point and emits the ELF.
pub struct HostObject {
    module: ObjectModule,
}

impl HostObject {
    /// An empty position-independent object for `linux-x86_64`, optimised
    /// for speed.
    pub fn new(name: &str) -> Result<HostObject, Error> {
        let isa = target_isa()?;
        let builder = ObjectBuilder::new(isa, name, cranelift_module::default_libcall_names())
            .map_err(cranelift)?;
        Ok(HostObject {
            module: ObjectModule::new(builder),
        })
    }

    pub fn module(&mut self) -> &mut ObjectModule {
        &mut self.module
    }

    /// The target's ISA, for building function bodies.
    pub fn isa(&self) -> &dyn TargetIsa {
        self.module.isa()
    }

    /// The signature `main` must have: `fn(argc: i32, argv: *const *const u8) -> i32`.
    pub fn main_signature(&self) -> Signature {
        let mut sig = Signature::new(CallConv::SystemV);
        sig.params.push(AbiParam::new(types::I32));
        sig.params.push(AbiParam::new(types::I64));
        sig.returns.push(AbiParam::new(types::I32));
        sig
    }

    /// Adds `_start` (which calls the exported `main`) and emits the object.
    pub fn finish(mut self) -> Result<Vec<u8>, Error> {
        let main = match self.module.get_name("main") {
            Some(FuncOrDataId::Func(id)) => id,
            _ => {
                return Err(Error::Cranelift(
                    "the program defines no function `main`".into(),
                ))
            }
        };
        let entry_sig = Signature::new(CallConv::SystemV);
        let libc_start = self
            .module
            .declare_function("__libc_start_main", Linkage::Import, &entry_sig)
            .map_err(cranelift)?;
        let entry = self
            .module
            .declare_function("_start", Linkage::Export, &entry_sig)
            .map_err(cranelift)?;
        // A 4-byte displacement is relative to the end of the instruction,
        // which is where the displacement ends: hence the addend -4.
        let relocs = [
            ModuleReloc {
                offset: start::MAIN_DISP,
                kind: Reloc::X86PCRel4,
                name: main.into(),
                addend: -4,
            },
            ModuleReloc {
                offset: start::LIBC_START_MAIN_DISP,
                kind: Reloc::X86GOTPCRel4,
                name: libc_start.into(),
                addend: -4,
            },
        ];
        self.module
            .define_function_bytes(entry, 16, &start::CODE, &relocs)
            .map_err(cranelift)?;
        self.module.finish().emit().map_err(cranelift)
    }
}

fn target_isa() -> Result<OwnedTargetIsa, Error> {
    let mut flags = settings::builder();
    for (name, value) in [
        ("opt_level", "speed"),
        ("is_pic", "true"),
        ("preserve_frame_pointers", "true"),
        // Silk functions return structs as several scalars; past the two
        // return registers Cranelift writes them through a hidden pointer
        // (only Silk-to-Silk calls: C functions return one scalar).
        ("enable_multi_ret_implicit_sret", "true"),
        // `i128`/`u128` parameters and results in two registers, as the
        // System V psABI passes `__int128` (Silk functions, libgcc_s).
        ("enable_llvm_abi_extensions", "true"),
    ] {
        flags.set(name, value).map_err(cranelift)?;
    }
    isa::lookup_by_name("x86_64-unknown-linux-gnu")
        .map_err(cranelift)?
        .finish(settings::Flags::new(flags))
        .map_err(cranelift)
}

fn cranelift(e: impl std::fmt::Display) -> Error {
    Error::Cranelift(e.to_string())
}
