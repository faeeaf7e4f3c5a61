"""The project's fonts on the web: the faces the PDFs use, as subset WOFF2 files.

The faces are those print.css declares with ``@font-face`` (family, weight, style, file in
templates/fonts/), so a page and a PDF are set in the same faces on any reader's machine.
Each face is cut (fontTools) to what the site can show: every character of every text file the
build writes (pages, stylesheets, scripts), plus the alphabets of the site's languages, so
that text the build never saw (a search typed by the reader) still renders in the face; then
only the characters the face itself has. A file name carries a digest of its content, and a
cut is kept in the disk cache (runtime/cache.py) by a digest of the font, the characters and
fontTools' version: an unchanged face is never cut again.
"""

from __future__ import annotations

import hashlib
import html
import io
import posixpath
import re
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path
from typing import Callable, Iterable, Mapping

from ..runtime.cache import Cache

# Text that no page may have yet but a reader can bring (a search query, a name typed in a
# form): printable ASCII, Latin-1, typographic punctuation, the joiners and the bidi controls.
_BASE = [(0x20, 0x7E), (0xA0, 0xFF), (0x2010, 0x2027), (0x2030, 0x203A), (0x200B, 0x200F),
         (0x2066, 0x2069), (0x2212, 0x2212)]
# Each language's alphabet: Romanian's ă ș ț (and the cedilla forms), Russian's Cyrillic,
# Arabic's letters, marks, digits and punctuation; Italian and German are within Latin-1.
ALPHABETS: Mapping[str, list[tuple[int, int]]] = {
    "ro": [(0x100, 0x17F), (0x218, 0x21B)],
    "ru": [(0x400, 0x45F)],
    "ar": [(0x60C, 0x60C), (0x61B, 0x61F), (0x621, 0x652), (0x660, 0x66C), (0x670, 0x670)],
}
_ENTITY_BYTES = re.compile(rb"&#?\w+;")  # an entity is ASCII: found in the bytes
_ASCII = bytes(range(0x80))  # the base set has every printable one
# in the cache key too: other options, other cuts
_SUBSET_OPTIONS = "layout_features=default+tnum+lnum;hinting=False;notdef_outline;woff2"


@dataclass(frozen=True)
class Face:
    """One ``@font-face`` of print.css: ``family``, ``weight``, ``style`` and its file."""

    family: str
    source: Path
    weight: str = "400"
    style: str = "normal"


@dataclass(frozen=True)
class WebFace:
    face: Face
    path: str  # in the site: static/fonts/NotoSans-Regular.1a2b3c4d5e.woff2
    data: bytes
    codepoints: frozenset[int]  # what the cut holds


def print_faces(print_css: Path, *, find: Callable[[str], Path] | None = None) -> list[Face]:
    """The faces print.css declares, in its order. ``find``: the file a url() names, by its
    path in the theme (``fonts/x.ttf``: print.css is ``print/print.css``; runtime/theme.py),
    which may be in another folder than print.css; without it, beside print.css."""
    import tinycss2

    faces: list[Face] = []
    rules = tinycss2.parse_stylesheet(print_css.read_text(encoding="utf-8"), skip_comments=True,
                                      skip_whitespace=True)
    for rule in rules:
        if rule.type != "at-rule" or rule.lower_at_keyword != "font-face" or rule.content is None:
            continue
        props: dict[str, str] = {}
        for decl in tinycss2.parse_declaration_list(rule.content, skip_comments=True,
                                                    skip_whitespace=True):
            if decl.type == "declaration":
                props[decl.lower_name] = tinycss2.serialize(decl.value).strip()
        url = re.search(r"url\(\s*['\"]?([^'\")]+)", props.get("src", ""))
        family = props.get("font-family", "").strip("'\" ")
        if url and family:
            source = (find(posixpath.normpath("print/" + url.group(1))) if find is not None
                      else print_css.parent / url.group(1))
            faces.append(Face(family, source.resolve(),
                              props.get("font-weight", "400"), props.get("font-style", "normal")))
    return faces


def unusable_faces(faces: list[Face], print_css: Path) -> list[tuple[Face, int, str]]:
    """The faces whose font file is missing or is not a font: (face, line of print.css that
    names it, what is wrong). The web goes on without them, as WeasyPrint does on paper."""
    from fontTools.ttLib import TTFont, TTLibError

    lines = print_css.read_text(encoding="utf-8").splitlines()
    out = []
    for face in faces:
        line = next((n for n, text in enumerate(lines, 1) if face.source.name in text), 1)
        if not face.source.is_file():
            out.append((face, line, f"the font file {face.source.name} is missing"))
            continue
        try:
            TTFont(io.BytesIO(face.source.read_bytes()), lazy=True).getBestCmap()
        except (TTLibError, OSError, ValueError, AssertionError, KeyError) as err:
            out.append((face, line, f"{face.source.name} is not a font fontTools can read ({err})"))
    return out


def site_characters(files: Mapping[str, bytes], languages: Iterable[str]) -> frozenset[int]:
    """Every character a page of the site can show: all text the site serves, unescaped
    (attribute values and markup included: a superset, and cheap), the base set and the
    alphabets of ``languages``."""
    return site_characters_of((extra_characters(p, d) for p, d in files.items()), languages)


