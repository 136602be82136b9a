//! Value types, address spaces and grid dimensions.

use std::fmt;

/// Where a pointer points. Global and constant pointers are 64-bit byte
/// addresses into device memory (constant memory is global memory that the
/// kernel promises not to write); LDS pointers are 32-bit byte offsets into
/// the workgroup's local data share.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum AddrSpace {
    Global,
    Lds,
    Const,
}

impl AddrSpace {
    pub const ALL: [AddrSpace; 3] = [AddrSpace::Global, AddrSpace::Lds, AddrSpace::Const];

    /// The keyword used in `ptr<...>`.
    pub fn keyword(self) -> &'static str {
        match self {
            AddrSpace::Global => "global",
            AddrSpace::Lds => "lds",
            AddrSpace::Const => "const",
        }
    }

    /// Width of an address in this space, in bytes.
    pub fn pointer_bytes(self) -> u32 {
        match self {
            AddrSpace::Lds => 4,
            AddrSpace::Global | AddrSpace::Const => 8,
        }
    }
}

/// The type of an SSA value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Type {
    Bool,
    I32,
    U32,
    I64,
    U64,
    F16,
    F32,
    F64,
    Ptr(AddrSpace),
}

impl Type {
    /// Every type, in a fixed order (for tests and generators).
    pub const ALL: [Type; 11] = [
        Type::Bool,
        Type::I32,
        Type::U32,
        Type::I64,
        Type::U64,
        Type::F16,
        Type::F32,
        Type::F64,
        Type::Ptr(AddrSpace::Global),
        Type::Ptr(AddrSpace::Lds),
        Type::Ptr(AddrSpace::Const),
    ];

    pub fn is_int(self) -> bool {
        matches!(self, Type::I32 | Type::U32 | Type::I64 | Type::U64)
    }

    pub fn is_signed_int(self) -> bool {
        matches!(self, Type::I32 | Type::I64)
    }

    pub fn is_float(self) -> bool {
        matches!(self, Type::F16 | Type::F32 | Type::F64)
    }

    pub fn is_ptr(self) -> bool {
        matches!(self, Type::Ptr(_))
    }

    /// Bit width of the value (1 for `bool`).
    pub fn bits(self) -> u32 {
        match self {
            Type::Bool => 1,
            Type::F16 => 16,
            Type::I32 | Type::U32 | Type::F32 => 32,
            Type::I64 | Type::U64 | Type::F64 => 64,
            Type::Ptr(a) => a.pointer_bytes() * 8,
        }
    }

    /// Size in memory, or `None` for `bool`, which has no memory form.
    pub fn store_bytes(self) -> Option<u32> {
        match self {
            Type::Bool => None,
            t => Some(t.bits() / 8),
        }
    }

    /// The textual name (`u32`, `ptr<lds>`).
    pub fn name(self) -> String {
        self.to_string()
    }
}

impl fmt::Display for Type {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = match self {
            Type::Bool => "bool",
            Type::I32 => "i32",
            Type::U32 => "u32",
            Type::I64 => "i64",
            Type::U64 => "u64",
            Type::F16 => "f16",
            Type::F32 => "f32",
            Type::F64 => "f64",
            Type::Ptr(a) => return write!(f, "ptr<{}>", a.keyword()),
        };
        f.write_str(s)
    }
}

/// A grid dimension.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Dim {
    X,
    Y,
    Z,
}

impl Dim {
    pub const ALL: [Dim; 3] = [Dim::X, Dim::Y, Dim::Z];

    pub fn index(self) -> usize {
        match self {
            Dim::X => 0,
            Dim::Y => 1,
            Dim::Z => 2,
        }
    }

    pub fn keyword(self) -> &'static str {
        match self {
            Dim::X => "x",
            Dim::Y => "y",
            Dim::Z => "z",
        }
    }
}
