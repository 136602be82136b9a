//! Where each declaration of a declaration-only standard-library module
//! starts and ends, computed while the compiler itself is compiled.
//!
//! `std/gpu/device.slk` declares about 120 operations, and a kernel
//! imports a few of them by name. Lexing, parsing and checking the whole
//! module on every build cost several times the rest of a small build, so
//! a build that only names items of such a module parses just its header
//! and those items (the session decides when that is safe). The index is a
//! `const`: finding the items costs nothing at run time.
//!
//! A declaration-only module is a `package` header followed by items that
//! end at their first `;` (attributes, `fn` declarations without a body,
//! `ext` declarations) and `//` comments. Anything else (a body, a string,
//! an import, a block comment) stops the compiler's build here, so the
//! module cannot silently grow something this scan misreads; the
//! `std_index` tests check that the items parsed one by one are the items
//! of the whole file.

/// One item: its bytes (`start..end`, attributes included) and its name.
#[derive(Clone, Copy, Debug)]
pub(crate) struct DeclItem {
    pub start: u32,
    pub end: u32,
    name_start: u32,
    name_end: u32,
}

/// The index of one declaration-only module.
#[derive(Clone, Copy, Debug)]
pub(crate) struct DeclIndex {
    pub text: &'static str,
    /// End of the `package ...;` header (the header starts the file).
    pub header_end: u32,
    pub items: &'static [DeclItem],
}

impl DeclIndex {
    /// The name `item` declares.
    pub fn name(&self, item: &DeclItem) -> &'static str {
        &self.text[item.name_start as usize..item.name_end as usize]
    }

    /// The item declaring `name`.
    pub fn find(&self, name: &str) -> Option<&DeclItem> {
        self.items.iter().find(|i| self.name(i) == name)
    }
}

const fn ident_byte(b: u8) -> bool {
    b == b'_' || b.is_ascii_alphanumeric()
}

/// Past whitespace and `//` comments from `i`.
const fn skip_trivia(b: &[u8], mut i: usize) -> usize {
    while i < b.len() {
        if b[i].is_ascii_whitespace() {
            i += 1;
        } else if b[i] == b'/' && i + 1 < b.len() && b[i + 1] == b'/' {
            while i < b.len() && b[i] != b'\n' {
                i += 1;
            }
        } else {
            break;
        }
    }
    i
}

const fn word_is(b: &[u8], start: usize, end: usize, w: &[u8]) -> bool {
    if end - start != w.len() {
        return false;
    }
    let mut k = 0;
    while k < w.len() {
        if b[start + k] != w[k] {
            return false;
        }
        k += 1;
    }
    true
}

/// The first `N` items of `text` (all of them when `N` is their count),
/// the item count and the header's end. Panics (a compile error, since it
/// runs in a `const`) on anything a declaration-only module cannot hold.
pub(crate) const fn scan<const N: usize>(text: &str) -> ([DeclItem; N], usize, usize) {
    let b = text.as_bytes();
    let empty = DeclItem {
        start: 0,
        end: 0,
        name_start: 0,
        name_end: 0,
    };
    let mut items = [empty; N];
    let mut i = skip_trivia(b, 0);
    let mut w = i;
    while w < b.len() && ident_byte(b[w]) {
        w += 1;
    }
    if !word_is(b, i, w, b"package") {
        panic!("a declaration-only std module starts with its `package` header");
    }
    while i < b.len() && b[i] != b';' {
        i += 1;
    }
    let header_end = i + 1;
    i = header_end;
    let mut count = 0;
    loop {
        i = skip_trivia(b, i);
        if i >= b.len() {
            break;
        }
        let start = i;
        let (mut name_start, mut name_end) = (0, 0);
        while i < b.len() && b[i] != b';' {
            let c = b[i];
            if c == b'{'
                || c == b'}'
                || c == b'"'
                || c == b'\''
                || (c == b'/' && i + 1 < b.len() && b[i + 1] == b'*')
            {
                panic!("a declaration-only std module holds only `;`-terminated declarations");
            }
            if c == b'/' && i + 1 < b.len() && b[i + 1] == b'/' {
                i = skip_trivia(b, i);
                continue;
            }
            if ident_byte(c) {
                let ws = i;
                while i < b.len() && ident_byte(b[i]) {
                    i += 1;
                }
                if word_is(b, ws, i, b"import") {
                    panic!("a declaration-only std module imports nothing");
                }
                if name_end == 0 && (word_is(b, ws, i, b"fn") || word_is(b, ws, i, b"ext")) {
                    let mut k = skip_trivia(b, i);
                    name_start = k;
                    while k < b.len() && ident_byte(b[k]) {
                        k += 1;
                    }
                    name_end = k;
                    i = k;
                }
                continue;
            }
            i += 1;
        }
        if i >= b.len() || name_end == name_start {
            panic!(
                "every item of a declaration-only std module is a named declaration ending in `;`"
            );
        }
        if count < N {
            items[count] = DeclItem {
                start: start as u32,
                end: (i + 1) as u32,
                name_start: name_start as u32,
                name_end: name_end as u32,
            };
        }
        count += 1;
        i += 1;
    }
    (items, count, header_end)
}

