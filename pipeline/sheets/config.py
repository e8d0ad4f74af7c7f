"""A game's `sheets:` entry -> SheetConfig: its template resolved for every paper, its kind and its recipe, all checked
before any stage runs.

A template says which kind of sheet it makes (`options.kind`) and gives that kind's defaults
(`options.recipe`, card panel options); the game's recipe is read on top of them. Template chains are
read once per `Templates` and shared by every sheet and game that uses them.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from pipeline.errors import ConfigError, Problem
from pipeline.model import SheetSpec
from pipeline.schema import Fields, Problems
from pipeline.tag.kinds import TermKinds, read_term_kinds
from pipeline.sheets.cards.recipe import CardRecipe
from pipeline.sheets.kinds import SHEET_KINDS, sheet_kind
from pipeline.sheets.layout import PAPER_SIZES, Layout, Template, for_paper, read_layout, read_template
from pipeline.sheets.quickref.recipe import Recipe


@dataclass(frozen=True)
class SheetConfig:
    """One sheet of a game, validated: its kind, and its layout and recipe for each paper."""

    name: str
    template: str
    kind: str  # one of sheets.kinds.SHEET_KINDS
    layouts: dict[str, Layout]  # paper -> Layout
    recipes: dict[str, Recipe | CardRecipe]  # paper -> recipe (a page budget may differ per paper)

    @property
    def spec(self) -> SheetSpec:
        return SheetSpec(name=self.name, template=self.template)


@dataclass(frozen=True)
class TemplateSheet:
    """A template resolved for one paper: its layout, the kind of sheet it makes and that kind's default recipe,
    with the project's term kinds (glossaries/common.yaml) that recipes may name."""

    layout: Layout
    kind: str
    base: Recipe | CardRecipe
    term_kinds: TermKinds = TermKinds()


class Templates:
    """The templates of a project, each chain read once and resolved once per paper, shared by every game.

    A template's problems are kept with it and added to the problems of every game that uses it. The term kinds
    recipes may name are read from the project's glossaries/common.yaml (`glossaries`: default, beside templates/).
    """

    def __init__(self, templates_dir: Path, glossaries: Path | None = None) -> None:
        self.dir = templates_dir
        self.glossaries = glossaries if glossaries is not None else templates_dir.parent / "glossaries"
        self._resolved: dict[tuple[str, str], tuple[TemplateSheet | None, tuple[Problem, ...]]] = {}
        self._chains: dict[str, tuple[Template | None, Problems]] = {}

    def sheet(self, name: str, paper: str, problems: Problems) -> TemplateSheet | None:
        if (name, paper) not in self._resolved:
            own = Problems()
            template = self._chain(name, own)
            resolved = self._resolve(template, paper, own) if template is not None else None
            self._resolved[(name, paper)] = (resolved, tuple(own.items))
        resolved, found = self._resolved[(name, paper)]
        for problem in found:
            problems.add(problem.message, path=problem.path, line=problem.line)
        return resolved

    def makes_a_sheet(self, name: str) -> bool:
        """Whether the template (a readable chain) says which kind of sheet it makes; a base template does not."""
        template = self._chain(name, Problems())
        options = template.data.get("options") if template is not None else None
        return template is None or (isinstance(options, dict) and "kind" in options)

    def _chain(self, name: str, problems: Problems) -> Template | None:
        if name not in self._chains and not self.dir.is_dir():
            own = Problems()
            own.add(
                f"this project has no {self.dir.name}/ folder (the sheet templates): copy templates/ from the refsheets"
                " checkout into it (glossaries/common.yaml too), then adapt them",
                path=f"{self.dir.name}/",
                line=None,
            )
            self._chains[name] = (None, own)
        if name not in self._chains:
            own = Problems()
            try:
                template = read_template(self.dir, name, own)
            except ConfigError as exc:  # a template that is not even YAML: say so beside the other problems
                for problem in exc.problems:
                    own.add(problem.message, path=problem.path, line=problem.line)
                template = None
            self._chains[name] = (template, own)
        template, own = self._chains[name]
        for problem in own.items:
            problems.add(problem.message, path=problem.path, line=problem.line)
        return template

    def _resolve(self, template: Template, paper: str, problems: Problems) -> TemplateSheet | None:
        before = len(problems)
        layout = read_layout(template, paper=paper, templates_dir=self.dir, problems=problems)
        root = Fields(template.data, where="", problems=problems, path=f"templates/{template.name}.yaml", line=1)
        options = for_paper(root.mapping("options", required=True), paper)
        kind = options.choice("kind", SHEET_KINDS)
        if not options.has("recipe"):
            options.fail_here(f"missing 'recipe': a {kind or 'sheet'} template gives the default of every recipe key")
        if layout is None or kind is None or len(problems) > before:
            return None
        base = sheet_kind(kind).read_defaults(options, layout, paper)
        if len(problems) > before or base is None:
            return None
        try:
            term_kinds = read_term_kinds(self.glossaries)
        except ConfigError as exc:  # said beside the template's own problems, at common.yaml's lines
            for problem in exc.problems:
                problems.add(problem.message, path=problem.path, line=problem.line)
            return None
        return TemplateSheet(layout=layout, kind=kind, base=base, term_kinds=term_kinds)


