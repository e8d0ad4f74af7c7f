"""pdfminer's stream filters held to the limits while a PDF is read: no stream inflates past
`pdf_stream_bytes`, no document past `pdf_bytes` (pdfminer itself has no limit)."""

from __future__ import annotations

import io
from collections.abc import Iterator
from contextlib import contextmanager

from pipeline.ingest.limits import Limits, hostile


class Inflation:
    """pdfminer's stream filters held to the limits: each stream inflates to at most pdf_stream_bytes and all
    of a document's together to pdf_bytes, checked as the bytes come (a few KB of deflate, filtered twice,
    unpack to gigabytes; pdfminer would inflate them whole, then parse them for minutes)."""

    def __init__(self, limits: Limits, *, display: str) -> None:
        self.limits = limits
        self.display = display
        self.total = 0

    def _check(self, size: int) -> None:
        """A stream of `size` bytes so far: an InputError once it, or the document with it, is past its limit."""
        if size > self.limits.pdf_stream_bytes:
            raise hostile(f"a stream inflates past {self.limits.pdf_stream_bytes:,} bytes", display=self.display)
        if self.total + size > self.limits.pdf_bytes:
            raise hostile(f"its streams inflate past {self.limits.pdf_bytes:,} bytes", display=self.display)

    def _count(self, size: int) -> None:
        """A stream inflated whole: checked, and added to the document's total."""
        self._check(size)
        self.total += size

    def decompress(self, data: bytes) -> bytes:
        """zlib.decompress, stopping one byte past the limit; a truncated stream is a zlib.error as there."""
        import zlib

        inflater = zlib.decompressobj()
        out = inflater.decompress(data, self.limits.pdf_stream_bytes + 1)
        self._count(len(out))
        if not inflater.eof:
            raise zlib.error("incomplete or truncated stream")  # pdfminer then reads what it can (below)
        return out

    def decompress_corrupted(self, data: bytes) -> bytes:
        """pdfminer's reading of a stream whose checksum is wrong, byte by byte: bounded, and linear."""
        import zlib

        inflater, out = zlib.decompressobj(), bytearray()
        for index in range(len(data)):
            try:
                out += inflater.decompress(data[index : index + 1])
            except zlib.error:
                if index < len(data) - 3:  # an error before the checksum: the data itself is damaged
                    raise
                break
            self._check(len(out))
        self._count(len(out))
        return bytes(out)

    def lzwdecode(self, data: bytes) -> bytes:
        from pdfminer.lzw import LZWDecoder

        out = bytearray()
        for chunk in LZWDecoder(io.BytesIO(data)).run():
            out += chunk
            self._check(len(out))
        self._count(len(out))
        return bytes(out)

    def rldecode(self, data: bytes) -> bytes:
        """RunLength, as pdfminer reads it, stopping at the limit (each byte may stand for 128)."""
        out, index = bytearray(), 0
        while index < len(data) and data[index] != 128:
            length = data[index]
            if length < 128:
                out += data[index + 1 : index + 2 + length]
                index += length + 2
            else:
                out += data[index + 1 : index + 2] * (257 - length)
                index += 2
            self._check(len(out))
        self._count(len(out))
        return bytes(out)


@contextmanager
def bounded_filters(inflation: Inflation) -> Iterator[None]:
    """pdfminer's inflating filters replaced by `inflation`'s while a PDF is read (pdfminer offers no limit of
    its own; its module globals are the one place its PDFStream.decode looks them up), then put back."""
    import types
    import zlib

    from pdfminer import pdftypes

    saved = {name: getattr(pdftypes, name) for name in ("zlib", "decompress_corrupted", "lzwdecode", "rldecode")}
    pdftypes.zlib = types.SimpleNamespace(  # type: ignore[assignment]  # a stand-in for the zlib module pdftypes calls
        decompress=inflation.decompress, decompressobj=zlib.decompressobj, error=zlib.error
    )
    pdftypes.decompress_corrupted = inflation.decompress_corrupted
    pdftypes.lzwdecode = inflation.lzwdecode
    pdftypes.rldecode = inflation.rldecode
    try:
        yield
    finally:
        for name, value in saved.items():
            setattr(pdftypes, name, value)
