"""The cleaner's units (blocks of lines between blank lines and headings) and each unit's voice: a rule, forum
chatter, the makers' promotion, a note (the translator's, the editor's, the publisher's), a story; the sections of a
blog or fan page that are not rules (offtopic.py) go with their units.
"""
from __future__ import annotations

from bisect import bisect_left, bisect_right

from pipeline.clean.leadins import SENTENCE_SPLIT, chatter_lead_ins
from pipeline.clean.notes import split_inline_note
from pipeline.clean.offtopic import PLANS_REASON, PRODUCT_PRESENTED, PRODUCT_PROMOTION, RULE_PRESENTED, SPECULATION, off_topic_sections
from pipeline.clean.resources import APP_PROMOTION, LONE_BULLET, META_WORDS, MODAL_VERBS, URL, CleanOptions, chatter_reason, voice
from pipeline.clean.state import State, Unit
from pipeline.clean.stories import judge_stories
from pipeline.modelkinds import CleaningAction, LineKind
from pipeline.structure import SUBTITLE
from pipeline.structure.notemarks import EDITOR_REMARK, FOOTNOTE_LINE, NOTE_PARAGRAPH, NOTES_HEADING, PUBLISHER_NOTE
from pipeline.text import words

MIN_RULE_WORDS = 2  # rule words that make a sentence of a chatty paragraph a rule
# A publisher's note with less rule vocabulary per word than this is about the product (dropped), not errata.
PUBLISHER_RULE_SHARE = 0.06


def find_units(state: State) -> None:
    current: list[int] = []
    for index, text in enumerate(state.lines):
        if index in state.fate and text.strip():
            continue  # a removed line does not split a paragraph: what it interrupted reads on
        if index in state.fate or not text.strip() or index in state.headings or index in state.openers:
            if current:
                state.units.append(Unit(current))
                current = []
            if index in state.openers:
                current.append(index)
            continue
        if FOOTNOTE_LINE.match(text) or _a_note_alone(text, state.options):
            # A footnote is judged on its own: it belongs to the paragraph with its marker, not to its neighbours.
            # So is a line that is only the translator's aside (where a first cleaning moved it): judged with the
            # rule below it, its chatter would take the rule along ("(traducción libre, jeje)" / "El atacante...").
            if current:
                state.units.append(Unit(current))
                current = []
            state.units.append(Unit([index]))
            continue
        current.append(index)
    if current:
        state.units.append(Unit(current))


def _a_note_alone(text: str, options: CleanOptions) -> bool:
    stripped = text.strip()
    return stripped.startswith("(") and stripped.endswith(")") and split_inline_note(stripped, options) == ("", [stripped])


def judge_units(state: State) -> None:
    noted = _under_notes_headings(state, sorted(state.headings))
    for unit in state.units:
        # Judge the text without the translator's asides: a rule with a note in it is still a rule.
        text = split_inline_note(" ".join(state.lines[index].strip() for index in unit.lines), state.options)[0]
        if all(LONE_BULLET.match(state.lines[index]) for index in unit.lines):
            unit.kind, unit.reason = CleaningAction.DROP, "empty bullet (its text is missing in the source)"
            continue
        tokens = words(text)
        rule_words = sum(token in state.options.rules for token in tokens)
        url_share = sum(len(url) for url in URL.findall(text)) / max(len(text), 1)
        if URL.search(text) and rule_words <= 1 and (META_WORDS.search(text) or url_share > 0.3):
            for url in URL.findall(text):
                state.urls.append(("", url.rstrip(".")))
            unit.kind, unit.reason = CleaningAction.CREDIT, "note about the source document; its link is kept in credits"
            continue
        if NOTE_PARAGRAPH.match(text) or unit.first in noted:
            unit.kind, unit.reason = LineKind.NOTE, "translator's note"
            continue
        if EDITOR_REMARK.match(text):
            unit.kind, unit.reason = LineKind.NOTE, "editor's remark on the rulebook's wording"
            continue
        if SUBTITLE.match(text.strip()):
            unit.kind, unit.reason = CleaningAction.DROP, "subtitle: what the document is (a rulebook), no rule"
            continue
        reason = chatter_reason(text, state.options)
        if reason and (reason == APP_PROMOTION or not _a_rule_inside(text, state.options)):
            unit.kind, unit.reason = CleaningAction.DROP, f"forum chatter: {reason}"
            continue
        if PRODUCT_PRESENTED.search(text) and not MODAL_VERBS.intersection(tokens) and not RULE_PRESENTED.search(text):
            unit.kind, unit.reason = CleaningAction.DROP, PRODUCT_PROMOTION
            continue
        if voice(text, state.options).flavor:
            unit.kind, unit.reason = LineKind.FLAVOR, "story (first-person narrative, not rules)"
    _judge_publisher_notes(state)
    _judge_off_topic(state)
    _judge_stories(state)
    for position in chatter_lead_ins(state.lines, state.units, state.headings):
        state.units[position].kind, state.units[position].reason = CleaningAction.DROP, "forum chatter: the lead-in of chatter that went"


