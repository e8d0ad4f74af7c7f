"""The format corpus: small texts of every kind a user brings (tests/fixtures/formats/<case>/), scored.

Each case folder holds one source (`raw.*`, or a `make.py` that tests run to write raw.pdf, raw.docx,
raw.odt or raw.epub; zip documents through `write_package`) and `expected.yaml`: the headings the outline
must have, rule text that must survive, noise that must go, debris that must appear nowhere, lines that must
not be headings, and optionally the title and translators the text itself gives. `score()` runs load, clean
and split (no tagging, no sheets: fast) in a throw-away project and returns the figures;
bench/formats_corpus.py prints them.
"""

from __future__ import annotations

import re
import shutil
import zipfile
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from pipeline.build.defaults import game_name
from pipeline.build.stages import prepare
from pipeline.project import Project
from pipeline.text import fold

FORMATS = Path(__file__).resolve().parent / "fixtures" / "formats"
PACKAGE_DATE = (2024, 1, 1, 0, 0, 0)  # every part's date: the same archive bytes on every run


def write_package(path: Path, parts, *, mimetype: str | None = None) -> None:
    """A zip document for a case's make.py: (name, text or bytes) parts in order, each dated PACKAGE_DATE.

    With `mimetype` (OpenDocument, EPUB) that file comes first, stored, and the parts are deflated, as the
    formats require; without it (Word) every part is stored, as the .docx makers have always written them."""
    compression = zipfile.ZIP_DEFLATED if mimetype else zipfile.ZIP_STORED
    with zipfile.ZipFile(path, "w", compression) as archive:
        if mimetype:
            archive.writestr(zipfile.ZipInfo("mimetype", date_time=PACKAGE_DATE), mimetype, compress_type=zipfile.ZIP_STORED)
        for name, data in parts:
            archive.writestr(zipfile.ZipInfo(name, date_time=PACKAGE_DATE), data, compress_type=compression)
ROOT = Path(__file__).resolve().parent.parent
# What a converted source must never leave on a sheet, whatever the case says.
DEBRIS = re.compile(
    r"^#{1,6}\s|\*\*|__|</?[a-z][a-z0-9]*(?:\s[^>]*)?>|\{%|%\}|\{\{|\}\}|\[/?(?:b|i|u|size|color|quote|url|img|list|\*|spoiler|code)\b[^\]]*\]"
    r"|\]\(|={4,}|-{4,}|&(?:quot|nbsp|amp|lt|gt);|(?-i:\bP[AÁ]GINA\s+\d)"
    r"|^[-–—]?\s*\d{1,3}\s*[-–—]\s*$",  # a page's number ("- 3 -"), whole or as an item that lost its marker ("3 -")
    re.IGNORECASE | re.MULTILINE,
)


OUTLINE_NUMBER = re.compile(r"^\s*(?:(?:cap[ií]tulo|parte|secci[óo]n)\s+\d+\s*[:.\-–]\s*|\d+(?:\.\d+)*(?:[.)]|\s*[-–])?\s+)", re.IGNORECASE)


def case_names() -> list[str]:
    return sorted(path.name for path in FORMATS.iterdir() if (path / "expected.yaml").is_file())


@dataclass
class Score:
    case: str
    headings: int = 0
    found: int = 0
    matched_expected: int = 0
    matched_found: int = 0
    rules: int = 0
    rules_kept: int = 0
    noise: int = 0
    noise_removed: int = 0
    debris: list[str] = field(default_factory=list)
    false_headings: list[str] = field(default_factory=list)
    missed_headings: list[str] = field(default_factory=list)
    lost_rules: list[str] = field(default_factory=list)
    kept_noise: list[str] = field(default_factory=list)
    title: tuple[str, str] | None = None  # (expected, actual) when the case names a title
    translators: tuple[tuple[str, ...], tuple[str, ...]] | None = None

    @property
    def recall(self) -> float:
        return self.matched_expected / self.headings if self.headings else 1.0

    @property
    def precision(self) -> float:
        return self.matched_found / self.found if self.found else 1.0

    @property
    def rules_share(self) -> float:
        return self.rules_kept / self.rules if self.rules else 1.0

    @property
    def noise_share(self) -> float:
        return self.noise_removed / self.noise if self.noise else 1.0


