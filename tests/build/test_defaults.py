"""What an untitled game takes from its text (pipeline.build.defaults)."""

from __future__ import annotations

import pytest

from pipeline.build.defaults import names_a_section


@pytest.mark.parametrize(
    "title",
    ["Introducción", "El turno", "Objetivo del juego", "Preparación de la partida", "Reglas del juego", "Componentes",
     "Desarrollo de una ronda", "Reglas básicas", "Fin de la partida"],
)
def test_a_text_that_opens_with_a_usual_section_has_no_title_line(title: str) -> None:
    assert names_a_section(title)


@pytest.mark.parametrize("title", ["Reglas de Faro Lejano", "Cazadores de nubes", "Juego de Tronos", "Piratas de Papel"])
def test_a_game_named_after_its_rules_is_a_title(title: str) -> None:
    assert not names_a_section(title)


@pytest.mark.parametrize(
    ("title", "name"),
    [
        ("Reglamento Completo - Torre de los Pecados", "Torre de los Pecados"),
        ("Tute Subastado: El Nuevo Juego De Don Naipe Para Android", "Tute Subastado"),
        ("|  JUEGO DE CARTAS MYSTIC  |", "Mystic"),
        ("Manual de Reglas – La Campaña (v07 No Edit)", "La Campaña"),
        ("Reglas de la Básica", "La Básica"),
        ("Cómo jugar al dominó", "Dominó"),
        ("Cairn Documento de referencia del sistema (v.1.0) versión europa", "Cairn"),
        ("Reglas de Huerto Lunar en español", "Huerto Lunar"),
        ("🃏 COLAPSO 2099", "Colapso 2099"),
        ("Juego de Tronos (traducción no oficial)", "Juego de Tronos"),
        ("Reglas básicas", ""),
        ("REGLAS GENERALES", ""),
        ("Reglas básicas para 2-4 jugadores", ""),
        ("Reglamento de Open Wars", "Open Wars"),
        ("REGLAMENTO OFICIAL (EDICIÓN DE 5 RONDAS)", ""),
        ("COMO SE JUEGA", ""),  # the rules' first section, no game's name
        ("Cómo se juega al Mus", "Mus"),
        ("🎲 Reseña y reglas: Mercado de Especias", "Mercado de Especias"),  # "Reseña y" is cut before what it joins
        ("REGLAS RÁPIDAS DE FARO ROTO", "Faro roto"),
        ("Traducción: Mercaderes del Desierto", "Mercaderes del Desierto"),
        ("Preguntas frecuentes y erratas de cartas", ""),  # what is left after "Preguntas frecuentes" joins nothing
        ("Ni no Kuni", "Ni no Kuni"),  # a whole title (no separator cut it) that opens with "ni" is a name
        ("Reglas de un Dragón Dormido", "Un Dragón Dormido"),  # a piece after a cut may open with an article
    ],
)
def test_a_title_is_cut_to_the_games_name(title: str, name: str) -> None:
    from pipeline.build.defaults import game_name

    assert game_name(title) == name


def test_an_opening_sentence_that_says_what_the_game_is_names_it() -> None:
    from pipeline.build.defaults import title_from_text
    from pipeline.model import Block, Document, GameInfo, RawText, Section

    game = GameInfo(id="la-campana-pdf", title_es="La Campana Pdf", title_en="La Campana Pdf")
    sentence = "La Campaña es un juego de cartas estratégico donde tendrás que preparar un ejército. "
    intro = Block(kind="paragraph", text=sentence * 8, first=3, last=10)
    opening = Section(id="comienza", title="Comienza la aventura", level=1, kind="rules", blocks=(intro,), first=2, last=10)
    raw = RawText(game=game.id, path="raw.pdf", text="", encoding="utf-8", sha256="0")
    assert title_from_text(raw, Document(game=game, sections=(opening,))) == "La Campaña"
    prose = Block(kind="paragraph", text="Se juega con una baraja española completa, de cuarenta naipes. " * 10, first=3, last=3)
    plain = Section(id="descripcion", title="Descripción", level=1, kind="rules", blocks=(prose,), first=1, last=3)
    assert title_from_text(raw, Document(game=game, sections=(plain,))) == ""


