"""Content-addressed sheet cache under .refsheets-cache/, and the project's build lock.

Nothing here imports spaCy or reportlab: deciding that a sheet is up to date must stay instant.
An entry is a PDF blob plus a JSON record (pages, revision, section digests); anything that does not
read back exactly as written (corrupt, truncated, foreign, older format) is a miss, never an error.
"""
from __future__ import annotations

import errno
import hashlib
import json
import os
import time
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterator

from pipeline.build.keys import CACHE_DIR, FORMAT_VERSION
from pipeline.build.output import links_inside_project, write_atomic
from pipeline.errors import InputError

# How many entries to keep per (game, sheet): enough to undo a few corrections instantly.
KEEP_PER_SHEET = 6


class BuildLocked(InputError):
    """Another build holds the project's lock (exit 2: try again when it has finished)."""


@dataclass(frozen=True)
class CachedSheet:
    key: str
    game: str
    sheet: str
    pdf: bytes
    pages: int
    revision: str
    paper: str
    sections: tuple[dict, ...]  # changes.SectionDigest.to_json() of the document the PDF was made from
    # What the sheet prints, section by section (sheets.PrintedPart.to_json()), for the word-level change
    # report of the next build; optional, so older entries still read back.
    printed: tuple[list, ...] = ()


class SheetCache:
    """Entries under <root>/.refsheets-cache/sheets/: <key>.pdf written first, then <key>.json."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.folder = root / CACHE_DIR
        self.entries = self.folder / "sheets"

    def has(self, key: str) -> bool:
        """Whether an entry for `key` seems to be there (`get` still checks it in every detail)."""
        return (self.entries / f"{key}.json").is_file()

    def get(self, key: str) -> CachedSheet | None:
        """The entry for `key`, or None when it is missing or does not check out in every detail."""
        try:
            record = json.loads((self.entries / f"{key}.json").read_text(encoding="utf-8"))
            pdf = (self.entries / f"{key}.pdf").read_bytes()
            if record.get("format") != FORMAT_VERSION or record.get("key") != key:
                return None
            if hashlib.sha256(pdf).hexdigest() != record["pdf_sha256"] or not pdf.startswith(b"%PDF"):
                return None
            sections = tuple(record["sections"])
            if not all(isinstance(s, dict) and {"id", "title", "digest"} <= s.keys() for s in sections):
                return None
            return CachedSheet(
                key=key,
                game=str(record["game"]),
                sheet=str(record["sheet"]),
                pdf=pdf,
                pages=int(record["pages"]),
                revision=str(record["revision"]),
                paper=str(record["paper"]),
                sections=sections,
                printed=tuple(record.get("printed") or ()),
            )
        except (OSError, ValueError, KeyError, TypeError, AttributeError):
            return None

    def put(self, entry: CachedSheet) -> None:
        """Store an entry; the record is written last, so a record always has its complete PDF."""
        record = {
            "format": FORMAT_VERSION,
            "key": entry.key,
            "game": entry.game,
            "sheet": entry.sheet,
            "pages": entry.pages,
            "revision": entry.revision,
            "paper": entry.paper,
            "pdf_sha256": hashlib.sha256(entry.pdf).hexdigest(),
            "sections": list(entry.sections),
            "printed": list(entry.printed),
        }
        write_atomic(self.entries / f"{entry.key}.pdf", entry.pdf)
        write_atomic(self.entries / f"{entry.key}.json", json.dumps(record, sort_keys=True, ensure_ascii=False) + "\n")
        write_atomic(self._marker(entry), "", durable=False)

    def prune(self, game: str, sheet: str, *, paper: str | None = None, keep: int = KEEP_PER_SHEET) -> None:
        """Drop all but the `keep` most recent entries of one sheet on one paper (all papers with None).

        Counted per paper, so building on Letter now and then never pushes out the A4 entries. The entries of
        a sheet are found by their markers (`_marker`), not by reading every record of the cache: at 500 games
        that read was most of a build's time.
        """
        folder = self.entries / "by-sheet" / game
        if not folder.is_dir():
            return
        mine: list[tuple[int, Path]] = []
        for marker in folder.iterdir():
            parts = marker.name.rsplit("--", 2)
            if len(parts) == 3 and parts[0] == sheet and paper in (None, parts[1]):
                try:
                    mine.append((marker.stat().st_mtime_ns, marker))
                except OSError:
                    continue
        for _, marker in sorted(mine, reverse=True)[keep:]:
            key = marker.name.rsplit("--", 1)[1]
            for path in (self.entries / f"{key}.json", self.entries / f"{key}.pdf", marker):
                path.unlink(missing_ok=True)

    def _marker(self, entry: CachedSheet) -> Path:
        """An empty file naming an entry by game, sheet and paper (sheets/by-sheet/<game>/<sheet>--<paper>--<key>)."""
        return self.entries / "by-sheet" / entry.game / f"{entry.sheet}--{entry.paper}--{entry.key}"

    def has_proof(self, game: str, key: str) -> bool:
        return (self.folder / "proofs" / f"{game}-{key}.html").is_file()

    def get_proof(self, game: str, key: str) -> str | None:
        """A game's proof page made from sheets of these keys (see build._proof), or None."""
        try:
            return (self.folder / "proofs" / f"{game}-{key}.html").read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            return None

    def put_proof(self, game: str, key: str, page: str, *, keep: int = KEEP_PER_SHEET) -> None:
        folder = self.folder / "proofs"
        write_atomic(folder / f"{game}-{key}.html", page)
        mine = sorted(folder.glob(f"{game}-" + "[0-9a-f]" * 8 + "*.html"), key=lambda path: path.stat().st_mtime_ns, reverse=True)
        for path in mine[keep:]:
            path.unlink(missing_ok=True)

    @contextmanager
    def lock(self, *, wait: bool = True, on_wait: Callable[[str], None] = lambda message: None) -> Iterator[None]:
        """Hold the project's build lock for the duration of a build.

        A second build waits for the first (saying so once through `on_wait`), or with wait=False
        fails at once with BuildLocked (exit 2). Waiting is the default because builds last seconds
        and `watch`, a test run and a manual build often overlap. The OS releases the lock when its
        process dies (workers close their copies), and a lock flock reports held is never taken over,
        whatever pid its file names: the file may still hold a killed build's text while a new build has
        just taken the lock, and a pid of another pid namespace looks dead from here. The file is
        emptied before the lock is let go.
        """
        try:
            import fcntl
        except ImportError:  # not POSIX: no lock, but every write is still atomic
            yield
            return
        links_inside_project(self.root, self.folder, display=CACHE_DIR)  # every write of a build is under this lock
        handle = self._acquire(fcntl, wait=wait, on_wait=on_wait)
        global _held_lock
        _held_lock = handle.fileno()
        try:
            sweep_temp_files(self.entries)
            yield
        finally:
            _held_lock = None
            try:
                handle.seek(0)
                handle.truncate()  # the next holder is never judged by our text
            finally:
                handle.close()

    def _acquire(self, fcntl, *, wait: bool, on_wait: Callable[[str], None]):
        """An open lock file this process holds the lock of (written with our pid and start time); only flock decides."""
        lock_path = self.folder / "lock"
        told = False
        while True:
            try:
                self.folder.mkdir(parents=True, exist_ok=True)
                handle = open(lock_path, "a+", encoding="utf-8")
            except OSError as exc:
                raise InputError(f"cannot create the build cache: {exc.strerror}", path=CACHE_DIR) from None
            try:
                fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError as exc:
                if exc.errno not in (errno.EAGAIN, errno.EACCES, errno.EWOULDBLOCK):
                    handle.close()
                    raise
                handle.seek(0)
                holder = handle.read().split()
                handle.close()
                message = f"another refsheets build is running in this project ({_holder_words(holder)})"
                if not wait:
                    raise BuildLocked(f"{message}; run the command again when it has finished", path=f"{CACHE_DIR}/lock") from None
                if not told:
                    on_wait(f"{message}; waiting for it to finish")
                    told = True
                time.sleep(LOCK_POLL_SECONDS)
                continue
            if _same_file(handle, lock_path):
                handle.seek(0)
                handle.truncate()
                handle.write(f"{os.getpid()} {_start_time(os.getpid())}\n")
                handle.flush()
                return handle
            handle.close()  # locked a file another build had just replaced: lock the new one


