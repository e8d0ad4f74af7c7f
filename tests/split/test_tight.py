"""split/tight.py's layout passes, on entries built by hand (the splitter's _Entry shape)."""
from __future__ import annotations

from dataclasses import dataclass, field

from pipeline.modelkinds import HeadingStyle
from pipeline.split.tight import nest_numbered_runs
from pipeline.structure import Heading


@dataclass
class Entry:
    heading: Heading
    parent: int | None
    level: int
    lines: list = field(default_factory=list)
    indent: int = 0


def _titles(*rows: tuple[str, int | None, int]) -> list[Entry]:
    return [Entry(Heading(title, HeadingStyle.TITLE), parent, level) for title, parent, level in rows]


def test_a_numbered_title_after_a_caption_of_the_step_before_is_that_steps_sibling() -> None:
    entries = _titles(
        ("Las manos", None, 1),
        ("1. Mayor", 0, 2),
        ("2. Menor", 0, 2),
        ("Orden de las parejas (de mejor a peor)", 2, 3),  # a caption inside step 2
        ("3. Suma", 3, 4),  # the caption made its parent
        ("Excepción", 4, 5),
    )
    nest_numbered_runs(entries)
    assert [(entry.parent, entry.level) for entry in entries] == [(None, 1), (0, 2), (0, 2), (2, 3), (0, 2), (4, 3)]


def test_a_number_of_another_list_or_a_section_between_leaves_the_title_where_it_is() -> None:
    entries = _titles(
        ("Preparación", None, 1),
        ("1. Baraja", 0, 2),
        ("Turno", None, 1),  # not inside step 1: step 2 below starts another list
        ("2. Roba", 2, 2),
        ("3) Descarta", 3, 3),  # another mark: "2." is no step of this list
    )
    nest_numbered_runs(entries)
    assert [(entry.parent, entry.level) for entry in entries] == [(None, 1), (0, 2), (None, 1), (2, 2), (3, 3)]
