"""A converted page's decoration: pictographs go, whichever block of Unicode they come from; icons stay. A table
cell's own pipe."""

from pathlib import Path

import pytest

from pipeline.ingest import read_source
from pipeline.ingest.lines import table_row, tidy


@pytest.mark.parametrize("mark", ["🤼", "⏰", "⌛", "⏳", "🎲", "⭐", "⚔\ufe0f", "⏱\ufe0f"])
def test_a_pictograph_before_a_fact_goes_the_same_way_from_any_block(mark: str) -> None:
    assert tidy(f"{mark} 30-60 min.") == "30-60 min."


@pytest.mark.parametrize("icon", ["★", "✓", "⚔", "⌀"])
def test_a_symbol_the_text_uses_as_an_icon_stays(icon: str) -> None:
    assert tidy(f"{icon} 2 daños") == f"{icon} 2 daños"


HEAD, SECOND = "| Tirada | Efecto |\n|---|---|\n", "| 2 | Aturdido: pierdes un turno. |\n"


@pytest.mark.parametrize(("name", "text"), [
    ("raw.md", f"{HEAD}| 1 | Herida: tira 1d6 &#124; 1-3: brazo, 4-6: pierna. |\n{SECOND}"),
    ("raw.md", f"{HEAD}| 1 | Herida: tira 1d6 \\| 1-3: brazo, 4-6: pierna. |\n{SECOND}"),
    ("raw.html", "<table><tr><th>Tirada</th><th>Efecto</th></tr><tr><td>1</td><td>Herida: tira 1d6 | 1-3: brazo, 4-6: pierna.</td></tr>"
     "<tr><td>2</td><td>Aturdido: pierdes un turno.</td></tr></table>"),
])
def test_a_pipe_inside_a_cell_divides_the_cell_not_the_row(tmp_path: Path, name: str, text: str) -> None:
    """A cell's own pipe is no column: the row keeps its two cells, the pipe printed as a dash."""
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    lines = read_source(path, game="x", display=name).text.splitlines()
    assert "1 | Herida: tira 1d6 — 1-3: brazo, 4-6: pierna." in lines
    assert table_row(["a |", "", "| b"]) == "a | - | b"
