"""Safe YAML loading that remembers the file and line of every key and list item, with syntax errors in plain words.

Mappings load as LineDict and lists as LineList, so a checker can name the exact line of a bad value.
Aliases may not expand a document past a small multiple of its size (a "billion laughs" file), and a
key given twice is an error; both are reported with every other such problem of the file.
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import yaml
from yaml.nodes import MappingNode, Node, SequenceNode

from pipeline.errors import ConfigError, FileAccessError, Problem

# Aliases may repeat what a file says, but not blow it up: past this many values and this multiple of
# the values written, the document is refused before anything walks it.
ALIAS_FLOOR = 10_000
ALIAS_FACTOR = 10


class LineDict(dict):
    """A mapping read from YAML that knows its file, its first line and where each key was written."""

    line: int | None = None
    source: str | None = None

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.origins: dict[Any, tuple[str | None, int | None]] = {}

    def origin(self, key: Any) -> tuple[str | None, int | None]:
        """(file, line) where `key` was written; the mapping's own start when unknown."""
        return self.origins.get(key, (self.source, self.line))


class LineList(list):
    """A list read from YAML that knows its file, its first line and the line of each item."""

    line: int | None = None
    source: str | None = None

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.item_lines: list[int | None] = []

    def line_of_item(self, index: int) -> int | None:
        return self.item_lines[index] if index < len(self.item_lines) else self.line


class _LineLoader(yaml.SafeLoader):
    """SafeLoader (no arbitrary tags) whose mappings and lists carry their file and lines (`_load` sets `display`
    and `problems`)."""

    display: str | None = None
    problems: list[Problem]


_FastLineLoader: type[yaml.CSafeLoader] | None = None
if getattr(yaml, "__with_libyaml__", False):

    class _CLineLoader(yaml.CSafeLoader):
        """The same loader over libyaml, which reads YAML several times faster. Its error messages are worded
        differently, so a file it cannot read is read again by _LineLoader, whose account is the one reported."""

        display: str | None = None
        problems: list[Problem]

    _FastLineLoader = _CLineLoader


def _construct_mapping(loader: _LineLoader, node: MappingNode) -> LineDict:
    # PyYAML keeps the last of two equal keys without a word; a hand-typed file that says `en:` twice
    # almost always holds a mistake, so name the second one. Keys brought in by `<<: *base` may be
    # overridden by the mapping's own keys: that is what a merge is for.
    own = {id(key_node) for key_node, _ in node.value if key_node.tag != "tag:yaml.org,2002:merge"}
    loader.flatten_mapping(node)
    mapping = LineDict()
    mapping.line, mapping.source = node.start_mark.line + 1, loader.display
    written: dict = {}  # own key -> its line
    for key_node, value_node in node.value:
        line = key_node.start_mark.line + 1
        key = loader.construct_object(key_node, deep=True)
        if isinstance(key, (list, dict)):
            loader.problems.append(Problem(loader.display, line, "a key must be plain text, not a list or mapping"))
            continue
        if id(key_node) in own:
            if key in written:
                loader.problems.append(Problem(loader.display, line, f"duplicate key {key!r} (first on line {written[key]})"))
            written[key] = line
        mapping[key] = loader.construct_object(value_node, deep=True)
        mapping.origins[key] = (loader.display, line)
    return mapping


def _construct_sequence(loader: _LineLoader, node: SequenceNode) -> LineList:
    items = LineList(loader.construct_object(child, deep=True) for child in node.value)
    items.line, items.source = node.start_mark.line + 1, loader.display
    items.item_lines = [child.start_mark.line + 1 for child in node.value]
    return items


for _loader in (_LineLoader, _FastLineLoader):
    if _loader is not None:
        _loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)
        _loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_SEQUENCE_TAG, _construct_sequence)


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
        raise FileAccessError(f"cannot read: {exc.strerror}", path=shown) from None
    return parse_yaml(text, display=shown)


