"""Card sheets: Document + recipe -> the cards a sheet prints (grouped, deduplicated, ordered).

A card is one entry a player looks up during play (a threat, a specialization, a keyword, a die face).
By default every section of kind `card` is a card, grouped by its parent section. A recipe in
`sources/<game>/game.yaml` may instead name groups and select sections by title, parent title, id or
kind, so a sheet also works on an outline where the splitter has not marked cards yet (recipe.py reads
and checks it). Layout and drawing live in geometry.py, measure.py, plan.py and draw.py.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass, field, replace
from difflib import SequenceMatcher
from typing import Callable

from pipeline.model import Block, Document, Section, TermHit
from pipeline.modelkinds import BlockKind, PanelKind, SectionKind
from pipeline.sheets.cards.recipe import CardRecipe, CardSelector, Group
from pipeline.sheets.roles import is_label, lone_items_as_paragraphs
from pipeline.text import fold, is_shouting

# A card says what the card does: the stories and worked examples around it stay in the rulebook.
NOT_ON_CARDS = (SectionKind.FLAVOR, SectionKind.EXAMPLE)
TRAILING = re.compile(r"[\s:.\-–—]+$")
# "Impacto: sin efecto en defensa" -> a definition entry when "Impacto" is a glossary term.
DEFINITION_SEPARATOR = re.compile(r"^\s*(?::|\.|\s[-–—])\s*")
# A title must be mostly one glossary term (or a list of them) before we print its English name.
ENGLISH_COVERAGE = 0.6


@dataclass(frozen=True)
class PanelBlock:
    """One piece of a card's text and how a panel sets it (`kind`: a block's, or the card sheet's own); lines for messages."""

    kind: BlockKind | PanelKind
    text: str
    first: int = 0
    last: int = 0
    marker: str = ""  # as Block: an item's list marker, its nesting, a table's header row
    depth: int = 0
    header: bool = False
    whole: str = ""  # a table cut across panels: the whole table's text, whose columns every part shares

    @classmethod
    def of(cls, block: Block) -> "PanelBlock":
        return cls(block.kind, block.text, block.first, block.last, block.marker, block.depth, block.header)

    def rows(self) -> list[list[str]]:
        return Block(BlockKind.TABLE, self.text, self.first, self.last).rows()  # the cells of its text, read as a table's


@dataclass(frozen=True)
class Card:
    """One entry of a card sheet: a panel (or several, when it continues)."""

    key: str  # stable: the section id it came from, plus the entry name for entries split out of it
    title: str  # Spanish name as printed
    title_en: str  # official English card name(s) from the glossary, "" when unknown
    group: str  # the group label printed on the panel (e.g. "Amenaza externa")
    tone: str  # template tone: colours that tell groups apart
    blocks: tuple[PanelBlock, ...]
    first: int = 0  # source lines, for messages
    last: int = 0

    @property
    def text(self) -> str:
        return " ".join(block.text for block in self.blocks)


@dataclass(frozen=True)
class CardSet:
    """What a card sheet prints, in order, with its groups (for the index)."""

    cards: tuple[Card, ...]
    label: str  # the recipe's (templates/cards.yaml gives the default)
    groups: tuple[Group, ...] = field(default_factory=tuple)

    def revision(self) -> str:
        """Short hash of what the sheet says: two printouts with the same revision say the same."""
        digest = hashlib.sha256()
        for card in self.cards:
            payload = [card.title, card.title_en, card.group, [(b.kind, b.text, b.marker, b.depth, b.header) for b in card.blocks]]
            digest.update(json.dumps(payload, ensure_ascii=False).encode("utf-8"))
        return digest.hexdigest()[:8]


def _default_groups(document: Document) -> tuple[Group, ...]:
    """One group per parent title of the `card` sections, in document order."""
    by_id = {section.id: section for section in document.sections}
    seen: dict[str, Group] = {}
    for section in document.sections:
        if section.kind != SectionKind.CARD:
            continue
        parent = by_id.get(section.parent or "")
        title = _display_title(parent.title) if parent else "Cartas"
        key = fold(title, keep_punctuation=True)
        if key not in seen:
            selector = CardSelector(kind="card", parent=re.escape(fold(parent.title, keep_punctuation=True)) if parent else "")
            seen[key] = Group(label=title, heading=title, tone="", selectors=(selector,))
    return tuple(seen.values())


