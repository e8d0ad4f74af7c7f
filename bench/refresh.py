"""Refresh benchmark: cold, no-op and one-correction `refsheets build` times of all games, and their ratios.

For bench/run.py: `from refresh import measure_refresh` (bench/ on sys.path), then
`measure_refresh(repeat=3) -> dict` with cold_s, noop_s, correction_s, noop_ratio, correction_ratio,
targets_met. Standalone: `.venv/bin/python bench/refresh.py [--repeat 3] [--jobs N] [--json]`.

Targets (issue 8): no-op <= 0.1 x cold; one correction in one game <= 0.5 x cold of all games.
Each command is a separate process, as a user runs it (interpreter start and imports included), in a
temporary copy of the project with its own cache; the real sources/, output/ and cache are never touched.
"""
from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
REFSHEETS = str(Path(sys.executable).parent / "refsheets")
NOOP_TARGET = 0.1
CORRECTION_TARGET = 0.5


def _build(project: Path, *, jobs: int, expect_noop: bool = False) -> float:
    if expect_noop:
        seconds = _build(project, jobs=jobs)
        if "0 rebuilt, 0 restored from cache" in _LAST[0]:
            return seconds
        # the package itself changed meanwhile (a shared working tree): that was a rebuild, measure again
        return _build(project, jobs=jobs, expect_noop=True)
    start = time.perf_counter()
    result = subprocess.run([REFSHEETS, "--root", str(project), "build", "--jobs", str(jobs)], capture_output=True, text=True)
    seconds = time.perf_counter() - start
    if result.returncode not in (0, 1):  # 1: a sheet failed to fit; still a full build, still timed
        raise SystemExit(f"refsheets build failed ({result.returncode}):\n{result.stderr[-2000:]}")
    _LAST[0] = result.stdout
    return seconds


_LAST = [""]  # stdout of the last build (its summary line), to tell a no-op from a rebuild


def _correction(project: Path, game: str) -> str:
    """A corrections.yaml entry that rewrites one sentence of the game's rule text (as a volunteer would)."""
    sys.path.insert(0, str(ROOT))
    from pipeline.build import prepare
    from pipeline.project import Project

    _, _, document = prepare(Project(project), game)
    text = next(s.text for s in document.sections if s.kind == "rules" and len(s.text) > 80)
    sentence = text.split("\n")[0][:60]
    return json.dumps([{"find": sentence, "replace": sentence + " (corregido)", "note": "benchmark"}], ensure_ascii=False)


def measure_refresh(root: Path = ROOT, *, repeat: int = 3, jobs: int = 1, game: str = "leaving-earth") -> dict:
    """Median seconds of a cold build, a no-op build and a one-correction build of every game, and ratios."""
    cold, noop, corrected = [], [], []
    with tempfile.TemporaryDirectory(prefix="refsheets-refresh-") as temp:
        project = Path(temp) / "project"
        for name in ("sources", "glossaries", "templates"):
            shutil.copytree(root / name, project / name)
        if not (project / "sources" / game).is_dir():
            game = sorted(p.name for p in (project / "sources").iterdir())[0]
        corrections = project / "sources" / game / "corrections.yaml"
        original = corrections.read_text(encoding="utf-8") if corrections.is_file() else None
        entry = _correction(project, game)
        for _ in range(repeat):
            shutil.rmtree(project / "output", ignore_errors=True)
            shutil.rmtree(project / ".refsheets-cache", ignore_errors=True)
            if original is None:
                corrections.unlink(missing_ok=True)
            else:
                corrections.write_text(original, encoding="utf-8")
            cold.append(_build(project, jobs=jobs))
            noop.append(_build(project, jobs=jobs, expect_noop=True))
            # JSON is YAML: the entry is appended as a one-item flow list, merged with what is there
            items = (original.rstrip() + "\n") if original and original.strip() not in ("", "[]") else ""
            corrections.write_text(
                items + "\n".join(f"- {json.dumps(e, ensure_ascii=False)}" for e in json.loads(entry)) + "\n", encoding="utf-8"
            )
            corrected.append(_build(project, jobs=jobs))
    result = {
        "games": len([p for p in (root / "sources").iterdir() if (p / "raw.txt").is_file()]),
        "corrected_game": game,
        "jobs": jobs,
        "repeat": repeat,
        "cold_s": round(statistics.median(cold), 3),
        "noop_s": round(statistics.median(noop), 3),
        "correction_s": round(statistics.median(corrected), 3),
    }
    result["noop_ratio"] = round(result["noop_s"] / result["cold_s"], 3)
    result["correction_ratio"] = round(result["correction_s"] / result["cold_s"], 3)
    result["targets_met"] = result["noop_ratio"] <= NOOP_TARGET and result["correction_ratio"] <= CORRECTION_TARGET
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    args = parser.parse_args()
    result = measure_refresh(repeat=args.repeat, jobs=args.jobs)
    if args.json:
        print(json.dumps(result, indent=2))
        return
    print(f"{result['games']} games, jobs={result['jobs']}, median of {result['repeat']}")
    print(f"cold build          {result['cold_s']:7.2f} s")
    print(f"no-op build         {result['noop_s']:7.2f} s   {result['noop_ratio']:.3f} x cold (target <= {NOOP_TARGET})")
    print(
        f"one correction      {result['correction_s']:7.2f} s   {result['correction_ratio']:.3f} x cold "
        f"(target <= {CORRECTION_TARGET}; {result['corrected_game']})"
    )
    print("targets met" if result["targets_met"] else "TARGETS MISSED")


if __name__ == "__main__":
    main()
