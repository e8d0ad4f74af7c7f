"""Heading recall/precision, rule lines kept, noise removed and debris over tests/fixtures/formats/.

PYTHONPATH=. .venv/bin/python bench/formats_corpus.py [CASE ...] [--details]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.formats_cases import case_names, score, summary  # after the path is set


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("cases", nargs="*")
    parser.add_argument("--details", action="store_true", help="list missed and false headings, lost rules, kept noise")
    args = parser.parse_args()
    scores = []
    print(f"{'case':<18} {'recall':>7} {'precis.':>7} {'rules':>7} {'noise':>7} {'debris':>6}")
    for case in args.cases or case_names():
        with tempfile.TemporaryDirectory() as folder:
            result = score(case, Path(folder))
        scores.append(result)
        print(
            f"{case:<18} {result.recall:>7.0%} {result.precision:>7.0%} {result.rules_share:>7.0%}"
            f" {result.noise_share:>7.0%} {len(result.debris):>6}"
        )
        if args.details:
            for label, items in (
                ("missed", result.missed_headings),
                ("false", result.false_headings),
                ("lost rule", result.lost_rules),
                ("kept noise", result.kept_noise),
                ("debris", result.debris),
            ):
                for item in items:
                    print(f"    {label}: {item}")
            if result.title and result.title[0] != result.title[1]:
                print(f"    title: expected {result.title[0]!r}, got {result.title[1]!r}")
            if result.translators and result.translators[0] != result.translators[1]:
                print(f"    translators: expected {result.translators[0]}, got {result.translators[1]}")
    total = summary(scores)
    print(
        f"{'all':<18} {total['heading recall']:>7.0%} {total['heading precision']:>7.0%} {total['rule lines kept']:>7.0%}"
        f" {total['noise removed']:>7.0%} {int(total['debris']):>6}"
    )


if __name__ == "__main__":
    main()
