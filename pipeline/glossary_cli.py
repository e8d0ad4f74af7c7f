"""`refsheets glossary ...`: check a game's glossary against its text, suggest entries the text states."""
from __future__ import annotations

import sys

import click


def _report(context, game: str):
    """Tag the game's text and judge its glossary (spaCy and the word-frequency tables load here)."""
    from pipeline.build import tagged_document
    from pipeline.tag.check import check_glossary
    from pipeline.tag.glossary import load_glossary
    from pipeline.tag.matcher import tagger_for

    project = context.project
    project.game_dir(game)
    glossary = load_glossary(project.glossaries, game, display_root=project.root)
    _, _, document = tagged_document(project, game)
    return glossary, check_glossary(document, glossary=glossary, tagger=tagger_for(glossary))


def _where(term) -> str:
    path = f"glossaries/{term.source}.yaml"
    return f"{path}:{term.line}" if term.line else path


@click.group("glossary")
def glossary() -> None:
    """Check and grow the bilingual glossaries (glossaries/common.yaml and glossaries/<game>.yaml).

    Example: refsheets glossary check leaving-earth
    """


@glossary.command("check")
@click.argument("game")
@click.pass_context
def check(ctx: click.Context, game: str) -> None:
    """Entries of GAME's glossary never found in its text, and the Spanish/English pairs the text
    states ('hive/colmena', 'Spacecraft = nave espacial', 'empuje (thrust)') that the glossary lacks
    or contradicts. Exits 1 when the glossary contradicts the text.

    Example: refsheets glossary check legendary-alien
    """
    _, report = _report(ctx.find_object(_context_type()), game)
    click.echo(f"{game}: {report.entries} entries ({report.game_entries} in glossaries/{game}.yaml), "
               f"{len(report.unused)} never found in the text")
    for term in report.unused:
        click.echo(f"  unused  {_where(term)}  {term.es} → {term.en}")
    for term, form in report.risky:
        click.echo(f"  risky   {_where(term)}  {term.es}: form {form!r} is a very common Spanish word (spaCy stop list): check its hits")
    known = sum(1 for pair in report.pairs if pair.status == "known")
    click.echo(f"pairs stated in the text: {len(report.pairs)} ({known} in the glossary, {len(report.missing)} missing, "
               f"{len(report.contradictions)} contradicting)")
    for pair in report.pairs:
        if pair.status == "known":
            continue
        label = "missing" if pair.status == "missing" else ("explained" if pair.explained else "CONTRADICTION")
        said = f"line {pair.line}: {pair.es!r} = {pair.en!r}"
        if pair.term is not None:
            said += f"; glossary: {pair.term.es!r} → {pair.term.en!r} ({_where(pair.term)})"
        click.echo(f"  {label:<13} {said}\n                {pair.context}")
    if report.contradictions:
        click.echo(
            f"{len(report.contradictions)} contradiction(s): fix the entry, or explain the translator's usage in its 'note'", err=True
        )
        sys.exit(1)


@glossary.command("suggest")
@click.argument("game")
@click.pass_context
def suggest(ctx: click.Context, game: str) -> None:
    """Print candidate entries for GAME, mined from the pairs its text states, as YAML to paste under
    'terms:' in glossaries/GAME.yaml (check each English name before you mark it verified).

    Example: refsheets glossary suggest leaving-earth >> /tmp/candidates.yaml
    """
    import yaml

    from pipeline.tag.check import suggestions

    _, report = _report(ctx.find_object(_context_type()), game)
    entries = suggestions(report)
    if not entries:
        click.echo(f"# {game}: every pair the text states is already in the glossary")
        return
    click.echo(f"# {game}: {len(entries)} candidate entries mined from the text")
    click.echo(yaml.safe_dump(entries, allow_unicode=True, sort_keys=False, width=110), nl=False)


def _context_type():
    from pipeline.cli import Context

    return Context
