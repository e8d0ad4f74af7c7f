"""RawText -> CleanText: drop forum noise, keep rules, mark flavour and notes, and account for every input line.

Every raw line ends up either kept as it is (a CleanLine with the same text; blank lines are kept as
paragraph separators) or named in the report with an action and a reason a person can read. The cleaner
judges blocks of lines (units between blank lines and headings), not single lines, the way boilerplate
removers such as jusText do: forum furniture first, then posts, then each block's voice, then duplicates.
"""
# long: the cleaner's passes over blocks and their order, in one place; the next module to split (issue 12)
from __future__ import annotations

from dataclasses import dataclass, field

from pipeline.clean.corrections import Correction, check_counts, correct_lines
from pipeline.clean.notes import emit_unit, split_inline_note
from pipeline.clean.resources import (
    BARE_URL,
    BRACKETED,
    CREDIT_LABEL,
    DATE,
    FOOTNOTE_LINE,
    LONE_BULLET,
    META_WORDS,
    NAVIGATION_WORDS,
    NOTE_PARAGRAPH,
    PUBLISHER_NOTE,
    QUOTE_HEADER,
    URL,
    USERNAME,
    CleanOptions,
    chatter_reason,
    voice,
)
from pipeline.clean.stories import judge_stories
from pipeline.model import CleaningRecord, CleanLine, CleanText, Credits, RawText
from pipeline.structure import STYLES_WITH_BODY, SplitOptions, find_headings
from pipeline.text import fold, words

# Below this many folded characters a block is only called a duplicate when a neighbour is one too.
MIN_DUPLICATE_CHARS = 40
# A publisher's note with less rule vocabulary per word than this is about the product (dropped), not errata.
PUBLISHER_RULE_SHARE = 0.06


@dataclass
class _Unit:
    """A block of consecutive text lines (no blank line, no heading inside) judged as a whole."""

    lines: list[int]  # 0-based indexes into the raw lines
    kind: str = "text"  # text | flavor | note | drop | credit | duplicate
    reason: str = ""

    @property
    def first(self) -> int:
        return self.lines[0]

    @property
    def last(self) -> int:
        return self.lines[-1]


@dataclass
class _State:
    lines: list[str]
    options: CleanOptions
    structure: SplitOptions = field(default_factory=SplitOptions)  # the game's options.split
    fate: dict[int, tuple[str, str]] = field(default_factory=dict)  # removed line -> (action, reason)
    headings: set[int] = field(default_factory=set)  # heading lines: never joined, never judged as noise
    openers: set[int] = field(default_factory=set)  # run-in heading lines: they open a block of their own
    units: list[_Unit] = field(default_factory=list)
    translators: list[str] = field(default_factory=list)
    urls: list[tuple[str, str]] = field(default_factory=list)  # (label, url)
    other_credits: list[str] = field(default_factory=list)


def clean(
    raw: RawText,
    *,
    corrections: tuple[Correction, ...] = (),
    options: CleanOptions | None = None,
    split_options: SplitOptions | None = None,
    strict: bool = False,
) -> CleanText:
    """Remove what is not rule text, mark flavour and notes, apply corrections; report every change.

    `split_options` are the game's heading hints: the cleaner protects the headings the splitter will see."""
    lines = [line.rstrip() for line in raw.lines]
    state = _State(lines=lines, options=options or CleanOptions(), structure=split_options or SplitOptions())
    posts = _mark_furniture(state)
    _find_headings(state)
    _find_units(state)
    _judge_units(state)
    _judge_posts(state, posts)
    _mark_duplicates(state)
    _settle_headings(state)
    kept, report = _emit(state)
    kept, corrected, counts, changed_lines = correct_lines(kept, corrections, state.lines)
    dropped = {record.line: record.reason for record in report if record.action in ("drop", "duplicate")}
    warnings = list(raw.warnings) + check_counts(corrections, counts, strict=strict, raw_lines=state.lines, dropped=dropped)
    report = sorted(report + corrected, key=lambda record: record.line)
    return CleanText(
        game=raw.game,
        lines=tuple(kept),
        report=tuple(report),
        credits=_credits(state),
        warnings=tuple(warnings),
        corrected=tuple(changed_lines),
    )


# --- 1. forum and site furniture, line by line ----------------------------------------------------------


