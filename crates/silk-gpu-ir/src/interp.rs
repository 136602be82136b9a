//! The reference interpreter: runs a kernel over a grid on host buffers.
//!
//! Each work-item is a resumable state machine (a stack of call frames,
//! each a stack of region cursors). A workgroup runs in phases: every live
//! work-item runs until it reaches a `barrier` or returns; when all have
//! stopped, the interpreter checks that they all wait at the same barrier
//! (or have all returned) and starts the next phase. Within a phase
//! work-items run one after another in linear id order, so atomics are
//! trivially atomic and LDS/global writes before a barrier are visible to
//! every work-item after it.
//!
//! Global memory is a set of host buffers; buffer `i` lives at address
//! `(i + 1) << 32`, so out-of-bounds offsets never land in another buffer
//! and are reported with the work-item that made them. LDS is a zeroed
//! byte array per workgroup laid out from the kernel's `lds.alloc`s.

use std::collections::HashMap;
use std::fmt;

use crate::eval;
use crate::ir::{
    AtomicOp, BinOp, Block, Function, FunctionKind, Geometry, Inst, Module, Op, Value,
};
use crate::types::{AddrSpace, Type};
use crate::verify::verify_module;

/// The most LDS a workgroup may allocate (64 KiB on every supported target).
pub const MAX_LDS_BYTES: u32 = 65536;
/// The most work-items in one workgroup.
pub const MAX_WORKGROUP_SIZE: u32 = 1024;

/// Dispatch geometry, HSA style: `grid` counts work-items per dimension
/// (the last workgroup of a dimension may be partial), `block` is the
/// workgroup size.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Launch {
    pub grid: [u32; 3],
    pub block: [u32; 3],
}

impl Launch {
    /// A one-dimensional launch of `grid` work-items in workgroups of `block`.
    pub fn linear(grid: u32, block: u32) -> Launch {
        Launch {
            grid: [grid, 1, 1],
            block: [block, 1, 1],
        }
    }

    /// Number of workgroups per dimension.
    pub fn workgroups(&self) -> [u32; 3] {
        std::array::from_fn(|d| self.grid[d].div_ceil(self.block[d].max(1)))
    }
}

/// A kernel argument.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Arg {
    I32(i32),
    U32(u32),
    I64(i64),
    U64(u64),
    /// Raw IEEE binary16 bits.
    F16(u16),
    F32(f32),
    F64(f64),
    /// A raw global address.
    Ptr(u64),
    /// The base address of buffer `i` of the [`Memory`].
    Buffer(usize),
}

/// Host buffers standing in for device global memory.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Memory {
    buffers: Vec<Vec<u8>>,
}

impl Memory {
    pub fn new() -> Memory {
        Memory::default()
    }

    /// Add a buffer with these contents; returns its index.
    pub fn alloc(&mut self, bytes: Vec<u8>) -> Result<usize, ExecError> {
        if bytes.len() as u64 >= 1u64 << 32 {
            return Err(ExecError::launch(format!(
                "buffer of {} bytes is too large (at most 4 GiB - 1)",
                bytes.len()
            )));
        }
        if self.buffers.len() >= (u32::MAX - 1) as usize {
            return Err(ExecError::launch("too many buffers".into()));
        }
        self.buffers.push(bytes);
        Ok(self.buffers.len() - 1)
    }

    /// The device address of buffer `i`.
    pub fn address(&self, i: usize) -> Option<u64> {
        (i < self.buffers.len()).then(|| (i as u64 + 1) << 32)
    }

    pub fn buffer(&self, i: usize) -> Option<&[u8]> {
        self.buffers.get(i).map(|b| b.as_slice())
    }

    pub fn buffer_mut(&mut self, i: usize) -> Option<&mut Vec<u8>> {
        self.buffers.get_mut(i)
    }

    pub fn buffers(&self) -> &[Vec<u8>] {
        &self.buffers
    }

    fn locate(&mut self, addr: u64, size: u32) -> Result<&mut [u8], String> {
        let idx = (addr >> 32) as usize;
        let off = (addr & 0xffff_ffff) as usize;
        let n = self.buffers.len();
        let Some(buf) = idx.checked_sub(1).and_then(|i| self.buffers.get_mut(i)) else {
            return Err(format!(
                "global address {addr:#x} is not inside any buffer ({n} buffer(s) at 0x100000000, 0x200000000, ...)"
            ));
        };
        let len = buf.len();
        match buf.get_mut(off..off + size as usize) {
            Some(s) => Ok(s),
            None => Err(format!(
                "access of {size} bytes at global address {addr:#x} is out of bounds: offset {off} in buffer {} of {len} bytes",
                idx - 1
            )),
        }
    }
}