def parse_yaml(text: str, *, display: str) -> Any:
    if _FastLineLoader is not None:
        try:
            return _load(_FastLineLoader, text, display=display)
        except yaml.YAMLError:
            pass  # read again below, for PyYAML's account of what is wrong and where
    try:
        return _load(_LineLoader, text, display=display)
    except yaml.MarkedYAMLError as exc:
        runaway = _runaway_quote(text, exc)
        if runaway is not None:
            quote, opened, ended = runaway
            raise ConfigError(
                f"YAML error: the quote {quote} opened on this line is not closed on it: it runs on to line {ended}, where the"
                f" file stops making sense; end the text with {quote} on this line",
                path=display, line=opened,
            ) from None
        raise ConfigError(plain_yaml_error(exc, text), path=display, line=_error_line(exc)) from None
    except yaml.YAMLError as exc:
        raise ConfigError(f"YAML error: {exc}", path=display) from None
    except RecursionError:
        raise ConfigError("YAML error: nested too deeply to read", path=display) from None


def _load(loader_class: type, text: str, *, display: str) -> Any:
    """One document, its aliases checked before anything walks it; problems noted while building it are raised together."""
    loader = loader_class(text)
    loader.display, loader.problems = display, []
    try:
        node = loader.get_single_node()
        if node is None:
            return None
        _check_aliases(node, display=display)
        data = loader.construct_document(node)
    finally:
        loader.dispose()
    if loader.problems:
        raise ConfigError(problems=tuple(loader.problems))
    return data


def _check_aliases(root: Node, *, display: str) -> None:
    """Refuse documents whose aliases repeat so much that walking them would never end (or that refer to themselves)."""
    expanded: dict[int, int] = {}  # id(node) -> values under it once every alias is written out
    reused_line: int | None = None  # the first value an alias repeats: where the problem starts
    stack: list[tuple[Node, bool]] = [(root, False)]
    open_nodes: set[int] = set()
    while stack:
        node, children_done = stack.pop()
        key = id(node)
        if children_done:
            open_nodes.discard(key)
            expanded[key] = 1 + sum(expanded[id(child)] for child in _children(node))
            continue
        if key in open_nodes:
            message = "YAML error: an alias refers to the list or mapping that contains it"
            raise ConfigError(message, path=display, line=node.start_mark.line + 1)
        if key in expanded:
            reused_line = reused_line or node.start_mark.line + 1
            continue
        open_nodes.add(key)
        stack.append((node, True))
        stack.extend((child, False) for child in reversed(_children(node)))
    total, written = expanded[id(root)], len(expanded)
    if total > max(ALIAS_FLOOR, ALIAS_FACTOR * written):
        raise ConfigError(
            f"YAML error: aliases (*name) expand {written:,} written values to {total:,}; refused as a 'billion laughs' "
            "document: write the values out instead of nesting aliases",
            path=display,
            line=reused_line,
        )


def _children(node: Node) -> list[Node]:
    if isinstance(node, SequenceNode):
        return list(node.value)
    if isinstance(node, MappingNode):
        return [part for pair in node.value for part in pair]
    return []


# Problems PyYAML notices far below where they start: an unclosed quote or bracket, a line without ':'.
_STARTS_EARLIER = ("while scanning a quoted scalar", "while scanning a double-quoted", "while scanning a single-quoted",
                   "while parsing a flow", "while scanning a simple key")


def _runaway_quote(text: str, exc: yaml.MarkedYAMLError) -> tuple[str, int, int] | None:
    """(quote, line it opened on, line it closed on) of a quoted value that ran over several lines and ended on
    the line of the error (an unclosed quote swallows the lines below it up to the next quote mark), else None."""
    if exc.problem_mark is None:
        return None
    last = None
    try:
        for token in yaml.scan(text):
            if token.start_mark.line > exc.problem_mark.line:
                break
            if isinstance(token, yaml.ScalarToken) and token.style in ('"', "'") and token.end_mark.line > token.start_mark.line:
                last = token
    except yaml.YAMLError:
        pass  # the scan stops at the error too: what it saw before is enough
    if last is None or last.end_mark.line != exc.problem_mark.line:
        return None
    return last.style, last.start_mark.line + 1, last.end_mark.line + 1


def _error_line(exc: yaml.MarkedYAMLError) -> int | None:
    """The line where the problem starts: an unclosed quote or bracket is reported where it opened."""
    mark: yaml.Mark | None
    if exc.context_mark is not None and (exc.context or "").startswith(_STARTS_EARLIER):
        mark = exc.context_mark
    else:
        mark = exc.problem_mark or exc.context_mark
    return mark.line + 1 if mark else None


