"""The `refsheets` command line: a thin click layer over the stages; heavy imports stay inside commands."""
from __future__ import annotations

import json
import os
import sys
from dataclasses import replace
from pathlib import Path

import click

from pipeline import __version__
from pipeline.cli_base import Context, RefsheetsGroup, dumps_json as _json, global_options, pass_context, run as _run
from pipeline.cli_glossary import glossary
from pipeline.errors import InputError, RefsheetsError


@click.group(cls=RefsheetsGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="refsheets")
@global_options(reports_sheets=True)
def main() -> None:
    """Printable reference sheets from Spanish fan translations of board-game rules.

    Every command also takes --root, --debug, --quiet and --verbose, before or after its name.

    Example: refsheets build leaving-earth --paper letter
    """
    click.get_current_context().ensure_object(Context)


def _games(context: Context, names: tuple[str, ...], *, building: bool = False) -> list[str]:
    """The games named, or every game; `building`: with the configured games whose source file is missing, so
    the build counts them as failed (exit 2) rather than skipping them with a warning."""
    if names:
        for name in names:
            context.project.game_dir(name)
        return list(dict.fromkeys(names))
    from pipeline.project import configured_without_source, skipped_folders

    missing = configured_without_source(context.project) if building else []
    for note in skipped_folders(context.project):
        if not any(note.startswith(f"{context.project.display(context.project.sources / name)}:") for name in missing):
            context.console.warning(note)
            context.skipped.append(note)
    games = sorted(context.project.game_ids() + missing)
    if not games:
        from pipeline.ingest import SOURCE_NAMES

        expected = f"expected sources/<game-id>/raw.txt, or {', '.join(SOURCE_NAMES[1:])}"
        raise InputError(f"no games found ({expected})", path=context.project.display(context.project.sources))
    return games


def _out_dir(context: Context, out_dir: Path | None) -> Path:
    """--out, refused inside sources/ or the cache: there the build's outputs would be inputs of the next build."""
    from pipeline.build.keys import CACHE_DIR

    project = context.project
    target = (out_dir or project.output).resolve()
    refused = (
        (project.sources, "sources/ (its files are the inputs of every build)"),
        (project.root / CACHE_DIR, f"{CACHE_DIR}/ (the build cache)"),
    )
    for folder, what in refused:
        if target.is_relative_to(folder.resolve()):
            raise click.UsageError(f"--out {project.display(target)} is inside {what}; choose a folder outside it, such as output/")
    return target


@main.command("list")
@click.option("--json", "as_json", is_flag=True, help="Print a JSON array of games with their sheets.")
@global_options
@pass_context
def list_games(context: Context, as_json: bool) -> None:
    """List the games found in sources/ with their sheets and the source file each reads (folders that are not games are named on stderr).

    Example: refsheets list
    """
    from pipeline.errors import from_os_error
    from pipeline.ingest import source_files
    from pipeline.project import load_game
    from pipeline.sheets.config import Templates

    templates = Templates(context.project.templates, context.project.glossaries)  # read once for every game
    found, worst = [], 0
    for game_id in _games(context, ()):
        try:
            found.append(_with_built_title(context.project, load_game(context.project, game_id, templates=templates).game))
        except (RefsheetsError, OSError) as exc:  # one broken or unreadable game.yaml must not hide the other games
            error = exc if isinstance(exc, RefsheetsError) else from_os_error(exc, display=lambda name: context.project.display(Path(name)))
            context.console.error(str(error))
            worst = max(worst, error.exit_code)
    # The file each game reads (a build refuses a folder with several raw.* entries: ingest.source_file).
    read = {game.id: ", ".join(path.name for path in source_files(context.project.game_dir(game.id))) for game in found}
    if as_json:
        context.console.result(_json([
            {"id": game.id, "title_es": game.title_es, "title_en": game.title_en, "paper": game.paper,
             "sheets": [{"name": sheet.name, "template": sheet.template} for sheet in game.sheets], "source": read[game.id]}
            for game in found
        ]))
    else:
        for game in found:
            context.console.result(f"{game.id}\t{game.title_es}\t{', '.join(sheet.name for sheet in game.sheets)}\t{read[game.id]}")
    if worst:
        sys.exit(worst)


def cores() -> int:
    """The cores this process may run on (what --jobs defaults to)."""
    try:
        return len(os.sched_getaffinity(0)) or 1
    except AttributeError:  # not Linux
        return os.cpu_count() or 1


def _build_options(command):
    """--paper, --out and --jobs, shared by build and watch (in that order in --help)."""
    command = click.option("--jobs", "-j", type=click.IntRange(min=1), default=cores(), show_default="the number of cores",
                           help="Build this many games at once, one process each (the output is the same for any number).")(command)
    command = click.option("--out", "out_dir", type=click.Path(file_okay=False, path_type=Path), default=None,
                           help="Output folder (default: output/).")(command)
    return click.option("--paper", type=click.Choice(["a4", "letter"], case_sensitive=False), default=None,
                        help="Paper size (default: the game's, A4).")(command)


