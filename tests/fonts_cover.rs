//! The site's fonts hold every character of the UI: each character of each string and char
//! literal in `src/` (the Persian and English string tables, the rule pages, the components'
//! own signs), and of the page template, the CSS and the service worker, is listed in
//! `static/fonts/glyphs.txt`, either as held by the subset fonts or as one Vazirmatn lacks
//! (drawn by the system font, as with the full font). A character missing from both fails,
//! named with its file and line: run `tools/subset-fonts.sh` (docs/web-build.md, "Fonts").
//! `tools/subset-fonts.py` reads the same files.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

const GLYPHS: &str = include_str!("../static/fonts/glyphs.txt");

/// The code points glyphs.txt lists: (held by the fonts, used but left to the system font).
fn listed() -> (BTreeSet<char>, BTreeSet<char>) {
    let mut held = BTreeSet::new();
    let mut missing = BTreeSet::new();
    let code = |s: &str| {
        let hex = s
            .split_whitespace()
            .next()
            .and_then(|w| w.strip_prefix("U+"));
        let cp = hex.and_then(|h| u32::from_str_radix(h, 16).ok());
        cp.and_then(char::from_u32)
            .unwrap_or_else(|| panic!("glyphs.txt: a line that names no code point: {s:?}"))
    };
    for line in GLYPHS.lines() {
        if line.starts_with("U+") {
            held.insert(code(line));
        } else if let Some(rest) = line.strip_prefix("missing ") {
            missing.insert(code(rest));
        } else {
            assert!(
                line.is_empty() || line.starts_with('#'),
                "glyphs.txt: an unknown line {line:?}"
            );
        }
    }
    (held, missing)
}

/// A string or char literal's text, and the line it starts on.
#[derive(Debug, PartialEq)]
struct Literal {
    line: usize,
    text: String,
}

/// The string and char literals of Rust source `src`, escapes decoded (comments, lifetimes
/// and labels left out). Byte and raw literals count too.
fn literals(src: &str) -> Vec<Literal> {
    let c: Vec<char> = src.chars().collect();
    let mut out = Vec::new();
    let (mut i, mut line) = (0, 1);
    let ident = |ch: char| ch.is_alphanumeric() || ch == '_';
    while i < c.len() {
        let start_line = line;
        match c[i] {
            '\n' => {
                line += 1;
                i += 1;
            }
            '/' if c.get(i + 1) == Some(&'/') => {
                while i < c.len() && c[i] != '\n' {
                    i += 1;
                }
            }
            '/' if c.get(i + 1) == Some(&'*') => {
                let mut depth = 0;
                while i < c.len() {
                    if c[i] == '/' && c.get(i + 1) == Some(&'*') {
                        depth += 1;
                        i += 2;
                    } else if c[i] == '*' && c.get(i + 1) == Some(&'/') {
                        depth -= 1;
                        i += 2;
                        if depth == 0 {
                            break;
                        }
                    } else {
                        line += usize::from(c[i] == '\n');
                        i += 1;
                    }
                }
            }
            // r"…", r#"…"#, br"…" (not an identifier that merely ends in r or b).
            'r' | 'b' if i == 0 || !ident(c[i - 1]) => {
                let mut j = i + 1;
                if c[i] == 'b' && c.get(j) == Some(&'r') {
                    j += 1;
                }
                let raw = c[j - 1] == 'r';
                let hashes = c[j..].iter().take_while(|&&h| h == '#').count();
                if raw && c.get(j + hashes) == Some(&'"') {
                    let close: Vec<char> = std::iter::once('"')
                        .chain(std::iter::repeat_n('#', hashes))
                        .collect();
                    let body_start = j + hashes + 1;
                    let mut k = body_start;
                    while k < c.len() && !c[k..].starts_with(&close) {
                        k += 1;
                    }
                    let text: String = c[body_start..k].iter().collect();
                    line += text.matches('\n').count();
                    out.push(Literal {
                        line: start_line,
                        text,
                    });
                    i = k + close.len();
                } else if c[i] == 'b' && matches!(c.get(i + 1), Some('"' | '\'')) {
                    i += 1; // b"…", b'…': read on as the literal
                } else {
                    while i < c.len() && ident(c[i]) {
                        i += 1;
                    }
                }
            }
            '"' => {
                let (text, end, lines) = quoted(&c, i + 1, '"');
                out.push(Literal {
                    line: start_line,
                    text,
                });
                line += lines;
                i = end;
            }
            '\'' => {
                // A char literal ('x', '\n', '\u{…}'), else a lifetime or a label ('a).
                let is_char = c.get(i + 1) == Some(&'\\') || c.get(i + 2) == Some(&'\'');
                if is_char {
                    let (text, end, _) = quoted(&c, i + 1, '\'');
                    out.push(Literal {
                        line: start_line,
                        text,
                    });
                    i = end;
                } else {
                    i += 1;
                }
            }
            ch if ident(ch) => {
                while i < c.len() && ident(c[i]) {
                    i += 1;
                }
            }
            _ => i += 1,
        }
    }
    out
}

