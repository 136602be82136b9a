//! Code Object V5/V6 metadata ([AMDGPUUsage] "Code Object V5 Metadata",
//! tables "AMDHSA Code Object V5 Metadata Map Changes", "...Kernel Metadata
//! Map", "...Kernel Argument Metadata Map", and the V5 hidden-argument
//! layout used by V6): a typed model that converts to and from the generic
//! [`Value`] map. Keys the model does not know are kept in `extra`, so an
//! unknown document round-trips unchanged; the YAML `.amdgpu_metadata`
//! block of an assembler maps onto the same `Value`.

use super::msgpack::{put, Value, ValueRef};
use super::{CodeObjectError, Result};
use crate::target::Target;
use serde::Serialize;

/// `amdhsa.version` for Code Object V6 (LLVM 22 writes `[1, 2]`).
pub const CODE_OBJECT_V6_METADATA_VERSION: [u64; 2] = [1, 2];

/// Size of the hidden (implicit) kernarg block LLVM 22 reserves.
pub const HIDDEN_BLOCK_SIZE: u64 = 256;

macro_rules! string_enum {
    ($(#[$m:meta])* $name:ident { $($variant:ident = $text:literal,)* }) => {
        $(#[$m])*
        #[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
        pub enum $name {
            $($variant,)*
            /// A spelling this model does not know, kept verbatim.
            Other(String),
        }
        impl $name {
            pub fn as_str(&self) -> &str {
                match self {
                    $($name::$variant => $text,)*
                    $name::Other(s) => s,
                }
            }
            pub fn parse(s: &str) -> Self {
                match s {
                    $($text => $name::$variant,)*
                    other => $name::Other(other.to_string()),
                }
            }
        }
    };
}

string_enum!(
    /// `.value_kind` of a kernel argument.
    ValueKind {
        ByValue = "by_value",
        GlobalBuffer = "global_buffer",
        DynamicSharedPointer = "dynamic_shared_pointer",
        Sampler = "sampler",
        Image = "image",
        Pipe = "pipe",
        Queue = "queue",
        HiddenGlobalOffsetX = "hidden_global_offset_x",
        HiddenGlobalOffsetY = "hidden_global_offset_y",
        HiddenGlobalOffsetZ = "hidden_global_offset_z",
        HiddenNone = "hidden_none",
        HiddenPrintfBuffer = "hidden_printf_buffer",
        HiddenHostcallBuffer = "hidden_hostcall_buffer",
        HiddenDefaultQueue = "hidden_default_queue",
        HiddenCompletionAction = "hidden_completion_action",
        HiddenMultigridSyncArg = "hidden_multigrid_sync_arg",
        HiddenBlockCountX = "hidden_block_count_x",
        HiddenBlockCountY = "hidden_block_count_y",
        HiddenBlockCountZ = "hidden_block_count_z",
        HiddenGroupSizeX = "hidden_group_size_x",
        HiddenGroupSizeY = "hidden_group_size_y",
        HiddenGroupSizeZ = "hidden_group_size_z",
        HiddenRemainderX = "hidden_remainder_x",
        HiddenRemainderY = "hidden_remainder_y",
        HiddenRemainderZ = "hidden_remainder_z",
        HiddenGridDims = "hidden_grid_dims",
        HiddenHeapV1 = "hidden_heap_v1",
        HiddenDynamicLdsSize = "hidden_dynamic_lds_size",
        HiddenPrivateBase = "hidden_private_base",
        HiddenSharedBase = "hidden_shared_base",
        HiddenQueuePtr = "hidden_queue_ptr",
    }
);

string_enum!(
    /// `.address_space` of a pointer argument.
    AddressSpace {
        Private = "private",
        Global = "global",
        Constant = "constant",
        Local = "local",
        Generic = "generic",
        Region = "region",
    }
);

string_enum!(
    /// `.access` / `.actual_access` of an image or pipe argument.
    AccessQualifier {
        ReadOnly = "read_only",
        WriteOnly = "write_only",
        ReadWrite = "read_write",
    }
);

impl ValueKind {
    pub fn is_hidden(&self) -> bool {
        self.as_str().starts_with("hidden_")
    }
}

/// The hidden arguments of the Code Object V5/V6 implicit kernarg block,
/// at the offsets LLVM 22 uses relative to the block's start (8-byte aligned
/// after the explicit arguments; block size 256).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum HiddenArg {
    BlockCountX,
    BlockCountY,
    BlockCountZ,
    GroupSizeX,
    GroupSizeY,
    GroupSizeZ,
    RemainderX,
    RemainderY,
    RemainderZ,
    GlobalOffsetX,
    GlobalOffsetY,
    GlobalOffsetZ,
    GridDims,
    PrintfBuffer,
    HostcallBuffer,
    MultigridSyncArg,
    HeapV1,
    DefaultQueue,
    CompletionAction,
    DynamicLdsSize,
    PrivateBase,
    SharedBase,
    QueuePtr,
}

impl HiddenArg {
    /// The arguments clang emits for a kernel that reads the dispatch
    /// geometry: block counts, group sizes, remainders, global offsets and
    /// grid dims.
    pub const DISPATCH: [HiddenArg; 13] = [
        HiddenArg::BlockCountX,
        HiddenArg::BlockCountY,
        HiddenArg::BlockCountZ,
        HiddenArg::GroupSizeX,
        HiddenArg::GroupSizeY,
        HiddenArg::GroupSizeZ,
        HiddenArg::RemainderX,
        HiddenArg::RemainderY,
        HiddenArg::RemainderZ,
        HiddenArg::GlobalOffsetX,
        HiddenArg::GlobalOffsetY,
        HiddenArg::GlobalOffsetZ,
        HiddenArg::GridDims,
    ];

    /// `(offset in the hidden block, size)`.
    pub fn placement(self) -> (u64, u64) {
        use HiddenArg::*;
        match self {
            BlockCountX => (0, 4),
            BlockCountY => (4, 4),
            BlockCountZ => (8, 4),
            GroupSizeX => (12, 2),
            GroupSizeY => (14, 2),
            GroupSizeZ => (16, 2),
            RemainderX => (18, 2),
            RemainderY => (20, 2),
            RemainderZ => (22, 2),
            GlobalOffsetX => (40, 8),
            GlobalOffsetY => (48, 8),
            GlobalOffsetZ => (56, 8),
            GridDims => (64, 2),
            PrintfBuffer => (72, 8),
            HostcallBuffer => (80, 8),
            MultigridSyncArg => (88, 8),
            HeapV1 => (96, 8),
            DefaultQueue => (104, 8),
            CompletionAction => (112, 8),
            DynamicLdsSize => (120, 4),
            PrivateBase => (192, 4),
            SharedBase => (196, 4),
            QueuePtr => (200, 8),
        }
    }

    pub fn value_kind(self) -> ValueKind {
        use HiddenArg::*;
        match self {
            BlockCountX => ValueKind::HiddenBlockCountX,
            BlockCountY => ValueKind::HiddenBlockCountY,
            BlockCountZ => ValueKind::HiddenBlockCountZ,
            GroupSizeX => ValueKind::HiddenGroupSizeX,
            GroupSizeY => ValueKind::HiddenGroupSizeY,
            GroupSizeZ => ValueKind::HiddenGroupSizeZ,
            RemainderX => ValueKind::HiddenRemainderX,
            RemainderY => ValueKind::HiddenRemainderY,
            RemainderZ => ValueKind::HiddenRemainderZ,
            GlobalOffsetX => ValueKind::HiddenGlobalOffsetX,
            GlobalOffsetY => ValueKind::HiddenGlobalOffsetY,
            GlobalOffsetZ => ValueKind::HiddenGlobalOffsetZ,
            GridDims => ValueKind::HiddenGridDims,
            PrintfBuffer => ValueKind::HiddenPrintfBuffer,
            HostcallBuffer => ValueKind::HiddenHostcallBuffer,
            MultigridSyncArg => ValueKind::HiddenMultigridSyncArg,
            HeapV1 => ValueKind::HiddenHeapV1,
            DefaultQueue => ValueKind::HiddenDefaultQueue,
            CompletionAction => ValueKind::HiddenCompletionAction,
            DynamicLdsSize => ValueKind::HiddenDynamicLdsSize,
            PrivateBase => ValueKind::HiddenPrivateBase,
            SharedBase => ValueKind::HiddenSharedBase,
            QueuePtr => ValueKind::HiddenQueuePtr,
        }
    }

    /// Pointers in the hidden block carry `.address_space: global`.
    fn is_global_pointer(self) -> bool {
        use HiddenArg::*;
        matches!(
            self,
            PrintfBuffer
                | HostcallBuffer
                | MultigridSyncArg
                | HeapV1
                | DefaultQueue
                | CompletionAction
                | QueuePtr
        )
    }
}

/// One `.args` entry.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct KernelArg {
    pub name: Option<String>,
    pub type_name: Option<String>,
    pub offset: u64,
    pub size: u64,
    pub value_kind: ValueKind,
    pub address_space: Option<AddressSpace>,
    pub pointee_align: Option<u64>,
    pub access: Option<AccessQualifier>,
    pub actual_access: Option<AccessQualifier>,
    pub is_const: Option<bool>,
    pub is_restrict: Option<bool>,
    pub is_volatile: Option<bool>,
    pub is_pipe: Option<bool>,
    /// Unknown keys and known keys of an unexpected type, verbatim.
    pub extra: Vec<(String, Value)>,
}

