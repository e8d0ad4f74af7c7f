"""How full each page of the built sheets is, read back from the PDFs (issue 23: every page but a sheet's last ≥ 60 %).

A page's fill: its body (the paper less 13 mm at the top and bottom, where the running header and the footer sit)
cut into STRIPS upright strips; each strip is filled down to the lowest letter whose middle lies in it; the page's
fill is the mean of its strips (a three-column page whose third column is empty is about 67 % full). The last page
of a sheet may be short; a last page under LAST_SHORT is listed as one a tighter setting could save.
Run after a build: `python bench/fill.py [--root DIR] [game ...]` (DIR/output/<game>/*.pdf, default the repository).
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BAND_MM = 13.0  # the header's and footer's bands, left out of the body
STRIPS = 6  # divides two- and three-column pages alike
FULL = 0.60
LAST_SHORT = 0.40
PT_PER_MM = 72 / 25.4


def page_fill(width: float, height: float, chars: list[dict]) -> float:
    """The mean depth the text reaches in each strip of the body, 0 to 1."""
    top, bottom = BAND_MM * PT_PER_MM, height - BAND_MM * PT_PER_MM
    body = [c for c in chars if c["text"].strip() and top < c["top"] and c["bottom"] < bottom]
    reach = [top] * STRIPS
    for char in body:
        strip = min(int((char["x0"] + char["x1"]) / 2 / width * STRIPS), STRIPS - 1)
        reach[strip] = max(reach[strip], char["bottom"])
    return sum((low - top) / (bottom - top) for low in reach) / STRIPS


def sheet_fills(pdf: Path) -> list[float]:
    import pdfplumber

    with pdfplumber.open(pdf) as document:
        return [page_fill(page.width, page.height, list(page.chars)) for page in document.pages]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=Path, default=ROOT, help="project root holding output/")
    parser.add_argument("games", nargs="*", help="games to measure (default: every game built)")
    args = parser.parse_args(argv)
    pdfs = sorted(pdf for pdf in (args.root / "output").glob("*/*.pdf") if not args.games or pdf.parent.name in args.games)
    short, saveable = 0, 0
    print(f"{'sheet':48} pages  fill per page")
    for pdf in pdfs:
        fills = sheet_fills(pdf)
        marks = []
        for number, fill in enumerate(fills, start=1):
            last = number == len(fills)
            flag = "" if (fill >= FULL or last) else " <60%"
            if last and len(fills) > 1 and fill < LAST_SHORT:
                flag, saveable = " short last", saveable + 1
            short += flag == " <60%"
            marks.append(f"{fill:4.0%}{flag}")
        print(f"{pdf.stem:48} {len(fills):5}  {' · '.join(marks)}")
    print(f"{len(pdfs)} sheets: {short} page(s) under {FULL:.0%} before the last; {saveable} last page(s) under {LAST_SHORT:.0%}")
    return 1 if short else 0


if __name__ == "__main__":
    sys.exit(main())
