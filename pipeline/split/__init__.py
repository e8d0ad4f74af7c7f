"""CleanText -> Document: headings become a tree of sections with stable ids and kinds.

pipeline.structure says which lines are headings and in which style; this module gives each heading a level
and a parent (styles rank: chapter > ALL-CAPS / capitalised page title > page title > numbered >
lettered / title > run-in > label), takes each section's kind from `kinds.py` (rules, flavor, card, credits...)
and builds ids from the titles of a section and its parents, never from positions.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, replace

from pipeline.errors import ConfigError
from pipeline.schema import written_at
from pipeline.model import CleanLine, CleanText, CorrectedLine, Document, GameInfo, RenamedId, Section
from pipeline.modelkinds import HeadingStyle, LineKind, SectionKind
from pipeline.split.blocks import build_blocks, with_leads
from pipeline.split.inline import label_vocabulary, restructure
from pipeline.split.follow import follow_corrections, unmatched_hints
from pipeline.split.order import missing_chunks, reading_order
from pipeline.split.pages import Pages
from pipeline.split.stories import separate_flavor, story_block, titled_story
from pipeline.split.headings import decide_headings
from pipeline.split.kinds import section_kind
from pipeline.split.tight import nest_indented, nest_numbered_runs, nest_tight_titles
from pipeline.structure import Heading, SplitOptions, card_title, heading_candidate
from pipeline.structure.patterns import BOLD_RUN_IN
from pipeline.text import indent_width, slug

MAX_SLUG = 60
# Styles a sentence-case title heading nests under (its "anchor").
TITLE_ANCHORS = (HeadingStyle.MARKUP, HeadingStyle.CHAPTER, HeadingStyle.CAPS, HeadingStyle.PAGE, HeadingStyle.PREAMBLE)
# Headings a minor title (a question, an optional rule) does not nest under: it qualifies a real section.
MINOR_SKIPS = (HeadingStyle.RUNIN, HeadingStyle.CARD, HeadingStyle.LABEL)
# Headings that end a lettered list: "a." after one of these starts a new list.
LIST_BOUNDARIES = ("markup", "chapter", "caps", "page", "numbered", "preamble")


@dataclass
class _Entry:
    """A heading and the cleaned lines up to the next heading."""

    heading: Heading
    first: int
    last: int
    page: int | None
    lines: list[CleanLine] = field(default_factory=list)
    level: int = 1
    parent: int | None = None  # index into the entry list
    card: bool = False
    indent: int = 0  # how far the heading's line stands in (split/tight.py)


def _written(game: GameInfo, options: SplitOptions, name: str, pattern: str) -> str:
    """'sources/GAME/game.yaml:LINE', where the hint gives the pattern (without the line when unknown)."""
    return written_at(options.lines, f"sources/{game.id}/game.yaml", name, pattern)


def split(cleaned: CleanText, *, game: GameInfo, options: SplitOptions | None = None, strict: bool = False) -> Document:
    """Group cleaned lines under the headings that precede them and arrange the headings as a tree.

    `options` are the game's `options.split` hints (project.GameConfig.split); none: the general rules only.
    A `chunks` pattern that matches no line (an edit changed the line it named) is a warning and the text is
    read as posted, as a stale correction is (an error when `strict`)."""
    given = options or SplitOptions()
    options = follow_corrections(given, cleaned.corrected)
    warnings = list(cleaned.warnings)
    missing = missing_chunks(cleaned.lines, options.chunks)
    if missing:
        problem = (
            f"{_written(game, given, 'chunks', missing[0])}: options.split.chunks: no line of the text starts a chunk with {missing[0]!r}"
            f" (the patterns match cleaned lines as written: see `refsheets clean {game.id}`); "
            + ("fix the pattern or remove it" if strict else "the text is read in its posted order")
        )
        if strict:
            raise ConfigError(problem)
        warnings.append(problem)
    for name, pattern in unmatched_hints(cleaned.lines, options):
        problem = (f"{_written(game, given, name, pattern)}: options.split.{name}: {pattern!r} matches no line of the text (the"
                   f" patterns match cleaned lines as written: see `refsheets clean {game.id}`); the hint does nothing: fix the pattern"
                   " or remove it")
        if strict:
            raise ConfigError(problem)
        warnings.append(problem)
    lines = reading_order(cleaned.lines, options.chunks)
    headings = decide_headings(lines, options)
    entries = _entries(lines, headings, game=game, pages=Pages(cleaned.report, lines, headings))
    _arrange(entries, options=options)
    nest_tight_titles(entries)
    nest_indented(entries)
    nest_numbered_runs(entries)
    sections, renamed = _sections(entries, corrected={line.first: line for line in cleaned.corrected}, options=given)
    sections = with_leads(sections, dict(cleaned.leads))
    return Document(game=game, sections=tuple(sections), credits=cleaned.credits, warnings=tuple(warnings), renamed_ids=tuple(renamed),
                    corrected=cleaned.corrected)


def _entries(lines: tuple[CleanLine, ...], headings: list[Heading | None], *, game: GameInfo, pages: Pages) -> list[_Entry]:
    first = lines[0].first if lines else 1
    entries = [_Entry(Heading(game.title_es, HeadingStyle.PREAMBLE), first, first, None)]
    for line, heading in zip(lines, headings):
        current = entries[-1]
        if heading is None or line.kind != LineKind.TEXT:
            current.lines.append(_unmarked(line))
            current.last = max(current.last, line.last)
            continue
        if heading.style == HeadingStyle.PAGE and not heading.title:
            # "Página N" alone: the previous section continues on the next page.
            current.last = max(current.last, line.last)
            continue
        current.last = max(current.last, current.first)
        entry = _Entry(heading, line.first, line.last, pages.of(line.first), indent=indent_width(line.text))
        if heading.rest:
            entry.lines.append(CleanLine(heading.rest, line.first, line.last))
        entries.append(entry)
    if len(entries) > 1 and not any(line.text.strip() for line in entries[0].lines):
        entries.pop(0)  # nothing before the first heading
    return entries


def _unmarked(line: CleanLine) -> CleanLine:
    """'**Edad:** A partir de 5 años' that opens no section: its words, without the run-in's bold marks."""
    found = BOLD_RUN_IN.match(line.text.strip())
    return replace(line, text=f"{found.group(1)}{found.group('stop') or ''} {found.group('rest')}") if found else line


