"""YAML is read by libyaml when PyYAML has it: same data and lines as the Python loader, PyYAML's words for errors."""
from __future__ import annotations

import pytest
import yaml

from pipeline import yamlio
from pipeline.errors import ConfigError

pytestmark = pytest.mark.skipif(yamlio._FastLineLoader is None, reason="PyYAML built without libyaml")


def test_libyaml_gives_the_same_data_and_lines() -> None:
    text = "title_es: Juego\nsheets:\n  - name: quickref\n    recipe: {pages: 2}\n"
    fast = yaml.load(text, Loader=yamlio._FastLineLoader)  # noqa: S506 - a CSafeLoader
    slow = yaml.load(text, Loader=yamlio._LineLoader)  # noqa: S506 - a SafeLoader
    assert fast == slow and fast["sheets"][0].line == slow["sheets"][0].line == 3


def test_an_unreadable_file_is_explained_in_pyyamls_words() -> None:
    with pytest.raises(ConfigError) as error:
        yamlio.parse_yaml("a: 1\nb: c: d\n", display="x.yaml")
    assert "mapping values are not allowed here" in str(error.value)  # libyaml would say "in this context"
    assert error.value.line == 2