impl KernelArg {
    pub fn new(value_kind: ValueKind, offset: u64, size: u64) -> KernelArg {
        KernelArg {
            name: None,
            type_name: None,
            offset,
            size,
            value_kind,
            address_space: None,
            pointee_align: None,
            access: None,
            actual_access: None,
            is_const: None,
            is_restrict: None,
            is_volatile: None,
            is_pipe: None,
            extra: Vec::new(),
        }
    }

    pub fn to_value(&self) -> Value {
        let mut m: Vec<(String, Value)> = Vec::new();
        let mut put = |k: &str, v: Value| m.push((k.to_string(), v));
        if let Some(v) = &self.name {
            put(".name", Value::str(v));
        }
        if let Some(v) = &self.type_name {
            put(".type_name", Value::str(v));
        }
        put(".offset", Value::UInt(self.offset));
        put(".size", Value::UInt(self.size));
        put(".value_kind", Value::str(self.value_kind.as_str()));
        if let Some(v) = &self.address_space {
            put(".address_space", Value::str(v.as_str()));
        }
        if let Some(v) = self.pointee_align {
            put(".pointee_align", Value::UInt(v));
        }
        if let Some(v) = &self.access {
            put(".access", Value::str(v.as_str()));
        }
        if let Some(v) = &self.actual_access {
            put(".actual_access", Value::str(v.as_str()));
        }
        for (k, v) in [
            (".is_const", self.is_const),
            (".is_restrict", self.is_restrict),
            (".is_volatile", self.is_volatile),
            (".is_pipe", self.is_pipe),
        ] {
            if let Some(v) = v {
                put(k, Value::Bool(v));
            }
        }
        m.extend(self.extra.iter().cloned());
        Value::sorted_map(m)
    }

    pub fn from_value(v: &Value) -> Result<KernelArg> {
        KernelArg::from_value_ref(ValueRef::from_value(v))
    }

