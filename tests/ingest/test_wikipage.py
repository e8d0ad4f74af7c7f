"""A wiki page copied from the browser as text (pipeline/ingest/wikipage.py): MediaWiki's furniture goes."""

from __future__ import annotations

from pathlib import Path

from pipeline.clean import clean
from pipeline.ingest.wikipage import unmarked, wiki_furniture
from pipeline.ingest import read_source

PAGE = [
    "This is a documentation for Dice Wiki: play online !",  # 0: the site's banner
    "Gamehelptorresdesal",  # 1: the page's name, a slug
    "De Dice Wiki",  # 2
    "Ir a la navegación Ir a la búsqueda",  # 3
    "Preparación",  # 4
    "Cada jugador toma tres dados.[1]",  # 5
    "Referencias",  # 6: the article's tail, to the end
    "↑ Reglamento, página 2.",  # 7
    "Obtenido de «Torres de sal»",  # 8
    "Categorías: Juegos de dados | Juegos de 2020",  # 9
]


def test_a_wiki_pages_furniture_and_closing_sections_go_and_its_article_stays() -> None:
    found = wiki_furniture(PAGE)
    assert set(found) == {0, 1, 2, 3, 6, 7, 8, 9}
    assert wiki_furniture(["Preparación", "De 2 a 4 jugadores.", "Referencias", "Roba una carta."]) == {}  # no wiki


def test_markup_left_in_a_wiki_copy_goes_and_an_open_heading_stands_over_its_text() -> None:
    assert unmarked("Cada jugador toma tres dados.[1]") == "Cada jugador toma tres dados."
    assert unmarked("'''Fin de la ronda'''':") == "Fin de la ronda:"
    assert unmarked("*Consejo: juega primero las flores.") == "- Consejo: juega primero las flores."
    assert unmarked("== Cómo se juega En tu turno tiras dos dados.") == "## Cómo se juega\nEn tu turno tiras dos dados."


def test_the_pages_address_under_obtenido_de_is_kept_for_the_credits() -> None:
    from pipeline.ingest.wikipage import page_address

    address = "Obtenido de «http://es.wiki.example/index.php?title=Torres&oldid=7»"
    assert page_address(address) == "http://es.wiki.example/index.php?title=Torres&oldid=7"
    assert 10 not in wiki_furniture([*PAGE, address])  # written bare by ingest, then credited by the cleaner
    assert page_address("Obtenido de «Torres de sal»") == ""


def test_an_unsigned_wiki_page_is_no_forums_translation(tmp_path: Path) -> None:
    """A wiki page copied as plain text shows no printed document's signs, but its furniture shows it a site's page:
    its credits say "traducción sin firma", not "traducción de un foro"."""
    plain = "Preparación\nCada jugador toma tres dados y los lanza a la vez.\n"
    for text, forum in ((plain, True), ("\n".join(PAGE) + "\n", False)):
        path = tmp_path / "raw.txt"
        path.write_text(text, encoding="utf-8")
        assert clean(read_source(path, game="x", display="raw.txt")).credits.forum is forum


def test_the_infoboxs_picture_caption_goes_and_a_sentence_under_a_list_stays() -> None:
    infobox = ["Torres de sal", "Diseñador Ana Ruiz", "Jugadores 2 a 4", "Duración 30 minutos", "Azar Medio",
               "Tablero de la edición de 2020."]
    found = wiki_furniture([*PAGE[:4], "", *infobox, "", *PAGE[4:]])
    assert found[5 + 5] == "the wiki infobox's picture caption" and not set(range(5, 10)) & set(found)
    listed = ["Componentes", "48 losetas", "32 farolas", "1 marcador de niebla.",
              "Cada jugador toma 8 farolas de su color y las coloca delante."]
    assert not set(range(5, 10)) & set(wiki_furniture([*PAGE[:4], "", *listed, "", *PAGE[4:]]))


def test_a_component_list_or_a_setups_steps_keep_their_last_line() -> None:
    """Only an infobox's "Label value" fields, right under the article's title, have a picture caption under them:
    a list of counts, a setup's steps or a block lower down keep their last line."""
    components = ["Componentes", "48 losetas", "32 farolas", "6 dados", "1 marcador de niebla."]
    steps = ["Preparación", "Coloca el tablero en el centro", "Baraja las losetas", "Reparte tres a cada jugador",
             "Pon el marcador en la casilla 1", "Coloca el marcador de niebla."]
    infobox = ["Torres de sal", "Diseñador Ana Ruiz", "Jugadores 2 a 4", "Duración 30 minutos", "Azar Medio",
               "Tablero de la edición de 2020."]
    for block in (components, steps):
        page = [*PAGE[:4], "", *block, "", *PAGE[4:]]
        assert 5 + len(block) - 1 not in wiki_furniture(page)
    lower = [*PAGE[:4], "", "Torres de sal", "", "Un juego de dados para toda la familia.", "", *infobox, "", *PAGE[4:]]
    assert not set(range(9, 15)) & set(wiki_furniture(lower))
    under_title = [*PAGE[:4], "", "Torres de sal", "", *infobox, "", *PAGE[4:]]
    assert wiki_furniture(under_title)[7 + 5] == "the wiki infobox's picture caption"