/// A quoted literal's text from `c[i]` to the closing `quote`, escapes decoded: the text, the
/// index after the quote, and the line breaks it spans.
fn quoted(c: &[char], mut i: usize, quote: char) -> (String, usize, usize) {
    let mut text = String::new();
    let mut lines = 0;
    while i < c.len() && c[i] != quote {
        if c[i] == '\\' {
            i += 1;
            match c.get(i) {
                Some('n') => text.push('\n'),
                Some('t') => text.push('\t'),
                Some('r') => text.push('\r'),
                Some('0') => text.push('\0'),
                Some('x') => {
                    let hex: String = c[i + 1..i + 3].iter().collect();
                    text.push(char::from(
                        u8::from_str_radix(&hex, 16).expect("a \\x escape"),
                    ));
                    i += 2;
                }
                Some('u') => {
                    let close = c[i..].iter().position(|&ch| ch == '}').expect("a \\u{…}") + i;
                    let hex: String = c[i + 2..close].iter().filter(|&&h| h != '_').collect();
                    let cp = u32::from_str_radix(&hex, 16).expect("a \\u{…} escape");
                    text.push(char::from_u32(cp).expect("a char"));
                    i = close;
                }
                Some('\n') => {
                    // A line continuation: the break and the next line's indent are dropped.
                    lines += 1;
                    while c.get(i + 1).is_some_and(|ch| ch.is_whitespace()) {
                        lines += usize::from(c[i + 1] == '\n');
                        i += 1;
                    }
                }
                Some(&other) => text.push(other),
                None => break,
            }
            i += 1;
        } else {
            lines += usize::from(c[i] == '\n');
            text.push(c[i]);
            i += 1;
        }
    }
    (text, i + 1, lines)
}