@main.command()
@click.argument("games", nargs=-1)
@_build_options
@click.option("--force", is_flag=True, help="Rebuild every sheet even when its inputs did not change.")
@click.option("--no-wait", is_flag=True, help="Fail (exit 2) instead of waiting when another build holds the project.")
@click.option("--strict", is_flag=True, help="A correction that matches nothing (or not its expected count) is an error, not a warning.")
@click.option("--json", "as_json", is_flag=True, help="Print what was built as JSON (sheets, failures, warnings, counts).")
@global_options(reports_sheets=True)
@pass_context
def build(
    context: Context, games: tuple[str, ...], paper: str | None, out_dir: Path | None, jobs: int, force: bool, no_wait: bool,
    strict: bool, as_json: bool,
) -> None:
    """Build the sheets of GAMES (all games when none is named) into output/<game>/.

    Only sheets whose inputs changed are made again; for each, the words that changed are printed.
    Progress goes to stderr (a bar on a terminal), the results and the summary line to stdout.

    Example: refsheets build leaving-earth space-alert --paper letter
    """
    from pipeline.build import build as run_build

    console = context.console
    game_ids = _games(context, games, building=True)
    target = _out_dir(context, out_dir)
    report = run_build(
        context.project, game_ids, out_dir=target, paper=paper, force=force, jobs=jobs, wait=not no_wait, strict=strict,
        progress=console.progress, notice=console.notice, debug=context.debug,
    )
    # A skipped folder is a warning of this build like any other: counted in its summary and its JSON.
    report.warnings[:0] = [note for note in context.skipped if note not in report.warnings]
    if as_json:
        console.close()
        for line in report.error_lines():
            console.error(line)
        console.result(_json(report.to_json()))
    else:
        console.build_report(report)
    sys.exit(report.exit_code)


@main.command()
@click.argument("games", nargs=-1)
@_build_options
@global_options(reports_sheets=True)
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
    target = _out_dir(context, out_dir)
    console = context.console
    console.notice(f"watching {', '.join(game_ids) if game_ids else 'every game'} (Ctrl-C to stop)")
    try:
        run_watch(context.project, game_ids, out_dir=target, paper=paper, jobs=jobs, console=console)
    except KeyboardInterrupt:
        console.close()
        console.notice("stopped watching")


@main.command("new")
@click.argument("game")
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@global_options
@click.option("--max-characters", type=click.IntRange(min=1), default=None,
              help="Read a source this long (default 600,000 characters), e.g. a campaign book; kept in game.yaml.")
@click.option("--max-lines", type=click.IntRange(min=1), default=None,
              help="Read a source of this many lines (default 25,000); kept in game.yaml.")
@pass_context
def new(context: Context, game: str, file: Path, max_characters: int | None, max_lines: int | None) -> None:
    """Add a game: copy FILE (.txt, .md, .html, .pdf, .docx, .odt, .epub or .rtf) in as sources/GAME/raw.<ext>
    and write a commented game.yaml with the title and credits the text gives.

    Example: refsheets new ho-high-moon ~/Descargas/reglas.md
    """
    from pipeline.build.newgame import new_game
    from pipeline.ingest.limits import Limits
    from pipeline.project import MAX_RAISED_CHARS, MAX_RAISED_LINES

    if (max_characters or 0) > MAX_RAISED_CHARS or (max_lines or 0) > MAX_RAISED_LINES:
        raise click.UsageError(f"--max-characters goes up to {MAX_RAISED_CHARS:,} and --max-lines to {MAX_RAISED_LINES:,}")
    limits = Limits.raised(characters=max_characters, lines=max_lines)
    folder, found = new_game(context.project, game, file, limits=limits)
    click.echo(f"{context.project.display(folder)}: made; check game.yaml, then run `refsheets build {game}`")
    for line in found:
        click.echo(f"  {line}")


@main.command("clean")
@click.argument("game")
@click.option("--report", is_flag=True, help="Print the cleaning report (line, action, reason, original) instead.")
@click.option("--json", "as_json", is_flag=True, help="With --report: the report as a JSON array.")
@click.option("--strict", is_flag=True, help="Treat correction warnings (a correction that matches nothing) as errors.")
@global_options
@pass_context
def clean_command(context: Context, game: str, report: bool, as_json: bool, strict: bool) -> None:
    """Print the cleaned text of GAME, or with --report what was removed or changed and why.

    Example: refsheets clean leaving-earth --report
    """
    from pipeline.build import cleaning_report_tsv, prepare
    from pipeline.modelkinds import LineKind

    if as_json and not report:
        raise click.UsageError("--json goes with --report (the cleaned text itself is plain text)")
    _, cleaned, _ = prepare(context.project, game, strict=strict)
    for notice in cleaned.notices:
        context.console.note(notice)
    for warning in cleaned.warnings:
        context.console.warning(warning)
    if report and as_json:
        rows = [{"line": r.line, "action": r.action, "reason": r.reason, "original": r.original} for r in cleaned.report]
        context.console.result(_json(rows))
        return
    if report:
        click.echo(cleaning_report_tsv(cleaned), nl=False)
        return
    previous_kind = LineKind.TEXT
    for line in cleaned.lines:
        if line.kind != previous_kind:
            if previous_kind != LineKind.TEXT:
                click.echo(f"[/{previous_kind}]")
            if line.kind != LineKind.TEXT:
                click.echo(f"[{line.kind}]")
            previous_kind = line.kind
        click.echo(line.text)
    if previous_kind != LineKind.TEXT:
        click.echo(f"[/{previous_kind}]")


