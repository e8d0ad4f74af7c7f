"""Condensing by sentence role (quickref/condense.py with `condense: [roles]`), and the overrides that still apply."""
from __future__ import annotations

from dataclasses import replace

from pipeline.model import Block, Section
from pipeline.sheets.quickref.condense import CondenseOptions, condense


def block(kind: str, text: str) -> Block:
    return Block(kind=kind, text=text, first=1, last=1)


def _section(*texts: str) -> Section:
    blocks = tuple(Block(kind="paragraph", text=text, first=1, last=1) for text in texts)
    return Section(id="combate", title="Combate", level=1, kind="rules", blocks=blocks, first=1, last=1)


def test_condensing_by_role_keeps_rules_and_drops_the_example() -> None:
    section = _section(
        "Cada jugador debe robar dos cartas al inicio de su turno. Por ejemplo, Ana roba el 3 y el 5 y se queda con ambas.",
        "Ronda de resolución. Las cartas se revelan y se ejecutan en orden.",
    )
    (kept,) = condense([section], options=CondenseOptions(roles=True))
    assert [block.text for block in kept.blocks] == [
        "Cada jugador debe robar dos cartas al inicio de su turno.",
        "Ronda de resolución. Las cartas se revelan y se ejecutan en orden.",  # the label stays with its rule
    ]


def test_a_sentence_that_is_only_a_cross_reference_leaves_no_full_stop() -> None:
    from pipeline.sheets.quickref.condense import _without_cross_references

    text = "Roba una carta (ver tabla). (ver tabla)."
    kept = _without_cross_references(text, 0, 27) + _without_cross_references(text, 28, len(text))
    assert "".join(text[s:e] for s, e in kept).replace(" ", "") == "Robaunacarta."


def test_the_stump_of_a_sentence_the_source_lost_is_not_printed() -> None:
    """Galaxy Defenders: '...antes de realizar la tirada de defensa. Si' printed the dangling 'Si'."""
    section = _section("Puede cancelar Impactos antes de realizar la tirada de defensa. Si", "Si no hay L.O.S. no puede disparar.")
    (kept,) = condense([section], options=CondenseOptions(roles=True))
    assert [block.text for block in kept.blocks] == [
        "Puede cancelar Impactos antes de realizar la tirada de defensa.",
        "Si no hay L.O.S. no puede disparar.",
    ]


def test_an_example_labelled_on_a_line_of_its_own_goes_with_its_situation_and_outcomes() -> None:
    """A label alone ('Ejemplo:'), the example's situation ending in a colon and the list of what it does to each
    class were printed as rules (a real text of this shape: la-campana-chatgpt), the label merged away as a repeat."""
    blocks = (
        block("item", "Las arqueras atacan con FLECHAS."),
        block("paragraph", "Ejemplo:"),
        block("paragraph", "Una arquera dispara una carta de 6 flechas:"),
        block("item", "Contra un gigante → le resta 6 puntos (golpe pleno)"),
        block("item", "Contra otra arquera → le resta 3 puntos (golpe rozado)"),
        block("paragraph", "Un golpe rozado vale la mitad de la carta."),
    )
    section = Section(id="magos", title="Magos", level=2, kind="rules", blocks=blocks, first=1, last=1)
    (kept,) = condense([section], options=CondenseOptions(roles=True))
    assert [b.text for b in kept.blocks] == ["Las arqueras atacan con FLECHAS.", "Un golpe rozado vale la mitad de la carta."]


def test_a_rule_that_points_back_keeps_the_sentence_it_points_to() -> None:
    """'Estos hechos se representan por las cartas de misión' (Leaving Earth) printed without the sentence that says
    which 'hechos'; a rule that does not point back leaves the flavour out as before."""
    # (a flavour the classifier is sure of: "El espacio es un lugar muy cruel." alone it is not, and keeps)
    cruel = "El espacio es un lugar frío, oscuro y muy cruel."
    (pointing,) = condense([_section(f"{cruel} Por eso un astronauta sin suministros muere al final del año.")],
                           options=CondenseOptions(roles=True))
    assert pointing.blocks[0].text == f"{cruel} Por eso un astronauta sin suministros muere al final del año."
    (plain,) = condense([_section(f"{cruel} Un astronauta sin suministros muere al final del año.")],
                        options=CondenseOptions(roles=True))
    assert plain.blocks[0].text == "Un astronauta sin suministros muere al final del año."


def test_the_short_items_of_a_list_whose_lead_in_was_left_out_go_with_it() -> None:
    """Alternity printed 'b) Daño al sistema' and Space Alert '48 cartas de amenaza.' alone: what introduced each
    list (a sentence ending with a colon, a label on its own) was left out, its items were not."""
    from pipeline.sheets.quickref.condense import _without_orphans

    blocks = (
        block("paragraph", "Hay mucho que aprender. Os sugerimos este orden:"),
        block("item", "Los dados rojos."),
        block("item", "Cada dado rojo que saque un seis obliga a su dueño a descartar una carta de su mano al final de la ronda."),
        block("paragraph", "La caja trae:"),
        block("item", "Diez fichas de oro."),
        block("item", "Un tablero."),
    )
    section = Section(id="caja", title="Caja", level=1, kind="rules", blocks=blocks, first=1, last=1)
    spans = [[(0, 24)], [(0, 16)], [(0, len(blocks[2].text))], [(0, 13)], [(0, 19)], [(0, 11)]]
    kept = _without_orphans(section, spans)
    # The lead-in "Os sugerimos este orden:" went: its short item goes, the long one reads on its own.
    assert kept[:3] == [[(0, 24)], [], [(0, len(blocks[2].text))]]
    # "La caja trae:" was kept: so are its items (and a list after a kept lead-in is never touched).
    assert kept[3:] == [[(0, 13)], [(0, 19)], [(0, 11)]]
    assert _without_orphans(section, [[], [(0, 16)], [], [], [(0, 19)], []]) == [[], [], [], [], [], []]
    # A label alone ("Fichas.") introduces its list as a colon does; a longer paragraph that was left out does not.
    labelled = replace(section, blocks=(block("paragraph", "Fichas."), block("item", "Diez fichas de oro.")))
    assert _without_orphans(labelled, [[], [(0, 19)]]) == [[], []]
    prose = replace(section, blocks=(block("paragraph", "El oro se guarda en la torre del castillo."), labelled.blocks[1]))
    assert _without_orphans(prose, [[], [(0, 19)]]) == [[], [(0, 19)]]


