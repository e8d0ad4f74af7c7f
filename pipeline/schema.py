"""Reading YAML data into typed values: each key checked where it is written, every problem of the files collected.

A `Fields` wraps one mapping of a file. Each accessor checks one key (type, range, allowed values) and
returns its value, or the default when the key is absent; a bad value is recorded in the shared
`Problems` at the key's own file and line, and reading goes on, so one run lists everything wrong.
`finish()` names the keys nobody asked for, with a did-you-mean. Messages use YAML words (true, null,
.nan), because the person reading them is editing YAML.
"""
from __future__ import annotations

import difflib
import math
import re
from typing import Any, Callable, Iterable, Iterator

from pipeline.errors import ConfigError, Problem
from pipeline.yamlio import LineDict, LineList

REQUIRED: Any = object()  # accessor default meaning "the key must be given"


class Problems:
    """Problems found while reading files together, raised at once as one ConfigError."""

    def __init__(self) -> None:
        self.items: list[Problem] = []
        self.found = 0  # every add, repeats included: `len(problems) > before` tells whether a reading found any

    def add(self, message: str, *, path: str | None, line: int | None) -> None:
        self.found += 1
        problem = Problem(path, line, message)
        if problem not in self.items:  # a template read for two papers says the same thing twice
            self.items.append(problem)

    def __len__(self) -> int:
        return self.found

    def raise_if_any(self) -> None:
        """One ConfigError with every problem: files in the order met, each file's problems by line."""
        if self.items:
            files = list(dict.fromkeys(problem.path for problem in self.items))
            ordered = sorted(self.items, key=lambda problem: (files.index(problem.path), problem.line or 0))
            raise ConfigError(problems=tuple(ordered))