def _arrange(entries: list[_Entry], *, options: SplitOptions) -> None:
    """Give every entry a level and a parent; mark cards."""
    path: list[int] = []  # indices of the open sections, outermost first
    chapter_seen = False
    last_numbered: int | None = None
    group: int | None = None  # an open card group (options.card_groups)
    for index, entry in enumerate(entries):
        heading = entry.heading
        style = heading.style
        if style == HeadingStyle.CHAPTER:
            chapter_seen = True
        parent = _natural_parent(entries, path, index, chapter_seen=chapter_seen, last_numbered=last_numbered)
        if (
            path
            and entries[path[-1]].heading.style == HeadingStyle.LABEL
            and style in (HeadingStyle.TITLE, HeadingStyle.RUNIN, HeadingStyle.CARD, HeadingStyle.LETTERED)
        ):
            parent = path[-1]  # a minor heading inside a BÁSICA / AVANZADA block belongs to that block
        level = entries[parent].level + 1 if parent is not None else 1
        if style in (HeadingStyle.CAPS,) and chapter_seen:
            level = max(level, 2)
        if group is not None:
            ends = (
                style == HeadingStyle.CHAPTER
                or any(p.search(heading.title) for p in options.card_groups)
                or level < entries[group].level
                or (level == entries[group].level and style not in _group_member_styles(entries, group))
            )
            if ends:
                group = None
            elif parent is not None and parent > group and HeadingStyle.LABEL in (style, entries[parent].heading.style):
                pass  # BÁSICA / AVANZADA inside a card of the group
            else:
                parent, level = group, entries[group].level + 1
                entry.card = True
        if any(p.search(heading.title) for p in options.card_groups):
            group = index
        entry.card = entry.card or heading.card or style == HeadingStyle.CARD or any(p.search(heading.title) for p in options.cards)
        entry.level, entry.parent = level, parent
        if style == HeadingStyle.NUMBERED:
            last_numbered = index
        path = _path_to(entries, parent) + [index]
    # A section whose sub-sections are repeated labels (BÁSICA / AVANZADA) describes one card.
    labels = Counter(entry.parent for entry in entries if entry.heading.style == HeadingStyle.LABEL and entry.parent is not None)
    for index, entry in enumerate(entries):
        if labels[index] >= 2:
            entry.card = True


def _group_member_styles(entries: list[_Entry], group: int) -> tuple[HeadingStyle, ...]:
    """Headings of the group's own rank (or lower) join it; a heading of another rank at its level ends it."""
    own = entries[group].heading.style
    return (HeadingStyle.CAPS, HeadingStyle.TITLE, HeadingStyle.RUNIN, HeadingStyle.PAGE, HeadingStyle.CARD, HeadingStyle.LABEL, own)


