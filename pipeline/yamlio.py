"""Safe YAML loading that remembers line numbers, and small validators that name the bad entry."""
from __future__ import annotations

from pathlib import Path
from typing import Any, Iterable

import yaml

from pipeline.errors import ConfigError


class LineDict(dict):
    """A mapping read from YAML that knows the line it started on (for error messages)."""

    line: int | None = None


class _LineLoader(yaml.SafeLoader):
    """SafeLoader (no arbitrary tags) whose mappings carry their source line."""


# libyaml reads the same YAML several times faster; its error messages are worded differently, so a
# file it cannot read is read again by _LineLoader, whose (PyYAML's) words are the ones reported.
_FastLineLoader = type("_FastLineLoader", (yaml.CSafeLoader,), {}) if getattr(yaml, "__with_libyaml__", False) else None


def _construct_mapping(loader: _LineLoader, node: yaml.MappingNode) -> LineDict:
    # PyYAML keeps the last of two equal keys without a word; a hand-typed file that says `en:` twice
    # almost always holds a mistake, so name the second one.
    seen: set = set()
    for key_node, _ in node.value:
        if key_node.tag == "tag:yaml.org,2002:merge":
            continue  # `<<: *base` may legitimately be overridden by the keys that follow
        key = loader.construct_object(key_node, deep=True)
        if isinstance(key, (str, int, float, bool)) and key in seen:
            raise yaml.constructor.ConstructorError(
                "while reading a mapping", node.start_mark, f"duplicate key {key!r}", key_node.start_mark
            )
        if isinstance(key, (str, int, float, bool)):
            seen.add(key)
    mapping = LineDict(loader.construct_mapping(node, deep=True))
    mapping.line = node.start_mark.line + 1
    return mapping


for _loader in (_LineLoader, _FastLineLoader):
    if _loader is not None:
        _loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)


def load_yaml(path: Path, *, display: str | None = None) -> Any:
    """Parse a YAML file safely; any problem becomes a ConfigError naming the file and line."""
    shown = display or str(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ConfigError("file not found", path=shown) from None
    except UnicodeDecodeError as exc:
        raise ConfigError(f"not valid UTF-8 ({exc.reason})", path=shown) from None
    except OSError as exc:
        raise ConfigError(f"cannot read: {exc.strerror}", path=shown) from None
    return parse_yaml(text, display=shown)


def parse_yaml(text: str, *, display: str) -> Any:
    if _FastLineLoader is not None:
        try:
            return yaml.load(text, Loader=_FastLineLoader)  # noqa: S506 - a CSafeLoader
        except yaml.YAMLError:
            pass  # read again below, for PyYAML's account of what is wrong
    try:
        return yaml.load(text, Loader=_LineLoader)  # noqa: S506 - _LineLoader is a SafeLoader
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else None
        problem = exc.problem or str(exc)
        if "could not determine a constructor" in str(exc):
            problem = f"tag not allowed (only plain YAML is read): {problem}"
        raise ConfigError(f"YAML error: {problem}", path=display, line=line) from None
    except yaml.YAMLError as exc:
        raise ConfigError(f"YAML error: {exc}", path=display) from None


def line_of(value: Any) -> int | None:
    return getattr(value, "line", None)


def require_mapping(value: Any, *, display: str, where: str, line: int | None = None) -> dict:
    if not isinstance(value, dict):
        raise ConfigError(
            f"{where}: expected a mapping, got {type(value).__name__}",
            path=display,
            line=line_of(value) or line,
        )
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
    """Unknown, missing or wrongly typed fields -> ConfigError pointing at the entry."""
    required = tuple(required)
    allowed = set(required) | set(optional)
    line = line_of(entry)
    unknown = sorted(set(entry) - allowed)
    if unknown:
        raise ConfigError(
            f"{where}: unknown field {unknown[0]!r} (allowed: {', '.join(sorted(allowed))})",
            path=display,
            line=line,
        )
    for name in required:
        if name not in entry or entry[name] in (None, ""):
            raise ConfigError(f"{where}: missing {name!r}", path=display, line=line)
    for name, expected in (types or {}).items():
        if name in entry and entry[name] is not None and not isinstance(entry[name], expected):
            wanted = expected.__name__ if isinstance(expected, type) else " or ".join(t.__name__ for t in expected)
            raise ConfigError(
                f"{where}: {name!r} must be {wanted}, got {type(entry[name]).__name__}",
                path=display,
                line=line,
            )
