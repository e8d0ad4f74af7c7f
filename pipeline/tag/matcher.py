"""Document + Glossary -> Document with TermHits (spaCy Spanish tokenizer, lookup lemmas, plural/gender forms).

Every text token carries two folded keys (lower case, no accents): its surface form (`NORM`) and its
lookup lemma (`LEMMA`). A glossary word is matched by the forms it can take, not by its lemma, because
spaCy's lookup table turns many game nouns into verbs ('dado' -> 'dar', 'daño' -> 'dañar', 'partida' ->
'partir', 'acciones' -> 'accionar'): matching on those lemmas would tag 'dan', 'parte' or 'accionar'.
So a noun or adjective matches its plural and, when the lemma table agrees they are one word, its other
gender ('interna'/'internos', 'jugador'/'jugadoras'); only an infinitive ('robar') matches by lemma
('roba', 'robó'). Tokens are whole words, so 'fase' never matches inside 'desfase'; the longest match
wins where matches overlap.
"""
from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

from pipeline.model import Document, Section, TermHit, place_terms
from pipeline.tag.glossary import Glossary, Term
from pipeline.text import fold

VOWELS = "aeiouáéíóú"


@lru_cache(maxsize=1)
def spanish_nlp():
    """Blank Spanish pipeline (tokenizer only) and the lookup lemma table; built once per process."""
    import spacy
    from spacy.lookups import load_lookups
    from spacy.util import compile_prefix_regex

    nlp = spacy.blank("es")
    # spaCy's 1M-character guard protects parser/NER memory; a tokenizer-only pipeline is linear, and a
    # forum dump with lost line breaks can make one section longer than that.
    nlp.max_length = 100_000_000
    # A list dash glued to its word ('-Desencasquillar') must not hide the word.
    nlp.tokenizer.prefix_search = compile_prefix_regex([*nlp.Defaults.prefixes, "-", "–", "—"]).search
    table = load_lookups("es", ["lemma_lookup"]).get_table("lemma_lookup")
    return nlp, table


def _lemma(word: str, table) -> str:
    return table.get(word, word)


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
    lemma, other_lemma = _lemma(base, table), _lemma(other, table)
    if lemma == other or other_lemma == base:
        return True
    if lemma != other_lemma or lemma == base:
        return False
    return not is_infinitive(lemma, table) or base[-3:] in ("ado", "ada", "ido", "ida")


def token_pattern(word: str, table) -> dict:
    """One Matcher token spec for a word of a glossary form."""
    lower = word.lower()
    if is_infinitive(lower, table):
        return {"LEMMA": fold(lower, keep_punctuation=True)}
    spec: dict = {"NORM": {"IN": sorted(word_forms(word, table))}}
    if word.isupper() and word.isalpha() and len(word) <= 4:
        spec["IS_UPPER"] = True  # an acronym ('GD', 'PER') matches only in capitals, never 'per' or 'gd'
    return spec


def annotate(doc, table) -> None:
    """Write the two matching keys into each token: folded surface (norm_) and folded lemma (lemma_)."""
    for token in doc:
        lower = token.text.lower()
        token.norm_ = fold(lower, keep_punctuation=True)
        token.lemma_ = fold(_lemma(lower, table), keep_punctuation=True)


class Tagger:
    """Matches glossary terms in text; build once per glossary, reuse for every section."""

    def __init__(self, glossary: Glossary) -> None:
        from spacy.matcher import Matcher

        self.nlp, self.table = spanish_nlp()
        self.terms: dict[str, Term] = {}
        self._matcher = Matcher(self.nlp.vocab)
        for index, term in enumerate(glossary.terms):
            key = f"t{index}"
            self.terms[key] = term
            patterns = [self.pattern(form) for form in term.forms]
            self._matcher.add(key, [pattern for pattern in patterns if pattern])

    def pattern(self, form: str) -> list[dict]:
        """Token specs of a glossary form; quotes the translator put inside a phrase are skipped
        ('fase de “Evento”' is 'fase de evento')."""
        words = [token.text for token in self.nlp.make_doc(form) if not token.is_space and not token.is_quote]
        pattern: list[dict] = []
        for index, word in enumerate(words):
            if index:
                pattern.append({"IS_QUOTE": True, "OP": "?"})
            pattern.append(token_pattern(word, self.table))
        return pattern

    def find(self, text: str) -> list[TermHit]:
        """Non-overlapping hits, longest first, in text order."""
        from spacy.util import filter_spans

        if not text.strip() or not self.terms:
            return []
        doc = self.nlp.make_doc(text)
        annotate(doc, self.table)
        spans = []
        for match_id, start, end in self._matcher(doc):
            span = doc[start:end]
            if _used_as_verb(span, self.table) or _not_the_action(span, self.terms[self.nlp.vocab.strings[match_id]], self.table):
                continue
            span.label_ = self.nlp.vocab.strings[match_id]
            spans.append(span)
        hits = []
        for span in sorted(filter_spans(spans), key=lambda s: s.start_char):
            term = self.terms[span.label_]
            hits.append(TermHit(es=term.es, en=term.en, start=span.start_char, end=span.end_char, kind=term.kind))
        return hits


