"""Words printed on a game's sheets ÷ words of its rule sections, per game and per sheet (English tags left out).

Printed words: the text of every page of every sheet (pypdf, as the goldens read it), without the English a
sheet adds: the inside of ‹…› tags and what follows " · " on a line (bilingual titles, "Impacto · HIT").
Rule-section words: the words of the cleaned text of the sections of kind `rules` and `card` (what a game's
sheets may print from). Run after a build: `python bench/wordratio.py [--goldens] [game ...]`; --goldens reads
tests/golden/<game>/sheet-*.txt instead of output/ (the text of the committed sheets).
"""
from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

GAMES = ("space-alert", "legendary-alien", "alternity-warships", "leaving-earth", "galaxy-defenders")
RULE_KINDS = ("rules", "card")
TARGET = 0.60
TAG = re.compile(r"‹[^›]*›", re.DOTALL)
BILINGUAL = re.compile(r" · .*$", re.MULTILINE)
PAGE_MARK = re.compile(r"^=== page \d+ ===$", re.MULTILINE)


def printed_words(text: str) -> int:
    """Words of a sheet's text without its English tags, bilingual title halves and page marks."""
    text = PAGE_MARK.sub(" ", text)
    text = BILINGUAL.sub("", TAG.sub(" ", text))
    return len(re.findall(r"\w+", text))


def tag_count(text: str) -> int:
    return len(TAG.findall(text))


def sheet_texts(game: str, *, goldens: bool) -> dict[str, str]:
    """sheet name -> its printed text, page by page."""
    if goldens:
        folder = ROOT / "tests" / "golden" / game
        return {path.stem.removeprefix("sheet-"): path.read_text(encoding="utf-8") for path in sorted(folder.glob("sheet-*.txt"))}
    from tests.golden_cases import pdf_text

    folder = ROOT / "output" / game
    manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
    return {sheet["name"]: pdf_text(folder / sheet["file"]) for sheet in manifest["sheets"]}


def rule_words(game: str) -> int:
    from pipeline.build import tagged_document
    from pipeline.project import Project

    _, _, document = tagged_document(Project(ROOT), game)
    return sum(len(re.findall(r"\w+", block.text)) for s in document.sections if s.kind in RULE_KINDS for block in s.blocks)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=list(GAMES))
    parser.add_argument("--goldens", action="store_true", help="read tests/golden/ instead of output/")
    options = parser.parse_args(argv)
    print(f"{'game / sheet':<34} {'printed':>8} {'rules':>7} {'ratio':>6} {'tags':>5} {'tags/100w':>9}")
    for game in options.games:
        texts = sheet_texts(game, goldens=options.goldens)
        rules = rule_words(game)
        total = sum(printed_words(text) for text in texts.values())
        tags = sum(tag_count(text) for text in texts.values())
        verdict = "ok" if total / rules <= TARGET else f"> {TARGET}"
        print(f"{game:<34} {total:>8} {rules:>7} {total / rules:>6.2f} {tags:>5} {100 * tags / max(total, 1):>9.1f}  {verdict}")
        for name, text in texts.items():
            words, count = printed_words(text), tag_count(text)
            print(f"  {name:<32} {words:>8} {'':>7} {words / rules:>6.2f} {count:>5} {100 * count / max(words, 1):>9.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