    /// [`KernelArg::from_value`] on a borrowed value.
    pub fn from_value_ref(v: ValueRef<'_>) -> Result<KernelArg> {
        let mut f = Fields::new(v, "kernel argument")?;
        let arg = KernelArg {
            name: f.string(".name"),
            type_name: f.string(".type_name"),
            offset: f.required_u64(".offset")?,
            size: f.required_u64(".size")?,
            value_kind: ValueKind::parse(f.required_str(".value_kind")?),
            address_space: f.str(".address_space").map(AddressSpace::parse),
            pointee_align: f.u64(".pointee_align"),
            access: f.str(".access").map(AccessQualifier::parse),
            actual_access: f.str(".actual_access").map(AccessQualifier::parse),
            is_const: f.bool(".is_const"),
            is_restrict: f.bool(".is_restrict"),
            is_volatile: f.bool(".is_volatile"),
            is_pipe: f.bool(".is_pipe"),
            extra: Vec::new(),
        };
        Ok(KernelArg {
            extra: f.rest(),
            ..arg
        })
    }
}

/// Lays out explicit arguments as LLVM does (each at its natural
/// alignment, in order), then the hidden block.
#[derive(Clone, Debug, Default)]
pub struct KernArgLayout {
    args: Vec<KernelArg>,
    end: u64,
    max_align: u64,
}

impl KernArgLayout {
    pub fn new() -> Self {
        Self::default()
    }

    /// Append an explicit argument of `size` bytes aligned to `align`.
    pub fn push(&mut self, mut arg: KernelArg, align: u64) -> &mut Self {
        let align = align.max(1);
        arg.offset = self.end.next_multiple_of(align);
        self.end = arg.offset.saturating_add(arg.size);
        self.max_align = self.max_align.max(align);
        self.args.push(arg);
        self
    }

    /// A by-value argument.
    pub fn by_value(&mut self, size: u64, align: u64) -> &mut Self {
        self.push(KernelArg::new(ValueKind::ByValue, 0, size), align)
    }

    /// A 64-bit pointer to global memory.
    pub fn global_buffer(&mut self) -> &mut Self {
        let mut a = KernelArg::new(ValueKind::GlobalBuffer, 0, 8);
        a.address_space = Some(AddressSpace::Global);
        self.push(a, 8)
    }

    /// Finish: the argument list (explicit args, then `hidden` at the
    /// hidden block's offsets, sorted by offset), `.kernarg_segment_size`
    /// (explicit end, plus the 256-byte block when any hidden argument is
    /// present) and `.kernarg_segment_align` (at least 4; 8 with a hidden
    /// block).
    pub fn finish(&self, hidden: &[HiddenArg]) -> (Vec<KernelArg>, u64, u64) {
        let mut args = Vec::with_capacity(self.args.len() + hidden.len());
        args.extend_from_slice(&self.args);
        let mut size = self.end;
        let mut align = self.max_align.max(4);
        if !hidden.is_empty() {
            let base = self.end.next_multiple_of(8);
            let mut sorted: Vec<HiddenArg> = hidden.to_vec();
            sorted.sort_by_key(|h| h.placement().0);
            sorted.dedup();
            for h in sorted {
                let (off, sz) = h.placement();
                let mut a = KernelArg::new(h.value_kind(), base + off, sz);
                if h.is_global_pointer() {
                    a.address_space = Some(AddressSpace::Global);
                }
                args.push(a);
            }
            size = base + HIDDEN_BLOCK_SIZE;
            align = align.max(8);
        }
        (args, size, align)
    }
}

/// One `amdhsa.kernels` entry.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct KernelMetadata {
    pub name: String,
    pub symbol: String,
    pub args: Vec<KernelArg>,
    pub kernarg_segment_size: u64,
    pub kernarg_segment_align: u64,
    pub group_segment_fixed_size: u64,
    pub private_segment_fixed_size: u64,
    pub wavefront_size: u64,
    pub sgpr_count: u64,
    pub vgpr_count: u64,
    pub agpr_count: Option<u64>,
    pub sgpr_spill_count: Option<u64>,
    pub vgpr_spill_count: Option<u64>,
    pub max_flat_workgroup_size: Option<u64>,
    pub uses_dynamic_stack: Option<bool>,
    pub uniform_work_group_size: Option<u64>,
    pub workgroup_processor_mode: Option<u64>,
    pub language: Option<String>,
    pub language_version: Option<Vec<u64>>,
    pub reqd_workgroup_size: Option<Vec<u64>>,
    pub workgroup_size_hint: Option<Vec<u64>>,
    pub vec_type_hint: Option<String>,
    pub device_enqueue_symbol: Option<String>,
    pub kind: Option<String>,
    /// Unknown keys and known keys of an unexpected type, verbatim.
    pub extra: Vec<(String, Value)>,
}

impl KernelMetadata {
    /// Metadata as clang 22 writes it for a HIP kernel on `target`, with
    /// the given arguments: spill counts 0, max flat workgroup size 1024,
    /// uniform work-group size 1, no dynamic stack, `.agpr_count` 0 on
    /// gfx942, `.workgroup_processor_mode` on GFX11. The caller fills the
    /// register counts and segment sizes.
    pub fn hip(
        target: &Target,
        name: &str,
        args: Vec<KernelArg>,
        kernarg_segment_size: u64,
        kernarg_segment_align: u64,
    ) -> KernelMetadata {
        let gfx11 = target.info().wgp_mode_default.is_some();
        KernelMetadata {
            name: name.to_string(),
            symbol: format!("{name}.kd"),
            args,
            kernarg_segment_size,
            kernarg_segment_align,
            group_segment_fixed_size: 0,
            private_segment_fixed_size: 0,
            wavefront_size: target.wavefront_size as u64,
            sgpr_count: 0,
            vgpr_count: 0,
            agpr_count: (!gfx11).then_some(0),
            sgpr_spill_count: Some(0),
            vgpr_spill_count: Some(0),
            max_flat_workgroup_size: Some(1024),
            uses_dynamic_stack: Some(false),
            uniform_work_group_size: Some(1),
            workgroup_processor_mode: gfx11
                .then_some(target.info().wgp_mode_default == Some(true))
                .map(u64::from),
            language: None,
            language_version: None,
            reqd_workgroup_size: None,
            workgroup_size_hint: None,
            vec_type_hint: None,
            device_enqueue_symbol: None,
            kind: None,
            extra: Vec::new(),
        }
    }