def _key(title: str) -> str:
    """Titles compare without their outline number ('1. Fase de marea' == 'Fase de marea', 'Capítulo 2: Combate'
    == 'Combate'), case or accents."""
    return fold(OUTLINE_NUMBER.sub("", title))


def _flat(text: str) -> str:
    return " ".join(text.split()).casefold()


def materialise(case: str, sources: Path) -> Path:
    """Copy (or make) the case's source into sources/<case>/ and return that folder."""
    folder = FORMATS / case
    target = sources / case
    target.mkdir(parents=True)
    for path in folder.iterdir():
        if path.name.startswith("raw."):
            shutil.copy(path, target / path.name)
    maker = folder / "make.py"
    if maker.is_file():
        namespace: dict = {}
        exec(compile(maker.read_text(encoding="utf-8"), str(maker), "exec"), namespace)  # noqa: S102 - our own fixture
        namespace["make"](target)
    if (folder / "game.yaml").is_file():
        shutil.copy(folder / "game.yaml", target / "game.yaml")
    return target


def score(case: str, root: Path) -> Score:
    """Figures for one case, built in `root` (a fresh folder: sources/ is made there)."""
    expected = yaml.safe_load((FORMATS / case / "expected.yaml").read_text(encoding="utf-8")) or {}
    if not (root / "glossaries").exists():
        shutil.copytree(ROOT / "glossaries", root / "glossaries")
        shutil.copytree(ROOT / "templates", root / "templates")
    materialise(case, root / "sources")
    config, _, document = prepare(Project(root), case)
    game = config.game
    result = Score(case)
    titles = [section.title for section in document.sections if section.kind != "flavor"]
    if (
        titles
        and fold(game.title_es) in (fold(document.sections[0].title), fold(game_name(document.sections[0].title)))
        and _key(document.sections[0].title) not in {_key(h) for h in expected.get("headings", [])}
    ):
        titles = titles[1:]  # the preamble, or the title line naming the game ("Reglas de X" for X)
    wanted = [_key(heading) for heading in expected.get("headings", [])]
    found = [_key(title) for title in titles]
    result.headings, result.found = len(wanted), len(found)
    result.matched_expected = sum(1 for key in wanted if key in found)
    result.matched_found = sum(1 for key in found if key in wanted)
    result.missed_headings = [h for h in expected.get("headings", []) if _key(h) not in found]
    result.false_headings = [t for t in titles if _key(t) not in wanted]
    body = "\n".join(
        [section.title for section in document.sections] + [block.text for section in document.sections for block in section.blocks]
    )
    flat = _flat(body)
    folded = fold(body)  # a "label: value" rule may come back as a table row of two cells: compare the words
    for rule in expected.get("rules", []):
        result.rules += 1
        if fold(rule) in folded:
            result.rules_kept += 1
        else:
            result.lost_rules.append(rule)
    for noise in expected.get("noise", []):
        result.noise += 1
        if _flat(noise) in flat:
            result.kept_noise.append(noise)
        else:
            result.noise_removed += 1
    result.debris = [match.group(0) for match in DEBRIS.finditer(body)]
    result.debris += [piece for piece in expected.get("debris", []) if _flat(piece) in flat]
    for line in expected.get("not_headings", []):
        if _key(line) in found and line not in result.false_headings:
            result.false_headings.append(line)
    if "title" in expected:
        result.title = (expected["title"], game.title_es)
    if "translators" in expected:
        result.translators = (tuple(expected["translators"]), tuple(document.credits.translators))
    return result


def summary(scores: list[Score]) -> dict[str, float]:
    """Corpus figures: every case's headings, rules and noise pooled."""

    def ratio(part: int, whole: int) -> float:
        return part / whole if whole else 1.0

    return {
        "heading recall": ratio(sum(s.matched_expected for s in scores), sum(s.headings for s in scores)),
        "heading precision": ratio(sum(s.matched_found for s in scores), sum(s.found for s in scores)),
        "rule lines kept": ratio(sum(s.rules_kept for s in scores), sum(s.rules for s in scores)),
        "noise removed": ratio(sum(s.noise_removed for s in scores), sum(s.noise for s in scores)),
        "debris": float(sum(len(s.debris) for s in scores)),
    }
