"""What an HTML page says about itself and how it is laid out: its title (the post's own, not the site's name),
its address, a table that lays the page out rather than holding data, a layout cell that is the site's menu."""

from __future__ import annotations

import re

from pipeline.ingest.lines import Converted, tidy
from pipeline.structure.lexicon import SECTION_OPENERS
from pipeline.text import fold

# What exporters and editors call a page that names nothing: no title of the game.
GENERIC_TITLES = frozenset(("exported data", "untitled", "untitled document", "sin título", "documento sin título", "document"))
TITLE_CLASS = re.compile(r"^(?:MsoTitle|Title)$")  # Word's "Save as web page" writes its Title style so
ENTRY_TITLE = ".//*[contains(concat(' ', normalize-space(@class), ' '), ' entry-title ') or contains(@class, 'post-title')]"
MENU_LINKS = 0.6  # of a layout cell's text in links: a menu
MENU_BAR_LINKS, MENU_BAR_WORDS, MENU_BAR_SHARE = 3, 4, 0.9  # a block of only short links to other pages: a menu
LAYOUT_CELL = 400  # characters of a table cell that is a column of the page, not a datum
PART_WORDS = 4  # a page's title this short, opening with a section's word, names a part of the rules
PART_OPENERS = SECTION_OPENERS - {"juego"}  # ('Juego' alone may be a game's name: defaults.game_name)
ISO_DAY = re.compile(r"\s*(\d{4}-\d{2}-\d{2})(?!\d)")  # a date as metadata states it: "2018-04-13T18:54:31+02:00"
SITE_WORDS = 5  # what follows the last dash of a <title>, when this short, is the site's name


def without_site(title: str) -> str:
    """'Reglas de X | El Rincón del Dado', 'Reglas de X - Foro de juegos': a page's <title> ends with its site;
    'Club Dragón Verde :: Reglamentos :: Hechiceros de Bolsillo': a trail of sections ends with the page."""
    trail = re.split(r"\s+(?:::|»|›|>)\s+", title)
    if len(trail) >= 2:
        return trail[-1].strip()
    if " | " in title:
        return title.split(" | ")[0].strip()
    head, dash, site = title.rpartition(" - ") if " - " in title else title.rpartition(" – ")
    return head.strip() if dash and len(site.split()) <= SITE_WORDS and len(head.split()) >= 2 else title


def published(root) -> str:
    """The day a post was published, as its page states it ('2018-04-13'): a published-time <meta>, else the
    post's own <time pubdate> or <time itemprop="datePublished"> (a sidebar's and a comment's dates are neither)."""
    stated = [meta.get("content") or "" for meta in root.iter("meta")
              if (meta.get("property") or meta.get("itemprop") or "").lower() in ("article:published_time", "datepublished")]
    stated += [time.get("datetime") or "" for time in root.iter("time")
               if time.get("pubdate") is not None or (time.get("itemprop") or "").lower() == "datepublished"]
    found = next((day for day in map(ISO_DAY.match, stated) if day), None)
    return found.group(1) if found else ""


def menu_cell(element) -> bool:
    """A layout table's cell that is mostly links: the site's menu."""
    parent = element.getparent()
    if parent is None or parent.tag != "tr" or not layout_row(parent):
        return False
    text = len(tidy(element.text_content() or ""))
    links = sum(len(tidy(link.text_content() or "")) for link in element.iter("a"))
    return text > 0 and links >= MENU_LINKS * text


def link_bar(element) -> bool:
    """A block that is nothing but links to other pages, three at least, each a word or two: the site's menu
    ('El Rincón del Dado Reseñas Reglas Contacto'), whatever its class is called."""
    links = [tidy(link.text_content() or "") for link in element.iter("a") if not (link.get("href") or "#").startswith("#")]
    text = tidy(element.text_content() or "")
    return (len(links) >= MENU_BAR_LINKS and all(0 < len(link.split()) <= MENU_BAR_WORDS for link in links)
            and sum(len(link) for link in links) >= MENU_BAR_SHARE * len(text))


def layout_row(element) -> bool:
    """A table row that lays a page out (a menu cell, the text's cell) rather than holding data: its cells hold
    paragraphs, headings, lists or tables, or a cell is longer than a paragraph."""
    cells = [cell for cell in element if isinstance(cell.tag, str) and cell.tag in ("td", "th")]
    return any(
        len(cell.findall(".//p")) >= 2  # (a Word or Google Docs table puts one <p> in each cell)
        or cell.find(".//table") is not None
        or any(cell.find(f".//{name}") is not None for name in ("h1", "h2", "h3", "ul", "ol", "div", "center"))
        or len(cell.text_content() or "") > LAYOUT_CELL
        for cell in cells
    )


def read_metadata(root, out: Converted) -> None:
    title = root.findtext(".//title") or ""
    for meta in root.iter("meta"):
        if (meta.get("property") or meta.get("name") or "").lower() in ("og:title", "twitter:title") and meta.get("content"):
            title = meta.get("content")
        if (meta.get("property") or "").lower() == "og:url" and meta.get("content"):
            out.links.append(("canonical", meta.get("content")))
    out.date = published(root)
    for link in root.iter("link"):
        if (link.get("rel") or "").lower() == "canonical" and link.get("href"):
            out.links.append(("canonical", link.get("href")))
    # The post's own title (hAtom's entry-title, WordPress and Blogger) outranks a blog's name in <h1>.
    # Several <h1> are the sections of a converted document (Word's Heading 1), none of them its title.
    h1s = root.findall(".//h1")
    titled = [p for p in root.iter("p") if TITLE_CLASS.search(p.get("class") or "")]
    candidates = root.xpath(ENTRY_TITLE) + titled + (h1s if len(h1s) == 1 else [])
    heading = candidates[0] if candidates else None
    page_title = without_site(tidy(title))
    page_title = "" if page_title.casefold() in GENERIC_TITLES else page_title
    own = tidy(heading.text_content()) if heading is not None else page_title
    out.title = out.title or (tidy(title) if own == page_title != tidy(title) and names_a_part(own) else own)


def names_a_part(title: str) -> bool:
    """'Reglas básicas', 'Introducción', 'Preparación': a page named for a part of the rules, no game's name.
    Its <title> then keeps the site's name ('Reglas básicas - Uno Xtreme': a docs site's is its game's), and the
    title chooser cuts the game's name out of it as from 'Reglas de X - Y'."""
    words = title.split()
    named = any(word[0].isupper() for word in words[1:])  # 'Reglas de Catán' names its game
    return 0 < len(words) <= PART_WORDS and fold(words[0]) in PART_OPENERS and not named