    pub fn to_value(&self) -> Value {
        let mut m: Vec<(String, Value)> = Vec::new();
        let mut put = |k: &str, v: Value| m.push((k.to_string(), v));
        let list = |v: &[u64]| Value::Array(v.iter().map(|&x| Value::UInt(x)).collect());
        put(".name", Value::str(&self.name));
        put(".symbol", Value::str(&self.symbol));
        // LLVM omits `.args` for a kernel without arguments.
        if !self.args.is_empty() {
            put(
                ".args",
                Value::Array(self.args.iter().map(KernelArg::to_value).collect()),
            );
        }
        put(
            ".kernarg_segment_size",
            Value::UInt(self.kernarg_segment_size),
        );
        put(
            ".kernarg_segment_align",
            Value::UInt(self.kernarg_segment_align),
        );
        put(
            ".group_segment_fixed_size",
            Value::UInt(self.group_segment_fixed_size),
        );
        put(
            ".private_segment_fixed_size",
            Value::UInt(self.private_segment_fixed_size),
        );
        put(".wavefront_size", Value::UInt(self.wavefront_size));
        put(".sgpr_count", Value::UInt(self.sgpr_count));
        put(".vgpr_count", Value::UInt(self.vgpr_count));
        for (k, v) in [
            (".agpr_count", self.agpr_count),
            (".sgpr_spill_count", self.sgpr_spill_count),
            (".vgpr_spill_count", self.vgpr_spill_count),
            (".max_flat_workgroup_size", self.max_flat_workgroup_size),
            (".uniform_work_group_size", self.uniform_work_group_size),
            (".workgroup_processor_mode", self.workgroup_processor_mode),
        ] {
            if let Some(v) = v {
                put(k, Value::UInt(v));
            }
        }
        if let Some(v) = self.uses_dynamic_stack {
            put(".uses_dynamic_stack", Value::Bool(v));
        }
        for (k, v) in [
            (".language", &self.language),
            (".vec_type_hint", &self.vec_type_hint),
            (".device_enqueue_symbol", &self.device_enqueue_symbol),
            (".kind", &self.kind),
        ] {
            if let Some(v) = v {
                put(k, Value::str(v));
            }
        }
        for (k, v) in [
            (".language_version", &self.language_version),
            (".reqd_workgroup_size", &self.reqd_workgroup_size),
            (".workgroup_size_hint", &self.workgroup_size_hint),
        ] {
            if let Some(v) = v {
                put(k, list(v));
            }
        }
        m.extend(self.extra.iter().cloned());
        Value::sorted_map(m)
    }

    pub fn from_value(v: &Value) -> Result<KernelMetadata> {
        KernelMetadata::from_value_ref(ValueRef::from_value(v))
    }

    /// [`KernelMetadata::from_value`] on a borrowed value.
    pub fn from_value_ref(v: ValueRef<'_>) -> Result<KernelMetadata> {
        let mut f = Fields::new(v, "kernel metadata")?;
        let name = f.required_string(".name")?;
        let ctx = |e: CodeObjectError| match e {
            CodeObjectError::Metadata(m) => {
                CodeObjectError::Metadata(format!("kernel `{name}`: {m}"))
            }
            other => other,
        };
        let args = match f.take(".args") {
            Some(v @ ValueRef::Array(_)) if v.as_array().is_some_and(<[_]>::is_empty) => {
                f.keep(".args", &v);
                Vec::new()
            }
            Some(ValueRef::Array(items)) => items
                .into_iter()
                .enumerate()
                .map(|(i, a)| {
                    KernelArg::from_value_ref(a).map_err(|e| match e {
                        CodeObjectError::Metadata(m) => {
                            CodeObjectError::Metadata(format!("argument {i}: {m}"))
                        }
                        other => other,
                    })
                })
                .collect::<Result<Vec<_>>>()
                .map_err(ctx)?,
            Some(other) => {
                f.keep(".args", &other);
                Vec::new()
            }
            None => Vec::new(),
        };
        let k = KernelMetadata {
            symbol: f.required_string(".symbol").map_err(ctx)?,
            args,
            kernarg_segment_size: f.required_u64(".kernarg_segment_size").map_err(ctx)?,
            kernarg_segment_align: f.required_u64(".kernarg_segment_align").map_err(ctx)?,
            group_segment_fixed_size: f.required_u64(".group_segment_fixed_size").map_err(ctx)?,
            private_segment_fixed_size: f
                .required_u64(".private_segment_fixed_size")
                .map_err(ctx)?,
            wavefront_size: f.required_u64(".wavefront_size").map_err(ctx)?,
            sgpr_count: f.required_u64(".sgpr_count").map_err(ctx)?,
            vgpr_count: f.required_u64(".vgpr_count").map_err(ctx)?,
            agpr_count: f.u64(".agpr_count"),
            sgpr_spill_count: f.u64(".sgpr_spill_count"),
            vgpr_spill_count: f.u64(".vgpr_spill_count"),
            max_flat_workgroup_size: f.u64(".max_flat_workgroup_size"),
            uses_dynamic_stack: f.bool(".uses_dynamic_stack"),
            uniform_work_group_size: f.u64(".uniform_work_group_size"),
            workgroup_processor_mode: f.u64(".workgroup_processor_mode"),
            language: f.string(".language"),
            language_version: f.u64_list(".language_version"),
            reqd_workgroup_size: f.u64_list(".reqd_workgroup_size"),
            workgroup_size_hint: f.u64_list(".workgroup_size_hint"),
            vec_type_hint: f.string(".vec_type_hint"),
            device_enqueue_symbol: f.string(".device_enqueue_symbol"),
            kind: f.string(".kind"),
            name: name.clone(),
            extra: Vec::new(),
        };
        Ok(KernelMetadata {
            extra: f.rest(),
            ..k
        })
    }
}

