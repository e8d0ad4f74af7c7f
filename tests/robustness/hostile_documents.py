"""Hostile documents made at test time: small files built to unpack, nest or count past what a reader can hold.

Each maker is deterministic and cheap (well under a second): the bombs are compressed from runs of one
byte, which deflate packs about a thousand to one, and filtered twice where the format allows it.
"""
from __future__ import annotations

import io
import zipfile
import zlib
from pathlib import Path

PAGE = b"BT /F1 14 Tf 72 720 Td (REGLAS GENERALES) Tj 0 -30 Td /F1 11 Tf (El jugador roba una carta de amenaza.) Tj ET\n"


def deflate_run(byte: bytes, size: int, *, head: bytes = b"") -> bytes:
    """zlib data that inflates to head + `size` copies of `byte` (size a whole number of megabytes past the
    head), made in well under a second: one megabyte is deflated on its own (a full flush makes its blocks
    independent of what came before) and those bytes repeated, then the stream is closed and checksummed."""
    block = byte * (1024 * 1024)
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    start = packer.compress(head) + packer.flush(zlib.Z_FULL_FLUSH)
    packed_block = packer.compress(block) + packer.flush(zlib.Z_FULL_FLUSH)
    end = packer.flush()  # an empty final block
    checksum = zlib.adler32(head)
    for _ in range(size // len(block)):
        checksum = zlib.adler32(block, checksum)
    return b"\x78\xda" + start + packed_block * (size // len(block)) + end + checksum.to_bytes(4, "big")


def pdf(content: bytes, *, filters: str = "", mediabox: bytes = b"0 0 612 792") -> bytes:
    """A one-page PDF whose page content is `content` (already encoded for `filters`, e.g. "/FlateDecode"),
    with a correct cross-reference table."""
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [" + mediabox + b"] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
        b"<< /Length %d%s >>\nstream\n" % (len(content), (b" /Filter " + filters.encode()) if filters else b"") + content + b"\nendstream",
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    ]
    out = io.BytesIO()
    out.write(b"%PDF-1.4\n")
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(out.tell())
        out.write(b"%d 0 obj\n" % number + body + b"\nendobj\n")
    xref = out.tell()
    out.write(b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1))
    for offset in offsets:
        out.write(b"%010d 00000 n \n" % offset)
    out.write(b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref))
    return out.getvalue()


def pdf_bomb(size: int) -> bytes:
    """A PDF of a few KB whose page content inflates to `size` bytes (a real first line, then spaces):
    deflated twice, as /Filter [/FlateDecode /FlateDecode] allows."""
    return pdf(zlib.compress(deflate_run(b" ", size, head=PAGE), 9), filters="[/FlateDecode /FlateDecode]")


def with_part(document: bytes, name: str, data: bytes) -> bytes:
    """A copy of a zip document with the part `name` replaced by `data` (deflated), every other part as it was."""
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(document)) as source, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as target:
        for info in source.infolist():
            body = data if info.filename == name else source.read(info)
            target.writestr(zipfile.ZipInfo(info.filename, date_time=info.date_time), body, compress_type=zipfile.ZIP_DEFLATED)
    return out.getvalue()


def zip_bomb_part(document: bytes, name: str, size: int) -> bytes:
    """A copy of a zip document whose part `name` keeps its XML but is padded with `size` spaces inside it
    (still well-formed: a parser reads it all)."""
    with zipfile.ZipFile(io.BytesIO(document)) as source:
        original = source.read(name)
    end = original.rindex(b"</")
    return with_part(document, name, original[:end] + b" " * size + original[end:])


def fixture_bytes(case: str, tmp: Path) -> bytes:
    """The source file of a format case (made by its make.py where it has one)."""
    from ..formats_cases import materialise

    folder = materialise(case, tmp)
    return next(folder.glob("raw.*")).read_bytes()
