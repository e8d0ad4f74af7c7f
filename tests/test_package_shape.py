"""The package's shape, read from its source: no import cycle, short modules and functions, a contract atop each module."""
from __future__ import annotations

import ast
import re
from functools import lru_cache
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "pipeline"
MODULE_LINES = 400
FUNCTION_LINES = 60
# A module or function may be longer when it says why: `# long: <reason>` on a line of its def (its signature),
# or, for a module, on a line of its own right after the docstring.
LONG = re.compile(r"#\s*long:\s*\S")


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


@lru_cache(maxsize=1)
def modules() -> dict[str, tuple[Path, ast.Module, list[str]]]:
    """name -> (path, syntax tree, source lines) of every module of the package."""
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        found[module_name(path)] = (path, ast.parse(source, filename=str(path)), source.splitlines())
    return found


def _type_checking_only(tree: ast.Module) -> set[int]:
    """ids of the import nodes under `if TYPE_CHECKING:` (never run, so they cannot make a cycle)."""
    skipped = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            skipped |= {id(child) for statement in node.body for child in ast.walk(statement)}
    return skipped


def imported_modules(name: str, tree: ast.Module, known: set[str], *, is_package: bool) -> set[str]:
    """The modules of `known` that module `name` (a package's __init__ if `is_package`) imports anywhere:
    at module level, in functions, in methods."""
    skipped = _type_checking_only(tree)
    targets: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name in known:
                    targets.add(alias.name)
        elif isinstance(node, ast.ImportFrom):
            if node.level:  # relative: from the module's own package upwards
                base = name.split(".") if is_package else name.split(".")[:-1]
                base = base[: len(base) - (node.level - 1)]
                source = ".".join(base + ([node.module] if node.module else []))
            else:
                source = node.module or ""
            for alias in node.names:
                # `from pipeline.build import plan` imports the module pipeline.build.plan; `from pipeline.build
                # import build` imports a name of pipeline.build (its __init__).
                if f"{source}.{alias.name}" in known:
                    targets.add(f"{source}.{alias.name}")
                elif source in known:
                    targets.add(source)
    targets.discard(name)
    return targets


def import_graph() -> dict[str, set[str]]:
    known = set(modules())
    return {name: imported_modules(name, tree, known, is_package=path.name == "__init__.py") for name, (path, tree, _) in modules().items()}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected groups of more than one module (Tarjan), each as a sorted list."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(graph.get(node, ())):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def path_between(graph: dict[str, set[str]], group: list[str]) -> list[str]:
    """One import loop through the group, to show in the message: a -> b -> ... -> a."""
    start = group[0]
    members = set(group)
    trail = [start]
    seen = {start}
    while True:
        step = sorted(target for target in graph[trail[-1]] if target in members)
        if start in step and len(trail) > 1:
            return trail + [start]
        ahead = [target for target in step if target not in seen] or step
        trail.append(ahead[0])
        if ahead[0] in seen:
            return trail
        seen.add(ahead[0])


# --- the checks ---------------------------------------------------------------------------------------


def test_the_package_has_no_import_cycle() -> None:
    graph = import_graph()
    assert graph["pipeline.cli"], "the import walk found nothing: has the package moved?"
    loops = [" -> ".join(path_between(graph, group)) for group in cycles(graph)]
    assert not loops, "import cycles (module- or function-level imports):\n  " + "\n  ".join(loops)


def test_the_import_walk_sees_function_level_and_relative_imports() -> None:
    tree = ast.parse(
        "from . import sibling\n"
        "from .. import model\n"
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n"
        "    from pipeline.split import split\n"
        "def later():\n"
        "    from pipeline.build import plan, build\n"
        "    import pipeline.text\n"
    )
    known = {"pipeline.model", "pipeline.text", "pipeline.split", "pipeline.build", "pipeline.build.plan", "pipeline.sheets.sibling"}
    found = imported_modules("pipeline.sheets.x", tree, known, is_package=False)
    assert found == {"pipeline.sheets.sibling", "pipeline.model", "pipeline.build", "pipeline.build.plan", "pipeline.text"}
    from_init = imported_modules("pipeline.sheets", ast.parse("from .x import y\n"), {"pipeline.sheets.x"}, is_package=True)
    assert from_init == {"pipeline.sheets.x"}
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert path_between({"a": {"b"}, "b": {"c"}, "c": {"a"}}, ["a", "b", "c"]) == ["a", "b", "c", "a"]