/// The whole `NT_AMDGPU_METADATA` document.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Metadata {
    pub version: Vec<u64>,
    /// `amdhsa.target`: the target ID (`amdgcn-amd-amdhsa--gfx942`).
    pub target: String,
    pub kernels: Vec<KernelMetadata>,
    pub printf: Option<Vec<String>>,
    /// Unknown root keys, verbatim.
    pub extra: Vec<(String, Value)>,
}

impl Metadata {
    pub fn new(target: &Target) -> Metadata {
        Metadata {
            version: CODE_OBJECT_V6_METADATA_VERSION.to_vec(),
            target: target.target_id(),
            kernels: Vec::new(),
            printf: None,
            extra: Vec::new(),
        }
    }

    pub fn kernel(&self, name: &str) -> Option<&KernelMetadata> {
        self.kernels.iter().find(|k| k.name == name)
    }

    pub fn to_value(&self) -> Value {
        let mut m = vec![
            (
                "amdhsa.version".to_string(),
                Value::Array(self.version.iter().map(|&v| Value::UInt(v)).collect()),
            ),
            ("amdhsa.target".to_string(), Value::str(&self.target)),
            (
                "amdhsa.kernels".to_string(),
                Value::Array(self.kernels.iter().map(KernelMetadata::to_value).collect()),
            ),
        ];
        if let Some(p) = &self.printf {
            m.push((
                "amdhsa.printf".to_string(),
                Value::Array(p.iter().map(|s| Value::str(s)).collect()),
            ));
        }
        m.extend(self.extra.iter().cloned());
        Value::sorted_map(m)
    }

    pub fn from_value(v: &Value) -> Result<Metadata> {
        Metadata::from_value_ref(ValueRef::from_value(v))
    }

    /// [`Metadata::from_value`] on a borrowed value (what the reader uses:
    /// only the strings the model keeps are allocated).
    pub fn from_value_ref(v: ValueRef<'_>) -> Result<Metadata> {
        let mut f = Fields::new(v, "metadata root")?;
        let version = f.u64_list("amdhsa.version").ok_or_else(|| {
            CodeObjectError::Metadata(
                "`amdhsa.version` is missing or not a list of integers".into(),
            )
        })?;
        let target = f.required_string("amdhsa.target")?;
        let kernels = match f.take("amdhsa.kernels") {
            Some(ValueRef::Array(items)) => items
                .into_iter()
                .map(KernelMetadata::from_value_ref)
                .collect::<Result<Vec<_>>>()?,
            Some(_) => {
                return Err(CodeObjectError::Metadata(
                    "`amdhsa.kernels` is not a list".into(),
                ))
            }
            None => Vec::new(),
        };
        let printf = match f.take("amdhsa.printf") {
            Some(ValueRef::Array(items)) if items.iter().all(|i| i.as_str().is_some()) => Some(
                items
                    .iter()
                    .filter_map(|i| i.as_str().map(str::to_string))
                    .collect(),
            ),
            Some(other) => {
                f.keep("amdhsa.printf", &other);
                None
            }
            None => None,
        };
        Ok(Metadata {
            version,
            target,
            kernels,
            printf,
            extra: f.rest(),
        })
    }

    /// The MessagePack note payload (the bytes of [`Metadata::to_value`],
    /// written directly without building the generic value).
    pub fn to_msgpack(&self) -> Result<Vec<u8>> {
        let mut out = Vec::with_capacity(512 + 512 * self.kernels.len());
        self.write_msgpack(&mut out)?;
        Ok(out)
    }

    /// Append the bytes of [`Metadata::to_msgpack`] to `out`.
    pub fn write_msgpack(&self, out: &mut Vec<u8>) -> Result<()> {
        encode_map(self, out)
    }

    pub fn from_msgpack(bytes: &[u8]) -> Result<Metadata> {
        Metadata::from_value_ref(ValueRef::from_bytes(bytes)?)
    }
}

