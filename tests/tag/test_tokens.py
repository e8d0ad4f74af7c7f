"""The tokenizer that runs spaCy's rules without spaCy: the same tokens as spaCy's own, and its rules file."""
from __future__ import annotations

import json
import re
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pipeline.tag import tokenrules
from pipeline.tag.tokenrules import TokenizerRules, rules_from_spacy, spacy_tokenizer, stored_rules
from pipeline.tag.tokens import SpanishTokenizer

from pipeline.wordstore import shared_cache_dir, word_store

from ..conftest import ROOT

# Every text we have: the five sources, the format cases (forum posts, pages, OCR, PDF text) and the goldens.
TEXT_SUFFIXES = {".txt", ".md", ".html", ".htm", ".bbcode", ".yaml", ".json"}


@pytest.fixture(scope="module")
def rules() -> TokenizerRules:
    return rules_from_spacy()


@pytest.fixture(scope="module")
def pair(rules: TokenizerRules):
    """(ours, spaCy's as (text, offset) pairs)."""
    theirs = spacy_tokenizer()
    return SpanishTokenizer(rules), lambda text: [(token.text, token.idx) for token in theirs(text)]


def corpus() -> list[Path]:
    folders = [ROOT / "sources", ROOT / "tests" / "fixtures", ROOT / "tests" / "golden"]
    return sorted(path for folder in folders for path in folder.rglob("*") if path.suffix in TEXT_SUFFIXES and path.is_file())


def test_same_tokens_as_spacy_on_every_text_we_have(pair) -> None:
    ours, theirs = pair
    texts = [path.read_text(encoding="utf-8", errors="replace") for path in corpus()]
    assert sum(map(len, texts)) > 1_000_000  # the corpus is really there
    differing = [str(path) for path, text in zip(corpus(), texts) if ours(text) != theirs(text)]
    assert differing == []


# Pieces that exercise every rule: affixes of all kinds, special cases (some spanning a space), URLs, numbers
# with units, whitespace of all kinds, quotes, emoji.
PIECES = [
    *"aábeéñoóuüxAÉÑZ0159", *".,;:!?¡¿()[]{}<>\"'`«»‘’“”‹›-–—_/\\|@#$%&*+=~^°ºª€£§…·•",
    " ", " ", "\n", "\t", "\xa0", "  ", "\n\n", "\u200b", "😀", "⭐", "❤️",
    "EE. UU.", "Ee. Uu.", "http://x.es/a?b=1", "www.ejemplo.com", "a@b.es", "10a.m.", "p.m.", "etc.", "Dr.", "Sra.",
    "1º", "2ª", "3x", "x3", "+1", "-2", "1/2", "1.000", "2,5", "km", "10km", "'s", "del", "al", ":)", ";)", "<3", "->",
    "...", "--", "n.º", "pág.", "vs.",
]


@settings(max_examples=1500, deadline=None)
@given(st.lists(st.sampled_from(PIECES), min_size=1, max_size=25))
def test_same_tokens_as_spacy_on_generated_text(pair, pieces: list[str]) -> None:
    ours, theirs = pair
    text = "".join(pieces)
    assert ours(text) == theirs(text)


def test_a_token_match_pattern_is_run_as_spacy_runs_it(rules: TokenizerRules) -> None:
    """Spanish has no token_match; a spaCy that adds one must not be misread (it keeps a chunk whole)."""
    pattern = r"\(\w+\)$"
    ours = SpanishTokenizer(replace(rules, token_match=(pattern, re.UNICODE)))
    theirs = spacy_tokenizer()
    theirs.token_match = re.compile(pattern).match
    text = "ver (regla) y (a). «(Fase)» -(x)- http://a.es/(b)"
    assert ours(text) == [(token.text, token.idx) for token in theirs(text)]
    assert ("(regla)", 4) in ours(text)


def test_special_cases_and_whitespace(rules: TokenizerRules) -> None:
    tokenize = SpanishTokenizer(rules)
    assert tokenize("(EE. UU.) del  a\n b") == [
        ("(", 0), ("EE. UU.", 1), (")", 8), ("del", 10), (" ", 14), ("a", 15), ("\n ", 16), ("b", 18)
    ]
    assert tokenize("-Desencasquillar.") == [("-", 0), ("Desencasquillar", 1), (".", 16)]  # the added list dash
    assert tokenize("") == []


def test_rules_file_is_made_once_and_read_back(tmp_path: Path, rules: TokenizerRules, monkeypatch) -> None:
    made = []
    monkeypatch.setattr(tokenrules, "rules_from_spacy", lambda: made.append(1) or rules)
    assert stored_rules(tmp_path) == rules
    assert stored_rules(tmp_path) == rules
    assert made == [1]
    (path,) = tmp_path.glob("tokenizer-*.json")
    assert json.loads(path.read_text(encoding="utf-8"))["spacy_version"] == rules.spacy_version


def _resealed(change):
    """A rules file changed by `change` and given a matching digest: damage the digest cannot see."""
    def damage(data: dict) -> str:
        change(data)
        body = {key: value for key, value in data.items() if key != "digest"}
        return json.dumps({**body, "digest": tokenrules._digest(body)})
    return damage


