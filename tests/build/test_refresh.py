"""Refreshing after a correction: only the sheets whose inputs changed are rebuilt, and the report says what changed."""
from __future__ import annotations

import hashlib
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from pipeline.build import prepare
from pipeline.build.cache import CachedSheet, SheetCache, sheet_group
from pipeline.store import KEEP
from pipeline.build.changes import (
    SheetStatus, add_history, changes_markdown, compare, describe, history_entry, printed_changes, why, word_changes,
)
from pipeline.build.keys import game_inputs, sheet_key
from pipeline.cli import main
from pipeline.project import Project, load_game

ORIGINAL = "La mayoría de los componentes tienen marcado un precio"
EDITED = "Casi todos los componentes llevan impreso un precio"
# The same kind of edit in the quickest real game (galaxy-defenders), for tests that build more than once.
QUICK_ORIGINAL = "Juega en primer lugar"
QUICK_EDITED = "Juega el primero"


@pytest.fixture
def built(built_copy: Path) -> Path:
    """A copy of the session's build of every game (outputs and cache, mtimes kept): up to date as it is,
    so a build after a change re-renders only what the change touches."""
    return built_copy


def snapshot(root: Path) -> dict[str, tuple[str, int]]:
    """sha256 and mtime of every output file."""
    return {
        str(path.relative_to(root)): (hashlib.sha256(path.read_bytes()).hexdigest(), path.stat().st_mtime_ns)
        for path in sorted((root / "output").rglob("*"))
        if path.is_file()
    }


def run_build(root: Path, *args: str) -> str:
    result = CliRunner().invoke(main, ["--root", str(root), "build", *args])
    assert result.exit_code == 0, result.output
    return result.output


def pdf_text(path: Path) -> str:
    text = "\n".join(page.extract_text() or "" for page in PdfReader(path).pages)
    return re.sub(r"\s+", " ", text.replace("-\n", ""))


def rebuilt_sheets(output: str) -> set[str]:
    """The sheets a build made again: rendered, restored, or made to the same bytes (said 'up to date, same content')."""
    return set(re.findall(r"^([a-z0-9-]+/[a-z0-9-]+): (?:built|rebuilt|restored|up to date, same content)", output, flags=re.M))


def assert_only_game_changed(before: dict, after: dict, game: str) -> None:
    for path, (digest, mtime) in before.items():
        if not path.startswith(f"output/{game}/"):
            assert after[path] == (digest, mtime), f"{path} was rewritten"


def sheets_of(root: Path, game: str) -> set[str]:
    return {f"{game}/{sheet.name}" for sheet in load_game(Project(root), game).sheets}


# --- end to end on copies of the real sources ------------------------------------------------------------


def test_nothing_changed_rebuilds_nothing(built: Path) -> None:
    before = snapshot(built)
    output = run_build(built)
    assert rebuilt_sheets(output) == set()
    assert "0 rebuilt, 0 restored from cache" in output and "up to date" in output
    assert snapshot(built) == before


def test_one_sentence_edited_rebuilds_only_that_game(built: Path) -> None:
    raw = built / "sources/leaving-earth/raw.txt"
    text = raw.read_text(encoding="utf-8")
    assert text.count(ORIGINAL) == 1
    raw.write_text(text.replace(ORIGINAL, EDITED), encoding="utf-8")
    before = snapshot(built)

    output = run_build(built)

    assert rebuilt_sheets(output) == sheets_of(built, "leaving-earth")
    assert_only_game_changed(before, snapshot(built), "leaving-earth")
    pdf = built / "output/leaving-earth/leaving-earth-quickref.pdf"
    assert "llevan impreso un precio" in pdf_text(pdf)
    assert "sources/leaving-earth/raw.txt changed" in output
    _, _, document = prepare(Project(built), "leaving-earth")
    section = next(s for s in document.sections if EDITED in s.text)
    words = "La mayoría de → Casi todos; tienen marcado → llevan impreso"
    assert f'  modified {section.id}  "{section.title}": {words}\n' in output, output
    # that one section, not every section after it, and only on the sheet that prints it
    assert output.count("  modified ") == 1
    same = r"^leaving-earth/cards: up to date, same content \(rev [0-9a-f]{8}\), \d+ pages? \(sources/leaving-earth/raw.txt changed\)$"
    assert re.search(same, output, flags=re.M)