/// Options for [`run_kernel_with`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RunOptions {
    /// Maximum number of instructions executed over the whole launch; a
    /// kernel that runs longer is stopped with an error (infinite loops).
    pub step_limit: u64,
}

impl Default for RunOptions {
    fn default() -> Self {
        RunOptions {
            step_limit: 200_000_000,
        }
    }
}

/// What a successful run did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RunStats {
    pub steps: u64,
    pub workgroups: u64,
    pub workitems: u64,
    /// Barrier phases completed, over all workgroups.
    pub barriers: u64,
}

/// Which work-item something happened in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WorkItemPos {
    pub workgroup: [u32; 3],
    pub local: [u32; 3],
}

impl fmt::Display for WorkItemPos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [a, b, c] = self.local;
        let [x, y, z] = self.workgroup;
        write!(f, "work-item ({a},{b},{c}) of workgroup ({x},{y},{z})")
    }
}

/// A run-time error: bad launch, out-of-bounds access, barrier divergence,
/// division by zero, step limit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExecError {
    pub workitem: Option<WorkItemPos>,
    pub function: Option<String>,
    pub message: String,
}

impl ExecError {
    fn launch(message: String) -> ExecError {
        ExecError {
            workitem: None,
            function: None,
            message,
        }
    }
}

impl fmt::Display for ExecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(w) = &self.workitem {
            write!(f, "{w}")?;
            if let Some(func) = &self.function {
                write!(f, " in @{func}")?;
            }
            f.write_str(": ")?;
        } else if let Some(func) = &self.function {
            write!(f, "in @{func}: ")?;
        }
        f.write_str(&self.message)
    }
}

impl std::error::Error for ExecError {}

/// Run `kernel` of `module` with default options.
pub fn run_kernel(
    module: &Module,
    kernel: &str,
    launch: &Launch,
    args: &[Arg],
    mem: &mut Memory,
) -> Result<RunStats, ExecError> {
    run_kernel_with(module, kernel, launch, args, mem, &RunOptions::default())
}

/// Run `kernel` of `module` over `launch` with `args`, reading and writing
/// `mem`. The module is verified first.
pub fn run_kernel_with(
    module: &Module,
    kernel: &str,
    launch: &Launch,
    args: &[Arg],
    mem: &mut Memory,
    opts: &RunOptions,
) -> Result<RunStats, ExecError> {
    verify_module(module)
        .map_err(|e| ExecError::launch(format!("the module does not verify: {e}")))?;
    let Some(k) = module.function(kernel) else {
        let names: Vec<String> = module.kernels().map(|k| format!("@{}", k.name)).collect();
        return Err(ExecError::launch(format!(
            "no kernel @{kernel} in the module (kernels: {})",
            if names.is_empty() {
                "none".into()
            } else {
                names.join(", ")
            }
        )));
    };
    if k.kind != FunctionKind::Kernel {
        return Err(ExecError::launch(format!(
            "@{kernel} is a device function, not a kernel"
        )));
    }
    for d in 0..3 {
        if launch.block[d] == 0 || launch.grid[d] == 0 {
            return Err(ExecError::launch(format!(
                "grid {:?} and workgroup {:?} sizes must be at least 1 in every dimension",
                launch.grid, launch.block
            )));
        }
    }
    let wg: u64 = launch.block.iter().map(|&b| b as u64).product();
    if wg > MAX_WORKGROUP_SIZE as u64 {
        return Err(ExecError::launch(format!(
            "workgroup size {:?} has {wg} work-items; at most {MAX_WORKGROUP_SIZE}",
            launch.block
        )));
    }
    let params = bind_args(k, args, mem)?;
    // Static LDS layout.
    let mut lds_offsets: HashMap<*const Inst, u32> = HashMap::new();
    let mut lds_size: u64 = 0;
    for inst in &k.body.insts {
        if let Op::LdsAlloc { size, align } = inst.op {
            let a = align as u64;
            let off = lds_size.div_ceil(a) * a;
            lds_offsets.insert(inst as *const Inst, off as u32);
            lds_size = off + size as u64;
            if lds_size > MAX_LDS_BYTES as u64 {
                return Err(ExecError {
                    workitem: None,
                    function: Some(k.name.clone()),
                    message: format!(
                        "the kernel allocates more than {MAX_LDS_BYTES} bytes of LDS ({lds_size} so far)"
                    ),
                });
            }
        }
    }
    let mut sh = Shared {
        funcs: module
            .functions
            .iter()
            .map(|f| (f.name.as_str(), f))
            .collect(),
        lds_offsets,
        launch: *launch,
        group: [0; 3],
        steps: 0,
        limit: opts.step_limit,
    };
    let mut stats = RunStats::default();
    let groups = launch.workgroups();
    let mut lds = vec![0u8; lds_size as usize];
    for gz in 0..groups[2] {
        for gy in 0..groups[1] {
            for gx in 0..groups[0] {
                sh.group = [gx, gy, gz];
                lds.iter_mut().for_each(|b| *b = 0);
                run_workgroup(k, &params, &mut sh, mem, &mut lds, &mut stats)?;
                stats.workgroups += 1;
            }
        }
    }
    stats.steps = sh.steps;
    Ok(stats)
}

