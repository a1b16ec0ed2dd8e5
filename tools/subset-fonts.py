"""Subsets the Vazirmatn fonts to the characters the site uses (run by tools/subset-fonts.sh).

Reads the full fonts in fonts-src/, writes static/fonts/Vazirmatn-{Regular,Bold}.woff2 and
static/fonts/glyphs.txt, then checks what it wrote:

- each font's character map is exactly the list in glyphs.txt;
- the Arabic script's shaping features are still there (init, medi, fina, rlig; mark, mkmk);
- every string of the sources, and every letter the subset holds in each joining position,
  shapes (HarfBuzz's hb-shape, as a browser shapes) to the same glyphs at the same places as
  with the full font.

The characters: every character of the files the UI's text comes from (SOURCES: the Rust
sources, whose string literals are the UI's strings; the page template; the CSS and the service
worker), written as it is or as a `\\u{...}` escape, plus ALWAYS (what a player may type in a
name, and what the app writes by code, such as Persian digits). A character the full font
lacks (the suit signs, the arrows) is listed in glyphs.txt as drawn by the system font, as it
always was. The unit test `fonts_cover` (tests/fonts_cover.rs) checks every UI string against
glyphs.txt.
"""

import json
import re
import subprocess
import sys
import tempfile
import unicodedata
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTFont

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "fonts-src"
OUT = ROOT / "static" / "fonts"
GLYPHS = OUT / "glyphs.txt"
WEIGHTS = ("Regular", "Bold")

# The OpenType features kept: those a browser applies by default to Arabic and Latin text
# (joining forms, required and contextual ligatures, kerning, mark positioning, localized forms
# for Persian), and `tnum` (the CSS asks for tabular digits). Left out: small caps, old-style and
# fraction digits, stylistic sets and discretionary ligatures, which the site never asks for and
# which pull in hundreds of glyphs (with them, the two fonts weigh 46 KB instead of 38 KB).
FEATURES = [
    "ccmp", "locl", "isol", "init", "medi", "fina", "rlig", "calt", "liga", "clig", "curs",
    "kern", "mark", "mkmk", "rclt", "rvrn", "tnum",
]

# Always in the subset, whatever the sources hold.
ALWAYS = [
    (0x0020, 0x007E),  # Basic Latin: names typed in English, digits, punctuation
    (0x00A0, 0x00A0),  # no-break space
    (0x00AB, 0x00AB), (0x00BB, 0x00BB),  # « »
    (0x00B7, 0x00B7), (0x00D7, 0x00D7),  # · ×
    (0x060C, 0x060C), (0x061B, 0x061B), (0x061F, 0x061F),  # ، ؛ ؟
    (0x0621, 0x064A),  # Arabic letters and tatweel (names typed with an Arabic layout: ي ك ة …)
    (0x064B, 0x0655),  # harakat, shadda, sukun, madda, hamza above and below
    (0x0660, 0x066C),  # Arabic-Indic digits, ٪, decimal and thousands separators
    (0x0670, 0x0670),  # superscript alef
    (0x067E, 0x067E), (0x0686, 0x0686), (0x0698, 0x0698),  # پ چ ژ
    (0x06A9, 0x06A9), (0x06AF, 0x06AF), (0x06C0, 0x06C0), (0x06CC, 0x06CC),  # ک گ ۀ ی
    (0x06F0, 0x06F9),  # Persian digits (i18n::Lang::num)
    (0x200C, 0x200F),  # ZWNJ, ZWJ, LRM, RLM
    (0x2013, 0x2014), (0x2018, 0x201D), (0x2022, 0x2022), (0x2026, 0x2026),  # – — ‘ ’ “ ” • …
    (0x2212, 0x2212),  # minus sign
]

# What the UI's text comes from; tests/fonts_cover.rs reads the same files.
SOURCES = [("src", "*.rs"), (".", "index.html"), ("static", "style.css"), ("static", "sw.js")]


def source_files():
    files = []
    for folder, pattern in SOURCES:
        base = ROOT / folder
        files += sorted(base.rglob(pattern)) if pattern.startswith("*") else [base / pattern]
    return files


ESCAPE = re.compile(r"\\u\{([0-9a-fA-F_]{1,8})\}")