# ------------------------------------------------------------------------------------- selection


# The last card set, with the (frozen, held) document and recipe it came from: a build asks it for a sheet's printed key, then to render it.
_LAST_SELECTED: list[tuple[Document, CardRecipe, CardSet]] = []


def select_cards(document: Document, *, recipe: CardRecipe) -> CardSet:
    """The cards a sheet prints: grouped as the recipe says, deduplicated by name, sorted."""
    if _LAST_SELECTED and _LAST_SELECTED[0][0] is document and _LAST_SELECTED[0][1] == recipe:
        return _LAST_SELECTED[0][2]
    condensed = _condenser(recipe, document.corrected)
    groups = recipe.groups or _default_groups(document)
    by_id = {section.id: section for section in document.sections}
    chosen_by_group: list[tuple[Group, list[Card]]] = []
    for group in groups:
        found: list[Card] = []
        taken: set[str] = set()
        for position, section in enumerate(document.sections):
            selector = _matching_selector(section, group, by_id)
            if selector is None or section.id in taken:
                continue
            parts = [condensed(part) for part in (section, *_merged(document, position, group, groups, by_id))]
            taken.update(part.id for part in parts)
            found.extend(_cards_of(parts, group, rename=selector.rename))
        chosen_by_group.append((group, _dedupe(found)))
    # A table's rows print the Spanish name first ("Munición · Ammo"): they go by it, whatever the cards do.
    cards: list[Card] = []
    for group, found in chosen_by_group:
        chosen = sorted(found, key=lambda card: (fold(sort_name(card, table=bool(group.table)), keep_punctuation=True), card.key))
        cards.extend([_table_card(chosen, group)] if group.table and chosen else chosen)
    cards = _dedupe(cards)  # a name selected by two groups stays with the first
    _LAST_SELECTED[:] = [(document, recipe, CardSet(cards=tuple(cards), groups=groups, label=recipe.label))]
    return _LAST_SELECTED[0][2]


def _condenser(recipe: CardRecipe, corrected: tuple) -> Callable[[Section], Section]:
    """A section less what the recipe leaves out of cards (quickref/condense.py); left empty, it keeps its place. Asked only of
    the sections that make cards: condensing changes a section's blocks, never what selects it (id, kind, title, parent)."""
    if not (recipe.condense or recipe.flavor_sentences or recipe.leave_out_blocks):
        return lambda section: section
    from pipeline.sheets.quickref.condense import CondenseOptions, condense

    options = CondenseOptions.of_recipe(recipe, corrected=corrected)

    def condensed(section: Section) -> Section:
        kept = condense([section], options=options)
        return kept[0] if kept else replace(section, blocks=())

    return condensed


def _table_card(cards: list[Card], group: Group) -> Card:
    """A group printed as one table (recipe `table:`): a single card holding it, a row per card."""
    from pipeline.sheets.cards.matrix import table_text

    first, last = min(card.first for card in cards), max(card.last for card in cards)
    table = PanelBlock(BlockKind.TABLE, table_text(cards, columns=group.table), first, last, header=True)
    return Card(
        key=f"#table/{fold(group.label)}",
        title=group.heading,
        title_en="",
        group=group.label,
        tone=group.tone,
        blocks=(table,),
        first=first,
        last=last,
    )


def _matching_selector(section: Section, group: Group, by_id: dict[str, Section]) -> CardSelector | None:
    parent = by_id.get(section.parent or "")
    for selector in group.selectors:
        if selector.kind and section.kind != selector.kind:
            continue
        if selector.id and section.id != selector.id:
            continue
        if selector.title and not re.fullmatch(selector.title, fold(section.title)):
            continue
        if selector.parent and not (parent and re.fullmatch(selector.parent, fold(parent.title))):
            continue
        kind_hits = [h for h in section.title_terms if h.kind == selector.title_term]
        if selector.title_term and not (title_hits(section.title, kind_hits) or bilingual_name(section.title, kind_hits)):
            continue
        return selector
    return None


def _merged(document: Document, position: int, group: Group, groups: tuple[Group, ...], by_id: dict[str, Section]) -> list[Section]:
    """Children of a card section, and (with merge_following) the sibling sections right after it
    whose titles match, e.g. the BÁSICA / AVANZADA sections that follow a specialization."""
    head = document.sections[position]
    merged: list[Section] = []
    for section in document.sections[position + 1 :]:
        if any(_matching_selector(section, other, by_id) is not None for other in groups):
            break  # a selected child (a threat nested under another by the outline) is its own card
        if _descends(section, head.id, by_id):
            if section.kind not in NOT_ON_CARDS:
                merged.append(section)
        elif group.merge_following and section.parent == head.parent and re.fullmatch(group.merge_following, fold(section.title)):
            merged.append(section)
        else:
            break
    return merged


