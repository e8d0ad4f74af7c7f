"""Document + Glossary -> Document with TermHits (words as text.tokenize splits them, lookup lemmas, plural/gender forms).

Every text token has two folded keys (lower case, no accents): its surface form and its lookup lemma.
A glossary word is matched by the forms it can take, not by its lemma, because spaCy's lookup table
turns many game nouns into verbs ('dado' -> 'dar', 'daño' -> 'dañar', 'partida' -> 'partir',
'acciones' -> 'accionar'): matching on those lemmas would tag 'dan', 'parte' or 'accionar'. So a noun
or adjective matches its plural and, when the lemma table agrees they are one word, its other gender
('interna'/'internos', 'jugador'/'jugadoras'); only an infinitive ('robar') matches by lemma ('roba',
'robó'). Tokens are whole words, so 'fase' never matches inside 'desfase'; the longest match wins
where matches overlap. The glossary's forms are held in a token trie (TermTrie), so tagging costs a
few dictionary look-ups per token on top of one regex (`text.tokenize`, which splits glossary forms and
text alike: the matcher needs the two split the same way, not any library's exact splits).
"""

from __future__ import annotations

import types
from dataclasses import dataclass, field, replace
from functools import lru_cache
from itertools import product

from pipeline.model import Document, Section, TermHit, place_terms
from pipeline.tag.glossary import Glossary, Term
from pipeline.text import blank_debris, fold, tokenize

VOWELS = "aeiouáéíóú"
# Quote marks: skipped inside a glossary form, and one may stand between two words of a form in the text.
QUOTES = frozenset("\"'`«»‘’‚‛“”„‟‹›❮❯")


@lru_cache(maxsize=1)
def lemma_table():
    """The lookup lemma table: spacy-lookups-data's `es_lemma_lookup`, asked a word at a time from the user's word
    store (pipeline/wordstore.py) through a dict's `.get`: the same data spaCy's `Lookups` table holds, without
    loading half a million entries (0.4 s of CPU and ~70 MB) to look up a game's few thousand."""
    from pipeline.store import user_folder
    from pipeline.wordstore import word_store

    return types.SimpleNamespace(get=word_store(user_folder()).lemma)  # `table.get(form, default)`: all the tagger asks


def is_infinitive(word: str, table) -> bool:
    """'robar', 'mover', 'descartar': the lemma table knows their gerund. ('lunar', 'láser' are not verbs.)"""
    if len(word) < 4 or not word.isalpha() or word[-2:] not in ("ar", "er", "ir"):
        return False
    gerund = word[:-2] + ("ando" if word.endswith("ar") else "iendo")
    return table.get(gerund) == word


def _plurals(word: str) -> set[str]:
    if word[-1] in VOWELS:
        return {word + "s"}
    if word.endswith("z"):
        return {word[:-1] + "ces"}
    return {word + "es", word + "s"}  # 'acción' -> 'acciones' (folded), loanwords: 'droids', 'clubs'


def _singulars(word: str) -> set[str]:
    found = {word}
    if len(word) > 4 and word.endswith("ces"):
        found.add(word[:-3] + "z")
    if len(word) > 4 and word.endswith("es") and word[-3] not in VOWELS:
        found.add(word[:-2])
    if len(word) > 3 and word.endswith("s"):
        found.add(word[:-1])
    return found


def _other_genders(word: str) -> set[str]:
    if word.endswith("or"):
        return {word + "a"}
    if word.endswith("ora"):
        return {word[:-1]}
    if word[-1:] in ("o", "a"):
        return {word[:-1] + ("a" if word.endswith("o") else "o")}
    return set()


def word_forms(word: str, table) -> frozenset[str]:
    """Folded forms a glossary word matches: itself, singular/plural, and the other gender when the
    lemma table says both are one word ('interno'/'interna': yes; 'carga'/'cargo', 'punto'/'punta': no)."""
    lower = word.lower()
    if len(lower) < 3 or not lower.isalpha():
        return frozenset({fold(lower, keep_punctuation=True)})
    bases = _singulars(lower)
    for base in list(bases):
        bases |= {other for other in _other_genders(base) if _same_word(base, other, table)}
    forms = set(bases)
    for base in bases:
        if not base.endswith("s") or len(bases) == 1:
            forms |= _plurals(base)
    return frozenset(fold(form, keep_punctuation=True) for form in forms)


def _same_word(base: str, other: str, table) -> bool:
    """Are two gender forms one word? The table must say so, and not merely because both happen to
    be forms of one verb ('turno'/'turna' -> 'turnar', 'carga'/'cargo' -> 'cargar'); participles
    used as adjectives ('polarizado'/'polarizada') do agree."""
    lemma, other_lemma = table.get(base, base), table.get(other, other)
    if lemma == other or other_lemma == base:
        return True
    if lemma != other_lemma or lemma == base:
        return False
    return not is_infinitive(lemma, table) or base[-3:] in ("ado", "ada", "ido", "ida")


# A word of a glossary form, as the trie tests a token: by folded surface form (an acronym only in
# capitals), or, for an infinitive, by folded lemma.
WordSpec = tuple[str, frozenset[str]]  # ("norm" | "upper" | "lemma", keys)


