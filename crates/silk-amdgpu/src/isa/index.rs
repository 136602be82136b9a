//! Lookup indexes over the generated opcode and form tables (`gfx9.rs`,
//! `gfx11.rs`, `*_forms.rs`): mnemonic to table entries, and encoding
//! (family, opcode number) to table entries and DPP/SDWA forms.
//!
//! They are built by the `const fn`s below when the crate is compiled, so
//! they cost nothing at process start (building hash maps at start-up was
//! most of a small `silk asm` run) and need no generator step of their
//! own: they are a pure function of the checked-in tables and can never
//! be stale. Lookups are one hash (FNV-1a) and a short probe, or one
//! array read; nothing allocates.

use super::format::Family;
use super::table::{Form, OpInfo};
use super::Variant;

const FAMILIES: usize = Family::ALL.len();
/// "No entry" in every index array.
const NONE: u16 = u16::MAX;

/// FNV-1a over the bytes of a mnemonic.
pub(crate) const fn hash(bytes: &[u8]) -> u32 {
    let mut h: u32 = HASH_START;
    let mut i = 0;
    while i < bytes.len() {
        h = hash_step(h, bytes[i]);
        i += 1;
    }
    h
}

/// FNV-1a offset basis: the hash of no bytes.
pub(crate) const HASH_START: u32 = 0x811c_9dc5;

/// One byte of FNV-1a.
#[inline]
pub(crate) const fn hash_step(h: u32, b: u8) -> u32 {
    (h ^ b as u32).wrapping_mul(0x0100_0193)
}