def read_sheet(entry: Fields, *, name: str, template: str, templates: Templates) -> SheetConfig | None:
    """A game's sheet (name and template already checked) -> SheetConfig, its recipe read for every paper."""
    before = len(entry.problems)
    if not templates.makes_a_sheet(template):
        entry.fail("template", f"template {template!r} makes no sheet (it sets no options.kind): use one that does, "
                               f"such as {', '.join(SHEET_KINDS)}, or one that extends them")
        entry.has("recipe")
        return None
    layouts: dict[str, Layout] = {}
    recipes: dict[str, Recipe | CardRecipe] = {}
    kind = ""
    for paper in PAPER_SIZES:
        resolved = templates.sheet(template, paper, entry.problems)
        if resolved is None:
            entry.has("recipe")
            return None
        kind, layouts[paper] = resolved.kind, resolved.layout
        recipe = _read_recipe(entry.mapping("recipe"), resolved, paper=paper, template=template)
        if recipe is not None:
            recipes[paper] = recipe
    if len(entry.problems) > before:
        return None
    return SheetConfig(name=name, template=template, kind=kind, layouts=layouts, recipes=recipes)


def _read_recipe(fields: Fields, resolved: TemplateSheet, *, paper: str, template: str) -> Recipe | CardRecipe | None:
    """A game's recipe on top of its template's, for one paper, and whether the page holds the columns it asks for."""
    recipe, problem, key = sheet_kind(resolved.kind).read_recipe(fields, resolved, paper)
    if problem is None:
        return recipe
    # More than the template's page holds: at the recipe's key when it sets it, else where the sheet asks for the recipe.
    message = f"{problem} (page from templates/{template}.yaml)"
    if key in fields.data:
        fields.fail(key, message)
    else:
        fields.fail_here(message)
    return None


def read_recipe_on(templates: Templates, template: str, data: object, *, paper: str = "a4", path: str = "game.yaml",
                   line: int | None = None, where: str = "recipe") -> Recipe | CardRecipe:
    """`data` read as a recipe on top of `template`'s defaults, as a game's sheet is; ConfigError lists every problem."""
    problems = Problems()
    resolved = templates.sheet(template, paper, problems)
    recipe = None
    if resolved is not None:
        fields = Fields(data, where=where, problems=problems, path=path, line=line)
        recipe = _read_recipe(fields, resolved, paper=paper, template=template)
    problems.raise_if_any()
    if recipe is None:  # every way to None records a problem, raised above
        raise ConfigError(f"{where}: no recipe was read", path=path, line=line)
    return recipe


def load_sheet(templates: Templates, *, name: str, template: str, recipe: object = None, path: str = "game.yaml") -> SheetConfig:
    """A sheet as a game.yaml would declare it (`recipe` its mapping), read and checked; ConfigError lists every problem."""
    problems = Problems()
    entry = Fields({"name": name, "template": template, "recipe": recipe}, where="sheets[0]", problems=problems, path=path)
    sheet = read_sheet(entry, name=name, template=template, templates=templates)
    problems.raise_if_any()
    if sheet is None:  # every way to None records a problem, raised above
        raise ConfigError(f"sheet {name!r} was not read", path=path)
    return sheet
