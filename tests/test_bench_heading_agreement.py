"""bench/heading_agreement.py: which lines it counts as disagreeing, named as the kept lines are named."""
from __future__ import annotations

from bench.heading_agreement import disagreements
from pipeline.model import CleanLine
from pipeline.modelkinds import HeadingStyle, LineKind
from pipeline.structure import Heading

HEADING = Heading("Preparación", HeadingStyle.TITLE)


def test_the_lines_are_compared_in_the_order_the_splitter_read_them() -> None:
    # The splitter read the second chunk first (options.split.chunks): its verdicts come in that order.
    lines = [CleanLine("Preparación", 3, 3), CleanLine("Roba una carta.", 4, 4), CleanLine("Turno", 1, 1), CleanLine("Juega.", 2, 2)]
    found = [HEADING, None, HEADING, None]
    assert disagreements(lines, found, {0, 2}, lambda line: line) == ([], 4)


def test_a_converted_sources_lines_are_named_by_its_original_file() -> None:
    # The cleaner counted the converted text's lines (0-based 0 and 2); the kept lines bear the original's numbers.
    origins = [5, 6, 9, 10]
    lines = [CleanLine("Turno", 5, 5), CleanLine("Juega.", 6, 6), CleanLine("Fin", 9, 9), CleanLine("Gana.", 10, 10)]
    found = [HEADING, None, None, None]
    differ, compared = disagreements(lines, found, {0, 2}, lambda line: origins[line - 1])
    assert compared == 4
    assert [(line.text, who) for line, who in differ] == [("Fin", "cleaner only")]


def test_blank_lines_and_lines_of_other_kinds_are_not_compared() -> None:
    lines = [CleanLine("", 1, 1), CleanLine("Una historia", 2, 2, LineKind.FLAVOR), CleanLine("Regla", 3, 3)]
    assert disagreements(lines, [None, HEADING, None], set(), lambda line: line) == ([], 1)