@pytest.mark.parametrize(
    ("paragraphs", "name"),
    [
        # Brisca: the first paragraph names no game, the second does; the text writes "en la Brisca", so "La" is no part of it.
        (["Se juega con una baraja española completa, de cuarenta naipes.",
          "La Brisca pertenece a la misma familia que el Tute: la de los juegos de bazas.", "En la Brisca juegan de 2 a 4."], "Brisca"),
        # Generala: the rules of two games, their articles written capital in mid-sentence.
        (["Aquí van las reglas oficiales para La Generala y El 10.000, copiadas de la tapa de la caja."],
         "La Generala y El 10.000"),
        (["Las reglas del juego son simples.", "Cada jugador es un juego aparte."], ""),
    ],
)
def test_a_sentence_of_the_opening_paragraphs_that_names_the_game_gives_the_title(paragraphs: list[str], name: str) -> None:
    from pipeline.build.defaults import title_from_text
    from pipeline.model import Block, Document, GameInfo, RawText, Section

    game = GameInfo(id="juego", title_es="Juego", title_en="Juego")
    blocks = tuple(Block(kind="paragraph", text=text, first=n, last=n) for n, text in enumerate(paragraphs, start=2))
    opening = Section(id="introduccion", title="Introducción", level=1, kind="rules", blocks=blocks, first=1, last=len(paragraphs) + 1)
    raw = RawText(game=game.id, path="raw.md", text="", encoding="utf-8", sha256="0")
    assert title_from_text(raw, Document(game=game, sections=(opening,))) == name


def test_a_forum_pages_subject_over_its_count_of_posts_names_the_game_as_written() -> None:
    """A phpBB page shows the thread's subject over 'Responder al tema [ N mensajes ]': a subject that says it is
    the rules of a game names it as written there, before a heading in capitals set in sentence case."""
    from pipeline.build.defaults import title_from_text
    from pipeline.model import Block, Document, GameInfo, RawText, Section

    game = GameInfo(id="juego", title_es="Juego", title_en="Juego")
    text = "Foro de juegos\n\nMinas de Cobre - reglas traducidas\nResponder al tema   [ 4 mensajes ]\n\nMINAS DE COBRE\n"
    raw = RawText(game=game.id, path="raw.txt", text=text, encoding="utf-8", sha256="0")
    rule = Block(kind="paragraph", text="Cada jugador toma tres vagonetas.", first=7, last=7)
    opening = Section(id="minas-de-cobre", title="Minas de cobre", level=1, kind="rules", blocks=(rule,), first=6, last=7)
    assert title_from_text(raw, Document(game=game, sections=(opening,))) == "Minas de Cobre"


def test_a_kind_of_game_is_no_games_name() -> None:
    from pipeline.build.defaults import game_name

    assert game_name("Reglamento de Juegos de Dados") == ""


@pytest.mark.parametrize(
    ("fmt", "text", "name"),
    [
        ("markdown", "# Cosecha Lunar\n\n{intro}\n## Preparación\n\nCada jugador roba cinco cartas.", "Cosecha Lunar"),
        ("docx", "# Cosecha Lunar\n\n{intro}\n\n###### Preparación", "Cosecha Lunar"),  # Word's Title style
        ("markdown", "# Cosecha Lunar\n\n{intro}\n# Preparación\n\nCada jugador roba cinco cartas.", ""),  # chapters, no title
        ("text", "# Cosecha Lunar\n\n{intro}", ""),  # a plain text's '#' is no markup
    ],
    ids=["markdown-h1", "docx-title", "several-h1", "plain-text"],
)
def test_the_one_top_heading_a_source_states_is_its_title_however_long_its_intro(fmt: str, text: str, name: str) -> None:
    from pipeline.build.defaults import title_from_text
    from pipeline.model import Block, Document, GameInfo, RawText, Section

    game = GameInfo(id="x", title_es="X", title_en="X")
    intro = "En este juego cada jugador cultiva un huerto bajo la luna llena y vende lo que recoge. " * 6  # no 'X es un juego'
    opening = Section(id="cosecha-lunar", title="Cosecha Lunar", level=1, kind="rules",
                      blocks=(Block(kind="paragraph", text=intro, first=3, last=3),), first=1, last=3)
    raw = RawText(game=game.id, path=f"raw.{fmt}", text=text.format(intro=intro), encoding="utf-8", sha256="0", format=fmt)
    assert title_from_text(raw, Document(game=game, sections=(opening,))) == name


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("# Juego\n\n{intro}\n## Preparación\n\nCada jugador roba cinco cartas.", "Juego"),  # a section's word, stated as the title
        ("# Combate\n\n{intro}\n## Turno", "Combate"),
        ("# JUEGO (v1.2)\n\n{intro}\n## Turno", "Juego"),  # cut as any title is
        ("# Reglas básicas\n\n{intro}\n## Turno", ""),  # words about the rules: no game's name, even stated
        ("# Introducción\n\n{intro}\n## Turno", ""),
        ("## Prólogo\n\n{intro}\n# Juego\n\n## Turno", ""),  # below another heading: a chapter, not the text's title
    ],
    ids=["juego", "combate", "juego-version", "reglas-basicas", "introduccion", "not-first"],
)
def test_a_sources_one_top_heading_is_its_title_even_in_a_sections_words(text: str, name: str) -> None:
    """issue 25: '# Juego', the one level-1 heading over the whole text, is its title (it was refused because
    'juego' opens a section's name); words that only speak of the rulebook still give none."""
    from pipeline.build.defaults import title_from_text
    from pipeline.model import Block, Document, GameInfo, RawText, Section

    game = GameInfo(id="x", title_es="X", title_en="X")
    intro = "En este juego cada jugador cultiva un huerto bajo la luna llena y vende lo que recoge. " * 6
    heading = next(line.lstrip("# ") for line in text.split("\n") if line.startswith("# "))
    opening = Section(id="juego", title=heading, level=1, kind="rules",
                      blocks=(Block(kind="paragraph", text=intro, first=3, last=3),), first=1, last=3)
    raw = RawText(game=game.id, path="raw.md", text=text.format(intro=intro), encoding="utf-8", sha256="0", format="markdown")
    assert title_from_text(raw, Document(game=game, sections=(opening,))) == name


