"""Benchmark: speed, memory and scale of `refsheets`, as one table of paired medians and targets (issue 16).

Run with `make bench` (or `.venv/bin/python bench/run.py [--repeat 3] [--scales 10] [--no-peer]`).
Everything happens in temporary copies of the project; the real sources/ and output/ are never touched.
Paired: each round runs the cold build at --jobs 1, at the default --jobs and the peer one after the
other, so a machine shared with other work slows all three alike; ratios are medians of the rounds'.
The scale series (the five sources replicated N times) is x10 and x100 by default (the x100 corpus is 500
games: about four minutes); `--scales 10` leaves it out. The peer is rst2pdf (see peer.py).
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import latency  # bench/ is not a package: its modules are found through sys.path
import peer
from measure import (
    REFSHEETS,
    Run,
    add_correction,
    build_args,
    make_project,
    measure,
    median,
    median_run,
    pages_built,
    rule_sentences,
    tiny_project,
    wipe,
)

TARGETS = {"cold": 5.0, "cold1": 8.0, "noop": 0.3, "refresh": 1.5, "watch": 1.0, "help": 0.2, "peak": 300.0, "peer": 1.5}
REFRESH_GAME = "space-alert"  # the largest game: three sheets remade by one correction


class Table:
    def __init__(self) -> None:
        self.rows: list[tuple[str, str, str, str]] = []

    def row(self, name: str, wall: str, cpu: str = "", note: str = "") -> None:
        self.rows.append((name, wall, cpu, note))
        print(f"  {name:<52} {wall:>9} {cpu:>9}  {note}", flush=True)

    def markdown(self) -> str:
        lines = ["| measurement | wall | CPU | target / note |", "| --- | ---: | ---: | --- |"]
        lines += [f"| {name} | {wall} | {cpu} | {note} |" for name, wall, cpu, note in self.rows]
        return "\n".join(lines)


def verdict(value: float, target: float) -> str:
    return f"target <= {target:g} {'met' if value <= target else 'MISSED'}"


def cold_rounds(base: Path, scratch: Path, *, repeat: int, with_peer: bool) -> tuple[list[Run], list[Run], list[float], str, int]:
    """Paired rounds: cold --jobs 1, cold default --jobs, rst2pdf (when it can be had)."""
    tool, peer_note, sources, characters = None, "", [], 0
    if with_peer:
        tool, peer_note = peer.install()
        if tool is not None:
            sources, characters = peer.documents(base, scratch)
            peer_note += f", {characters:,} characters"
    serial, parallel, peers = [], [], []
    for _ in range(repeat):
        wipe(base)
        serial.append(measure(build_args(base, jobs=1)))
        wipe(base)
        parallel.append(measure(build_args(base)))
        if tool is not None:
            peers.append(peer.typeset(tool, sources))
    return serial, parallel, peers, peer_note, characters


def refresh_rounds(base: Path, *, repeat: int) -> list[Run]:
    """One correction to REFRESH_GAME each round (a different one, so no cache answers), then a build."""
    sentences = rule_sentences(base, REFRESH_GAME)
    runs = []
    for attempt in range(repeat):
        add_correction(base, REFRESH_GAME, sentences[attempt % len(sentences)], attempt)
        runs.append(measure(build_args(base)))
    return runs


def stage_cpu(project: Path) -> dict[str, float]:
    """stages.py's figures; none when it cannot run (a version of the package with other stage functions)."""
    script = Path(__file__).parent / "stages.py"
    result = subprocess.run([sys.executable, str(script), str(project)], capture_output=True, text=True)
    if result.returncode != 0:
        print(f"  per-stage CPU not measured: {(result.stderr.strip().splitlines() or ['?'])[-1]}", flush=True)
        return {}
    return json.loads(result.stdout)


