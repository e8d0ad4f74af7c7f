"""Lines -> numbered steps written "1: ...", "2: ...": what split/blocks.py makes a numbered list of."""

from __future__ import annotations

import re

from pipeline.model import CleanLine
from pipeline.modelkinds import LineKind

COLON_NUMBERED = re.compile(r"^\s*(\d{1,2}):\s+(\S.*)$")


def colon_numbered(lines: list[CleanLine], index: int) -> list[tuple[CleanLine, re.Match]]:
    """Steps numbered "1: ...", "2: ...", "3: ..." on lines in a row (Space Alert's delayed double action):
    a numbered list, when they count up from 1; a lone "3: 2" is no list."""
    run: list[tuple[CleanLine, re.Match]] = []
    for line in lines[index:]:
        found = COLON_NUMBERED.match(line.text) if line.kind == LineKind.TEXT else None
        if not found or int(found.group(1)) != len(run) + 1:
            break
        run.append((line, found))
    return run if len(run) >= 2 else []