def test_a_correction_rebuilds_only_that_game(built: Path) -> None:
    corrections = built / "sources/leaving-earth/corrections.yaml"
    corrections.write_text(
        corrections.read_text(encoding="utf-8") + '- find: "puedes hacer tantas acciones"\n'
        '  replace: "puedes hacer tantísimas acciones"\n'
        "  note: typo\n",
        encoding="utf-8",
    )
    before = snapshot(built)

    output = run_build(built)

    assert rebuilt_sheets(output) == sheets_of(built, "leaving-earth")
    assert "sources/leaving-earth/corrections.yaml changed" in output  # "added": test_why_names_the_inputs_that_changed
    assert_only_game_changed(before, snapshot(built), "leaving-earth")
    assert "hacer tantísimas acciones" in pdf_text(built / "output/leaving-earth/leaving-earth-quickref.pdf")
    assert re.search(r'^  modified en-tu-turno  "En tu turno": tantas → tantísimas$', output, flags=re.M), output
    manifest = json.loads((built / "output/leaving-earth/manifest.json").read_text(encoding="utf-8"))
    assert "sources/leaving-earth/corrections.yaml" in manifest["inputs"]


def test_a_glossary_entry_change_rebuilds_only_that_game(built: Path) -> None:
    glossary = built / "glossaries/leaving-earth.yaml"
    text = glossary.read_text(encoding="utf-8")
    assert "en: Spacecraft\n" in text
    glossary.write_text(text.replace("en: Spacecraft\n", "en: Space Craft\n", 1), encoding="utf-8")
    before = snapshot(built)

    output = run_build(built)

    assert rebuilt_sheets(output) == sheets_of(built, "leaving-earth")
    assert "glossaries/leaving-earth.yaml changed" in output
    assert_only_game_changed(before, snapshot(built), "leaving-earth")
    assert "Space Craft" in pdf_text(built / "output/leaving-earth/leaving-earth-quickref.pdf")
    # issue 25: the English name printed beside the term is a change of the sheet's words, said as one
    assert "‹Spacecraft› → ‹Space Craft›" in output
    changes_md = (built / "output/leaving-earth/changes.md").read_text(encoding="utf-8")
    assert "‹Spacecraft› → ‹Space Craft›" in changes_md and "layout only" not in changes_md.split("## ")[1]


def planned(root: Path) -> set[str]:
    """The sheets `refsheets build` would make again, as it decides (file hashes only: nothing rendered)."""
    from pipeline.build.keys import ParseMemo
    from pipeline.build.plan import plan_game

    project = Project(root)
    memo = ParseMemo(root)
    plans = [plan_game(project, game, out_dir=root / "output", paper=None, force=False, memo=memo) for game in project.game_ids()]
    return {f"{plan.game}/{sheet}" for plan in plans for sheet in plan.stale}


def all_sheets(root: Path) -> set[str]:
    return set().union(*(sheets_of(root, game) for game in Project(root).game_ids()))


# A change every game depends on is checked two ways: the build's own decision for every game (which sheets it
# would make again, from hashes), and one real build of the quickest game with a card sheet (legendary-alien) that
# shows what making them again does. Rendering all twelve real sheets again would prove nothing more and take ten seconds.


def test_the_common_glossary_is_used_by_every_game(built: Path) -> None:
    assert planned(built) == set()
    common = built / "glossaries/common.yaml"
    common.write_text(common.read_text(encoding="utf-8") + "\n# reviewed\n", encoding="utf-8")
    assert planned(built) == all_sheets(built)
    before = snapshot(built)
    output = run_build(built, "legendary-alien")
    assert rebuilt_sheets(output) == sheets_of(built, "legendary-alien")
    assert "glossaries/common.yaml changed" in output
    # a comment changes no byte of any sheet: every file keeps its bytes and its mtime
    after = snapshot(built)
    for path, (digest, mtime) in before.items():
        if path.endswith(".pdf"):
            assert after[path] == (digest, mtime)
    same = r"^legendary-alien/keywords: up to date, same content \(rev [0-9a-f]{8}\), 1 page \(glossaries/common.yaml changed\)$"
    assert re.search(same, output, flags=re.M)