def compile_package() -> None:
    """Bytecode for the package measured, as `make` leaves it (PYTHONDONTWRITEBYTECODE would have each run compile it)."""
    where = subprocess.run([sys.executable, "-c", "import pipeline; print(pipeline.__path__[0])"], capture_output=True, text=True)
    if where.returncode == 0:
        subprocess.run([sys.executable, "-m", "compileall", "-q", where.stdout.strip()], capture_output=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="rounds per measurement (medians are reported)")
    parser.add_argument("--scales", default="10,100", help="replication factors for the scale series, comma-separated ('' for none)")
    parser.add_argument("--no-peer", action="store_true", help="skip the rst2pdf comparison")
    parser.add_argument("--markdown", type=Path, help="also write the table (markdown) to this file")
    options = parser.parse_args()
    scales = [int(part) for part in options.scales.split(",") if part.strip()]
    compile_package()
    table = Table()
    load = ", ".join(f"{value:.1f}" for value in os.getloadavg())
    print(f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}, load average before: {load}", flush=True)
    with tempfile.TemporaryDirectory(prefix="refsheets-bench-") as temp:
        scratch = Path(temp)
        help_run = median_run([measure([REFSHEETS, "--help"]) for _ in range(max(5, options.repeat))])
        table.row("`refsheets --help`", f"{help_run.seconds:.2f} s", f"{help_run.cpu:.2f} s", verdict(help_run.seconds, TARGETS["help"]))

        tiny = tiny_project(scratch)
        startup_runs = []
        for _ in range(options.repeat):
            wipe(tiny)
            startup_runs.append(measure(build_args(tiny, jobs=1)))
        startup = median_run(startup_runs)
        table.row("start-up: cold build of a 3-line game", f"{startup.seconds:.2f} s", f"{startup.cpu:.2f} s",
                  "imports, word store, fonts")

        base, size = make_project(scratch, copies=1)
        serial, parallel, peers, peer_note, characters = cold_rounds(base, scratch, repeat=options.repeat, with_peer=not options.no_peer)
        one, one_serial = median_run(parallel), median_run(serial)
        pages = pages_built(base)
        table.row(f"cold build, 5 games ({pages} pages), default --jobs ({os.cpu_count()})", f"{one.seconds:.2f} s", f"{one.cpu:.2f} s",
                  f"{verdict(one.seconds, TARGETS['cold'])}; {pages / one.seconds:.1f} pages/s")
        speedup = median([s.seconds / p.seconds for s, p in zip(serial, parallel)])
        table.row("cold build, 5 games, --jobs 1", f"{one_serial.seconds:.2f} s", f"{one_serial.cpu:.2f} s",
                  f"{verdict(one_serial.seconds, TARGETS['cold1'])}; default --jobs is x{speedup:.2f} faster (paired)")
        if peers:
            table.row("peer: rst2pdf on the same cleaned text", f"{median(peers):.2f} s", "",
                      f"{peer_note}; two columns, DejaVu Sans Condensed")
            ratio = median([p.seconds / q for p, q in zip(parallel, peers)])
            ratio_serial = median([s.seconds / q for s, q in zip(serial, peers)])
            table.row("ours / rst2pdf (paired)", f"{ratio:.2f}", "",
                      f"{verdict(ratio, TARGETS['peer'])} (default --jobs; --jobs 1: {ratio_serial:.2f})")
        elif not options.no_peer:
            table.row("peer typesetter", "n/a", "", peer_note)

        noop = median_run([measure(build_args(base)) for _ in range(options.repeat)])
        table.row("no-op build (nothing changed)", f"{noop.seconds:.2f} s", f"{noop.cpu:.2f} s", verdict(noop.seconds, TARGETS["noop"]))

        refresh = median_run(refresh_rounds(base, repeat=options.repeat))
        table.row(f"one-correction refresh ({REFRESH_GAME}, 3 sheets)", f"{refresh.seconds:.2f} s", f"{refresh.cpu:.2f} s",
                  verdict(refresh.seconds, TARGETS["refresh"]))

        for game in (REFRESH_GAME, "leaving-earth"):
            seconds = latency.watch_latency(base, game, rounds=options.repeat)
            table.row(f"`watch` refresh latency ({game}: save -> sheets in place)", f"{median(seconds):.2f} s", "",
                      verdict(median(seconds), TARGETS["watch"]))

        peak = max(run.peak_mb for run in [*serial, *parallel, noop, refresh])
        table.row("peak RSS per process", f"{peak:.0f} MB", "", verdict(peak, TARGETS["peak"]))

        for stage, seconds in stage_cpu(base).items():
            table.row(f"CPU: {stage} (5 games)", "", f"{seconds:.2f} s")
        wipe(base)

        for factor in scales:
            project, size = make_project(scratch, copies=factor)
            run = measure(build_args(project))
            pages = pages_built(project)
            ratio = (run.seconds - startup.seconds) / max(one.seconds - startup.seconds, 1e-9)
            cpu_ratio = (run.cpu - startup.cpu) / max(one.cpu - startup.cpu, 1e-9)
            table.row(f"cold build x{factor} ({factor * 5} games, {size / 1e6:.1f} MB)", f"{run.seconds:.1f} s", f"{run.cpu:.1f} s",
                      f"time/time(x1) after start-up = {ratio:.1f}, CPU {cpu_ratio:.1f} (target <= {factor}); "
                      f"peak {run.peak_mb:.0f} MB per process")
            wipe(project)
    print()
    print(table.markdown())
    if options.markdown:
        options.markdown.write_text(table.markdown() + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