def _descends(section: Section, ancestor: str, by_id: dict[str, Section]) -> bool:
    parent = section.parent
    while parent:
        if parent == ancestor:
            return True
        parent = by_id[parent].parent if parent in by_id else None
    return False


def _cards_of(parts: list[Section], group: Group, *, rename: str) -> list[Card]:
    """A card from a section (plus merged sections), and the entries named inside its text."""
    head = parts[0]
    # "Hunt/cazar" prints as "Cazar" with its English name; other titles keep their words.
    bilingual = bilingual_name(head.title, [hit for hit in head.title_terms if _allowed(hit, group)])
    title, title_en = bilingual or (_display_title(head.title), english_name(head.title, head.title_terms))
    if rename:
        title, title_en = rename, ""
    current = _Entry(key=head.id, title=title, title_en=title_en, first=head.first, last=head.last)
    entries = [current]
    for number, section in enumerate(parts):
        if number and section.title:
            current.blocks.append(PanelBlock(PanelKind.HEADING, _display_title(section.title), section.first, section.first))
        if number == 0 and not group.own_text and len(parts) > 1:
            continue
        defined: _Entry | None = None  # the last definition entry: its sub-items ("Buscar. Tira 1DR:" / "“GD”: ...") follow it
        for block in section.blocks:
            hits = list(block.terms)
            if defined is not None and block.kind == BlockKind.ITEM and block.depth:
                defined.blocks.append(PanelBlock.of(replace(block, depth=block.depth - 1)))
                defined.last = max(defined.last, block.last)
                continue
            defined = None
            named = _named_block(block, hits, group) if group.named_blocks else None
            if named is not None:
                current = _Entry(
                    key=f"{head.id}#{fold(named[0])}", title=_display_title(named[0]), title_en=named[1], first=block.first, last=block.last
                )
                entries.append(current)
                continue
            definition = _definition(block, hits, group) if group.definitions else None
            if definition is not None:
                name, english, rest = definition
                defined = _Entry(
                    key=f"{head.id}#{fold(name)}",
                    title=name,
                    title_en=english,
                    first=block.first,
                    last=block.last,
                    blocks=[PanelBlock(BlockKind.PARAGRAPH, rest, block.first, block.last)],
                )
                entries.append(defined)
                continue
            current.blocks.append(PanelBlock.of(block))
            current.last = max(current.last, block.last)
    return [
        Card(
            key=entry.key,
            title=entry.title,
            title_en=entry.title_en,
            group=group.label,
            tone=group.tone,
            blocks=_roles(entry.blocks),
            first=entry.first,
            last=entry.last,
        )
        for entry in entries
        if any(block.kind != PanelKind.HEADING for block in entry.blocks)
    ]


def _roles(blocks: list[PanelBlock]) -> tuple[PanelBlock, ...]:
    """A card's blocks with a bullet standing alone as a paragraph and a list's label as a `label` (roles.py)."""
    blocks = lone_items_as_paragraphs(blocks)
    return tuple(
        replace(block, kind=PanelKind.LABEL)
        if is_label(block, blocks[index - 1] if index else None, blocks[index + 1] if index + 1 < len(blocks) else None)
        else block
        for index, block in enumerate(blocks)
    )


@dataclass
class _Entry:
    key: str
    title: str
    title_en: str
    first: int
    last: int
    blocks: list[PanelBlock] = field(default_factory=list)


def _allowed(hit: TermHit, group: Group) -> bool:
    return not group.term_kinds or hit.kind in group.term_kinds


def _named_block(block: Block, hits: list[TermHit], group: Group) -> tuple[str, str] | None:
    """A paragraph that is nothing but a glossary name ("Enjambre madre", "Dual Class/clase doble") starts a new entry."""
    if block.kind != BlockKind.PARAGRAPH:
        return None
    name = TRAILING.sub("", block.text)
    whole = [hit for hit in hits if hit.start == 0 and hit.end >= len(name) and _allowed(hit, group)]
    if whole and len(name.split()) <= 8:
        return name, "" if fold(whole[0].en, keep_punctuation=True) == fold(name, keep_punctuation=True) else whole[0].en
    return bilingual_name(name, [hit for hit in hits if _allowed(hit, group)])


