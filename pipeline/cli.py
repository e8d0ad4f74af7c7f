"""The `refsheets` command line: a thin click layer over the stages; heavy imports stay inside commands."""
from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import click

from pipeline import __version__
from pipeline.errors import InputError, RefsheetsError


class Context:
    def __init__(self, root: Path, debug: bool) -> None:
        from pipeline.project import Project

        self.project = Project(root.resolve())
        self.debug = debug


pass_context = click.make_pass_decorator(Context)


class RefsheetsGroup(click.Group):
    """Turns our exceptions into one clear line and the right exit code (tracebacks only with --debug)."""

    def invoke(self, ctx: click.Context):
        try:
            return super().invoke(ctx)
        except (click.exceptions.ClickException, click.exceptions.Exit, click.exceptions.Abort):
            raise  # click's own usage errors and exits already say the right thing
        except RefsheetsError as exc:
            self._fail(ctx, str(exc), exc.exit_code)
        except KeyboardInterrupt:
            click.echo("interrupted: outputs already written are complete; nothing half-written was kept", err=True)
            ctx.exit(130)
        except OSError as exc:
            # The environment refused something (permissions, disk full): the user's to fix, not a bug.
            where = f"{exc.filename}: " if exc.filename else ""
            self._fail(ctx, f"{where}{exc.strerror or exc}", 2)
        except Exception as exc:  # noqa: BLE001 - the promise is "never a traceback" without --debug
            self._fail(ctx, f"internal error ({type(exc).__name__}: {str(exc)[:300]}); please report it, rerun with --debug for details", 1)

    @staticmethod
    def _fail(ctx: click.Context, message: str, code: int) -> None:
        context = ctx.find_object(Context)
        if context is not None and context.debug:
            raise  # noqa: PLE0704 - re-raises the exception being handled, with its traceback
        for line in message.splitlines() or [""]:  # every problem of a file, each on its own line
            click.echo(f"error: {line}", err=True)
        ctx.exit(code)


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
        expected = "expected sources/<game-id>/raw.txt, or raw.md, raw.html, raw.pdf, raw.docx"
        raise InputError(f"no games found ({expected})", path=context.project.display(context.project.sources))
    return games


@main.command("list")
@pass_context
def list_games(context: Context) -> None:
    """List the games found in sources/ with their sheets.

    Example: refsheets list
    """
    from pipeline.project import load_game
    from pipeline.sheets.config import Templates

    templates = Templates(context.project.templates)  # read once for every game
    for game_id in _games(context, ()):
        game = load_game(context.project, game_id, templates=templates).game
        sheets = ", ".join(sheet.name for sheet in game.sheets)
        click.echo(f"{game_id}\t{game.title_es}\t{sheets}")


def cores() -> int:
    """The cores this process may run on (what --jobs defaults to)."""
    try:
        return len(os.sched_getaffinity(0)) or 1
    except AttributeError:  # not Linux
        return os.cpu_count() or 1


def _build_options(command):
    """--paper, --out and --jobs, shared by build and watch."""
    for option in reversed(
        (
            click.option("--paper", type=click.Choice(["a4", "letter"]), default=None, help="Paper size (default: the game's, A4)."),
            click.option(
                "--out", "out_dir", type=click.Path(file_okay=False, path_type=Path), default=None, help="Output folder (default: output/)."
            ),
            click.option(
                "--jobs",
                "-j",
                type=click.IntRange(min=1),
                default=cores(),
                show_default="the number of cores",
                help="Build this many games at once, one process each (the output is the same for any number).",
            ),
        )
    ):
        command = option(command)
    return command


@main.command()
@click.argument("games", nargs=-1)
@_build_options
@click.option("--force", is_flag=True, help="Rebuild every sheet even when its inputs did not change.")
@click.option("--no-wait", is_flag=True, help="Fail (exit 2) instead of waiting when another build holds the project.")
@click.option("--strict", is_flag=True, help="A correction that matches nothing (or not its expected count) is an error, not a warning.")
@pass_context
def build(
    context: Context, games: tuple[str, ...], paper: str | None, out_dir: Path | None, jobs: int, force: bool, no_wait: bool, strict: bool
) -> None:
    """Build the sheets of GAMES (all games when none is named) into output/<game>/.

    Only sheets whose inputs changed are made again; for each, what changed is printed.

    Example: refsheets build leaving-earth space-alert --paper letter
    """
    from pipeline.build import build as run_build

    game_ids = _games(context, games)
    target = (out_dir or context.project.output).resolve()
    report = run_build(
        context.project,
        game_ids,
        out_dir=target,
        paper=paper,
        force=force,
        jobs=jobs,
        wait=not no_wait,
        strict=strict,
        progress=lambda line: click.echo(line, err=True),
    )
    for warning in report.warnings:
        click.echo(f"warning: {warning}", err=True)
    for _game, message in report.failed:
        for line in message.splitlines():  # every problem of a file, each on its own line
            click.echo(f"error: {line}", err=True)
    click.echo(report.summary(), err=True)
    sys.exit(report.exit_code)


