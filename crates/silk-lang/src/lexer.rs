//! Tokens and the lexer. Never panics; malformed input becomes
//! [`TokenKind::Error`] tokens plus `E0001` diagnostics.

use crate::diag::{codes, Diagnostic};
use crate::source::{FileId, Span};

#[derive(Clone, Debug, PartialEq)]
pub enum TokenKind {
    Ident(String),
    /// A keyword; see [`KEYWORDS`].
    Keyword(Keyword),
    /// An integer literal's value (`None` when it does not fit in 128 bits).
    Int(Option<u128>),
    Float(f64),
    Str(String),
    Char(char),
    Punct(Punct),
    /// Something the lexer could not read (already reported).
    Error,
    Eof,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Keyword {
    Package,
    Module,
    Import,
    As,
    Fn,
    Export,
    Pure,
    Const,
    Async,
    Task,
    Ext,
    Struct,
    Impl,
    Public,
    Let,
    Var,
    Mut,
    If,
    Else,
    While,
    Loop,
    Break,
    Continue,
    Return,
    True,
    False,
    Gpu,
    Attr,
}

/// Reserved words and their keywords. `from` stays an identifier and is
/// recognised by context in imports.
pub const KEYWORDS: &[(&str, Keyword)] = &[
    ("package", Keyword::Package),
    ("module", Keyword::Module),
    ("import", Keyword::Import),
    ("as", Keyword::As),
    ("fn", Keyword::Fn),
    ("export", Keyword::Export),
    ("pure", Keyword::Pure),
    ("const", Keyword::Const),
    ("async", Keyword::Async),
    ("task", Keyword::Task),
    ("ext", Keyword::Ext),
    ("struct", Keyword::Struct),
    ("impl", Keyword::Impl),
    ("public", Keyword::Public),
    ("let", Keyword::Let),
    ("var", Keyword::Var),
    ("mut", Keyword::Mut),
    ("if", Keyword::If),
    ("else", Keyword::Else),
    ("while", Keyword::While),
    ("loop", Keyword::Loop),
    ("break", Keyword::Break),
    ("continue", Keyword::Continue),
    ("return", Keyword::Return),
    ("true", Keyword::True),
    ("false", Keyword::False),
    ("gpu", Keyword::Gpu),
    ("attr", Keyword::Attr),
];

impl Keyword {
    pub fn as_str(self) -> &'static str {
        KEYWORDS
            .iter()
            .find(|(_, k)| *k == self)
            .map(|(s, _)| *s)
            .unwrap_or("?")
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Punct {
    LParen,
    RParen,
    LBrace,
    RBrace,
    LBracket,
    RBracket,
    Comma,
    Semi,
    Colon,
    ColonColon,
    Dot,
    Ellipsis,
    Arrow,
    FatArrow,
    Question,
    QuestionDot,
    QuestionQuestion,
    Plus,
    Minus,
    Star,
    Slash,
    Percent,
    Amp,
    AmpAmp,
    Pipe,
    PipePipe,
    Caret,
    Tilde,
    Bang,
    Eq,
    EqEq,
    BangEq,
    Lt,
    Le,
    Gt,
    Ge,
    Shl,
    Shr,
    PlusEq,
    MinusEq,
    StarEq,
    SlashEq,
    PercentEq,
    AmpEq,
    PipeEq,
    CaretEq,
    ShlEq,
    ShrEq,
}

/// The keyword spelled `word`, if any: only the keywords starting with
/// its first byte are compared (identifiers are lexed often and most
/// match no keyword).
fn keyword(word: &str) -> Option<Keyword> {
    let b = word.as_bytes();
    let first = *b.first()? as usize;
    KEYWORD_BY_FIRST
        .get(first)?
        .iter()
        .take_while(|&&i| i != NO_ENTRY)
        .map(|&i| KEYWORDS[i as usize])
        .find(|(s, _)| s.as_bytes() == b)
        .map(|(_, k)| k)
}

/// Marks an unused slot of a by-first-byte index.
const NO_ENTRY: u8 = u8::MAX;

/// Per ASCII byte, the indices (in table order) of the spellings in
/// `table` that start with it, so a lookup compares only those. Built at
/// compile time from the table; overflowing a row is a compile error.
const fn by_first_byte(table: &[&str]) -> [[u8; 4]; 128] {
    let mut index = [[NO_ENTRY; 4]; 128];
    let mut i = 0;
    while i < table.len() {
        let row = table[i].as_bytes()[0] as usize;
        let mut k = 0;
        while index[row][k] != NO_ENTRY {
            k += 1;
            assert!(k < 4, "more than 4 spellings share a first byte");
        }
        index[row][k] = i as u8;
        i += 1;
    }
    index
}

/// The first `N` spellings of a `(spelling, value)` table.
const fn spellings<T: Copy, const N: usize>(table: &[(&'static str, T)]) -> [&'static str; N] {
    let mut out = [""; N];
    let mut i = 0;
    while i < N {
        out[i] = table[i].0;
        i += 1;
    }
    out
}

const KEYWORD_BY_FIRST: [[u8; 4]; 128] =
    by_first_byte(&spellings::<Keyword, { KEYWORDS.len() }>(KEYWORDS));
const PUNCT_BY_FIRST: [[u8; 4]; 128] = by_first_byte(&spellings::<Punct, { PUNCTS.len() }>(PUNCTS));

/// Punctuation spellings, longest first so the lexer can match greedily.
const PUNCTS: &[(&str, Punct)] = &[
    ("<<=", Punct::ShlEq),
    (">>=", Punct::ShrEq),
    ("...", Punct::Ellipsis),
    ("::", Punct::ColonColon),
    ("->", Punct::Arrow),
    ("=>", Punct::FatArrow),
    ("?.", Punct::QuestionDot),
    ("??", Punct::QuestionQuestion),
    ("&&", Punct::AmpAmp),
    ("||", Punct::PipePipe),
    ("==", Punct::EqEq),
    ("!=", Punct::BangEq),
    ("<=", Punct::Le),
    (">=", Punct::Ge),
    ("<<", Punct::Shl),
    (">>", Punct::Shr),
    ("+=", Punct::PlusEq),
    ("-=", Punct::MinusEq),
    ("*=", Punct::StarEq),
    ("/=", Punct::SlashEq),
    ("%=", Punct::PercentEq),
    ("&=", Punct::AmpEq),
    ("|=", Punct::PipeEq),
    ("^=", Punct::CaretEq),
    ("(", Punct::LParen),
    (")", Punct::RParen),
    ("{", Punct::LBrace),
    ("}", Punct::RBrace),
    ("[", Punct::LBracket),
    ("]", Punct::RBracket),
    (",", Punct::Comma),
    (";", Punct::Semi),
    (":", Punct::Colon),
    (".", Punct::Dot),
    ("?", Punct::Question),
    ("+", Punct::Plus),
    ("-", Punct::Minus),
    ("*", Punct::Star),
    ("/", Punct::Slash),
    ("%", Punct::Percent),
    ("&", Punct::Amp),
    ("|", Punct::Pipe),
    ("^", Punct::Caret),
    ("~", Punct::Tilde),
    ("!", Punct::Bang),
    ("=", Punct::Eq),
    ("<", Punct::Lt),
    (">", Punct::Gt),
];

impl Punct {
    pub fn as_str(self) -> &'static str {
        PUNCTS
            .iter()
            .find(|(_, p)| *p == self)
            .map(|(s, _)| *s)
            .unwrap_or("?")
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct Token {
    pub kind: TokenKind,
    pub span: Span,
}

impl TokenKind {
    /// How the token is named in "expected X, found Y" messages.
    pub fn describe(&self) -> String {
        match self {
            TokenKind::Ident(name) => format!("identifier `{name}`"),
            TokenKind::Keyword(k) => format!("keyword `{}`", k.as_str()),
            TokenKind::Int(_) => "integer literal".into(),
            TokenKind::Float(_) => "float literal".into(),
            TokenKind::Str(_) => "string literal".into(),
            TokenKind::Char(_) => "character literal".into(),
            TokenKind::Punct(p) => format!("`{}`", p.as_str()),
            TokenKind::Error => "invalid token".into(),
            TokenKind::Eof => "end of file".into(),
        }
    }
}

/// Tokens [`lex`] reserves room for up front (64 bytes each); more grow
/// the vector as needed.
const MAX_RESERVED_TOKENS: usize = 1 << 16;

/// Split a file into tokens. The last token is always [`TokenKind::Eof`].
pub fn lex(file: FileId, text: &str) -> (Vec<Token>, Vec<Diagnostic>) {
    let mut lx = Lexer {
        file,
        text,
        bytes: text.as_bytes(),
        pos: 0,
        // Fewer tokens than a quarter of the bytes in real Silk (the
        // standard library has about one per 7); starting there saves
        // most of the regrowing from empty. Bounded: hostile text (a file
        // of NUL bytes is one merged token) must not reserve by its size.
        tokens: Vec::with_capacity((text.len() / 8 + 1).min(MAX_RESERVED_TOKENS)),
        diags: Vec::new(),
    };
    lx.run();
    (lx.tokens, lx.diags)
}

/// The tokens of the byte ranges `ranges` of `text` (in order, each
/// starting and ending between tokens), with spans in `text`'s
/// coordinates and one `Eof` at its end: a few items of a file without
/// lexing the rest.
pub(crate) fn lex_ranges(
    file: FileId,
    text: &str,
    ranges: &[(usize, usize)],
) -> (Vec<Token>, Vec<Diagnostic>) {
    let mut tokens = Vec::new();
    let mut diags = Vec::new();
    for &(start, end) in ranges {
        let mut lx = Lexer {
            file,
            text: &text[..end],
            bytes: &text.as_bytes()[..end],
            pos: start,
            tokens,
            diags,
        };
        lx.run();
        lx.tokens.pop(); // the range's own `Eof`
        (tokens, diags) = (lx.tokens, lx.diags);
    }
    let end = text.len();
    tokens.push(Token {
        kind: TokenKind::Eof,
        span: Span::new(file, end, end),
    });
    (tokens, diags)
}

struct Lexer<'a> {
    file: FileId,
    text: &'a str,
    bytes: &'a [u8],
    pos: usize,
    tokens: Vec<Token>,
    diags: Vec<Diagnostic>,
}

impl Lexer<'_> {
    fn span(&self, start: usize) -> Span {
        Span::new(self.file, start, self.pos)
    }

    fn push(&mut self, kind: TokenKind, start: usize) {
        let span = self.span(start);
        self.tokens.push(Token { kind, span });
    }

    fn error(&mut self, start: usize, message: impl Into<String>, label: impl Into<String>) {
        let span = self.span(start);
        self.diags
            .push(Diagnostic::error(codes::PARSE, message).at(span, label));
    }

    /// Whether `c`, at the current position, starts no token, whitespace
    /// or comment.
    fn starts_no_token(&self, c: char) -> bool {
        if !c.is_ascii() {
            return true;
        }
        let b = c as u8;
        let rest = &self.bytes[self.pos..];
        !(b.is_ascii_whitespace()
            || b.is_ascii_alphanumeric()
            || matches!(b, b'_' | b'"' | b'\'' | b'/')
            || PUNCTS.iter().any(|(s, _)| rest.starts_with(s.as_bytes())))
    }

    fn peek(&self, ahead: usize) -> u8 {
        self.bytes.get(self.pos + ahead).copied().unwrap_or(0)
    }

    fn run(&mut self) {
        while self.pos < self.bytes.len() {
            let start = self.pos;
            let c = self.bytes[self.pos];
            match c {
                b' ' | b'\t' | b'\r' | b'\n' => self.pos += 1,
                b'/' if self.peek(1) == b'/' => {
                    while self.pos < self.bytes.len() && self.bytes[self.pos] != b'\n' {
                        self.pos += 1;
                    }
                }
                b'/' if self.peek(1) == b'*' => self.block_comment(),
                b'0'..=b'9' => self.number(),
                b'"' => self.string(),
                b'\'' => self.char_lit(),
                c if c == b'_' || c.is_ascii_alphabetic() => {
                    while self.pos < self.bytes.len()
                        && (self.bytes[self.pos] == b'_'
                            || self.bytes[self.pos].is_ascii_alphanumeric())
                    {
                        self.pos += 1;
                    }
                    let word = &self.text[start..self.pos];
                    let kind = match keyword(word) {
                        Some(k) => TokenKind::Keyword(k),
                        None => TokenKind::Ident(word.to_string()),
                    };
                    self.push(kind, start);
                }
                _ => {
                    let rest = &self.bytes[self.pos..];
                    // Compare whole spellings only when the first byte
                    // matches: the scan runs once per punctuation token.
                    let candidates = PUNCT_BY_FIRST.get(c as usize).map_or(&[][..], |r| &r[..]);
                    if let Some((s, p)) = candidates
                        .iter()
                        .take_while(|&&i| i != NO_ENTRY)
                        .map(|&i| &PUNCTS[i as usize])
                        .find(|(s, _)| rest.starts_with(s.as_bytes()))
                    {
                        self.pos += s.len();
                        self.push(TokenKind::Punct(*p), start);
                    } else {
                        // A run of characters that start no token is one
                        // diagnostic, not one per character (a file of
                        // NUL bytes is one error).
                        let ch = self.text[self.pos..].chars().next().unwrap_or('?');
                        self.pos += ch.len_utf8().max(1);
                        let mut count = 1usize;
                        while let Some(next) = self.text[self.pos..].chars().next() {
                            if !self.starts_no_token(next) {
                                break;
                            }
                            self.pos += next.len_utf8();
                            count += 1;
                        }
                        let message = if count == 1 {
                            format!("unexpected character `{}`", ch.escape_debug())
                        } else {
                            format!(
                                "{count} unexpected characters, starting with `{}`",
                                ch.escape_debug()
                            )
                        };
                        self.error(start, message, "not valid in Silk source");
                        self.push(TokenKind::Error, start);
                    }
                }
            }
        }
        let end = self.bytes.len();
        self.tokens.push(Token {
            kind: TokenKind::Eof,
            span: Span::new(self.file, end, end),
        });
    }

    fn block_comment(&mut self) {
        let start = self.pos;
        self.pos += 2;
        let mut depth = 1;
        while self.pos < self.bytes.len() {
            if self.bytes[self.pos] == b'/' && self.peek(1) == b'*' {
                depth += 1;
                self.pos += 2;
            } else if self.bytes[self.pos] == b'*' && self.peek(1) == b'/' {
                depth -= 1;
                self.pos += 2;
                if depth == 0 {
                    return;
                }
            } else {
                self.pos += 1;
            }
        }
        let span_end = (start + 2).min(self.bytes.len());
        let saved = self.pos;
        self.pos = span_end;
        self.error(start, "unterminated block comment", "comment starts here");
        self.pos = saved;
    }

    fn number(&mut self) {
        let start = self.pos;
        let (radix, digits_start) = match (self.bytes[self.pos], self.peek(1)) {
            (b'0', b'x' | b'X') => (16, self.pos + 2),
            (b'0', b'b' | b'B') => (2, self.pos + 2),
            (b'0', b'o' | b'O') => (8, self.pos + 2),
            _ => (10, self.pos),
        };
        self.pos = digits_start;
        while self.pos < self.bytes.len()
            && (self.bytes[self.pos] == b'_' || self.bytes[self.pos].is_ascii_alphanumeric())
        {
            // Stop at an exponent sign handled below for decimal floats.
            self.pos += 1;
        }
        let mut is_float = false;
        if radix == 10 && self.peek(0) == b'.' && self.peek(1).is_ascii_digit() {
            is_float = true;
            self.pos += 1;
            while self.pos < self.bytes.len()
                && (self.bytes[self.pos] == b'_' || self.bytes[self.pos].is_ascii_alphanumeric())
            {
                self.pos += 1;
            }
        }
        if radix == 10
            && matches!(self.bytes.get(self.pos.wrapping_sub(1)), Some(b'e' | b'E'))
            && matches!(self.peek(0), b'+' | b'-')
            && self.peek(1).is_ascii_digit()
        {
            self.pos += 1;
            while self.pos < self.bytes.len() && self.bytes[self.pos].is_ascii_digit() {
                self.pos += 1;
            }
        }
        let body: String = self.text[digits_start..self.pos]
            .chars()
            .filter(|c| *c != '_')
            .collect();
        if radix == 10 && (is_float || body.contains(['e', 'E'])) {
            match body.parse::<f64>() {
                Ok(v) => self.push(TokenKind::Float(v), start),
                Err(_) => {
                    self.error(start, "invalid float literal", "not a number");
                    self.push(TokenKind::Error, start);
                }
            }
            return;
        }
        if body.is_empty() {
            self.error(
                start,
                "integer literal has no digits",
                "expected digits after the base prefix",
            );
            self.push(TokenKind::Error, start);
            return;
        }
        match u128::from_str_radix(&body, radix) {
            Ok(v) => self.push(TokenKind::Int(Some(v)), start),
            Err(e) => {
                if matches!(e.kind(), std::num::IntErrorKind::PosOverflow) {
                    self.push(TokenKind::Int(None), start);
                } else {
                    self.error(
                        start,
                        format!("invalid digit in base-{radix} integer literal"),
                        "invalid integer literal",
                    );
                    self.push(TokenKind::Error, start);
                }
            }
        }
    }

    /// Read one escape after a backslash; `None` when invalid (reported).
    fn escape(&mut self) -> Option<char> {
        let at = self.pos;
        self.pos += 1; // backslash
        let c = self.text[self.pos..].chars().next()?;
        self.pos += c.len_utf8();
        let value = match c {
            'n' => '\n',
            't' => '\t',
            'r' => '\r',
            '0' => '\0',
            '\\' => '\\',
            '"' => '"',
            '\'' => '\'',
            _ => {
                self.error(
                    at,
                    format!("unknown escape `\\{}`", c.escape_debug()),
                    "unknown escape",
                );
                return None;
            }
        };
        Some(value)
    }

    fn string(&mut self) {
        let start = self.pos;
        self.pos += 1;
        let mut value = String::new();
        loop {
            match self.text[self.pos..].chars().next() {
                None | Some('\n') => {
                    self.error(start, "unterminated string literal", "string starts here");
                    self.push(TokenKind::Error, start);
                    return;
                }
                Some('"') => {
                    self.pos += 1;
                    break;
                }
                Some('\\') => {
                    if let Some(c) = self.escape() {
                        value.push(c);
                    }
                }
                Some(c) => {
                    value.push(c);
                    self.pos += c.len_utf8();
                }
            }
        }
        self.push(TokenKind::Str(value), start);
    }

    fn char_lit(&mut self) {
        let start = self.pos;
        self.pos += 1;
        let value = match self.text[self.pos..].chars().next() {
            Some('\\') => self.escape(),
            Some(c) if c != '\'' && c != '\n' => {
                self.pos += c.len_utf8();
                Some(c)
            }
            _ => None,
        };
        if self.peek(0) == b'\'' {
            self.pos += 1;
            match value {
                Some(c) => self.push(TokenKind::Char(c), start),
                None => {
                    self.error(start, "invalid character literal", "expected one character");
                    self.push(TokenKind::Error, start);
                }
            }
        } else {
            // `'ab'`: find the closing quote on this line to report it whole.
            let rest = &self.text[self.pos..];
            let line_end = rest.find('\n').unwrap_or(rest.len());
            if let Some(close) = rest[..line_end].find('\'') {
                self.pos += close + 1;
                self.error(
                    start,
                    "character literals hold exactly one character",
                    "use a string for several characters",
                );
            } else {
                self.error(start, "unterminated character literal", "expected `'`");
            }
            self.push(TokenKind::Error, start);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(src: &str) -> Vec<TokenKind> {
        let (toks, diags) = lex(FileId(0), src);
        assert!(diags.is_empty(), "{diags:?}");
        toks.into_iter().map(|t| t.kind).collect()
    }

    /// The by-first-byte indexes find every keyword and punctuation
    /// spelling, the longest first.
    #[test]
    fn every_keyword_and_punct_lexes_as_itself() {
        for &(s, k) in KEYWORDS {
            assert_eq!(keyword(s), Some(k), "{s}");
            assert_eq!(keyword(&format!("{s}x")), None, "{s}x");
            assert_eq!(kinds(s)[0], TokenKind::Keyword(k), "{s}");
        }
        for &(s, p) in PUNCTS {
            assert_eq!(kinds(s)[..2], [TokenKind::Punct(p), TokenKind::Eof], "{s}");
        }
        assert_eq!(keyword("_x"), None);
    }

    #[test]
    fn lexes_words_numbers_and_punctuation() {
        use self::Keyword as K;
        use self::Punct as P;
        use TokenKind::*;
        assert_eq!(
            kinds("export fn k(a: u64) -> void { x <<= 0x1F; a?.b ?? c }"),
            vec![
                Keyword(K::Export),
                Keyword(K::Fn),
                Ident("k".into()),
                Punct(P::LParen),
                Ident("a".into()),
                Punct(P::Colon),
                Ident("u64".into()),
                Punct(P::RParen),
                Punct(P::Arrow),
                Ident("void".into()),
                Punct(P::LBrace),
                Ident("x".into()),
                Punct(P::ShlEq),
                Int(Some(31)),
                Punct(P::Semi),
                Ident("a".into()),
                Punct(P::QuestionDot),
                Ident("b".into()),
                Punct(P::QuestionQuestion),
                Ident("c".into()),
                Punct(P::RBrace),
                Eof
            ]
        );
    }

    #[test]
    fn runs_of_bad_characters_are_one_diagnostic() {
        let nul = "\0".repeat(100_000);
        let (toks, diags) = lex(FileId(0), &nul);
        assert_eq!(diags.len(), 1, "{diags:?}");
        assert_eq!(toks.len(), 2);
        assert!(diags[0]
            .message
            .starts_with("100000 unexpected characters, starting with `\\0`"));
        // Separated by spaces or followed by a token, runs stay apart.
        let (toks, diags) = lex(FileId(0), "a $$ b # c");
        assert_eq!(diags.len(), 2, "{diags:?}");
        assert_eq!(
            diags[0].message,
            "2 unexpected characters, starting with `$`"
        );
        assert_eq!(diags[1].message, "unexpected character `#`");
        assert_eq!(toks.len(), 6);
    }

    #[test]
    fn numbers() {
        assert_eq!(
            kinds("0x10 0b101 0o17 1_000")[..4],
            [
                TokenKind::Int(Some(16)),
                TokenKind::Int(Some(5)),
                TokenKind::Int(Some(15)),
                TokenKind::Int(Some(1000)),
            ]
        );
        assert_eq!(
            kinds("1.5 2e3 1e-2")[..3],
            [
                TokenKind::Float(1.5),
                TokenKind::Float(2000.0),
                TokenKind::Float(0.01),
            ]
        );
        assert_eq!(
            kinds("340282366920938463463374607431768211456")[0],
            TokenKind::Int(None)
        );
        // `1.foo` is an integer followed by a field access.
        assert_eq!(kinds("1.x")[1], TokenKind::Punct(Punct::Dot));
    }

    #[test]
    fn strings_chars_and_comments() {
        assert_eq!(
            kinds("\"a\\n\\\"b\" 'c' '\\n' // c\n/* a /* nested */ */ x"),
            vec![
                TokenKind::Str("a\n\"b".into()),
                TokenKind::Char('c'),
                TokenKind::Char('\n'),
                TokenKind::Ident("x".into()),
                TokenKind::Eof
            ]
        );
    }

    #[test]
    fn reports_bad_input_without_panicking() {
        for src in [
            "\"abc", "'", "'ab'", "/* x", "0x", "0b2", "é", "\"\\q\"", "1e", "\\",
        ] {
            let (toks, diags) = lex(FileId(0), src);
            assert_eq!(toks.last().map(|t| &t.kind), Some(&TokenKind::Eof), "{src}");
            assert!(!diags.is_empty(), "{src}");
        }
    }
}
