"""Hostile documents in every format (issue 26): each is refused, or read, within bounded time and memory,
with one `error:` line naming the file and the limit (exit 2); never an internal error, a hang or a kill.

The slow cases run the real command in a child process with a memory cap and a timeout, so a regression
fails the test (killed, or past its time) instead of taking the machine's memory or the suite's time.
"""
from __future__ import annotations

import os
import resource
import subprocess
import sys
import time
from pathlib import Path

import pytest

from pipeline.errors import InputError
from pipeline.ingest import read_source
from pipeline.ingest.limits import MAX_SOURCE_CHARS, Limits

from .helpers import assert_fails_cleanly, raw, run, snapshot
from .hostile_documents import PAGE, fixture_bytes, pdf, pdf_bomb, zip_bomb_part

MEMORY_CAP = 2 * 1024**3  # a child that needs more is killed: the bug shows as a failure, not as swap
REFSHEETS = str(Path(sys.executable).parent / "refsheets")


def run_capped(root: Path, *args: str, timeout: float = 60) -> tuple[subprocess.CompletedProcess, float]:
    """The command in a child process with MEMORY_CAP of address space: (its result, the seconds it took)."""

    def cap() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (MEMORY_CAP, MEMORY_CAP))

    started = time.monotonic()
    completed = subprocess.run(
        [REFSHEETS, "--root", str(root), *args], capture_output=True, text=True, timeout=timeout, preexec_fn=cap
    )
    return completed, time.monotonic() - started


def use_source(root: Path, name: str, data: bytes, game: str = "tiny") -> Path:
    """The game's raw.txt replaced by a source `name` holding `data`."""
    if game == "tiny":
        raw(root).unlink()
    path = root / "sources" / game / name
    path.write_bytes(data)
    return path


def assert_refused(completed: subprocess.CompletedProcess, *fragments: str) -> None:
    assert completed.returncode == 2, completed.stderr
    assert "Traceback" not in completed.stderr and "internal error" not in completed.stderr, completed.stderr
    errors = [line for line in completed.stderr.splitlines() if line.startswith("error:")]
    assert len(errors) == 1, completed.stderr
    for fragment in fragments:
        assert fragment in errors[0], completed.stderr


# -- 1. a PDF whose content stream inflates without end --------------------------------------------


def test_a_pdf_stream_that_inflates_to_gigabytes_is_refused_at_the_limit(two_games: Path) -> None:
    """A few KB deflated twice that unpack to 1 GB of page content: inflated no further than the per-stream
    limit and refused (it ran past 120 s of CPU and was killed); the other game is still built."""
    bomb = pdf_bomb(1024**3)
    assert len(bomb) < 100_000
    for game in ("tiny", "otro"):  # both changed, so both are built again
        (two_games / "sources" / game / "raw.txt").write_text("REGLAS\n\nEl jugador roba dos cartas.\n", encoding="utf-8")
    use_source(two_games, "raw.pdf", bomb)
    before = snapshot(two_games / "output" / "tiny")
    completed, seconds = run_capped(two_games, "build")
    assert_refused(completed, "sources/tiny/raw.pdf: a stream inflates past 16,777,216 bytes")
    assert "otro/quickref: rebuilt" in completed.stdout, completed.stdout
    assert snapshot(two_games / "output" / "tiny") == before
    assert seconds < 30


def test_a_pdf_whose_streams_together_pass_the_document_limit_is_refused(tmp_path: Path) -> None:
    """Each stream within its limit, all of them past the document's: counted across streams."""
    from pipeline.ingest.pdf import convert_pdf

    with pytest.raises(InputError, match="its streams inflate past 1,000,000 bytes"):
        convert_pdf(pdf_bomb(2_000_000), display="raw.pdf", limits=Limits(pdf_stream_bytes=4_000_000, pdf_bytes=1_000_000))


def test_a_pdf_page_larger_than_pdf_allows_is_refused_before_its_layout(tmp_path: Path) -> None:
    """Found by the fuzzer (pdf seed 232): a MediaBox 1e23 points wide made pdfminer's layout grid, 50-point
    cells over the page, loop for ever on one line of text."""
    from pipeline.ingest.pdf import convert_pdf

    page = pdf(PAGE, mediabox=b"0 0 99999999999999999999999 792")
    with pytest.raises(InputError, match="page 1 is 99,999,999,999,999,991,611,392 by 792 points"):
        convert_pdf(page, display="raw.pdf")