/// A field value for the direct encoder (no intermediate [`Value`]).
#[derive(Clone, Copy)]
enum Field<'a> {
    U(u64),
    B(bool),
    S(&'a str),
    List(&'a [u64]),
    Args(&'a [KernelArg]),
    Kernels(&'a [KernelMetadata]),
    Strings(&'a [String]),
    V(&'a Value),
}

impl Field<'_> {
    fn encode(self, out: &mut Vec<u8>) -> Result<()> {
        match self {
            Field::U(u) => put::uint(out, u),
            Field::B(b) => put::bool(out, b),
            Field::S(s) => put::str(out, s)?,
            Field::List(l) => {
                put::array(out, l.len())?;
                for &x in l {
                    put::uint(out, x);
                }
            }
            Field::Strings(l) => {
                put::array(out, l.len())?;
                for x in l {
                    put::str(out, x)?;
                }
            }
            Field::Args(args) => {
                put::array(out, args.len())?;
                for a in args {
                    a.encode(out)?;
                }
            }
            Field::Kernels(ks) => {
                put::array(out, ks.len())?;
                for k in ks {
                    k.encode(out)?;
                }
            }
            Field::V(v) => v.encode(out)?,
        }
        Ok(())
    }
}

/// Where a map's known entries go, in bytewise key order. The direct
/// encoder runs a map's [`MapFields::fields`] twice, counting the entries and
/// then writing them after the map header, so nothing is collected on the
/// way; a map with unknown keys is collected and sorted instead
/// ([`encode_map`]).
trait Put<'a> {
    fn put(&mut self, key: &'a str, v: Field<'a>) -> Result<()>;

    fn opt_u(&mut self, key: &'a str, v: Option<u64>) -> Result<()> {
        match v {
            Some(v) => self.put(key, Field::U(v)),
            None => Ok(()),
        }
    }

    fn opt_s(&mut self, key: &'a str, v: &'a Option<String>) -> Result<()> {
        match v {
            Some(v) => self.put(key, Field::S(v)),
            None => Ok(()),
        }
    }
}

struct Count(usize);

impl<'a> Put<'a> for Count {
    #[inline]
    fn put(&mut self, _: &'a str, _: Field<'a>) -> Result<()> {
        self.0 += 1;
        Ok(())
    }
}

struct Write<'o>(&'o mut Vec<u8>);

impl<'a> Put<'a> for Write<'_> {
    #[inline]
    fn put(&mut self, key: &'a str, v: Field<'a>) -> Result<()> {
        put::str(self.0, key)?;
        v.encode(self.0)
    }
}

impl<'a> Put<'a> for Vec<(&'a str, Field<'a>)> {
    fn put(&mut self, key: &'a str, v: Field<'a>) -> Result<()> {
        self.push((key, v));
        Ok(())
    }
}

/// A metadata map: its known keys and its unknown ones.
trait MapFields {
    /// The known keys, in bytewise order.
    fn fields<'a, P: Put<'a>>(&'a self, m: &mut P) -> Result<()>;
    /// Unknown keys, kept verbatim.
    fn extra(&self) -> &[(String, Value)];
}

/// The map `t`, its unknown keys sorted in among the known ones (LLVM
/// writes map keys sorted).
fn encode_map<T: MapFields>(t: &T, out: &mut Vec<u8>) -> Result<()> {
    let extra = t.extra();
    if extra.is_empty() {
        let mut n = Count(0);
        t.fields(&mut n)?;
        put::map(out, n.0)?;
        return t.fields(&mut Write(out));
    }
    let mut all: Vec<(&str, Field)> = Vec::new();
    t.fields(&mut all)?;
    debug_assert!(all.windows(2).all(|w| w[0].0 < w[1].0));
    all.extend(extra.iter().map(|(k, v)| (k.as_str(), Field::V(v))));
    all.sort_by(|a, b| a.0.cmp(b.0));
    put::map(out, all.len())?;
    for (k, v) in all {
        put::str(out, k)?;
        v.encode(out)?;
    }
    Ok(())
}

impl KernelArg {
    /// MessagePack bytes of [`KernelArg::to_value`], written directly.
    pub fn encode(&self, out: &mut Vec<u8>) -> Result<()> {
        encode_map(self, out)
    }
}

impl MapFields for KernelArg {
    fn fields<'a, P: Put<'a>>(&'a self, m: &mut P) -> Result<()> {
        if let Some(v) = &self.access {
            m.put(".access", Field::S(v.as_str()))?;
        }
        if let Some(v) = &self.actual_access {
            m.put(".actual_access", Field::S(v.as_str()))?;
        }
        if let Some(v) = &self.address_space {
            m.put(".address_space", Field::S(v.as_str()))?;
        }
        for (k, v) in [
            (".is_const", self.is_const),
            (".is_pipe", self.is_pipe),
            (".is_restrict", self.is_restrict),
            (".is_volatile", self.is_volatile),
        ] {
            if let Some(v) = v {
                m.put(k, Field::B(v))?;
            }
        }
        m.opt_s(".name", &self.name)?;
        m.put(".offset", Field::U(self.offset))?;
        m.opt_u(".pointee_align", self.pointee_align)?;
        m.put(".size", Field::U(self.size))?;
        m.opt_s(".type_name", &self.type_name)?;
        m.put(".value_kind", Field::S(self.value_kind.as_str()))
    }

    fn extra(&self) -> &[(String, Value)] {
        &self.extra
    }
}

impl KernelMetadata {
    /// MessagePack bytes of [`KernelMetadata::to_value`], written directly.
    pub fn encode(&self, out: &mut Vec<u8>) -> Result<()> {
        encode_map(self, out)
    }
}

impl MapFields for KernelMetadata {
    fn fields<'a, P: Put<'a>>(&'a self, m: &mut P) -> Result<()> {
        m.opt_u(".agpr_count", self.agpr_count)?;
        // LLVM omits `.args` for a kernel without arguments.
        if !self.args.is_empty() {
            m.put(".args", Field::Args(&self.args))?;
        }
        m.opt_s(".device_enqueue_symbol", &self.device_enqueue_symbol)?;
        m.put(
            ".group_segment_fixed_size",
            Field::U(self.group_segment_fixed_size),
        )?;
        m.put(
            ".kernarg_segment_align",
            Field::U(self.kernarg_segment_align),
        )?;
        m.put(".kernarg_segment_size", Field::U(self.kernarg_segment_size))?;
        m.opt_s(".kind", &self.kind)?;
        m.opt_s(".language", &self.language)?;
        if let Some(v) = &self.language_version {
            m.put(".language_version", Field::List(v))?;
        }
        m.opt_u(".max_flat_workgroup_size", self.max_flat_workgroup_size)?;
        m.put(".name", Field::S(&self.name))?;
        m.put(
            ".private_segment_fixed_size",
            Field::U(self.private_segment_fixed_size),
        )?;
        if let Some(v) = &self.reqd_workgroup_size {
            m.put(".reqd_workgroup_size", Field::List(v))?;
        }
        m.put(".sgpr_count", Field::U(self.sgpr_count))?;
        m.opt_u(".sgpr_spill_count", self.sgpr_spill_count)?;
        m.put(".symbol", Field::S(&self.symbol))?;
        m.opt_u(".uniform_work_group_size", self.uniform_work_group_size)?;
        if let Some(v) = self.uses_dynamic_stack {
            m.put(".uses_dynamic_stack", Field::B(v))?;
        }
        m.opt_s(".vec_type_hint", &self.vec_type_hint)?;
        m.put(".vgpr_count", Field::U(self.vgpr_count))?;
        m.opt_u(".vgpr_spill_count", self.vgpr_spill_count)?;
        m.put(".wavefront_size", Field::U(self.wavefront_size))?;
        m.opt_u(".workgroup_processor_mode", self.workgroup_processor_mode)?;
        if let Some(v) = &self.workgroup_size_hint {
            m.put(".workgroup_size_hint", Field::List(v))?;
        }
        Ok(())
    }

    fn extra(&self) -> &[(String, Value)] {
        &self.extra
    }
}

impl MapFields for Metadata {
    fn fields<'a, P: Put<'a>>(&'a self, m: &mut P) -> Result<()> {
        m.put("amdhsa.kernels", Field::Kernels(&self.kernels))?;
        if let Some(p) = &self.printf {
            m.put("amdhsa.printf", Field::Strings(p))?;
        }
        m.put("amdhsa.target", Field::S(&self.target))?;
        m.put("amdhsa.version", Field::List(&self.version))
    }

    fn extra(&self) -> &[(String, Value)] {
        &self.extra
    }
}

/// Takes typed fields out of a map; whatever is left (or of the wrong
/// type) stays verbatim in `extra`.
struct Fields<'a> {
    entries: Vec<(ValueRef<'a>, ValueRef<'a>)>,
    kept: Vec<(String, Value)>,
    what: &'static str,
}

impl<'a> Fields<'a> {
    fn new(v: ValueRef<'a>, what: &'static str) -> Result<Fields<'a>> {
        match v {
            ValueRef::Map(entries) => Ok(Fields {
                entries,
                kept: Vec::new(),
                what,
            }),
            _ => Err(CodeObjectError::Metadata(format!("{what} is not a map"))),
        }
    }

    fn take(&mut self, key: &str) -> Option<ValueRef<'a>> {
        let i = self
            .entries
            .iter()
            .position(|(k, _)| k.as_str() == Some(key))?;
        Some(self.entries.swap_remove(i).1)
    }

    fn keep(&mut self, key: &str, v: &ValueRef<'a>) {
        self.kept.push((key.to_string(), v.to_value()));
    }

    fn typed<T>(&mut self, key: &str, get: impl Fn(&ValueRef<'a>) -> Option<T>) -> Option<T> {
        let v = self.take(key)?;
        match get(&v) {
            Some(t) => Some(t),
            None => {
                self.keep(key, &v);
                None
            }
        }
    }

    fn str(&mut self, key: &str) -> Option<&'a str> {
        self.typed(key, ValueRef::as_str)
    }
    fn string(&mut self, key: &str) -> Option<String> {
        self.str(key).map(str::to_string)
    }
    fn u64(&mut self, key: &str) -> Option<u64> {
        self.typed(key, ValueRef::as_u64)
    }
    fn bool(&mut self, key: &str) -> Option<bool> {
        self.typed(key, ValueRef::as_bool)
    }
    fn u64_list(&mut self, key: &str) -> Option<Vec<u64>> {
        self.typed(key, |v| {
            v.as_array()?.iter().map(ValueRef::as_u64).collect()
        })
    }
    fn required_str(&mut self, key: &str) -> Result<&'a str> {
        self.str(key).ok_or_else(|| {
            CodeObjectError::Metadata(format!("{}: `{key}` is missing or not a string", self.what))
        })
    }
    fn required_string(&mut self, key: &str) -> Result<String> {
        self.required_str(key).map(str::to_string)
    }
    fn required_u64(&mut self, key: &str) -> Result<u64> {
        self.u64(key).ok_or_else(|| {
            CodeObjectError::Metadata(format!(
                "{}: `{key}` is missing or not a non-negative integer",
                self.what
            ))
        })
    }

    /// Remaining entries, in their original order: string keys go to
    /// `extra`; entries with non-string keys are not metadata and are
    /// dropped (the raw document still has them).
    fn rest(self) -> Vec<(String, Value)> {
        let mut kept = self.kept;
        let mut left = self.entries;
        left.sort_by(|a, b| a.0.as_str().cmp(&b.0.as_str()));
        for (k, v) in left {
            if let ValueRef::Str(k) = k {
                kept.push((k.to_string(), v.to_value()));
            }
        }
        kept
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hidden_layout_matches_llvm_22() {
        // hidden_args.hip on gfx942: ptr, char, short -> explicit end 12,
        // hidden block at 16, kernarg size 272 (clang-22 output).
        let mut l = KernArgLayout::new();
        l.global_buffer().by_value(1, 1).by_value(2, 2);
        let (args, size, align) = l.finish(&HiddenArg::DISPATCH);
        assert_eq!((size, align), (272, 8));
        let offsets: Vec<(u64, u64, &str)> = args
            .iter()
            .map(|a| (a.offset, a.size, a.value_kind.as_str()))
            .collect();
        assert_eq!(offsets[1], (8, 1, "by_value"));
        assert_eq!(offsets[2], (10, 2, "by_value"));
        assert_eq!(offsets[3], (16, 4, "hidden_block_count_x"));
        assert_eq!(offsets[8], (32, 2, "hidden_group_size_z"));
        assert_eq!(offsets[12], (56, 8, "hidden_global_offset_x"));
        assert_eq!(offsets[15], (80, 2, "hidden_grid_dims"));
        let (args, _, _) = KernArgLayout::new().finish(&[
            HiddenArg::QueuePtr,
            HiddenArg::HostcallBuffer,
            HiddenArg::MultigridSyncArg,
            HiddenArg::HeapV1,
            HiddenArg::DefaultQueue,
            HiddenArg::CompletionAction,
        ]);
        let got: Vec<(u64, &str)> = args
            .iter()
            .map(|a| (a.offset, a.value_kind.as_str()))
            .collect();
        assert_eq!(
            got,
            [
                (80, "hidden_hostcall_buffer"),
                (88, "hidden_multigrid_sync_arg"),
                (96, "hidden_heap_v1"),
                (104, "hidden_default_queue"),
                (112, "hidden_completion_action"),
                (200, "hidden_queue_ptr")
            ]
        );
        assert!(args
            .iter()
            .all(|a| a.address_space == Some(AddressSpace::Global)));
        // No hidden block: size is the explicit end, align at least 4.
        let mut l = KernArgLayout::new();
        l.by_value(4, 4);
        assert_eq!(l.finish(&[]).1, 4);
        assert_eq!(l.finish(&[]).2, 4);
    }

    #[test]
    fn metadata_round_trips_through_value_with_unknown_keys() {
        let t = Target::parse("gfx1100").unwrap();
        let mut l = KernArgLayout::new();
        l.global_buffer().by_value(4, 4);
        let (args, size, align) = l.finish(&[]);
        let mut k = KernelMetadata::hip(&t, "k", args, size, align);
        k.extra
            .push((".future_key".into(), Value::Array(vec![Value::Nil])));
        k.args[0].extra.push((".x".into(), Value::Bool(true)));
        let mut m = Metadata::new(&t);
        m.kernels.push(k);
        // A kernel without unknown keys (the no-sort path), with values in
        // every integer and string form.
        let mut wide = KernelMetadata::hip(&t, &"w".repeat(40), Vec::new(), 70_000, 8);
        wide.sgpr_count = 300;
        wide.private_segment_fixed_size = 1 << 33;
        wide.language = Some("OpenCL C".into());
        wide.language_version = Some(vec![2, 0]);
        wide.reqd_workgroup_size = Some(vec![256, 1, 1]);
        m.kernels.push(wide);
        m.printf = Some(vec!["1:1:4:%d\\n".into()]);
        m.extra.push(("amdhsa.other".into(), Value::UInt(3)));
        let bytes = m.to_msgpack().unwrap();
        assert_eq!(
            bytes,
            m.to_value().to_bytes().unwrap(),
            "direct and generic encodings agree"
        );
        let back = Metadata::from_msgpack(&bytes).unwrap();
        assert_eq!(back, m);
        assert_eq!(back.to_msgpack().unwrap(), bytes);
        // Root keys in LLVM's (sorted) order.
        let v = Value::from_bytes(&bytes).unwrap();
        let keys: Vec<_> = v
            .as_map()
            .unwrap()
            .iter()
            .map(|(k, _)| k.as_str().unwrap().to_string())
            .collect();
        assert_eq!(
            keys,
            [
                "amdhsa.kernels",
                "amdhsa.other",
                "amdhsa.printf",
                "amdhsa.target",
                "amdhsa.version"
            ]
        );
        assert_eq!(
            v.get("amdhsa.target").unwrap().as_str(),
            Some("amdgcn-amd-amdhsa--gfx1100")
        );
    }

    #[test]
    fn wrong_types_are_kept_not_lost() {
        let v = Value::sorted_map(vec![
            (
                "amdhsa.version".into(),
                Value::Array(vec![Value::UInt(1), Value::UInt(2)]),
            ),
            (
                "amdhsa.target".into(),
                Value::str("amdgcn-amd-amdhsa--gfx942"),
            ),
            (
                "amdhsa.kernels".into(),
                Value::Array(vec![Value::sorted_map(vec![
                    (".name".into(), Value::str("k")),
                    (".symbol".into(), Value::str("k.kd")),
                    (".kernarg_segment_size".into(), Value::UInt(0)),
                    (".kernarg_segment_align".into(), Value::UInt(4)),
                    (".group_segment_fixed_size".into(), Value::UInt(0)),
                    (".private_segment_fixed_size".into(), Value::UInt(0)),
                    (".wavefront_size".into(), Value::UInt(64)),
                    (".sgpr_count".into(), Value::UInt(10)),
                    (".vgpr_count".into(), Value::UInt(1)),
                    (".uses_dynamic_stack".into(), Value::UInt(0)),
                ])]),
            ),
        ]);
        let m = Metadata::from_value(&v).unwrap();
        assert_eq!(m.kernels[0].uses_dynamic_stack, None);
        assert_eq!(
            m.kernels[0].extra,
            vec![(".uses_dynamic_stack".to_string(), Value::UInt(0))]
        );
        assert_eq!(m.to_value(), v);
        let missing = Value::sorted_map(vec![("amdhsa.version".into(), Value::Array(vec![]))]);
        let err = Metadata::from_value(&missing).unwrap_err().to_string();
        assert!(err.contains("amdhsa.target"), "{err}");
    }
}