def word_spec(word: str, table) -> WordSpec:
    """How a token must look to be this word of a glossary form."""
    lower = word.lower()
    if is_infinitive(lower, table):
        return "lemma", frozenset({fold(lower, keep_punctuation=True)})
    if word.isupper() and word.isalpha() and len(word) <= 4:
        return "upper", word_forms(word, table)  # an acronym ('GD', 'PER') matches only in capitals, never 'per' or 'gd'
    return "norm", word_forms(word, table)


@dataclass
class TrieNode:
    """The glossary forms that begin with the words read so far: edges by (kind, key), terms ending here."""

    edges: dict[tuple[str, str], "TrieNode"] = field(default_factory=dict)
    ends: list[int] = field(default_factory=list)  # indexes into Tagger.terms, glossary order


@dataclass(frozen=True)
class Token:
    """What matching needs of a token: where it is and its two folded keys."""

    text: str
    start: int
    norm: str
    lemma: str
    upper: bool
    quote: bool

    @property
    def end(self) -> int:
        return self.start + len(self.text)


# Texts whose hits a Tagger remembers (a section's text or title each): several games' worth.
FOUND_MEMO = 20_000


class Tagger:
    """Matches glossary terms in text; build once per glossary, reuse for every section."""

    def __init__(self, glossary: Glossary) -> None:
        self.table = lemma_table()
        self.terms: tuple[Term, ...] = glossary.terms
        self.root = TrieNode()
        self._keys: dict[str, tuple[str, str, bool, bool]] = {}  # token text -> (norm, lemma, upper, quote)
        # text -> hits: `watch` re-tags a whole game after each save, and all its sections but one are as before.
        self._found: dict[str, tuple[TermHit, ...]] = {}
        for index, term in enumerate(glossary.terms):
            for form in term.forms:
                self._insert(self.pattern(form), index)

    def pattern(self, form: str) -> list[WordSpec]:
        """Word specs of a glossary form; quotes the translator put inside a phrase are skipped
        ('fase de “Evento”' is 'fase de evento': see `_walk`)."""
        words = [text for text, _ in tokenize(form) if not text.isspace() and text not in QUOTES]
        return [word_spec(word, self.table) for word in words]

    def _insert(self, pattern: list[WordSpec], index: int) -> None:
        # Each word may take several forms: one path per combination (a handful per glossary form).
        for keys in product(*(sorted(keys) for _, keys in pattern)):
            node = self.root
            for (kind, _), key in zip(pattern, keys):
                node = node.edges.setdefault((kind, key), TrieNode())
            if index not in node.ends:
                node.ends.append(index)

    def tokens(self, text: str) -> list[Token]:
        """The tokens of `text` with their matching keys (computed once per distinct token text)."""
        found = []
        for word, start in tokenize(blank_debris(text)):  # same offsets; no glossary term hides in debris
            keys = self._keys.get(word)
            if keys is None:
                lower = word.lower()
                keys = (
                    fold(lower, keep_punctuation=True),
                    fold(self.table.get(lower, lower), keep_punctuation=True),
                    word.isupper(),
                    word in QUOTES,
                )
                self._keys[word] = keys
            found.append(Token(word, start, *keys))
        return found

    def find(self, text: str) -> list[TermHit]:
        """Non-overlapping hits, longest first, in text order."""
        if not text.strip() or not self.terms:
            return []
        if text not in self._found:
            if len(self._found) >= FOUND_MEMO:
                self._found.clear()  # a long-running watch over many games: start afresh rather than grow
            self._found[text] = tuple(self._find(text))
        return list(self._found[text])

    def _find(self, text: str) -> list[TermHit]:
        tokens = self.tokens(text)
        matches: list[tuple[int, int, int]] = []  # (start token, end token, term index)
        for start in range(len(tokens)):
            matches.extend((start, end, index) for end, index in self._walk(tokens, start))
        spans = [
            (start, end, index)
            for start, end, index in matches
            if not _used_as_verb(tokens, start, end) and not _not_the_action(tokens, start, end, self.terms[index], self.table)
        ]
        hits = []
        for start, end, index in sorted(longest_first(spans)):
            term = self.terms[index]
            hits.append(TermHit(es=term.es, en=term.en, start=tokens[start].start, end=tokens[end - 1].end, kind=term.kind))
        return hits

    def _walk(self, tokens: list[Token], start: int) -> list[tuple[int, int]]:
        """(end token, term index) of every glossary form that starts at token `start`.

        Between two words of a form one quote may stand ('fase de “Evento”'); every way through is
        tried, and a span reached twice counts once.
        """
        found: list[tuple[int, int]] = []
        states = [(self.root, start)]
        while states:
            node, position = states.pop()
            candidates = [position]
            if node is not self.root and position < len(tokens) and tokens[position].quote:
                candidates.append(position + 1)
            for at in candidates:
                if at >= len(tokens):
                    continue
                token = tokens[at]
                for child in _children(node, token):
                    states.append((child, at + 1))
                    found.extend((at + 1, index) for index in child.ends if (at + 1, index) not in found)
        return found


