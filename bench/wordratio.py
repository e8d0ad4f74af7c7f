"""Words printed on a game's sheets ÷ words of its rule sections, per game and per sheet (English left out).

Printed words: the text of every page of every sheet (pypdf, as the goldens read it), without the English a
sheet adds: the inside of ‹…› tags, the English half of a bilingual title or label after " · " ("Impacto · HIT",
"Fase de actualización · Refresh Phase", also where the English name runs on to the next line), and the English
column of the English index (its lines that are a glossary term's English name).
Rule-section words: the words of the cleaned text of the sections of kind `rules` and `card` (what a game's
sheets may print from). Run after a build: `python bench/wordratio.py [--goldens] [game ...]`; --goldens reads
tests/golden/<game>/sheet-*.txt instead of output/ (the text of the committed sheets).

Besides the ratio the table shows what of the printed words is no rule text: `index` (the Spanish column of the
English index), `furn.` (each page's furniture: title, contents line, icon key, sheet label, revision, page number,
footer, and the credits: no " · " in them parts Spanish from English, only the game's English title is left out),
and `content` (the ratio without those two: what condensing decides). `floor` is
the words of the game's rule statements (tests/sentences/<game>.rules.txt) ÷ its rule-section words: the ratio the
sheets cannot go under while printing every rule statement word for word, headings and furniture aside.
`twice` is the words of the rule statements more than one of the game's sheets prints (tests/rule_statements.py's
`printed_twice`): what one sheet repeating another costs (issue 23: a rule is printed once, on one sheet).
"""
from __future__ import annotations

import argparse
import json
import re
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

GAMES = ("space-alert", "legendary-alien", "alternity-warships", "leaving-earth", "galaxy-defenders")
RULE_KINDS = ("rules", "card")
TARGET = 0.60
TAG = re.compile(r"‹[^›]*›", re.DOTALL)
BILINGUAL = re.compile(r" · .*$", re.MULTILINE)
PAGE_MARK = re.compile(r"^=== page \d+ ===$", re.MULTILINE)
PAGE_SPLIT = re.compile(r"^=== page \d+ ===\n?", re.MULTILINE)
INDEX_HEADING = "Índice inglés · English index"
CREDITS = re.compile(r"^Créditos\. ")
WORD = re.compile(r"\w+")


def words_of(text: str) -> int:
    return len(WORD.findall(text))


def _space_key(text: str) -> str:
    return " ".join(WORD.findall(text.lower()))


def printed_words(text: str) -> int:
    """Words of a sheet's text without its English tags, bilingual title halves and page marks (English names
    unknown: a bilingual half ends at its line's end)."""
    return Printed.of(text).printed


@dataclass(frozen=True)
class Printed:
    """A sheet's printed words, and how many of them are its index's and its page furniture's."""

    printed: int
    index: int
    furniture: int
    tags: int

    @classmethod
    def of(cls, text: str, *, english: frozenset[str] = frozenset(), title: str = "", title_en: str = "") -> "Printed":
        """The counts of a sheet's text; `title`, `title_en`: the game's Spanish title (where a page's furniture
        starts) and its English one (the furniture's one English name)."""
        tags = len(TAG.findall(text))
        body = index = furniture = 0
        for page in PAGE_SPLIT.split(text):
            raw = TAG.sub(" ", page).split("\n")
            end = _furniture_start(raw, title)
            # The credits and the furniture are the sheet's own words, " · " between their items: no bilingual pairs.
            credits = next((number for number, line in enumerate(raw[:end]) if CREDITS.match(line)), end)
            lines = _without_bilingual(raw[:credits], english)
            in_index = False
            for line in lines:
                count = words_of(line)
                if line.strip() == INDEX_HEADING.split(" · ")[0]:  # the heading, English half gone already
                    in_index = True
                    index += count
                elif in_index:
                    index += count
                else:
                    body += count
            furniture += sum(map(words_of, raw[credits:end])) + _furniture_words(raw[end:], title_en)
        return cls(body + index + furniture, index, furniture, tags)


def _furniture_words(lines: list[str], title_en: str) -> int:
    """Words of a page's furniture (title block, contents line, icon key, label, revision, page number, footer), its
    English title left out (it may run on to the next line: "… · Legendary" / "Encounters: An Alien …")."""
    text = " ".join(lines)
    english = words_of(title_en) if title_en and f" {_space_key(title_en)} " in f" {_space_key(text)} " else 0
    return words_of(text) - english


