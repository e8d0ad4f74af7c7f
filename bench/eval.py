"""Leave-one-text-out evaluation over the real corpus (../shared/corpus, annotated in tests/corpus/).

    PYTHONPATH=. .venv/bin/python bench/eval.py [STEM ...] [--details] [--rules-only] [--no-model]

For every annotated text: the line labeller is trained on every other text (and the seeds and format
cases, which are never scored here), and so is the sentence-role model where the text's sentences are annotated
(tests/sentences/corpus/), the text is made into a game as `refsheets new` makes one, built,
and scored against its annotation: headings found (recall, precision), their parent and level, noise
lines removed, rule lines printed on a sheet (of a line the sentence annotations split, its rule sentences; of a
roll table's row, each entry), code lines printed, debris lines on the sheets (bench/debris.py: code, markup or
diagram shapes, and lead-ins left announcing nothing), and whether the title came from the text.
`--no-model` scores the rules alone (no labeller), the figure before learning.
A score on a text the labeller was trained on would say nothing: none is printed.
"""

from __future__ import annotations

import argparse
import html
import os
import re
import shutil
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.debris import dangling_lead_ins, debris_lines  # noqa: E402
from pipeline.learn.sentences import MODEL_VARIABLE as SENTENCE_MODEL_VARIABLE  # noqa: E402
from pipeline.learn.annotations import NOISE_ROLES, RULE_ROLES, Annotation, check_against, corpus_annotations  # noqa: E402
from pipeline.text import fold  # noqa: E402

CORPUS = ROOT.parent / "shared" / "corpus"
ANNOTATIONS = ROOT / "tests" / "corpus"
# Every text is made into a game under an id that names no game, so that a title taken from the folder's name
# ("Exploding Commands" from exploding-commands) does not score as one taken from the text.
GAME_ID = "sin-nombre"
SHINGLE = 4  # words: a rule line is on the sheet when most of its runs of this many words are
TAG = re.compile(r"‹[^›]*›")
TAG_MARKUP = re.compile(r"<[^>]*>|\]\([^)]*\)|https?://\S+")
OUTLINE = re.compile(r"^\s*(?:cap[ií]tulo\s+\w+\s*[:.-]?|[\dIVXivx]+[.)-]+(?:\d+[.)-]*)*|[a-z][.)])\s+", re.IGNORECASE)


@dataclass
class TextScore:
    stem: str
    headings: int = 0
    found: int = 0
    matched: int = 0
    parent_ok: int = 0
    level_ok: int = 0
    noise: int = 0
    noise_removed: int = 0
    rules: int = 0
    rules_printed: int = 0
    code_printed: int = 0
    debris: int = 0
    title_ok: bool = False
    title: tuple[str, str] = ("", "")
    error: str = ""
    details: list[str] = field(default_factory=list)


def words(text: str) -> list[str]:
    """A line's words as a reader reads them: markup, link targets and addresses left out, folded."""
    return fold(TAG_MARKUP.sub(" ", html.unescape(text))).split()


def heading_key(title: str) -> str:
    return " ".join(words(OUTLINE.sub("", title.strip(" #*_")))) or " ".join(words(title))


def _shingles(items: list[str]) -> list[str]:
    if len(items) <= SHINGLE:
        return [" ".join(items)] if items else []
    return [" ".join(items[index : index + SHINGLE]) for index in range(len(items) - SHINGLE + 1)]


def on_page(line_words: list[str], page: str) -> bool:
    """Most of the line's runs of words are in the page's text (both folded, words joined by one space)."""
    pieces = _shingles(line_words)
    if not pieces:
        return True
    hits = sum(1 for piece in pieces if f" {piece} " in page)
    return hits >= 0.8 * len(pieces)


HYPHENATED = re.compile(r"[^\W\d_]-$")
CAPITALS_HALF = re.compile(r"(?<![\w-])[^\W\d_a-záéíóúñü]{2,}-$")  # "CABALLE-": a word in capitals broken off
CONTINUED = re.compile(r"^(\s*)([^\W\d_]+)(.*)$")


def whole_words(lines: list[str]) -> list[str]:
    """The lines with a word hyphenated across two of them whole on the first ("intercala-" / "da con la pareja"
    -> "intercalada" / "con la pareja", "CABALLE-" / "RO le ataca" -> "CABALLERO" / "le ataca"), as the cleaner joins
    it: the sheet prints the word, not its halves."""
    lines = list(lines)
    for index in range(1, len(lines)):
        before, after = lines[index - 1].rstrip(), CONTINUED.match(lines[index])
        capitals = bool(after) and CAPITALS_HALF.search(before) is not None and after.group(2).isupper()
        if HYPHENATED.search(before) and after and (after.group(2)[0].islower() or capitals):
            lines[index - 1], lines[index] = before[:-1] + after.group(2), after.group(1) + after.group(3).lstrip()
    return lines