@pytest.mark.parametrize(
    ("head", "name"),
    [("Reglas básicas - Faro Lejano", "Faro Lejano"), ("Preparación | Faro Lejano", "Faro Lejano"), ("Reglas básicas", "")],
    ids=["rules-part", "setup-part", "no-site"],
)
def test_a_page_named_for_a_part_of_the_rules_takes_the_games_name_from_its_site(head: str, name: str, tmp_path) -> None:
    """A docs site's page '<title>Reglas básicas - Faro Lejano</title>' under '<h1>Reglas básicas</h1>': the text
    names its game only in the site's name, and the title comes from there, not from the folder's name."""
    from pipeline.build.defaults import title_from_text
    from pipeline.ingest import read_source
    from pipeline.model import Block, Document, GameInfo, Section

    h1 = head.split(" - ")[0].split(" | ")[0]
    page = f"<html><head><title>{head}</title></head><body><h1>{h1}</h1><p>Cada jugador roba una carta.</p></body></html>"
    (tmp_path / "raw.html").write_text(page, encoding="utf-8")
    raw = read_source(tmp_path / "raw.html", game="fl", display="raw.html")
    game = GameInfo(id="fl", title_es="Fl", title_en="Fl")
    section = Section(id="s", title=h1, level=1, kind="rules",
                      blocks=(Block(kind="paragraph", text="Cada jugador roba una carta.", first=2, last=2),), first=1, last=2)
    assert title_from_text(raw, Document(game=game, sections=(section,))) == name


def test_the_one_heading_over_a_marked_up_text_names_it_before_a_line_about_the_rules() -> None:
    """A README's '# Lanzas de Cobre' over its sections, then 'Reglamento en español · web del proyecto': the heading."""
    from pipeline.build.defaults import title_from_text
    from pipeline.model import Block, Document, GameInfo, RawText, Section

    game = GameInfo(id="lanzas", title_es="Lanzas", title_en="Lanzas")
    raw = RawText(game=game.id, path="raw.md", text="# Lanzas de Cobre\n\nReglamento en español · web del proyecto\n\n## Turno\n",
                  encoding="utf-8", sha256="0", format="markdown")
    line = Block(kind="paragraph", text="Reglamento en español · web del proyecto", first=3, last=3)
    top = Section(id="lanzas-de-cobre", title="Lanzas de Cobre", level=1, kind="rules", blocks=(line,), first=1, last=3)
    assert title_from_text(raw, Document(game=game, sections=(top,))) == "Lanzas de Cobre"


def test_a_rulebooks_opening_in_x_each_player_names_x() -> None:
    from pipeline.build.defaults import title_from_text
    from pipeline.model import Block, Document, GameInfo, RawText, Section

    game = GameInfo(id="colmenas", title_es="Colmenas", title_en="Colmenas")
    raw = RawText(game=game.id, path="raw.txt", text="", encoding="utf-8", sha256="0")
    prose = Block(kind="paragraph", text="En Colmenas de Sal cada jugador cuida un panal junto a la costa.", first=2, last=2)
    first = Section(id="objetivo", title="Objetivo", level=1, kind="rules", blocks=(prose,), first=1, last=2)
    assert title_from_text(raw, Document(game=game, sections=(first,))) == "Colmenas de Sal"
