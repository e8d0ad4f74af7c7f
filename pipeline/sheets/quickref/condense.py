"""Sections -> shorter Sections, extractively: drop worked examples, walkthrough narration and repeats.

Nothing is rewritten or invented: whole blocks or whole sentences are left out, the rest is kept
verbatim, and glossary hits are moved to the new offsets (hits inside left-out text go with it).
Which rules apply is the recipe's choice (`condense: [examples, narration, repeats, asides]`).
"""
from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, replace

from pipeline.model import Block, Section
from pipeline.text import fold

# A sentence ends at . ! ? (or a closing bracket after one) followed by space and a capital, digit,
# opening bracket or Spanish opening mark. Abbreviations like "p.e." or "n. del t." are not followed by a
# capital, so they do not split.
SENTENCE_END = re.compile(r"(?<=[.!?…])[)\]»”\"']?\s+(?=[¿¡(\[«“\"'A-ZÁÉÍÓÚÑÜ0-9])")

# Openers of a worked example in Spanish rulebooks. An example runs to the end of its paragraph.
EXAMPLE_OPENER = re.compile(r"^\W*(por ejemplo|p\.\s?ej\.|ejemplo\s*:|como ejemplo)", re.IGNORECASE)
# A sentence about "the example" ("en este ejemplo", "nuestra nave de ejemplo") narrates it; "por ejemplo"
# inside a rule sentence is only an aside and does not count.
ABOUT_THE_EXAMPLE = re.compile(r"(?<!por )\bejemplo\b", re.IGNORECASE)
# A calculation with concrete numbers, "(2 masa x 3 dificultad = 6 potencia)": a worked example.
WORKED_SUM = re.compile(r"\d+\s*[^\d()=]{0,25}?\s[x×*]\s\d+[^()=]{0,25}=\s*\d+")
# A reminder restates a rule given elsewhere ("Recuerda que una nave puede...").
REMINDER = re.compile(r"^\W*(recuerda|recordad|recuerde|como ya (se ha dicho|sabes|habrás visto))\b", re.IGNORECASE)
# A paragraph that continues one cut by a page break ("[...] consume tres años").
CONTINUATION = re.compile(r"^\s*(\[\s*(\.\.\.|…)\s*\]|\.\.\.|…)")
# Walkthrough voice: first person plural ("nuestra nave", "tenemos", "hagamos", "nos ofrece").
# Rules are written to "you" or impersonally, so these mark narration, not rules.
FIRST_PERSON_PLURAL = re.compile(
    r"\b(nuestr[oa]s?|nosotr[oa]s|nos|\w+(?:amos|emos|áramos|iéramos|ríamos|íamos))\b", re.IGNORECASE
)
# Nouns and adjectives that end like a first person plural verb.
NOT_FIRST_PERSON = frozenset({"extremos", "supremos", "postremos", "ramos", "tramos", "gramos", "remos", "préstamos", "reclamos"})
REPEAT_RATIO = 0.9
# Asides that are not rule statements: an analogy with everyday life ("es similar a empujar un coche"),
# the designer's motivation ("La principal razón para..."), a theme note ("Temáticamente, ..."), the
# translator speaking for themself ("Personalmente, yo..."). Consequences ("De esta forma pueden atacar
# hasta cuatro misiles") are rules and do not count.
ASIDE = re.compile(
    r"\b(es|son|ser[ií]a) (muy )?(similar|parecid[oa]s?|comparable)s? a \w+(ar|er|ir)\b"
    r"|^\W*(la (principal|única|mayor) razón (para|de|por)|temáticamente|personalmente|en la vida real)\b"
    r"|\b(yo|creo que|me parece|no sé si)\b",
    re.IGNORECASE,
)
# A cross-reference inside a sentence, "(ver página 34)", "(véase Movimiento)", "(página 12)": a sheet has
# no page 34. Only the parenthesis goes (with the space before it); the sentence stays.
CROSS_REFERENCE = re.compile(
    r"\s*\((?:ver|v[ée]ase|vea|consulta|cf\.)[^()]{0,60}\)|\s*\((?:en )?(?:la )?p[áa]g(?:ina|\.)\s*\d+[^()]{0,20}\)"
    r"|,?\s*como se (explica|describe|detalla|verá) (más adelante|después|en la (página|sección) \S+)",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class CondenseOptions:
    examples: bool = False
    narration: bool = False
    repeats: bool = False
    asides: bool = False  # analogies, motivation, translator remarks, cross-references
    narration_patterns: tuple[str, ...] = ()
    flavor_patterns: tuple[str, ...] = ()  # sentences that state no rule (a per-game judgement)
    leave_out_blocks: tuple[str, ...] = ()


def sentences(text: str) -> list[tuple[int, int]]:
    """(start, end) spans of the sentences of `text`, covering every non-space character."""
    spans: list[tuple[int, int]] = []
    start = 0
    for match in SENTENCE_END.finditer(text):
        end = match.start() + len(match.group(0).rstrip())
        spans.append((start, end))
        start = match.end()
    if start < len(text):
        spans.append((start, len(text)))
    return [(s, e) for s, e in spans if text[s:e].strip()]


def is_narration(sentence: str, patterns: tuple[re.Pattern, ...] = ()) -> bool:
    if any(pattern.search(sentence) for pattern in patterns):
        return True
    markers = [m.group(0).lower() for m in FIRST_PERSON_PLURAL.finditer(sentence)]
    return any(marker not in NOT_FIRST_PERSON for marker in markers)



def condense(sections: list[Section], *, options: CondenseOptions) -> list[Section]:
    """The sections with left-out blocks and sentences removed; sections left empty disappear."""
    patterns = tuple(re.compile(p, re.IGNORECASE) for p in options.narration_patterns)
    flavor = tuple(re.compile(p, re.IGNORECASE) for p in options.flavor_patterns)
    seen: list[str] = []  # folded statements already on the sheet (for repeats)
    result: list[Section] = []
    for section in sections:
        pieces_per_block: list[list[tuple[int, int]]] = []
        in_example = False
        for block in section.blocks:
            keep = _kept_spans(block, options, patterns, in_example, flavor)
            in_example = keep.example_open
            spans = keep.spans
            if spans and options.repeats:
                folded = fold(" ".join(block.text[s:e] for s, e in spans), keep="=<>≤")
                if folded and any(_same(folded, earlier) for earlier in seen):
                    spans = []
                elif folded:
                    seen.append(folded)
            pieces_per_block.append(spans)
        result.append(_rebuild(section, pieces_per_block))
    # A heading with nothing under it (no text, no printed subsection) is dropped.
    parents = {section.id: section.parent for section in result}
    printed: set[str] = set()
    for section in result:
        ancestor = section.id if section.blocks else None
        while ancestor is not None and ancestor not in printed:
            printed.add(ancestor)
            ancestor = parents.get(ancestor)
    return [section for section in result if section.id in printed]


def _same(a: str, b: str) -> bool:
    """The same statement, give or take a typo ("masa"/"mass") or a changed word."""
    if a == b:
        return True
    if min(len(a), len(b)) < 12 or abs(len(a) - len(b)) > 0.2 * max(len(a), len(b)):
        return False
    words_a, words_b = set(a.split()), set(b.split())
    if len(words_a & words_b) < 0.6 * len(words_a | words_b):  # cheap test before the exact one
        return False
    return difflib.SequenceMatcher(None, a, b, autojunk=False).ratio() >= REPEAT_RATIO


@dataclass(frozen=True)
class _Kept:
    spans: list[tuple[int, int]]
    example_open: bool  # the block ended inside an example that may continue in the next block


def _without_cross_references(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """The sentence's span cut around its cross-references (pieces are glued without a space)."""
    pieces: list[tuple[int, int]] = []
    cursor = start
    for match in CROSS_REFERENCE.finditer(text, start, end):
        if match.start() > cursor:
            pieces.append((cursor, match.start()))
        cursor = match.end()
    if cursor < end:
        pieces.append((cursor, end))
    return [(s, e) for s, e in pieces if text[s:e].strip()] or []


def _kept_spans(
    block: Block, options: CondenseOptions, patterns: tuple[re.Pattern, ...], in_example: bool, flavor: tuple[re.Pattern, ...] = ()
) -> _Kept:
    text = block.text
    if block.kind in options.leave_out_blocks:
        return _Kept([], False)
    whole = [(0, len(text))] if text.strip() else []
    if block.kind in ("formula", "table") or not (options.examples or options.narration or options.repeats or options.asides or flavor):
        return _Kept(whole, False)
    if options.examples and in_example and CONTINUATION.match(text):
        return _Kept([], True)
    kept: list[tuple[int, int]] = []
    for start, end in sentences(text):
        sentence = text[start:end]
        if options.examples and EXAMPLE_OPENER.match(sentence):
            return _Kept(kept, True)  # the example runs to the end of the paragraph
        if options.examples and (WORKED_SUM.search(sentence) or ABOUT_THE_EXAMPLE.search(sentence)):
            continue
        if options.narration and is_narration(sentence, patterns):
            continue
        if options.repeats and REMINDER.match(sentence):
            continue
        if options.asides and ASIDE.search(sentence):
            continue
        if any(pattern.search(sentence) for pattern in flavor):
            continue
        if options.asides:
            kept.extend(_without_cross_references(text, start, end))
            continue
        kept.append((start, end))
    return _Kept(kept, False)


def _rebuild(section: Section, pieces_per_block: list[list[tuple[int, int]]]) -> Section:
    """New blocks from the kept spans, each block's glossary hits moved to their new offsets."""
    blocks: list[Block] = []
    for block, spans in zip(section.blocks, pieces_per_block):
        if not spans:
            continue
        parts: list[str] = []
        moves: list[tuple[int, int, int]] = []  # (old start, old end, new start) of every kept piece
        cursor = 0
        for index, (start, end) in enumerate(spans):
            # Sentences are joined by a space; the pieces of a sentence cut around a cross-reference
            # (not preceded by a space in the source) are glued as they were.
            if index and (start == 0 or block.text[start - 1].isspace()):
                parts.append(" ")
                cursor += 1
            parts.append(block.text[start:end])
            moves.append((start, end, cursor))
            cursor += end - start
        terms = [
            replace(hit, start=hit.start + new_start - start, end=hit.end + new_start - start)
            for hit in block.terms
            for start, end, new_start in moves
            if start <= hit.start and hit.end <= end
        ]
        blocks.append(replace(block, text="".join(parts), terms=tuple(terms)))
    return replace(section, blocks=tuple(blocks))