def as_printed(line: str) -> str:
    """A table row as a sheet prints it: a cell of words repeated in the next column once, across both
    (sheets/tablewidths.py, `cell_runs`); a table whose cells ran together on one line as its cells, the way the
    splitter cuts it (split/runon.py: 'CartaValorRey10 puntos' is printed 'Carta Valor Rey 10 puntos'); any other
    line as it is."""
    from pipeline.sheets.tablewidths import cell_runs
    from pipeline.split.runon import run_together_cells

    if glued := run_together_cells(line):
        return " ".join(cell for row in glued for cell in row)
    if line.count("|") < 3:
        return line
    cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
    return " | ".join(cells[first] for first, _ in cell_runs(cells))


def _similar(a: str, b: str) -> bool:
    if not a or not b:
        return False
    if a == b or a.startswith(b) or b.startswith(a):
        return True
    from rapidfuzz import fuzz

    return fuzz.ratio(a, b) >= 80


def left_out_sentences(document, stem: str) -> dict[int, list[str]]:
    """line -> the folded words (" a b c ") of the sentences of the blocks on that line that the text's sentence
    annotations (tests/sentences/corpus/<stem>.yaml) leave off a sheet: an example, an explanation... inside a line
    the line annotations call a rule. Those sentences refine a mixed line ("rule, then its example"): the sheet must
    print the line's rule sentences, not the examples that go with them. Empty for a text without them."""
    import yaml

    from pipeline.learn.corpus_sentences import ANNOTATED_KINDS, FOLDER, digest
    from pipeline.learn.sentences import KEPT_ROLES, sentence_contexts

    path = ROOT / FOLDER / f"{stem}.yaml"
    if not path.is_file():
        return {}
    roles = {entry["digest"]: entry["role"] for entry in yaml.safe_load(path.read_text(encoding="utf-8"))["sentences"]}
    found: dict[int, list[str]] = {}
    for section in document.sections:
        if section.kind not in ANNOTATED_KINDS:
            continue
        for index, _, _, sentence, _ in sentence_contexts(section):
            if roles.get(digest(sentence), "rule") in KEPT_ROLES:
                continue
            block = section.blocks[index]
            for number in range(block.first, block.last + 1):
                found.setdefault(number, []).append(f" {' '.join(words(sentence))} ")
    return found


def printed_runs(line: str) -> list[str]:
    """The runs of words (SHINGLE long) of a rule line as a sheet prints it; a row of a roll table's repeated column
    groups ("1 | Acelerar | 26 | Cosificar | ...") run by run of each group: its entries stand alone, and a sheet
    whose column cannot hold the row prints them in fewer groups per row (sheets/tablefold.py)."""
    from pipeline.sheets.tablefold import column_groups

    printed = as_printed(line)
    cells = [cell.strip() for cell in line.strip().strip("|").split("|")] if line.count("|") >= 3 else []
    size = column_groups([cells], header=False) if len(cells) >= 4 else 0
    if not size:
        return _shingles(words(printed))
    return [piece for start in range(0, len(cells), size) for piece in _shingles(words(" ".join(cells[start : start + size])))]


def rule_line_printed(pieces: list[str], page: str, left_out: list[str]) -> bool:
    """A rule line is on the sheet when most of its runs of words (`pieces`) are, those inside sentences the sentence
    annotations leave out (`left_out`) not counted; a line that is all such sentences counts whole (the two
    annotations disagree on it: bench/role_agreement.py)."""
    wanted = [piece for piece in pieces if not any(f" {piece} " in sentence for sentence in left_out)] or pieces
    return not wanted or sum(1 for piece in wanted if f" {piece} " in page) >= 0.8 * len(wanted)