def test_a_template_change_rebuilds_the_sheets_that_use_it(built: Path) -> None:
    template = built / "templates/quickref.yaml"
    template.write_text(template.read_text(encoding="utf-8") + "\n# reviewed\n", encoding="utf-8")
    games = Project(built).game_ids()
    uses_quickref = {
        f"{game}/{sheet.name}" for game in games for sheet in load_game(Project(built), game).sheets if sheet.template == "quickref"
    }
    assert planned(built) == uses_quickref != all_sheets(built)
    output = run_build(built, "legendary-alien")
    assert rebuilt_sheets(output) == {"legendary-alien/quickref"}  # its keywords sheet is a cards template


def test_undoing_a_change_restores_the_previous_sheet_from_the_cache(built: Path) -> None:
    raw = built / "sources/galaxy-defenders/raw.txt"
    original = raw.read_bytes()
    pdf = built / "output/galaxy-defenders/galaxy-defenders-quickref.pdf"
    first = pdf.read_bytes()
    raw.write_bytes(original.replace(QUICK_ORIGINAL.encode(), QUICK_EDITED.encode()))
    run_build(built)
    assert pdf.read_bytes() != first
    raw.write_bytes(original)
    output = run_build(built)
    assert "galaxy-defenders/quickref: restored from cache" in output
    assert pdf.read_bytes() == first


def test_force_rebuilds_everything_but_rewrites_no_identical_file(built: Path) -> None:
    # --force on every real game is test_end_to_end's determinism test; here, what it does to existing files.
    before = snapshot(built)
    output = run_build(built, "--force", "galaxy-defenders")
    assert rebuilt_sheets(output) == sheets_of(built, "galaxy-defenders")
    assert snapshot(built) == before


