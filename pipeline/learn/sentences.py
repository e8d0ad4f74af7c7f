"""A sentence of a rule section -> its role (rule, example, explanation, ...), from a linear model over readable features.

The features are what a reader notices (the words and word pairs, "por ejemplo", a first person, a number,
"debe"/"puede"/"no puede", a question, a cross-reference, the section's kind); the weights come from the
annotated sentences of tests/sentences/<game>.yaml (`make sentence-model`, pipeline/learn/train_sentences.py) and are
committed as pipeline/learn/models/sentences.json. Scoring needs no scikit-learn: a sum of weights and a softmax.
"""
from __future__ import annotations

import json
import math
import os
import re
from functools import lru_cache
from pathlib import Path

from pipeline.structure.notemarks import NOTE_WORDS
from pipeline.text import fold

ROLES = ("rule", "example", "explanation", "narration", "advice", "flavour", "crossref", "repeat")
# Roles a sheet keeps: a repeat ("Recuerda que...", "En resumen:") restates a rule printed elsewhere, so it goes too.
KEPT_ROLES = ("rule",)
MODEL = Path(__file__).resolve().parent / "models" / "sentences.json"
# How many sentences' roles a process remembers: a cold build of all five games asks about 2,263.
ROLES_KEPT = 4096

# A sentence ends at . ! ? (or a closing bracket after one) followed by space and a capital, digit,
# opening bracket or Spanish opening mark. Abbreviations like "p.e." or "n. del t." are not followed by a
# capital, so they do not split.
SENTENCE_END = re.compile(r"(?<=[.!?…])[)\]»”\"']?\s+(?=[¿¡(\[«“\"'A-ZÁÉÍÓÚÑÜ0-9])")
# Block kinds whose text is not prose: kept whole, never given roles.
WHOLE_BLOCKS = ("formula", "table")

EXAMPLE_OPENER = re.compile(r"^\W*(por ejemplo|p\.\s?ej\.|ejemplo\s*:|como ejemplo|ejemplo\b)", re.IGNORECASE)
_CUES: tuple[tuple[str, re.Pattern], ...] = tuple(
    (name, re.compile(pattern, re.IGNORECASE))
    for name, pattern in (
        ("por-ejemplo", r"\bpor ejemplo\b|\bp\.\s?ej\."),
        ("ejemplo", r"(?<!por )\bejemplos?\b"),
        ("first-plural", r"\b(nuestr[oa]s?|nosotr[oa]s|\w{1,30}(?:amos|emos|imos))\b"),  # \w{1,30}: linear on a 50,000-letter word
        ("first-singular", r"\b(yo|creo|me parece|mi opinión|personalmente)\b"),
        ("digit", r"\d"),
        ("number-word", r"\b(uno|una|dos|tres|cuatro|cinco|seis|siete|ocho|nueve|diez|mitad|doble)\b"),
        ("debe", r"\b(debe|deben|debes|tiene que|tienen que|tienes que|hay que|obligatori)"),
        ("puede", r"\b(puede|pueden|puedes|podrá|podrán|se permite)\b"),
        ("no-puede", r"\bno (se )?(puede|pueden|puedes|podrá|podrán|debe|deben|debes)\b|\bnunca\b|\bsólo\b|\bsolo\b"),
        ("condition", r"^\W*(si|cuando|mientras|siempre que|en caso de|a menos que|excepto)\b|\bsi\b"),
        ("question", r"[¿?]"),
        ("exclaim", r"[¡!]"),
        ("cross-reference", r"\b(ver|véase|vease|consulta|página|pág\.|pag\.|capítulo|sección|más adelante|apartado)\b"),
        ("reminder", r"^\W*(recuerda|recordad|recuerde|como ya|como se ha dicho|de nuevo|otra vez)"),
        ("advice", r"\b(recomendamos|te recomendamos|sugerimos|conviene|es (una )?buena idea|es útil|será útil|intenta|mejor)\b"),
        ("advice-more", r"\b(recomendabl\w*|recomendaci\w+|recomienda\w*|aconsej\w+|consejos?|estrategia|sabiamente"
                        r"|procura\w*|asegúra\w*|deberías?|no olvides|es importante)\b"),
        ("reason", r"\b(porque|ya que|debido a|razón|representa|representan|simula|significa que|esto es|es decir)\b"),
        ("rationale", r"\b(se debe a|la idea es|el motivo|con el fin de|pretende\w*|refleja\w*|en aras de|la intención)\b"),
        # The text speaking of itself, its book or its licence: "Este capítulo detalla...", "Aquí aprenderemos...".
        ("meta", r"\b(est[ea] (documento|capítulo|libro|reglamento|manual|apartado|sección|texto)|licencia|copyright|creative commons"
                 r"|autor(a|es)?|traducción|traductor|aprenderemos|veremos|describimos|presentamos|introducimos|exploramos"
                 r"|a continuación)\b"),
        # A note, a placeholder or a caption: "[NOTA: ...]", "(N. del T. ...)", "[TODO: ...]", "[ILUSTRACIÓN]".
        ("note", rf"^\W*[\[(]\s*(nota|{NOTE_WORDS}|todo|ilustraci)|^\W*(nota\s*:|{NOTE_WORDS})|^\W*@\w+\s*:"),
        # A worked case told in the past or the conditional ("sacó un 10", "el total sería 37", "si hubiera llevado").
        ("past", r"\b\w{2,30}(?:ó|ió|aron|ieron|hubiera|hubiese)\b|\b(?:sería|serían|hubiera|hubiese|tuviera|fuera)\b"),
        # A named character doing something: a capitalised word inside the sentence followed by a verb-like word.
        ("name-mid", r"(?<=[a-záéíóúñ,;] )[A-ZÁÉÍÓÚÑ][a-záéíóúñ]{3,30}(?:,| (?:la|el) \w+,)? (?:se |ha |tiene |decide |puede |debe )"),
        ("future", r"\b\w{1,30}(?:ará|erá|irá|arán|erán|irán)\b"),
        ("worked-sum", r"\d+\s*[^\d()=]{0,25}?\s[x×*]\s\d+[^()=]{0,25}=\s*\d+"),
        ("colon", r":"),
        ("quote", r"[«“\"]"),
    )
)