def test_no_module_imports_a_private_name_of_another_stage() -> None:
    """`from pipeline.clean.stories import _x` is for pipeline.clean's own modules; other stages use what it exposes."""
    found = []
    for name, (path, tree, _) in modules().items():
        stage = name.split(".")[:2]
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and not node.level and (node.module or "").startswith("pipeline."):
                private = [alias.name for alias in node.names if alias.name.startswith("_") and not alias.name.startswith("__")]
                if private and node.module.split(".")[:2] != stage:
                    found.append(f"{path.relative_to(PACKAGE.parent)}:{node.lineno}: {', '.join(private)} from {node.module}")
    assert not found, "private names imported across stages:\n  " + "\n  ".join(found)


def _marked(lines: list[str], first: int, last: int) -> bool:
    return any(LONG.search(line) for line in lines[first - 1 : last])


def test_no_module_is_over_400_lines_without_a_reason() -> None:
    too_long = []
    for path, tree, lines in modules().values():
        if len(lines) <= MODULE_LINES:
            continue
        after_docstring = tree.body[0].end_lineno if tree.body and isinstance(tree.body[0], ast.Expr) else 0
        if not _marked(lines, after_docstring + 1, after_docstring + 3):
            too_long.append(f"{path.relative_to(PACKAGE.parent)}: {len(lines)} lines")
    assert not too_long, f"modules over {MODULE_LINES} lines (split them, or say why on a '# long: ...' line after the docstring):\n  " + (
        "\n  ".join(too_long)
    )


def test_no_function_is_over_60_lines_without_a_reason() -> None:
    too_long = []
    for path, tree, lines in modules().values():
        for node in ast.walk(tree):
            if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            length = node.end_lineno - node.lineno + 1
            signature_end = node.body[0].lineno - 1 if node.body[0].lineno > node.lineno else node.lineno
            if length > FUNCTION_LINES and not _marked(lines, node.lineno, signature_end):
                too_long.append(f"{path.relative_to(PACKAGE.parent)}:{node.lineno}: {node.name}() is {length} lines")
    assert not too_long, f"functions over {FUNCTION_LINES} lines (split them, or say why with '# long: ...' on the def line):\n  " + (
        "\n  ".join(too_long)
    )


def test_every_module_opens_with_a_one_line_contract() -> None:
    missing = []
    for path, tree, _ in modules().values():
        docstring = ast.get_docstring(tree, clean=False) or ""
        first_line = docstring.split("\n")[0]
        if len(first_line.split()) < 4:  # what goes in and what comes out, or what the module is for
            missing.append(f"{path.relative_to(PACKAGE.parent)}: first docstring line {first_line!r}")
    assert not missing, "modules without a one-line contract opening their docstring:\n  " + "\n  ".join(missing)


def test_no_long_mark_is_stale() -> None:
    """A `# long:` reason is kept only where it still excuses something: a module over 400 lines, a function over 60."""
    stale = []
    for path, tree, lines in modules().values():
        excused: set[int] = set()  # the lines of marks that excuse a module or a function
        if len(lines) > MODULE_LINES:
            after_docstring = tree.body[0].end_lineno if tree.body and isinstance(tree.body[0], ast.Expr) else 0
            excused.update(range(after_docstring + 1, after_docstring + 4))
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.end_lineno - node.lineno + 1 > FUNCTION_LINES:
                signature_end = node.body[0].lineno - 1 if node.body[0].lineno > node.lineno else node.lineno
                excused.update(range(node.lineno, signature_end + 1))
        marks = [number for number, line in enumerate(lines, 1) if LONG.search(line)]
        stale += [f"{path.relative_to(PACKAGE.parent)}:{number}" for number in marks if number not in excused]
    assert not stale, "'# long:' marks that excuse nothing (the module or function is short enough now):\n  " + "\n  ".join(stale)
