//! Semantic types.

/// Index of a struct in [`crate::Program::structs`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct StructId(pub u32);

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IntTy {
    U8,
    U16,
    U32,
    U64,
    U128,
    I8,
    I16,
    I32,
    I64,
    I128,
    /// Silk's default integer (64-bit signed), distinct from `i64` for checking.
    Int,
}

impl IntTy {
    pub fn name(self) -> &'static str {
        match self {
            IntTy::U8 => "u8",
            IntTy::U16 => "u16",
            IntTy::U32 => "u32",
            IntTy::U64 => "u64",
            IntTy::U128 => "u128",
            IntTy::I8 => "i8",
            IntTy::I16 => "i16",
            IntTy::I32 => "i32",
            IntTy::I64 => "i64",
            IntTy::I128 => "i128",
            IntTy::Int => "int",
        }
    }

    pub fn is_signed(self) -> bool {
        !matches!(
            self,
            IntTy::U8 | IntTy::U16 | IntTy::U32 | IntTy::U64 | IntTy::U128
        )
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FloatTy {
    F32,
    F64,
    F128,
}

impl FloatTy {
    pub fn name(self) -> &'static str {
        match self {
            FloatTy::F32 => "f32",
            FloatTy::F64 => "f64",
            FloatTy::F128 => "f128",
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Ty {
    Bool,
    Int(IntTy),
    Float(FloatTy),
    Char,
    String,
    Void,
    Struct(StructId),
    Optional(Box<Ty>),
    Ref(Box<Ty>),
    Slice(Box<Ty>),
    Array(Box<Ty>, u64),
    Fn(Vec<Ty>, Box<Ty>),
    /// An integer literal not yet given a type by its context.
    IntLit,
    /// A float literal not yet given a type by its context.
    FloatLit,
    /// `None` not yet given an optional type by its context.
    NoneLit,
    /// The type of an expression that already failed to check.
    Error,
}

impl Ty {
    /// The scalar named by a built-in type name.
    pub fn builtin(name: &str) -> Option<Ty> {
        Some(match name {
            "bool" => Ty::Bool,
            "u8" => Ty::Int(IntTy::U8),
            "u16" => Ty::Int(IntTy::U16),
            "u32" => Ty::Int(IntTy::U32),
            "u64" => Ty::Int(IntTy::U64),
            "u128" => Ty::Int(IntTy::U128),
            "i8" => Ty::Int(IntTy::I8),
            "i16" => Ty::Int(IntTy::I16),
            "i32" => Ty::Int(IntTy::I32),
            "i64" => Ty::Int(IntTy::I64),
            "i128" => Ty::Int(IntTy::I128),
            "int" => Ty::Int(IntTy::Int),
            "f32" => Ty::Float(FloatTy::F32),
            "f64" => Ty::Float(FloatTy::F64),
            "f128" => Ty::Float(FloatTy::F128),
            "char" => Ty::Char,
            "string" => Ty::String,
            "void" => Ty::Void,
            _ => return None,
        })
    }

    pub fn is_integer(&self) -> bool {
        matches!(self, Ty::Int(_) | Ty::IntLit)
    }

    pub fn is_numeric(&self) -> bool {
        matches!(self, Ty::Int(_) | Ty::IntLit | Ty::Float(_) | Ty::FloatLit)
    }

    pub fn is_error(&self) -> bool {
        matches!(self, Ty::Error)
    }

    /// An integer or float literal not yet given a type.
    pub fn is_literal(&self) -> bool {
        matches!(self, Ty::IntLit | Ty::FloatLit)
    }

    /// Whether a value of this type holds a slice (a view of memory it
    /// does not own), directly or in an optional or array.
    pub fn holds_slice(&self) -> bool {
        match self {
            Ty::Slice(_) => true,
            Ty::Optional(t) | Ty::Array(t, _) => t.holds_slice(),
            _ => false,
        }
    }

    /// `&T` → `T`, otherwise itself.
    pub fn strip_ref(&self) -> &Ty {
        match self {
            Ty::Ref(inner) => inner,
            other => other,
        }
    }

    /// Whether a value of type `self` may be used where `expected` is required.
    pub fn coerces_to(&self, expected: &Ty) -> bool {
        match (self, expected) {
            (Ty::Error, _) | (_, Ty::Error) => true,
            (a, b) if a == b => true,
            (Ty::IntLit, Ty::Int(_) | Ty::Float(_)) => true,
            (Ty::FloatLit, Ty::Float(_)) => true,
            (Ty::NoneLit, Ty::Optional(_)) => true,
            // An array literal of untyped literals takes its element type
            // from the context; an array is viewed as a slice of its type.
            (Ty::Array(a, n), Ty::Array(b, m)) => n == m && a.is_literal() && a.coerces_to(b),
            (Ty::Array(a, _), Ty::Slice(b)) => a == b || (a.is_literal() && a.coerces_to(b)),
            // Auto-reference: a `T` value is accepted for a `&T` parameter.
            (a, Ty::Ref(inner)) => a.coerces_to(inner),
            // A value is accepted where its optional is expected.
            (a, Ty::Optional(inner)) => a.coerces_to(inner),
            _ => false,
        }
    }

    /// The type a literal defaults to when nothing constrains it.
    pub fn defaulted(self) -> Ty {
        match self {
            Ty::IntLit => Ty::Int(IntTy::Int),
            Ty::FloatLit => Ty::Float(FloatTy::F64),
            Ty::Array(t, n) => Ty::Array(Box::new((*t).defaulted()), n),
            other => other,
        }
    }

    /// Human-readable spelling; struct names come from `struct_name`.
    pub fn display(&self, struct_name: &dyn Fn(StructId) -> String) -> String {
        match self {
            Ty::Bool => "bool".into(),
            Ty::Int(i) => i.name().into(),
            Ty::Float(f) => f.name().into(),
            Ty::Char => "char".into(),
            Ty::String => "string".into(),
            Ty::Void => "void".into(),
            Ty::Struct(id) => struct_name(*id),
            Ty::Optional(t) => format!("{}?", t.display(struct_name)),
            Ty::Ref(t) => format!("&{}", t.display(struct_name)),
            Ty::Slice(t) => format!("{}[]", t.display(struct_name)),
            Ty::Array(t, n) => format!("{}[{n}]", t.display(struct_name)),
            Ty::Fn(params, result) => format!(
                "fn ({}) -> {}",
                params
                    .iter()
                    .map(|p| p.display(struct_name))
                    .collect::<Vec<_>>()
                    .join(", "),
                result.display(struct_name)
            ),
            Ty::IntLit => "integer literal".into(),
            Ty::FloatLit => "float literal".into(),
            Ty::NoneLit => "None".into(),
            Ty::Error => "{error}".into(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn coercions() {
        let u64_ = Ty::Int(IntTy::U64);
        assert!(Ty::IntLit.coerces_to(&u64_));
        assert!(Ty::IntLit.coerces_to(&Ty::Float(FloatTy::F32)));
        assert!(!Ty::FloatLit.coerces_to(&u64_));
        assert!(!Ty::Int(IntTy::Int).coerces_to(&u64_));
        assert!(u64_.coerces_to(&Ty::Ref(Box::new(u64_.clone()))));
        assert!(u64_.coerces_to(&Ty::Optional(Box::new(u64_.clone()))));
        assert!(Ty::Error.coerces_to(&Ty::Bool));
        assert!(!Ty::Bool.coerces_to(&u64_));
        assert_eq!(Ty::IntLit.defaulted(), Ty::Int(IntTy::Int));
        assert_eq!(Ty::builtin("u8"), Some(Ty::Int(IntTy::U8)));
        assert_eq!(Ty::builtin("Buffer"), None);
        assert!(IntTy::Int.is_signed() && !IntTy::U32.is_signed());
        let lits = Ty::Array(Box::new(Ty::IntLit), 3);
        let u8s = Ty::Array(Box::new(Ty::Int(IntTy::U8)), 3);
        assert!(lits.coerces_to(&u8s));
        assert!(!lits.coerces_to(&Ty::Array(Box::new(Ty::Int(IntTy::U8)), 4)));
        assert!(u8s.coerces_to(&Ty::Slice(Box::new(Ty::Int(IntTy::U8)))));
        assert!(lits.coerces_to(&Ty::Slice(Box::new(Ty::Int(IntTy::U8)))));
        let bools = Ty::Array(Box::new(Ty::Bool), 3);
        assert!(!bools.coerces_to(&Ty::Slice(Box::new(Ty::Int(IntTy::U8)))));
        assert_eq!(
            lits.defaulted(),
            Ty::Array(Box::new(Ty::Int(IntTy::Int)), 3)
        );
        assert!(Ty::Optional(Box::new(Ty::Slice(Box::new(Ty::Bool)))).holds_slice());
        assert!(!u8s.holds_slice());
    }
}
