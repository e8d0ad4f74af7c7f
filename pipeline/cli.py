"""The `refsheets` command line: a thin click layer over the stages; heavy imports stay inside commands."""
from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from . import __version__
from .errors import InputError, RefsheetsError


class Context:
    def __init__(self, root: Path, debug: bool) -> None:
        from .sources import Project

        self.project = Project(root.resolve())
        self.debug = debug


pass_context = click.make_pass_decorator(Context)


class RefsheetsGroup(click.Group):
    """Turns our exceptions into one clear line and the right exit code (tracebacks only with --debug)."""

    def invoke(self, ctx: click.Context):
        try:
            return super().invoke(ctx)
        except RefsheetsError as exc:
            if ctx.find_object(Context) and ctx.find_object(Context).debug:
                raise
            click.echo(f"error: {exc}", err=True)
            ctx.exit(exc.exit_code)
        except KeyboardInterrupt:
            click.echo("interrupted: outputs already written are complete; nothing half-written was kept", err=True)
            ctx.exit(130)


@click.group(cls=RefsheetsGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="refsheets")
@click.option(
    "--root",
    type=click.Path(file_okay=False, path_type=Path),
    default=Path("."),
    show_default=True,
    help="Project folder holding sources/, glossaries/, templates/ and output/.",
)
@click.option("--debug", is_flag=True, help="Show tracebacks for errors.")
@click.pass_context
def main(ctx: click.Context, root: Path, debug: bool) -> None:
    """Printable reference sheets from Spanish fan translations of board-game rules.

    Example: refsheets build leaving-earth --paper letter
    """
    ctx.obj = Context(root, debug)


def _games(context: Context, names: tuple[str, ...]) -> list[str]:
    if names:
        for name in names:
            context.project.game_dir(name)
        return list(dict.fromkeys(names))
    games = context.project.game_ids()
    if not games:
        raise InputError("no games found (expected sources/<game-id>/raw.txt)", path=context.project.display(context.project.sources))
    return games


@main.command("list")
@pass_context
def list_games(context: Context) -> None:
    """List the games found in sources/ with their sheets.

    Example: refsheets list
    """
    from .sources import load_game

    for game_id in _games(context, ()):
        game = load_game(context.project, game_id)
        sheets = ", ".join(sheet.name for sheet in game.sheets)
        click.echo(f"{game_id}\t{game.title_es}\t{sheets}")


@main.command()
@click.argument("games", nargs=-1)
@click.option("--paper", type=click.Choice(["a4", "letter"]), default=None, help="Paper size (default: the game's, A4).")
@click.option("--out", "out_dir", type=click.Path(file_okay=False, path_type=Path), default=None, help="Output folder (default: output/).")
@click.option("--force", is_flag=True, help="Rebuild every sheet even when its inputs did not change.")
@pass_context
def build(context: Context, games: tuple[str, ...], paper: str | None, out_dir: Path | None, force: bool) -> None:
    """Build every sheet of GAMES (all games when none is named) into output/<game>/.

    Example: refsheets build leaving-earth space-alert --paper letter
    """
    from .build import build as run_build

    game_ids = _games(context, games)
    target = (out_dir or context.project.output).resolve()
    report = run_build(context.project, game_ids, out_dir=target, paper=paper, progress=lambda line: click.echo(line, err=True))
    for warning in report.warnings:
        click.echo(f"warning: {warning}", err=True)
    for game_id, message in report.failed:
        click.echo(f"error: {message}", err=True)
    click.echo(report.summary(), err=True)
    sys.exit(report.exit_code)


@main.command("clean")
@click.argument("game")
@click.option("--report", is_flag=True, help="Print the cleaning report (line, action, reason, original) instead.")
@pass_context
def clean_command(context: Context, game: str, report: bool) -> None:
    """Print the cleaned text of GAME, or with --report what was removed or changed and why.

    Example: refsheets clean leaving-earth --report
    """
    from .build import cleaning_report_tsv, prepare

    _, cleaned, _ = prepare(context.project, game)
    for warning in cleaned.warnings:
        click.echo(f"warning: {warning}", err=True)
    if report:
        click.echo(cleaning_report_tsv(cleaned), nl=False)
        return
    previous_kind = "text"
    for line in cleaned.lines:
        if line.kind != previous_kind:
            if previous_kind != "text":
                click.echo(f"[/{previous_kind}]")
            if line.kind != "text":
                click.echo(f"[{line.kind}]")
            previous_kind = line.kind
        click.echo(line.text)
    if previous_kind != "text":
        click.echo(f"[/{previous_kind}]")


@main.command()
@click.argument("game")
@click.option("--json", "as_json", is_flag=True, help="Print a JSON array of sections in reading order.")
@pass_context
def sections(context: Context, game: str, as_json: bool) -> None:
    """Show the section tree of GAME as an outline (or as JSON, with glossary terms).

    Example: refsheets sections space-alert --json
    """
    from .build import tagged_document

    _, _, document = tagged_document(context.project, game)
    if as_json:
        click.echo(json.dumps([section.to_json() for section in document.sections], ensure_ascii=False, indent=2))
        return
    for section in document.sections:
        indent = "  " * (section.level - 1)
        page = f"  (p. {section.page})" if section.page else ""
        click.echo(f"{indent}{section.title}  [{section.kind}] {section.id}  lines {section.first}-{section.last}{page}")