def _mark_furniture(state: _State) -> list[tuple[int, int, str]]:
    """Mark post headers, quotes, navigation, URLs and credit lines; return posts as (start, end, author)."""
    lines, fate = state.lines, state.fate
    folded = {fold(text): index for index, text in enumerate(lines) if text.strip() and not BRACKETED.match(text)}
    starts: list[tuple[int, str]] = []
    index = 0
    while index < len(lines):
        text = lines[index].strip()
        bracket = BRACKETED.match(text)
        quote = QUOTE_HEADER.match(text)
        if bracket and fold(bracket.group(1)) in folded:
            fate[index] = ("duplicate", f"bracketed copy of line {folded[fold(bracket.group(1))] + 1}")
        elif bracket and USERNAME.match(bracket.group(1).strip()):
            starts.append((index, bracket.group(1).strip()))
            fate[index] = ("drop", f"forum post header: {bracket.group(1).strip()}")  # settled by _judge_posts
        elif quote:
            fate[index] = ("drop", f"quoted post header ({quote.group(1).strip()})")
            starts.append((index, quote.group(1).strip()))
            index += 1
            while index < len(lines) and lines[index].strip():
                fate[index] = ("drop", f"quoted forum post ({quote.group(1).strip()})")
                index += 1
            continue
        elif text.casefold().strip(".:") in NAVIGATION_WORDS:
            fate[index] = ("drop", "site navigation")
        elif BARE_URL.match(text):
            label = _label_before(lines, index)
            state.urls.append((label, text.strip("<> ")))
            fate[index] = ("credit", f"link kept in credits{f' ({label})' if label else ''}")
        elif CREDIT_LABEL.match(text):
            fate[index] = ("credit", "credit line kept in the sheet footer")
            if not _url_follows(lines, index):
                state.other_credits.append(text.strip().rstrip(":"))
        elif DATE.search(text) and len(DATE.sub("", text).strip(" ,.-")) < 12:
            fate[index] = ("drop", "forum post date")
        index += 1
    # Empty bullets in a row are page debris whose text is missing in the source.
    for index, text in enumerate(lines):
        if LONE_BULLET.match(text) and any(
            LONE_BULLET.match(lines[other]) for other in (index - 1, index + 1) if 0 <= other < len(lines)
        ):
            fate[index] = ("drop", "empty bullet (its text is missing in the source)")
    posts = []
    for number, (start, author) in enumerate(starts):
        end = starts[number + 1][0] if number + 1 < len(starts) else len(lines)
        posts.append((start, end, author))
    return posts


def _label_before(lines: list[str], index: int) -> str:
    previous = index - 1
    while previous >= 0 and not lines[previous].strip():
        previous -= 1
    if previous >= 0 and CREDIT_LABEL.match(lines[previous]):
        return lines[previous].strip().rstrip(":")
    return ""


def _url_follows(lines: list[str], index: int) -> bool:
    following = index + 1
    while following < len(lines) and not lines[following].strip():
        following += 1
    return following < len(lines) and bool(BARE_URL.match(lines[following]))


# --- 2. units and headings -------------------------------------------------------------------------------


def _find_headings(state: _State) -> None:
    """Ask the structure recogniser about the lines as the splitter will see them: headings are kept whole,
    run-in headings open a block. Removed lines and chatter (dropped later) are left out, translator's
    asides lifted off and notes blanked (the splitter reads a note as a paragraph break)."""
    view: list[int] = []
    texts: list[str] = []
    for index, text in enumerate(state.lines):
        if not text.strip():
            view.append(index)
            texts.append("")
            continue
        if index in state.fate:
            continue
        bare = split_inline_note(text, state.options)[0]
        if chatter_reason(bare, state.options):
            continue  # "Muchísimas gracias por el esfuerzo.": a reply shaped like a title is judged as text
        view.append(index)
        texts.append("" if FOOTNOTE_LINE.match(text) or NOTE_PARAGRAPH.match(text) else bare)
    for index, heading in zip(view, find_headings(texts, options=state.structure)):
        if heading is not None:
            (state.openers if heading.style in STYLES_WITH_BODY else state.headings).add(index)


def _find_units(state: _State) -> None:
    current: list[int] = []
    for index, text in enumerate(state.lines):
        if index in state.fate and text.strip():
            continue  # a removed line does not split a paragraph: what it interrupted reads on
        if index in state.fate or not text.strip() or index in state.headings or index in state.openers:
            if current:
                state.units.append(_Unit(current))
                current = []
            if index in state.openers:
                current.append(index)
            continue
        if FOOTNOTE_LINE.match(text):
            # A footnote is judged on its own: it belongs to the paragraph with its marker, not to its neighbours.
            if current:
                state.units.append(_Unit(current))
                current = []
            state.units.append(_Unit([index]))
            continue
        current.append(index)
    if current:
        state.units.append(_Unit(current))


# --- 3. each unit's voice ----------------------------------------------------------------------------------