def decode_escapes(text):
    return ESCAPE.sub(lambda m: chr(int(m.group(1).replace("_", ""), 16)), text)


def always():
    return {cp for lo, hi in ALWAYS for cp in range(lo, hi + 1)}


def in_sources():
    chars = set()
    for path in source_files():
        text = decode_escapes(path.read_text(encoding="utf-8"))
        chars.update(ord(c) for c in text if ord(c) >= 0xA0)
    return chars


def describe(cp):
    c = chr(cp)
    name = unicodedata.name(c, "")
    # Marks, format characters and spaces are not printed alone.
    shown = c if unicodedata.category(c)[0] not in "MCZ" else ""
    return f"U+{cp:04X} {shown} {name}".replace("  ", " ").rstrip()


def write_glyphs(held, missing, sizes):
    lines = [
        "# The characters the site's fonts hold, written by tools/subset-fonts.sh; do not edit.",
        "# The Vazirmatn fonts beside this file are subsets of the full fonts in fonts-src/ to these",
        "# characters; tests/fonts_cover.rs checks every UI string against this list.",
        "#",
    ]
    lines += [f"# static/fonts/{name}: {size} bytes" for name, size in sizes]
    lines += ["#", f"# Held by both fonts ({len(held)}):"]
    lines += [describe(cp) for cp in sorted(held)]
    lines += [
        "#",
        "# Used by the site but not in Vazirmatn: drawn by the system font, as with the full font",
        f"# ({len(missing)}):",
    ]
    lines += ["missing " + describe(cp) for cp in sorted(missing)]
    GLYPHS.write_text("\n".join(lines) + "\n", encoding="utf-8")


def read_glyphs():
    held = set()
    for line in GLYPHS.read_text(encoding="utf-8").splitlines():
        if line.startswith("U+"):
            held.add(int(line.split()[0][2:], 16))
    return held


# Text to shape: the string literals of the sources (split at line breaks), and every
# Arabic-script letter held alone and in each joining position, with harakat and ligatures.
LITERAL = re.compile(r'"((?:[^"\\]|\\.)*)"', re.S)


def samples(held):
    texts = set()
    for path in source_files():
        for m in LITERAL.finditer(path.read_text(encoding="utf-8")):
            body = decode_escapes(m.group(1)).replace("\\n", "\n").replace('\\"', '"')
            body = re.sub(r"\\\n\s*", "", body)
            for line in body.split("\n"):
                line = line.strip()
                if any(c.isalpha() for c in line):
                    texts.add(line)
    letters = [chr(cp) for cp in sorted(held) if 0x0600 <= cp <= 0x06FF and chr(cp).isalpha()]
    texts.add(" ".join(letters))
    texts.add(" ".join(f"ب{c}ب ب{c} {c}ب {c}" for c in letters))
    texts.add(" ".join(f"س{c}" + "\u200c" + f"{c}س" for c in letters))
    marks = [chr(cp) for cp in sorted(held) if unicodedata.category(chr(cp)) == "Mn"]
    texts.add(" ".join(f"ب{m}ب س{m} {m}" for m in marks))
    texts.add("لا لأ لإ لآ للا ۰۱۲۳۴۵۶۷۸۹ ٠١٢٣٤٥٦٧٨٩ ۱۲٫۵٪ «حکم»، حکم؛ حکم؟")
    texts.add("".join(chr(cp) for cp in range(0x21, 0x7F)))
    return sorted(t for t in texts if "\r" not in t)


def shape(ttf, text_file, glyph_order, extra):
    out = subprocess.run(
        ["hb-shape", "--output-format=json", "--no-glyph-names", f"--text-file={text_file}",
         *extra, str(ttf)],
        check=True, capture_output=True, text=True,
    ).stdout.splitlines()
    return [[(glyph_order[g["g"]], g["cl"], g["dx"], g["dy"], g["ax"], g["ay"])
             for g in json.loads(line)] for line in out]


