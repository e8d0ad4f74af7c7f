"""Spanish words the heading rules reason with: sentence openers, verbs, function words.

Shared by styles.py (is a short line a title?) and runin.py (where does a run-in heading end?).
"""
from __future__ import annotations

# Words that start sentences, not headings (articles, pronouns, conjunctions, prepositions).
SENTENCE_STARTS = frozenset(
    """el la los las un una unos unas lo si cuando en para por con de del al a este esta esto estos estas ese esa
    eso cada no se y o pero aunque mientras tenga como que tu tus su sus mi yo nos les le ya también además
    muchos muchas algunos algunas todo todos todas hay es ahora así pues luego entonces durante después antes""".split()
)
# Verbs that make a short line a sentence ("El fuego amigo es opcional", "Puedes jugar las cartas que quieras"), never a heading.
SENTENCE_VERBS = frozenset(
    """es son está están hay se no puede pueden debe deben tiene tienen ha han fue era sería será
    significa permite hace hacen has he hemos si puedes debes tienes""".split()
)
# A heading never ends on these (the line broke mid-phrase).
ARTICLES = frozenset(("el", "la", "los", "las"))  # the definite articles (a title may open with one: "El turno")
FUNCTION_WORDS = frozenset("de del la el los las un una y o a en con por para que se su sus al e u ni".split())
# The word after an imperative verb in a one-line instruction ("Roba una carta.").
IMPERATIVE_OBJECTS = frozenset("un una el la los las lo tu tus su sus dos tres a al del de".split())
# Articles and possessives: after a first word they make it a verb ("Vende tus peces", "Coloca la ficha").
DETERMINERS = frozenset("el la los las lo un una unos unas tu tus su sus mi mis".split())
# Modal verbs and absolutes of a rule: a sentence in capitals with one of them is a rule shouted ("NUNCA PUEDES...").
RULE_MODALS = frozenset("puedes debes tienes puede pueden debe deben tiene tienen nunca siempre no hay es son está están".split())
# The first words of the sections every rulebook has ("Introducción", "Preparación de la partida", "El turno"):
# a text that opens with one of them has no title line of its own.
SECTION_OPENERS = frozenset(
    """introduccion componentes contenido contenidos material materiales preparacion objetivo objetivos desarrollo
    turno fin resumen indice reglas reglamento juego""".split()
)
