"""RawText -> CleanText: drop forum noise, keep rules, mark flavour and notes, and account for every input line.

Every raw line ends up either kept as it is (a CleanLine with the same text; blank lines are kept as
paragraph separators) or named in the report with an action and a reason a person can read. The cleaner
judges blocks of lines (units between blank lines and headings), not single lines, the way boilerplate
removers such as jusText do: forum furniture first, then posts, then each block's voice, then duplicates.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from .corrections import Correction, apply_corrections, check_counts
from .model import CleaningRecord, CleanLine, CleanText, Credits, RawText
from .noise import (
    BARE_URL,
    FIRST_PLURAL,
    BRACKETED,
    CREDIT_LABEL,
    DANGLING_WORDS,
    DATE,
    FOOTNOTE_LINE,
    LIST_MARKER,
    LONE_BULLET,
    META_WORDS,
    NAVIGATION_WORDS,
    NOTE_OPEN,
    NOTE_PARAGRAPH,
    QUOTE_HEADER,
    TERMINAL,
    URL,
    USERNAME,
    CleanOptions,
    aside_reason,
    chatter_reason,
    fold,
    is_heading,
    story_names,
    voice,
    words,
)

# Below this many folded characters a block is only called a duplicate when a neighbour is one too.
MIN_DUPLICATE_CHARS = 40
# A line this long without final punctuation is a paragraph broken by the PDF copy, not a heading or item.
LONG_LINE = 150


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
    fate: dict[int, tuple[str, str]] = field(default_factory=dict)  # removed line -> (action, reason)
    headings: set[int] = field(default_factory=set)
    units: list[_Unit] = field(default_factory=list)
    translators: list[str] = field(default_factory=list)
    urls: list[tuple[str, str]] = field(default_factory=list)  # (label, url)
    other_credits: list[str] = field(default_factory=list)


def clean(
    raw: RawText,
    *,
    corrections: tuple[Correction, ...] = (),
    options: CleanOptions | dict | None = None,
    strict: bool = False,
) -> CleanText:
    """Remove what is not rule text, mark flavour and notes, apply corrections; report every change."""
    state = _State(lines=[line.rstrip() for line in raw.lines], options=CleanOptions.from_mapping(options))
    posts = _mark_furniture(state)
    _find_units(state)
    _judge_units(state)
    _judge_posts(state, posts)
    _mark_duplicates(state)
    _settle_headings(state)
    kept, report = _emit(state)
    kept, corrected, counts = _correct(kept, corrections, state.lines)
    warnings = list(raw.warnings) + check_counts(corrections, counts, strict=strict)
    report = sorted(report + corrected, key=lambda record: record.line)
    return CleanText(
        game=raw.game,
        lines=tuple(kept),
        report=tuple(report),
        credits=_credits(state),
        warnings=tuple(warnings),
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


def _next_text(state: _State, index: int) -> str | None:
    """The raw line after `index` as the splitter will see it (removed lines skipped, blank ends it)."""
    following = index + 1
    while following < len(state.lines) and following in state.fate:
        following += 1
    return state.lines[following] if following < len(state.lines) else None


def _find_units(state: _State) -> None:
    current: list[int] = []
    for index, text in enumerate(state.lines):
        if index in state.fate and text.strip():
            continue  # a removed line does not split a paragraph: what it interrupted reads on
        if index in state.fate or not text.strip():
            if current:
                state.units.append(_Unit(current))
                current = []
            continue
        if is_heading(_split_inline_note(text, state.options)[0], _next_text(state, index)):
            state.headings.add(index)
            if current:
                state.units.append(_Unit(current))
                current = []
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
        text = _split_inline_note(" ".join(state.lines[index].strip() for index in unit.lines), state.options)[0]
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
    _judge_stories(state)


def _judge_stories(state: _State) -> None:
    """Stories told in the second person are found through their characters and their neighbours."""
    texts = {
        id(unit): _split_inline_note(" ".join(state.lines[index].strip() for index in unit.lines), state.options)[0]
        for unit in state.units
    }
    names = story_names([texts[id(unit)] for unit in state.units if unit.kind == "flavor"])
    names |= {name.casefold() for name in state.options.flavor_names}
    rules = state.options.rules

    def density(unit: _Unit) -> tuple[float, list[str]]:
        tokens = words(texts[id(unit)])
        return sum(token in rules for token in tokens) / max(len(tokens), 1), tokens

    for unit in state.units:
        if unit.kind != "text":
            continue
        share, tokens = density(unit)
        named = sum(token in names for token in tokens)
        told = voice(texts[id(unit)], state.options).narrative - 0.5 * sum(token in FIRST_PLURAL for token in tokens)
        if len(tokens) >= 10 and share < 0.06 and (named >= 1 or told >= 2) and (named + told) / len(tokens) > 0.02:
            unit.kind, unit.reason = "flavor", "story (narrative with no rule vocabulary)"
    # A run of rule-poor blocks between two stories, under one heading, is part of the story.
    boundaries = sorted(state.headings)
    for position, unit in enumerate(state.units):
        if unit.kind != "flavor":
            continue
        run: list[_Unit] = []
        for following in state.units[position + 1:]:
            if any(unit.last < heading < following.first for heading in boundaries):
                break
            if following.kind == "flavor":
                for member in run:
                    member.kind, member.reason = "flavor", "story (between two parts of the same story)"
                break
            if following.kind != "text" or density(following)[0] >= 0.1:
                break
            run.append(following)


def _judge_posts(state: _State, posts: list[tuple[int, int, str]]) -> None:
    """A post with no heading is a reply in the thread; a post with headings is the translator's."""
    for start, end, author in posts:
        translator = any(start < index < end for index in state.headings)
        if translator:
            if author not in state.translators:
                state.translators.append(author)
            if state.fate[start][0] == "drop" and state.fate[start][1].startswith("forum post header"):
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
        span = f"lines {original.first + 1}-{original.last + 1}" if original and original.last > original.first else f"line {blocks[kept][0] + 1}"
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
            heading, notes = _split_inline_note(text, state.options)
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
            out = _emit_unit(state, unit, report, pending_notes, unit_end)
            body.append((unit.last, out))
    kept: list[CleanLine] = []
    for after, out in body:
        kept.extend(out)
        kept.extend(pending_notes.pop(after, []))
    for notes in pending_notes.values():  # notes whose target was not emitted stay at the end
        kept.extend(notes)
    return kept, report