# The lock file's descriptor while this process holds the lock: a forked worker closes its copy (workers.py).
_held_lock: int | None = None
# How often a waiting build looks at the lock again (and at whether its holder is still alive).
LOCK_POLL_SECONDS = 0.2


def forget_inherited_lock() -> None:
    """In a forked worker: close the inherited descriptor of the parent's lock, so that only the parent
    holds it (flock is released when every descriptor of the open file is closed)."""
    global _held_lock
    if _held_lock is not None:
        # /dev/null put in its place (not a bare close), so the number is not reused while the inherited
        # file object that still names it lives on in this process.
        try:
            null = os.open(os.devnull, os.O_RDWR)
            os.dup2(null, _held_lock)
            os.close(null)
        except OSError:
            pass
        _held_lock = None


def _start_time(pid: int) -> str:
    """When process `pid` started (clock ticks since boot, from /proc), to tell it from a later one with its pid."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii", errors="replace") as stat:
            return stat.read().rsplit(")", 1)[1].split()[19]
    except (OSError, IndexError):
        return "?"


def _alive(holder: list[str]) -> bool:
    """Is the build that wrote `holder` ("pid start-time") still running?"""
    try:
        pid = int(holder[0])
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (ValueError, PermissionError, OSError):
        return True  # cannot tell (or another user's process): assume it is
    started = holder[1] if len(holder) > 1 else "?"
    return started == "?" or _start_time(pid) in ("?", started)


def _same_file(handle, path: Path) -> bool:
    try:
        return os.fstat(handle.fileno()).st_ino == path.stat().st_ino
    except OSError:
        return False


def _holder_words(holder: list[str]) -> str:
    """Who holds the lock, as far as its file tells (the text may be a killed build's, not yet overwritten)."""
    if not holder:
        return "pid unknown"
    if _alive(holder):
        return f"pid {holder[0]}"
    return f"or a process left by one: pid {holder[0]}, which took the lock, is gone; end what it started if this lasts"


def sweep_temp_files(folder: Path) -> None:
    """Remove write_atomic leftovers of a build that was killed mid-write (only call under the lock)."""
    if not folder.is_dir():
        return
    for path in folder.glob(".*.tmp"):
        path.unlink(missing_ok=True)
