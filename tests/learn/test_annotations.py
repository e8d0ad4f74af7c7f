"""The corpus annotations say what their format promises, and fit their texts where the corpus is at hand."""
from __future__ import annotations

from pathlib import Path

import pytest

from pipeline.learn.annotations import ROLES, AnnotationError, check_against, corpus_annotations, load_annotation
from pipeline.learn.train import ANNOTATIONS, CORPUS

ANNOTATED = corpus_annotations(ANNOTATIONS)


def test_every_corpus_text_is_annotated() -> None:
    assert len(ANNOTATED) >= 17
    if CORPUS.is_dir():
        assert {a.stem for a in ANNOTATED} >= {path.name for path in CORPUS.iterdir() if path.is_dir()}


@pytest.mark.parametrize("annotation", ANNOTATED, ids=lambda a: a.stem)
def test_annotation_shape(annotation) -> None:
    assert annotation.title and annotation.sha256 and set(annotation.roles.values()) <= set(ROLES)
    for heading in annotation.headings:
        role = annotation.roles.get(heading.line)
        assert role not in (None, "markup", "title"), f"heading on line {heading.line} has no content role"
        if heading.parent is not None:
            assert annotation.headings[heading.parent].level == heading.level - 1


@pytest.mark.skipif(not CORPUS.is_dir(), reason="the real corpus is not beside this clone")
@pytest.mark.parametrize("annotation", ANNOTATED, ids=lambda a: a.stem)
def test_annotation_fits_its_text(annotation) -> None:
    from pipeline.ingest import read_source

    source = CORPUS / annotation.stem / annotation.file
    lines = read_source(source, game=annotation.stem, display=str(source)).original_lines
    check_against(annotation, source, lines)


def test_a_level_that_jumps_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "x.yaml"
    path.write_text("stem: x\nfile: raw.md\nsha256: 0\nlines: file\ntitle: X\n"
                    "headings:\n  - [1, 1, A]\n  - [2, 3, B]\nroles:\n  1-2: heading\n")
    with pytest.raises(AnnotationError, match="level 3 after level 1"):
        load_annotation(path)


def test_two_roles_for_one_line_are_refused(tmp_path: Path) -> None:
    path = tmp_path / "x.yaml"
    path.write_text("stem: x\nfile: raw.md\nsha256: 0\nlines: file\ntitle: X\nheadings: []\nroles:\n  1-3: rule\n  2: nav\n")
    with pytest.raises(AnnotationError, match="line 2 has two roles"):
        load_annotation(path)