def test_a_pdf_with_its_streams_within_the_limits_is_read(tmp_path: Path) -> None:
    from pipeline.ingest.pdf import convert_pdf

    _, converted = convert_pdf(pdf_bomb(1_000_000), display="raw.pdf")
    assert "El jugador roba una carta de amenaza." in converted.texts


# -- 2. a .docx whose package parts are zip bombs ---------------------------------------------------


@pytest.mark.parametrize(("part", "megabytes"), [("[Content_Types].xml", 400), ("_rels/.rels", 100), ("word/styles.xml", 100)])
def test_a_docx_whose_package_part_is_a_zip_bomb_is_refused_before_it_is_parsed(
    tiny: Path, tmp_path: Path, part: str, megabytes: int
) -> None:
    """Any part, not only the document's text: [Content_Types].xml or _rels/.rels padded to 400 MB (a few
    hundred KB packed) was parsed whole, an internal error (MemoryError)."""
    document = fixture_bytes("word-docx", tmp_path / "case")
    use_source(tiny, "raw.docx", zip_bomb_part(document, part, megabytes * 1024**2))
    completed, seconds = run_capped(tiny, "build", "tiny")
    assert_refused(completed, f"sources/tiny/raw.docx: {part} inside it unpacks to", "times its size")
    assert seconds < 30


@pytest.mark.parametrize("case", ["odt-writer", "epub-calibre"])
def test_an_odt_or_epub_with_a_bomb_in_any_part_is_refused(tmp_path: Path, case: str) -> None:
    document = fixture_bytes(case, tmp_path / "case")
    path = tmp_path / ("raw." + case.split("-")[0])
    path.write_bytes(zip_bomb_part(document, "META-INF/container.xml" if case.startswith("epub") else "meta.xml", 20 * 1024**2))
    with pytest.raises(InputError, match="inside it unpacks to .* times its size"):
        read_source(path, game="juego", display=path.name)


def test_a_zip_whose_parts_together_pass_the_package_limit_is_refused(tmp_path: Path) -> None:
    from pipeline.ingest.package import check_parts
    import io
    import zipfile

    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_STORED) as archive:
        for index in range(3):
            archive.writestr(f"media/image{index}.png", b"\x89PNG" + bytes(600))
    with pytest.raises(InputError, match="1,812 bytes unpacked: longer than one game's rules"):
        check_parts(zipfile.ZipFile(out), display="raw.docx", limits=Limits(package_bytes=1000))


# -- 3. RTF numbers out of range ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "escape", [b"\\u99999999999?", b"\\u9999999999?", b"\\u1114112?", b"\\u-99999?", b"\\u55296?", b"\\u56320?", b"\\u-10240?"],
    ids=["past-a-c-int", "ten-digits", "past-unicode", "below-int16", "lone-high-surrogate", "lone-low-surrogate", "negative-surrogate"],
)
def test_an_rtf_character_past_unicode_or_half_a_pair_reads_as_a_replacement(tmp_path: Path, escape: bytes) -> None:
    """\\u99999999999 was an internal error (OverflowError), \\u55296 a lone surrogate one (UnicodeEncodeError
    when the text was written): each is no character, read as U+FFFD as a decoder does."""
    path = tmp_path / "raw.rtf"
    path.write_bytes(b"{\\rtf1\\ansi {\\info{\\title T" + escape + b"}}REGLAS\\par El jugador roba " + escape + b" una carta.\\par}")
    text = read_source(path, game="juego", display="raw.rtf").text
    assert "\ufffd" in text and "El jugador roba" in text
    text.encode("utf-8")  # no surrogate left to fail a writer


def test_an_rtf_surrogate_pair_is_still_one_character(tmp_path: Path) -> None:
    path = tmp_path / "raw.rtf"
    path.write_bytes(b"{\\rtf1\\ansi REGLAS\\par Ficha \\u-10179?\\u-8704? roja.\\par}")  # U+1F600 as RTF writes it
    assert "Ficha \U0001f600 roja." in " ".join(read_source(path, game="juego", display="raw.rtf").original)


def test_an_rtf_nested_without_end_is_refused_at_once(tmp_path: Path) -> None:
    """Two million groups inside each other were read until the control-word limit (2.5 s), and refused as
    too long a text: now at the thousandth, as the damaged or hostile file it is."""
    path = tmp_path / "raw.rtf"
    path.write_bytes(b"{\\rtf1 " + b"{" * 2_000_000 + b"REGLAS" + b"}" * 2_000_000 + b"}")
    started = time.monotonic()
    with pytest.raises(InputError, match="raw.rtf: its groups nest more than 1,000 deep: a damaged file"):
        read_source(path, game="juego", display="raw.rtf")
    assert time.monotonic() - started < 1.5


