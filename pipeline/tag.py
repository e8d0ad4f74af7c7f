"""Document + Glossary -> Document with TermHits, using spaCy's Spanish tokenizer and lemma tables.

Two keys per token, both accent- and case-folded: the lookup lemma (catches irregular forms such as
"roba" -> "robar") and a light plural/gender stem (catches "acciones" -> "accion", which the lookup
table wrongly turns into the verb "accionar"). A term matches when either key sequence matches; the
longest match wins where matches overlap.
"""
from __future__ import annotations

import re
from dataclasses import replace
from functools import lru_cache

from .glossary import Glossary, Term, fold
from .model import Document, Section, TermHit

_PLURAL_ES = re.compile(r"(?<=[^aeiou])es$")
_FINAL = re.compile(r"(s|[aeo]s?)$")


def stem(word: str) -> str:
    """Plural/gender-insensitive key: 'amenazas' and 'amenaza' -> 'amenaz', 'acciones' -> 'accion'."""
    if len(word) <= 3 or not word.isalpha():
        return word
    word = _PLURAL_ES.sub("", word) if len(word) > 4 else word
    stripped = _FINAL.sub("", word)
    return stripped if len(stripped) >= 3 else word


@lru_cache(maxsize=1)
def _nlp():
    """Blank Spanish pipeline (tokenizer only) and the lookup lemma table; built once per process."""
    import spacy
    from spacy.lookups import load_lookups

    nlp = spacy.blank("es")
    # spaCy's 1M-character guard protects parser/NER memory; a tokenizer-only pipeline is linear, and a
    # forum dump with lost line breaks can make one section longer than that.
    nlp.max_length = 100_000_000
    table = load_lookups("es", ["lemma_lookup"]).get_table("lemma_lookup")
    return nlp, table


def _annotate(doc, table) -> None:
    """Write our two matching keys into token.lemma_ (lookup lemma) and token.norm_ (stem)."""
    for token in doc:
        lower = token.text.lower()
        token.lemma_ = fold(table.get(lower, lower))
        token.norm_ = stem(fold(lower))


class Tagger:
    """Matches glossary terms in text; build once per glossary, reuse for every section."""

    def __init__(self, glossary: Glossary) -> None:
        from spacy.matcher import PhraseMatcher

        self.nlp, self.table = _nlp()
        self.terms: dict[str, Term] = {}
        self._by_lemma = PhraseMatcher(self.nlp.vocab, attr="LEMMA")
        self._by_stem = PhraseMatcher(self.nlp.vocab, attr="NORM")
        for index, term in enumerate(glossary.terms):
            key = f"t{index}"
            self.terms[key] = term
            patterns = [self._doc(form) for form in dict.fromkeys((term.es, *term.variants))]
            self._by_lemma.add(key, patterns)
            self._by_stem.add(key, patterns)

    def _doc(self, text: str):
        doc = self.nlp.make_doc(text)
        _annotate(doc, self.table)
        return doc

    def find(self, text: str) -> list[TermHit]:
        """Non-overlapping hits, longest first, in text order."""
        from spacy.util import filter_spans

        if not text.strip() or not self.terms:
            return []
        doc = self._doc(text)
        spans = []
        for matcher in (self._by_lemma, self._by_stem):
            for match_id, start, end in matcher(doc):
                span = doc[start:end]
                span.label_ = self.nlp.vocab.strings[match_id]
                spans.append(span)
        hits = []
        for span in sorted(filter_spans(spans), key=lambda s: s.start_char):
            term = self.terms[span.label_]
            hits.append(TermHit(es=term.es, en=term.en, start=span.start_char, end=span.end_char, kind=term.kind))
        return hits


def tag(document: Document, *, glossary: Glossary) -> Document:
    """Record every glossary term in section titles and texts."""
    tagger = Tagger(glossary)
    sections = [_tag_section(section, tagger) for section in document.sections]
    return replace(document, sections=tuple(sections))


def _tag_section(section: Section, tagger: Tagger) -> Section:
    title_hits = [replace(hit, in_title=True) for hit in tagger.find(section.title)]
    return replace(section, terms=tuple(title_hits + tagger.find(section.text)))