def _emit_unit(
    state: _State,
    unit: _Unit,
    report: list[CleaningRecord],
    pending_notes: dict[int, list[CleanLine]],
    unit_end: dict[int, int],
) -> list[CleanLine]:
    lines = state.lines
    kind = "note" if unit.kind == "note" else unit.kind
    body: list[int] = []
    for index in unit.lines:
        footnote = FOOTNOTE_LINE.match(lines[index])
        if footnote and kind != "note":
            target = _footnote_target(state, index, footnote.group(1), unit)
            where = f"footnote ({footnote.group(1)})"
            if target is None:
                report.append(CleaningRecord(index + 1, "note", f"{where}; no marker found, kept in place", lines[index]))
                pending_notes.setdefault(unit.last, []).append(CleanLine(lines[index], index + 1, index + 1, "note"))
            else:
                report.append(CleaningRecord(index + 1, "note", f"{where} for line {target + 1}, placed after its paragraph", lines[index]))
                pending_notes.setdefault(unit_end.get(target, unit.last), []).append(CleanLine(lines[index], index + 1, index + 1, "note"))
        else:
            body.append(index)
    out: list[CleanLine] = []
    for group in _join_groups(lines, body):
        first, last = group[0], group[-1]
        text = _joined_text(lines, group)
        if LONE_BULLET.match(text):
            report.append(CleaningRecord(first + 1, "drop", "empty bullet (its text is missing in the source)", lines[first]))
            continue
        if len(group) > 1:
            span = f"lines {first + 1}-{last + 1}"
            for index in group:
                reason = f"broken line joined into one ({span})" if index == first else f"continues line {index}; joined ({span})"
                report.append(CleaningRecord(index + 1, "join", reason, lines[index]))
        if kind in ("flavor", "note"):
            for index in group:
                report.append(CleaningRecord(index + 1, kind, unit.reason, lines[index]))
        text, notes = _split_inline_note(text, state.options) if kind == "text" else (text, [])
        if notes:
            report.append(CleaningRecord(first + 1, "note", "translator's note moved to its own line after the paragraph", lines[first]))
            pending_notes.setdefault(unit.last, []).extend(CleanLine(note, first + 1, last + 1, "note") for note in notes)
        if text:
            out.append(CleanLine(text, first + 1, last + 1, kind))
    return out


