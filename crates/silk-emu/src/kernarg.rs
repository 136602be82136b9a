//! A kernel's explicit-argument layout, as its code object metadata gives
//! it (`.args` entries that are not hidden, AMDGPU code object V5
//! metadata). Host interfaces that receive the arguments packed in one
//! buffer, HIP's `kernelParams` / `extra` and silk-runtime's packed
//! arguments, split them with this into the [`Arg`]s
//! [`crate::Emulator::launch`] places back at the same offsets.

use crate::Arg;
use silk_amdgpu::code_object::KernelMetadata;

/// Where each explicit argument of a kernel lives in its kernarg segment.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct KernargLayout {
    /// (offset, size) of each explicit argument, in metadata order.
    pub args: Vec<(usize, usize)>,
    /// Bytes the explicit arguments span (the end of the furthest one).
    pub explicit_size: usize,
}

/// An explicit argument that ends beyond the bytes its caller can pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ArgBeyond {
    /// Its index among the explicit arguments.
    pub index: usize,
    pub offset: u64,
    pub size: u64,
    /// The bytes available.
    pub limit: u64,
}

/// Fewer packed bytes than the explicit arguments span.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ArgsShort {
    pub needed: usize,
    pub given: usize,
}

impl KernargLayout {
    /// The layout `meta` describes (no arguments without metadata). Every
    /// explicit argument must end within `limit` bytes; checking that
    /// first is also what keeps a hostile offset or size from being used
    /// to slice or allocate.
    pub fn of(meta: Option<&KernelMetadata>, limit: u64) -> Result<KernargLayout, ArgBeyond> {
        let mut layout = KernargLayout::default();
        let explicit = meta
            .map(|m| m.args.as_slice())
            .unwrap_or_default()
            .iter()
            .filter(|a| !a.value_kind.is_hidden());
        for (index, a) in explicit.enumerate() {
            let end = a.offset.saturating_add(a.size);
            if end > limit {
                return Err(ArgBeyond {
                    index,
                    offset: a.offset,
                    size: a.size,
                    limit,
                });
            }
            layout.args.push((a.offset as usize, a.size as usize));
            layout.explicit_size = layout.explicit_size.max(end as usize);
        }
        Ok(layout)
    }

    /// The arguments in `packed` (laid out as the kernarg segment's
    /// explicit part), each as its bytes.
    pub fn split(&self, packed: &[u8]) -> Result<Vec<Arg>, ArgsShort> {
        if packed.len() < self.explicit_size {
            return Err(ArgsShort {
                needed: self.explicit_size,
                given: packed.len(),
            });
        }
        Ok(self
            .args
            .iter()
            .map(|&(o, s)| Arg::Bytes(packed[o..o + s].to_vec()))
            .collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use silk_amdgpu::code_object::{KernelArg, ValueKind};
    use silk_amdgpu::target::{Processor, Target};

    fn arg(offset: u64, size: u64, value_kind: ValueKind) -> KernelArg {
        KernelArg::new(value_kind, offset, size)
    }

    fn meta(args: Vec<KernelArg>) -> KernelMetadata {
        KernelMetadata::hip(&Target::new(Processor::Gfx942), "k", args, 0, 8)
    }

    #[test]
    fn explicit_arguments_only_and_split_at_their_offsets() {
        let m = meta(vec![
            arg(0, 8, ValueKind::GlobalBuffer),
            arg(8, 4, ValueKind::ByValue),
            arg(16, 4, ValueKind::HiddenBlockCountX),
        ]);
        let l = KernargLayout::of(Some(&m), 16).unwrap();
        assert_eq!(l.args, vec![(0, 8), (8, 4)]);
        assert_eq!(l.explicit_size, 12);
        let packed: Vec<u8> = (0..12).collect();
        assert_eq!(
            l.split(&packed).unwrap(),
            vec![Arg::Bytes((0..8).collect()), Arg::Bytes(vec![8, 9, 10, 11])]
        );
        assert_eq!(
            l.split(&packed[..11]),
            Err(ArgsShort {
                needed: 12,
                given: 11
            })
        );
        assert_eq!(
            KernargLayout::of(None, 0).unwrap(),
            KernargLayout::default()
        );
    }

    #[test]
    fn an_argument_past_the_limit_is_an_error() {
        let m = meta(vec![
            arg(0, 8, ValueKind::GlobalBuffer),
            arg(u64::MAX, 8, ValueKind::ByValue),
        ]);
        assert_eq!(
            KernargLayout::of(Some(&m), 4096),
            Err(ArgBeyond {
                index: 1,
                offset: u64::MAX,
                size: 8,
                limit: 4096
            })
        );
        let m = meta(vec![arg(4090, 8, ValueKind::ByValue)]);
        assert_eq!(KernargLayout::of(Some(&m), 4096).unwrap_err().index, 0);
        assert!(KernargLayout::of(Some(&m), 4098).is_ok());
    }
}