def shown(value: Any) -> str:
    """A value as the YAML that would give it: 'text', 3, .nan, true, null, [7, 9]."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    if isinstance(value, float) and not math.isfinite(value):
        return ".nan" if math.isnan(value) else (".inf" if value > 0 else "-.inf")
    if isinstance(value, float) and value.is_integer():
        return f"{value:g}"
    if isinstance(value, list):
        return "[" + ", ".join(shown(item) for item in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{key}: {shown(item)}" for key, item in value.items()) + "}"
    return repr(value)


TYPE_WORDS = {bool: "true/false", int: "a number", float: "a number", str: "text", list: "a list", dict: "a mapping"}


def kind_of(value: Any) -> str:
    if value is None:
        return "null"
    return next((word for kind, word in TYPE_WORDS.items() if isinstance(value, kind)), type(value).__name__)


def did_you_mean(wanted: Any, allowed: Iterable[str]) -> str:
    """' (did you mean 'columns'?)' when a close name exists, else ' (allowed: a, b, c)'."""
    allowed = sorted(allowed)
    by_fold = {name.casefold(): name for name in allowed}  # 'A4' is a slip of the shift key for 'a4'
    close = difflib.get_close_matches(str(wanted).casefold(), list(by_fold), n=1, cutoff=0.6)
    return f" (did you mean {by_fold[close[0]]!r}?)" if close else f" (allowed: {', '.join(allowed)})"


def is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


class Fields:
    """One YAML mapping being read; accessors return typed values and record problems at each key's line."""

    def __init__(self, data: Any, *, where: str, problems: Problems, path: str | None = None, line: int | None = None) -> None:
        self.where = where
        self.problems = problems
        self.path = getattr(data, "source", None) or path
        self.line = line or getattr(data, "line", None)  # where the mapping is named ("recipe:"), else where it starts
        if data is not None and not isinstance(data, dict):
            self.fail_here(f"expected a mapping (key: value lines), got {kind_of(data)} {shown(data)}")
            data = None
        self.data: dict = data if data is not None else {}
        self.known: set[str] = set()

    # -- where things are

    def label(self, key: str) -> str:
        return f"{self.where}.{key}" if self.where else str(key)

    def origin(self, key: str) -> tuple[str | None, int | None]:
        if isinstance(self.data, LineDict) and key in self.data:
            path, line = self.data.origin(key)
            return path or self.path, line
        return self.path, self.line

    def fail(self, key: str, message: str) -> None:
        path, line = self.origin(key)
        self.problems.add(f"{self.label(key)}: {message}", path=path, line=line)

    def refused(self, key: str, message: str, default: Any) -> Any:
        """Say what is wrong with `key`; what it then reads as: its default, None for a required one."""
        self.fail(key, message)
        return default if default is not REQUIRED else None

    def fail_here(self, message: str) -> None:
        self.problems.add(f"{self.where}: {message}" if self.where else message, path=self.path, line=self.line)

    def has(self, key: str) -> bool:
        self.known.add(key)
        return key in self.data

    def raw(self, key: str, default: Any = None) -> Any:
        self.known.add(key)
        return self.data.get(key, default)

    def _given(self, key: str, default: Any, *, nullable: bool = False) -> tuple[bool, Any]:
        """(True, value) when the key holds a value to check; (False, default) when it is absent."""
        self.known.add(key)
        value = self.data.get(key)
        if key in self.data and (value is not None or nullable):
            return True, value
        if default is REQUIRED and key in self.data:
            self.fail(key, "has no value")
            return False, None
        if default is REQUIRED:
            self.fail_here(f"missing {key!r}")
            return False, None
        return False, default

    # -- scalars

    def text(self, key: str, default: Any = REQUIRED, *, empty: bool = False) -> Any:
        given, value = self._given(key, default)
        if not given:
            return value
        if not isinstance(value, str):
            return self.refused(key, f"must be text, got {kind_of(value)} {shown(value)} (put it in quotes)", default)
        if not empty and not value.strip():
            return self.refused(key, "must not be empty", default)
        return value

    def flag(self, key: str, default: Any = REQUIRED) -> Any:
        given, value = self._given(key, default)
        if given and not isinstance(value, bool):
            return self.refused(key, f"must be true or false, got {shown(value)}", default)
        return value

    def number(self, key: str, default: Any = REQUIRED, *, low: float, high: float, whole: bool = False, unit: str = "",
               nullable: bool = False) -> Any:
        given, value = self._given(key, default, nullable=nullable)
        if not given or value is None:
            return value
        problem = number_problem(value, low=low, high=high, whole=whole, unit=unit)
        if problem:
            return self.refused(key, problem, default)
        return int(value) if whole else float(value)

    def number_range(self, key: str, default: Any = REQUIRED, *, low: float, high: float, whole: bool = False,
                     unit: str = "") -> Any:
        """`8` or `[7, 9]` -> (low, high) within low..high."""
        given, value = self._given(key, default)
        if not given:
            return value
        values = value if isinstance(value, list) else [value]
        if len(values) not in (1, 2):
            return self.refused(key, f"must be a number or [min, max], got {shown(value)}", default)
        for item in values:
            problem = number_problem(item, low=low, high=high, whole=whole, unit=unit)
            if problem:
                return self.refused(key, problem if len(values) == 1 else f"{problem} in {shown(value)}", default)
        cast = int if whole else float
        first, last = cast(values[0]), cast(values[-1])
        if first > last:
            return self.refused(key, f"must be [min, max] with min <= max, got {shown(value)}", default)
        return first, last

    def choice(self, key: str, allowed: Iterable[str], default: Any = REQUIRED) -> Any:
        given, value = self._given(key, default)
        allowed = tuple(allowed)
        if given and value not in allowed:
            return self.refused(key, f"unknown value {shown(value)}{did_you_mean(value, allowed)}", default)
        return value

    def colour(self, key: str, default: Any = REQUIRED) -> Any:
        given, value = self._given(key, default)
        if given and not (isinstance(value, str) and HEX_COLOUR.match(value)):
            return self.refused(key, f"{shown(value)} is not a colour: write it as #rrggbb, e.g. #1d3557", default)
        return value

    # -- lists and mappings

    def texts(self, key: str, default: Any = (), *, allowed: Iterable[str] | None = None, single: bool = False,
              check: Callable[[str], str | None] | None = None) -> Any:
        """A list of non-empty texts (a lone text too when `single`); `allowed` limits the values,
        `check(text)` returns a problem for a text or None."""
        given, value = self._given(key, default)
        if not given:
            return value
        if single and isinstance(value, str):
            value = [value]
        if not isinstance(value, list):
            self.fail(key, f"must be a list of texts, got {kind_of(value)} {shown(value)}")
            return default if default is not REQUIRED else ()
        out: list[str] = []
        lines = value.item_lines if isinstance(value, LineList) else []
        for index, item in enumerate(value):
            line = lines[index] if index < len(lines) else self.origin(key)[1]
            where = f"{self.label(key)}[{index}]"
            problem: str | None
            if not isinstance(item, str) or not item.strip():
                problem = f"must be non-empty text, got {shown(item)}"
            elif allowed is not None and item not in allowed:
                problem = f"unknown value {item!r}{did_you_mean(item, allowed)}"
            else:
                problem = check(item) if check else None
            if problem:
                self.problems.add(f"{where}: {problem}", path=self.origin(key)[0], line=line)
            else:
                out.append(item)
        return tuple(out)

    def text_lines(self, key: str) -> list[tuple[str, str, int]]:
        """(key, text, line) of each text under `key` (a list's items, or a lone text): where a hint that does nothing is."""
        written = list(self.entries(key)) or [(0, self.raw(key), self.origin(key)[1])]
        return [(key, item, line) for _, item, line in written if isinstance(item, str) and line]

    def entries(self, key: str) -> Iterator[tuple[int, Any, int | None]]:
        """(index, item, line) of each item of the list under `key` (nothing when it is not a list)."""
        value = self.raw(key)
        if not isinstance(value, list):
            return
        for index, item in enumerate(value):
            line = getattr(item, "line", None) or (value.line_of_item(index) if isinstance(value, LineList) else None)
            yield index, item, line or self.origin(key)[1]

    def items(self, key: str, *, required: bool = False) -> Iterator[tuple[int, "Fields"]]:
        """Each mapping of the list under `key`, as Fields named `key[i]`; an item that is not a mapping is a problem, not read."""
        given, value = self._given(key, REQUIRED if required else None)
        if not given:
            return
        if not isinstance(value, list):
            self.fail(key, f"must be a list, got {kind_of(value)} {shown(value)}")
            return
        for index, item, line in self.entries(key):
            entry = Fields(item, where=f"{self.label(key)}[{index}]", problems=self.problems, path=self.origin(key)[0], line=line)
            if isinstance(item, dict):
                yield index, entry

    def mapping(self, key: str, *, required: bool = False) -> "Fields":
        """The mapping under `key` (empty when absent); a value that is not a mapping is a problem."""
        given, value = self._given(key, REQUIRED if required else None)
        path, line = self.origin(key)
        return Fields(value if given else None, where=self.label(key), problems=self.problems, path=path, line=line)

    def keys(self) -> list[str]:
        return [key for key in self.data if isinstance(key, str)]

    def finish(self, *, also: Iterable[str] = ()) -> None:
        """Every key no accessor asked for is a problem at its own line, with the closest known key."""
        allowed = self.known | set(also)
        prefix = f"{self.where}: " if self.where else ""
        for key in self.data:
            if key not in allowed:
                path, line = self.origin(key)
                self.problems.add(f"{prefix}unknown field {key!r}{did_you_mean(key, allowed)}", path=path, line=line)