def _under_notes_headings(state: State, headings: list[int]) -> set[int]:
    """The lines under a heading of the translator's notes ("Notas del traductor"), each a note whatever it says,
    up to the next heading or the first furniture the cleaner removed (a post's signature, the next post's header).
    One walk over each such section."""
    noted: set[int] = set()
    for position, heading in enumerate(headings):
        if not NOTES_HEADING.match(state.lines[heading]):
            continue
        end = headings[position + 1] if position + 1 < len(headings) else len(state.lines)
        for index in range(heading + 1, end):
            if index in state.fate and state.lines[index].strip():
                break
            noted.add(index)
    return noted


def _a_rule_inside(text: str, options: CleanOptions) -> bool:
    """'Cada jugador roba dos cartas. Más traducciones en la web de ...': a paragraph with a sentence of rules that
    no chatter touches is a rule, its chatter kept with it rather than the rule lost."""
    sentences = SENTENCE_SPLIT.split(text)
    return len(sentences) > 1 and any(_a_rule_sentence(sentence, options) for sentence in sentences)


def _a_rule_sentence(sentence: str, options: CleanOptions) -> bool:
    """A sentence of rule words that no chatter touches."""
    return sum(token in options.rules for token in words(sentence)) >= MIN_RULE_WORDS and chatter_reason(sentence, options) is None


def _plans_with_a_rule(state: State, heading: int, end: int) -> bool:
    """A section under a plans title ("Pendientes", "Próximamente") that states a rule, neither asked nor hedged
    ("Al terminar la partida, guarda las cartas de mejora…"), is the game's: only one of questions and maybes goes."""
    text = " ".join(state.lines[index].strip() for index in range(heading + 1, end + 1) if index not in state.fate)
    return any(_a_rule_sentence(sentence, state.options) and not SPECULATION.search(sentence) for sentence in SENTENCE_SPLIT.split(text))


def _judge_off_topic(state: State) -> None:
    """Opinion, rating, download and comment sections of a blog or fan page go, heading and all; so do the project's
    plans (a "TODO" section)."""
    headings = sorted(state.headings)
    firsts = [unit.first for unit in state.units]  # in line order: bisect finds a section's units and headings
    for heading, (end, reason) in off_topic_sections(state.lines, headings, state.fate).items():
        if reason.startswith(PLANS_REASON) and _plans_with_a_rule(state, heading, end):
            continue
        state.fate[heading] = (CleaningAction.DROP, reason)
        for unit in state.units[bisect_right(firsts, heading) : bisect_right(firsts, end)]:
            if unit.kind != CleaningAction.DROP:
                unit.kind, unit.reason = CleaningAction.DROP, reason
        for index in headings[bisect_right(headings, heading) : bisect_right(headings, end)]:
            if index in state.headings:
                state.fate[index] = (CleaningAction.DROP, reason)
                state.headings.discard(index)
        state.headings.discard(heading)


def _judge_stories(state: State) -> None:
    """Stories told to the reader, or with little first person, are found through characters and neighbours."""
    units = state.units
    texts = [split_inline_note(" ".join(state.lines[index].strip() for index in unit.lines), state.options)[0] for unit in units]
    headings = sorted(state.headings)
    sections = [bisect_left(headings, unit.first) for unit in units]  # how many headings precede the unit
    found = judge_stories(texts, [unit.kind for unit in units], sections, options=state.options)
    for position, reason in found.items():
        units[position].kind, units[position].reason = LineKind.FLAVOR, reason


def _judge_publisher_notes(state: State) -> None:
    """A publisher's note ("NOTA DEL DISTRIBUIDOR:") about the product is dropped; one with rules is a note."""
    headings = sorted(state.headings)
    for unit in state.units:
        if unit.kind != LineKind.TEXT:
            continue
        before = bisect_left(headings, unit.first)
        heading = headings[before - 1] if before else None
        text = " ".join(state.lines[index].strip() for index in unit.lines)
        opened = heading is not None and PUBLISHER_NOTE.match(state.lines[heading])
        if not (opened or PUBLISHER_NOTE.match(text)):
            continue
        tokens = words(text)
        if sum(token in state.options.rules for token in tokens) / max(len(tokens), 1) < PUBLISHER_RULE_SHARE:
            unit.kind, unit.reason = CleaningAction.DROP, "publisher's note about the product, not a rule"
        else:
            unit.kind, unit.reason = LineKind.NOTE, "publisher's note"
        if opened and heading is not None and heading not in state.fate:
            state.fate[heading] = (CleaningAction.DROP, f"heading of a publisher's note (line {unit.first + 1}: {unit.kind})")
            state.headings.discard(heading)
