"""One exception family for everything a user can cause; each carries its exit code."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable


class RefsheetsError(Exception):
    """Base class: a message for a person, and the process exit code it maps to."""

    exit_code = 1

    def __init__(self, message: str, *, path: str | None = None, line: int | None = None) -> None:
        self.path = path
        self.line = line
        super().__init__(message)

    def __str__(self) -> str:
        message = super().__str__()
        if self.path is None:
            return message
        where = self.path if self.line is None else f"{self.path}:{self.line}"
        return f"{where}: {message}"


class InputError(RefsheetsError):
    """Bad input: a missing or unreadable source, an unknown game, bad usage."""

    exit_code = 2


@dataclass(frozen=True)
class Problem:
    """One thing wrong in a file, at its line: what a person reads as `file:line: message`."""

    path: str | None
    line: int | None
    message: str

    def __str__(self) -> str:
        if self.path is None:
            return self.message
        return f"{self.path}:{self.line}: {self.message}" if self.line is not None else f"{self.path}: {self.message}"


class ConfigError(InputError):
    """A YAML file (game, glossary, template, corrections) that is malformed or invalid.

    Carries every problem found in the files read together (`problems`), one `file:line: message` a
    line in its text; `path` and `line` are the first problem's.
    """

    def __init__(
        self, message: str = "", *, path: str | None = None, line: int | None = None, problems: tuple[Problem, ...] = ()
    ) -> None:
        self.problems = tuple(problems) or (Problem(path, line, message),)
        first = self.problems[0]
        super().__init__(first.message, path=first.path, line=first.line)

    def __str__(self) -> str:
        return "\n".join(str(problem) for problem in self.problems)


class BuildError(RefsheetsError):
    """The input was fine but a sheet could not be made (e.g. it does not fit its page budget)."""

    exit_code = 1


class FileAccessError(BuildError):
    """The system refused a file the build needs (permissions, I/O, disk full): the build failed, though the
    input itself may be fine (exit 1)."""


def from_os_error(exc: OSError, *, display: Callable[[str], str] = str) -> FileAccessError:
    """An OSError as our error, naming the file as `display` shows it (project-relative)."""
    return FileAccessError(exc.strerror or str(exc), path=display(exc.filename) if exc.filename else None)
