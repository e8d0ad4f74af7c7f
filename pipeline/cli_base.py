"""What every refsheets command shares: the context (project, console), the global options and the error handling."""
from __future__ import annotations

import gc
import json
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import click

from pipeline.desk.console import NORMAL, QUIET, VERBOSE, Console
from pipeline.errors import RefsheetsError

if TYPE_CHECKING:
    from pipeline.project import Project


class Context:
    """What every command needs: the project (made on first use, so `--root` may come after the command) and how to speak."""

    def __init__(self) -> None:
        self.root = Path(".")
        self.debug = False
        self.verbosity = NORMAL
        self._project: Project | None = None
        self._console: Console | None = None
        self.skipped: list[str] = []  # the folders under sources/ left out, as warnings (a build counts them)

    @property
    def project(self):
        from pipeline.project import Project

        if self._project is None:
            self._project = Project(project_root(self.root))
        return self._project

    @property
    def console(self) -> Console:
        if self._console is None:
            from pipeline.firstrun import listen

            self._console = Console(verbosity=self.verbosity)
            CONSOLES.append(self._console)
            if sys.stderr.isatty():  # a first run on a machine says what it prepares (not into a test's or script's captured stderr)
                listen(self._console.notice)
        return self._console


def project_root(root: Path) -> Path:
    """`--root`, or without it the folder holding sources/: this one, or the nearest one above it (refsheets run
    from sources/leaving-earth/ works on the project, as git does from a subfolder)."""
    here = root.resolve()
    if root != Path(".") or (here / "sources").is_dir():
        return here
    return next((folder for folder in here.parents if (folder / "sources").is_dir()), here)


CONSOLES: list[Console] = []  # every console a command opened, closed by `run` before it exits
GC_THRESHOLDS = (50_000, 20, 20)  # Python's defaults: (700, 10, 10)


def run(command: click.Group) -> None:
    """The `refsheets` script and `python -m pipeline`: the command line, then an exit without the interpreter's
    teardown. Freeing every module and object a build made takes a tenth of a second, as much as some whole
    commands; every file is complete by then (written whole and renamed into place), so nothing is lost.

    The cyclic garbage collector runs a hundredth as often as by default: a build allocates millions of small
    objects that live until its game is done (documents, layouts, memos), and the default thresholds made the
    collector scan them all again and again, 14 % of a 50-game build's CPU and more the longer a worker lives
    (forked workers inherit the setting). Memory stays bounded: collections still run, only less often."""
    gc.set_threshold(*GC_THRESHOLDS)
    try:
        command.main(prog_name="refsheets")
        code = 0
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else 0 if exc.code is None else 1
        if isinstance(exc.code, str):
            sys.stderr.write(exc.code + "\n")
    for console in CONSOLES:
        console.close()  # a progress bar gives the terminal its cursor back
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except BrokenPipeError:  # the reader left: end as a Unix tool killed by SIGPIPE
        code = 141
    except OSError:
        code = code or 1
    os._exit(code)


pass_context = click.make_pass_decorator(Context, ensure=True)


def _setter(attribute: str, value_of=lambda value: value):
    def callback(ctx: click.Context, param: click.Parameter, value):
        if value not in (None, False):
            setattr(ctx.ensure_object(Context), attribute, value_of(value))
    return callback


def global_options(command=None, *, reports_sheets: bool = False):
    """--root, --debug, --quiet and --verbose, accepted before the command and after it alike.

    --verbose only changes what a build reports (the sheets already up to date), so only the commands that build
    and report sheets (`reports_sheets=True`) list it in their help; the others accept it silently, for scripts
    that pass the same options to every command.
    """
    if command is None:
        return lambda function: global_options(function, reports_sheets=reports_sheets)
    for option in reversed(
        (
            click.option("--root", type=click.Path(file_okay=False, path_type=Path), default=None, expose_value=False, is_eager=True,
                         callback=_setter("root"),
                         help="Project folder holding sources/, glossaries/, templates/ and output/"
                              " (default: the folder holding sources/, this one or the nearest above)."),
            click.option("--debug", is_flag=True, expose_value=False, callback=_setter("debug"), help="Show tracebacks for errors."),
            click.option("--quiet", "-q", is_flag=True, expose_value=False, callback=_setter("verbosity", lambda _: QUIET),
                         help="Only errors and the summary line."),
            click.option("--verbose", "-v", is_flag=True, expose_value=False, callback=_setter("verbosity", lambda _: VERBOSE),
                         hidden=not reports_sheets, help="Also the sheets that were already up to date."),
        )
    ):
        command = option(command)
    return command


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
        except BrokenPipeError:
            # `refsheets list | head`: the reader has all it wanted. End as quietly as a Unix tool killed by SIGPIPE.
            _silence_stdout()
            ctx.exit(141)
        except OSError as exc:
            # The environment refused something (permissions, disk full): the user's to fix, not a bug.
            from pipeline.errors import from_os_error

            context = ctx.find_object(Context)
            error = from_os_error(exc, display=(lambda name: context.project.display(Path(name))) if context else str)
            self._fail(ctx, str(error), 2)
        except (MemoryError, RecursionError, OverflowError) as exc:
            from pipeline.ingest.limits import out_of_resources

            self._fail(ctx, str(out_of_resources(exc, display="the input")), 2)
        except Exception as exc:  # noqa: BLE001 - the promise is "never a traceback" without --debug
            self._fail(ctx, f"internal error ({type(exc).__name__}: {str(exc)[:300]}); please report it, rerun with --debug for details", 1)

    @staticmethod
    def _fail(ctx: click.Context, message: str, code: int) -> None:
        context = ctx.find_object(Context)
        if context is not None and context.debug:
            raise  # noqa: PLE0704 - re-raises the exception being handled, with its traceback
        if context is not None and context._console is not None:
            context.console.close()  # a progress bar must not swallow the error line
        for line in message.splitlines() or [""]:  # every problem of a file, each on its own line
            click.echo(f"error: {line}", err=True)
        ctx.exit(code)


def _silence_stdout() -> None:
    """Point stdout at /dev/null, so the flush at exit does not raise BrokenPipeError a second time."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass  # not a real file descriptor (a test runner's stream): nothing will flush to a pipe


def dumps_json(data) -> str:
    return json.dumps(data, ensure_ascii=False, indent=2)