@main.command()
@click.argument("game")
@click.option("--json", "as_json", is_flag=True, help="Print a JSON array of sections in reading order.")
@global_options
@pass_context
def sections(context: Context, game: str, as_json: bool) -> None:
    """Show the section tree of GAME as an outline (or as JSON, with glossary terms).

    Example: refsheets sections space-alert --json
    """
    from pipeline.build import prepare, tagged_document
    from pipeline.model import outline_text, sections_json

    if not as_json:  # the outline shows no glossary terms: no tagging (and no lemma table)
        click.echo(outline_text(prepare(context.project, game)[2]), nl=False)
        return
    _, _, document = tagged_document(context.project, game)
    click.echo(sections_json(document), nl=False)


@main.command()
@click.argument("game")
@click.option("--yaml", "as_yaml", is_flag=True, help="Print ready-to-paste corrections.yaml entries instead (check each one).")
@global_options
@pass_context
def typos(context: Context, game: str, as_yaml: bool) -> None:
    """Suspected typos in GAME's cleaned text: words no Spanish word list knows that are one or two
    edits from a known word or a glossary term. Candidates only: nothing is applied.

    With --yaml, check each entry's `replace:` and paste the ones you agree with into
    sources/GAME/corrections.yaml (never append them all unread: a wrong first guess would be applied).

    Example: refsheets typos space-alert --yaml > typos-space-alert.yaml
    """
    from pipeline.build import prepare
    from pipeline.desk.typos import corrections_yaml, find_typos

    _, cleaned, _ = prepare(context.project, game)
    found = find_typos(cleaned, project=context.project, game_id=game)
    from pipeline.ingest import source_file

    folder = context.project.game_dir(game)
    raw = context.project.display(source_file(folder, display=context.project.display(folder)))  # raw.md, raw.html ... as it is
    if as_yaml:
        click.echo(f"# {game}: {len(found)} suspected typo{'' if len(found) == 1 else 's'} from `refsheets typos`; check each entry"
                   " before you keep it")
        click.echo(corrections_yaml(found), nl=False)
        return
    click.echo(f"{game}: {len(found)} suspected typo{'s' if len(found) != 1 else ''} (candidates: check each, then add a correction)")
    for typo in found:
        times = f"  (×{typo.count})" if typo.count > 1 else ""
        click.echo(f"  {raw}:{typo.line}  {typo.word} → {', '.join(typo.suggestions)}{times}")


@main.command()
@click.argument("game")
@click.option("--open", "open_it", is_flag=True, help="Open the page in the web browser as well.")
@global_options
@pass_context
def proof(context: Context, game: str, open_it: bool) -> None:
    """Build GAME and print the path of its proof page, output/GAME/GAME-proof.html: every raw line beside
    what became of it, the sections (id, kind, sheets), glossary terms, warnings and suspected typos.

    Example: refsheets proof leaving-earth --open
    """
    from pipeline.build import build as run_build
    from pipeline.build.plan import proof_file

    console = context.console
    target = context.project.output.resolve()
    context.project.game_dir(game)
    report = run_build(context.project, [game], out_dir=target, progress=console.progress, notice=console.notice)
    console.close()
    for line in report.error_lines():
        console.error(line)
    page = target / game / proof_file(game)
    if not page.is_file():
        sys.exit(report.exit_code or 1)
    if report.failures:
        # The page there is an earlier build's: say so rather than hand it over as this build's.
        console.warning(f"{context.project.display(page)} is the proof page of an earlier build ({game} failed: see above)")
        sys.exit(report.exit_code)
    console.result(context.project.display(page))
    if open_it:
        import webbrowser

        try:
            opened = webbrowser.open(page.as_uri())
        except webbrowser.Error:
            opened = False
        if not opened:
            console.warning(f"no web browser to open it with: open {page.as_uri()} yourself")
    sys.exit(report.exit_code)


def _with_built_title(project, game):
    """A game with no title in game.yaml, titled as its last build found it in the text (the manifest keeps it),
    rather than by its folder name; `list` reads no text, so before a first build the folder name it is."""
    from pipeline.project import default_title

    if game.title_es != default_title(game.id):
        return game
    try:
        manifest = json.loads((project.output / game.id / "manifest.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return game
    title = manifest.get("title_es") if isinstance(manifest, dict) else None
    if not isinstance(title, str) or not title.strip():
        return game
    english = manifest.get("title_en") if isinstance(manifest.get("title_en"), str) and game.title_en == default_title(game.id) else None
    return replace(game, title_es=title, title_en=english or game.title_en)


main.add_command(glossary)


def run() -> None:
    """The `refsheets` script (pyproject.toml): `main`, ended without the interpreter's teardown (cli_base.run)."""
    _run(main)