def _footnote_target(state: _State, index: int, number: str, unit: _Unit) -> int | None:
    """The nearest kept line before `index` that carries the marker "(N)" (not a footnote line itself)."""
    marker = f"({number})"
    for candidate in range(index - 1, max(-1, index - 80), -1):
        text = state.lines[candidate]
        if candidate in state.fate or FOOTNOTE_LINE.match(text):
            continue
        if marker in text:
            return candidate
    return None


def _join_groups(lines: list[str], indexes: list[int]) -> list[list[int]]:
    """Lines of one unit (removed lines between them do not count) that belong to one sentence or item."""
    groups: list[list[int]] = []
    for index in indexes:
        if groups and _continues(_joined_text(lines, groups[-1]), lines[index]):
            groups[-1].append(index)
        else:
            groups.append([index])
    return groups


def _continues(previous: str, following: str) -> bool:
    before, after = previous.strip(), following.strip()
    if not after or LONE_BULLET.match(after):
        return False
    if LONE_BULLET.match(before):
        return True  # a bullet on a line of its own takes the next line as its text
    if LIST_MARKER.match(after) or FOOTNOTE_LINE.match(after):
        return False
    if after[0].islower():
        return True  # a sentence (or page-break debris such as "barco.") carried over to the next line
    # A long line cut after a word no sentence ends with ("... unos minutos antes") goes on below.
    last_word = before.rsplit(None, 1)[-1].casefold() if before else ""
    return len(before) >= LONG_LINE and last_word in DANGLING_WORDS and len(after) >= 80


def _joined_text(lines: list[str], group: list[int]) -> str:
    text = lines[group[0]].rstrip()
    for index in group[1:]:
        text = f"{text} {lines[index].strip()}"
    return text


def _split_inline_note(text: str, options: CleanOptions) -> tuple[str, list[str]]:
    """'rule (n. del t: ...) rest' -> ('rule rest', ['(n. del t: ...)']); the same for the translator's asides."""
    notes: list[str] = []
    start = 0
    while True:
        opening = text.find("(", start)
        if opening < 0:
            break
        depth, end = 0, len(text)
        for position in range(opening, len(text)):
            if text[position] == "(":
                depth += 1
            elif text[position] == ")":
                depth -= 1
                if depth == 0:
                    end = position + 1
                    break
        inside = text[opening:end]
        # An aside is a parenthesis inside a rule, or a line that is nothing but one (a note already moved).
        whole_line = opening == 0 and not text[end:].strip()
        if not (NOTE_OPEN.match(inside) or ((opening > 0 or whole_line) and aside_reason(inside, options))):
            start = opening + 1
            continue
        notes.append(inside.strip())
        rest = text[end:].lstrip()
        text = text[:opening].rstrip() + (" " if rest[:1].isalnum() or rest[:1] in "¿¡'\"(" else "") + rest
        text = re.sub(r"\s+([.,;:])", r"\1", text).rstrip()
        start = opening
    return text, notes


# --- 6. corrections and credits ----------------------------------------------------------------------------


def _correct(
    kept: list[CleanLine], corrections: tuple[Correction, ...], raw_lines: list[str]
) -> tuple[list[CleanLine], list[CleaningRecord], dict[int, int]]:
    counts: dict[int, int] = {}
    records: list[CleaningRecord] = []
    if not corrections:
        return kept, records, counts
    out = []
    for line in kept:
        if not line.text.strip():
            out.append(line)
            continue
        text, applied = apply_corrections(line.text, corrections)
        for change in applied:
            counts[change.correction.index] = counts.get(change.correction.index, 0) + change.count
            fix = change.correction
            shown = f"{fix.pattern!r} → {fix.replace!r}" + (f" ×{change.count}" if change.count > 1 else "")
            reason = f"corrections.yaml #{fix.index}: {shown}" + (f" ({fix.note})" if fix.note else "")
            records.append(CleaningRecord(line.first, "correct", reason, raw_lines[line.first - 1]))
        out.append(CleanLine(text, line.first, line.last, line.kind) if applied else line)
    return out, records, counts


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
