"""Commands do only what they show: listing, cleaning and the outline load neither spaCy nor reportlab."""
from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

SCRIPT = """
import sys
from pipeline.cli import main
try:
    main(sys.argv[1:])
except SystemExit as exc:
    assert exc.code in (0, None), exc.code
print('HEAVY', sorted({m.split('.')[0] for m in sys.modules} & {'spacy', 'reportlab'}))
"""


LIGHT = [["list"], ["clean", "leaving-earth"], ["clean", "leaving-earth", "--report"], ["sections", "leaving-earth"]]


@pytest.mark.parametrize("command", LIGHT)
def test_a_command_that_shows_no_terms_or_pages_loads_neither_spacy_nor_reportlab(tmp_path: Path, project_root: Path, command) -> None:
    for name in ("sources", "glossaries", "templates"):
        shutil.copytree(project_root / name, tmp_path / name)  # no cache: nothing could come from it
    result = subprocess.run(
        [sys.executable, "-c", SCRIPT, "--root", str(tmp_path), *command], capture_output=True, text=True, timeout=120, cwd=project_root
    )
    assert result.returncode == 0, result.stderr
    assert "HEAVY []" in result.stdout, result.stdout[-300:]