def test_an_rtf_with_huge_numbers_builds(tiny: Path) -> None:
    use_source(
        tiny,
        "raw.rtf",
        b"{\\rtf1\\ansi\\ansicpg99999999999\\uc99999999 {\\fs99999999999 REGLAS}\\par El \\u99999999999 jugador roba "
        b"\\u55296 una carta.\\par}",
    )
    result = run(tiny, "build", "tiny")
    assert result.exit_code == 0, result.output
    assert "internal error" not in result.output


# -- 4. sources that are no regular file -------------------------------------------------------------


def test_new_from_a_link_to_dev_zero_is_refused(tiny: Path, tmp_path: Path) -> None:
    """`refsheets new` read /dev/zero until the memory ran out (internal error, MemoryError)."""
    link = tmp_path / "reglas.txt"
    link.symlink_to("/dev/zero")
    completed, seconds = run_capped(tiny, "new", "juego", str(link), timeout=30)
    assert_refused(completed, "reglas.txt: is not a regular file")
    assert not (tiny / "sources" / "juego").exists()


def test_new_from_a_fifo_is_refused_without_waiting(tiny: Path, tmp_path: Path) -> None:
    """A named pipe blocked `refsheets new` forever (killed after 60 s at 0 s of CPU): opened without waiting."""
    fifo = tmp_path / "reglas.md"
    os.mkfifo(fifo)
    completed, seconds = run_capped(tiny, "new", "juego", str(fifo), timeout=20)
    assert_refused(completed, "reglas.md: is not a regular file")
    assert seconds < 10


def test_new_from_a_folder_named_like_a_source_is_refused(tiny: Path, tmp_path: Path) -> None:
    (tmp_path / "reglas.txt").mkdir()
    result = run(tiny, "new", "juego", str(tmp_path / "reglas.txt"))
    assert result.exit_code == 2 and "Traceback" not in result.output, result.output


def test_a_source_past_the_byte_limit_is_refused_before_it_is_read(tmp_path: Path) -> None:
    path = tmp_path / "raw.pdf"
    path.write_bytes(b"%PDF-1.4\n" + bytes(2000))
    with pytest.raises(InputError, match="2,009 bytes: longer than one game's rules"):
        read_source(path, game="juego", display="raw.pdf", limits=Limits(source_bytes=1000))


# -- 5. an unreadable source ---------------------------------------------------------------------------


