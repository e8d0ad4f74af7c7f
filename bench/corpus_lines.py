"""Print a corpus text's lines as the annotations number them: `N<TAB>line`, with the file's sha256 first.

PYTHONPATH=. .venv/bin/python bench/corpus_lines.py STEM [--corpus ../shared/corpus]

For a text format (.md, .html, .txt) the lines are the file's own; for a .pdf or .docx they are the lines of
the text refsheets extracts from it (RawText.original_lines), the ones its cleaning report counts.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pipeline.ingest import read_source, source_file  # after the path is set


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("stem")
    parser.add_argument("--corpus", default=str(Path(__file__).resolve().parent.parent.parent / "shared" / "corpus"))
    args = parser.parse_args()
    folder = Path(args.corpus) / args.stem
    path = source_file(folder, display=str(folder))
    raw = read_source(path, game=args.stem, display=str(path))
    print(f"# {path.name} sha256 {raw.sha256} format {raw.format}")
    for number, line in enumerate(raw.original_lines, 1):
        print(f"{number}\t{line}")


if __name__ == "__main__":
    main()
