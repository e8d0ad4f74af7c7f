"""A wiki page copied from the browser as text: MediaWiki's own furniture around the article (in its Spanish
interface), and an encyclopedia article's tail (see also, references, external links).

MediaWiki prints the same lines on every site it runs (Wikipedia, a game's fan wiki, Board Game Arena's help):
"De Board Game Arena" under the page's name, "Revisión del … (discusión | contribs.)", "Ir a la navegación",
"Obtenido de «…»", "Categorías: …", "Esta página se editó por última vez…". Two of them show a wiki page; then its
furniture goes, and so do the article's closing sections and its reference marks ("…la niebla.[2]").
"""

from __future__ import annotations

import re

from pipeline.structure.styles import looks_like_sentence

# Lines only MediaWiki prints (two of them make a text a wiki page).
WIKI_SIGNS = re.compile(
    r"^\s*(?:ir a la navegaci[óo]n\b|obtenido de\s*[«\"]|categor[íi]as?\s*:\s*\S|esta p[áa]gina se edit[óo] por [úu]ltima vez"
    r"|revisi[óo]n del\b.*\(discusi[óo]n\s*\|\s*contribs\.\)|\(difs\.\)\s*←|wikimedia foundation\.)",
    re.IGNORECASE,
)
# Furniture of a wiki page, as lines (the signs above, and the interface's footer and header lines).
WIKI_FURNITURE = re.compile(
    WIKI_SIGNS.pattern + r"|^\s*(?:pol[íi]tica de privacidad\b.*\b(?:acerca de|exoneraciones|aviso legal)\b"
    r"|saltar a (?:la )?navegaci[óo]n\b|\[editar\]\s*$)",
    re.IGNORECASE,
)
# "De Wikipedia, la enciclopedia libre", "De Board Game Arena": the site under the page's name.
SITE_LINE = re.compile(r"^\s*De [A-ZÁÉÍÓÚ][^\d.:;!?]{2,60}$")
# An article's closing sections: pointers elsewhere, no rules.
TAIL_SECTIONS = frozenset(("véase también", "vease tambien", "referencias", "enlaces externos", "notas", "bibliografía",
                           "bibliografia", "fuentes"))
REFERENCE_MARK = re.compile(r"(?<=[\w.,;:)»\"])\[\d{1,3}\]")
TOP_LINES = 8  # the site line stands within the page's first lines
SLUG_CHARS = 12
ADDRESS = re.compile(r"^\s*obtenido de\s*[«\"](https?://[^»\"\s]+)[»\"]\s*$", re.IGNORECASE)
QUOTES = re.compile(r"'{2,}")
WIKI_ITEM = re.compile(r"^\*+\s*(?=\S)")
OPEN_HEADING = re.compile(r"^\s*(={2,6})\s*([^=]+?)\s*=*\s*$")
MAX_HEADING_WORDS = 6
INFOBOX_REACH = 40  # the infobox stands at the article's top
MIN_INFOBOX_FIELDS = 4
MAX_CAPTION_WORDS = 8
# An infobox's field: a label word, then its value ("Diseñador Ana Ruiz", "Jugadores 2 a 4"); no count ("48 losetas")
# and no line ending as a sentence or a lead-in.
INFOBOX_FIELD = re.compile(r"^[A-ZÁÉÍÓÚÑ][^\W\d_]+\s+\S.*(?<![.:!?])$")


def wiki_furniture(lines: list[str]) -> dict[int, str]:
    """Line index -> why it goes, for a text that shows itself a wiki page; {} for any other text."""
    if sum(1 for text in lines if WIKI_SIGNS.match(text)) < 2:
        return {}
    found = _above_the_article(lines) | _infobox_caption(lines)
    tail = False
    for index, text in enumerate(lines):
        stripped = text.strip()
        if page_address(text):
            continue  # the page's address: written bare for the credits (`page_address`)
        if stripped.casefold().rstrip(":") in TAIL_SECTIONS:
            tail = True  # to the end, but for the wiki's own furniture after it
        if WIKI_FURNITURE.match(text):
            found[index] = "wiki page furniture (MediaWiki's)"
        elif index < TOP_LINES and SITE_LINE.match(text):
            found[index] = "wiki page furniture (the site's name under the page's)"
        elif tail and stripped:
            found[index] = "the wiki article's closing section (see also, references, links)"
    return found


