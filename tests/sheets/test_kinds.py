"""Sheet kinds are registered by name: every template's kind is one, and an unknown one is an error naming them all."""

from pathlib import Path

import pytest
import yaml

from pipeline.errors import BuildError
from pipeline.sheets.kinds import KINDS, SHEET_KINDS, sheet_kind

TEMPLATES = Path(__file__).resolve().parents[2] / "templates"


def test_every_template_kind_is_registered():
    kinds = {(yaml.safe_load(path.read_text(encoding="utf-8")).get("options") or {}).get("kind") for path in TEMPLATES.glob("*.yaml")}
    assert kinds - {None} == set(SHEET_KINDS) == set(KINDS)


def test_a_registered_kind_is_found_by_name():
    assert sheet_kind("cards").name == "cards"


def test_an_unknown_kind_is_an_error_that_lists_the_kinds():
    with pytest.raises(BuildError, match=r"unknown sheet kind 'poster' \(kinds: quickref, cards\)"):
        sheet_kind("poster")