def _natural_parent(entries: list[_Entry], path: list[int], index: int, *, chapter_seen: bool, last_numbered: int | None) -> int | None:
    heading = entries[index].heading
    style = heading.style
    if style == HeadingStyle.CHAPTER:
        return None
    if style == HeadingStyle.MARKUP:
        # The source's own outline: under the nearest open heading of a smaller depth.
        return next(
            (i for i in reversed(path) if entries[i].heading.style == HeadingStyle.MARKUP and entries[i].heading.depth < heading.depth),
            None,
        )
    if style == HeadingStyle.CAPS or (style == HeadingStyle.RUNIN and heading.shout):  # "PREPARACIÓN Coloca…" too
        return next((i for i in reversed(path) if entries[i].heading.style == HeadingStyle.CHAPTER), None) if chapter_seen else None
    if style == HeadingStyle.PAGE:
        if heading.shout:
            return None
        return next(
            (
                i
                for i in reversed(path)
                if entries[i].heading.style in (HeadingStyle.CHAPTER, HeadingStyle.PREAMBLE)
                or (entries[i].heading.style == HeadingStyle.PAGE and entries[i].heading.shout)
            ),
            None,
        )
    if style == HeadingStyle.NUMBERED:
        for i in reversed(path):
            other = entries[i].heading
            if other.style == HeadingStyle.NUMBERED and other.depth < heading.depth:
                return i
            if other.style in (HeadingStyle.MARKUP, HeadingStyle.CHAPTER, HeadingStyle.CAPS, HeadingStyle.PAGE, HeadingStyle.PREAMBLE):
                return i
        return None
    if style == HeadingStyle.LETTERED:
        sibling = _earlier_letter(entries, index)
        if sibling is not None:
            return entries[sibling].parent
        numbered = next((i for i in reversed(path) if entries[i].heading.style == HeadingStyle.NUMBERED), None)
        if numbered is not None:
            return numbered
        return last_numbered if last_numbered is not None else (path[-1] if path else None)
    if style == HeadingStyle.TITLE and heading.minor:
        # Nests in the section it follows, above any run-in paragraph heading, card or other minor title.
        return next((i for i in reversed(path) if entries[i].heading.style not in MINOR_SKIPS and not entries[i].heading.minor), None)
    if style == HeadingStyle.TITLE:
        for i in reversed(path):
            other = entries[i].heading
            if other.style in TITLE_ANCHORS or (other.style == HeadingStyle.NUMBERED and other.depth == 1):
                return i
        return None
    if style == HeadingStyle.LABEL:
        return next((i for i in reversed(path) if entries[i].heading.style != HeadingStyle.LABEL), None)
    if style == HeadingStyle.RUNIN:
        return next(
            (i for i in reversed(path) if entries[i].heading.style not in (HeadingStyle.RUNIN, HeadingStyle.LABEL, HeadingStyle.CARD)), None
        )
    if style == HeadingStyle.CARD:
        return next((i for i in reversed(path) if entries[i].heading.style not in (HeadingStyle.CARD, HeadingStyle.LABEL)), None)
    return path[-1] if path else None


def _earlier_letter(entries: list[_Entry], index: int) -> int | None:
    """The lettered heading before this one in the same list ("b." before "c."), if no bigger heading intervenes.

    Siblings share a parent whatever was nested in between ("b. Combate", its run-in and optional
    sub-headings, then "c. Acción" is still b's sibling)."""
    letter = entries[index].heading.letter
    for other in range(index - 1, -1, -1):
        heading = entries[other].heading
        if heading.style in LIST_BOUNDARIES:
            return None
        if heading.style == HeadingStyle.LETTERED:
            if letter and heading.letter and heading.letter < letter:
                return other
            return None
    return None


def _path_to(entries: list[_Entry], index: int | None) -> list[int]:
    chain: list[int] = []
    while index is not None:
        chain.append(index)
        index = entries[index].parent
    return list(reversed(chain))