def test_an_impersonal_example_that_gives_the_only_figures_of_its_rule_is_kept() -> None:
    """Tapiz says how to make a die of another ("dividing the roll") and gives the numbers only in its 'Por ejemplo'
    sentence; an example of a player's case, or after a rule with figures of its own, still goes."""
    rule = "Los dados que faltan se sustituyen por otro dado y se reparte su resultado entre las caras que faltan."
    example = "Por ejemplo, si se necesita un d2, se tira un d6 y se divide entre tres, de forma que 1-3 cuenta como 1 y 4-6 cuenta como 2."
    (kept,) = condense([_section(f"{rule} {example}")], options=CondenseOptions(roles=True))
    assert kept.blocks[0].text == f"{rule} {example}"
    players = "Por ejemplo, si Ana necesita un d2, tira un d6 y lo divide entre tres: con un 5 saca un 2."
    (kept,) = condense([_section(f"{rule} {players}")], options=CondenseOptions(roles=True))
    assert kept.blocks[0].text == rule


def test_a_sentence_goes_only_when_the_classifier_is_sure_it_is_no_rule() -> None:
    """Held out, a text's borderline sentences were rules more often than not (make eval's rule lines 96.2 -> 97.0 %):
    a sentence below the threshold stays when no other role leads `rule` by DROP_MARGIN, unless `rule` is under
    KEEP_FLOOR (its other share spread over several roles)."""
    from pipeline.learn.sentences import DROP_MARGIN, KEEP_FLOOR, keeps

    assert keeps({"rule": 0.6, "flavour": 0.4}, 0.5)
    assert keeps({"rule": 0.3, "flavour": 0.3 + DROP_MARGIN - 0.05, "advice": 0.05}, 0.5)  # unsure: kept
    assert not keeps({"rule": 0.25, "flavour": 0.25 + DROP_MARGIN + 0.05, "advice": 0.15}, 0.5)  # sure: left out
    low = KEEP_FLOOR - 0.05
    assert not keeps({"rule": low, "flavour": low + 0.1, "advice": low + 0.1, "example": 1 - 3 * low - 0.2}, 0.5)


def test_a_lead_takes_the_fate_of_what_it_introduces() -> None:
    """Space Alert's quickref printed "En resumen:" over a summary its repeats had left out, and a title left in the
    text ("Uso de la Especialización sin…") over an introduction left out: each lead goes with what it introduces,
    and stays (whatever its own role) when any of that is printed."""
    rule = "Cada jugador roba dos cartas de acción al inicio de su turno y descarta una al final."
    penalty = "Si no puede robar, pierde el turno y pasa el dado al jugador de su izquierda."
    setup = "Cada jugador toma tres fichas de su color y las coloca en su tablero, boca abajo, antes de robar."
    blocks = (
        block("paragraph", rule),
        block("paragraph", penalty),
        block("paragraph", "En pocas palabras:"),
        block("item", rule),
        block("item", penalty),
        block("paragraph", "Juego de las Fichas sin el Mazo de Eventos."),
        block("paragraph", "Estas reglas permiten jugar con las fichas sin el mazo."),
        block("paragraph", "Primera ronda."),
        block("paragraph", setup),
    )
    section = Section(id="robo", title="Robo", level=1, kind="rules", blocks=blocks, first=1, last=1)
    options = CondenseOptions(roles=True, repeats=True, flavor_patterns=("^Estas reglas permiten",))
    (kept,) = condense([section], options=options)
    assert [b.text for b in kept.blocks] == [rule, penalty, "Primera ronda.", setup]


def test_a_colon_lead_in_goes_with_its_list_but_keeps_its_own_verdict_when_the_list_is_printed() -> None:
    """The last sentence of a paragraph ending in a colon introduces the list under it: left out with it, but a
    lead-in the roles left out is not brought back for its list (commentary: "…funciona así:")."""
    from pipeline.sheets.quickref.leads import leads_follow

    text = "Roba dos cartas. Las cartas que puedes usar dependen de tu nivel:"
    blocks = (block("paragraph", text), block("item", "Nivel uno: una carta."), block("item", "Nivel dos: dos cartas."))
    section = Section(id="nivel", title="Nivel", level=1, kind="rules", blocks=blocks, first=1, last=1)
    whole = [(0, 16), (17, len(text))]
    assert leads_follow(section, [whole, [], []]) == [[(0, 16)], [], []]
    assert leads_follow(section, [whole, [(0, 21)], []]) == [whole, [(0, 21)], []]
    assert leads_follow(section, [[(0, 16)], [(0, 21)], []]) == [[(0, 16)], [(0, 21)], []]
