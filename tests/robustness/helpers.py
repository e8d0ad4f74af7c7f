"""What every hostile-input test uses: a tiny made-up game's text, the CLI runner and the assertions each case makes."""
from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner
from pypdf import PdfReader

from pipeline.cli import main

TINY = "REGLAS GENERALES\n\nEl jugador roba una carta de amenaza.\n\n- Primer punto de la lista\n"
OTRO = "PREPARACION\n\nCada jugador roba una carta y la coloca en su zona de juego, boca arriba.\n\n- Segundo punto de la lista\n"


def run(root: Path, *args: str):
    return CliRunner().invoke(main, ["--root", str(root), *args])


def snapshot(folder: Path) -> dict[str, bytes]:
    return {str(path.relative_to(folder)): path.read_bytes() for path in sorted(folder.rglob("*")) if path.is_file()}


def raw(root: Path) -> Path:
    return root / "sources" / "tiny" / "raw.txt"


def assert_fails_cleanly(root: Path, args: tuple[str, ...], *fragments: str, code: int = 2) -> str:
    """The build fails with `code`, names every fragment, prints no traceback and leaves output/ as it was."""
    before = snapshot(root / "output")
    result = run(root, *args)
    assert result.exit_code == code, result.output
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    for fragment in fragments:
        assert fragment in result.output, result.output
    assert snapshot(root / "output") == before
    return result.output


def assert_builds(root: Path, *warnings: str) -> str:
    result = run(root, "build", "tiny")
    assert result.exit_code == 0, result.output
    for fragment in warnings:
        assert fragment in result.output, result.output
    pdf = root / "output" / "tiny" / "tiny-quickref.pdf"
    assert len(PdfReader(pdf).pages) >= 1
    assert not list((root / "output").rglob("*.tmp"))
    return "\n".join(page.extract_text() or "" for page in PdfReader(pdf).pages)
