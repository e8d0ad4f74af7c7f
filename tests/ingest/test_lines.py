"""A converted page's decoration: pictographs go, whichever block of Unicode they come from; icons stay."""

import pytest

from pipeline.ingest.lines import tidy


@pytest.mark.parametrize("mark", ["🤼", "⏰", "⌛", "⏳", "🎲", "⭐", "⚔\ufe0f", "⏱\ufe0f"])
def test_a_pictograph_before_a_fact_goes_the_same_way_from_any_block(mark: str) -> None:
    assert tidy(f"{mark} 30-60 min.") == "30-60 min."


@pytest.mark.parametrize("icon", ["★", "✓", "⚔", "⌀"])
def test_a_symbol_the_text_uses_as_an_icon_stays(icon: str) -> None:
    assert tidy(f"{icon} 2 daños") == f"{icon} 2 daños"
