"""Document + the sheet's fonts -> Document whose every character the font can draw, and a warning naming the rest.

Forum text brings emoji, CJK, symbols from other fonts: reportlab would silently print an empty box or
nothing. An emoji mark the font lacks is drawn as its plain look-alike ('✅' as '✔', '❌' as '✘'); any other
visible character it lacks becomes one replacement character (U+FFFD, else '□', else '?') so the reader sees
that something is missing, and the build reports which characters they were.
Replacement is one code point for one code point, so TermHit offsets stay valid.
"""
from __future__ import annotations

import dataclasses
import re
import struct
import unicodedata
from collections import Counter
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable

from pipeline.errors import ConfigError
from pipeline.model import Document

REPLACEMENTS = ("\ufffd", "\u25a1", "?")
# Emoji a text marks yes, no or a question with ('✅ Sí', '❌ No' in a table's cells), drawn as the plain symbol
# the font has instead (one code point for one): the mark means something, a '�' would lose it.
LOOK_ALIKES = {
    "\u2705": "\u2714", "\u2611": "\u2714",  # ✅ ☑ -> ✔
    "\u274c": "\u2718", "\u274e": "\u2718", "\u2716": "\u2718",  # ❌ ❎ ✖ -> ✘
    "\u2753": "?", "\u2754": "?", "\u2757": "!", "\u2755": "!",  # ❓ ❔ ❗ ❕
    "\u2b50": "\u2605", "\u2728": "\u2736", "\U0001f31f": "\u2605",  # ⭐ ✨ 🌟 -> ★ ✶ ★
}
# Invisible characters (joiners, variation selectors, bidi marks): nothing to see when dropped, so they
# become a zero-width space, which markup.safe_text removes and every font we ship can draw.
INVISIBLE = "\u200b"
_INVISIBLE_CATEGORIES = ("Cf", "Mn", "Me")
GLYPHS_FORMAT = 1  # of the user's store entries of a font's code points


@dataclasses.dataclass(frozen=True)
class Coverage:
    """The code points a font can draw, as a compiled 'anything else' pattern for fast scanning."""

    family: str
    missing: re.Pattern[str]
    replacement: str

    def lacks(self, text: str) -> bool:
        return self.missing.search(text) is not None


@lru_cache(maxsize=8)
def coverage(font_path: str, family: str = "") -> Coverage:
    """Read the font's character map once per process (reportlab is imported only here); the code points it
    can draw are kept in the user's store by the font file's sha256 (grouped by its name), so a process that
    typesets need not parse the four faces of its family again (0.15 s) before reportlab parses them to draw."""
    import hashlib

    from reportlab import Version

    from pipeline.store import Store, digest, memoized, user_folder

    try:
        font = hashlib.sha256(Path(font_path).read_bytes()).hexdigest()
    except OSError:
        font = ""  # _font_codes says what is wrong with it
    key = digest(GLYPHS_FORMAT, f"reportlab {Version}", font)
    codes = memoized(Store(user_folder()), "glyphs", key, lambda: _font_codes(font_path), group=Path(font_path).name,
                     load=_codes, dump=_runs) if font else _font_codes(font_path)
    ranges = [_class_range(first, last) for first, last in _runs(codes)]
    replacement = next((ch for ch in REPLACEMENTS if ord(ch) in set(codes)), "?")
    return Coverage(family=family or Path(font_path).stem, missing=re.compile(f"[^{''.join(ranges)}]"), replacement=replacement)


def _font_codes(font_path: str) -> list[int]:
    from reportlab.pdfbase.ttfonts import TTFError, TTFontFile

    try:
        font = TTFontFile(font_path)
    except (TTFError, OSError, struct.error, ValueError, IndexError) as exc:  # a damaged file fails in many ways
        raise ConfigError(f"is not a usable TrueType font ({exc})", path=font_path) from None
    codes = sorted(code for code, glyph in font.charToGlyph.items() if glyph)
    # Control characters are never drawn (markup.safe_text strips them; \n and \t are layout), so they
    # are never "missing".
    return sorted(set(codes) | set(range(0x20)) | set(range(0x7F, 0xA0)))