def test_manifest_keeps_revision_and_date_of_last_content_change(built: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = built / "output/galaxy-defenders/manifest.json"
    first = json.loads(path.read_text(encoding="utf-8"))
    sheet = first["sheets"][0]
    assert re.fullmatch(r"[0-9a-f]{8}", sheet["revision"]) and re.fullmatch(r"\d{4}-\d\d-\d\d", sheet["changed"])
    # The PDF prints both: "v2026-12-01 · 9246150f".
    assert f"v{sheet['changed']} · {sheet['revision']}" in pdf_text(built / "output/galaxy-defenders" / sheet["file"])

    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1893456000")  # 2030-01-01
    template = built / "templates/quickref.yaml"
    template.write_text(template.read_text(encoding="utf-8") + "\n# a comment: no content change\n", encoding="utf-8")
    run_build(built, "galaxy-defenders")
    unchanged = json.loads(path.read_text(encoding="utf-8"))["sheets"][0]
    assert (unchanged["revision"], unchanged["changed"]) == (sheet["revision"], sheet["changed"])

    raw = built / "sources/galaxy-defenders/raw.txt"
    raw.write_text(raw.read_text(encoding="utf-8").replace(QUICK_ORIGINAL, QUICK_EDITED), encoding="utf-8")
    run_build(built, "galaxy-defenders")
    changed = json.loads(path.read_text(encoding="utf-8"))["sheets"][0]
    assert changed["revision"] != sheet["revision"]
    assert changed["changed"] == "2030-01-01"
    assert f"v2030-01-01 · {changed['revision']}" in pdf_text(built / "output/galaxy-defenders" / changed["file"])


def test_deciding_nothing_changed_imports_neither_spacy_nor_reportlab(built: Path) -> None:
    script = (
        "import sys\n"
        "from pipeline.cli import main\n"
        "try:\n"
        f"    main(['--root', {str(built)!r}, 'build'])\n"
        "except SystemExit as exc:\n"
        "    assert exc.code == 0, exc.code\n"
        "heavy = sorted(m for m in sys.modules if m.split('.')[0] in ('spacy', 'reportlab'))\n"
        "print('HEAVY', heavy)\n"
    )
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert "HEAVY []" in result.stdout, result.stdout
    assert "0 rebuilt, 0 restored from cache" in result.stdout


def test_the_parse_memo_trusts_only_what_this_version_of_refsheets_checked(built: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """An entry says "this game.yaml and its templates were read without a problem": by this code only."""
    import pipeline.build.keys as keys

    memo = keys.ParseMemo(built)
    memo.game_sheets(Project(built), "galaxy-defenders")
    assert memo.configs == {}  # the session build left the game's entry: nothing read
    monkeypatch.setattr(keys, "tool_fingerprint", lambda: "another version")
    memo = keys.ParseMemo(built)
    memo.game_sheets(Project(built), "galaxy-defenders")
    assert set(memo.configs) == {"galaxy-defenders"}  # read (and so checked) again


def test_a_deleted_or_edited_output_is_made_again(built: Path) -> None:
    pdf = built / "output/galaxy-defenders/galaxy-defenders-quickref.pdf"
    good = pdf.read_bytes()
    pdf.write_bytes(b"%PDF-1.4 scribbled over")
    (built / "output/leaving-earth/leaving-earth-quickref.pdf").unlink()
    output = run_build(built)
    assert rebuilt_sheets(output) == {"galaxy-defenders/quickref", "leaving-earth/quickref"}
    assert pdf.read_bytes() == good
    assert (built / "output/leaving-earth/leaving-earth-quickref.pdf").is_file()


def test_a_sheet_removed_from_game_yaml_loses_its_pdfs(built: Path) -> None:
    """Issue 14: the PDF of a sheet no longer in game.yaml stayed in output/ (on either paper); a file the
    build did not write stays."""
    import yaml

    folder = built / "output/legendary-alien"
    run_build(built, "legendary-alien", "--paper", "letter")
    assert (folder / "legendary-alien-keywords-letter.pdf").is_file()
    (folder / "mis-notas.pdf").write_bytes(b"%PDF-1.4 mine")
    config = built / "sources/legendary-alien/game.yaml"
    data = yaml.safe_load(config.read_text(encoding="utf-8"))
    data["sheets"] = [sheet for sheet in data["sheets"] if sheet["name"] != "keywords"]
    config.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    result = CliRunner().invoke(main, ["--root", str(built), "build", "legendary-alien"])
    assert result.exit_code == 0, result.output
    assert not (folder / "legendary-alien-keywords.pdf").exists() and not (folder / "legendary-alien-keywords-letter.pdf").exists()
    assert (folder / "legendary-alien-quickref.pdf").is_file() and (folder / "mis-notas.pdf").is_file()
    assert "removed legendary-alien-keywords.pdf: its sheet is no longer in sources/legendary-alien/game.yaml" in result.output
    manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
    assert {entry["name"] for entry in manifest["sheets"]} == {"quickref"}


# --- the cache ---------------------------------------------------------------------------------------------


def test_prune_keeps_the_most_recent_entries_of_a_sheet(tmp_path: Path) -> None:
    cache = SheetCache(tmp_path)
    cache.put(CachedSheet("e" * 64, "g", "quickref", b"%PDF", 1, "r", "letter", ()))  # another paper: counted apart
    cache.put(CachedSheet("f" * 64, "other", "quickref", b"%PDF", 1, "r", "a4", ()))
    a4 = tmp_path / ".refsheets-cache/sheets/g/quickref--a4"
    for number in range(KEEP + 2):
        cache.put(CachedSheet(f"{number:064x}", "g", "quickref", b"%PDF", 1, "r", "a4", ()))
        os.utime(a4 / f"{number:064x}", ns=(number * 10**9, number * 10**9))
    assert sorted(path.name for path in a4.iterdir()) == [f"{number:064x}" for number in range(2, KEEP + 2)]
    assert cache.get("e" * 64, sheet_group("g", "quickref", "letter")) is not None
    assert cache.get("f" * 64, sheet_group("other", "quickref", "a4")) is not None
    assert cache.get(f"{0:064x}", sheet_group("g", "quickref", "a4")) is None


def test_key_follows_exactly_the_inputs_of_a_sheet(project_copy: Path) -> None:
    project = Project(project_copy)

    def key(game_id: str = "leaving-earth", paper: str = "a4") -> str:
        config = load_game(project, game_id)
        return sheet_key(project, game_id, config.sheets[0].spec, paper=paper).digest

    first, other = key(), key("galaxy-defenders")
    assert key() == first
    (project_copy / "sources/leaving-earth/.raw.txt.swp").write_bytes(b"editor state")
    (project_copy / "sources/leaving-earth/raw.txt~").write_bytes(b"backup")
    assert key() == first, "editor files are not inputs"
    assert key(paper="letter") != first
    steps = [
        lambda: (project_copy / "sources/leaving-earth/corrections.yaml").write_text("[]\n", encoding="utf-8"),
        lambda: (project_copy / "sources/leaving-earth/raw.txt").write_bytes(
            (project_copy / "sources/leaving-earth/raw.txt").read_bytes() + b"\n"
        ),
        lambda: (project_copy / "glossaries/leaving-earth.yaml").write_text(
            (project_copy / "glossaries/leaving-earth.yaml").read_text(encoding="utf-8") + "\n", encoding="utf-8"
        ),
        lambda: (project_copy / "templates/base.yaml").write_text(
            (project_copy / "templates/base.yaml").read_text(encoding="utf-8") + "\n", encoding="utf-8"
        ),
        lambda: (project_copy / "templates/fonts/DejaVuSansCondensed.ttf").write_bytes(
            (project_copy / "templates/fonts/DejaVuSansCondensed.ttf").read_bytes() + b"\0"
        ),
    ]
    seen = {first}
    for step in steps:
        step()
        now = key()
        assert now not in seen
        seen.add(now)
    # galaxy-defenders shares only the templates and fonts (changed above), not the Leaving Earth files
    (project_copy / "sources/leaving-earth/raw.txt").write_bytes(b"changed again\n" * 3)
    before = key("galaxy-defenders")
    (project_copy / "glossaries/leaving-earth.yaml").write_text("terms: []\n", encoding="utf-8")
    assert key("galaxy-defenders") == before != other
    assert "glossaries/common.yaml" in game_inputs(project, "galaxy-defenders")


# --- the change report ------------------------------------------------------------------------------------


def test_describe_lists_the_words_that_changed_per_printed_section() -> None:
    before = [("a", "A", "Puedes hacar dos acciones."), ("b", "B", "Sin cambios."), ("c", "C", "Se quita.")]
    after = [("a", "A", "Puedes hacer dos acciones más."), ("b", "B", "Sin cambios."), ("d", "D", "Nueva.")]
    sections = printed_changes(before, after)
    changes = compare({"name": "quickref", "pages": 3, "revision": "aaaa1111"}, game="g", sheet="quickref", how=SheetStatus.BUILT,
                      sections=sections, pages=4, revision="bbbb2222", reasons=("sources/g/raw.txt changed",))
    assert describe(changes) == [
        "g/quickref: rebuilt, rev aaaa1111 -> bbbb2222, 3 -> 4 pages (sources/g/raw.txt changed)",
        '  modified a  "A": hacar → hacer; acciones. → acciones más.',
        '  added    d  "D"',
        '  removed  c  "C"',
    ]


def test_describe_first_build_and_unchanged_content() -> None:
    first = compare(None, game="g", sheet="q", how=SheetStatus.BUILT, sections=(), pages=1, revision="r1", reasons=("no previous build",))
    assert describe(first) == ["g/q: built, rev r1, 1 page (no previous build)"]
    same = compare({"pages": 1, "revision": "r1"}, game="g", sheet="q", how=SheetStatus.BUILT, sections=(), pages=1, revision="r1",
                   reasons=("x",))
    assert describe(same) == ["g/q: rebuilt, same content (rev r1), 1 page (x)"]
    many = printed_changes([], [(str(n), "T", "t") for n in range(20)])
    before = {"pages": 1, "revision": "r0"}
    lines = describe(compare(before, game="g", sheet="q", how=SheetStatus.BUILT, sections=many, pages=1, revision="r1", reasons=("x",)))
    assert lines[-1] == "  ... and 8 more section changes"


def test_word_changes_are_short_and_readable() -> None:
    assert word_changes("uno dos tres", "uno dos tres") == ()
    assert word_changes("hay uan nava", "hay una nave") == ("uan nava → una nave",)
    assert word_changes("a b c", "a c") == ("− b",)
    assert word_changes("a c", "a b c") == ("+ b",)
    long_before = " ".join(f"w{n}" for n in range(30))
    assert word_changes(long_before, "x") == ("w0 w1 w2 w3 w4 w5 w6 w7 … w28 w29 → x",)
    # A glossary edit of a tagged English name: the tag is one word ('‹Spacecraft → ‹Starship' cut it in two).
    assert word_changes("una nave ‹Spacecraft card› roja", "una nave ‹Starship card› roja") == ("‹Spacecraft card› → ‹Starship card›",)
    assert word_changes("la (‹Spacecraft card›).", "la (‹Starship card›).") == ("(‹Spacecraft card›). → (‹Starship card›).",)


def test_changes_md_keeps_the_last_changes_of_every_sheet() -> None:
    changes = compare({"pages": 1, "revision": "r0"}, game="g", sheet="q", how=SheetStatus.BUILT,
                      sections=printed_changes([("a", "Fase", "hacar")], [("a", "Fase", "hacer")]), pages=1, revision="r1", reasons=("x",))
    history = add_history([{"revision": "r0", "was": None, "date": "2026-11-01", "changes": ["first build"]}],
                          history_entry(changes, date="2026-12-01"))
    assert changes_markdown("Juego", [{"file": "g-q.pdf", "history": history}]) == (
        "# Juego: what changed\n\n"
        "Newest first. Each page's footer prints its revision (`rev. …`): compare it with yours before reprinting.\n\n"
        "## g-q.pdf\n\n"
        "- **rev r1**, 2026-12-01 (was r0)\n"
        "  - modified “Fase”: hacar → hacer\n"
        "- **rev r0**, 2026-11-01\n"
        "  - first build\n"
    )
    same = compare({"pages": 1, "revision": "r1"}, game="g", sheet="q", how=SheetStatus.BUILT, sections=(), pages=1, revision="r1",
                   reasons=("x",))
    assert history_entry(same, date="2026-12-02") is None  # nothing for a sheet whose content did not change


def test_why_names_the_inputs_that_changed() -> None:
    manifest = {"game": "g", "tool": "t1", "inputs": {"sources/g/raw.txt": "1", "sources/g/old.yaml": "2", "glossaries/g.yaml": "absent"}}
    sheet = {"name": "quickref", "paper": "a4"}
    reasons = why(
        manifest,
        sheet,
        inputs={"sources/g/raw.txt": "9", "glossaries/g.yaml": "3", "sources/g/corrections.yaml": "4"},
        tool="t2",
        paper="letter",
    )
    assert reasons == (
        "glossaries/g.yaml added",
        "sources/g/corrections.yaml added",
        "sources/g/raw.txt changed",
        "sources/g/old.yaml removed",
        "paper a4 -> letter",
        "refsheets itself changed",
    )
    assert why(None, None, inputs={}, tool="t", paper="a4") == ("no previous build",)


@pytest.mark.parametrize("library", ["pyspellchecker", "regex"])
def test_a_library_that_changes_what_a_sheet_says_is_in_its_key(library: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """pyspellchecker's word frequencies choose OCR repairs (ingest/ocr.py) and `regex` runs the corrections:
    another version of either may change a sheet's text, so it must change every key (the tool fingerprint)."""
    from pipeline.build import keys

    versions = keys._library_versions()
    fingerprints = []
    for version in ("1.0", "2.0"):
        monkeypatch.setattr(keys, "_library_versions", lambda version=version: {**versions, keys._normal(library): version})
        keys.tool_fingerprint.cache_clear()
        fingerprints.append(keys.tool_fingerprint())
    keys.tool_fingerprint.cache_clear()
    assert fingerprints[0] != fingerprints[1]


def test_the_line_model_a_build_reads_with_is_in_its_key(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """REFSHEETS_LINE_MODEL names another model (the evaluation's folds) or none: another reading of the
    headings, so a project folder built with one must not hand its stage results to a build with another."""
    from pipeline.build import keys
    from pipeline.learn.labeller import DEFAULT_MODEL, MODEL_VARIABLE

    other = tmp_path / "other.crfsuite"
    other.write_bytes(DEFAULT_MODEL.read_bytes() + b"\0")
    fingerprints = []
    for chosen in ("", "none", str(other)):
        monkeypatch.setenv(MODEL_VARIABLE, chosen)
        keys.tool_fingerprint.cache_clear()
        fingerprints.append(keys.tool_fingerprint())
    keys.tool_fingerprint.cache_clear()
    assert len(set(fingerprints)) == 3
