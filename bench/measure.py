"""Benchmark helpers: run a command and take its wall time, CPU and peak memory; make throw-away projects."""
from __future__ import annotations

import json
import os
import shutil
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
REFSHEETS = str(BIN / "refsheets")
TINY = "REGLAS\n\nEl jugador activo roba una carta.\n"


@dataclass
class Run:
    seconds: float
    cpu: float  # user + system seconds of the command and the workers it waited for
    peak_mb: float  # the largest single process of the run (the CLI or one --jobs worker)
    output: str


def measure(args: list[str]) -> Run:
    """Wall time and peak RSS of one command (os.wait4 gives the child's own resource usage)."""
    start = time.perf_counter()
    process = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    output = process.stdout.read().decode("utf-8", "replace")
    _, status, usage = os.wait4(process.pid, 0)
    seconds = time.perf_counter() - start
    code = os.waitstatus_to_exitcode(status)
    if code != 0:
        raise SystemExit(f"benchmark command failed ({code}): {' '.join(args)}\n{output[-2000:]}")
    return Run(seconds, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, output)


def median(values: list[float]) -> float:
    return statistics.median(values) if values else float("nan")


def median_run(runs: list[Run]) -> Run:
    ordered = sorted(runs, key=lambda run: run.seconds)
    middle = ordered[len(ordered) // 2].output
    return Run(median([r.seconds for r in runs]), median([r.cpu for r in runs]), max(r.peak_mb for r in runs), middle)


def make_project(folder: Path, *, copies: int) -> tuple[Path, int]:
    """A project whose sources/ holds `copies` replicas of the five games (ids game, game-c2, ...)."""
    project = folder / f"x{copies}"
    shutil.copytree(ROOT / "templates", project / "templates")
    (project / "sources").mkdir(parents=True)
    (project / "glossaries").mkdir()
    common = ROOT / "glossaries" / "common.yaml"
    if common.is_file():
        shutil.copy(common, project / "glossaries" / "common.yaml")
    games = sorted(path.parent.name for path in (ROOT / "sources").glob("*/raw.txt"))
    size = 0
    for copy in range(1, copies + 1):
        for game in games:
            name = game if copy == 1 else f"{game}-c{copy}"
            shutil.copytree(ROOT / "sources" / game, project / "sources" / name)
            size += (project / "sources" / name / "raw.txt").stat().st_size
            glossary = ROOT / "glossaries" / f"{game}.yaml"
            if glossary.is_file():
                shutil.copy(glossary, project / "glossaries" / f"{name}.yaml")
    return project, size


def tiny_project(folder: Path) -> Path:
    """A project with one three-line game: what a build costs before any real work (imports, tables, fonts)."""
    tiny = folder / "tiny"
    shutil.copytree(ROOT / "templates", tiny / "templates")
    (tiny / "glossaries").mkdir()
    (tiny / "sources" / "tiny").mkdir(parents=True)
    (tiny / "sources" / "tiny" / "raw.txt").write_text(TINY, encoding="utf-8")
    return tiny


def build_args(project: Path, *extra: str, jobs: int | None = None) -> list[str]:
    """`refsheets build`; jobs None leaves --jobs at its default (the number of cores)."""
    args = [REFSHEETS, "--root", str(project), "build", "--out", str(project / "output"), *extra]
    return args + (["--jobs", str(jobs)] if jobs else [])


def wipe(project: Path) -> None:
    for name in ("output", ".refsheets-cache"):
        shutil.rmtree(project / name, ignore_errors=True)


def pages_built(project: Path) -> int:
    total = 0
    for manifest in (project / "output").glob("*/manifest.json"):
        total += sum(int(sheet.get("pages", 0)) for sheet in json.loads(manifest.read_text(encoding="utf-8"))["sheets"])
    return total


def rule_sentences(project: Path, game: str) -> list[str]:
    """Opening words of the game's rule paragraphs, as the cleaned text has them (targets for corrections)."""
    result = subprocess.run([REFSHEETS, "--root", str(project), "clean", game], capture_output=True, text=True, check=True)
    lines = [line for line in result.stdout.split("\n") if len(line) > 80 and line.rstrip().endswith(".") and '"' not in line]
    return [line[:50].rsplit(" ", 1)[0] for line in lines]


def add_correction(project: Path, game: str, find: str, attempt: int) -> None:
    """Append one correction to the game's corrections.yaml, as a volunteer fixing a sentence would."""
    path = project / "sources" / game / "corrections.yaml"
    text = path.read_text(encoding="utf-8") if path.is_file() else ""
    replace = json.dumps(f"{find} (corregido {attempt})", ensure_ascii=False)
    entry = f"- find: {json.dumps(find, ensure_ascii=False)}\n  replace: {replace}\n"
    path.write_text((text.rstrip() + "\n" if text.strip() and text.strip() != "[]" else "") + entry, encoding="utf-8")
