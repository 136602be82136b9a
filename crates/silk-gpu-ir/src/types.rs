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
    /// A vector of `len` elements held in consecutive 32-bit registers,
    /// element `e` in bits `[w*e, w*e + w)` of the little-endian
    /// concatenation (two 16-bit elements per register, the lower index
    /// in the low half). Its total size is 32, 64, 128, 256 or 512 bits.
    /// Vectors feed and receive the matrix operations (see
    /// [`crate::matrix`]); only `const 0`, `vec`, `extract`, `insert`,
    /// `bitcast`, `load`, `store`, `select`, `if`/`loop` values and the
    /// matrix operations take them.
    Vec(Elem, u8),
}

/// The element type of a vector.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Elem {
    F32,
    U32,
    F16,
    /// bfloat16 (the high half of an f32). There is no scalar bf16:
    /// `bitcast` a bf16 vector to or from u32 words to build or read one.
    BF16,
}

impl Elem {
    pub const ALL: [Elem; 4] = [Elem::F32, Elem::U32, Elem::F16, Elem::BF16];

    pub fn bits(self) -> u32 {
        match self {
            Elem::F32 | Elem::U32 => 32,
            Elem::F16 | Elem::BF16 => 16,
        }
    }

    pub fn keyword(self) -> &'static str {
        match self {
            Elem::F32 => "f32",
            Elem::U32 => "u32",
            Elem::F16 => "f16",
            Elem::BF16 => "bf16",
        }
    }

    /// The scalar type `extract` yields and `insert` and `vec` take
    /// (`None` for bf16).
    pub fn scalar(self) -> Option<Type> {
        match self {
            Elem::F32 => Some(Type::F32),
            Elem::U32 => Some(Type::U32),
            Elem::F16 => Some(Type::F16),
            Elem::BF16 => None,
        }
    }
}

/// Largest vector, in 32-bit registers (a 32x32 MFMA accumulator).
pub const MAX_VEC_DWORDS: u32 = 16;

/// Whether `<len x elem>` is a valid vector type: at least two elements,
/// 1, 2, 4, 8 or 16 registers.
pub fn vec_ok(elem: Elem, len: u8) -> bool {
    let bits = elem.bits() * len as u32;
    len >= 2 && bits % 32 == 0 && (bits / 32).is_power_of_two() && bits / 32 <= MAX_VEC_DWORDS
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

    pub fn is_vec(self) -> bool {
        matches!(self, Type::Vec(..))
    }

    /// Size in 32-bit registers (vectors and 64-bit scalars span several).
    pub fn dwords(self) -> u32 {
        self.bits().div_ceil(32)
    }

    /// Bit width of the value (1 for `bool`).
    pub fn bits(self) -> u32 {
        match self {
            Type::Bool => 1,
            Type::F16 => 16,
            Type::I32 | Type::U32 | Type::F32 => 32,
            Type::I64 | Type::U64 | Type::F64 => 64,
            Type::Ptr(a) => a.pointer_bytes() * 8,
            Type::Vec(e, n) => e.bits() * n as u32,
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
            Type::Vec(e, n) => return write!(f, "<{n} x {}>", e.keyword()),
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