/// Whether `key` equals the first `len` bytes of `name`.
const fn prefix_eq(name: &[u8], len: usize, key: &[u8]) -> bool {
    if key.len() != len || name.len() < len {
        return false;
    }
    let mut i = 0;
    while i < len {
        if name[i] != key[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// `_e32` / `_e64` suffix: the mnemonic without it names the opcode too.
const fn encoding_suffix(name: &[u8]) -> bool {
    let n = name.len();
    n > 4
        && name[n - 4] == b'_'
        && name[n - 3] == b'e'
        && ((name[n - 2] == b'3' && name[n - 1] == b'2')
            || (name[n - 2] == b'6' && name[n - 1] == b'4'))
}

/// Mnemonic -> table items, by open addressing. A key is a prefix of an
/// item's name (the whole name, or the name without `_e32`/`_e64`); the
/// items of one key are chained in table order.
pub(crate) struct NameIndex<const SLOTS: usize, const ENTRIES: usize> {
    /// First entry of the key hashed here, or [`NONE`].
    slots: [u16; SLOTS],
    /// Per entry: the table item, the key length, the next entry of the key.
    item: [u16; ENTRIES],
    len: [u8; ENTRIES],
    next: [u16; ENTRIES],
}

impl<const SLOTS: usize, const ENTRIES: usize> NameIndex<SLOTS, ENTRIES> {
    /// `names[i]` is item i's name; `strip` also files items under the
    /// name without an `_e32`/`_e64` suffix.
    const fn build(names: &[&str], strip: bool) -> Self {
        assert!(SLOTS.is_power_of_two() && names.len() < NONE as usize);
        let mut ix = NameIndex {
            slots: [NONE; SLOTS],
            item: [NONE; ENTRIES],
            len: [0; ENTRIES],
            next: [NONE; ENTRIES],
        };
        let mut tail = [NONE; ENTRIES];
        let mut used = 0;
        let mut i = 0;
        while i < names.len() {
            let name = names[i].as_bytes();
            let mut k = 0;
            while k < 2 {
                if k == 1 && !(strip && encoding_suffix(name)) {
                    break;
                }
                let len = if k == 0 { name.len() } else { name.len() - 4 };
                k += 1;
                assert!(len < 256 && used < ENTRIES);
                let e = used;
                used += 1;
                ix.item[e] = i as u16;
                ix.len[e] = len as u8;
                let key = {
                    // The key's bytes are `name[..len]`; hash them.
                    let mut h: u32 = 0x811c_9dc5;
                    let mut j = 0;
                    while j < len {
                        h ^= name[j] as u32;
                        h = h.wrapping_mul(0x0100_0193);
                        j += 1;
                    }
                    h
                };
                let mut s = key as usize & (SLOTS - 1);
                loop {
                    let head = ix.slots[s];
                    if head == NONE {
                        ix.slots[s] = e as u16;
                        tail[e] = e as u16;
                        break;
                    }
                    let h = head as usize;
                    let other = names[ix.item[h] as usize].as_bytes();
                    if ix.len[h] as usize == len && prefix_eq(other, len, name_prefix(name, len)) {
                        let t = tail[h] as usize;
                        ix.next[t] = e as u16;
                        tail[h] = e as u16;
                        break;
                    }
                    s = (s + 1) & (SLOTS - 1);
                }
            }
            i += 1;
        }
        ix
    }

    pub(crate) const fn view(&'static self) -> NameView {
        NameView {
            slots: &self.slots,
            item: &self.item,
            len: &self.len,
            next: &self.next,
        }
    }
}

/// A [`NameIndex`] without its sizes, for lookups.
#[derive(Clone, Copy)]
pub(crate) struct NameView {
    slots: &'static [u16],
    item: &'static [u16],
    len: &'static [u8],
    next: &'static [u16],
}

impl NameView {
    /// The first entry filed under `name`; `item_name(i)` is item i's name.
    #[inline]
    pub(crate) fn head(&self, name: &str, item_name: impl Fn(usize) -> &'static str) -> Entries {
        self.head_hashed(name, hash(name.as_bytes()), item_name)
    }

    /// [`Self::head`] with `hash(name)` already computed (the parser
    /// hashes the mnemonic while it finds where it ends).
    #[inline]
    pub(crate) fn head_hashed(
        &self,
        name: &str,
        hash: u32,
        item_name: impl Fn(usize) -> &'static str,
    ) -> Entries {
        let key = name.as_bytes();
        let mask = self.slots.len() - 1;
        let mut s = hash as usize & mask;
        loop {
            let head = self.slots[s];
            if head == NONE {
                break;
            }
            let e = head as usize;
            if self.len[e] as usize == key.len() {
                let full = item_name(self.item[e] as usize).as_bytes();
                if full.len() >= key.len() && &full[..key.len()] == key {
                    return Entries {
                        view: *self,
                        at: head,
                    };
                }
            }
            s = (s + 1) & mask;
        }
        Entries {
            view: *self,
            at: NONE,
        }
    }
}

/// Items filed under one name, in table order.
#[derive(Clone, Copy)]
pub(crate) struct Entries {
    view: NameView,
    at: u16,
}

impl Iterator for Entries {
    type Item = u16;
    #[inline]
    fn next(&mut self) -> Option<u16> {
        if self.at == NONE {
            return None;
        }
        let e = self.at as usize;
        self.at = self.view.next[e];
        Some(self.view.item[e])
    }
}

/// `name[..len]` as a slice, for const code (range indexing is not const).
const fn name_prefix(name: &[u8], len: usize) -> &[u8] {
    name.split_at(len).0
}

/// Per family, where its opcode numbers start in the dense arrays and how
/// many there are (largest opcode number of the family + 1).
const fn family_blocks(ops: &[OpInfo], forms: &[Form]) -> ([u16; FAMILIES], [u16; FAMILIES]) {
    let mut len = [0u16; FAMILIES];
    let mut i = 0;
    while i < ops.len() {
        let f = ops[i].family as usize;
        if ops[i].opcode + 1 > len[f] {
            len[f] = ops[i].opcode + 1;
        }
        i += 1;
    }
    i = 0;
    while i < forms.len() {
        let f = forms[i].family as usize;
        if forms[i].opcode + 1 > len[f] {
            len[f] = forms[i].opcode + 1;
        }
        i += 1;
    }
    let mut base = [0u16; FAMILIES];
    let mut f = 1;
    while f < FAMILIES {
        base[f] = base[f - 1] + len[f - 1];
        f += 1;
    }
    (base, len)
}

/// Total size of the dense (family, opcode number) arrays.
pub(crate) const fn dense_len(ops: &[OpInfo], forms: &[Form]) -> usize {
    let (base, len) = family_blocks(ops, forms);
    (base[FAMILIES - 1] + len[FAMILIES - 1]) as usize
}

/// Position of a DPP/SDWA variant in [`EncodingIndex::form_first`].
const fn variant_slot(v: Variant) -> usize {
    match v {
        Variant::Native | Variant::Dpp16 => 0,
        Variant::Dpp8 => 1,
        Variant::Sdwa => 2,
    }
}

/// (family, opcode number) -> table entries and forms.
pub(crate) struct EncodingIndex<const DENSE: usize, const OPS: usize, const FORMS: usize> {
    base: [u16; FAMILIES],
    len: [u16; FAMILIES],
    /// Per processor (bit index of [`OpInfo::processors`]): the first
    /// table entry with this encoding on that processor.
    first: [[u16; DENSE]; 3],
    /// The next table entry with the same family and opcode number.
    next: [u16; OPS],
    /// Per variant: the first form with this encoding.
    form_first: [[u16; DENSE]; 3],
    /// The next form with the same family, opcode number and variant.
    form_next: [u16; FORMS],
}

impl<const DENSE: usize, const OPS: usize, const FORMS: usize> EncodingIndex<DENSE, OPS, FORMS> {
    const fn build(ops: &[OpInfo], forms: &[Form]) -> Self {
        assert!(ops.len() == OPS && forms.len() == FORMS && DENSE == dense_len(ops, forms));
        let (base, len) = family_blocks(ops, forms);
        let mut ix = EncodingIndex {
            base,
            len,
            first: [[NONE; DENSE]; 3],
            next: [NONE; OPS],
            form_first: [[NONE; DENSE]; 3],
            form_next: [NONE; FORMS],
        };
        // Walk backwards so every chain ends up in table order.
        let mut last = [NONE; DENSE];
        let mut i = OPS;
        while i > 0 {
            i -= 1;
            let d = base[ops[i].family as usize] as usize + ops[i].opcode as usize;
            ix.next[i] = last[d];
            last[d] = i as u16;
            let mut p = 0;
            while p < 3 {
                if ops[i].processors & (1 << p) != 0 {
                    ix.first[p][d] = i as u16;
                }
                p += 1;
            }
        }
        let mut last = [[NONE; DENSE]; 3];
        i = FORMS;
        while i > 0 {
            i -= 1;
            let d = base[forms[i].family as usize] as usize + forms[i].opcode as usize;
            let v = variant_slot(forms[i].variant);
            ix.form_next[i] = last[v][d];
            last[v][d] = i as u16;
            ix.form_first[v][d] = i as u16;
        }
        ix
    }

    /// First form (table order) of this encoding and variant, or
    /// [`NONE`] (for `const` users: the encoder's plans).
    pub(crate) const fn first_form(&self, family: Family, opcode: u16, variant: Variant) -> u16 {
        let f = family as usize;
        if matches!(variant, Variant::Native) || opcode >= self.len[f] {
            return NONE;
        }
        self.form_first[variant_slot(variant)][self.base[f] as usize + opcode as usize]
    }

    pub(crate) const fn view(&'static self) -> EncodingView {
        EncodingView {
            base: &self.base,
            len: &self.len,
            first: [&self.first[0], &self.first[1], &self.first[2]],
            next: &self.next,
            form_first: [
                &self.form_first[0],
                &self.form_first[1],
                &self.form_first[2],
            ],
            form_next: &self.form_next,
        }
    }
}

/// An [`EncodingIndex`] without its sizes, for lookups.
#[derive(Clone, Copy)]
pub(crate) struct EncodingView {
    base: &'static [u16; FAMILIES],
    len: &'static [u16; FAMILIES],
    first: [&'static [u16]; 3],
    next: &'static [u16],
    form_first: [&'static [u16]; 3],
    form_next: &'static [u16],
}

impl EncodingView {
    #[inline]
    fn dense(&self, family: Family, opcode: u16) -> Option<usize> {
        let f = family as usize;
        (opcode < self.len[f]).then(|| self.base[f] as usize + opcode as usize)
    }

    /// First table entry with this encoding on processor bit `slot`.
    #[inline]
    pub(crate) fn first(&self, slot: usize, family: Family, opcode: u16) -> Option<u16> {
        let i = self.first[slot][self.dense(family, opcode)?];
        (i != NONE).then_some(i)
    }

    /// Entries from `start` on with the same encoding, in table order.
    #[inline]
    pub(crate) fn chain(&self, start: Option<u16>) -> Chain {
        Chain {
            next: self.next,
            at: start.unwrap_or(NONE),
        }
    }

    /// Forms with this encoding and variant, in table order.
    #[inline]
    pub(crate) fn forms(&self, family: Family, opcode: u16, variant: Variant) -> Chain {
        let at = match (variant, self.dense(family, opcode)) {
            (Variant::Native, _) | (_, None) => NONE,
            (v, Some(d)) => self.form_first[variant_slot(v)][d],
        };
        Chain {
            next: self.form_next,
            at,
        }
    }
}

/// Indexes linked by a `next` array, ending at [`NONE`].
#[derive(Clone, Copy)]
pub(crate) struct Chain {
    next: &'static [u16],
    at: u16,
}

impl Iterator for Chain {
    type Item = u16;
    #[inline]
    fn next(&mut self) -> Option<u16> {
        if self.at == NONE {
            return None;
        }
        let r = self.at;
        self.at = self.next[r as usize];
        Some(r)
    }
}

/// Item names of a table, for the const builders.
const fn op_names<const N: usize>(ops: &[OpInfo]) -> [&'static str; N] {
    let mut out = [""; N];
    let mut i = 0;
    while i < N {
        out[i] = ops[i].name;
        i += 1;
    }
    out
}

const fn form_names<const N: usize>(forms: &[Form]) -> [&'static str; N] {
    let mut out = [""; N];
    let mut i = 0;
    while i < N {
        out[i] = forms[i].name;
        i += 1;
    }
    out
}

/// Hash slots for `n` keys: a power of two at least twice as large.
const fn slots_for(n: usize) -> usize {
    (2 * n).next_power_of_two()
}

macro_rules! generation_index {
    ($module:ident, $ops:path, $forms:path) => {
        pub(crate) mod $module {
            use super::*;
            const OPS: usize = $ops.len();
            const FORMS: usize = $forms.len();
            const DENSE: usize = dense_len($ops, $forms);
            const OP_NAMES: [&str; OPS] = op_names::<OPS>($ops);
            const FORM_NAMES: [&str; FORMS] = form_names::<FORMS>($forms);

            /// Opcode mnemonics (and their names without `_e32`/`_e64`).
            static NAMES: NameIndex<{ slots_for(2 * OPS) }, { 2 * OPS }> =
                NameIndex::build(&OP_NAMES, true);
            static FORM_NAMES_INDEX: NameIndex<{ slots_for(FORMS) }, FORMS> =
                NameIndex::build(&FORM_NAMES, false);
            pub(crate) static ENCODINGS: EncodingIndex<DENSE, OPS, FORMS> =
                EncodingIndex::build($ops, $forms);
            pub(crate) static BY_NAME: NameView = NAMES.view();
            /// DPP/SDWA form mnemonics.
            pub(crate) static FORMS_BY_NAME: NameView = FORM_NAMES_INDEX.view();
            pub(crate) static BY_ENCODING: EncodingView = ENCODINGS.view();
        }
    };
}

generation_index!(
    gfx9,
    crate::isa::gfx9::OPCODES,
    crate::isa::gfx9_forms::FORMS
);
generation_index!(
    gfx11,
    crate::isa::gfx11::OPCODES,
    crate::isa::gfx11_forms::FORMS
);

#[cfg(test)]
mod tests {
    use crate::isa::table;
    use crate::isa::{Opcode, Variant};
    use crate::target::Processor;

    /// Every lookup agrees with a plain scan of the tables.
    #[test]
    fn indexes_agree_with_a_table_scan() {
        for p in Processor::ALL {
            let gen = p.generation();
            let t = table::table(gen);
            for op in t {
                let bases = [
                    Some(op.name),
                    op.name
                        .strip_suffix("_e32")
                        .or_else(|| op.name.strip_suffix("_e64")),
                ];
                for name in bases.into_iter().flatten() {
                    let want: Vec<Opcode> = (0..t.len())
                        .filter(|&i| {
                            let n = t[i].name;
                            t[i].on(p)
                                && (n == name
                                    || n.strip_suffix("_e32") == Some(name)
                                    || n.strip_suffix("_e64") == Some(name))
                        })
                        .map(|i| Opcode(i as u16))
                        .collect();
                    let got: Vec<Opcode> = table::by_name(p, name).collect();
                    assert_eq!(got, want, "{p} by_name {name}");
                }
                let same = |i: &usize| t[*i].family == op.family && t[*i].opcode == op.opcode;
                let want: Vec<Opcode> = (0..t.len())
                    .filter(|i| same(i) && t[*i].on(p))
                    .map(|i| Opcode(i as u16))
                    .collect();
                let got: Vec<Opcode> = table::candidates(p, op.family, op.opcode).collect();
                assert_eq!(got, want, "{p} candidates {}", op.name);
                assert_eq!(
                    table::by_encoding(p, op.family, op.opcode),
                    want.first().copied(),
                    "{p} by_encoding {}",
                    op.name
                );
                for v in [
                    Variant::Native,
                    Variant::Dpp16,
                    Variant::Dpp8,
                    Variant::Sdwa,
                ] {
                    let want = table::forms(gen).iter().find(|f| {
                        v != Variant::Native
                            && f.family == op.family
                            && f.opcode == op.opcode
                            && f.variant == v
                            && f.on(p)
                    });
                    assert_eq!(
                        table::form(p, op.family, op.opcode, v),
                        want,
                        "{p} form {} {v:?}",
                        op.name
                    );
                }
            }
            for f in table::forms(gen) {
                let want: Vec<_> = table::forms(gen)
                    .iter()
                    .filter(|g| g.name == f.name && g.on(p))
                    .collect();
                let got: Vec<_> = table::forms_by_name(p, f.name).collect();
                assert_eq!(got, want, "{p} forms_by_name {}", f.name);
            }
            for missing in ["", "v_", "s_mov_b32x", "v_add_f32_e3", "_e32"] {
                assert_eq!(table::by_name(p, missing).count(), 0, "{missing}");
                assert_eq!(table::forms_by_name(p, missing).count(), 0, "{missing}");
            }
            assert_eq!(
                table::by_encoding(p, crate::isa::Family::Vop3, 0xffff),
                None
            );
        }
    }
}