def _judge_units(state: _State) -> None:
    for unit in state.units:
        # Judge the text without the translator's asides: a rule with a note in it is still a rule.
        text = split_inline_note(" ".join(state.lines[index].strip() for index in unit.lines), state.options)[0]
        if all(LONE_BULLET.match(state.lines[index]) for index in unit.lines):
            unit.kind, unit.reason = "drop", "empty bullet (its text is missing in the source)"
            continue
        tokens = words(text)
        rule_words = sum(token in state.options.rules for token in tokens)
        url_share = sum(len(url) for url in URL.findall(text)) / max(len(text), 1)
        if URL.search(text) and rule_words <= 1 and (META_WORDS.search(text) or url_share > 0.3):
            for url in URL.findall(text):
                state.urls.append(("", url.rstrip(".")))
            unit.kind, unit.reason = "credit", "note about the source document; its link is kept in credits"
            continue
        if NOTE_PARAGRAPH.match(text):
            unit.kind, unit.reason = "note", "translator's note"
            continue
        reason = chatter_reason(text, state.options)
        if reason:
            unit.kind, unit.reason = "drop", f"forum chatter: {reason}"
            continue
        if voice(text, state.options).flavor:
            unit.kind, unit.reason = "flavor", "story (first-person narrative, not rules)"
    _judge_publisher_notes(state)
    _judge_stories(state)


def _judge_stories(state: _State) -> None:
    """Stories told to the reader, or with little first person, are found through characters and neighbours."""
    units = state.units
    texts = [split_inline_note(" ".join(state.lines[index].strip() for index in unit.lines), state.options)[0] for unit in units]
    headings = sorted(state.headings)
    sections = [sum(heading < unit.first for heading in headings) for unit in units]
    found = judge_stories(texts, [unit.kind for unit in units], sections, options=state.options)
    for position, reason in found.items():
        units[position].kind, units[position].reason = "flavor", reason


def _judge_publisher_notes(state: _State) -> None:
    """A publisher's note ("NOTA DEL DISTRIBUIDOR:") about the product is dropped; one with rules is a note."""
    headings = sorted(state.headings)
    for unit in state.units:
        if unit.kind != "text":
            continue
        heading = max((index for index in headings if index < unit.first), default=None)
        text = " ".join(state.lines[index].strip() for index in unit.lines)
        opened = heading is not None and PUBLISHER_NOTE.match(state.lines[heading])
        if not (opened or PUBLISHER_NOTE.match(text)):
            continue
        tokens = words(text)
        if sum(token in state.options.rules for token in tokens) / max(len(tokens), 1) < PUBLISHER_RULE_SHARE:
            unit.kind, unit.reason = "drop", "publisher's note about the product, not a rule"
        else:
            unit.kind, unit.reason = "note", "publisher's note"
        if opened and heading not in state.fate:
            state.fate[heading] = ("drop", f"heading of a publisher's note (line {unit.first + 1}: {unit.kind})")
            state.headings.discard(heading)


def _judge_posts(state: _State, posts: list[tuple[int, int, str]]) -> None:
    """A post with no heading is a reply in the thread; a post with headings is the translator's."""
    for start, end, author in posts:
        translator = any(start < index < end for index in state.headings)
        if translator:
            # Only a post's own header credits its author: a quoted member ("Cita de: X") wrote none of it.
            if state.fate[start][1].startswith("forum post header"):
                if author not in state.translators:
                    state.translators.append(author)
                if state.fate[start][0] == "drop":
                    state.fate[start] = ("credit", f"forum post header: {author} (credited as translator)")
            continue
        if state.fate[start][1].startswith("forum post header"):
            state.fate[start] = ("drop", f"forum post header: {author} (a reply)")
        for unit in state.units:
            if start < unit.first < end and unit.kind in ("text", "flavor"):
                unit.kind, unit.reason = "drop", f"forum reply by {author}"
            elif start < unit.first < end and unit.kind == "drop":
                unit.reason += f" (reply by {author})"


# --- 4. duplicates -----------------------------------------------------------------------------------------