def _sections(  # long: one pass that names, nests and fills every section, then recovers tables run into paragraphs
    entries: list[_Entry], *, corrected: dict[int, CorrectedLine], options: SplitOptions
) -> tuple[list[Section], list[RenamedId]]:
    """Sections in reading order, each followed by the flavour runs found inside it; and the ids corrections changed."""
    ids: list[str] = []
    used: dict[str, int] = {}  # ids given so far (see _unique)
    sections: list[Section] = []
    renamed: list[RenamedId] = []
    titles = [card_title(entry.heading.title) if entry.card else entry.heading.title for entry in entries]
    # A heading a correction moved to another line keeps its title there: its old id goes with it, not to the
    # heading now on its old line (alternity's "Aproximación" moved onto the text it opens).
    # (parent, slug) of every heading's title, and ("=" parent, slug) of the old title of every corrected one: a
    # title moves among sibling sections ("Misiones" and "Setup / Misiones" are different sections).
    printed: set[tuple[object, str]] = {(entry.parent, slug(title, max_length=MAX_SLUG)) for entry, title in zip(entries, titles)}
    for entry in entries:
        old = _uncorrected_title(entry, corrected[entry.first], options=options) if entry.first in corrected else None
        if old:
            printed.add((f"={entry.parent}", slug(old, max_length=MAX_SLUG)))
    for entry, title in zip(entries, titles):
        parent_id = ids[entry.parent] if entry.parent is not None else None
        segment = _id_segment(entry, title, parent_id, corrected.get(entry.first), renamed, options=options, printed=printed)
        section_id = _unique(f"{parent_id}/{segment}" if parent_id else segment, used)
        ids.append(section_id)
        own, stories = separate_flavor(entry.lines)
        blocks = build_blocks(own)
        kind = section_kind(title, blocks, card=entry.card, has_text=any(line.text.strip() for line in own), has_flavor=bool(stories))
        if kind == SectionKind.FLAVOR:
            blocks = tuple(story_block(story) for story in stories)  # a heading over nothing but a story
        # Otherwise (a card or rules heading that opens with a story) the stories become children ("Relato", or
        # their own title) below, and only there: a story printed twice would also leak onto card sheets.
        sections.append(
            Section(
                id=section_id,
                title=title,
                level=entry.level,
                kind=kind,
                blocks=blocks,
                first=entry.first,
                last=entry.last,
                parent=parent_id,
                page=entry.page,
            )
        )
        if kind == SectionKind.FLAVOR:
            continue
        for story in stories:
            story_title, told = titled_story(story)  # "Relato", or the title the story has
            story_id = _unique(f"{section_id}/{slug(story_title, max_length=MAX_SLUG)}", used)
            sections.append(
                Section(
                    story_id,
                    story_title,
                    entry.level + 1,
                    SectionKind.FLAVOR,
                    (story_block(told),),
                    story[0].first,
                    story[-1].last,
                    section_id,
                    entry.page,
                )
            )
    # A label the document uses in runs of three or more ("Aturdimiento:", "Herida:") marks the same
    # table where a line carries only one or two of them.
    labels = label_vocabulary([block for section in sections for block in section.blocks])
    if not labels:
        return sections, renamed
    restructured = [
        section if section.kind == SectionKind.FLAVOR else replace(section, blocks=restructure(section.blocks, labels=labels))
        for section in sections
    ]
    return restructured, renamed


def _id_segment(entry: _Entry, title: str, parent_id: str | None, change: CorrectedLine | None, renamed: list[RenamedId],
                *, options: SplitOptions, printed: set[tuple[object, str]]) -> str:
    """The last part of a section's id: the slug of its title, or, when corrections.yaml changed its heading,
    the slug of the title the uncorrected line gives (so an id survives a correction of its heading and the
    recipes naming it keep working), unless the heading moved (`printed`: its old title heads a sibling now, or
    its new title was a sibling's). `keep_id: false` takes the new title's slug (recorded in `renamed`, so a
    recipe naming the old id is told which correction changed it); `keep_id: some-id` sets the id."""
    segment = slug(title, max_length=MAX_SLUG)
    old = _uncorrected_title(entry, change, options=options) if change is not None else None
    if change is None or old is None:
        return segment
    old_segment = slug(old, max_length=MAX_SLUG)
    heads_another = (entry.parent, old_segment) in printed
    moved = isinstance(change.keep_id, bool) and old_segment != segment and (
        heads_another  # its old title heads a sibling section now: moved away, not renamed
        or (f"={entry.parent}", segment) in printed  # its new title was a sibling heading's: moved here, with that heading's id
    )
    if moved:
        path = f"{parent_id}/" if parent_id else ""
        if not heads_another:
            renamed.append(RenamedId(f"{path}{old_segment}", f"{path}{segment}", change.where))
        return segment
    if old_segment == segment:
        return change.keep_id if isinstance(change.keep_id, str) else segment
    if change.keep_id is not False:
        return change.keep_id if isinstance(change.keep_id, str) else old_segment
    path = f"{parent_id}/" if parent_id else ""
    renamed.append(RenamedId(f"{path}{old_segment}", f"{path}{segment}", change.where))
    return segment


def _uncorrected_title(entry: _Entry, change: CorrectedLine, *, options: SplitOptions) -> str | None:
    """The title this heading had before corrections.yaml changed its line (None when the old line was no heading).

    The heading recogniser reads the uncorrected line itself: it knows every style's prefix ("Página 23 - ",
    "2.1.", "## "), which a character diff of the two lines does not.
    """
    old = heading_candidate(change.before, options=options)
    if old is None or not old.title:
        return None
    return card_title(old.title) if entry.card else old.title


def _unique(candidate: str, used: dict[str, int]) -> str:
    """`candidate`, or `candidate-2`, `-3`... when taken; `used` maps an id to the next number to try
    with it, so 10,000 sections of one title do not each count up from 2."""
    result, counter = candidate, used.get(candidate, 2)
    while result in used:
        result, counter = f"{candidate}-{counter}", counter + 1
    used[candidate] = counter
    used.setdefault(result, 2)
    return result


__all__ = ["split"]