/// `const` index of a declaration-only module's text.
macro_rules! decl_index {
    ($text:expr) => {{
        const TEXT: &str = $text;
        const COUNT: usize = $crate::std_index::scan::<0>(TEXT).1;
        const SCAN: ([$crate::std_index::DeclItem; COUNT], usize, usize) =
            $crate::std_index::scan::<COUNT>(TEXT);
        $crate::std_index::DeclIndex {
            text: TEXT,
            header_end: SCAN.2 as u32,
            items: &SCAN.0,
        }
    }};
}
pub(crate) use decl_index;

#[cfg(test)]
mod tests {
    use crate::lexer::{lex, lex_ranges};
    use crate::parser::{parse_file, parse_tokens};
    use crate::session::DECL_ONLY_STD;
    use crate::source::FileId;

    /// Parsing the header and every indexed item one by one gives the
    /// whole file's parse, spans included, and the index names the items
    /// in order: the scan agrees with the parser on every shipped module.
    #[test]
    fn items_parsed_one_by_one_are_the_whole_file() {
        assert!(!DECL_ONLY_STD.is_empty());
        for (module, index) in DECL_ONLY_STD {
            let file = FileId(7);
            let mut ids = 0;
            let (whole, diags) = parse_file(file, index.text, &mut ids);
            assert!(diags.is_empty(), "{module}: {diags:?}");
            // No expression: parsing later or in part never moves the
            // compilation-wide expression counter.
            assert_eq!(ids, 0, "{module}");
            assert_eq!(whole.items.len(), index.items.len(), "{module}");
            let mut ranges = vec![(0, index.header_end as usize)];
            ranges.extend(
                index
                    .items
                    .iter()
                    .map(|i| (i.start as usize, i.end as usize)),
            );
            let (tokens, lex_diags) = lex_ranges(file, index.text, &ranges);
            assert_eq!(tokens, lex(file, index.text).0, "{module}");
            let (parts, diags) = parse_tokens(file, tokens, lex_diags, &mut ids);
            assert!(diags.is_empty(), "{module}: {diags:?}");
            assert_eq!(format!("{parts:?}"), format!("{whole:?}"), "{module}");
            for (item, parsed) in index.items.iter().zip(&whole.items) {
                let name = match &parsed.kind {
                    crate::ast::ItemKind::Fn(f) => &f.name.name,
                    crate::ast::ItemKind::Ext(e) => &e.name.name,
                    other => panic!("{module}: not a declaration: {other:?}"),
                };
                assert_eq!(index.name(item), name, "{module}");
                assert_eq!((item.start, item.end), (parsed.span.start, parsed.span.end));
            }
        }
    }

    #[test]
    fn a_subset_of_items_lexes_to_their_tokens_only() {
        let (_, index) = DECL_ONLY_STD[0];
        let item = index.find("global_id_x").expect("global_id_x is declared");
        let ranges = [(item.start as usize, item.end as usize)];
        let (tokens, diags) = lex_ranges(FileId(0), index.text, &ranges);
        assert!(diags.is_empty());
        let text = &index.text[item.start as usize..item.end as usize];
        assert!(
            text.starts_with("attr(device=gpu)") && text.ends_with(';'),
            "{text}"
        );
        let first = tokens.first().unwrap().span.start;
        assert_eq!(first, item.start);
        assert!(tokens
            .iter()
            .all(|t| t.span.end <= item.end || t.span.start as usize == index.text.len()));
        assert!(index.find("no_such_operation").is_none());
    }
}
