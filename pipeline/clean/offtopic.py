"""Sections of a blog or fan page that are not rules: the author's opinion, the rating, downloads, comments.

A section is judged by its title, the way boilerplate removers judge a block by its label: "Opinión",
"Valoración final", "Comentarios (3)", "Dónde comprar", a repository's "Contribuir" and "Licencia";
"Descargas" and "Enlaces" only when the section
does talk about files or links (a game may have an action called "Descarga"). The section runs to the
next heading of the same or a higher level; the title must be that label alone ("Categorías de logros" is rules).
So does a section of the project's plans, "TODO" or "Hoja de ruta": what the author means to add is no rule yet.
A paragraph in which the makers present what they made (PRODUCT_PRESENTED) is judged by the cleaner, unit by unit.
A document's changelog ("Registro de cambios") is only its run of versions and dates: what follows them is a
section of its own even with no heading the changelog could end at ("Componentes" and its list).
"""

from __future__ import annotations

import re
from collections.abc import Container

from pipeline.clean.resources import DATE, VERSION_MARK
from pipeline.structure.patterns import MARKUP_HEADING

OFF_TOPIC = re.compile(
    r"^(?:mi\s+|nuestra\s+)?(?:opini[óo]n(?:\s+personal)?|valoraci[óo]n(?:\s+final)?|rese[ñn]a|veredicto|nota final"
    r"|\d*\s*comentarios?(?:\s*\(\d+\))?|deja(?:r)? un comentario|d[óo]nde (?:comprar|jugar)(?:lo)?"
    r"|sobre (?:el|la) autora?|compartir|comparte esto|entradas relacionadas|art[íi]culos relacionados|etiquetas"
    r"|suscr[íi]bete|te puede interesar|publicidad|referencias|notas y referencias|bibliograf[íi]a|enlaces externos"
    r"|v[ée]ase tambi[ée]n|categor[íi]as|(?:c[óo]mo )?contribuir|contribuciones|colaborar|licencia|license|contributing)"
    r"\s*(?:\(\d+\))?[\s:.!]*$",  # the whole title: "Categorías de logros" is rules
    re.IGNORECASE,
)
CHANGELOG = re.compile(
    r"^(?:registro de cambios|historial de (?:cambios|versiones)|control de versiones|cambios entre versiones|change ?log)[\s:.]*$",
    re.IGNORECASE,
)
# A changelog's entry: a line opening with a version or a date ("Versión 1.1 (15/03/2026): …", "- 14/10/2026: …").
CHANGE_ENTRY = re.compile(
    rf"^[\s*•·–—\[(-]*(?:{VERSION_MARK.pattern}|{DATE.pattern}|\d{{1,2}}[/-]\d{{1,2}}[/-]\d{{2,4}}|\d{{4}}-\d{{2}}-\d{{2}})",
    re.IGNORECASE,
)
DOWNLOADS = re.compile(r"^(?:descargas?|enlaces?|links?|archivos?)(?:\s+(?:del?|y)\s+\w+)?[\s:.]*$", re.IGNORECASE)
# The project's plans, as a section's title: a to-do list ("TODO" in capitals, "Por hacer"), a roadmap, what is still
# pending, ideas for later, "Futuras expansiones", "Próximamente". Only what a project makes is "future": "Futuras
# partidas" or "Futuros turnos" are a game's own (a campaign's rules), so the nouns are listed.
_MADE_NEXT = r"(?:expansiones|ampliaciones|versiones|mazos|traducciones|cambios|mejoras)"
PLANS = re.compile(
    r"^(?:(?-i:TODO)|to[- ]do|por hacer|(?:tareas |cosas )?pendientes?|hoja de ruta|roadmap|planes(?: futuros| de futuro)?"
    r"|pr[óo]ximamente|lista de deseos|wish ?list|ideas (?:futuras|para el futuro|para m[áa]s adelante|pendientes|por probar)"
    rf"|futur[oa]s {_MADE_NEXT}|{_MADE_NEXT} futur[oa]s|en (?:el )?futuro)[\s:.!]*$",
    re.IGNORECASE,
)
PLANS_REASON = "a section of the project's plans"
# A plan is asked or hedged ("Qué pasa con las cartas que sobran…", "Se podría pensar en…", "Tal vez más adelante"):
# a sentence of rule words without either, under a plans title ("Pendientes", "Próximamente"), is a rule of the game.
SPECULATION = re.compile(
    r"[¿?]|^\W*(?:qu[ée]|c[óo]mo|cu[áa]ndo|cu[áa]l(?:es)?|por qu[ée])\b|\bpodr[íi]a(?:n|mos)?\b|\bpensar(?:se|l[oa]s?)?\b"
    r"|\bquiz[áa]s?\b|\btal vez\b|\bhabr[íi]a que\b|\bser[íi]a\b|\bme gustar[íi]a\b|\bfalta\b|\bm[áa]s adelante\b",
    re.IGNORECASE,
)
_MADE = r"hemos\s+(?:cread|preparad|incluid|desarrollad|diseñad|programad|añadid|lanzad|implementad|mejorad)[oa]s?"
# The makers presenting what they made for the game ("la app que hemos desarrollado", "hemos añadido logros"): a
# publisher's promotion of its app or edition; a paragraph of it with no modal verb (resources.MODAL_VERBS) says no rule.
PRODUCT_PRESENTED = re.compile(rf"\b{_MADE}\b", re.IGNORECASE)
PRODUCT_PROMOTION = "the makers presenting their product (an app, an edition), not rules"
# What the makers present may be a rule of the game ("Hemos añadido una variante…", "la regla opcional que hemos
# incluido"): those paragraphs are the rule, not a promotion, whatever their verbs.
_RULE_THING = r"(?:variantes?|reglas?|modos? de juego|opci(?:ón|ones)|aclaraci(?:ón|ones)|erratas?)"
RULE_PRESENTED = re.compile(
    rf"\b{_MADE}\s+(?:\w+\s+){{0,3}}?{_RULE_THING}\b|\b{_RULE_THING}\s+(?:\w+\s+){{0,3}}?que\s+{_MADE}\b", re.IGNORECASE
)
MIN_SECTION_WORDS = 8  # a heading with fewer words under it, or no sentence, is a link in a list, not a section
ABOUT_FILES = re.compile(r"descarg|\bpdf\b|enlace|https?://|\bMB\b|\bKB\b", re.IGNORECASE)


