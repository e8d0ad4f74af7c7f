"""issue 25: the first run on a machine says what per-user data it prepares, instead of a silent 10-30 s."""
from __future__ import annotations

from pathlib import Path

from pipeline import firstrun


def test_preparing_says_what_where_and_how_long_it_took(tmp_path: Path) -> None:
    said: list[str] = []
    firstrun.listen(said.append)
    try:
        with firstrun.preparing("the word frequencies", tmp_path):
            assert said == [f"preparing the word frequencies in {tmp_path} (done once per user and library version; "
                            "this takes a few seconds)..."]
        assert said[1].startswith("prepared the word frequencies (") and said[1].endswith(" s)")
    finally:
        firstrun._LISTENERS.clear()


def test_nobody_listening_hears_nothing() -> None:
    with firstrun.preparing("the word lists"):
        pass  # a library caller that never listened: no output, no error
    assert firstrun._LISTENERS == []
