"""Where a build may write (only inside the project, every link followed) and the sheets it no longer makes; writes
themselves are store.write_atomic."""
from __future__ import annotations

import os
from pathlib import Path

from pipeline.errors import InputError


def inside_project(root: Path, path: Path, *, display: str) -> Path:
    """`path`, when its real path (every link followed) lies inside the project `root`; else an error (exit 2).

    Writes are checked as reads are (Project.inside): a downloaded project's `output/<game>` or cache folder
    may be a link, and a build must not write (or prune) files elsewhere on the machine through it.
    """
    real = path.resolve()
    if not real.is_relative_to(root.resolve()):
        raise InputError(
            f"a link to {real}, outside the project folder: refsheets writes only inside it "
            "(remove the link; --out may name a folder outside the project)",
            path=display,
        )
    return path


def links_inside_project(root: Path, folder: Path, *, display: str) -> None:
    """`folder` and every folder beneath it that is a link: all inside the project (see inside_project)."""
    inside_project(root, folder, display=display)
    if not folder.is_dir():
        return
    for parent, folders, _ in os.walk(folder):  # links are listed, never followed
        for name in folders:
            path = Path(parent) / name
            if path.is_symlink():
                inside_project(root, path, display=f"{display}/{path.relative_to(folder).as_posix()}")


def remove_dropped_sheets(previous: dict | None, sheets: set[str], game_out: Path) -> list[str]:
    """Delete the PDFs the previous manifest recorded for sheets no longer in game.yaml (any paper); their names.

    Only files the manifest names, plain names inside the game's folder ending in .pdf: a file the build did
    not write is never touched."""
    removed = []
    for entry in (previous or {}).get("sheets", []):
        if not isinstance(entry, dict) or entry.get("name") in sheets:
            continue
        name = entry.get("file")
        if not isinstance(name, str) or not name.endswith(".pdf") or Path(name).name != name or name.startswith("."):
            continue
        path = game_out / name
        try:
            if path.is_file() and not path.is_symlink():
                path.unlink()
                removed.append(name)
        except OSError:
            pass  # left for the next build; nothing else depends on it
    return removed
