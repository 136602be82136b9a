//! Diagnostics and their rustc-style rendering.
//!
//! ```text
//! error[E4001]: AMDGPU source kernels must return void
//!  --> kernel.slk:1:22
//!   |
//! 1 | export fn kernel () -> u64 {
//!   |                        ^^^ returns `u64`
//!   = note: ...
//!   = help: ...
//! ```
//!
//! The renderer is hand-written because `codespan-reporting` (even with its
//! ASCII character set) indents `-->` by one column more than rustc and the
//! Silk spec's canonical format, and inserts a blank gutter line before notes.

use crate::source::{SourceMap, Span};
use std::fmt::Write as _;

/// Stable diagnostic codes. Each is documented in the crate README.
pub mod codes {
    /// Lexical and syntax errors, including `gpu` launch-block header/body syntax.
    pub const PARSE: &str = "E0001";
    /// A name that does not resolve to anything in scope.
    pub const UNRESOLVED_NAME: &str = "E1001";
    /// Two declarations with the same name in one package or scope.
    pub const DUPLICATE: &str = "E1002";
    /// An import whose module, package, file or symbol cannot be found.
    pub const UNRESOLVED_IMPORT: &str = "E1003";
    /// A symbol of another package that is not exported (or a non-`public` method).
    pub const PRIVATE: &str = "E1004";
    /// A malformed file header (`package` after imports, reserved `std` package name, ...).
    pub const HEADER: &str = "E1005";
    /// A value, type or namespace used where another kind is required.
    pub const WRONG_KIND: &str = "E1006";
    /// Mismatched types.
    pub const MISMATCHED_TYPES: &str = "E2001";
    /// Wrong number of call arguments.
    pub const ARITY: &str = "E2002";
    /// Calling something that is not a function.
    pub const NOT_CALLABLE: &str = "E2003";
    /// Unknown struct field or method.
    pub const UNKNOWN_MEMBER: &str = "E2004";
    /// An `as` cast between types that do not convert.
    pub const INVALID_CAST: &str = "E2005";
    /// Assignment to something that is not a mutable place.
    pub const IMMUTABLE: &str = "E2006";
    /// An operator applied to operand types it does not accept.
    pub const INVALID_OPERANDS: &str = "E2007";
    /// A `return` that does not match the function's result type.
    pub const RETURN_MISMATCH: &str = "E2008";
    /// A malformed `attr(...)` prefix.
    pub const INVALID_ATTR: &str = "E2009";
    /// A rule of `pure fn` is broken.
    pub const PURITY: &str = "E2010";
    /// `break`/`continue` outside a loop.
    pub const OUTSIDE_LOOP: &str = "E2011";
    /// A struct literal with missing, unknown or repeated fields.
    pub const STRUCT_LITERAL: &str = "E2012";
    /// A named `const` whose value is not a compile-time constant (or is
    /// defined in terms of itself).
    pub const NOT_CONSTANT: &str = "E2013";
    /// Backend, target and GPU execution-boundary limitations (spec code).
    pub const BACKEND: &str = "E4001";
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Severity {
    Error,
    Warning,
}

/// A span to underline: `^` for the primary label, `-` for secondary ones.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Label {
    pub span: Span,
    pub message: String,
    pub primary: bool,
}

/// One message to the user, with its code, source labels and notes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    pub severity: Severity,
    pub code: &'static str,
    pub message: String,
    pub labels: Vec<Label>,
    pub notes: Vec<String>,
    pub helps: Vec<String>,
}

