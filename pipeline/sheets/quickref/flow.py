"""A quick reference's sections as flowables: headings (on a line of their own or run in, one style per depth,
headstyle.py), the sheet's opening boxes, runs of one-line sibling sections set as one table, and the English names
each heading and block shows (tagbudget.py). Their blocks are blocks.py's; the document they compose into, typeset.py's.
"""
from __future__ import annotations

from dataclasses import replace

from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Flowable, KeepTogether, Paragraph

from pipeline.model import Section
from pipeline.modelkinds import BlockKind
from pipeline.sheets.icons import decorate
from pipeline.sheets.quickref.blocks import SHORT_TABLE_ROWS, block_flowables, kept_whole
from pipeline.sheets.quickref.headstyle import can_run_in, heading_styles
from pipeline.sheets.quickref.outline import Heading, OutlineAnchor
from pipeline.sheets.quickref.tagbudget import untagged_terms
from pipeline.sheets.roles import label_spans, lone_items_as_paragraphs
from pipeline.sheets.markup import bilingual_title, safe_text, term_markup, title_states
from pipeline.text import printable


# Sibling sections that each hold one short line (a die's faces: "Impacto: sin efecto en defensa") read
# as the rows of one table: ENTRY_RUN of them in a row, each at most ENTRY_CHARS long.
ENTRY_RUN = 3
ENTRY_CHARS = 140


def section_flowables(
    sections: list[Section],
    styles: dict[str, ParagraphStyle],
    *,
    tagged: tuple[str, ...],
    english_names: str = "section",
    run_in: bool = False,
    sheet_titles: tuple[str, ...] = (),
    printed: set[str] | None = None,
) -> list[Flowable]:
    """Headings and blocks; a term's English name is shown at its first use in each top-level section (or once per sheet).

    With `run_in`, subsection titles open their first paragraph in bold ("Agencias. Cada jugador...")
    instead of taking a line of their own: the dense style of hand-made rules summaries, chosen per depth
    (headstyle.py). A top-level section whose title repeats `sheet_titles` prints no heading. Runs of
    one-line sibling sections (die faces) are set as one table. `printed` collects the terms (TermHit.es) whose
    English name the sheet prints: its English index's (index.py).
    """
    flowables: list[Flowable] = []
    heads = heading_styles(sections, sheet_titles=sheet_titles, run_in=run_in, tabled=_tabled(sections))
    base_level = heads.base_level
    untagged = untagged_terms(sections, tagged=tagged, english_names=english_names)  # the sheet's budget of tags
    sheet_shown, chapter_shown = set(untagged), set(untagged)
    # What the sheet prints in English: every `shown` less the untagged terms, and what a title or table label names.
    every_shown, titled = [sheet_shown, chapter_shown], set[str]()
    index = 0
    while index < len(sections):
        entries = _entry_run(sections, index)
        if entries:
            for entry in entries:  # each label shows its English ("Escudo · SHIELD"): the text below need not tag it again
                _title_shows_english(entry, sheet_shown if english_names == "sheet" else chapter_shown)
                _title_shows_english(entry, titled)
            flowables.extend(_entry_table(entries, styles, depth=heads.depth(entries[0])))
            index += len(entries)
            continue
        section = sections[index]
        index += 1
        if section.level <= base_level:
            chapter_shown = set(untagged)  # a term's English name again at its first use in each top-level section
            every_shown.append(chapter_shown)
        shown: set[str] = sheet_shown if english_names == "sheet" else chapter_shown
        if english_names == "titles":
            section = replace(section, blocks=tuple(replace(block, terms=()) for block in section.blocks))
        if section.id in heads.untitled:  # its text under the title block, or under the sections before it
            if section.level >= base_level and index < len(sections) and sections[index].parent == section.id:
                # the sheet's opening box over subsections (headstyle.py): named in the outline, which skips no level
                flowables.append(OutlineAnchor(outline_title=printable(section.title), level=0, key=section.id, visible=False))
            flowables.extend(block_flowables(replace(section, blocks=tuple(lone_items_as_paragraphs(section.blocks))),
                                             styles, shown=shown, tagged=tagged))
            continue
        _title_shows_english(section, titled)
        made = _section(section, styles, depth=heads.depth(section), shown=shown, tagged=tagged, run_in=heads.runs_in(section))
        if flowables and flowables[-1].getKeepWithNext() and isinstance(made[0], OutlineAnchor):
            # A heading over subsections only (or a lead on a line of its own) stays with the first one's run-in lead:
            # the invisible anchor between them would end the chain of kept flowables, leaving it alone at a column's foot.
            made[0].keepWithNext = 1
        flowables.extend(made)
    if printed is not None:
        printed.update((set().union(*every_shown) - untagged) | titled)
    return flowables


