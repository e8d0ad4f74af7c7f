"""Bytes -> text: byte-order marks, UTF-16/32, UTF-8, then cp1252 (the single-byte default for Spanish),
charset-normalizer only when cp1252 gives letters no Spanish text has (a DOS or Mac file), latin-1 for
bytes cp1252 lacks; ftfy repairs mojibake; newlines become "\n".

Every guess that is not plain UTF-8 leaves a warning naming the file, so a user can see how it was read.
"""

from __future__ import annotations

import codecs
import re
import unicodedata

from pipeline.errors import InputError
from pipeline.text import printable, without_ligatures

BOMS = (
    (codecs.BOM_UTF32_LE, "utf-32-le"),
    (codecs.BOM_UTF32_BE, "utf-32-be"),
    (codecs.BOM_UTF8, "utf-8"),
    (codecs.BOM_UTF16_LE, "utf-16-le"),
    (codecs.BOM_UTF16_BE, "utf-16-be"),
)
# UTF-8 read as cp1252/latin-1: "PÃ¡gina", "acciÃ³n", "Â¿", "â€œ". Two or more such pairs is mojibake, not a name.
MOJIBAKE = re.compile(r"[ÃÂ][\x80-\xbf¡-¿]|â€[\x80-\xbf\"œ™˜žŸ“”‘’•–—]")


def _utf16_without_bom(data: bytes) -> str | None:
    """Notepad's "Unicode" without a BOM: every other byte of ASCII text is NUL."""
    sample = data[:4096]
    if len(sample) < 4:
        return None
    even, odd = sample[0::2].count(0), sample[1::2].count(0)
    if odd > len(sample) // 4 and even == 0:
        return "utf-16-le"
    if even > len(sample) // 4 and odd == 0:
        return "utf-16-be"
    return None


def decode(data: bytes, *, display: str) -> tuple[str, str, list[str]]:
    """bytes -> (text, encoding, warnings); an empty or binary file is an InputError naming it."""
    if not data.strip():
        raise InputError(NO_TEXT, path=display)
    warnings: list[str] = []
    encoding = next((name for bom, name in BOMS if data.startswith(bom)), None)
    if encoding:
        data = data[len(next(bom for bom, name in BOMS if name == encoding)) :]
    encoding = encoding or _utf16_without_bom(data)
    if encoding:
        try:
            text = data.decode(encoding)
        except UnicodeDecodeError as exc:
            raise InputError(f"not valid {encoding} (byte {exc.start}); save the file again as UTF-8", path=display) from None
    else:
        if b"\x00" in data:
            offset = data.index(b"\x00")
            raise InputError("binary content (NUL byte); expected plain text", path=display, line=data.count(b"\n", 0, offset) + 1)
        text, encoding, guessed = _single_byte_or_utf8(data, display=display)
        warnings += guessed
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    text, repaired = repair_mojibake(text)
    if repaired:
        warnings.append(f"{display}: text was mojibake (UTF-8 read as a single-byte code page, e.g. 'PÃ¡gina'); repaired")
    text = without_ligatures(unicodedata.normalize("NFC", text))
    if _looks_binary(text):
        raise InputError("binary content (too many control characters); expected plain text", path=display)
    if not printable(text).strip():
        raise InputError(NO_TEXT, path=display)  # no-break, ideographic and zero-width spaces print nothing either
    return text, encoding, warnings


NO_TEXT = "no text: the file is empty or only whitespace (spaces, no-break, ideographic or zero-width)"


# Characters a Spanish text read with the right code page hardly ever shows: a DOS (cp850) or Mac file read as
# cp1252 is full of them ("ni¤o", "acci¢n").
UNLIKELY = set("¤¢£¥¦¨¬¯µ¶¸¹¼½¾ƒ†‡ˆ‰Š‹ŒŽšœžŸ")
SPANISH_CODE_PAGES = ["cp1252", "latin_1", "iso8859_15", "cp850", "mac_roman"]


# What to do about a file that is not UTF-8: its letters were read, but a wrong guess would garble every accent.
RESAVE = "; check its accents on the proof page, then save the file as UTF-8 in your editor (this warning then goes away)"


def _single_byte_or_utf8(data: bytes, *, display: str) -> tuple[str, str, list[str]]:
    try:
        return data.decode("utf-8"), "utf-8", []
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
    try:
        # cp1252 is the code page of a Spanish Windows, and the default: it is right unless the text says otherwise.
        text = data.decode("cp1252")
        if sum(ch in UNLIKELY for ch in text) < 3:
            return text, "cp1252", [f"{display}:{line}: not valid UTF-8; read as cp1252{RESAVE}"]
    except UnicodeDecodeError:
        text = ""
    from charset_normalizer import from_bytes

    best = from_bytes(data, cp_isolation=SPANISH_CODE_PAGES).best() if text else None
    if best is not None and best.encoding not in ("cp1252", "latin_1"):
        return str(best), best.encoding, [f"{display}:{line}: not valid UTF-8; read as {best.encoding} (guessed from its letters){RESAVE}"]
    if text:
        return text, "cp1252", [f"{display}:{line}: not valid UTF-8; read as cp1252{RESAVE}"]
    return data.decode("latin-1"), "latin-1", [f"{display}:{line}: not valid UTF-8; read as latin-1{RESAVE}"]


def repair_mojibake(text: str) -> tuple[str, bool]:
    """'PÃ¡gina' -> 'Página' with ftfy, only when the text shows mojibake (a clean text is left as it is)."""
    if len(MOJIBAKE.findall(text)) < 2:
        return text, False
    import ftfy

    fixed = ftfy.fix_text(text, normalization="NFC", uncurl_quotes=False, fix_latin_ligatures=False, fix_character_width=False)
    return fixed, fixed != text


def _looks_binary(text: str) -> bool:
    sample = text[:65536]
    controls = sum(1 for ch in sample if ord(ch) < 32 and ch not in "\n\t\f\v")
    return controls > max(8, len(sample) // 20)