impl Diagnostic {
    pub fn error(code: &'static str, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            severity: Severity::Error,
            code,
            message: message.into(),
            labels: Vec::new(),
            notes: Vec::new(),
            helps: Vec::new(),
        }
    }

    /// Add the primary label.
    pub fn at(mut self, span: Span, message: impl Into<String>) -> Diagnostic {
        self.labels.push(Label {
            span,
            message: message.into(),
            primary: true,
        });
        self
    }

    /// Add a secondary label.
    pub fn also(mut self, span: Span, message: impl Into<String>) -> Diagnostic {
        self.labels.push(Label {
            span,
            message: message.into(),
            primary: false,
        });
        self
    }

    pub fn note(mut self, note: impl Into<String>) -> Diagnostic {
        self.notes.push(note.into());
        self
    }

    pub fn help(mut self, help: impl Into<String>) -> Diagnostic {
        self.helps.push(help.into());
        self
    }

    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }

    /// The primary span, if any.
    pub fn primary_span(&self) -> Option<Span> {
        self.labels.iter().find(|l| l.primary).map(|l| l.span)
    }

    /// Render in rustc style, ending with a newline.
    pub fn render(&self, map: &SourceMap) -> String {
        let mut out = String::new();
        let head = match self.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
        };
        let _ = writeln!(out, "{head}[{}]: {}", self.code, self.message);

        // Labels with a resolvable file, primary first, grouped by file.
        let mut labels: Vec<&Label> = self
            .labels
            .iter()
            .filter(|l| map.get(l.span.file).is_some())
            .collect();
        labels.sort_by_key(|l| !l.primary);
        let mut files = Vec::new();
        for l in &labels {
            if !files.contains(&l.span.file) {
                files.push(l.span.file);
            }
        }
        let width = labels
            .iter()
            .filter_map(|l| {
                map.get(l.span.file)
                    .map(|f| f.line_col(l.span.start as usize).0.to_string().len())
            })
            .max()
            .unwrap_or(1);
        let pad = " ".repeat(width);

        for (i, file_id) in files.iter().enumerate() {
            let Some(file) = map.get(*file_id) else {
                continue;
            };
            let mut group: Vec<&&Label> =
                labels.iter().filter(|l| l.span.file == *file_id).collect();
            let first = group[0];
            let (line, col) = file.line_col(first.span.start as usize);
            let arrow = if i == 0 { "-->" } else { ":::" };
            let _ = writeln!(out, "{pad}{arrow} {}:{line}:{col}", file.name);
            let _ = writeln!(out, "{pad} |");
            group.sort_by_key(|l| (l.span.start, !l.primary));
            // Labels grouped by line: one source line, one marker line.
            let mut lines: Vec<(usize, Vec<&Label>)> = Vec::new();
            for l in group {
                let (line, _) = file.line_col(l.span.start as usize);
                match lines.last_mut() {
                    Some((n, ls)) if *n == line => ls.push(l),
                    _ => lines.push((line, vec![l])),
                }
            }
            let mut last_line = None;
            for (line, ls) in lines {
                if last_line.is_some_and(|prev: usize| line > prev + 1) {
                    let _ = writeln!(out, "...");
                }
                last_line = Some(line);
                let text = file.line_text(line);
                let line_start = file.line_start(line);
                let line_end = line_start + text.len();
                let window = Window::around(
                    text,
                    ls.iter()
                        .map(|l| l.span.start as usize - line_start.min(l.span.start as usize)),
                );
                let _ = writeln!(out, "{line:>width$} | {}", window.show(text));
                // (column, width, primary, message) per label.
                let marks: Vec<(usize, usize, bool, &str)> = ls
                    .iter()
                    .map(|l| {
                        let start = (l.span.start as usize).max(line_start);
                        let end = (l.span.end as usize).clamp(start, line_end.max(start));
                        let col = display_width(text.get(..start - line_start).unwrap_or(text));
                        let w = text
                            .get(start - line_start..end - line_start)
                            .map(display_width)
                            .unwrap_or(0)
                            .max(1);
                        let (col, w) = window.columns(col, w);
                        (col, w, l.primary, l.message.as_str())
                    })
                    .collect();
                let mut row: Vec<char> = Vec::new();
                for &(col, w, primary, _) in &marks {
                    if row.len() < col + w {
                        row.resize(col + w, ' ');
                    }
                    for c in &mut row[col..col + w] {
                        if primary || *c == ' ' {
                            *c = if primary { '^' } else { '-' };
                        }
                    }
                }
                let rightmost = marks.iter().max_by_key(|m| m.0).copied();
                let mut caret = format!("{pad} | {}", row.iter().collect::<String>());
                if let Some((_, _, _, msg)) = rightmost.filter(|m| !m.3.is_empty()) {
                    caret.push(' ');
                    caret.push_str(msg);
                }
                let _ = writeln!(out, "{}", caret.trim_end());
                let mut others: Vec<_> = marks
                    .iter()
                    .filter(|m| Some(**m) != rightmost && !m.3.is_empty())
                    .collect();
                others.sort_by_key(|m| std::cmp::Reverse(m.0));
                for (col, _, _, msg) in others {
                    let _ = writeln!(out, "{pad} | {}{msg}", " ".repeat(*col));
                }
            }
        }
        for note in &self.notes {
            let _ = writeln!(out, "{pad} = note: {note}");
        }
        for help in &self.helps {
            let _ = writeln!(out, "{pad} = help: {help}");
        }
        out
    }
}

