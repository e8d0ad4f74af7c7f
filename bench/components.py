"""Official English names of a game's components: how many the glossary knows and the tagger finds.

The reference is test data, `tests/tag/components/<game>.yaml`: every component term a player's components
print (cards, threats, systems, stations, actions, phases, missions, tokens, dice faces, keywords...) that the
game's Spanish source mentions, each with its official English name (case and spelling as printed), the Spanish
form(s) the source writes for it and where the English was seen. For each term this counts

- *in glossary*: an entry of the game's glossaries (common + game) has that English name and one of the term's
  Spanish forms among its forms (compared as the tagger compares them: folded, singular);
- *tagged*: the tagger, run over the game's cleaned sections (titles and texts), finds the term with that English
  name where one of its Spanish forms appears;
- *on sheets*: of the tagged ones, those whose entry's kind a sheet prints beside the term (common.yaml's
  `tagged_kinds`); phases and actions are found but only a title that is the term prints their English.

Run: `python bench/components.py [game ...]` (`--details` lists what is missing). A reference term whose
Spanish forms the source never writes is an error of the reference, reported as such.
"""
from __future__ import annotations

import argparse
import re
import sys
from dataclasses import dataclass
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pipeline.model import Document  # noqa: E402
from pipeline.tag.glossary import Glossary, form_key, load_glossary  # noqa: E402
from pipeline.text import fold  # noqa: E402

GAMES = ("space-alert", "legendary-alien", "alternity-warships", "leaving-earth", "galaxy-defenders")
REFERENCE = ROOT / "tests" / "tag" / "components"
FLOOR = 0.95  # issue 23: official English names for >= 95 % of the component terms


@dataclass(frozen=True)
class Component:
    """One reference term: the official English name, the Spanish forms the source writes, where the English was seen."""

    en: str
    es: tuple[str, ...]
    kind: str
    seen: str


@dataclass(frozen=True)
class TermResult:
    component: Component
    in_source: bool  # some Spanish form is written in the cleaned sections
    in_glossary: bool
    tagged: bool
    printed: bool  # tagged, and its entry is of a kind a sheet tags inline
    found_as: tuple[str, ...] = ()  # other English names the tagger gave where the term appears


@dataclass(frozen=True)
class GameResult:
    game: str
    terms: tuple[TermResult, ...]

    def count(self, what: str) -> int:
        return sum(1 for term in self.terms if getattr(term, what))

    @property
    def share(self) -> float:
        """Tagged with the official English ÷ reference terms."""
        return self.count("tagged") / max(len(self.terms), 1)


def read_reference(game: str, *, folder: Path = REFERENCE) -> tuple[Component, ...]:
    """The reference terms of one game (tests/tag/components/<game>.yaml)."""
    data = yaml.safe_load((folder / f"{game}.yaml").read_text(encoding="utf-8"))
    components = []
    for entry in data["components"]:
        spanish = entry["es"] if isinstance(entry["es"], list) else [entry["es"]]
        components.append(Component(en=entry["en"], es=tuple(spanish), kind=entry.get("kind", ""), seen=entry["seen"]))
    return tuple(components)


def document_texts(document: Document) -> list[str]:
    """Every title and text of a document's sections, as the tagger reads them."""
    return [text for section in document.sections for text in (section.title, section.text) if text.strip()]


def _texts(game: str) -> list[str]:
    from pipeline.build.stages import prepare
    from pipeline.project import Project

    return document_texts(prepare(Project(ROOT), game)[2])


def _written(form: str, folded_texts: list[str]) -> bool:
    """Is a Spanish form written in one of the texts? Folded, whole words, each word perhaps in the plural."""
    words = fold(form, keep_punctuation=True).split()
    pattern = re.compile(r"(?<!\w)" + r"\s+".join(re.escape(word) + r"(?:e?s)?" for word in words) + r"(?!\w)")
    return any(pattern.search(text) for text in folded_texts)


def measure(game: str, *, glossary: Glossary | None = None, texts: list[str] | None = None,
            reference: tuple[Component, ...] | None = None, glossary_dir: Path = ROOT / "glossaries") -> GameResult:
    """The reference terms of `game` checked against its glossary and its tagged text."""
    from pipeline.tag.kinds import read_term_kinds
    from pipeline.tag.matcher import tagger_for

    glossary = glossary or load_glossary(glossary_dir, game)
    texts = texts if texts is not None else _texts(game)
    reference = reference if reference is not None else read_reference(game)
    tagged_kinds = read_term_kinds(glossary_dir, display="glossaries/common.yaml").tagged
    tagger = tagger_for(glossary)
    # (form key of the text a hit covers, English name, kind of its entry) for every hit of the game
    kinds = {(term.es, term.en): term.kind for term in glossary.terms}
    hits: set[tuple[str, str, str]] = set()
    for text in texts:
        for hit in tagger.find(text):
            hits.add((form_key(text[hit.start:hit.end]), hit.en, kinds.get((hit.es, hit.en), "")))
    folded = [fold(text, keep_punctuation=True) for text in texts]
    results = []
    for component in reference:
        keys = {form_key(form) for form in component.es}
        in_glossary = any(term.en == component.en and keys & {form_key(form) for form in term.forms} for term in glossary.terms)
        found = [(en, kind) for key, en, kind in hits if key in keys]
        tagged = any(en == component.en for en, _ in found)
        printed = any(en == component.en and kind in tagged_kinds for en, kind in found)
        results.append(TermResult(
            component=component,
            in_source=any(_written(form, folded) for form in component.es),
            in_glossary=in_glossary,
            tagged=tagged,
            printed=printed,
            found_as=tuple(sorted({en for en, _ in found if en != component.en})),
        ))
    return GameResult(game=game, terms=tuple(results))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=list(GAMES))
    parser.add_argument("--details", action="store_true", help="list the terms not tagged with their official English")
    options = parser.parse_args(argv)
    print(f"{'game':<20} {'terms':>5} {'glossary':>8} {'tagged':>6} {'share':>6} {'sheets':>6}")
    all_terms = all_tagged = 0
    problems = 0
    for game in options.games:
        result = measure(game)
        all_terms += len(result.terms)
        all_tagged += result.count("tagged")
        print(f"{game:<20} {len(result.terms):>5} {result.count('in_glossary'):>8} {result.count('tagged'):>6} "
              f"{100 * result.share:>5.0f}% {result.count('printed'):>6}")
        for term in result.terms:
            if not term.in_source:
                problems += 1
                print(f"  reference error: {term.component.es} never written in the source")
            elif options.details and not term.tagged:
                other = f" (tagged as {', '.join(term.found_as)})" if term.found_as else ""
                where = "in glossary, not found" if term.in_glossary else "not in glossary"
                print(f"  {term.component.en!r:<40} {'/'.join(term.component.es)!r}: {where}{other}")
    print(f"{'all':<20} {all_terms:>5} {'':>8} {all_tagged:>6} {100 * all_tagged / max(all_terms, 1):>5.0f}%")
    return 2 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