def _children(node: TrieNode, token: Token) -> list[TrieNode]:
    edges = node.edges
    children = [edges[key] for key in (("norm", token.norm), ("lemma", token.lemma)) if key in edges]
    if token.upper and ("upper", token.norm) in edges:
        children.append(edges[("upper", token.norm)])
    return children


def longest_first(spans: list[tuple[int, int, int]]) -> list[tuple[int, int, int]]:
    """The spans (start, end, term) that survive overlap, longest first and then leftmost, as
    spacy.util.filter_spans keeps them; of two equal spans the term listed first in the glossary wins."""
    ordered = sorted(spans, key=lambda span: (-(span[1] - span[0]), span[0], span[2]))
    kept: list[tuple[int, int, int]] = []
    taken: set[int] = set()
    for start, end, index in ordered:
        if start not in taken and end - 1 not in taken:
            kept.append((start, end, index))
            taken.update(range(start, end))
    return kept


PARTICIPLE_ENDINGS = ("ado", "ada", "ados", "adas", "ido", "ida", "idos", "idas")
# "dado que", "puesto que", "visto que": a participle opening a conjunction, not the noun or adjective.
CONJUNCTION_PARTICIPLES = frozenset({"dado", "puesto", "visto", "supuesto"})
# Forms of 'haber' the lemma table may lack (the subjunctive 'hayas dado' above all).
HABER_FORMS = frozenset(
    "he has ha hemos habeis han habia habias habiamos habian hube hubo hubieron habra habras habran habria habrias "
    "habrian haya hayas hayamos hayais hayan hubiera hubieras hubieramos hubieran hubiese hubiesen haber habiendo".split()
)


def _used_as_verb(tokens: list[Token], start: int, end: int) -> bool:
    """A one-word term that looks like a participle but is a verb here: after 'haber' ('han dado',
    'ha dañado') or opening a conjunction ('Dado que'). Spanish grammar, not a per-game list."""
    if end - start != 1:
        return False
    word = tokens[start].norm
    if not word.endswith(PARTICIPLE_ENDINGS):
        return False
    before = tokens[start - 1] if start > 0 else None
    after = tokens[end] if end < len(tokens) else None
    if before is not None and (before.norm in HABER_FORMS or before.lemma == "haber"):
        return True
    return word in CONJUNCTION_PARTICIPLES and after is not None and after.text.lower() == "que"


# Words before a verb's form that make it a noun ("la baraja" is the deck, not "barajar").
DETERMINERS = frozenset(
    "el la los las un una unos unas su sus mi mis tu tus este esta estos estas ese esa esos esas cada otra otro".split()
)
# Forms of estar/ser/quedar: after them a participle is a state ("no está explorada"), not the action.
STATE_VERBS = frozenset(
    "esta estan estaba estaban estara estaran este esten estuviera es son era eran sea sean fue fueron sera seran "
    "queda quedan quedo quedaron quede queden".split()
)


def _not_the_action(tokens: list[Token], start: int, end: int, term: Term, table) -> bool:
    """A verb term ('barajar', 'explorar') met in another sense: a noun after a determiner ('La baraja' is the
    deck) or a participle describing a state ('no está explorada'). Spanish grammar, not a per-game list."""
    infinitive = fold(term.es.lower(), keep_punctuation=True)
    if end - start != 1 or not is_infinitive(infinitive, table) or tokens[start].norm == infinitive:
        return False  # the infinitive itself is the action
    before = tokens[start - 1].norm if start > 0 else ""
    if before in DETERMINERS:
        return True
    return tokens[start].norm.endswith(PARTICIPLE_ENDINGS) and before in STATE_VERBS


@lru_cache(maxsize=8)
def tagger_for(glossary: Glossary) -> Tagger:
    """One Tagger per glossary per process (its trie and its memo of token keys are reused)."""
    return Tagger(glossary)


def tag(
    document: Document, *, glossary: Glossary, known: dict[str, tuple[TermHit, ...]] | None = None,
    found: dict[str, tuple[TermHit, ...]] | None = None,
) -> Document:
    """Record every glossary term in section titles and texts.

    `known`: the hits of texts tagged before with this glossary (text -> hits, as `found` gave them): they are
    not tokenized again, and the lemma table is not opened unless some text is new. `found` receives every text's hits.
    """
    taggers: list[Tagger] = []

    def hits(text: str) -> tuple[TermHit, ...]:
        if known is not None and text in known:
            result = known[text]
        else:
            if not taggers:
                taggers.append(tagger_for(glossary))
            result = tuple(taggers[0].find(text))
        if found is not None:
            found[text] = result
        return result

    sections = [_tag_section(section, hits) for section in document.sections]
    return replace(document, sections=tuple(sections))


def _tag_section(section: Section, hits) -> Section:
    """Tag the title, and the blocks as one text (so no block boundary changes a token's neighbours);
    each hit is then given to its block with offsets into that block's text."""
    blocks = place_terms(section.blocks, hits(section.text))
    return replace(section, title_terms=hits(section.title), blocks=blocks)