def _definition(block: Block, hits: list[TermHit], group: Group) -> tuple[str, str, str] | None:
    """'Term: explanation' where Term is a glossary name -> (term, English, explanation)."""
    first = [hit for hit in hits if hit.start == 0 and _allowed(hit, group)]
    if not first:
        return None
    rest = block.text[first[0].end :]
    separator = DEFINITION_SEPARATOR.match(rest)
    if not separator or not rest[separator.end() :].strip():
        return None
    name = block.text[: first[0].end]
    english = first[0].en if fold(first[0].en, keep_punctuation=True) != fold(name, keep_punctuation=True) else ""
    return name, english, rest[separator.end() :].strip()


def title_hits(title: str, hits: tuple[TermHit, ...] | list[TermHit]) -> list[TermHit]:
    """The glossary hits (found in `title`) that make up a title, when they cover (almost) all of it; else []."""
    found = [hit for hit in sorted(hits, key=lambda h: h.start) if hit.end <= len(title)]
    letters = len(re.sub(r"[\W\d_]", "", title)) or 1
    covered = sum(len(re.sub(r"[\W\d_]", "", title[hit.start : hit.end])) for hit in found)
    return found if found and covered >= ENGLISH_COVERAGE * letters else []


def bilingual_name(text: str, hits: tuple[TermHit, ...] | list[TermHit]) -> tuple[str, str] | None:
    """'Dual Class/clase doble', 'Hunt/cazar': translators name a card in both languages around a slash.
    When a glossary term is one side of it -> (Spanish name, official English name)."""
    if "/" not in text or len(text.split()) > 6:
        return None
    letters = len(re.sub(r"[\W\d_]", "", text)) or 1
    for hit in sorted(hits, key=lambda h: h.start):
        if hit.end > len(text):
            continue
        if len(re.sub(r"[\W\d_]", "", text[hit.start : hit.end])) >= 0.35 * letters:
            sides = [side.strip() for side in text.split("/") if side.strip()]
            # the Spanish side is the one least like the English name (the English side may be misspelt)
            spanish = min(
                sides,
                key=lambda side: SequenceMatcher(None, fold(side, keep_punctuation=True), fold(hit.en, keep_punctuation=True)).ratio(),
            )
            spanish = spanish[:1].upper() + spanish[1:]
            return spanish, "" if fold(hit.en, keep_punctuation=True) == fold(spanish, keep_punctuation=True) else hit.en
    return None


def english_name(title: str, hits: tuple[TermHit, ...] | list[TermHit]) -> str:
    """The English card name(s) when the title is (almost) all glossary terms: 'Energy Snake, Energy Dragon'."""
    found = title_hits(title, hits)
    if not found:
        return ""
    names = list(dict.fromkeys(hit.en for hit in found))
    english = ", ".join(names)
    return "" if fold(english, keep_punctuation=True) == fold(title, keep_punctuation=True) else english


def _display_title(title: str) -> str:
    """Titles shouted in capitals ('ESCUDOS INVERTIDOS:') print as 'Escudos invertidos'."""
    title = TRAILING.sub("", title.strip())
    if is_shouting(title, min_letters=5):  # not acronyms ("GD", "FTL")
        title = title[:1].upper() + title[1:].lower()
    return title


def sort_name(card: Card, *, table: bool = False) -> str:
    """One order on every sheet, its index included (issue 23): by the English name printed on a card (the player
    holds the English card), a card without one by its Spanish name among them; a table's rows by the Spanish."""
    return card.title if table else card.title_en or card.title


def _dedupe(cards: list[Card]) -> list[Card]:
    """One card per name: a repeated entry (the appendix printed twice) adds only blocks not seen yet."""
    kept: dict[str, Card] = {}
    for card in cards:
        name = fold(card.title)
        if name not in kept:
            kept[name] = card
            continue
        first = kept[name]
        known = [fold(block.text) for block in first.blocks]
        extra = tuple(block for block in card.blocks if not any(fold(block.text) in seen for seen in known))
        if extra:
            kept[name] = replace(first, blocks=first.blocks + extra, title_en=first.title_en or card.title_en)
    return list(kept.values())
