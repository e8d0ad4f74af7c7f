"""Sections of a blog or fan page that are not rules: the author's opinion, the rating, downloads, comments.

A section is judged by its title, the way boilerplate removers judge a block by its label: "Opinión",
"Valoración final", "Comentarios (3)", "Dónde comprar"; "Descargas" and "Enlaces" only when the section
does talk about files or links (a game may have an action called "Descarga"). The section runs to the
next heading of the same or a higher level.
"""

from __future__ import annotations

import re

from pipeline.structure.patterns import MARKUP_HEADING

OFF_TOPIC = re.compile(
    r"^(?:mi\s+|nuestra\s+)?(?:opini[óo]n(?:\s+personal)?|valoraci[óo]n(?:\s+final)?|rese[ñn]a|veredicto|nota final"
    r"|\d*\s*comentarios?(?:\s*\(\d+\))?|deja(?:r)? un comentario|d[óo]nde (?:comprar|jugar)(?:lo)?"
    r"|sobre (?:el|la) autora?|compartir|comparte esto|entradas relacionadas|art[íi]culos relacionados|etiquetas"
    r"|suscr[íi]bete|te puede interesar|publicidad)\b",
    re.IGNORECASE,
)
DOWNLOADS = re.compile(r"^(?:descargas?|enlaces?|links?|archivos?)\b", re.IGNORECASE)
ABOUT_FILES = re.compile(r"descarg|\bpdf\b|enlace|https?://|\bMB\b|\bKB\b", re.IGNORECASE)


def _title(text: str) -> tuple[str, int]:
    """The heading's words and its depth (markup '## X' -> 2; any other heading counts as the top, 1)."""
    found = MARKUP_HEADING.match(text.strip())
    if found:
        return found.group(2).strip(" :.*"), len(found.group(1))
    return text.strip().strip(" :.*"), 1


def off_topic_sections(lines: list[str], headings: list[int]) -> dict[int, tuple[int, str]]:
    """Heading index -> (index of the section's last line, reason) for each section that is not rules."""
    found: dict[int, tuple[int, str]] = {}
    ordered = sorted(headings)
    for position, index in enumerate(ordered):
        title, depth = _title(lines[index])
        end = next(
            (
                other - 1
                for other in ordered[position + 1 :]
                if _title(lines[other])[1] <= depth or not MARKUP_HEADING.match(lines[index].strip())
            ),
            len(lines) - 1,
        )
        body = " ".join(lines[index + 1 : end + 1])
        if OFF_TOPIC.match(title) or (DOWNLOADS.match(title) and ABOUT_FILES.search(body)):
            found[index] = (end, f"a {title!r} section of the page, not rules")
    return found
