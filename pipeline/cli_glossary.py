"""`refsheets glossary check|suggest`: judge a game's glossary against its text, and mine the entries the text states."""
from __future__ import annotations

import sys

import click

from pipeline.cli_base import Context, dumps_json as _json, global_options, pass_context


def _report(context, game: str):
    """Tag the game's text and judge its glossary (the lemma table and the word-frequency file load here)."""
    from pipeline.build import tagged_document
    from pipeline.tag.check import check_glossary
    from pipeline.tag.frequencies import unsaved
    from pipeline.tag.glossary import load_glossary
    from pipeline.tag.matcher import tagger_for

    project = context.project
    project.game_dir(game)
    glossary = load_glossary(project.glossaries, game, display_root=project.root)
    _, _, document = tagged_document(project, game)
    report = check_glossary(document, glossary=glossary, tagger=tagger_for(glossary))
    if unsaved():
        context.console.warning(f"{unsaved()}: the word frequencies are kept in memory only, so every check makes them again "
                                "(seconds); give REFSHEETS_CACHE_DIR a writable folder")
    return glossary, report


def _where(term) -> str:
    path = f"glossaries/{term.source}.yaml"
    return f"{path}:{term.line}" if term.line else path


@click.group("glossary")
@global_options
def glossary() -> None:
    """Check and grow the bilingual glossaries (glossaries/common.yaml and glossaries/<game>.yaml).

    Example: refsheets glossary check leaving-earth
    """


@glossary.command("check")
@click.argument("game")
@click.option("--json", "as_json", is_flag=True, help="Print the findings as JSON.")
@global_options
@pass_context
def check(context: Context, game: str, as_json: bool) -> None:
    """Entries of GAME's glossary never found in its text, and the Spanish/English pairs the text
    states ('hive/colmena', 'Spacecraft = nave espacial', 'empuje (thrust)') that the glossary lacks
    or contradicts. Exits 1 when the glossary contradicts the text.

    Example: refsheets glossary check legendary-alien
    """
    _, report = _report(context, game)
    if as_json:
        click.echo(_json(_check_json(game, report)))
    else:
        _check_text(game, report)
    if report.contradictions:
        context.console.error(
            f"{len(report.contradictions)} contradiction(s): fix the entry, or explain the translator's usage in its 'note'"
        )
        sys.exit(1)


def _term_json(term) -> dict | None:
    return None if term is None else {"es": term.es, "en": term.en, "where": _where(term)}


def _check_json(game: str, report) -> dict:
    return {
        "game": game,
        "entries": report.entries,
        "game_entries": report.game_entries,
        "unused": [_term_json(term) for term in report.unused],
        "risky": [{**(_term_json(term) or {}), "form": form} for term, form in report.risky],
        "pairs": [
            {"status": pair.status, "explained": pair.explained, "line": pair.line, "es": pair.es, "en": pair.en,
             "context": pair.context, "term": _term_json(pair.term)}
            for pair in report.pairs
        ],
        "contradictions": len(report.contradictions),
    }


def _check_text(game: str, report) -> None:
    from pipeline.tag.check import PairStatus

    click.echo(f"{game}: {report.entries} entries ({report.game_entries} in glossaries/{game}.yaml), "
               f"{len(report.unused)} never found in the text")
    for term in report.unused:
        click.echo(f"  unused  {_where(term)}  {term.es} → {term.en}")
    for term, form in report.risky:
        click.echo(f"  risky   {_where(term)}  {term.es}: form {form!r} is a very common Spanish word (spaCy stop list): check its hits")
    known = sum(1 for pair in report.pairs if pair.status == PairStatus.KNOWN)
    click.echo(f"pairs stated in the text: {len(report.pairs)} ({known} in the glossary, {len(report.missing)} missing, "
               f"{len(report.contradictions)} contradicting)")
    for pair in report.pairs:
        if pair.status == PairStatus.KNOWN:
            continue
        label = "missing" if pair.status == PairStatus.MISSING else ("explained" if pair.explained else "CONTRADICTION")
        said = f"line {pair.line}: {pair.es!r} = {pair.en!r}"
        if pair.term is not None:
            said += f"; glossary: {pair.term.es!r} → {pair.term.en!r} ({_where(pair.term)})"
        click.echo(f"  {label:<13} {said}\n                {pair.context}")


@glossary.command("suggest")
@click.argument("game")
@global_options
@pass_context
def suggest(context: Context, game: str) -> None:
    """Print candidate entries for GAME, mined from the pairs its text states, as YAML to paste under
    'terms:' in glossaries/GAME.yaml (check each English name before you mark it verified).

    Example: refsheets glossary suggest leaving-earth >> /tmp/candidates.yaml
    """
    import yaml

    from pipeline.tag.check import suggestions

    _, report = _report(context, game)
    entries = suggestions(report)
    if not entries:
        click.echo(f"# {game}: every pair the text states is already in the glossary")
        return
    click.echo(f"# {game}: {len(entries)} candidate entries mined from the text")
    click.echo(yaml.safe_dump(entries, allow_unicode=True, sort_keys=False, width=110), nl=False)