def plain_yaml_error(exc: yaml.MarkedYAMLError, text: str) -> str:
    """PyYAML's message in words a person editing the file can act on."""
    context, problem = exc.context or "", exc.problem or str(exc)
    opened = ""
    if exc.context_mark is not None:
        lines = text.split("\n")
        row = lines[exc.context_mark.line] if exc.context_mark.line < len(lines) else ""
        opened = row[exc.context_mark.column : exc.context_mark.column + 1]
    if "quoted scalar" in context and "end of stream" in problem:
        return f"YAML error: the quote {opened or '“'} opened on this line is never closed; end the text with {opened or 'the same quote'}"
    if "unknown escape character" in problem:
        char = re.search(r"'(.)'", problem)
        escape = f"\\{char.group(1)}" if char else "this backslash"
        return f"YAML error: {escape} is not an escape inside double quotes; write \\\\ for a backslash, or use single quotes"
    if context.startswith("while parsing a flow sequence") or context.startswith("while parsing a flow mapping"):
        pair = ("[", "]") if "sequence" in context else ("{", "}")
        return f"YAML error: the {pair[0]} opened on this line is not closed with {pair[1]} (or a comma is missing between its items)"
    if "could not find expected ':'" in problem:
        return "YAML error: this line is not 'key: value' (a ':' is missing, or the text should continue the line above)"
    if "mapping values are not allowed" in problem:
        return "YAML error: unexpected ': ' here; put a value that contains ': ' in quotes, or check the line above for a missing ':'"
    if "cannot start any token" in problem:
        char = re.search(r"character '(.+?)'", problem)
        if char and char.group(1) == "\\t":
            return "YAML error: a tab character; indent YAML with spaces"
        return f"YAML error: a value cannot start with {char.group(1) if char else 'this character'}; put it in quotes"
    if "expected <block end>" in problem:
        if "'-'" in problem:
            return "YAML error: a list item ('- ') where a 'key: value' was expected; check the indentation"
        return ("YAML error: this line does not fit the lines above; check its indentation, and quote values that contain ': ' "
                "or start with a quote")
    if "undefined alias" in problem:
        return f"YAML error: {problem.replace('found undefined alias', 'alias')} refers to no anchor (&name) defined above it"
    if context.startswith("found duplicate anchor"):
        anchor = context.split(";")[0].replace("found duplicate", "the")
        return f"YAML error: {anchor} is defined twice (first on line {exc.context_mark.line + 1 if exc.context_mark else '?'})"
    if "expected a single document" in context:
        return "YAML error: a second document ('---') in the file; a file holds one document"
    if "could not determine a constructor" in problem:
        return f"YAML error: tag not allowed (only plain YAML is read): {problem}"
    return f"YAML error: {problem}"


def line_of(value: Any) -> int | None:
    return getattr(value, "line", None)


def merge(base: dict, overlay: dict) -> LineDict:
    """`overlay` on top of `base`, mappings merged key by key (templates, per-paper overrides).

    Every key keeps the file and line it came from, so a value inherited from a base template is
    reported in the base template's file.
    """
    merged = LineDict(base)
    merged.origins = dict(getattr(base, "origins", {}))
    merged.line = getattr(overlay, "line", None) or getattr(base, "line", None)
    merged.source = getattr(overlay, "source", None) or getattr(base, "source", None)
    for key, value in overlay.items():
        if isinstance(value, dict) and isinstance(merged.get(key), dict):
            merged[key] = merge(merged[key], value)
        else:
            merged[key] = value
        if isinstance(overlay, LineDict):
            merged.origins[key] = overlay.origin(key)
    return merged


def without(mapping: dict, *keys: str) -> LineDict:
    """A copy of `mapping` without `keys`, every other key keeping the file and line it came from."""
    kept = LineDict({key: value for key, value in mapping.items() if key not in keys})
    kept.origins = {key: origin for key, origin in getattr(mapping, "origins", {}).items() if key not in keys}
    kept.line, kept.source = getattr(mapping, "line", None), getattr(mapping, "source", None)
    return kept