def extra_characters(path: str, data: bytes) -> str:
    """The characters of one output file beyond the base set, in code point order: what an
    incremental build keeps of a page it does not render again."""
    if not path.endswith((".html", ".css", ".js", ".json", ".xml", ".txt")):
        return ""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        text = data.decode("utf-8", "replace")
    else:  # valid UTF-8 without its ASCII bytes is its other characters: a fraction to look at
        text = data.translate(None, _ASCII).decode("utf-8") + ("\x7f" if b"\x7f" in data else "")
    chars = set(map(ord, set(text)))
    for entity in set(_ENTITY_BYTES.findall(data)):  # &amp; &#x2212; &nbsp;
        chars.update(map(ord, html.unescape(entity.decode("ascii"))))
    return "".join(chr(c) for c in sorted(c for c in chars if c >= 0x20 and not _in_base(c)))


def _in_base(code: int) -> bool:
    return any(low <= code <= high for low, high in _BASE)


def site_characters_of(extras: Iterable[str], languages: Iterable[str]) -> frozenset[int]:
    """``site_characters`` from each file's ``extra_characters``."""
    chars: set[int] = set()
    for extra in extras:
        chars.update(map(ord, extra))
    for lang in languages:
        for low, high in ALPHABETS.get(lang, []):
            chars.update(range(low, high + 1))
    for low, high in _BASE:
        chars.update(range(low, high + 1))
    return frozenset(c for c in chars if c >= 0x20)


def web_faces(faces: list[Face], chars: frozenset[int], *, cache: Cache,
              advance: Callable[[int], None] = lambda done: None) -> list[WebFace]:
    """Each face cut to ``chars`` as WOFF2, from the cache when it was cut before."""
    out = []
    for face in faces:
        advance(1)
        font = face.source.read_bytes()
        key = hashlib.sha256(font + _charset_key(chars) + _tool_key()).hexdigest()
        cached = cache.get("fonts", key)
        if cached is not None:
            data = cached.data
        else:
            data = _cut(font, chars)
            cache.put("fonts", key, data)
        digest = hashlib.sha256(data).hexdigest()[:10]
        out.append(WebFace(face, f"static/fonts/{face.source.stem}.{digest}.woff2", data,
                           _codepoints(data)))
    return out


def _charset_key(chars: frozenset[int]) -> bytes:
    return ",".join(map(str, sorted(chars))).encode()


def _tool_key() -> bytes:
    return f"fonttools={metadata.version('fonttools')};{_SUBSET_OPTIONS}".encode()


def _cut(font: bytes, chars: frozenset[int]) -> bytes:
    from fontTools import subset
    from fontTools.ttLib import TTFont

    tt = TTFont(io.BytesIO(font), recalcTimestamp=False)  # the same input gives the same bytes
    wanted = set(tt.getBestCmap()) & chars
    options = subset.Options()
    # fontTools' default features are those a browser applies by itself (Arabic joining and
    # marks, kerning, ligatures, localized forms); the stylesheet asks for tabular and lining
    # figures too. Keeping every feature ("*") made the cut half again as large and twice as slow.
    options.layout_features = [*options.layout_features, "tnum", "lnum"]
    options.hinting = False
    options.notdef_outline = True
    options.flavor = "woff2"
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=sorted(wanted))
    subsetter.subset(tt)
    buf = io.BytesIO()
    tt.flavor = "woff2"
    tt.save(buf)
    return buf.getvalue()


def _codepoints(woff2: bytes) -> frozenset[int]:
    from fontTools.ttLib import TTFont

    return frozenset(TTFont(io.BytesIO(woff2), lazy=True).getBestCmap())


def unicode_range(codepoints: Iterable[int]) -> str:
    """``U+20-7E, U+A0-FF, ...``: the runs of ``codepoints``."""
    runs: list[tuple[int, int]] = []
    for c in sorted(codepoints):
        if runs and c == runs[-1][1] + 1:
            runs[-1] = (runs[-1][0], c)
        else:
            runs.append((c, c))
    return ", ".join(f"U+{a:X}" if a == b else f"U+{a:X}-{b:X}" for a, b in runs)


def font_face_css(faces: list[WebFace], *, relative_to: str = "static/") -> str:
    """The ``@font-face`` rules of the web faces, for a stylesheet at ``relative_to``."""
    rules = []
    for f in faces:
        if not f.codepoints:
            continue  # the site shows nothing of this face
        url = f.path.removeprefix(relative_to)
        rules.append(f'@font-face {{ font-family: "{f.face.family}"; src: url({url}) format("woff2"); '
                     f"font-weight: {f.face.weight}; font-style: {f.face.style}; font-display: swap; "
                     f"unicode-range: {unicode_range(f.codepoints)}; }}")
    return "\n".join(rules) + "\n"


FONT_FACE_MARK = "/* @font-face: written by the build (generator/webfonts.py) */"


def with_font_faces(stylesheet: bytes, faces: list[WebFace]) -> bytes:
    """The site stylesheet with the web faces' rules in place of its mark (or first)."""
    css = stylesheet.decode("utf-8")
    rules = font_face_css(faces)
    if FONT_FACE_MARK in css:
        return css.replace(FONT_FACE_MARK, FONT_FACE_MARK + "\n" + rules.rstrip("\n"), 1).encode()
    return (rules + css).encode()