fn bind_args(k: &Function, args: &[Arg], mem: &Memory) -> Result<Vec<u64>, ExecError> {
    if args.len() != k.params.len() {
        return Err(ExecError::launch(format!(
            "@{} takes {} argument(s), {} given",
            k.name,
            k.params.len(),
            args.len()
        )));
    }
    let mut out = vec![];
    for (i, (&p, a)) in k.params.iter().zip(args).enumerate() {
        let t = k.value_type(p).unwrap_or(Type::Bool);
        let bits = match (t, *a) {
            (Type::I32, Arg::I32(x)) => x as u32 as u64,
            (Type::U32, Arg::U32(x)) => x as u64,
            (Type::I64, Arg::I64(x)) => x as u64,
            (Type::U64, Arg::U64(x)) => x,
            (Type::F16, Arg::F16(x)) => x as u64,
            (Type::F32, Arg::F32(x)) => x.to_bits() as u64,
            (Type::F64, Arg::F64(x)) => x.to_bits(),
            (Type::Ptr(AddrSpace::Global | AddrSpace::Const), Arg::Ptr(x)) => x,
            (Type::Ptr(AddrSpace::Global | AddrSpace::Const), Arg::Buffer(b)) => {
                mem.address(b).ok_or_else(|| {
                    ExecError::launch(format!(
                        "argument {} of @{} names buffer {b}, but memory has {} buffer(s)",
                        i + 1,
                        k.name,
                        mem.buffers.len()
                    ))
                })?
            }
            (t, a) => {
                return Err(ExecError::launch(format!(
                    "argument {} of @{} is {a:?}, but parameter {} has type {t}",
                    i + 1,
                    k.name,
                    crate::print::name(k, p)
                )))
            }
        };
        out.push(bits);
    }
    Ok(out)
}

struct Shared<'m> {
    funcs: HashMap<&'m str, &'m Function>,
    lds_offsets: HashMap<*const Inst, u32>,
    launch: Launch,
    group: [u32; 3],
    steps: u64,
    limit: u64,
}

#[derive(Clone, Copy)]
enum ScopeKind<'m> {
    Body,
    Arm(&'m Inst),
    Loop(&'m Inst),
}

struct Scope<'m> {
    block: &'m Block,
    pc: usize,
    kind: ScopeKind<'m>,
}

struct Frame<'m> {
    func: &'m Function,
    vals: Vec<u64>,
    scopes: Vec<Scope<'m>>,
    /// The call instruction in the caller's frame.
    call: Option<&'m Inst>,
}

struct WorkItem<'m> {
    frames: Vec<Frame<'m>>,
    local: [u32; 3],
    state: State<'m>,
    /// Vector values: a vector's value slot holds the offset of its
    /// 32-bit words here. Vectors are immutable, so `if`/`loop` values
    /// and bitcasts between vectors share the words.
    arena: Vec<u32>,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum State<'m> {
    Running,
    Barrier(*const Inst),
    /// Stopped at a wave matrix operation (the program counter is past
    /// it; the result is written when the whole wave has arrived).
    Matrix(&'m Inst),
    Done,
}

enum Stop<'m> {
    Barrier(*const Inst),
    Matrix(&'m Inst),
    Done,
}

/// The most 32-bit words of vector values one work-item may create.
const MAX_ARENA_WORDS: usize = 1 << 24;

fn new_vec(arena: &mut Vec<u32>, words: &[u32]) -> Result<u64, String> {
    if arena.len() + words.len() > MAX_ARENA_WORDS {
        return Err(format!(
            "the work-item created more than {MAX_ARENA_WORDS} words of vector values"
        ));
    }
    let at = arena.len() as u64;
    arena.extend_from_slice(words);
    Ok(at)
}

