"""The peer typesetter: rst2pdf (it also sits on reportlab) setting the same cleaned text, in two columns, in the same font.

rst2pdf is installed into a throw-away venv under the system temp folder the first time, only for the
benchmark, with the ordinary pip and whatever index pip is configured with; when that fails (no
network, no index) the row says why and the rest of the benchmark runs.
"""
from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from measure import REFSHEETS, ROOT

VENV = Path(tempfile.gettempdir()) / "refsheets-bench-peer"
# Two columns (rst2pdf's own twoColumn page template) and every text style in DejaVu Sans Condensed, embedded.
STYLESHEET = """\
pageSetup: {firstTemplate: twoColumn}
embeddedFonts:
  - [DejaVuSansCondensed.ttf, DejaVuSansCondensed-Bold.ttf, DejaVuSansCondensed-Oblique.ttf, DejaVuSansCondensed-BoldOblique.ttf]
fontsAlias:
  fontSans: DejaVuSansCondensed
  fontSansBold: DejaVuSansCondensed-Bold
  fontSansItalic: DejaVuSansCondensed-Oblique
  fontSansBoldItalic: DejaVuSansCondensed-BoldOblique
  fontSerif: DejaVuSansCondensed
  fontSerifBold: DejaVuSansCondensed-Bold
  fontSerifItalic: DejaVuSansCondensed-Oblique
  fontSerifBoldItalic: DejaVuSansCondensed-BoldOblique
"""


def install() -> tuple[Path | None, str]:
    """The rst2pdf executable (installing it on first use), or None and why not."""
    tool = VENV / "bin" / "rst2pdf"
    if not tool.exists():
        try:
            subprocess.run([sys.executable, "-m", "venv", str(VENV)], check=True, capture_output=True)
            subprocess.run([str(VENV / "bin" / "pip"), "install", "--quiet", "rst2pdf"], check=True, capture_output=True, timeout=600)
        except (subprocess.SubprocessError, OSError) as exc:
            shutil.rmtree(VENV, ignore_errors=True)
            detail = (getattr(exc, "stderr", b"") or b"").decode(errors="replace").strip().splitlines()
            return None, f"rst2pdf could not be installed ({detail[-1] if detail else exc})"
    version = subprocess.run([str(tool), "--version"], capture_output=True, text=True).stdout.strip()
    return tool, f"rst2pdf {version}"


def documents(project: Path, scratch: Path) -> tuple[list[Path], int]:
    """One .rst per game holding its cleaned text as literal lines (no markup is interpreted); total characters."""
    sources, characters = [], 0
    (scratch / "peer.yaml").write_text(STYLESHEET, encoding="utf-8")
    for game in sorted(path.parent.name for path in (project / "sources").glob("*/raw.txt")):
        cleaned = subprocess.run([REFSHEETS, "--root", str(project), "clean", game], capture_output=True, text=True, check=True).stdout
        lines = [line for line in cleaned.split("\n") if not line.startswith(("[", "[/"))]
        characters += sum(len(line) for line in lines)
        body = "\n".join(f"| {line}" if line.strip() else "" for line in lines)
        source = scratch / f"{game}.rst"
        source.write_text(f"{game}\n{'=' * len(game)}\n\n{body}\n", encoding="utf-8")
        sources.append(source)
    return sources, characters


def typeset(tool: Path, sources: list[Path]) -> float:
    """Seconds for rst2pdf to typeset every document, one after the other (one process at a time)."""
    start = time.perf_counter()
    for source in sources:
        subprocess.run(
            [str(tool), str(source), "-o", str(source.with_suffix(".pdf")), "--font-path", str(ROOT / "templates" / "fonts"),
             "-s", str(source.parent / "peer.yaml")],
            check=True,
            capture_output=True,
        )
    return time.perf_counter() - start
