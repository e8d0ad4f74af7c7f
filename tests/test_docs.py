"""The README is a first visit's page and docs/ holds the rest: its size, its two commands, and links that resolve."""

import re
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