@pytest.mark.parametrize(
    "damage",
    [
        lambda data: "{not json",
        lambda data: '{"format": 0}',
        lambda data: json.dumps({**data, "special_cases": {**data["special_cases"], "etc.": ["e", "tc"]}}),  # digest differs
        lambda data: json.dumps({**data, "prefix": ["x", 32]}),  # digest differs
        _resealed(lambda data: data.update(prefix=["(", 32])),  # not a regex
        _resealed(lambda data: data["special_cases"].update(ab=["a", "", "b"])),  # an empty token
        _resealed(lambda data: data["special_cases"].update(ab="ab")),  # not a list of tokens
        _resealed(lambda data: data.update(faster_heuristics="false")),
        lambda data: "[" * 100_000,  # nested past the parser's recursion limit
    ],
)
def test_a_damaged_rules_file_is_made_again(tmp_path: Path, rules: TokenizerRules, monkeypatch, damage) -> None:
    monkeypatch.setattr(tokenrules, "rules_from_spacy", lambda: rules)
    stored_rules(tmp_path)
    (path,) = tmp_path.glob("tokenizer-*.json")
    path.write_text(damage(json.loads(path.read_text(encoding="utf-8"))), encoding="utf-8")
    assert stored_rules(tmp_path) == rules
    assert TokenizerRules.from_data(json.loads(path.read_text(encoding="utf-8"))) == rules


def test_reading_the_rules_from_spacy_leaves_its_command_line_alone() -> None:
    script = "import sys\nfrom pipeline.tag.tokenrules import rules_from_spacy\nrules_from_spacy()\nprint('spacy.cli' in sys.modules)\n"
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True,
                            env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
    assert result.stdout.split() == ["False"]


def test_the_last_special_case_is_cached_as_spacy_caches_it(rules: TokenizerRules) -> None:
    """spaCy leaves the chunks of the last special case it added in its cache, tokenized without special
    cases, and they answer first: three apostrophes are then two and one, not one and two. With spaCy 3.8's
    Spanish rules the last one is itself a special case, so this shows only with one added."""
    from spacy.attrs import ORTH

    apostrophes = "'" * 3
    last = "\ufb00 " + apostrophes  # sorts after every Spanish special case
    ours = SpanishTokenizer(replace(rules, special_cases={**rules.special_cases, last: (last,)}))
    theirs = spacy_tokenizer()
    theirs.add_special_case(last, [{ORTH: last}])
    theirs.rules = theirs.rules  # reloaded in sorted order, as a new tokenizer loads them
    for text in (apostrophes, f"a {apostrophes} b", last, f"({apostrophes})"):
        assert ours(text) == [(token.text, token.idx) for token in theirs(text)], text
    assert ours(apostrophes) == [("''", 0), ("'", 2)]


def test_a_rules_file_of_another_spacy_is_not_used(tmp_path: Path, rules: TokenizerRules, monkeypatch) -> None:
    made = []
    monkeypatch.setattr(tokenrules, "rules_from_spacy", lambda: made.append(1) or rules)
    monkeypatch.setattr(tokenrules, "_spacy_version", lambda: "0.0.1")
    path = tokenrules.rules_path(tmp_path, "0.0.1")
    path.write_text(json.dumps(rules.to_data()), encoding="utf-8")  # says it is from the installed spaCy, not 0.0.1
    assert rules.spacy_version != "0.0.1"
    stored_rules(tmp_path)
    assert made == [1]  # read from spaCy again, not taken from the file


def test_a_failed_write_leaves_no_temporary_file(tmp_path: Path, rules: TokenizerRules, monkeypatch) -> None:
    monkeypatch.setattr(tokenrules, "rules_from_spacy", lambda: rules)
    tokenrules.rules_path(tmp_path, tokenrules._spacy_version()).mkdir()  # a folder where the file goes
    assert stored_rules(tmp_path) == rules
    assert len(list(tmp_path.iterdir())) == 1


def test_an_unwritable_cache_keeps_the_rules_in_memory(tmp_path: Path, rules: TokenizerRules, monkeypatch) -> None:
    monkeypatch.setattr(tokenrules, "rules_from_spacy", lambda: rules)
    blocked = tmp_path / "file"
    blocked.write_text("not a folder", encoding="utf-8")
    assert stored_rules(blocked / "cache") == rules


def test_tagging_does_not_import_spacy_once_the_rules_are_stored(tmp_path: Path) -> None:
    script = (
        "import sys\n"
        "from pipeline.tag.glossary import Glossary, Term\n"
        "from pipeline.tag.matcher import Tagger\n"
        "hits = Tagger(Glossary(terms=(Term('amenaza interna', 'Internal Threat'),))).find('Las amenazas internas llegan.')\n"
        "print(len(hits), 'spacy' in sys.modules)\n"
    )
    store = word_store(shared_cache_dir()).path  # the user's word lists (made once; seconds to make again)
    if store is None:
        pytest.skip("the word store is in memory here (an unwritable cache folder): a new process would make it again")
    (tmp_path / store.name).symlink_to(store)
    environment = {"REFSHEETS_CACHE_DIR": str(tmp_path), "PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"}
    first = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=environment, check=True)
    again = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=environment, check=True)
    assert first.stdout.split() == ["1", "True"]  # the first process reads the rules from spaCy and stores them
    assert again.stdout.split() == ["1", "False"]