fn vec_words(arena: &[u32], handle: u64, t: Type) -> &[u32] {
    let n = t.dwords() as usize;
    let at = handle as usize;
    arena.get(at..at + n).unwrap_or(&[])
}

fn new_frame<'m>(f: &'m Function, args: &[u64], call: Option<&'m Inst>) -> Frame<'m> {
    let mut vals = vec![0u64; f.values.len()];
    for (&p, &a) in f.params.iter().zip(args) {
        if let Some(s) = vals.get_mut(p.index()) {
            *s = a;
        }
    }
    Frame {
        func: f,
        vals,
        scopes: vec![Scope {
            block: &f.body,
            pc: 0,
            kind: ScopeKind::Body,
        }],
        call,
    }
}

fn run_workgroup<'m>(
    k: &'m Function,
    params: &[u64],
    sh: &mut Shared<'m>,
    mem: &mut Memory,
    lds: &mut [u8],
    stats: &mut RunStats,
) -> Result<(), ExecError> {
    let l = sh.launch;
    let mut items = vec![];
    for z in 0..l.block[2] {
        for y in 0..l.block[1] {
            for x in 0..l.block[0] {
                let local = [x, y, z];
                let inside = (0..3).all(|d| {
                    (sh.group[d] as u64) * (l.block[d] as u64) + (local[d] as u64)
                        < l.grid[d] as u64
                });
                if inside {
                    items.push(WorkItem {
                        frames: vec![new_frame(k, params, None)],
                        local,
                        state: State::Running,
                        arena: Vec::new(),
                    });
                }
            }
        }
    }
    stats.workitems += items.len() as u64;
    let fail = |sh: &Shared, wi: &WorkItem, message: String| ExecError {
        workitem: Some(WorkItemPos {
            workgroup: sh.group,
            local: wi.local,
        }),
        function: wi.frames.last().map(|f| f.func.name.clone()),
        message,
    };
    loop {
        for wi in items.iter_mut() {
            if wi.state != State::Running {
                continue;
            }
            match step(wi, sh, mem, lds) {
                Ok(Stop::Done) => wi.state = State::Done,
                Ok(Stop::Barrier(b)) => wi.state = State::Barrier(b),
                Ok(Stop::Matrix(i)) => wi.state = State::Matrix(i),
                Err(message) => return Err(fail(sh, wi, message)),
            }
        }
        if items.iter().any(|w| matches!(w.state, State::Matrix(_))) {
            run_matrix_ops(&mut items, sh)?;
            continue;
        }
        let waiting: Vec<(usize, *const Inst)> = items
            .iter()
            .enumerate()
            .filter_map(|(i, w)| match w.state {
                State::Barrier(b) => Some((i, b)),
                _ => None,
            })
            .collect();
        let Some(&(first, b0)) = waiting.first() else {
            return Ok(());
        };
        let pos = |i: usize| WorkItemPos {
            workgroup: sh.group,
            local: items[i].local,
        };
        if let Some(j) = items.iter().position(|w| w.state == State::Done) {
            return Err(ExecError {
                workitem: Some(pos(first)),
                function: items[first].frames.last().map(|f| f.func.name.clone()),
                message: format!(
                    "waits at a barrier, but work-item ({},{},{}) of the same workgroup has returned; every work-item of a workgroup must reach each barrier",
                    items[j].local[0], items[j].local[1], items[j].local[2]
                ),
            });
        }
        if let Some(&(j, _)) = waiting.iter().find(|&&(_, b)| b != b0) {
            return Err(ExecError {
                workitem: Some(pos(first)),
                function: items[first].frames.last().map(|f| f.func.name.clone()),
                message: format!(
                    "waits at a different barrier than work-item ({},{},{}) of the same workgroup (barrier in divergent control flow)",
                    items[j].local[0], items[j].local[1], items[j].local[2]
                ),
            });
        }
        for w in items.iter_mut() {
            w.state = State::Running;
        }
        stats.barriers += 1;
    }
}