def _infobox_caption(lines: list[str]) -> dict[int, str]:
    """The caption of the infobox's picture: the infobox flattened into "Label value" lines ("Jugadores 2 a 4"), none
    a sentence, and under them, as the block's last line, a short one that ends as a sentence and has no verb ("Caja
    de la edición."). Only the article's first block of lines, under its title: a list lower down ("Componentes / 48
    losetas / … / 1 marcador de niebla.") or a setup's steps are the rules'."""
    block = _first_article_block(lines)
    if not block:
        return {}
    *fields, last = block
    caption = lines[last].strip()
    if (len(fields) >= MIN_INFOBOX_FIELDS and caption.endswith(".") and len(caption.split()) <= MAX_CAPTION_WORDS
            and not looks_like_sentence(caption) and all(INFOBOX_FIELD.match(lines[field].strip()) for field in fields)):
        return {last: "the wiki infobox's picture caption"}
    return {}


def _first_article_block(lines: list[str]) -> list[int]:
    """The indices of the block (blank-line bounded) right under the article's title: the title's own block when more
    lines follow the title in it, else the next block. The wiki's furniture over the article (the banner, the page's
    name, "De <sitio>", "Ir a la navegación") comes before the title; beyond INFOBOX_REACH there is no infobox."""
    site = next((index for index, text in enumerate(lines[:TOP_LINES]) if SITE_LINE.match(text)), -1)
    blocks: list[list[int]] = [[]]
    for index, text in enumerate(lines[:INFOBOX_REACH]):
        if text.strip():
            blocks[-1].append(index)
        elif blocks[-1]:
            blocks.append([])
    article = [block for block in blocks if block and not all(line <= site or WIKI_FURNITURE.match(lines[line]) for line in block)]
    if not article:
        return []
    return article[0] if len(article[0]) > 1 else (article[1] if len(article) > 1 else [])


def page_address(text: str) -> str:
    """'Obtenido de «http://es.wiki.org/index.php?title=X»' -> the address: the page's source, for its credits."""
    found = ADDRESS.match(text)
    return found.group(1) if found else ""


def _above_the_article(lines: list[str]) -> dict[int, str]:
    """Over the site's line ("De Board Game Arena"): the page's name, gone when it is a slug ("Gamehelpcolmenasdesal"),
    and above it the site's banner ("This is a documentation for Board Game Arena...")."""
    site = next((index for index, text in enumerate(lines[:TOP_LINES]) if SITE_LINE.match(text)), None)
    above = [index for index in range(site or 0) if lines[index].strip()]
    if not above:
        return {}
    name = above[-1]
    found = {index: "wiki page furniture (the site's banner over the page)" for index in above[:-1]}
    if " " not in lines[name].strip() and len(lines[name].strip()) >= SLUG_CHARS:
        found[name] = "wiki page furniture (the page's name, a slug)"
    return found


def unmarked(text: str) -> str:
    """A wiki line with the markup the copy kept: reference marks ("...la niebla.[2]"), "*" items, bold or italic quotes
    (three around "Fin de la temporada"), a heading's "==" that lost its closing half ("== Cómo se juega En tu
    turno...", written "## Cómo se juega" over its text: the heading's words end where a capital opens the sentence)."""
    text = WIKI_ITEM.sub("- ", QUOTES.sub("", REFERENCE_MARK.sub("", text)))  # "*Consejo: …", a wiki list's item
    opened = OPEN_HEADING.match(text)
    if opened is None:
        return text
    words = opened.group(2).split()
    cut = next((at for at in range(1, min(len(words), MAX_HEADING_WORDS + 1)) if words[at][:1].isupper()), None)
    level = "#" * len(opened.group(1))
    if cut is None:
        return f"{level} {' '.join(words)}"
    return f"{level} {' '.join(words[:cut])}\n{' '.join(words[cut:])}"