# An abbreviation's full stop before a number or a capital ends no sentence: "(pag. 27)", "(máx. Uno por ronda)".
ABBREVIATION = re.compile(
    r"(?:^|[\s(])(?:p|pp|pág|pag|págs|máx|max|mín|min|núm|num|nº|aprox|ej|vs|cap|fig|vol|sr|sra|dr)\.$", re.IGNORECASE
)


# Cues of a rule: a sentence with none of them describes (theme, component, motivation) more often than it rules.
RULE_CUES = frozenset({"debe", "puede", "no-puede", "condition", "digit", "number-word"})


def sentences(text: str) -> list[tuple[int, int]]:
    """(start, end) spans of the sentences of `text`, covering every non-space character."""
    spans: list[tuple[int, int]] = []
    start = 0
    for match in SENTENCE_END.finditer(text):
        if ABBREVIATION.search(text, max(start, match.start() - 8), match.start()):
            continue
        end = match.start() + len(match.group(0).rstrip())
        spans.append((start, end))
        start = match.end()
    if start < len(text):
        spans.append((start, len(text)))
    return [(s, e) for s, e in spans if text[s:e].strip()]


def features(sentence: str, *, context: dict[str, object]) -> list[str]:
    """The features of one sentence: words, word pairs, its first word, cues, and its place (`context`:
    section_kind, block_kind, first (opens its block), after_example (an example opened earlier in the block),
    in_example_block (the block opened with one), title)."""
    words = re.findall(r"\w+", fold(sentence))
    found = {"bias"}
    found.update(f"w:{word}" for word in words)
    found.update(f"b:{a}_{b}" for a, b in zip(words, words[1:]))
    if words:
        found.add(f"first:{words[0]}")
    cues = {name for name, pattern in _CUES if pattern.search(sentence)}
    found.update(f"cue:{name}" for name in cues)
    if not cues & RULE_CUES:
        found.add("cue:no-rule-cue")  # no modal, number, condition or limit: a description, not an instruction
    length = len(words)
    found.add("len:short" if length < 8 else "len:mid" if length < 25 else "len:long")
    found.add(f"section:{context.get('section_kind', 'rules')}")
    found.add(f"block:{context.get('block_kind', 'paragraph')}")
    if context.get("first"):
        found.add("place:first")
    if context.get("after_example"):
        found.add("place:after-example")
    if context.get("in_example_block"):
        found.add("place:example-paragraph")  # the block opened with "Ejemplo:" / "Por ejemplo": its sentences go on with it
    found.update(f"t:{word}" for word in re.findall(r"\w+", fold(str(context.get("title", "")))) if len(word) > 3)
    return sorted(found)


def sentence_contexts(section) -> list[tuple[int, int, int, str, dict[str, object]]]:
    """(block index, start, end, sentence, context) of every sentence of a section, with the context `features` reads."""
    return [
        (index, start, end, sentence, context)
        for index, block in enumerate(section.blocks)
        if block.kind not in WHOLE_BLOCKS
        for start, end, sentence, context in block_contexts(block, section=section)
    ]


def block_contexts(block, *, section=None) -> list[tuple[int, int, str, dict[str, object]]]:
    """(start, end, sentence, context) of every sentence of one block of `section` (none: a rules section)."""
    out = []
    after_example = opened = False
    for number, (start, end) in enumerate(sentences(block.text)):
        sentence = block.text[start:end]
        context = {
            "section_kind": section.kind if section is not None else "rules",
            "block_kind": block.kind,
            "first": number == 0,
            "after_example": after_example,
            "in_example_block": opened and number > 0,
            "title": section.title if section is not None else "",
        }
        out.append((start, end, sentence, context))
        example = bool(EXAMPLE_OPENER.match(sentence))
        opened = opened or (number == 0 and example)
        after_example = after_example or example
    return out