def _codes(runs: list) -> list[int]:
    codes = [code for first, last in runs for code in range(int(first), int(last) + 1)]
    if not codes or codes != sorted(set(codes)):
        raise ValueError("not code point runs")
    return codes


def _runs(codes: list[int]) -> list[list[int]]:
    """Code points as runs [first, last], as the store keeps them."""
    runs: list[list[int]] = []
    for code in codes:
        if runs and code == runs[-1][1] + 1:
            runs[-1][1] = code
        else:
            runs.append([code, code])
    return runs


def _class_range(first: int, last: int) -> str:
    escape = lambda code: re.escape(chr(code))  # noqa: E731
    return escape(first) if first == last else f"{escape(first)}-{escape(last)}"


def cover_text(text: str, cov: Coverage, found: Counter[str] | None = None) -> str:
    """Replace what `cov` cannot draw (same length); count the visible ones in `found`."""
    if not cov.lacks(text):
        return text

    def substitute(match: re.Match[str]) -> str:
        char = match.group()
        if unicodedata.category(char) in _INVISIBLE_CATEGORIES:
            return INVISIBLE
        alike = LOOK_ALIKES.get(char, "")
        if alike and not cov.lacks(alike):
            return alike
        if found is not None:
            found[char] += 1
        return cov.replacement

    return cov.missing.sub(substitute, text)


def cover_document(document: Document, *, font_paths: tuple[Path, ...], family: str = "") -> tuple[Document, str | None]:
    """Every string the sheet may print, covered by all of the family's faces; (document, warning or None)."""
    covers = [coverage(str(path), family) for path in font_paths]
    found: Counter[str] = Counter()

    def fix(text: str) -> str:
        for cov in covers:
            text = cover_text(text, cov, found)
        return text

    covered = _map_strings(document, fix)
    return covered, missing_warning(document.game.id, found, family=family or covers[0].family, replacement=covers[0].replacement)


def missing_warning(game_id: str, found: Counter[str], *, family: str, replacement: str) -> str | None:
    if not found:
        return None
    shown = ", ".join(f"{_label(char)} ×{count}" for char, count in sorted(found.items(), key=lambda item: (-item[1], item[0]))[:12])
    more = f" and {len(found) - 12} more" if len(found) > 12 else ""
    plural = "s" if len(found) != 1 else ""
    return f"{game_id}: the font {family} has no glyph for {len(found)} character{plural}, printed as {replacement!r}: {shown}{more}"


def _label(char: str) -> str:
    name = unicodedata.name(char, "unnamed")
    return f"{char!r} U+{ord(char):04X} {name}"


def _map_strings(value: Any, fix: Callable[[str], str]) -> Any:
    """Apply `fix` to every string inside frozen dataclasses, tuples, lists and dict values."""
    if isinstance(value, str):
        return fix(value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        changes = {}
        for field in dataclasses.fields(value):
            old = getattr(value, field.name)
            new = _map_strings(old, fix)
            if new is not old:
                changes[field.name] = new
        return dataclasses.replace(value, **changes) if changes else value
    if isinstance(value, (tuple, list)):
        items = [_map_strings(item, fix) for item in value]
        if all(new is old for new, old in zip(items, value)):
            return value
        return type(value)(items)
    if isinstance(value, dict):
        mapped = {key: _map_strings(item, fix) for key, item in value.items()}
        if all(mapped[key] is value[key] for key in value):
            return value
        return type(value)(mapped) if type(value) is dict else mapped
    return value


def cover_layout(document: Document, layout: Any) -> tuple[Document, str | None]:  # layout.Layout (kept lazy)
    """cover_document with the four faces of a typeset Layout's font family."""
    fonts = layout.fonts
    faces = (fonts.regular, fonts.bold, fonts.italic, fonts.bold_italic)
    try:
        return cover_document(document, font_paths=faces, family=fonts.family)
    except ConfigError as exc:  # name the template that chose the font, not only the file
        path = next((face for face in faces if str(face) == exc.path), fonts.regular)
        raise fonts.problem(path, exc.problems[0].message) from None