/// Execute the matrix operations the work-items stopped at, one wave at a
/// time: lane `l` of a wave is the work-item with linear local id
/// `wave * size + l` (x fastest, as the hardware places work-items), and
/// every lane of the wave must have stopped at the same operation.
fn run_matrix_ops(items: &mut [WorkItem<'_>], sh: &Shared<'_>) -> Result<(), ExecError> {
    let b = sh.launch.block;
    let linear = |w: &WorkItem| (w.local[0] + b[0] * (w.local[1] + b[1] * w.local[2])) as usize;
    let fail = |w: &WorkItem, message: String| ExecError {
        workitem: Some(WorkItemPos {
            workgroup: sh.group,
            local: w.local,
        }),
        function: w.frames.last().map(|f| f.func.name.clone()),
        message,
    };
    let Some(first) = items
        .iter()
        .position(|w| matches!(w.state, State::Matrix(_)))
    else {
        return Ok(());
    };
    let State::Matrix(inst) = items[first].state else {
        return Ok(());
    };
    let Op::Matrix { op, a, b: bv, c } = inst.op else {
        return Err(fail(
            &items[first],
            "internal: not a matrix operation".into(),
        ));
    };
    let ws = op.wave_size() as usize;
    let wave = linear(&items[first]) / ws;
    // The work-items of this wave, by lane.
    let mut lanes: Vec<Option<usize>> = vec![None; ws];
    for (i, w) in items.iter().enumerate() {
        let l = linear(w);
        if l / ws == wave {
            lanes[l % ws] = Some(i);
        }
    }
    for (lane, slot) in lanes.iter().enumerate() {
        let Some(i) = *slot else {
            return Err(fail(
                &items[first],
                format!(
                    "`{}` is a wave{ws} operation, but lane {lane} of wave {wave} has no work-item (the workgroup or grid is not a whole number of waves)",
                    op.keyword()
                ),
            ));
        };
        if items[i].state != State::Matrix(inst) {
            return Err(fail(
                &items[i],
                format!(
                    "does not execute `{}` with the rest of its wave (every lane of a wave must run a matrix operation together, outside lane-divergent control flow)",
                    op.keyword()
                ),
            ));
        }
    }
    let lanes: Vec<usize> = lanes.into_iter().flatten().collect();
    let gather = |items: &[WorkItem], v: Value| -> Vec<u32> {
        let t = items[lanes[0]]
            .frames
            .last()
            .map(|fr| ty(fr.func, v))
            .unwrap_or(Type::Bool);
        let mut words = vec![0u32; t.dwords() as usize * ws];
        for (l, &i) in lanes.iter().enumerate() {
            let Some(fr) = items[i].frames.last() else {
                continue;
            };
            let x = rd(&fr.vals, v);
            if t.is_vec() {
                for (r, &w) in vec_words(&items[i].arena, x, t).iter().enumerate() {
                    words[r * ws + l] = w;
                }
            } else {
                words[l] = x as u32;
            }
        }
        words
    };
    let (wa, wb, wc) = (gather(items, a), gather(items, bv), gather(items, c));
    let d = crate::matrix::execute(op, &wa, &wb, &wc);
    let n = op.acc_type().dwords() as usize;
    for (l, &i) in lanes.iter().enumerate() {
        let words: Vec<u32> = (0..n).map(|r| d[r * ws + l]).collect();
        let w = &mut items[i];
        let h = new_vec(&mut w.arena, &words).map_err(|m| fail(w, m))?;
        if let (Some(fr), Some(&res)) = (w.frames.last_mut(), inst.results.first()) {
            wr(&mut fr.vals, res, h);
        }
        w.state = State::Running;
    }
    Ok(())
}

fn elem_bits(t: Type) -> usize {
    match t {
        Type::Vec(e, _) => e.bits() as usize,
        _ => 32,
    }
}

fn rd(vals: &[u64], v: Value) -> u64 {
    vals.get(v.index()).copied().unwrap_or(0)
}

fn wr(vals: &mut [u64], v: Value, x: u64) {
    if let Some(s) = vals.get_mut(v.index()) {
        *s = x;
    }
}

fn ty(f: &Function, v: Value) -> Type {
    f.value_type(v).unwrap_or(Type::Bool)
}

fn access<'a>(
    space: AddrSpace,
    addr: u64,
    size: u32,
    align: u32,
    mem: &'a mut Memory,
    lds: &'a mut [u8],
) -> Result<&'a mut [u8], String> {
    if align > 1 && addr % align as u64 != 0 {
        return Err(format!(
            "address {addr:#x} ({} space) is not aligned to the declared alignment {align}",
            space.keyword()
        ));
    }
    match space {
        AddrSpace::Lds => {
            let off = addr as usize;
            let len = lds.len();
            lds.get_mut(off..off + size as usize).ok_or_else(|| {
                format!("access of {size} bytes at LDS address {addr:#x} is out of bounds (the kernel has {len} bytes of LDS)")
            })
        }
        _ => mem.locate(addr, size),
    }
}

fn read_le(b: &[u8]) -> u64 {
    b.iter().rev().fold(0u64, |acc, &x| (acc << 8) | x as u64)
}

