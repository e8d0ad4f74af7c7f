"""Two cleanings composed raw line by raw line (clean/fixpoint.py): spans, records, line numbers in reasons."""

from __future__ import annotations

from pipeline.clean.fixpoint import compose
from pipeline.model import CleaningRecord, CleanLine

RAW = ["Regla uno", "sigue aquí.", "", "CABECERA", "Regla uno sigue aquí."]


def test_a_second_cleaning_is_told_in_raw_lines() -> None:
    # The first cleaning joined raw lines 1-2 and kept 4 and 5; the second (of its four lines) drops its line 4
    # as a duplicate of its line 1 and keeps the rest alike.
    first = [CleanLine("Regla uno sigue aquí.", 1, 2), CleanLine("", 3, 3), CleanLine("CABECERA", 4, 4, "flavor"), CleanLine(RAW[4], 5, 5)]
    first_report = [CleaningRecord(1, "join", "broken line joined into one (lines 1-2)", RAW[0]),
                    CleaningRecord(2, "join", "continues line 1; joined (lines 1-2)", RAW[1])]
    second = [CleanLine("Regla uno sigue aquí.", 1, 1), CleanLine("", 2, 2), CleanLine("CABECERA", 3, 3)]
    second_report = [CleaningRecord(4, "duplicate", "duplicate of line 1", RAW[4])]
    lines, report = compose(first, first_report, second, second_report, RAW)
    assert [(line.text, line.first, line.last, line.kind) for line in lines] == [
        ("Regla uno sigue aquí.", 1, 2, "text"), ("", 3, 3, "text"), ("CABECERA", 4, 4, "flavor")
    ]
    assert report[-1] == CleaningRecord(5, "duplicate", "duplicate of lines 1-2", RAW[4])  # its line 1 is raw 1-2
    assert [record.action for record in report] == ["join", "join", "duplicate"]