def score_text(annotation: Annotation, source: Path, lines: list[str], work: Path) -> TextScore:
    """Make the text a game in `work`, build it, compare with its annotation."""
    from pypdf import PdfReader

    from pipeline.build import build
    from pipeline.build.newgame import new_game
    from pipeline.build.stages import prepare
    from pipeline.project import Project

    result = TextScore(annotation.stem)
    for name in ("glossaries", "templates"):
        shutil.copytree(ROOT / name, work / name)
    project = Project(work)
    game = GAME_ID
    try:
        new_game(project, game, source)
        build(project, [game], out_dir=work / "output", jobs=1, force=True)
        config, cleaned, document = prepare(project, game)
    except Exception as exc:  # noqa: BLE001 - a text that cannot be built scores nothing, and says why
        result.error = f"{type(exc).__name__}: {exc}"
        return result
    sheet_text = "\n".join(
        page.extract_text() or "" for pdf in sorted((work / "output" / game).glob("*.pdf")) for page in PdfReader(pdf).pages
    )
    page = f" {' '.join(words(TAG.sub(' ', sheet_text)))} "
    debris = debris_lines(sheet_text)
    debris += [("lead-in to nothing", text) for text in dangling_lead_ins(document.sections) if on_page(words(text), page)]
    result.debris = len(debris)
    result.details += [f"debris ({kind}): {line[:70]}" for kind, line in debris]

    # Headings: a section found on an annotated heading's line with the same words, else the same words elsewhere.
    # The game's title is no heading (the annotation gives it the role `title`): a section it opens is the root.
    sections = [
        s for s in document.sections
        if s.kind != "flavor"
        and not (s is document.sections[0] and s.title == config.game.title_es)
        and annotation.roles.get(s.first) != "title"
    ]
    wanted = annotation.headings
    result.headings, result.found = len(wanted), len(sections)
    matched: dict[int, int] = {}  # section index -> annotated heading index
    taken: set[int] = set()
    for pass_by_line in (True, False):
        for index, section in enumerate(sections):
            if index in matched:
                continue
            key = heading_key(section.title)
            for number, heading in enumerate(wanted):
                if number in taken or not _similar(key, heading_key(heading.title)):
                    continue
                if pass_by_line and not (section.first <= heading.line <= max(section.first, section.first + 1)):
                    continue
                matched[index] = number
                taken.add(number)
                break
    result.matched = len(matched)
    by_id = {section.id: index for index, section in enumerate(sections)}
    for index, number in matched.items():
        section = sections[index]
        parent_index = by_id.get(section.parent) if section.parent else None
        found_parent = matched.get(parent_index) if parent_index is not None else None
        result.parent_ok += found_parent == wanted[number].parent
        depth, at = 1, section
        while at.parent and at.parent in by_id:
            depth, at = depth + 1, sections[by_id[at.parent]]
        result.level_ok += depth == wanted[number].level
        if found_parent != wanted[number].parent:
            got = sections[parent_index].title if parent_index is not None else "none"
            want = wanted[wanted[number].parent].title if wanted[number].parent is not None else "none"
            result.details.append(f"wrong parent {wanted[number].line}: {section.title} (under {got!r}, wanted {want!r})")
    result.details += [f"missed heading {h.line}: {h.title}" for n, h in enumerate(wanted) if n not in taken]
    result.details += [f"false heading {s.first}: {s.title}" for i, s in enumerate(sections) if i not in matched]

    # Noise: an annotated noise line is kept when a cleaned line covering it still has most of its words.
    covering: dict[int, list[str]] = {}
    for line in cleaned.lines:
        for number in range(line.first, line.last + 1):
            covering.setdefault(number, []).append(line.text)
    for number in annotation.lines_with(NOISE_ROLES):
        line_words = words(lines[number - 1])
        if not line_words:
            continue
        result.noise += 1
        kept = any(on_page(line_words, f" {' '.join(words(text))} ") for text in covering.get(number, []))
        if kept:
            result.details.append(f"kept noise {number} ({annotation.roles[number]}): {lines[number - 1].strip()[:70]}")
        else:
            result.noise_removed += 1
        # A code line the cleaner removed cannot be on a sheet: its words found there are another line's
        # ("![Logo de Tapiz](…)" and the licence's "el logo de Tapiz").
        if kept and annotation.roles[number] == "code" and len(line_words) >= 2 and on_page(line_words, page):
            result.code_printed += 1
    left_out = left_out_sentences(document, annotation.stem)
    for number in annotation.lines_with(RULE_ROLES):
        line_words = words(as_printed(lines[number - 1]))
        if not line_words:
            continue
        result.rules += 1
        if rule_line_printed(printed_runs(lines[number - 1]), page, left_out.get(number, [])):
            result.rules_printed += 1
        else:
            result.details.append(f"rule not printed {number}: {lines[number - 1].strip()[:70]}")
    result.title = (annotation.title, config.game.title_es)
    result.title_ok = heading_key(annotation.title) == heading_key(config.game.title_es)
    return result


def _source(annotation: Annotation) -> Path:
    return CORPUS / annotation.stem / annotation.file