HEX_COLOUR = re.compile(r"^#[0-9a-fA-F]{6}$")


def number_problem(value: Any, *, low: float, high: float, whole: bool = False, unit: str = "") -> str | None:
    """Why `value` is not a finite number within low..high (a whole one when `whole`), or None."""
    span = f"{low:g} to {high:g}{' ' + unit if unit else ''}"
    wanted = f"{'a whole number' if whole else 'a number'} from {span}"
    if not is_number(value):
        return f"must be {wanted}, got {kind_of(value)} {shown(value)}"
    if not math.isfinite(value) or (whole and not float(value).is_integer()) or not low <= value <= high:
        return f"must be {wanted}, got {shown(value)}"
    return None


def regex_problem(pattern: str, *, flags: int = 0) -> str | None:
    try:
        re.compile(pattern, flags)
    except re.error as exc:
        return f"not a valid regular expression ({exc})"
    return None


# -- the older helpers, still used by the glossary and corrections loaders -------------------------------


def require_mapping(value: Any, *, display: str, where: str, line: int | None = None, hint: str = "") -> dict:
    """`value`, or a ConfigError at its line saying what it is instead ('got a list'), and `hint`: how to write it."""
    if not isinstance(value, dict):
        line = getattr(value, "line", None) or line
        raise ConfigError(f"{where}: expected a mapping, got {kind_of(value)}{hint}", path=display, line=line)
    return value


def check_fields(
    entry: dict,
    *,
    display: str,
    where: str,
    required: Iterable[str] = (),
    optional: Iterable[str] = (),
    types: dict[str, type | tuple[type, ...]] | None = None,
) -> None:
    """Unknown, missing or wrongly typed fields -> one ConfigError listing each at its own line."""
    required = tuple(required)
    allowed = set(required) | set(optional)
    problems = Problems()

    def at(key: str) -> int | None:
        return entry.origin(key)[1] if isinstance(entry, LineDict) else getattr(entry, "line", None)

    for key in entry:
        if key not in allowed:
            problems.add(f"{where}: unknown field {key!r}{did_you_mean(key, allowed)}", path=display, line=at(key))
    for name in required:
        if name not in entry or entry[name] in (None, ""):
            problems.add(f"{where}: missing {name!r}", path=display, line=getattr(entry, "line", None))
    for name, expected in (types or {}).items():
        if name in entry and entry[name] is not None and not isinstance(entry[name], expected):
            wanted = " or ".join(TYPE_WORDS.get(kind, kind.__name__) for kind in (expected if isinstance(expected, tuple) else (expected,)))
            problems.add(f"{where}: {name!r} must be {wanted}, got {kind_of(entry[name])}", path=display, line=at(name))
    problems.raise_if_any()


def written_at(lines: tuple[tuple[str, str, int], ...], display: str, key: str, text: str) -> str:
    """'display:LINE' where `key` gives `text` (Fields.text_lines), or `display` when the line is unknown."""
    line = next((number for name, given, number in lines if name == key and given == text), None)
    return f"{display}:{line}" if line else display