PARTICIPLE_ENDINGS = ("ado", "ada", "ados", "adas", "ido", "ida", "idos", "idas")
# "dado que", "puesto que", "visto que": a participle opening a conjunction, not the noun or adjective.
CONJUNCTION_PARTICIPLES = frozenset({"dado", "puesto", "visto", "supuesto"})
# Forms of 'haber' the lemma table may lack (the subjunctive 'hayas dado' above all).
HABER_FORMS = frozenset(
    "he has ha hemos habeis han habia habias habiamos habian hube hubo hubieron habra habras habran habria habrias "
    "habrian haya hayas hayamos hayais hayan hubiera hubieras hubieramos hubieran hubiese hubiesen haber habiendo".split()
)


def _used_as_verb(span, table) -> bool:
    """A one-word term that looks like a participle but is a verb here: after 'haber' ('han dado',
    'ha dañado') or opening a conjunction ('Dado que'). Spanish grammar, not a per-game list."""
    if len(span) != 1:
        return False
    word = fold(span[0].text.lower(), keep_punctuation=True)
    if not word.endswith(PARTICIPLE_ENDINGS):
        return False
    doc = span.doc
    before = doc[span.start - 1] if span.start > 0 else None
    after = doc[span.end] if span.end < len(doc) else None
    if before is not None and (fold(before.text, keep_punctuation=True) in HABER_FORMS or fold(_lemma(before.text.lower(), table), keep_punctuation=True) == "haber"):
        return True
    return word in CONJUNCTION_PARTICIPLES and after is not None and after.text.lower() == "que"


# Words before a verb's form that make it a noun ("la baraja" is the deck, not "barajar").
DETERMINERS = frozenset("el la los las un una unos unas su sus mi mis tu tus este esta estos estas ese esa esos esas cada otra otro".split())
# Forms of estar/ser/quedar: after them a participle is a state ("no está explorada"), not the action.
STATE_VERBS = frozenset(
    "esta estan estaba estaban estara estaran este esten estuviera es son era eran sea sean fue fueron sera seran "
    "queda quedan quedo quedaron quede queden".split()
)


def _not_the_action(span, term: Term, table) -> bool:
    """A verb term ('barajar', 'explorar') met in another sense: a noun after a determiner ('La baraja' is the
    deck) or a participle describing a state ('no está explorada'). Spanish grammar, not a per-game list."""
    if len(span) != 1 or not is_infinitive(fold(term.es.lower(), keep_punctuation=True), table):
        return False
    word = fold(span[0].text.lower(), keep_punctuation=True)
    if word == fold(term.es.lower(), keep_punctuation=True):
        return False  # the infinitive itself is the action
    before = fold(span.doc[span.start - 1].text.lower(), keep_punctuation=True) if span.start > 0 else ""
    if before in DETERMINERS:
        return True
    return word.endswith(PARTICIPLE_ENDINGS) and before in STATE_VERBS


@lru_cache(maxsize=8)
def tagger_for(glossary: Glossary) -> Tagger:
    """One Tagger per glossary per process (the matcher is the costly part)."""
    return Tagger(glossary)


def tag(document: Document, *, glossary: Glossary) -> Document:
    """Record every glossary term in section titles and texts."""
    tagger = tagger_for(glossary)
    sections = [_tag_section(section, tagger) for section in document.sections]
    return replace(document, sections=tuple(sections))


def _tag_section(section: Section, tagger: Tagger) -> Section:
    """Tag the title, and the blocks as one text (so no block boundary changes a token's neighbours);
    each hit is then given to its block with offsets into that block's text."""
    blocks = place_terms(section.blocks, tagger.find(section.text))
    return replace(section, title_terms=tuple(tagger.find(section.title)), blocks=blocks)
