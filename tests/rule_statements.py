"""The rule statements of each seed game (tests/sentences/<game>.rules.txt) and whether its sheets print them.

A rule statement is a sentence annotated `rule` in tests/sentences/<game>.yaml, unless its section is left out
by name from every sheet (the file's `# left out by name:` lines). It counts as printed when a sheet of the game
prints it, give or take what a sheet adds or cuts inside a sentence (English tags, a cross-reference, a line
break in a table cell, a discourse opener: "Ten en cuenta que", which a sheet's `directives` leave out,
pipeline/sheets/quickref/directives.py): at least COVERED of its word triples appear in one sheet's text (a statement
of fewer than three words, "Huir.", needs its words in one sheet's text).
`python -m tests.rule_statements --write` remakes the files from the annotations and the documents.
"""
from __future__ import annotations

import re
import sys
from pathlib import Path

from pipeline.text import fold

SENTENCES = Path(__file__).resolve().parent / "sentences"
COVERED = 0.8
REQUIRED = 0.95  # of each game's rule statements, printed on some sheet
TAG = re.compile(r"‹[^›]*›", re.DOTALL)
# Sections a game's sheets leave out by name and print nowhere else (their rules are not on a sheet by choice).
LEFT_OUT = {
    "space-alert": [
        "el-explorador-experimentado/categorias-de-logros", "el-explorador-experimentado/campanas-completas",
        "el-explorador-experimentado/habilidades-sociales", "el-explorador-experimentado/por-los-pelos",
        "el-explorador-experimentado/hot-shots", "el-explorador-experimentado/experto-en-conocimientos",
        "el-explorador-experimentado/adiccion",
    ],
    "alternity-warships": ["combate-espacial-de-la-era-de-la-fusion"],
    "leaving-earth": [
        "leaving-earth-reglamento", "spacecraft", "localizaciones", "maniobras", "cada-uno-de-todos-los-anos/misiones-de-inicio-de-ano",
        "setup/localizaciones", "motores-de-iones/planetas-exteriores",
    ],
    "legendary-alien": [],
    "galaxy-defenders": [],
}


def words(text: str) -> list[str]:
    return re.findall(r"\w+", fold(TAG.sub(" ", text)))


def triples(tokens: list[str]) -> set[tuple[str, ...]]:
    if len(tokens) < 3:
        return {tuple(tokens)} if tokens else set()
    return {tuple(tokens[i : i + 3]) for i in range(len(tokens) - 2)}


def statement_triples(sentence: str) -> set[tuple[str, ...]]:
    """What of a rule statement a sheet must print: its word triples (its words, under three), but its opener and its
    bracketed cross-references ("(se describe posteriormente)"), which a sheet leaves out (quickref/condense.py)."""
    from pipeline.sheets.quickref.condense import CROSS_REFERENCE
    from pipeline.sheets.quickref.directives import without_openers

    tokens = words(CROSS_REFERENCE.sub("", without_openers(sentence)[0]))
    return triples(tokens) if len(tokens) >= 3 else {(word,) for word in tokens}


def read_statements(game: str) -> list[tuple[str, str]]:
    """(key, sentence) of each rule statement of a game."""
    rows = []
    for line in (SENTENCES / f"{game}.rules.txt").read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            key, _, sentence = line.partition("\t")
            rows.append((key, sentence))
    return rows


def sheet_words(text: str) -> set[tuple[str, ...]]:
    """The word triples of a sheet's text without its English tags (lines joined), and its words."""
    text = re.sub(r"=== page \d+ ===", " ", TAG.sub(" ", text))
    tokens = words(text.replace("-\n", ""))
    return triples(tokens) | {(word,) for word in tokens}


def missing(game: str, sheets: dict[str, str]) -> tuple[int, list[tuple[str, str]]]:
    """(number of statements, those no sheet prints)."""
    printed = [sheet_words(text) for text in sheets.values()]
    statements = read_statements(game)
    absent = []
    for key, sentence in statements:
        wanted = statement_triples(sentence)
        if not wanted:
            continue
        if not any(len(wanted & sheet) >= COVERED * len(wanted) for sheet in printed):
            absent.append((key, sentence))
    return len(statements), absent


# Share of a game's rule-statement words its sheets may print twice: one sheet repeating another (a dice sheet
# reprinting the quickref's die faces, Galaxy Defenders before) makes a player read the rule twice.
TWICE = 0.02


def printed_twice(game: str, sheets: dict[str, str]) -> list[tuple[str, str, list[str]]]:
    """(key, sentence, the sheets printing it) of each rule statement more than one sheet prints."""
    printed = {name: sheet_words(text) for name, text in sheets.items()}
    found = []
    for key, sentence in read_statements(game):
        wanted = statement_triples(sentence)
        on = [name for name, sheet in printed.items() if wanted and len(wanted & sheet) >= COVERED * len(wanted)]
        if len(on) > 1:
            found.append((key, sentence, on))
    return found


def write(root: Path) -> None:
    import yaml

    from pipeline.build import tagged_document
    from pipeline.learn.sentences import sentence_contexts
    from pipeline.project import Project

    project = Project(root)
    for game, left_out in LEFT_OUT.items():
        entries = yaml.safe_load((SENTENCES / f"{game}.yaml").read_text(encoding="utf-8"))["sentences"]
        roles = {entry["key"]: entry["role"] for entry in entries}
        _, _, document = tagged_document(project, game)
        lines = [
            f"# The rule statements of {game}: its sentences annotated `rule` in {game}.yaml (tests/rule_statements.py).",
            *(f"# left out by name: {section_id}" for section_id in left_out),
        ]
        for section in document.sections:
            if any(section.id == out or section.id.startswith(out + "/") for out in left_out):
                continue
            for number, (_, _, _, sentence, _) in enumerate(sentence_contexts(section)):
                key = f"{section.id}#{number}"
                if roles.get(key) == "rule":
                    lines.append(f"{key}\t{' '.join(sentence.split())}")
        (SENTENCES / f"{game}.rules.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")


def _report(root: Path) -> None:
    """Print, per game, how many rule statements the built sheets in root/output print, and the missing ones."""
    import json

    from tests.golden_cases import pdf_text

    for game in LEFT_OUT:
        folder = root / "output" / game
        manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
        texts = {sheet["name"]: pdf_text(folder / sheet["file"]) for sheet in manifest["sheets"]}
        total, absent = missing(game, texts)
        print(f"{game}: {total - len(absent)}/{total} rule statements printed ({(total - len(absent)) / total:.3f})")
        for key, sentence in absent:
            print(f"   missing {key}: {sentence[:110]}")


if __name__ == "__main__":
    if "--write" in sys.argv:
        write(Path(__file__).resolve().parent.parent)
    _report(Path(__file__).resolve().parent.parent)