def _mark_duplicates(state: _State) -> None:
    """A block seen before is a duplicate; a truncated copy yields to the complete one wherever it is."""
    blocks: list[tuple[int, str, _Unit | None]] = []  # (first line, folded text, unit or None for heading)
    for unit in state.units:
        blocks.append((unit.first, fold(" ".join(state.lines[i] for i in unit.lines)), unit))
    for index in state.headings:
        blocks.append((index, fold(state.lines[index]), None))
    blocks.sort(key=lambda block: block[0])
    duplicate: dict[int, int] = {}  # block position -> position of the copy that is kept
    seen: dict[str, int] = {}
    for position, (_, key, _) in enumerate(blocks):
        if not key:
            continue
        if key in seen and len(key) >= MIN_DUPLICATE_CHARS:
            duplicate[position] = seen[key]
            continue
        if len(key) >= MIN_DUPLICATE_CHARS:
            for other_key, other in list(seen.items()):
                if len(other_key) >= MIN_DUPLICATE_CHARS and key.startswith(other_key) and other not in duplicate:
                    duplicate[other] = position  # the earlier copy was cut short
        seen.setdefault(key, position)
    # Short blocks (headings, one-liners) are duplicates only inside a run of duplicated blocks.
    changed = True
    while changed:
        changed = False
        for position, (_, key, _) in enumerate(blocks):
            if position in duplicate or not key or key not in seen or seen[key] == position:
                continue
            if (position - 1 in duplicate) or (position + 1 in duplicate):
                duplicate[position] = seen[key]
                changed = True
    for position, kept in duplicate.items():
        first, _, unit = blocks[position]
        original = blocks[kept][2]
        span = (
            f"lines {original.first + 1}-{original.last + 1}"
            if original and original.last > original.first
            else f"line {blocks[kept][0] + 1}"
        )
        reason = f"duplicate of {span}"
        if unit is None:
            state.fate[first] = ("duplicate", reason)
            state.headings.discard(first)
        else:
            unit.kind, unit.reason = "duplicate", reason


def _settle_headings(state: _State) -> None:
    """A heading repeated after forum posts, or with no text after it, does not stand alone."""
    order = sorted(
        [(index, "heading") for index in state.headings]
        + [(unit.first, "unit") for unit in state.units if unit.kind in ("text", "flavor", "note")]
    )
    for position, (index, what) in enumerate(order):
        if what != "heading":
            continue
        following = order[position + 1] if position + 1 < len(order) else None
        if all(kind == "heading" for _, kind in order[position + 1:]):
            state.fate[index] = ("drop", "heading with no text after it (the translation stops here)")
        elif following[1] == "heading" and fold(state.lines[following[0]]) == fold(state.lines[index]):
            state.fate[index] = ("duplicate", f"heading repeated at line {following[0] + 1}, where its text follows")
    state.headings -= set(state.fate)


# --- 5. output: joins, notes, the report ------------------------------------------------------------------


def _emit(state: _State) -> tuple[list[CleanLine], list[CleaningRecord]]:
    lines = state.lines
    report: list[CleaningRecord] = []
    unit_at = {unit.first: unit for unit in state.units}
    pending_notes: dict[int, list[CleanLine]] = {}  # index of a unit's last line -> notes placed after it
    unit_end = {index: unit.last for unit in state.units for index in unit.lines}
    body: list[tuple[int, list[CleanLine]]] = []  # (index after which notes go, lines)

    for index, text in enumerate(lines):
        if index in state.fate:
            action, reason = state.fate[index]
            report.append(CleaningRecord(index + 1, action, reason, text))
        elif not text.strip():
            body.append((index, [CleanLine(text="", first=index + 1, last=index + 1)]))
        elif index in state.headings:
            heading, notes = split_inline_note(text, state.options)
            if notes:
                report.append(CleaningRecord(index + 1, "note", "translator's note moved to its own line after the heading", text))
            out = [CleanLine(heading, index + 1, index + 1)] if heading else []
            out += [CleanLine(note, index + 1, index + 1, "note") for note in notes]
            body.append((index, out))
        elif index in unit_at:
            unit = unit_at[index]
            if unit.kind in ("drop", "credit", "duplicate"):
                for member in unit.lines:
                    report.append(CleaningRecord(member + 1, unit.kind, unit.reason, lines[member]))
                continue
            out = emit_unit(
                lines, unit, removed=state.fate, options=state.options, report=report, pending_notes=pending_notes, unit_end=unit_end
            )
            body.append((unit.last, out))
    kept: list[CleanLine] = []
    for after, out in body:
        kept.extend(out)
        kept.extend(pending_notes.pop(after, []))
    for notes in pending_notes.values():  # notes whose target was not emitted stay at the end
        kept.extend(notes)
    return kept, report


# --- 6. credits ----------------------------------------------------------------------------


def _credits(state: _State) -> Credits:
    source = rulebook = ""
    other = list(state.other_credits)
    for label, url in state.urls:
        if ".pdf" in url.casefold() and not rulebook:
            rulebook = url
        elif label and CREDIT_LABEL.match(label) and "cortes" in label.casefold():
            other.append(f"{label}: {url}")
        elif not source:
            source = url
        elif url not in other:
            other.append(url)
    return Credits(translators=tuple(state.translators), source_url=source, rulebook_url=rulebook, other=tuple(other))
