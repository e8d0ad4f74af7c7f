"""The README is a first visit's page and docs/ holds the rest: its size, its two commands, and links that resolve."""

import re
import textwrap
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"


def test_readme_is_short_and_shows_the_two_commands():
    text = README.read_text(encoding="utf-8")
    assert len(text.splitlines()) <= 200
    assert "make sheets" in text and "make test" in text


def test_readme_shows_every_command():
    from pipeline.cli import main

    text = README.read_text(encoding="utf-8")
    for name, command in main.commands.items():
        for sub in getattr(command, "commands", {None: None}):
            shown = f"refsheets {name}" + (f" {sub}" if sub else "")
            assert shown in text, f"README shows no example of `{shown}`"


def test_readme_links_resolve():
    text = README.read_text(encoding="utf-8")
    links = re.findall(r"\]\(([^)#]+)(?:#[^)]*)?\)", text)
    assert links
    for link in links:
        assert (ROOT / link).is_file(), f"README links to {link}, which is missing"


def test_every_docs_page_is_in_the_site_nav():
    config = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))
    listed = {page for entry in config["nav"] for page in entry.values()}
    pages = {path.name for path in (ROOT / "docs").glob("*.md")}
    assert pages == listed


def test_the_readmes_first_correction_still_corrects_the_seed():
    """The README's example correction names a typo leaving-earth's raw.txt has and its corrections.yaml does not fix yet:
    a new user following it must see it work, not a stale-correction warning (the seed's own entries fixed 'hacar')."""
    from pipeline.clean.corrections import apply_corrections, load_corrections

    text = README.read_text(encoding="utf-8")
    example = yaml.safe_load(textwrap.dedent(re.search(r"```yaml\n(.*?)```", text, re.DOTALL).group(1)))
    find = example[0]["find"]
    game = ROOT / "sources" / "leaving-earth"
    lines = [line for line in (game / "raw.txt").read_text(encoding="utf-8").splitlines() if find in line]
    assert lines, f"README's example find {find!r} is not in leaving-earth's raw.txt"
    corrections = load_corrections(game / "corrections.yaml", display="corrections.yaml")
    assert all(find in apply_corrections(line, corrections)[0] for line in lines), "the seed's corrections fix it already"
