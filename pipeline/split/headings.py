"""Which cleaned lines open sections: the recognisers of pipeline.structure propose, the line labeller of
pipeline.learn confirms or overrules them where it is sure (the splitter's one place for that decision)."""

from __future__ import annotations

from dataclasses import replace

from pipeline.learn.features import Unit, units_of
from pipeline.learn.labeller import Reading, model_path, read_units
from pipeline.model import CleanLine, CleanText
from pipeline.modelkinds import HeadingStyle, LineKind
from pipeline.split.follow import follow_corrections
from pipeline.split.order import reading_order
from pipeline.structure import BOLD_RUN_IN, Heading, SplitOptions, find_headings, looks_like_sentence, readable_title

# Headings the source's markup states ("## ", <h2>, a Word heading style), page markers ("Página 25 - ...") and
# the headings a game.yaml hint names: the model reads them, it never overrules them.
AUTHORITATIVE = (HeadingStyle.MARKUP, HeadingStyle.CHAPTER, HeadingStyle.CARD, HeadingStyle.PAGE)
# How sure the line labeller must be to overrule the recognisers: below VETO a proposed heading is text, above
# ADOPT a short line they missed is a heading. Chosen on `make eval` (leave-one-text-out): 0.2 and 0.3 scored the
# same until three more format cases joined the training set, when 0.3 vetoed a heading of one text read at 0.23.
VETO = 0.2
ADOPT = 0.7
MAX_ADOPTED_WORDS = 10


def reading_units(cleaned: CleanText, options: SplitOptions) -> tuple[list[Unit], tuple[CleanLine, ...]]:
    """The cleaned lines in reading order as the line labeller reads them, with the recognisers' verdicts."""
    lines = reading_order(cleaned.lines, options.chunks)
    return _proposed(lines, options)[1], lines


def _proposed(lines: tuple[CleanLine, ...], options: SplitOptions) -> tuple[list[Heading | None], list[Unit]]:
    """The recognisers' proposals for `lines`, and the units the labeller reads."""
    texts = _texts(lines)
    headings = _document_title_level(find_headings(texts, options=options))
    return headings, units_of(texts, [line.kind for line in lines], headings)


# The last lines read, with their hints and model, the recognisers' proposals, the units and the labeller's readings:
# a build's split and its proof page ask the same lines, with the same hints unless corrections moved them.
_LAST_READ: list[tuple[tuple[CleanLine, ...], SplitOptions, object, tuple[Heading | None, ...], list[Unit], list[Reading] | None]] = []


def _read(lines: tuple[CleanLine, ...], options: SplitOptions) -> tuple[tuple[Heading | None, ...], list[Unit], list[Reading] | None]:
    """`_proposed`, and the labeller's readings of the units (None: no model)."""
    model = model_path()
    if not (_LAST_READ and _LAST_READ[0][2] == model and _LAST_READ[0][1] == options and _LAST_READ[0][0] == lines):
        headings, units = _proposed(lines, options)
        _LAST_READ[:] = [(lines, options, model, tuple(headings), units, read_units(units, options))]
    _, _, _, headings_read, units_read, readings = _LAST_READ[0]
    return headings_read, units_read, readings


def decide_headings(lines: tuple[CleanLine, ...], options: SplitOptions) -> list[Heading | None]:
    """Which lines open sections: the recognisers propose, the line labeller (pipeline.learn) confirms or
    overrules where it is sure; without a model the recognisers decide alone."""
    proposed, units, readings = _read(lines, options)
    headings = list(proposed)
    for unit, reading in zip(units, readings or ()):
        heading = headings[unit.index]
        if heading is not None and not _stated(heading, unit.text) and reading.heading < VETO:
            headings[unit.index] = None
        elif heading is None and reading.heading > ADOPT and _could_title(unit.text):
            headings[unit.index] = Heading(readable_title(unit.text), HeadingStyle.TITLE)
    return headings


def unsure_headings(cleaned: CleanText, options: SplitOptions) -> dict[int, float]:
    """Raw line -> how likely the labeller finds it opens a section, for the lines it left as they were without
    being sure (between VETO and ADOPT): the proof page marks them, and a game.yaml hint settles each one
    (`options.split.not_headings` unmakes a heading, `chapters` makes one). The hints follow the corrections as
    the split's do, so the page shows the readings the build decided by (and reads them from `_LAST_READ`)."""
    options = follow_corrections(options, cleaned.corrected)
    lines = reading_order(cleaned.lines, options.chunks)
    _, units, readings = _read(lines, options)
    return {
        lines[unit.index].first: reading.heading
        for unit, reading in zip(units, readings or ())
        if VETO <= reading.heading <= ADOPT
        and (not _stated(unit.verdict, unit.text) if unit.verdict is not None else _could_title(unit.text))
    }


def _stated(heading: Heading, text: str) -> bool:
    """A heading the labeller never overrules: an authoritative style, or the bold run-in ingest wrote for a bold
    lead ("**Mover.** Mueve...", from any format's bold). Every reader writes that lead the same way, so the
    decision is ingest's (`ingest/inline.py`), not the labeller's reading of the blank lines and heading
    marks around it, which differ by format (a .docx paragraph, a Markdown line, a BBCode post line)."""
    return (
        heading.style in AUTHORITATIVE
        or heading.outline  # the text's indentation states it, as markup would: one text in the corpus has such an outline
        or (heading.style == HeadingStyle.RUNIN and BOLD_RUN_IN.match(text) is not None)
    )


def _could_title(text: str) -> bool:
    """A line the labeller may make a heading the recognisers missed: short, no sentence, and opening as a title
    does (a wrapped line's lower-case words, 'uno dos', are the paragraph's)."""
    first = next((char for char in text if char.isalnum()), "")
    short = len(text.split()) <= MAX_ADOPTED_WORDS
    return (first.isupper() or first.isdigit()) and short and not text.rstrip().endswith((".", ",", ";")) and not looks_like_sentence(text)


def _texts(lines: tuple[CleanLine, ...]) -> list[str]:
    # Flavour and note lines never open sections; to the recogniser they are paragraph breaks.
    return [line.text if line.kind == LineKind.TEXT else "" for line in lines]


def _document_title_level(headings: list[Heading | None]) -> list[Heading | None]:
    """A lone top-level heading of a marked-up source is the document's title: its sections stand beside
    it rather than all inside it ("# Juego" then "## Preparación", "## Turno")."""
    tops = [h for h in headings if h is not None and h.style == HeadingStyle.MARKUP and h.depth == 1]
    if len(tops) != 1:
        return headings
    return [replace(h, depth=h.depth - 1) if h is not None and h.style == HeadingStyle.MARKUP and h.depth > 1 else h for h in headings]