def test_an_unreadable_source_is_bad_input_with_the_fix(tiny: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Exit 2 with what to do, not exit 1 "Permission denied" as if a build had failed. (chmod does not stop
    root, who may run the tests: the refusal is simulated where the file is opened.)"""
    import errno

    original = os.open

    def refused(path, *args, **kwargs):
        if str(path).endswith("sources/tiny/raw.txt"):
            raise PermissionError(errno.EACCES, "Permission denied", str(path))
        return original(path, *args, **kwargs)

    raw(tiny).write_text("REGLAS\n\nOtra regla nueva.\n", encoding="utf-8")
    monkeypatch.setattr(os, "open", refused)
    assert_fails_cleanly(
        tiny, ("build", "tiny"), "error: sources/tiny/raw.txt: cannot read: permission denied: give yourself read permission (chmod u+r"
    )


# -- 6. the size limit: known before the work, and raisable --------------------------------------------


def test_a_long_markdown_source_is_refused_before_its_markup_is_read(tiny: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """1.4 MB of short heading lines was converted (12-27 s) before its length was checked: now the decoded
    text is measured first, and the converter is never reached."""
    import pipeline.ingest.markdown

    def never(*args, **kwargs):
        raise AssertionError("converted before it was measured")

    monkeypatch.setattr(pipeline.ingest.markdown, "convert_markdown", never)
    raw(tiny).unlink()
    headings = "".join(f"# T{index % 10}\n" for index in range(300_000))
    (tiny / "sources" / "tiny" / "raw.md").write_text("# REGLAS\n\n" + headings, encoding="utf-8")
    output = assert_fails_cleanly(tiny, ("build", "tiny"), "sources/tiny/raw.md: ", "on 300,003 lines: longer than one game's rules")
    assert "limits: {characters:" in output and "--max-lines" in output


def test_the_limits_are_raised_in_game_yaml(tiny: Path) -> None:
    """A source longer than the default (here by its lines) builds once game.yaml raises the limit."""
    raw(tiny).write_text("REGLAS\n\nEl jugador roba una carta de amenaza.\n" + "\n" * 30_000, encoding="utf-8")
    assert_fails_cleanly(tiny, ("build", "tiny"), "30,004 lines: longer than one game's rules", "sources/tiny/game.yaml")
    (tiny / "sources" / "tiny" / "game.yaml").write_text("limits:\n  lines: 40000\n", encoding="utf-8")
    result = run(tiny, "build", "tiny")
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("limits:\n  lines: 10\n", "sources/tiny/game.yaml:2: limits.lines: "),
        ("limits:\n  characters: 99999999999\n", "sources/tiny/game.yaml:2: limits.characters: "),
        ("limits:\n  pages: 3\n", "sources/tiny/game.yaml:2: limits: unknown field 'pages'"),
    ],
    ids=["below-the-default", "past-the-ceiling", "unknown"],
)
def test_bad_limits_in_game_yaml_are_errors_at_their_line(tiny: Path, text: str, message: str) -> None:
    (tiny / "sources" / "tiny" / "game.yaml").write_text(text, encoding="utf-8")
    assert_fails_cleanly(tiny, ("build", "tiny"), message)


def test_new_with_raised_limits_writes_them_into_game_yaml(tiny: Path, tmp_path: Path) -> None:
    source = tmp_path / "reglas.txt"
    source.write_text("REGLAS\n\nEl jugador roba una carta de amenaza.\n" + "\n" * 30_000, encoding="utf-8")
    refused = run(tiny, "new", "juego", str(source))
    assert refused.exit_code == 2 and "--max-lines" in refused.output, refused.output
    assert not (tiny / "sources" / "juego").exists()
    made = run(tiny, "new", "juego", str(source), "--max-lines", "40000")
    assert made.exit_code == 0, made.output
    assert "limits:" in (tiny / "sources" / "juego" / "game.yaml").read_text(encoding="utf-8")
    assert run(tiny, "build", "juego").exit_code == 0


def test_raised_limits_grow_every_derived_limit_in_proportion() -> None:
    raised = Limits.raised(characters=4 * MAX_SOURCE_CHARS)
    default = Limits()
    assert raised.lines == 4 * default.lines and raised.xml_bytes == 4 * default.xml_bytes
    assert raised.pdf_pages == 4 * default.pdf_pages and raised.rtf_tokens == 4 * default.rtf_tokens
    assert Limits.raised() == default and Limits.raised(characters=10) == default  # never below the defaults


# -- what no reader bounds still never reaches "internal error" ------------------------------------------


@pytest.mark.parametrize("error", [MemoryError, RecursionError, OverflowError])
def test_running_out_of_memory_or_depth_while_reading_names_the_file(tiny: Path, monkeypatch: pytest.MonkeyPatch, error: type) -> None:
    import pipeline.ingest.markdown

    def exhausted(*args, **kwargs):
        raise error()

    monkeypatch.setattr(pipeline.ingest.markdown, "convert_markdown", exhausted)
    raw(tiny).unlink()
    (tiny / "sources" / "tiny" / "raw.md").write_text("# REGLAS\n\nEl jugador roba una carta.\n", encoding="utf-8")
    assert_fails_cleanly(tiny, ("build", "tiny"), "error: sources/tiny/raw.md: cannot read it: ", f"({error.__name__})")


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_running_out_of_depth_in_a_later_stage_fails_that_game_only_as_bad_input(
    two_games: Path, monkeypatch: pytest.MonkeyPatch, jobs: str
) -> None:
    import pipeline.clean

    original = pipeline.clean.clean

    def deep(raw, **kwargs):
        if raw.game == "tiny":
            raise RecursionError("maximum recursion depth exceeded")
        return original(raw, **kwargs)

    monkeypatch.setattr(pipeline.clean, "clean", deep)
    for game in ("tiny", "otro"):
        (two_games / "sources" / game / "raw.txt").write_text("REGLAS\n\nEl jugador roba dos cartas.\n", encoding="utf-8")
    result = run(two_games, "build", "--jobs", jobs)
    assert result.exit_code == 2, result.output
    assert "error: sources/tiny: cannot read it: it nests deeper than refsheets reads (RecursionError)" in result.output
    assert "internal error" not in result.output and "otro/quickref: rebuilt" in result.output