def _title(text: str) -> tuple[str, int]:
    """The heading's words and its depth (markup '## X' -> 2; any other heading counts as the top, 1)."""
    found = MARKUP_HEADING.match(text.strip())
    if found:
        return found.group(2).strip(" :.*"), len(found.group(1))
    return text.strip().strip(" :.*"), 1


def off_topic_sections(lines: list[str], headings: list[int], gone: Container[int] = frozenset()) -> dict[int, tuple[int, str]]:
    """Heading index -> (index of the section's last line, reason) for each section that is not rules
    (`gone`: lines already removed, such as a credit line, which say nothing of where a section ends)."""
    found: dict[int, tuple[int, str]] = {}
    ordered = sorted(headings)
    for position, index in enumerate(ordered):
        title, depth = _title(lines[index])
        if CHANGELOG.match(title):
            end = _changelog_end(lines, index, _section_end(lines, ordered, position, depth, gone))
            found[index] = (end, f"a {title!r} section of the page, not rules")
            continue
        if not (OFF_TOPIC.match(title) or DOWNLOADS.match(title) or PLANS.match(title)):
            continue  # where a section ends is looked for only under such a title: not once per heading of the text
        end = _section_end(lines, ordered, position, depth, gone)
        body = " ".join(lines[index + 1 : end + 1])
        if PLANS.match(title):
            found[index] = (end, f"{PLANS_REASON} ({title!r}), not rules")
        elif OFF_TOPIC.match(title) or ABOUT_FILES.search(body):
            found[index] = (end, f"a {title!r} section of the page, not rules")
    return found


def _section_end(lines: list[str], ordered: list[int], position: int, depth: int, gone: Container[int]) -> int:
    """The last line before the next heading of the same or a higher level that has text of its own: the
    titles of a list of related posts ("Reseña de Huerto Mágico") have none, and stay in the section."""
    marked = bool(MARKUP_HEADING.match(lines[ordered[position]].strip()))
    for number in range(position + 1, len(ordered)):  # no copy of the rest of the headings per heading
        other = ordered[number]
        if marked and _title(lines[other])[1] > depth:
            continue
        stop = ordered[number + 1] if number + 1 < len(ordered) else len(lines)
        text = " ".join(lines[line] for line in range(other + 1, stop) if line not in gone)
        if len(text.split()) >= MIN_SECTION_WORDS and re.search(r"[.!?:;]", text):
            return other - 1
    return len(lines) - 1


def _changelog_end(lines: list[str], heading: int, section_end: int) -> int:
    """The last line of the run of versions and dates under a changelog's heading (blank lines between them
    too), at most its section's end: the first line that is no entry opens what follows (a list, rules)."""
    end = heading
    for index in range(heading + 1, section_end + 1):
        if lines[index].strip() and not CHANGE_ENTRY.match(lines[index]):
            break
        if lines[index].strip():
            end = index
    return end
