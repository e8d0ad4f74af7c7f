"""The real corpus's annotated sentences: tests/sentences/corpus/<stem>.yaml -> (sentence, context, role) rows.

Each text of ../shared/corpus is read as `refsheets new` reads it (copied into a throw-away project with the
root's glossaries and templates, the game.yaml it writes, no hand edits), so the model learns from the sentences
a sheet of an untuned game would print. The texts stay outside the repository: an annotation names a sentence
by its section id and index and by a digest of its words (`digest`), never by its words.
"""
from __future__ import annotations

import hashlib
import shutil
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

import yaml

from pipeline.learn.sentences import ROLES, sentence_contexts

if TYPE_CHECKING:
    from pipeline.model import Document

CORPUS = Path(__file__).resolve().parents[2].parent / "shared" / "corpus"
FOLDER = Path("tests") / "sentences" / "corpus"
ANNOTATED_KINDS = ("rules", "card")  # the section kinds whose sentences are annotated (the seeds' and the corpus's)


def digest(sentence: str) -> str:
    """What an annotation keeps of a sentence: the first 10 hex digits of the sha256 of its words, space-separated."""
    return hashlib.sha256(" ".join(sentence.split()).encode("utf-8")).hexdigest()[:10]


def corpus_document(root: Path, stem: str, *, corpus: Path = CORPUS) -> Document:
    """Corpus text `stem` cleaned and split as `refsheets new` makes its game, in a throw-away project with `root`'s
    glossaries and templates."""
    from pipeline.build.newgame import new_game
    from pipeline.build.stages import prepare
    from pipeline.ingest import source_files
    from pipeline.project import Project

    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        for name in ("glossaries", "templates"):
            shutil.copytree(root / name, work / name)
        (work / "sources").mkdir()
        project = Project(work)
        new_game(project, stem, source_files(corpus / stem)[0])
        return prepare(project, stem)[2]


def annotated_sentences(document: Document) -> list[tuple[str, str, dict]]:
    """(key, sentence, context) of every sentence of the document's ANNOTATED_KINDS sections, keyed as an annotation
    names it ('<section id>#<number>')."""
    return [
        (f"{section.id}#{number}", sentence, context)
        for section in document.sections if section.kind in ANNOTATED_KINDS
        for number, (_, _, _, sentence, context) in enumerate(sentence_contexts(section))
    ]


# The share of a text's sentences that may have drifted (changed by a cleaning or splitting fix, or new) before
# its annotations must be judged again: a fix of the cleaner should not wait on re-annotating every text it touches.
MAY_DRIFT = 0.05


def _matched(entries: list[dict], found: list[tuple[str, str, dict]], path: Path) -> tuple[list, list[str], list[str]]:
    """(sentence, context, role) of every annotation whose sentence is in the document, by its key or, where the
    split moved it, by its digest; the keys of annotations found nowhere; the document's sentences with no role."""
    by_key = {key: (sentence, context) for key, sentence, context in found}
    by_digest: dict[str, list[str]] = {}
    for key, sentence, _ in found:
        by_digest.setdefault(digest(sentence), []).append(key)
    rows, stale, used = [], [], set()
    for entry in entries:
        key, role = entry["key"], entry["role"]
        if role not in ROLES:
            raise SystemExit(f"{path}: {key}: unknown role {role!r} (roles: {', '.join(ROLES)})")
        if key not in by_key or digest(by_key[key][0]) != entry["digest"]:
            key = next((other for other in by_digest.get(entry["digest"], ()) if other not in used), "")
        if not key:
            stale.append(entry["key"])
            continue
        used.add(key)
        rows.append((*by_key[key], role))
    return rows, stale, [key for key, _, _ in found if key not in used]


def annotated_corpus(root: Path, *, folder: Path | None = None, corpus: Path = CORPUS) -> dict[str, list[tuple[str, dict, str]]]:
    """stem -> [(sentence, context, role)] of every annotated corpus text whose file is at hand (none without the
    corpus: a clone without ../shared trains on the seeds alone). A changed text is an error, and so is a split that
    changed more than MAY_DRIFT of its sentences, naming the first."""
    found: dict[str, list[tuple[str, dict, str]]] = {}
    for path in sorted((folder or root / FOLDER).glob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        stem = data["stem"]
        source = corpus / stem / data["file"]
        if not source.is_file():
            continue
        if hashlib.sha256(source.read_bytes()).hexdigest() != data["sha256"]:
            raise SystemExit(f"{path}: {source} is not the file annotated (its sha256 differs)")
        rows, stale, unjudged = _matched(data["sentences"], annotated_sentences(corpus_document(root, stem, corpus=corpus)), path)
        if len(stale) + len(unjudged) > MAY_DRIFT * max(len(rows), 1):
            raise SystemExit(
                f"{path}: {len(stale)} annotated sentences are no longer in the document (first {stale[0] if stale else '-'}) "
                f"and {len(unjudged)} have no role (first {unjudged[0] if unjudged else '-'}): the text's splitting "
                "changed; judge them again (tests/sentences/README.md)"
            )
        found[stem] = rows
    return found