def _without_bilingual(lines: list[str], english: frozenset[str]) -> list[str]:
    """The lines without the English of " · " pairs (the longest English name after it, running on to the next lines
    if it does; an English name before it; else the rest of the line) and without the index's English lines."""
    out: list[str] = []
    skip_words = 0  # words of an English name that ran on from the line before
    index = False
    for number, line in enumerate(lines):
        if skip_words:
            tokens = line.split()
            taken = 0
            while taken < len(tokens) and skip_words > 0:
                skip_words -= words_of(tokens[taken])
                taken += 1
            skip_words = max(0, skip_words)
            line = " ".join(tokens[taken:])
        if line.strip() == INDEX_HEADING:
            index = True
        head, sep, tail = line.partition(" · ")
        if sep:
            rest = " ".join([tail, *lines[number + 1 : number + 3]])
            name = max((name for name in english if _space_key(rest).startswith(name)), key=len, default="")
            if name:  # the name's words go; a run-in heading's text after it on the line stays
                tokens = tail.split()
                named, taken = len(name.split()), 0
                while taken < len(tokens) and named > 0:
                    named -= words_of(tokens[taken])
                    taken += 1
                skip_words = max(0, named)
                line = " ".join([head, *tokens[taken:]])
            elif _space_key(head) in english:  # an English name first ("Medic · Médico", a card's title)
                line = tail
            else:
                line = head
        elif index and _space_key(line) and any(name.startswith(_space_key(line)) for name in english):
            line = ""  # an English headword (or its first line)
        out.append(line)
    return out


def _furniture_start(lines: list[str], title: str) -> int:
    """The line where a page's furniture starts: its last line opening with the game's title (the title block and
    footer follow it), else the page's end."""
    starts = [number for number, line in enumerate(lines) if title and line.startswith(title)]
    return starts[-1] if starts else len(lines)


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
    return sum(words_of(block.text) for s in document.sections if s.kind in RULE_KINDS for block in s.blocks)


def english_names(game: str) -> frozenset[str]:
    """The English names a sheet of `game` may print: its glossary's and the game's English title."""
    from pipeline.project import Project
    from pipeline.tag.glossary import load_glossary

    project = Project(ROOT)
    names = {term.en for term in load_glossary(project.glossaries, game).terms}
    return frozenset(key for key in map(_space_key, names) if key)


def titles_of(game: str) -> tuple[str, str]:
    """The game's Spanish and English titles."""
    from pipeline.build.stages import prepare
    from pipeline.project import Project

    config, _, _ = prepare(Project(ROOT), game)
    return config.game.title_es, config.game.title_en


def floor(game: str, rules: int) -> float:
    from tests.rule_statements import read_statements

    return sum(words_of(sentence) for _, sentence in read_statements(game)) / rules


def twice(game: str, texts: dict[str, str]) -> int:
    """Words of the game's rule statements that more than one of its sheets (`texts`) print."""
    from tests.rule_statements import printed_twice

    return sum(words_of(sentence) for _, sentence, _ in printed_twice(game, texts))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=list(GAMES))
    parser.add_argument("--goldens", action="store_true", help="read tests/golden/ instead of output/")
    options = parser.parse_args(argv)
    print(f"{'game / sheet':<30} {'printed':>7} {'rules':>6} {'ratio':>5} {'index':>5} {'furn.':>5} {'content':>7}"
          f" {'floor':>5} {'twice':>5} {'tags':>4} {'tags/100w':>9}")
    for game in options.games:
        texts = sheet_texts(game, goldens=options.goldens)
        rules, english, (title, title_en) = rule_words(game), english_names(game), titles_of(game)
        sheets = {name: Printed.of(text, english=english, title=title, title_en=title_en) for name, text in texts.items()}
        total = sum(sheet.printed for sheet in sheets.values())
        index = sum(sheet.index for sheet in sheets.values())
        furniture = sum(sheet.furniture for sheet in sheets.values())
        tags = sum(sheet.tags for sheet in sheets.values())
        verdict = "ok" if total / rules <= TARGET else f"> {TARGET}"
        print(f"{game:<30} {total:>7} {rules:>6} {total / rules:>5.2f} {index:>5} {furniture:>5}"
              f" {(total - index - furniture) / rules:>7.2f} {floor(game, rules):>5.2f} {twice(game, texts):>5} {tags:>4}"
              f" {100 * tags / max(total, 1):>9.1f}  {verdict}")
        for name, sheet in sheets.items():
            content = sheet.printed - sheet.index - sheet.furniture
            print(f"  {name:<28} {sheet.printed:>7} {'':>6} {sheet.printed / rules:>5.2f} {sheet.index:>5} {sheet.furniture:>5}"
                  f" {content / rules:>7.2f} {'':>5} {'':>5} {sheet.tags:>4} {100 * sheet.tags / max(sheet.printed, 1):>9.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