fn expand_tabs(s: &str) -> String {
    s.chars()
        .fold(String::with_capacity(s.len()), |mut out, c| {
            if c == '\t' {
                out.push_str("    ");
            } else {
                out.push(visible(c));
            }
            out
        })
}

/// `c` as a diagnostic shows it: a control character (NUL, ESC, ...) as
/// its Unicode control picture (`␀`, `␛`), as rustc does, so quoted
/// source never drives the terminal.
pub fn visible(c: char) -> char {
    match c {
        '\0'..='\x1f' => char::from_u32(0x2400 + c as u32).unwrap_or(c),
        '\x7f' => '\u{2421}',
        _ => c,
    }
}

/// Source lines longer than this many display columns are shown as a
/// window around the labels, never whole (a 20 KB line echoed by each of
/// its diagnostics would be hundreds of megabytes).
const MAX_SHOWN_LINE: usize = 512;
/// Display columns shown before the first label of a long line.
const WINDOW_LEAD: usize = 80;

/// The part of a source line a diagnostic shows: display columns
/// `start..start + len` (all of a short line), with `...` marking the
/// cut ends.
struct Window {
    start: usize,
    len: usize,
    cut_left: bool,
    cut_right: bool,
}

impl Window {
    /// The window of `text` for labels starting at byte offsets `starts`.
    fn around(text: &str, starts: impl Iterator<Item = usize>) -> Window {
        let total = display_width(text);
        if total <= MAX_SHOWN_LINE {
            return Window {
                start: 0,
                len: total,
                cut_left: false,
                cut_right: false,
            };
        }
        let first = starts
            .map(|b| display_width(text.get(..b.min(text.len())).unwrap_or(text)))
            .min()
            .unwrap_or(0);
        let start = first
            .saturating_sub(WINDOW_LEAD)
            .min(total - MAX_SHOWN_LINE);
        Window {
            start,
            len: MAX_SHOWN_LINE,
            cut_left: start > 0,
            cut_right: start + MAX_SHOWN_LINE < total,
        }
    }

    /// The shown text, tabs expanded.
    fn show(&self, text: &str) -> String {
        if !self.cut_left && !self.cut_right {
            return expand_tabs(text);
        }
        let mut out = String::new();
        if self.cut_left {
            out.push_str("...");
        }
        let mut col = 0;
        for c in text.chars() {
            let w = if c == '\t' { 4 } else { 1 };
            if col >= self.start && col + w <= self.start + self.len {
                if c == '\t' {
                    out.push_str("    ");
                } else {
                    out.push(visible(c));
                }
            }
            col += w;
            if col >= self.start + self.len {
                break;
            }
        }
        if self.cut_right {
            out.push_str("...");
        }
        out
    }

    /// A label's column and width in the shown text (clipped to it).
    fn columns(&self, col: usize, w: usize) -> (usize, usize) {
        if !self.cut_left && !self.cut_right {
            return (col, w);
        }
        let lead = if self.cut_left { 3 } else { 0 };
        let end = (col + w).clamp(self.start, self.start + self.len);
        let col = col.clamp(self.start, self.start + self.len);
        (col - self.start + lead, (end - col).max(1))
    }
}

fn display_width(s: &str) -> usize {
    s.chars().map(|c| if c == '\t' { 4 } else { 1 }).sum()
}

/// The most diagnostics [`Diagnostics::render`] shows; the rest are
/// counted. rustc likewise stops reporting once errors cascade.
pub const MAX_RENDERED: usize = 100;

/// A list of diagnostics from one run.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Diagnostics(pub Vec<Diagnostic>);

impl Diagnostics {
    pub fn new() -> Diagnostics {
        Diagnostics::default()
    }

