"""YAML loading (pipeline/yamlio.py): lines of every key and item, libyaml and PyYAML alike, errors in plain words where they start."""
from __future__ import annotations

import time

import pytest

from pipeline import yamlio
from pipeline.errors import ConfigError


def load(text: str):
    return yamlio.parse_yaml(text, display="x.yaml")


def error_of(text: str) -> str:
    with pytest.raises(ConfigError) as error:
        load(text)
    return str(error.value)


@pytest.mark.skipif(yamlio._FastLineLoader is None, reason="PyYAML built without libyaml")
def test_libyaml_gives_the_same_data_and_lines() -> None:
    text = "title_es: Juego\nsheets:\n  - name: quickref\n    recipe: {pages: 2, columns: [2, 3]}\n"
    fast = yamlio._load(yamlio._FastLineLoader, text, display="x.yaml")
    slow = yamlio._load(yamlio._LineLoader, text, display="x.yaml")
    assert fast == slow
    for data in (fast, slow):
        assert data.origin("sheets") == ("x.yaml", 2)
        assert data["sheets"].item_lines == [3] and data["sheets"][0].origin("recipe") == ("x.yaml", 4)


def test_every_key_and_list_item_knows_its_line() -> None:
    data = load("# a comment\ntitle_es: Juego\ncredits:\n  translators:\n    - Ana\n    - Luis\n")
    assert data.origin("title_es") == ("x.yaml", 2) and data.origin("credits") == ("x.yaml", 3)
    assert data["credits"]["translators"].item_lines == [5, 6]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('title_es: Juego\ntitle_en: "Unclosed\npaper: a4\nsheets:\n  - name: x\n',
         'x.yaml:2: YAML error: the quote " opened on this line is never closed; end the text with "'),
        ("title_es: 'Juego\npaper: a4\n", "x.yaml:1: YAML error: the quote ' opened on this line is never closed; end the text with '"),
        # issue 25: closed, by accident, by a later line's quote mark: still told where it opened, not at line 6
        ('title_es: "Juego"\ntitle_en: "Game\npublisher: X\npaper: a4\ncredits:\n  translators: ["x"]\n',
         'x.yaml:2: YAML error: the quote " opened on this line is not closed on it: it runs on to line 6, where the file stops making'
         ' sense; end the text with " on this line'),
        ("title_es: Juego\ncredits: [a, b\npaper: a4\n",
         "x.yaml:2: YAML error: the [ opened on this line is not closed with ] (or a comma is missing between its items)"),
        ("credits: {a: b\npaper: a4\n",
         "x.yaml:1: YAML error: the { opened on this line is not closed with } (or a comma is missing between its items)"),
        ("a: 1\nb: c: d\n",
         "x.yaml:2: YAML error: unexpected ': ' here; put a value that contains ': ' in quotes, or check the line above for a missing ':'"),
        ("a: 1\nfoo\nb: 2\n",
         "x.yaml:2: YAML error: this line is not 'key: value' (a ':' is missing, or the text should continue the line above)"),
        ("title_es: Juego\n\tpaper: a4\n", "x.yaml:2: YAML error: a tab character; indent YAML with spaces"),
        ("a: @foo\n", "x.yaml:1: YAML error: a value cannot start with @; put it in quotes"),
        ("sheets:\n  - name: a\n   template: b\n",

             "x.yaml:3: YAML error: this line does not fit the lines above; check its indentation, and quote values that contain ': ' or "
             "start with a quote"),
        ("a: 1\n- b\n", "x.yaml:2: YAML error: a list item ('- ') where a 'key: value' was expected; check the indentation"),
        ('a: "bad \\q escape"\n',
         "x.yaml:1: YAML error: \\q is not an escape inside double quotes; write \\\\ for a backslash, or use single quotes"),
        ("a: *nope\n", "x.yaml:1: YAML error: alias 'nope' refers to no anchor (&name) defined above it"),
        ("a: &x 1\nb: &x 2\n", "x.yaml:2: YAML error: the anchor 'x' is defined twice (first on line 1)"),
        ("a: 1\n---\nb: 2\n", "x.yaml:2: YAML error: a second document ('---') in the file; a file holds one document"),
        ("a: !!python/object:os.system x\n",
         "x.yaml:1: YAML error: tag not allowed (only plain YAML is read): could not determine a constructor "
                                             "for the tag 'tag:yaml.org,2002:python/object:os.system'"),
    ],
    ids=["unclosed-double-quote", "unclosed-single-quote", "quote-closed-lines-below", "unclosed-list", "unclosed-mapping",
         "colon-in-value", "missing-colon", "tab",
         "reserved-character", "indentation", "list-item-in-mapping", "bad-escape", "undefined-alias", "duplicate-anchor", "two-documents",
         "python-tag"],
)
def test_syntax_errors_are_told_in_plain_words_where_they_start(text: str, message: str) -> None:
    assert error_of(text) == message


def test_every_duplicate_key_is_reported_but_a_merge_may_be_overridden() -> None:
    assert error_of("a: 1\nb: 2\na: 3\nc:\n  x: 1\n  x: 2\n").splitlines() == [
        "x.yaml:3: duplicate key 'a' (first on line 1)",
        "x.yaml:6: duplicate key 'x' (first on line 5)",
    ]
    assert load("base: &b {x: 1, y: 2}\nother:\n  <<: *b\n  x: 3\n")["other"] == {"x": 3, "y": 2}


def test_aliases_may_repeat_values_but_not_explode_them() -> None:
    assert load("colours: &c [a, b]\nfirst: *c\nsecond: *c\n")["second"] == ["a", "b"]
    bomb = "".join(f"l{n}: &l{n} [{', '.join([f'*l{n - 1}'] * 9) if n else ', '.join(['x'] * 9)}]\n" for n in range(9))
    started = time.perf_counter()
    assert error_of(bomb) == (
        "x.yaml:1: YAML error: aliases (*name) expand 28 written values to 490,329,064; refused as a 'billion laughs' document: "
        "write the values out instead of nesting aliases"
    )
    assert time.perf_counter() - started < 1.0  # refused from the document's shape, never walked
    assert error_of("a: &a [1, *a]\n") == "x.yaml:1: YAML error: an alias refers to the list or mapping that contains it"
