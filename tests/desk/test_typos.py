"""Typo candidates: the rules on single words, the misspellings issue 15 lists in the real sources, the command's
exact output, and --yaml entries that fix the typos on the next build."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from pipeline.build.stages import prepare
from pipeline.cli import main
from pipeline.store import user_folder
from pipeline.desk.typos import find_typos, judge_word, lexicon
from pipeline.project import Project

from ..conftest import GAMES, ROOT

LISTED = ("nava", "uan", "campañaa", "ESto", "inlcuido", "proporcinan", "protejer", "absorvido", "reaultado", "Landindg", "atravensado")


@pytest.fixture(scope="module")
def words():
    # The user's word store (as every build opens it; made once, outside the checkout): a private one would
    # cost this module seconds of making whenever it runs first.
    return lexicon(user_folder())


@pytest.mark.parametrize(
    ("word", "expected"),
    [
        ("inlcuido", "incluido"),  # two letters swapped
        ("protejer", "proteger"),  # g/j
        ("absorvido", "absorbido"),  # b/v
        ("ESto", "Esto"),  # shift held
        ("puede", None),  # an everyday word
        ("colócalo", None),  # a verb with its pronoun attached
        ("botellita", None),  # a diminutive
        ("básicamente", None),  # an adverb
        ("recolocar", None),  # a prefix on a known verb
        ("jajaja", None),  # laughter
        ("FTL", None),  # an acronym
    ],
)
def test_single_words(words, word: str, expected: str | None) -> None:
    found = judge_word(word, sentence_start=True, glossary=frozenset(), glossary_words=(), words=words)
    assert (found[0] if found else None) == expected


def test_proper_names_and_glossary_terms_are_left_alone(words) -> None:
    assert judge_word("Ferrícola", sentence_start=False, glossary=frozenset(), glossary_words=(), words=words) == ()
    assert judge_word("platillo", sentence_start=False, glossary=frozenset({"platillo"}), glossary_words=(), words=words) == ()


def test_the_misspellings_listed_in_issue_15_are_found_in_the_real_sources(project_copy: Path) -> None:
    project = Project(project_copy)
    for game in GAMES:  # the seeds' corrections.yaml fix these typos now: the finder reads the text as the source has it
        (project_copy / "sources" / game / "corrections.yaml").unlink(missing_ok=True)
    found = set()
    for game in GAMES:
        _, cleaned, _ = prepare(project, game)
        found |= {typo.word for typo in find_typos(cleaned, project=project, game_id=game)}
    assert [word for word in LISTED if word not in found] == []


def _tiny(tmp_path: Path) -> Path:
    shutil.copytree(ROOT / "templates", tmp_path / "templates")
    (tmp_path / "glossaries").mkdir()
    shutil.copy(ROOT / "glossaries" / "common.yaml", tmp_path / "glossaries" / "common.yaml")
    (tmp_path / "sources" / "uno").mkdir(parents=True)
    (tmp_path / "sources" / "uno" / "raw.txt").write_text(
        "FASE DE ACCIÓN\nCada jugador puede hacar dos acciones en su turno.\nESto se repite en uan ronda.\n", encoding="utf-8"
    )
    return tmp_path


def test_typos_command_and_its_yaml_fix_the_text_on_the_next_build(tmp_path: Path) -> None:
    root = _tiny(tmp_path)
    runner = CliRunner()
    listed = runner.invoke(main, ["typos", "uno", "--root", str(root)])
    assert listed.exit_code == 0, listed.output
    assert listed.stdout == (
        "uno: 3 suspected typos (candidates: check each, then add a correction)\n"
        "  sources/uno/raw.txt:2  hacar → hacer, sacar, hace\n"
        "  sources/uno/raw.txt:3  ESto → Esto\n"
        "  sources/uno/raw.txt:3  uan → una, aun, han\n"
    )
    as_yaml = runner.invoke(main, ["typos", "uno", "--yaml", "--root", str(root)])
    assert as_yaml.stdout.startswith(
        "# uno: 3 suspected typos from `refsheets typos`; check each entry before you keep it\n- regex: \\bhacar\\b\n"
    )
    (root / "sources/uno/corrections.yaml").write_text(as_yaml.stdout, encoding="utf-8")
    built = runner.invoke(main, ["build", "--root", str(root)])
    assert built.exit_code == 0 and "warning" not in built.stderr, built.output
    _, cleaned, _ = prepare(Project(root), "uno")
    fixed = ["Cada jugador puede hacer dos acciones en su turno.", "Esto se repite en una ronda."]
    assert [line.text for line in cleaned.lines][1:3] == fixed
    again = runner.invoke(main, ["typos", "uno", "--root", str(root)])
    assert again.stdout == "uno: 0 suspected typos (candidates: check each, then add a correction)\n"


@pytest.mark.parametrize("word", ["uan", "nava", "inlcuido", "jugadro", "carat", "naves", "a", "zzzzzz", "protejer"])
def test_words_one_edit_away_are_the_ones_rapidfuzz_finds(words, word: str) -> None:
    """The store's deletion index answers as rapidfuzz's extract over the whole pool: same words, same order."""
    from rapidfuzz import process
    from rapidfuzz.distance import OSA

    expected = process.extract(word, words.pool(len(word), 1), scorer=OSA.distance, score_cutoff=1, limit=12)
    assert words.within_one(word) == [tuple(found) for found in expected]


@pytest.mark.parametrize(
    ("word", "sentence_start", "first"),
    [
        ("atras", False, "atrás"),  # an accent-only fix ranks first (it was 'otras')
        ("vacias", False, "vacías"),  # (it was 'varias')
        ("nomal", False, "normal"),  # the frequent word one letter away, not 'nogal'
        ("Obten", True, "Obtén"),  # a rare accented form the pools lack (it was 'orden')
        ("DIFICIL", False, "DIFÍCIL"),  # in the word's own case
        ("Dificil", True, "Difícil"),
        ("absorvido", False, "absorbido"),
    ],
)
def test_suggestions_rank_accents_first_then_likely_slips_of_frequent_words_in_the_words_case(words, word, sentence_start, first) -> None:
    found = judge_word(word, sentence_start=sentence_start, glossary=frozenset(), glossary_words=(), words=words)
    assert found and found[0] == first, found


def slips() -> list[tuple[str, str, str]]:
    lines = (Path(__file__).parent / "typo_slips.tsv").read_text(encoding="utf-8").splitlines()
    return [tuple(line.split("\t")) for line in lines if line and not line.startswith("#")]  # type: ignore[misc]


def test_the_meant_word_comes_first_for_our_own_misspellings(words) -> None:
    """typo_slips.tsv (bench/typos.py prints the same figure by kind): a fix of accents only is first whenever
    there are suggestions, the word's case is kept, valid words are not flagged, and at least 95 % of the
    misspellings get the meant word first (96 of 99 when written; the three left are real words of rare verbs:
    'ademas' of ademar, 'vehiculo' of vehicular, 'podras' of pudrir, by spaCy's lemma table)."""
    from pipeline.text import strip_accents

    cases, right = slips(), 0
    for word, meant, kind in cases:
        found = judge_word(word, sentence_start=word[:1].isupper(), glossary=frozenset(), glossary_words=(), words=words)
        right += found[:1] == ((meant,) if meant else ())
        if kind == "valid":
            assert found == (), word
        elif found and strip_accents(word).casefold() == strip_accents(meant).casefold():
            assert found[0] == meant, (word, found)  # accents only (and the word's case kept)
    assert right >= 0.95 * len(cases), f"{right} of {len(cases)}"


@pytest.mark.parametrize("word", ["jugable", "jugables", "pasamanos", "rolear", "roleamos", "sacacorchos"])
def test_words_made_by_spanish_word_formation_are_not_typos(words, word: str) -> None:
    assert judge_word(word, sentence_start=False, glossary=frozenset(), glossary_words=(), words=words) == ()


def test_slip_distance_weighs_accents_keys_and_sounds() -> None:
    from pipeline.desk.slips import slip_distance, sound_variants

    assert slip_distance("atras", "atrás") < slip_distance("atras", "atrss") < slip_distance("atras", "otras")  # s is beside a
    assert slip_distance("casa", "caza") < slip_distance("casa", "cama")  # s/z sound alike
    assert slip_distance("uan", "una") < slip_distance("uan", "pan")  # a swap
    assert slip_distance("defensaa", "defensa") < slip_distance("defensaa", "defensas")  # a doubled letter
    assert slip_distance("llendo", "yendo") < slip_distance("llendo", "lleno")  # spelt by ear: ll for y
    assert slip_distance("hechar", "echar") < slip_distance("hechar", "hecha")  # a silent h
    assert "hachar" not in sound_variants("hacar") and "hecar" not in sound_variants("hechar")  # the h of a ch is not silent
    assert "ahora" in sound_variants("aora") and "iba" in sound_variants("hiba")


def test_typos_names_the_games_own_source_file(tmp_path: Path) -> None:
    root = _tiny(tmp_path)
    source = root / "sources" / "uno"
    (source / "raw.md").write_text("# Fase de acción\n\nCada jugador puede hacar dos acciones.\n", encoding="utf-8")
    (source / "raw.txt").unlink()
    listed = CliRunner().invoke(main, ["typos", "uno", "--root", str(root)])
    assert listed.exit_code == 0, listed.output
    assert "  sources/uno/raw.md:3  hacar → hacer" in listed.stdout