def main():
    fulls = {w: TTFont(SRC / f"Vazirmatn-{w}.woff2") for w in WEIGHTS}
    cmaps = {w: set(f.getBestCmap()) for w, f in fulls.items()}
    used = in_sources()
    want = used | always()
    held = want & cmaps["Regular"] & cmaps["Bold"]
    # What the sources use and the font lacks (an ALWAYS character the font lacks is simply
    # not there: no UI string holds it).
    missing = used - held
    in_one = (want & cmaps["Regular"]) ^ (want & cmaps["Bold"])
    if in_one:
        sys.exit("subset-fonts: only one weight holds " + ", ".join(describe(c) for c in sorted(in_one)))

    orders = {}
    sizes = []
    for w in WEIGHTS:
        options = subset.Options()
        options.flavor = "woff2"
        options.layout_features = FEATURES
        font = subset.load_font(str(SRC / f"Vazirmatn-{w}.woff2"), options)
        # The same input gives the same bytes (and the same hashed name in the build).
        font.recalcTimestamp = False
        subsetter = subset.Subsetter(options)
        subsetter.populate(unicodes=held)
        subsetter.subset(font)
        orders[w] = font.getGlyphOrder()
        path = OUT / f"Vazirmatn-{w}.woff2"
        subset.save_font(font, str(path), options)
        sizes.append((path.name, path.stat().st_size))
    write_glyphs(held, missing, sizes)

    # The checks.
    listed = read_glyphs()
    texts = samples(held)
    stray = {c for t in texts for c in t if ord(c) in cmaps["Regular"] and ord(c) not in held}
    if stray:
        sys.exit("subset-fonts: sample text holds characters left out: " + "".join(sorted(stray)))
    with tempfile.TemporaryDirectory() as tmp:
        text_file = Path(tmp) / "texts.txt"
        text_file.write_text("\n".join(texts) + "\n", encoding="utf-8")
        for w in WEIGHTS:
            path = OUT / f"Vazirmatn-{w}.woff2"
            font = TTFont(path)
            cmap = set(font.getBestCmap())
            if cmap != listed:
                sys.exit(f"subset-fonts: {path.name}'s character map differs from glyphs.txt: "
                         f"{sorted(cmap ^ listed)}")
            for table, tags in (("GSUB", {"init", "medi", "fina", "rlig"}), ("GPOS", {"mark", "mkmk"})):
                t = font[table].table
                arab = [r.Script for r in t.ScriptList.ScriptRecord if r.ScriptTag == "arab"]
                if not arab:
                    sys.exit(f"subset-fonts: {path.name} has no Arabic script in {table}")
                have = {t.FeatureList.FeatureRecord[i].FeatureTag
                        for ls in [arab[0].DefaultLangSys] + [r.LangSys for r in arab[0].LangSysRecord]
                        for i in ls.FeatureIndex}
                if not tags <= have:
                    sys.exit(f"subset-fonts: {path.name} lost {sorted(tags - have)} from {table}")
            # hb-shape reads TrueType, not woff2.
            ttfs = {}
            for kind, f in (("full", fulls[w]), ("subset", font)):
                f.flavor = None
                ttfs[kind] = Path(tmp) / f"{kind}-{w}.ttf"
                f.save(ttfs[kind])
            for extra in (["--language=fa"], ["--language=en"], ["--language=fa", "--features=tnum"]):
                full = shape(ttfs["full"], text_file, fulls[w].getGlyphOrder(), extra)
                sub = shape(ttfs["subset"], text_file, orders[w], extra)
                for text, a, b in zip(texts, full, sub):
                    if a != b:
                        sys.exit(f"subset-fonts: {path.name} shapes {text!r} ({' '.join(extra)}) "
                                 f"otherwise than the full font:\n  full:   {a}\n  subset: {b}")
                if len(full) != len(texts) or len(sub) != len(texts):
                    sys.exit("subset-fonts: hb-shape did not shape every line")

    full_sizes = [(SRC / f"Vazirmatn-{w}.woff2").stat().st_size for w in WEIGHTS]
    print(f"subset-fonts: {len(held)} characters held, {len(missing)} left to the system font "
          f"({''.join(chr(c) for c in sorted(missing))})")
    for (name, size), full in zip(sizes, full_sizes):
        print(f"subset-fonts: static/fonts/{name}: {size} bytes (full font {full})")
    print(f"subset-fonts: both {sum(s for _, s in sizes)} bytes (full fonts {sum(full_sizes)}); "
          f"checked: character maps equal glyphs.txt, {len(texts)} texts shape as with the full "
          f"fonts (fa, en, fa+tnum)")


if __name__ == "__main__":
    main()