@main.command()
@click.argument("games", nargs=-1)
@_build_options
@pass_context
def watch(context: Context, games: tuple[str, ...], paper: str | None, out_dir: Path | None, jobs: int) -> None:
    """Build GAMES (all when none is named), then rebuild whenever one of their inputs is saved.

    Watches sources/<game>/, glossaries/ and templates/; stop with Ctrl-C.

    Example: refsheets watch leaving-earth
    """
    from pipeline.build.watch import watch as run_watch

    game_ids = _games(context, games) if games else None
    if game_ids is None:
        _games(context, ())  # fail now, with the usual message, when there is nothing to watch
    target = (out_dir or context.project.output).resolve()
    click.echo(f"watching {', '.join(game_ids) if game_ids else 'every game'} (Ctrl-C to stop)", err=True)
    try:
        run_watch(context.project, game_ids, out_dir=target, paper=paper, jobs=jobs, echo=lambda line: click.echo(line, err=True))
    except KeyboardInterrupt:
        click.echo("stopped watching", err=True)


@main.command("new")
@click.argument("game")
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@pass_context
def new(context: Context, game: str, file: Path) -> None:
    """Add a game: copy FILE (.txt, .md, .html, .pdf or .docx) in as sources/GAME/raw.<ext> and write a
    commented game.yaml with the title and credits the text gives.

    Example: refsheets new ho-high-moon ~/Descargas/reglas.md
    """
    from pipeline.build.newgame import new_game

    folder, found = new_game(context.project, game, file)
    click.echo(f"{context.project.display(folder)}: made; check game.yaml, then run `refsheets build {game}`")
    for line in found:
        click.echo(f"  {line}")


@main.command("clean")
@click.argument("game")
@click.option("--report", is_flag=True, help="Print the cleaning report (line, action, reason, original) instead.")
@click.option("--strict", is_flag=True, help="Treat correction warnings (a correction that matches nothing) as errors.")
@pass_context
def clean_command(context: Context, game: str, report: bool, strict: bool) -> None:
    """Print the cleaned text of GAME, or with --report what was removed or changed and why.

    Example: refsheets clean leaving-earth --report
    """
    from pipeline.build import cleaning_report_tsv, prepare

    _, cleaned, _ = prepare(context.project, game, strict=strict)
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
    from pipeline.build import prepare, tagged_document

    if not as_json:  # the outline shows no glossary terms: no tagging (and no spaCy)
        click.echo(outline_text(prepare(context.project, game)[2]), nl=False)
        return
    _, _, document = tagged_document(context.project, game)
    click.echo(sections_json(document), nl=False)


def sections_json(document) -> str:
    """`sections --json`: every section in reading order, with its text and glossary terms."""
    return json.dumps([section.to_json() for section in document.sections], ensure_ascii=False, indent=2) + "\n"


def outline_text(document) -> str:
    """`sections`: the section tree as an indented outline, one section a line."""
    lines = []
    for section in document.sections:
        indent = "  " * (section.level - 1)
        page = f"  (p. {section.page})" if section.page else ""
        lines.append(f"{indent}{section.title}  [{section.kind}] {section.id}  lines {section.first}-{section.last}{page}\n")
    return "".join(lines)


# --- refsheets glossary ... : check a game's glossary against its text, suggest entries the text states


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


@main.group("glossary")
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
    _, report = _report(ctx.find_object(Context), game)
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

    _, report = _report(ctx.find_object(Context), game)
    entries = suggestions(report)
    if not entries:
        click.echo(f"# {game}: every pair the text states is already in the glossary")
        return
    click.echo(f"# {game}: {len(entries)} candidate entries mined from the text")
    click.echo(yaml.safe_dump(entries, allow_unicode=True, sort_keys=False, width=110), nl=False)