def _section(
    section: Section, styles: dict[str, ParagraphStyle], *, depth: int, shown: set[str], tagged: tuple[str, ...], run_in: bool
) -> list[Flowable]:
    section = replace(section, blocks=tuple(lone_items_as_paragraphs(section.blocks)))  # before a run-in takes the first block
    title = _title_shows_english(section, shown)
    style = styles[f"heading{depth + 1}"]
    heading = Heading(decorate(title, style), style, outline_title=printable(title), level=depth, key=section.id)
    first = section.blocks[0] if section.blocks else None
    color = style.textColor.hexval()[2:]
    if run_in and depth >= 1 and not can_run_in(section):
        # A depth set in run-in leads: a section that opens with a list, a table or a short line (or has no text of
        # its own) takes its lead on a line of its own, in the same bold as its siblings', kept with what follows.
        lead_style = ParagraphStyle("lead", parent=styles["body"], spaceBefore=styles["heading3"].spaceBefore, keepWithNext=1)
        markup = decorate(title, styles["body"], markup=f'<font color="#{color}"><b>{safe_text(title)}</b></font>')
        return [OutlineAnchor(outline_title=printable(title), level=depth, key=section.id), Paragraph(markup, lead_style),
                *block_flowables(section, styles, shown=shown, tagged=tagged)]
    if run_in and depth >= 1 and first is not None:
        markup = decorate(title, styles["body"], markup=f'<font color="#{color}"><b>{safe_text(title)}.</b></font> ') + term_markup(
            first.text, list(first.terms), shown=shown, term_style=styles["term_en"], tagged=tagged, strong=label_spans(first.text)
        )
        # A run-in entry that is only a lead-in ("Ataque. ... tira los dados apropiados:") stays with what it announces.
        announces = len(section.blocks) == 1 and first.text.rstrip().endswith(":")
        lead = Paragraph(
            markup, ParagraphStyle("run-in", parent=styles["body"], spaceBefore=styles["heading3"].spaceBefore, keepWithNext=int(announces))
        )
        rest = block_flowables(replace(section, blocks=section.blocks[1:]), styles, shown=shown, tagged=tagged)
        return [OutlineAnchor(outline_title=printable(title), level=depth, key=section.id), lead, *rest]
    body = block_flowables(section, styles, shown=shown, tagged=tagged)
    # Keep the heading with the start of its text so no heading ends a column alone (and with what that
    # start is kept with: the list a lead-in paragraph announces).
    kept = 1
    while kept < len(body) and body[kept - 1].getKeepWithNext():
        kept += 1
    if not body:
        heading.keepWithNext = 1  # a heading over subsections only: kept with the first of them
        return [heading]
    return [KeepTogether([heading, *body[:kept]]), *body[kept:]]


def _title_shows_english(section: Section, shown: set[str]) -> str:
    """The section's title as printed; the terms whose English it shows join `shown`, so the text below need not tag them."""
    title = bilingual_title(section)
    if title != section.title.strip():  # the heading (or a table's label) shows the English name
        shown.update(hit.es for hit in section.title_terms)
    # A title that gives the English itself ("Activate/Activar"): the text below need not repeat it either.
    shown.update(hit.es for hit in section.title_terms if title_states(section.title, hit))
    return title


def _entry_run(sections: list[Section], index: int) -> list[Section]:
    """The one-line sibling sections starting at `index` (none unless ENTRY_RUN or more)."""

    def entry(section: Section) -> bool:
        return len(section.blocks) == 1 and section.blocks[0].kind == BlockKind.PARAGRAPH and len(section.blocks[0].text) <= ENTRY_CHARS

    run: list[Section] = []
    for position in range(index, len(sections)):
        section = sections[position]
        following = sections[position + 1] if position + 1 < len(sections) else None
        if not entry(section) or (run and section.parent != run[0].parent) or (following is not None and following.parent == section.id):
            break
        run.append(section)
    return run if len(run) >= ENTRY_RUN else []


def _tabled(sections: list[Section]) -> frozenset[str]:
    """The sections set as rows of an entry table (their titles are labels, not headings)."""
    found: set[str] = set()
    index = 0
    while index < len(sections):
        run = _entry_run(sections, index)
        found.update(section.id for section in run)
        index += len(run) or 1
    return frozenset(found)


def _entry_table(entries: list[Section], styles: dict[str, ParagraphStyle], *, depth: int) -> list[Flowable]:
    from pipeline.sheets.flowables import table_flowables

    rows = [[bilingual_title(section), section.blocks[0].text] for section in entries]
    # At the entries' own depth: the PDF outline may not jump levels (top-level entries at level 2 are refused).
    anchors = [OutlineAnchor(outline_title=printable(section.title), level=depth, key=section.id, visible=False) for section in entries]
    table = table_flowables(rows, styles["table"], header=False, escape=safe_text)
    return kept_whole([*anchors, *table]) if len(rows) <= SHORT_TABLE_ROWS else [*anchors, *table]
