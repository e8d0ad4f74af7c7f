"""issue 25: the first run on a machine says what per-user data it prepares, instead of a silent 10-30 s."""
from __future__ import annotations

from pathlib import Path

from pipeline import firstrun


def test_making_the_tokenizer_rules_says_so_and_how_long_it_took(tmp_path: Path) -> None:
    from pipeline.tag.tokenrules import stored_rules

    said: list[str] = []
    firstrun.listen(said.append)
    try:
        stored_rules(tmp_path)  # nothing stored there yet: made from spaCy
        assert said[0].startswith(f"preparing the tokenizer rules in {tmp_path} (done once per user")
        assert said[1].startswith("prepared the tokenizer rules (") and said[1].endswith(" s)")
        said.clear()
        stored_rules(tmp_path)  # read back: nothing to say
        assert said == []
    finally:
        firstrun._LISTENERS.clear()