# A sentence goes only when the classifier is sure of it: its likeliest other role must lead the kept roles by this
# much. Held out, a text's borderline sentences ("Representan las unidades…", a rule with a cut-off example) are
# rules more often than not, and a rule left out costs a player more than a sentence too many.
DROP_MARGIN = 0.3
# ...unless its kept roles are this unlikely: a sentence whose non-rule share is spread over several roles
# ("Lea el reglamento sobre…", 0.14 rule) is no rule although no one other role leads by the margin.
KEEP_FLOOR = 0.2


def keeps(probabilities: dict[str, float], threshold: float) -> bool:
    """Whether a sheet keeps a sentence of these role probabilities: its kept roles reach `threshold`, or they reach
    KEEP_FLOOR and no other role is DROP_MARGIN likelier than they are."""
    kept = sum(probabilities.get(role, 0.0) for role in KEPT_ROLES)
    other = max((value for role, value in probabilities.items() if role not in KEPT_ROLES), default=0.0)
    return kept >= threshold or (kept >= KEEP_FLOOR and other - kept < DROP_MARGIN)


# What shows a sentence to be an example: the word, an example opened before it in its block (or the block opening
# with one), a worked sum, a case told in the past or the conditional, a named character acting, the case's figures.
# Held out, a sentence with none of them that the model calls an example is a rule more often than not
# (la-campana-pdf's "Tiene ventaja sobre el CABALLERO, por lo tanto, cuando un MAGO ataca...": the game's words,
# learnt from another text's examples); 10 of the 234 annotated examples have none, and a sheet keeps those.
EXAMPLE_SIGNS = frozenset({
    "cue:por-ejemplo", "cue:ejemplo", "place:after-example", "place:example-paragraph", "cue:worked-sum", "cue:past", "cue:name-mid",
    "cue:digit", "cue:number-word",
})


class SentenceModel:
    """The committed linear model: role scores are the sum of the weights of a sentence's features, then a softmax."""

    def __init__(self, data: dict) -> None:
        self.roles: tuple[str, ...] = tuple(data["roles"])
        self.weights: dict[str, list[int]] = data["weights"]
        self.scale: float = float(data.get("scale", 1))
        self.keep_below: float = float(data.get("keep_threshold", 0.5))
        # A game's sentences are judged again by every sheet that prints them (each quickref and card sheet, on each
        # paper, and a card sheet's printed check before its render): about 2.6 times each in a cold build.
        self._roles: dict[tuple[str, tuple], str] = {}

    def probabilities(self, sentence: str, *, context: dict[str, object]) -> dict[str, float]:
        """The role probabilities a sheet acts on: the model's, but the `example` share of a sentence that shows no
        sign of one (EXAMPLE_SIGNS) counts as `rule`."""
        # The weights are integers (train_sentences.py rounds them): summed per role in any order, the same exact totals.
        bag = features(sentence, context=context)
        rows = [weights for feature in bag if (weights := self.weights.get(feature))]
        totals = [sum(column) for column in zip(*rows)] if rows else [0] * len(self.roles)
        scores = [float(total) / self.scale for total in totals]
        top = max(scores)
        exps = [math.exp(score - top) for score in scores]
        total = sum(exps)
        found = {role: value / total for role, value in zip(self.roles, exps)}
        if "example" in found and "rule" in found and not EXAMPLE_SIGNS.intersection(bag):
            found["rule"], found["example"] = found["rule"] + found["example"], 0.0
        return found

    def role(self, sentence: str, *, context: dict[str, object]) -> str:
        """The role a sheet acts on: a kept role whenever `keeps` says so (the kept roles together reach the model's
        threshold, or no other role is much likelier), else the most likely other one. Remembered for
        the last ROLES_KEPT sentences (a game's; a pool worker's later games do not grow it)."""
        key = (sentence, tuple(sorted(context.items())))
        found = self._roles.get(key)
        if found is None:
            if len(self._roles) >= ROLES_KEPT:
                self._roles.clear()
            found = self._roles[key] = self._role(sentence, context=context)
        return found

    def _role(self, sentence: str, *, context: dict[str, object]) -> str:
        probabilities = self.probabilities(sentence, context=context)
        if keeps(probabilities, self.keep_below):
            return max(KEPT_ROLES, key=lambda role: (probabilities.get(role, 0.0), -KEPT_ROLES.index(role)))
        # Below the threshold the sentence goes, even when `rule` is its likeliest role: name the likeliest other one.
        others = [role for role in self.roles if role not in KEPT_ROLES]
        return max(others, key=lambda role: (probabilities[role], -self.roles.index(role)))


# Names another model file: an evaluation knob (make eval's folds score a text with a model fitted without it), as
# REFSHEETS_LINE_MODEL is for the line labeller; not a setting for users.
MODEL_VARIABLE = "REFSHEETS_SENTENCE_MODEL"


def load_model(path: str = "") -> SentenceModel:
    """The committed model (or the one REFSHEETS_SENTENCE_MODEL names), read once per process."""
    return _read_model(path or os.environ.get(MODEL_VARIABLE, "") or str(MODEL))


@lru_cache(maxsize=4)
def _read_model(path: str) -> SentenceModel:
    return SentenceModel(json.loads(Path(path).read_text(encoding="utf-8")))