    pub fn push(&mut self, d: Diagnostic) {
        self.0.push(d);
    }

    pub fn extend(&mut self, other: Diagnostics) {
        self.0.extend(other.0);
    }

    pub fn has_errors(&self) -> bool {
        self.0.iter().any(Diagnostic::is_error)
    }

    pub fn error_count(&self) -> usize {
        self.0.iter().filter(|d| d.is_error()).count()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn iter(&self) -> std::slice::Iter<'_, Diagnostic> {
        self.0.iter()
    }

    /// Every diagnostic rendered, separated by blank lines; past
    /// [`MAX_RENDERED`] a last line counts the rest instead.
    pub fn render(&self, map: &SourceMap) -> String {
        let mut parts: Vec<String> = self
            .0
            .iter()
            .take(MAX_RENDERED)
            .map(|d| d.render(map))
            .collect();
        let rest = self.0.len().saturating_sub(MAX_RENDERED);
        if rest > 0 {
            parts.push(format!(
                "error: {rest} more diagnostic{} not shown (the first {MAX_RENDERED} are above)\n",
                if rest == 1 { "" } else { "s" }
            ));
        }
        parts.join("\n")
    }
}

impl From<Diagnostic> for Diagnostics {
    fn from(d: Diagnostic) -> Diagnostics {
        Diagnostics(vec![d])
    }
}

impl IntoIterator for Diagnostics {
    type Item = Diagnostic;
    type IntoIter = std::vec::IntoIter<Diagnostic>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.into_iter()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_rustc_style() {
        let mut map = SourceMap::new();
        let f = map.add("k.slk", "export fn k () -> u64 {\n\treturn;\n}\n");
        let d = Diagnostic::error(codes::BACKEND, "AMDGPU source kernels must return void")
            .at(Span::new(f, 18, 21), "returns `u64`")
            .also(Span::new(f, 25, 32), "")
            .note("a note")
            .help("a help");
        let text = d.render(&map);
        assert_eq!(
            text,
            "error[E4001]: AMDGPU source kernels must return void\n \
             --> k.slk:1:19\n  |\n\
             1 | export fn k () -> u64 {\n  |                   ^^^ returns `u64`\n\
             2 |     return;\n  |     -------\n  \
             = note: a note\n  = help: a help\n"
        );
    }

    #[test]
    fn renders_without_labels_and_wide_gutters() {
        let mut map = SourceMap::new();
        let text = "\n".repeat(11) + "x";
        let f = map.add("a.slk", text);
        let d = Diagnostic::error(codes::PARSE, "m").at(Span::new(f, 11, 11), "here");
        assert_eq!(
            d.render(&map),
            "error[E0001]: m\n  --> a.slk:12:1\n   |\n12 | x\n   | ^ here\n"
        );
        let bare = Diagnostic::error(codes::BACKEND, "unknown").note("n");
        assert_eq!(bare.render(&map), "error[E4001]: unknown\n  = note: n\n");
    }

    #[test]
    fn long_lines_are_shown_as_a_window_and_many_diagnostics_are_counted() {
        let mut map = SourceMap::new();
        let line = "$".repeat(20_000);
        let f = map.add("a.slk", line.clone());
        let d = Diagnostic::error(codes::PARSE, "m").at(Span::new(f, 10_000, 10_001), "here");
        let text = d.render(&map);
        assert!(text.len() < 1200, "{} bytes: {text}", text.len());
        let shown: String = "$".repeat(MAX_SHOWN_LINE);
        assert!(text.contains(&format!("1 | ...{shown}...\n")), "{text}");
        // The caret stays under the labelled column: lead of 40 plus `...`.
        let caret = format!("  | {}^ here", " ".repeat(3 + WINDOW_LEAD));
        assert!(text.contains(&caret), "{text}");
        let many = Diagnostics(
            (0..10_000usize)
                .map(|i| Diagnostic::error(codes::PARSE, "m").at(Span::new(f, i, i + 1), "x"))
                .collect(),
        );
        let text = many.render(&map);
        assert_eq!(text.matches("error[E0001]").count(), MAX_RENDERED);
        assert!(
            text.ends_with("error: 9900 more diagnostics not shown (the first 100 are above)\n")
        );
        assert!(text.len() < 100_000, "{}", text.len());
    }
}