fn write_le(b: &mut [u8], x: u64) {
    for (i, byte) in b.iter_mut().enumerate() {
        *byte = (x >> (8 * i)) as u8;
    }
}

fn space_of(t: Type) -> AddrSpace {
    match t {
        Type::Ptr(a) => a,
        _ => AddrSpace::Global,
    }
}

/// Run one work-item until it reaches a barrier or a matrix operation, or
/// returns.
fn step<'m>(
    wi: &mut WorkItem<'m>,
    sh: &mut Shared<'m>,
    mem: &mut Memory,
    lds: &mut [u8],
) -> Result<Stop<'m>, String> {
    loop {
        sh.steps += 1;
        if sh.steps > sh.limit {
            return Err(format!(
                "step limit of {} instructions exceeded (an infinite loop?)",
                sh.limit
            ));
        }
        let depth = wi.frames.len();
        let Some(frame) = wi.frames.last_mut() else {
            return Ok(Stop::Done);
        };
        let func: &'m Function = frame.func;
        let Some(scope) = frame.scopes.last_mut() else {
            return Err("internal: empty region stack".into());
        };
        let block: &'m Block = scope.block;
        let Some(inst) = block.insts.get(scope.pc) else {
            return Err("reached the end of a block without a terminator".into());
        };
        scope.pc += 1;
        let vals = &mut frame.vals;
        let arena = &mut wi.arena;
        let res = inst.results.first().copied().unwrap_or(Value(u32::MAX));
        match &inst.op {
            Op::Const { ty: t, .. } if t.is_vec() => {
                let h = new_vec(arena, &vec![0; t.dwords() as usize])?;
                wr(vals, res, h);
            }
            Op::Const { bits, .. } => wr(vals, res, *bits),
            Op::VecBuild { elems, ty: t } => {
                let mut words = vec![0u32; t.dwords() as usize];
                let Type::Vec(e, _) = *t else {
                    return Err("internal: `vec` of a scalar type".into());
                };
                let w = e.bits() as usize;
                for (i, &v) in elems.iter().enumerate() {
                    let x = rd(vals, v) as u32 & (u32::MAX >> (32 - w));
                    words[i * w / 32] |= x << (i * w % 32);
                }
                let h = new_vec(arena, &words)?;
                wr(vals, res, h);
            }
            Op::Extract { vec, index } => {
                let t = ty(func, *vec);
                let (w, i) = (elem_bits(t), *index as usize);
                let words = vec_words(arena, rd(vals, *vec), t);
                let x = words.get(i * w / 32).copied().unwrap_or(0) >> (i * w % 32);
                wr(vals, res, (x & (u32::MAX >> (32 - w))) as u64);
            }
            Op::Insert { vec, value, index } => {
                let t = ty(func, *vec);
                let (w, i) = (elem_bits(t), *index as usize);
                let mut words = vec_words(arena, rd(vals, *vec), t).to_vec();
                let m = (u32::MAX >> (32 - w)) << (i * w % 32);
                let x = (rd(vals, *value) as u32) << (i * w % 32);
                if let Some(d) = words.get_mut(i * w / 32) {
                    *d = (*d & !m) | (x & m);
                }
                let h = new_vec(arena, &words)?;
                wr(vals, res, h);
            }
            Op::Matrix { .. } => return Ok(Stop::Matrix(inst)),
            Op::Unary { op, arg } => {
                let x = eval::unary(*op, ty(func, *arg), rd(vals, *arg));
                wr(vals, res, x);
            }
            Op::Binary { op, lhs, rhs } => {
                let t = ty(func, *lhs);
                let x = eval::binary(*op, t, rd(vals, *lhs), rd(vals, *rhs))
                    .map_err(|_| format!("integer division by zero (`{}` on {t})", op.keyword()))?;
                wr(vals, res, x);
            }
            Op::Fma { a, b, c } => {
                let x = eval::fma(ty(func, *a), rd(vals, *a), rd(vals, *b), rd(vals, *c));
                wr(vals, res, x);
            }
            Op::Cmp { pred, lhs, rhs } => {
                let x = eval::compare(*pred, ty(func, *lhs), rd(vals, *lhs), rd(vals, *rhs));
                wr(vals, res, x as u64);
            }
            Op::Select {
                cond,
                if_true,
                if_false,
            } => {
                let x = if rd(vals, *cond) != 0 {
                    rd(vals, *if_true)
                } else {
                    rd(vals, *if_false)
                };
                wr(vals, res, x);
            }
            Op::Cvt { arg, to } => {
                let x = eval::convert(ty(func, *arg), *to, rd(vals, *arg));
                wr(vals, res, x);
            }
            Op::Bitcast { arg, to } => {
                let from = ty(func, *arg);
                let x = rd(vals, *arg);
                let x = match (from.is_vec(), to.is_vec()) {
                    (true, true) => x,
                    (false, true) => {
                        new_vec(arena, &[x as u32, (x >> 32) as u32][..to.dwords() as usize])?
                    }
                    (true, false) => {
                        let w = vec_words(arena, x, from);
                        w.iter().rev().fold(0u64, |acc, &d| acc << 32 | d as u64)
                    }
                    (false, false) => eval::mask(*to, x),
                };
                wr(vals, res, x);
            }
            Op::PtrAdd { ptr, offset } => {
                let pt = ty(func, *ptr);
                let off = eval::to_i128(ty(func, *offset), rd(vals, *offset)) as u64;
                let x = eval::mask(pt, rd(vals, *ptr).wrapping_add(off));
                wr(vals, res, x);
            }
            Op::Load { ptr, ty: t, align } => {
                let size = t.store_bytes().unwrap_or(1);
                let b = access(
                    space_of(ty(func, *ptr)),
                    rd(vals, *ptr),
                    size,
                    *align,
                    mem,
                    lds,
                )?;
                let x = if t.is_vec() {
                    let words: Vec<u32> = b
                        .chunks_exact(4)
                        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
                        .collect();
                    new_vec(arena, &words)?
                } else {
                    read_le(b)
                };
                wr(vals, res, x);
            }
            Op::Store { ptr, value, align } => {
                let t = ty(func, *value);
                let size = t.store_bytes().unwrap_or(1);
                let x = rd(vals, *value);
                let b = access(
                    space_of(ty(func, *ptr)),
                    rd(vals, *ptr),
                    size,
                    *align,
                    mem,
                    lds,
                )?;
                if t.is_vec() {
                    for (dst, w) in b.chunks_exact_mut(4).zip(vec_words(arena, x, t)) {
                        dst.copy_from_slice(&w.to_le_bytes());
                    }
                } else {
                    write_le(b, x);
                }
            }
            Op::Atomic { op, ptr, value } => {
                let t = ty(func, *value);
                let size = t.store_bytes().unwrap_or(4);
                let v = rd(vals, *value);
                let b = access(
                    space_of(ty(func, *ptr)),
                    rd(vals, *ptr),
                    size,
                    size,
                    mem,
                    lds,
                )?;
                let old = read_le(b);
                let bin = |o: BinOp| eval::binary(o, t, old, v).unwrap_or(old);
                let new = match op {
                    AtomicOp::Add => bin(BinOp::Add),
                    AtomicOp::Sub => bin(BinOp::Sub),
                    AtomicOp::Min => bin(BinOp::Min),
                    AtomicOp::Max => bin(BinOp::Max),
                    AtomicOp::And => bin(BinOp::And),
                    AtomicOp::Or => bin(BinOp::Or),
                    AtomicOp::Xor => bin(BinOp::Xor),
                    AtomicOp::Xchg => v,
                };
                write_le(b, new);
                wr(vals, res, old);
            }
            Op::CmpXchg { ptr, expected, new } => {
                let t = ty(func, *expected);
                let size = t.store_bytes().unwrap_or(4);
                let (e, n) = (rd(vals, *expected), rd(vals, *new));
                let b = access(
                    space_of(ty(func, *ptr)),
                    rd(vals, *ptr),
                    size,
                    size,
                    mem,
                    lds,
                )?;
                let old = read_le(b);
                if old == e {
                    write_le(b, n);
                }
                wr(vals, res, old);
            }
            Op::Barrier => return Ok(Stop::Barrier(inst as *const Inst)),
            Op::Geometry { query, dim } => {
                let d = dim.index();
                let x = match query {
                    Geometry::WorkItemId => wi.local[d],
                    Geometry::WorkGroupId => sh.group[d],
                    Geometry::WorkGroupSize => sh.launch.block[d],
                    Geometry::GridSize => sh.launch.grid[d],
                };
                wr(vals, res, x as u64);
            }
            Op::LdsAlloc { .. } => {
                let Some(&off) = sh.lds_offsets.get(&(inst as *const Inst)) else {
                    return Err("`lds.alloc` outside the kernel's top level".into());
                };
                wr(vals, res, off as u64);
            }
            Op::Amdgpu(op) => {
                return Err(format!(
                    "`amdgpu {}` names physical registers; the interpreter has none",
                    op.name()
                ));
            }
            Op::Call { callee, args } => {
                let Some(&g) = sh.funcs.get(callee.as_str()) else {
                    return Err(format!("call to undefined function @{callee}"));
                };
                if depth > 4096 {
                    return Err("call depth exceeds 4096".into());
                }
                let a: Vec<u64> = args.iter().map(|&v| rd(vals, v)).collect();
                wi.frames.push(new_frame(g, &a, Some(inst)));
            }
            Op::If {
                cond,
                then_blk,
                else_blk,
            } => {
                let b = if rd(vals, *cond) != 0 {
                    then_blk
                } else {
                    else_blk
                };
                frame.scopes.push(Scope {
                    block: b,
                    pc: 0,
                    kind: ScopeKind::Arm(inst),
                });
            }
            Op::Loop {
                inits,
                params,
                body,
            } => {
                let init: Vec<u64> = inits.iter().map(|&v| rd(vals, v)).collect();
                for (&p, x) in params.iter().zip(init) {
                    wr(vals, p, x);
                }
                frame.scopes.push(Scope {
                    block: body,
                    pc: 0,
                    kind: ScopeKind::Loop(inst),
                });
            }
            Op::Yield(vs) => {
                let xs: Vec<u64> = vs.iter().map(|&v| rd(vals, v)).collect();
                match frame.scopes.pop().map(|s| s.kind) {
                    Some(ScopeKind::Arm(i)) => {
                        for (&r, x) in i.results.iter().zip(xs) {
                            wr(&mut frame.vals, r, x);
                        }
                    }
                    _ => return Err("`yield` outside an `if` arm".into()),
                }
            }
            Op::Break(vs) => {
                let xs: Vec<u64> = vs.iter().map(|&v| rd(vals, v)).collect();
                loop {
                    match frame.scopes.pop().map(|s| s.kind) {
                        Some(ScopeKind::Loop(i)) => {
                            for (&r, x) in i.results.iter().zip(xs) {
                                wr(&mut frame.vals, r, x);
                            }
                            break;
                        }
                        Some(_) => {}
                        None => return Err("`break` outside a loop".into()),
                    }
                }
            }
            Op::Continue(vs) => {
                let xs: Vec<u64> = vs.iter().map(|&v| rd(vals, v)).collect();
                loop {
                    let Some(top) = frame.scopes.last_mut() else {
                        return Err("`continue` outside a loop".into());
                    };
                    if let ScopeKind::Loop(i) = top.kind {
                        top.pc = 0;
                        if let Op::Loop { params, .. } = &i.op {
                            for (&p, x) in params.iter().zip(xs) {
                                wr(&mut frame.vals, p, x);
                            }
                        }
                        break;
                    }
                    frame.scopes.pop();
                }
            }
            Op::Return(vs) => {
                let xs: Vec<u64> = vs.iter().map(|&v| rd(vals, v)).collect();
                let call = frame.call;
                wi.frames.pop();
                match (call, wi.frames.last_mut()) {
                    (Some(ci), Some(caller)) => {
                        for (&r, x) in ci.results.iter().zip(xs) {
                            wr(&mut caller.vals, r, x);
                        }
                    }
                    _ => return Ok(Stop::Done),
                }
            }
        }
    }
}

