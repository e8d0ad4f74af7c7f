"""Sections -> shorter Sections, extractively: keep the sentences that state rules, drop the rest, merge repeats.

Nothing is invented: whole blocks or whole sentences are left out, the rest is kept verbatim (but a
discourse opener, with `directives`), and glossary hits are moved to the new offsets (hits inside left-out text go with it).
Which rules apply is the recipe's choice (`condense: [roles, repeats, directives]`, the template's default): `roles` asks the
learned sentence classifier (pipeline/learn/sentences.py) for each sentence's role and keeps rules only; the
older pattern rules (`examples`, `narration`, `asides`) remain for recipes that name them; `directives` leaves a kept
sentence's discourse opener out ("Ten en cuenta que…": directives.py), the one change inside a sentence.
"""
from __future__ import annotations

import re
from bisect import bisect_right
from collections import Counter
from dataclasses import dataclass, replace

from pipeline.learn.sentences import KEPT_ROLES, SENTENCE_END, block_contexts, load_model, sentences  # noqa: F401 - sentences: re-exported
from pipeline.model import Block, CorrectedLine, Section
from pipeline.modelkinds import BlockKind
from pipeline.sheets.patterns import SentencePattern, in_block, sentence_patterns
from pipeline.sheets.quickref.directives import directives
from pipeline.sheets.quickref.examples import example_blocks
from pipeline.sheets.quickref.leads import leads_follow
from pipeline.sheets.quickref.lookups import only_points_elsewhere
from pipeline.sheets.quickref.repeats import NUMBER, Statements, statement_key
from pipeline.sheets.quickref.stubs import with_something_under
from pipeline.text import fold

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
    r"|\s*\(se (?:explica|describe|detalla|verá)n? (?:más adelante|después|más abajo|posteriormente)\)"
    r"|,?\s*como se (explica|describe|detalla|verá) (más adelante|después|en la (página|sección) \S+)",
    re.IGNORECASE,
)
# What a cross-reference points at: "(VER: Combate)", "(véase la sección «Vida y maná»)", "(ver tiradas, más adelante)".
CROSS_REFERENCE_TARGET = re.compile(
    r"^\s*\((?:ver|v[ée]ase|vea|consulta|cf\.)\s*:?\s*(?:(?:la |el )?(?:secci[óo]n|apartado|cap[íi]tulo)\s+(?:de\s+)?)?"
    r"[\"“«']?(?P<target>[^()\"”»']+?)[\"”»']?(?:,?\s*(?:m[áa]s adelante|m[áa]s abajo|abajo|arriba|antes|despu[ée]s))?\s*[.,;]?\s*\)$",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class CondenseOptions:
    roles: bool = False  # keep only the sentences the classifier calls rules (or repeats, merged below)
    examples: bool = False
    narration: bool = False
    repeats: bool = False
    asides: bool = False  # analogies, motivation, translator remarks, cross-references
    directives: bool = False  # a kept sentence's discourse opener ("Ten en cuenta que…") left out (directives.py)
    narration_patterns: tuple[str, ...] = ()
    flavor_patterns: tuple[str, ...] = ()  # sentences that state no rule (a per-game judgement)
    leave_out_blocks: tuple[str, ...] = ()
    corrected: tuple[CorrectedLine, ...] = ()  # Document.corrected: the patterns also match the source's words

    @classmethod
    def of_recipe(cls, recipe, *, corrected: tuple[CorrectedLine, ...] = ()) -> "CondenseOptions":
        """What a recipe's `condense`, `flavor_sentences`, `leave_out_blocks` (and a quickref's `narration`) ask;
        quickref and card recipes share these keys."""
        return cls(
            roles="roles" in recipe.condense,
            examples="examples" in recipe.condense,
            narration="narration" in recipe.condense,
            repeats="repeats" in recipe.condense,
            asides="asides" in recipe.condense,
            directives="directives" in recipe.condense,
            narration_patterns=tuple(getattr(recipe, "narration", ())),  # card recipes have none
            flavor_patterns=recipe.flavor_sentences,
            leave_out_blocks=recipe.leave_out_blocks,
            corrected=corrected,
        )


def is_narration(sentence: str, patterns: tuple[SentencePattern, ...] = ()) -> bool:
    if any(pattern.search(sentence) for pattern in patterns):
        return True
    markers = [m.group(0).lower() for m in FIRST_PERSON_PLURAL.finditer(sentence)]
    return any(marker not in NOT_FIRST_PERSON for marker in markers)


def condense(sections: list[Section], *, options: CondenseOptions) -> list[Section]:
    """The sections with left-out blocks and sentences removed; sections left empty disappear."""
    patterns = sentence_patterns(options.narration_patterns)
    flavor = sentence_patterns(options.flavor_patterns)
    kept: list[list[tuple[list[tuple[int, int]], str]]] = []  # per section, per block: (spans, folded statement)
    titles = frozenset(fold(section.title) for section in sections)  # what a kept cross-reference may point at
    for section in sections:
        in_example = False
        spans_per_block = []
        worked = example_blocks(section) if options.roles or options.examples else frozenset()
        for number, block in enumerate(section.blocks):
            keep = _Kept([], False) if number in worked else _kept_spans(
                block, options, in_block(patterns, block, options.corrected), in_example, in_block(flavor, block, options.corrected),
                section=section, titles=titles,
            )
            in_example = keep.example_open
            spans_per_block.append(keep.spans)
        if options.roles:
            spans_per_block = _without_orphans(section, spans_per_block)
        kept.append([
            (spans, statement_key(" ".join(block.text[s:e] for s, e in spans)) if spans and options.repeats else "")
            for block, spans in zip(section.blocks, spans_per_block)
        ])
    seen = Statements(Counter(word for blocks in kept for _, folded in blocks for word in set(folded.split())))
    said: set[str] = set()  # the sheet's sentences so far, folded (a paragraph may repeat two of another's)
    result: list[Section] = []
    for section, blocks in zip(sections, kept):
        pieces_per_block: list[list[tuple[int, int]]] = []
        for block, (spans, folded) in zip(section.blocks, blocks):
            if folded and seen.repeats(folded):
                spans = []
            elif folded:
                seen.add(folded)
                if block.kind not in (BlockKind.FORMULA, BlockKind.TABLE):
                    spans = _unsaid(block.text, spans, said)
            pieces_per_block.append(spans)
        result.append(_rebuild(section, leads_follow(section, pieces_per_block) if options.roles else pieces_per_block))
    kept_sections = with_something_under(result)  # a heading whose text all went is dropped with it
    return directives(kept_sections) if options.directives else kept_sections


# A sentence this long (folded) that the sheet already printed word for word is left out where it comes again:
# "Cuando se destruye un sistema, se elimina del orden de daño de esa zona." opens two of Alternity's paragraphs.
REPEATED_SENTENCE_CHARS = 60


def _unsaid(text: str, spans: list[tuple[int, int]], said: set[str]) -> list[tuple[int, int]]:
    """The spans of `text` whose sentence the sheet has not printed yet (long ones are remembered in `said`)."""
    kept = []
    for start, end in spans:
        key = fold(text[start:end])
        if len(key) >= REPEATED_SENTENCE_CHARS:
            if key in said:
                continue
            said.add(key)
        kept.append((start, end))
    return kept


@dataclass(frozen=True)
class _Kept:
    spans: list[tuple[int, int]]
    example_open: bool  # the block ended inside an example that may continue in the next block


def _without_cross_references(text: str, start: int, end: int, titles: frozenset[str] = frozenset()) -> list[tuple[int, int]]:
    """The sentence's span cut around its cross-references (pieces are glued without a space), but those naming a
    section of the sheet (folded in `titles`): "(VER: Combate)" points at a heading the reader finds there."""
    pieces: list[tuple[int, int]] = []
    cursor = start
    for match in CROSS_REFERENCE.finditer(text, start, end):
        target = CROSS_REFERENCE_TARGET.match(match.group(0))
        if target and fold(target.group("target")) in titles:
            continue
        if match.start() > cursor:
            pieces.append((cursor, match.start()))
        cursor = match.end()
    if cursor < end:
        pieces.append((cursor, end))
    pieces = [(s, e) for s, e in pieces if text[s:e].strip()]
    # A sentence that was only a cross-reference ("(ver tabla).") leaves no lone full stop behind.
    return pieces if any(any(char.isalnum() for char in text[s:e]) for s, e in pieces) else []


# A short phrase opening a block ("Ronda de resolución.", "Buscar.") labels what follows: kept with it (a label that is
# a block of its own, or a lead-in ending in a colon, takes the fate of the blocks it introduces: leads.py).
MAX_LABEL_WORDS = 4
# A "sentence" that is only a joining word is the stump of one the source lost ("...la tirada de defensa. Si"
# ends Galaxy Defenders' paragraph): it states nothing and is never printed.
STUMP = re.compile(r"^\W*(?:si|y|e|o|u|ni|pero|que|de|del|al|a|en|con|por|para|sin|cuando|el|la|los|las|un|una)\W*$", re.IGNORECASE)


def _kept_spans(
    block: Block,
    options: CondenseOptions,
    patterns: tuple[SentencePattern, ...],
    in_example: bool,
    flavor: tuple[SentencePattern, ...] = (),
    *,
    section: Section | None = None,
    titles: frozenset[str] = frozenset(),
) -> _Kept:
    text = block.text
    if block.kind in options.leave_out_blocks:
        return _Kept([], False)
    whole = [(0, len(text))] if text.strip() else []
    # A note (a translator's or editor's, the cleaner's NOTE line) is printed whole in the note style, or left out
    # whole by the recipe's leave_out_blocks: its sentences are no rules to judge one by one.
    if block.kind in (BlockKind.FORMULA, BlockKind.TABLE, BlockKind.NOTE) or not (
        options.roles or options.examples or options.narration or options.repeats or options.asides or flavor
    ):
        return _Kept(whole, False)
    if options.roles:
        return _Kept(_rule_spans(block, section, patterns, flavor, titles), False)
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
            kept.extend(_without_cross_references(text, start, end, titles))
            continue
        kept.append((start, end))
    return _Kept(kept, False)


def _rule_spans(
    block: Block, section: Section | None, patterns: tuple[SentencePattern, ...], flavor: tuple[SentencePattern, ...],
    titles: frozenset[str] = frozenset(),
) -> list[tuple[int, int]]:
    """The spans of a block's sentences whose role the sheet keeps (cross-references cut out of them); a recipe's
    `narration` and `flavor_sentences` patterns still leave out the sentences they match."""
    model = load_model()
    text = block.text
    found = block_contexts(block, section=section)
    spans = [(start, end) for start, end, _, _ in found]
    kept: list[tuple[int, int]] = []
    label: tuple[int, int] | None = None
    dropped: tuple[int, int] | None = None  # the sentence just before, when its role left it out
    for number, (start, end, sentence, context) in enumerate(found):
        if STUMP.match(sentence) or only_points_elsewhere(sentence, titles) or any(p.search(sentence) for p in patterns + flavor):
            continue
        if number == 0 and len(spans) > 1 and len(sentence.split()) <= MAX_LABEL_WORDS:
            label = (start, end)  # kept only if something after it is
            continue
        previous = spans[number - 1] if number and kept and kept[-1][1] == spans[number - 1][1] else None
        if model.role(_ruling_part(sentence), context=context) not in KEPT_ROLES and not _gives_the_figures(text, previous, sentence):
            dropped = (start, end)
            continue
        if label is not None:
            kept.append(label)
            label = None
        if dropped is not None and dropped[1] <= start and ANAPHORIC.match(sentence):
            kept.extend(_without_cross_references(text, *dropped, titles))  # "Pero puede ser reducida." needs what it reduces
        dropped = None
        kept.extend(_without_cross_references(text, start, end, titles))
    return kept


# An example of a case, not of a player: "Por ejemplo, si se necesita un d3, …" (impersonal), not "si un crucero…".
IMPERSONAL_EXAMPLE = re.compile(r"^\W*por ejemplo,?\s+(?:si|cuando)\s+se\s", re.IGNORECASE)


def _gives_the_figures(text: str, rule: tuple[int, int] | None, sentence: str) -> bool:
    """Whether `sentence` is an impersonal example giving the only figures of the rule kept just before it ("Algunos
    dados se simulan con otros. Por ejemplo, si se necesita un d2, …"): without it the rule says how, not how much."""
    return (
        rule is not None
        and bool(IMPERSONAL_EXAMPLE.match(sentence))
        and not NUMBER.search(statement_key(text[rule[0] : rule[1]]))
        and bool(NUMBER.search(statement_key(sentence)))
    )


# A list item this short ("Daño al sistema", "48 cartas de amenaza.") is a fragment of the sentence its lead-in opens;
# a longer one reads on its own.
MAX_ORPHAN_WORDS = 8


def _without_orphans(section: Section, spans_per_block: list[list[tuple[int, int]]]) -> list[list[tuple[int, int]]]:
    """The kept spans without the short items of a list whose lead-in the roles left out (the sentence before the
    list, ending with a colon: "Nuevas amenazas:", "...recomendamos lo siguiente:"; or a label alone: "Acciones
    dobles."): without it "Daño al sistema" or "48 cartas de amenaza." is printed as if it were a rule."""
    result = [list(spans) for spans in spans_per_block]
    lead_in_dropped = False
    for number, block in enumerate(section.blocks):
        if block.kind != BlockKind.ITEM:
            text = block.text.rstrip()
            introduces = text.endswith(":") or len(text.split()) <= MAX_LABEL_WORDS  # "La caja trae:", "Acciones dobles."
            lead_in_dropped = introduces and not any(end >= len(text) for _, end in result[number])
        elif lead_in_dropped and len(block.text.split()) <= MAX_ORPHAN_WORDS:
            result[number] = []
    return result


# A sentence that opens by pointing back ("Esto…", "De ese modo…", "Pero…", "En ese caso…") is printed with the
# sentence before it, even one whose role alone would leave it out: without it the rule reads as a riddle.
ANAPHORIC = re.compile(
    r"^\W*(?:est[oae]s?|es[oae]s?|ello|de (?:este|ese) modo|de (?:esta|esa) (?:forma|manera)|así|por (?:lo )?tanto|por (?:eso|ello)"
    r"|pero|sin embargo|en (?:ese|este|tal) caso|entonces)\b",
    re.IGNORECASE,
)


# An example inside a sentence: "(por ejemplo: si un Mago ataca…)", ", por ejemplo, …" to the sentence's end.
EMBEDDED_EXAMPLE = re.compile(
    r"\s*\((?:por\s+ejemplo|p\.\s*ej\.?|ej\.|ejemplo)\b[^()]*(?:\([^()]*\)[^()]*)*(?:\)|$)|,\s*por\s+ejemplo\b.*$", re.IGNORECASE
)


def _ruling_part(sentence: str) -> str:
    """What a sentence says but its embedded example: the part its role is judged by (a rule with an example in
    brackets is a rule, printed whole; only a sentence that is all example goes)."""
    ruling = EMBEDDED_EXAMPLE.sub("", sentence).strip()
    return ruling if len(ruling.split()) >= 3 else sentence


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
        terms = []
        starts = [start for start, _, _ in moves]  # kept pieces in text order, none overlapping another: bisect
        for hit in block.terms:
            piece = bisect_right(starts, hit.start) - 1
            if piece >= 0 and hit.end <= moves[piece][1]:
                start, _, new_start = moves[piece]
                terms.append(replace(hit, start=hit.start + new_start - start, end=hit.end + new_start - start))
        blocks.append(replace(block, text="".join(parts), terms=tuple(terms)))
    return replace(section, blocks=tuple(blocks))