fn rust_sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("src is readable") {
        let path = entry.expect("an entry").path();
        if path.is_dir() {
            rust_sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// Every character the UI may show from its sources, each with the place it was seen first.
fn ui_chars() -> (Vec<(char, String)>, usize, usize) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    rust_sources(&root.join("src"), &mut files);
    files.sort();
    let mut seen = BTreeSet::new();
    let mut chars = Vec::new();
    let mut count = 0;
    let mut note = |ch: char, place: String| {
        if !ch.is_control() && seen.insert(ch) {
            chars.push((ch, place));
        }
    };
    for file in &files {
        let text = std::fs::read_to_string(file).expect("a source file");
        let rel = file
            .strip_prefix(root)
            .unwrap_or(file)
            .display()
            .to_string();
        for lit in literals(&text) {
            count += 1;
            for ch in lit.text.chars() {
                note(ch, format!("{rel}:{}", lit.line));
            }
        }
    }
    // The template, the CSS and the service worker: all their text.
    for rel in ["index.html", "static/style.css", "static/sw.js"] {
        let text = std::fs::read_to_string(root.join(rel)).expect("a static file");
        for (n, line) in text.lines().enumerate() {
            for ch in line.chars() {
                note(ch, format!("{rel}:{}", n + 1));
            }
        }
    }
    (chars, files.len(), count)
}

#[test]
fn the_fonts_hold_every_character_of_the_ui() {
    let (held, missing) = listed();
    let (chars, files, literals) = ui_chars();
    // Not an empty pass: the sources were read, and the list is the subset's.
    assert!(
        files >= 100 && literals >= 3_000,
        "read {files} files, {literals} literals"
    );
    for ch in ['پ', 'ک', 'ی', '\u{200C}', '۳', '…', '«', '♠', 'Q'] {
        assert!(
            chars.iter().any(|&(c, _)| c == ch),
            "no UI string holds {ch:?}: the scan is broken"
        );
    }
    assert!(
        held.len() >= 150,
        "glyphs.txt lists only {} characters",
        held.len()
    );
    assert!(
        held.is_disjoint(&missing),
        "glyphs.txt lists a character twice"
    );

    let lacking: Vec<String> = chars
        .iter()
        .filter(|(ch, _)| !held.contains(ch) && !missing.contains(ch))
        .map(|(ch, place)| format!("U+{:04X} {ch:?} (first in {place})", u32::from(*ch)))
        .collect();
    assert!(
        lacking.is_empty(),
        "characters of the UI that static/fonts/glyphs.txt does not list; run \
         tools/subset-fonts.sh to put them in the fonts:\n  {}",
        lacking.join("\n  ")
    );
}

#[test]
fn the_fonts_hold_what_players_type_and_the_app_writes() {
    let (held, _) = listed();
    // Names typed in English or Persian (or with an Arabic layout), and i18n::Lang::num's
    // Persian digits.
    let needed = (' '..='~')
        .chain('\u{0621}'..='\u{063A}')
        .chain('\u{0641}'..='\u{064A}')
        .chain(['پ', 'چ', 'ژ', 'ک', 'گ', 'ی', '\u{200C}'])
        .chain('۰'..='۹')
        .chain('٠'..='٩');
    let lacking: String = needed.filter(|c| !held.contains(c)).collect();
    assert!(lacking.is_empty(), "the fonts lack {lacking:?}");
}

#[test]
fn glyphs_txt_belongs_to_the_fonts_beside_it() {
    // tools/subset-fonts.sh writes each font's size into glyphs.txt with the fonts.
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut named = 0;
    for line in GLYPHS.lines() {
        let Some(rest) = line.strip_prefix("# static/fonts/") else {
            continue;
        };
        let (name, size) = rest.split_once(": ").expect("name: N bytes");
        let size: u64 = size.trim_end_matches(" bytes").parse().expect("a size");
        let path = root.join("static/fonts").join(name);
        let actual = std::fs::metadata(&path).map(|m| m.len()).unwrap_or(0);
        assert_eq!(
            actual, size,
            "{name} is not the font glyphs.txt was written with: run tools/subset-fonts.sh"
        );
        named += 1;
    }
    assert_eq!(named, 2, "glyphs.txt names both fonts");
}

#[test]
fn literals_are_read_as_rust_reads_them() {
    let src = "// a \"comment\" 'x'\n\
               fn f<'a>(x: &'a str) -> char { let s = \"a\\u{200C}b\\\"\"; 'l: loop {} '\\n' }\n\
               /* \"not\" /* nested \"no\" */ */ let r = r#\"raw \"q\" ♠\"#; let b = b'x'; \n\
               let c = 'پ'; let d = \"two\\\n        lines\"; let e = br\"x\"; ident_r\"\";";
    let got: Vec<(usize, String)> = literals(src)
        .into_iter()
        .map(|l| (l.line, l.text))
        .collect();
    let want: Vec<(usize, String)> = [
        (2, "a\u{200C}b\""),
        (2, "\n"),
        (3, "raw \"q\" ♠"),
        (3, "x"),
        (4, "پ"),
        (4, "twolines"),
        (5, "x"),
        (5, ""),
    ]
    .into_iter()
    .map(|(n, s)| (n, s.to_string()))
    .collect();
    assert_eq!(got, want);
}
