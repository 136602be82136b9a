//! Building small `main` programs with silk-host's Cranelift object API and
//! linking them, shared by the tests and the link benchmark.
#![allow(dead_code)]

use cranelift_codegen::ir::{
    types, AbiParam, InstBuilder, MemFlagsData, Signature, StackSlotData, StackSlotKind, Type,
    Value,
};
use cranelift_codegen::isa::CallConv;
use cranelift_codegen::Context;
use cranelift_frontend::{FunctionBuilder, FunctionBuilderContext};
use cranelift_module::{DataDescription, FuncId, Linkage, Module};
use cranelift_object::ObjectModule;
use silk_host::{link_executable, HostObject, LinkInputs, SystemLibraries};
use std::collections::HashMap;
use std::path::{Path, PathBuf};

pub const I32: Type = types::I32;
pub const I64: Type = types::I64;

/// The body of `main` under construction: the builder, `argc` and `argv`,
/// and helpers that declare what they use on first use.
pub struct Main<'a> {
    pub b: FunctionBuilder<'a>,
    module: &'a mut ObjectModule,
    imports: HashMap<String, FuncId>,
    data: usize,
    pub argc: Value,
    pub argv: Value,
}

impl Main<'_> {
    /// Calls the imported C function `name` (declared on first use).
    pub fn call(
        &mut self,
        name: &str,
        params: &[Type],
        returns: &[Type],
        args: &[Value],
    ) -> Vec<Value> {
        let id = match self.imports.get(name) {
            Some(&id) => id,
            None => {
                let mut sig = Signature::new(CallConv::SystemV);
                sig.params.extend(params.iter().map(|&t| AbiParam::new(t)));
                sig.returns
                    .extend(returns.iter().map(|&t| AbiParam::new(t)));
                let id = self
                    .module
                    .declare_function(name, Linkage::Import, &sig)
                    .unwrap();
                self.imports.insert(name.to_string(), id);
                id
            }
        };
        let callee = self.module.declare_func_in_func(id, self.b.func);
        let call = self.b.ins().call(callee, args);
        self.b.inst_results(call).to_vec()
    }

    /// The address of read-only `bytes` in the object.
    pub fn data(&mut self, bytes: &[u8]) -> Value {
        self.data += 1;
        let id = self
            .module
            .declare_data(&format!("data{}", self.data), Linkage::Local, false, false)
            .unwrap();
        let mut d = DataDescription::new();
        d.define(bytes.to_vec().into_boxed_slice());
        self.module.define_data(id, &d).unwrap();
        let gv = self.module.declare_data_in_func(id, self.b.func);
        self.b.ins().symbol_value(I64, gv)
    }

    /// The address of `bytes` bytes of 8-aligned stack.
    pub fn stack(&mut self, bytes: u32) -> Value {
        let slot = self.b.create_sized_stack_slot(StackSlotData::new(
            StackSlotKind::ExplicitSlot,
            bytes,
            3,
        ));
        self.b.ins().stack_addr(I64, slot, 0)
    }

    pub fn load(&mut self, ty: Type, addr: Value, offset: i32) -> Value {
        self.b.ins().load(ty, MemFlagsData::trusted(), addr, offset)
    }

    pub fn store(&mut self, value: Value, addr: Value, offset: i32) {
        self.b
            .ins()
            .store(MemFlagsData::trusted(), value, addr, offset);
    }

    pub fn iconst(&mut self, ty: Type, v: i64) -> Value {
        self.b.ins().iconst(ty, v)
    }

    /// `if value != expected { return status }`.
    pub fn return_unless(&mut self, value: Value, expected: i64, status: i32) {
        let cond = self.b.ins().icmp_imm_s(
            cranelift_codegen::ir::condcodes::IntCC::NotEqual,
            value,
            expected,
        );
        self.return_if(cond, status);
    }

    /// `if cond { return status }`.
    pub fn return_if(&mut self, cond: Value, status: i32) {
        self.bail_if(cond, status, |_| {});
    }

    /// `if cond { on_bail(); return status }`.
    pub fn bail_if(&mut self, cond: Value, status: i32, on_bail: impl FnOnce(&mut Self)) {
        let bail = self.b.create_block();
        let next = self.b.create_block();
        self.b.ins().brif(cond, bail, &[], next, &[]);
        self.b.switch_to_block(bail);
        self.b.seal_block(bail);
        on_bail(self);
        let s = self.b.ins().iconst(I32, i64::from(status));
        self.b.ins().return_(&[s]);
        self.b.switch_to_block(next);
        self.b.seal_block(next);
    }

    /// Writes `len` bytes at `ptr` to file descriptor `fd` with libc `write`.
    pub fn write(&mut self, fd: i64, ptr: Value, len: Value) {
        let fd = self.iconst(I32, fd);
        self.call("write", &[I32, I64, I64], &[I64], &[fd, ptr, len]);
    }
}

/// A relocatable object whose `main` is built by `body`, which returns the
/// exit status (an `i32` value).
pub fn main_object(name: &str, body: impl FnOnce(&mut Main) -> Value) -> Vec<u8> {
    let mut obj = HostObject::new(name).unwrap();
    let sig = obj.main_signature();
    let module = obj.module();
    let main = module
        .declare_function("main", Linkage::Export, &sig)
        .unwrap();
    let frontend = module.isa().frontend_config();
    let mut ctx = Context::new();
    ctx.func.signature = sig;
    let mut fctx = FunctionBuilderContext::new();
    {
        let mut b = FunctionBuilder::new(&mut ctx.func, &mut fctx);
        let entry = b.create_block();
        b.append_block_params_for_function_params(entry);
        b.switch_to_block(entry);
        b.seal_block(entry);
        let (argc, argv) = (b.block_params(entry)[0], b.block_params(entry)[1]);
        let mut m = Main {
            b,
            module: &mut *module,
            imports: HashMap::new(),
            data: 0,
            argc,
            argv,
        };
        let status = body(&mut m);
        m.b.ins().return_(&[status]);
        m.b.finalize(frontend);
    }
    module.define_function(main, &mut ctx).unwrap();
    obj.finish().unwrap()
}

/// A fresh scratch directory for this test binary.
pub fn scratch_dir(base: &Path) -> PathBuf {
    let dir = base.join("silk-host");
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Writes `object` as `dir/name.o` and links it (with `archives`) into
/// `dir/name`; the executable's path.
pub fn link(dir: &Path, name: &str, object: &[u8], archives: &[PathBuf]) -> PathBuf {
    let o = dir.join(format!("{name}.o"));
    std::fs::write(&o, object).unwrap();
    let exe = dir.join(name);
    let inputs = LinkInputs {
        objects: vec![o],
        archives: archives.to_vec(),
    };
    link_executable(&inputs, &SystemLibraries::find().unwrap(), &exe).unwrap();
    exe
}
