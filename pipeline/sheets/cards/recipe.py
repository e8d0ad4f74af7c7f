"""Card sheet recipes: which cards a sheet prints, in which groups, and how (mode, columns, index), read and checked.

The template's `options.recipe` gives the defaults (label, index) and its `options.mode` and
`options.handout.columns` the layout; a game's `sheets[].recipe` overrides them. Groups select sections
by kind, title, parent title, id or glossary term kind; without groups, every `card` section is a card,
grouped by its parent (select.py).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from pipeline.model import BLOCK_KINDS, SECTION_KINDS
from pipeline.schema import Fields, did_you_mean, regex_problem
from pipeline.sheets.cards.geometry import MODES, CardOptions
from pipeline.sheets.quickref.recipe import CONDENSE_RULES

SELECTOR_FIELDS = ("kind", "title", "parent", "id", "title_term", "as")


@dataclass(frozen=True)
class CardSelector:
    """Which sections a group takes: every given test must hold (titles are matched folded, as regexes)."""

    kind: str = ""
    title: str = ""  # regex over the folded title
    parent: str = ""  # regex over the folded parent title
    id: str = ""
    title_term: str = ""  # the title is (mostly) a glossary term of this kind
    rename: str = ""  # `as:` the card's printed name instead of the section title


@dataclass(frozen=True)
class Group:
    label: str
    heading: str
    tone: str
    selectors: tuple[CardSelector, ...]
    merge_following: str = ""  # regex: sibling sections right after a card that belong to it (BÁSICA, AVANZADA)
    own_text: bool = True  # the card's own section text is printed (not only what is merged into it)
    named_blocks: bool = True  # a paragraph that is only a glossary name starts an entry of its own
    definitions: bool = False  # "Term: explanation" paragraphs become entries
    term_kinds: tuple[str, ...] = ()  # only glossary terms of these kinds name cards
    # Printed as one table (matrix.py), a row per card: the headings of its name and text columns; () = panels.
    table: tuple[str, ...] = ()


@dataclass(frozen=True)
class CardRecipe:
    """What a card sheet prints, and its panel options for one paper (mode and columns applied)."""

    label: str
    index: bool
    groups: tuple[Group, ...]  # empty: one group per parent of the `card` sections
    options: CardOptions
    # As a quickref recipe's: what of the cards' text is left out (worked examples, asides such as a
    # translator's doubts), sentences of theme that state no rule, block kinds never printed.
    condense: tuple[str, ...] = ()
    flavor_sentences: tuple[str, ...] = ()
    leave_out_blocks: tuple[str, ...] = ()


def read_card_defaults(fields: Fields, *, options: CardOptions) -> CardRecipe | None:
    """A cards template's `options.recipe` -> the recipe every card sheet of that template starts from."""
    before = len(fields.problems)
    label, index = fields.text("label"), fields.flag("index")
    condense = tuple(fields.texts("condense", allowed=CONDENSE_RULES) or ())
    fields.finish()
    return None if len(fields.problems) > before else CardRecipe(label=label, index=index, groups=(), options=options, condense=condense)


def read_card_recipe(fields: Fields, *, base: CardRecipe, term_kinds: tuple[str, ...]) -> CardRecipe | None:
    """A game's card recipe on top of its template's, its groups selecting by the project's `term_kinds`
    (glossaries/common.yaml); None when it has problems (recorded in `fields.problems`)."""
    before = len(fields.problems)
    label = fields.text("label", base.label)
    index = fields.flag("index", base.index)
    mode = fields.choice("mode", MODES, base.options.mode)
    columns = fields.number("columns", base.options.columns, low=1, high=4, whole=True)
    tones = base.options.tones
    groups = tuple(group for _, entry in fields.items("groups") if (group := _group(entry, tones=tones, term_kinds=term_kinds)))
    condense = tuple(fields.texts("condense", allowed=CONDENSE_RULES) or ()) if fields.has("condense") else base.condense
    flavor = tuple(fields.texts("flavor_sentences", check=lambda text: regex_problem(text, flags=re.IGNORECASE)) or ())
    leave_out_blocks = tuple(fields.texts("leave_out_blocks", allowed=BLOCK_KINDS) or ())
    fields.finish()
    if len(fields.problems) > before:
        return None
    return CardRecipe(
        label=label, index=index, groups=groups, options=replace(base.options, mode=mode, columns=columns),
        condense=condense, flavor_sentences=flavor, leave_out_blocks=leave_out_blocks,
    )


def _group(fields: Fields, *, tones: dict, term_kinds: tuple[str, ...]) -> Group | None:
    before = len(fields.problems)
    label = fields.text("label")
    tone = fields.text("tone", "")
    if tone and tone not in tones:
        fields.fail("tone", f"unknown tone {tone!r}{did_you_mean(tone, tones)}; tones come from the template's options.tones")
    selectors = tuple(_selector(entry, term_kinds) for _, entry in fields.items("select", required=True))
    if fields.has("select") and not selectors and isinstance(fields.raw("select"), list):
        fields.fail("select", "is empty: say which sections the group takes (- kind: card, - parent: ...)")
    merge_following = fields.text("merge_following", "")
    if merge_following and (problem := regex_problem(merge_following)):
        fields.fail("merge_following", problem)
    group = Group(
        label=label,
        heading=fields.text("heading", label),
        tone=tone,
        selectors=selectors,
        merge_following=merge_following,
        own_text=fields.flag("own_text", True),
        named_blocks=fields.flag("named_blocks", True),
        definitions=fields.flag("definitions", False),
        term_kinds=fields.texts("term_kinds", allowed=term_kinds),
        table=_table_headings(fields),
    )
    fields.finish()
    return None if len(fields.problems) > before else group


def _table_headings(fields: Fields) -> tuple[str, ...]:
    """`table: [Sistema, Efecto]`: the headings of the name and text columns of a group printed as one table."""
    headings = tuple(fields.texts("table") or ())
    if fields.has("table") and len(headings) != 2:
        fields.fail("table", "give the headings of the name and text columns, e.g. [Sistema, Efecto]")
    return headings


def _selector(fields: Fields, term_kinds: tuple[str, ...]) -> CardSelector:
    before = len(fields.problems)
    values = {}
    for key in SELECTOR_FIELDS:
        if key == "kind":
            value = fields.choice(key, SECTION_KINDS, "")
        elif key == "title_term":
            value = fields.choice(key, term_kinds, "")
        else:
            value = fields.text(key, "")
        if key in ("title", "parent") and value and (problem := regex_problem(value)):
            fields.fail(key, problem)
        values["rename" if key == "as" else key] = value
    if len(fields.problems) == before and not set(fields.data) - {"as"}:
        fields.fail_here("say what to select (one of kind, title, parent, id, title_term)")
    fields.finish()
    return CardSelector(**values)