def _lines(annotation: Annotation, source: Path) -> list[str]:
    if not annotation.extracted:
        return source.read_bytes().decode("utf-8", errors="replace").replace("\r\n", "\n").replace("\r", "\n").split("\n")
    from pipeline.ingest import read_source

    return read_source(source, game=annotation.stem, display=str(source)).original_lines


def ratio(part: int, whole: int) -> str:
    return f"{part / whole:6.0%}" if whole else "     -"


def sentence_folds(stems: list[str], folder: Path) -> dict[str, Path]:
    """stem -> a sentence-role model fitted without that text's annotated sentences (tests/sentences/corpus/), for the
    texts that have them: the committed model learnt them, and a score on a text a model was fitted to says nothing.
    The keep threshold is the committed model's (chosen on every text held out in turn)."""
    import json

    from pipeline.learn.corpus_sentences import FOLDER, annotated_corpus
    from pipeline.learn.sentences import load_model
    from pipeline.learn.train_sentences import annotated, fit

    annotated_stems = {path.stem for path in (ROOT / FOLDER).glob("*.yaml")} & set(stems)
    if not annotated_stems:
        return {}
    games = annotated(ROOT)
    games.update(annotated_corpus(ROOT))
    threshold = load_model().keep_below
    paths = {}
    for stem in sorted(annotated_stems & set(games)):
        model = fit([row for game, rows in sorted(games.items()) if game != stem for row in rows])
        model["keep_threshold"] = threshold
        paths[stem] = folder / f"sentences-{stem}.json"
        paths[stem].write_text(json.dumps(model, sort_keys=True), encoding="utf-8")
    return paths


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("stems", nargs="*")
    parser.add_argument("--details", action="store_true", help="list missed and false headings, kept noise, rules not printed")
    parser.add_argument("--no-model", action="store_true", help="the rules alone, without the learned labeller")
    args = parser.parse_args()
    if not CORPUS.is_dir():
        print(f"no corpus at {CORPUS}: nothing to evaluate")
        return 0
    annotations = [a for a in corpus_annotations(ANNOTATIONS) if not args.stems or a.stem in args.stems]
    from pipeline.learn import train

    scores = []
    header = (
        f"{'text':<22} {'recall':>6} {'prec.':>6} {'parent':>6} {'level':>6} {'noise':>6} {'rules':>6} {'code':>4} {'debris':>6}  title"
    )
    print(header)
    with tempfile.TemporaryDirectory() as folder:
        sentence_models = sentence_folds([a.stem for a in annotations], Path(folder))
        for annotation in annotations:
            source = _source(annotation)
            lines = _lines(annotation, source)
            check_against(annotation, source, lines)
            work = Path(folder) / annotation.stem
            work.mkdir()
            model = work / "lines.crfsuite"
            if args.no_model:
                os.environ[train.MODEL_VARIABLE] = train.NO_MODEL
            else:
                train.train(model, leave_out=annotation.stem)
                os.environ[train.MODEL_VARIABLE] = str(model)
            os.environ[SENTENCE_MODEL_VARIABLE] = str(sentence_models.get(annotation.stem, ""))
            result = score_text(annotation, source, whole_words(lines), work)
            scores.append(result)
            if result.error:
                print(f"{result.stem:<22} error: {result.error}")
                continue
            title = "yes" if result.title_ok else f"no ({result.title[1]!r}, wanted {result.title[0]!r})"
            print(
                f"{result.stem:<22} {ratio(result.matched, result.headings)} {ratio(result.matched, result.found)}"
                f" {ratio(result.parent_ok, result.matched)} {ratio(result.level_ok, result.matched)}"
                f" {ratio(result.noise_removed, result.noise)} {ratio(result.rules_printed, result.rules)}"
                f" {result.code_printed:>4} {result.debris:>6}  {title}"
            )
            if args.details:
                for line in result.details:
                    print(f"    {line}")
    good = [s for s in scores if not s.error]
    counted = [name for name in TextScore.__dataclass_fields__ if name not in ("stem", "title", "error", "details", "title_ok")]
    total = {name: sum(getattr(s, name) for s in good) for name in counted}
    print(
        f"{'all (' + str(len(good)) + ' texts)':<22} {ratio(total['matched'], total['headings'])} {ratio(total['matched'], total['found'])}"
        f" {ratio(total['parent_ok'], total['matched'])} {ratio(total['level_ok'], total['matched'])}"
        f" {ratio(total['noise_removed'], total['noise'])} {ratio(total['rules_printed'], total['rules'])}"
        f" {total['code_printed']:>4} {total['debris']:>6}  {sum(s.title_ok for s in good)}/{len(good)}"
    )
    return 1 if len(good) < len(scores) else 0


if __name__ == "__main__":
    sys.exit(main())