/// Little-endian element types for building and reading buffers.
pub trait Element: Copy {
    const SIZE: usize;
    fn put(self, out: &mut Vec<u8>);
    fn get(b: &[u8]) -> Self;
}

macro_rules! element {
    ($($t:ty),*) => {$(
        impl Element for $t {
            const SIZE: usize = std::mem::size_of::<$t>();
            fn put(self, out: &mut Vec<u8>) {
                out.extend_from_slice(&self.to_le_bytes());
            }
            fn get(b: &[u8]) -> Self {
                let mut a = [0u8; std::mem::size_of::<$t>()];
                for (d, s) in a.iter_mut().zip(b) {
                    *d = *s;
                }
                <$t>::from_le_bytes(a)
            }
        }
    )*};
}
element!(u8, u16, i32, u32, i64, u64, f32, f64);

/// Encode elements as little-endian bytes.
pub fn to_bytes<T: Element>(xs: &[T]) -> Vec<u8> {
    let mut out = Vec::with_capacity(xs.len() * T::SIZE);
    for &x in xs {
        x.put(&mut out);
    }
    out
}

/// Decode little-endian bytes (a trailing partial element is dropped).
pub fn from_bytes<T: Element>(b: &[u8]) -> Vec<T> {
    b.chunks_exact(T::SIZE).map(T::get).collect()
}
