"""Benchmark: speed and scale of `refsheets build`, as a table of medians and machine-independent ratios.

Run with `make bench` (or `.venv/bin/python bench/run.py [--scales 10,50,100] [--repeat 3]`). Everything
happens in a temporary copy of the project; the real sources/ and output/ are never touched. The peer
typesetter (rst2pdf, which also sits on reportlab) is installed into a throw-away venv under the system
temp folder the first time, only for this comparison; when PyPI cannot be reached the row says why.
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
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


def measure(args: list[str], *, env: dict | None = None) -> Run:
    """Wall time and peak RSS of one command (os.wait4 gives the child's own resource usage)."""
    start = time.perf_counter()
    process = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env)
    output = process.stdout.read().decode("utf-8", "replace")
    _, status, usage = os.wait4(process.pid, 0)
    seconds = time.perf_counter() - start
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode != 0:
        raise SystemExit(f"benchmark command failed ({process.returncode}): {' '.join(args)}\n{output[-2000:]}")
    return Run(seconds, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, output)


def median_run(runs: list[Run]) -> Run:
    ordered = sorted(runs, key=lambda run: run.seconds)
    middle = ordered[len(ordered) // 2]
    return Run(
        statistics.median(run.seconds for run in runs),
        statistics.median(run.cpu for run in runs),
        max(run.peak_mb for run in runs),
        middle.output,
    )


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


def build_args(project: Path, *extra: str, jobs: int) -> list[str]:
    args = [REFSHEETS, "--root", str(project), "build", "--out", str(project / "output"), *extra]
    return args + (["--jobs", str(jobs)] if jobs > 1 else [])


def wipe(project: Path) -> None:
    for name in ("output", ".refsheets-cache"):
        shutil.rmtree(project / name, ignore_errors=True)


def pages_built(project: Path) -> int:
    total = 0
    for manifest in (project / "output").glob("*/manifest.json"):
        total += sum(int(sheet.get("pages", 0)) for sheet in json.loads(manifest.read_text(encoding="utf-8"))["sheets"])
    return total


def cold(project: Path, *, jobs: int, repeat: int) -> Run:
    runs = []
    for _ in range(repeat):
        wipe(project)
        runs.append(measure(build_args(project, jobs=jobs)))
    return median_run(runs)


def correct_one_sentence(project: Path, game: str, attempt: int) -> None:
    """Change one sentence of one game (a different word each time, so the cache cannot answer)."""
    raw = project / "sources" / game / "raw.txt"
    text = raw.read_text(encoding="utf-8")
    lines = text.split("\n")
    target = next(index for index, line in enumerate(lines) if len(line) > 80 and line.rstrip().endswith("."))
    lines[target] = re.sub(r"\.\s*$", f" (revisado {attempt}).", lines[target].rstrip())
    raw.write_text("\n".join(lines), encoding="utf-8")


def throughput(project: Path, repeat: int) -> tuple[float, float]:
    """MB/s of raw text through load + clean + split + tag, in this process (spaCy warmed up first)."""
    sys.path.insert(0, str(ROOT))
    from pipeline.build import tagged_document
    from pipeline.project import Project

    proj = Project(project)
    games = proj.game_ids()
    size = sum((project / "sources" / game / "raw.txt").stat().st_size for game in games)
    tagged_document(proj, games[0])  # loads spaCy and the lemma table once
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        for game in games:
            tagged_document(proj, game)
        times.append(time.perf_counter() - start)
    best = statistics.median(times)
    return size / 1e6 / best, best


def peer(project: Path, scratch: Path) -> tuple[float | None, str]:
    """rst2pdf on each game's cleaned text (no tagging, no fitting, one column): total seconds, or why not."""
    venv = Path(tempfile.gettempdir()) / "refsheets-bench-peer"
    tool = venv / "bin" / "rst2pdf"
    if not tool.exists():
        try:
            subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, capture_output=True)
            subprocess.run([str(venv / "bin" / "pip"), "install", "--quiet", "rst2pdf"], check=True, capture_output=True, timeout=600)
        except (subprocess.SubprocessError, OSError) as exc:
            shutil.rmtree(venv, ignore_errors=True)
            detail = getattr(exc, "stderr", b"") or b""
            return None, f"rst2pdf could not be installed ({detail.decode(errors='replace').strip().splitlines()[-1:] or exc})"
    documents = []
    for game in sorted(path.parent.name for path in (project / "sources").glob("*/raw.txt")):
        cleaned = measure([REFSHEETS, "--root", str(project), "clean", game]).output
        # Plain paragraphs: every line becomes literal text (a line block), so no markup is interpreted.
        lines = [line for line in cleaned.split("\n") if not line.startswith(("warning:", "[", "[/"))]
        body = "\n".join(f"| {line}" if line.strip() else "" for line in lines)
        source = scratch / f"{game}.rst"
        source.write_text(f"{game}\n{'=' * len(game)}\n\n{body}\n", encoding="utf-8")
        documents.append(source)
    runs = []
    for _ in range(3):
        start = time.perf_counter()
        for source in documents:
            subprocess.run([str(tool), str(source), "-o", str(source.with_suffix(".pdf"))], check=True, capture_output=True)
        runs.append(time.perf_counter() - start)
    return statistics.median(runs), "rst2pdf " + subprocess.run([str(tool), "--version"], capture_output=True, text=True).stdout.strip()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scales", default="10,50,100", help="replication factors for the scale series (comma-separated; '' for none)")
    parser.add_argument("--repeat", type=int, default=3, help="runs per measurement at 1x (scale runs: once each above 10x)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="--jobs for the builds (default: all cores)")
    parser.add_argument("--no-peer", action="store_true", help="skip the rst2pdf comparison")
    options = parser.parse_args()
    scales = [int(part) for part in options.scales.split(",") if part.strip()]
    rows: list[tuple[str, str, str]] = []

    def row(name: str, value: str, note: str = "") -> None:
        rows.append((name, value, note))
        print(f"  {name:<44} {value:>14}  {note}", flush=True)

    # Wall times suffer when other work shares the cores; CPU seconds (in brackets) much less so.
    load = ", ".join(f"{value:.1f}" for value in os.getloadavg())
    print(
        f"machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}, jobs={options.jobs}, "
        f"load average before: {load}",
        flush=True,
    )
    with tempfile.TemporaryDirectory(prefix="refsheets-bench-") as temp:
        scratch = Path(temp)
        helps = [measure([REFSHEETS, "--help"]) for _ in range(max(5, options.repeat))]
        help_run = median_run(helps)
        row("refsheets --help", f"{help_run.seconds:.3f} s", "target <= 0.3 s")

        tiny = scratch / "tiny"
        shutil.copytree(ROOT / "templates", tiny / "templates")
        (tiny / "glossaries").mkdir()
        (tiny / "sources" / "tiny").mkdir(parents=True)
        (tiny / "sources" / "tiny" / "raw.txt").write_text(TINY, encoding="utf-8")
        startup = cold(tiny, jobs=1, repeat=options.repeat)
        row("start-up (cold build of a 3-line game)", f"{startup.seconds:.2f} s", f"[cpu {startup.cpu:.2f} s] imports, spaCy tables, fonts")

        base, size = make_project(scratch, copies=1)
        one = cold(base, jobs=options.jobs, repeat=options.repeat)
        pages = pages_built(base)
        row(
            "cold build, 5 games",
            f"{one.seconds:.2f} s",
            f"[cpu {one.cpu:.2f} s] {pages} pages, {pages / one.seconds:.1f} pages/s, peak {one.peak_mb:.0f} MB",
        )
        one_serial = cold(base, jobs=1, repeat=options.repeat)
        row(
            "cold build, 5 games, --jobs 1",
            f"{one_serial.seconds:.2f} s",
            f"[cpu {one_serial.cpu:.2f} s] parallel speed-up x{one_serial.seconds / one.seconds:.2f}",
        )

        noop = median_run([measure(build_args(base, jobs=options.jobs)) for _ in range(options.repeat)])
        row(
            "no-op build (nothing changed)",
            f"{noop.seconds:.2f} s",
            f"[cpu {noop.cpu:.2f} s] no-op/cold = {noop.seconds / one.seconds:.3f} (cpu {noop.cpu / one.cpu:.3f}; target <= 0.1)",
        )

        refreshes = []
        for attempt in range(options.repeat):
            correct_one_sentence(base, "space-alert", attempt)
            refreshes.append(measure(build_args(base, jobs=options.jobs)))
        refresh = median_run(refreshes)
        row(
            "refresh after a one-sentence correction",
            f"{refresh.seconds:.2f} s",
            f"[cpu {refresh.cpu:.2f} s] refresh/cold = {refresh.seconds / one.seconds:.3f} "
            f"(cpu {refresh.cpu / one.cpu:.3f}; space-alert, largest game)",
        )

        mbps, seconds = throughput(base, options.repeat)
        row("throughput load+clean+split+tag", f"{mbps:.2f} MB/s", f"{size / 1e6:.3f} MB in {seconds:.2f} s")

        if not options.no_peer:
            peer_seconds, peer_note = peer(base, scratch)
            if peer_seconds is None:
                row("peer typesetter", "n/a", peer_note)
            else:
                row(
                    "peer: rst2pdf on the cleaned text",
                    f"{peer_seconds:.2f} s",
                    f"{peer_note}; ours/peer = {one_serial.seconds / peer_seconds:.2f} (both one process)",
                )

        shutil.rmtree(base)
        for factor in scales:
            project, size = make_project(scratch, copies=factor)
            run = cold(project, jobs=options.jobs, repeat=options.repeat if factor <= 10 else 1)
            pages = pages_built(project)
            ratio = (run.seconds - startup.seconds) / max(one.seconds - startup.seconds, 1e-9)
            cpu_ratio = (run.cpu - startup.cpu) / max(one.cpu - startup.cpu, 1e-9)
            row(
                f"cold build x{factor} ({factor * 5} games, {size / 1e6:.1f} MB)",
                f"{run.seconds:.1f} s",
                f"[cpu {run.cpu:.1f} s] {pages / run.seconds:.1f} pages/s, peak {run.peak_mb:.0f} MB/process, "
                f"time/time(1x) after start-up = {ratio:.1f} (cpu {cpu_ratio:.1f}; target <= {factor * 1.2:.0f})",
            )
            shutil.rmtree(project)
    print()
    print("| measurement | value | notes |")
    print("| --- | ---: | --- |")
    for name, value, note in rows:
        print(f"| {name} | {value} | {note} |")


if __name__ == "__main__":
    main()
