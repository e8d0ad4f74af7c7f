"""HTML (a page or a fragment) -> structural plain text, with lxml: <h2> is a heading, <li> an item, <tr> a
table row, a quoted post goes, links keep their text, images their alt text; page furniture goes.

Page furniture is what boilerplate removers drop first: <nav>, <aside>, <footer>, scripts and forms, and
blocks whose class or id says they are comments, share buttons, sidebars or menus. Each element knows
its source line (lxml's `sourceline`), so every written line keeps its original line.
"""

from __future__ import annotations

import re

from pipeline.ingest.code import figure_or_code, is_code
from pipeline.ingest.inline import render
from pipeline.ingest.htmlpage import ENTRY_TITLE, TITLE_CLASS, layout_row, link_bar, menu_cell, read_metadata
from pipeline.ingest.lines import IMAGE_NAME, QUOTE_AUTHOR, TOGGLE_LABEL, Converted, table_row, tidy
from pipeline.ingest.wikihtml import wiki_notes

SKIP = set(
    "script style noscript template svg iframe form button select input textarea object embed canvas audio video "
    "nav aside footer head map".split()
)
BLOCKS = set(
    "p div section article main header body html center address dl dt dd ul ol li table thead tbody tfoot tr td th "
    "blockquote pre figure hr h1 h2 h3 h4 h5 h6 caption details summary fieldset".split()
)
BOLD = {"strong", "b"}
HEADINGS = ("h1", "h2", "h3", "h4", "h5", "h6")
# phpBB and other forum software set emphasis with inline styles: <span style="font-weight: bold">, font-size: 150%.
STYLE_BOLD = re.compile(r"font-weight\s*:\s*(?:bold|[6-9]00)", re.IGNORECASE)
STYLE_BIG = re.compile(r"font-size\s*:\s*(?:(1[2-9]\d|[2-9]\d\d)%|(1[5-9]|[2-4]\d)(?:px|pt)|(?:large|x-large|xx-large))", re.IGNORECASE)
# A post of forum software (phpBB "post bg2", SMF "post_wrapper", vBulletin "postcontainer") and its author.
FORUM_POST = re.compile(r"(?:^|\s)(?:post|post_wrapper|postcontainer|message|topic-post)(?:\s|$)", re.IGNORECASE)
AUTHOR_PATHS = (
    ".//*[contains(@class,'author')]//strong",
    ".//*[contains(@class,'username')]",
    ".//*[contains(@class,'poster')]",
    ".//*[contains(@class,'from_name')]",  # Telegram's export
)
REPLY_SUBJECT = re.compile(r"^\s*(?:re|res|rv)\s*:", re.IGNORECASE)
FURNITURE = re.compile(
    r"comment|comentario|sidebar|share|sharing|social|related|widget|menu|breadcrumb|cookie|banner|advert|\bads?\b|promo"
    r"|newsletter|subscribe|navbar|pagination|author|byline|post-?meta|entry-?meta|tag-?cloud|\btags\b|respond|reply"
    r"|signature|firma|postprofile|jumpbox|linklist|copyright|\bfooter\b|\btoc\b|navigation|\bportal\b|search"
    r"|editsection|catlinks|printfooter|noprint|sitesub|contentsub|\breferences?\b|\bmw-jump|\binfobox\b|\bnavbox\b"
    r"|topic-meta|post-infos|post-controls|post-menu|suggested|avatar"  # Discourse's post furniture
    r"|from_name|userpic|reply_to|reactions|page_header|\bservice\b",  # Telegram's
    re.IGNORECASE,
)
# ARIA landmarks that are the site's, never the text's: its masthead (name and slogan in <h1>/<h2>), menus, footer.
SITE_ROLES = frozenset(("banner", "navigation", "contentinfo"))
MASTHEAD = re.compile(r"(?:^|[\s_-])(?:header|masthead)(?:$|[\s_-])", re.IGNORECASE)
CSS_CLASS_RULE = re.compile(r"\.([\w-]+)\s*\{([^}]*)\}")
FURNITURE_SHARE = 0.5  # an element holding this share of the page's text is never furniture by its class
XML_DECLARATION = re.compile(r"^\ufeff?\s*<\?xml[^>]*\?>")


def convert_html(text: str, out: Converted, *, first_line: int = 1, fragment: bool = False) -> None:
    """Write an HTML page or fragment into `out` (line numbers counted from `first_line`); a fragment
    inside another document (Markdown's inline HTML) says nothing of the document's title."""
    import lxml.html

    # An XHTML page's XML declaration names an encoding, which lxml refuses in a decoded text: it goes, its
    # line kept (an e-book's pages, a page saved as .xhtml).
    text = XML_DECLARATION.sub(lambda match: "\n" * match.group(0).count("\n"), text)
    try:
        root = lxml.html.document_fromstring(text)
    except Exception:  # noqa: BLE001 - lxml raises several types on hopeless input; then it is text
        for number, line in enumerate(text.split("\n"), start=first_line):
            out.add(tidy(re.sub(r"<[^>]+>", " ", line)), number, markup="html")
        return
    if not fragment:
        read_metadata(root, out)
    wiki_notes(root)
    walker = _Walker(out, shift=first_line - 1)
    walker.classes = _class_styles(root)
    walker.entry_title = bool(root.xpath(ENTRY_TITLE))
    walker.title_line = next((walker._source(h1) for h1 in root.iter("h1")), 0)
    body = root.find("body")
    if body is None:
        body = root
    walker.size = len(body.text_content() or "")
    walker.block(body)
    walker.flush()


def convert_fragment(text: str, out: Converted, *, first_line: int = 1) -> None:
    convert_html(text, out, first_line=first_line, fragment=True)


def _class_styles(root) -> dict[str, str]:
    """'.c0{font-weight:700;font-size:16pt}' in the page's <style>: what each class sets (Google Docs, Word's
    HTML), so emphasis given by class reads like an inline style."""
    rules: dict[str, str] = {}
    for sheet in root.iter("style"):
        for name, body in CSS_CLASS_RULE.findall(sheet.text or ""):
            rules[name] = rules.get(name, "") + ";" + body
    return rules


def _alone(element) -> bool:
    """Whether the element's text is all its parent's."""
    parent = element.getparent()
    return parent is not None and tidy(parent.text_content() or "") == tidy(element.text_content() or "")


def _anchor_list(element) -> bool:
    """A list whose every item is only a link to a place on the same page: a table of contents."""
    items = [child for child in element if isinstance(child.tag, str) and child.tag == "li"]
    if len(items) < 2:
        return False
    for item in items:
        links = item.findall(".//a")
        if not links or not all((link.get("href") or "").startswith("#") for link in links):
            return False
        if tidy(item.text_content()) != tidy(" ".join(link.text_content() for link in links)):
            return False
    return True


class _Walker:
    """Depth-first over the elements, gathering inline text into lines and writing a line at each block edge."""

    def __init__(self, out: Converted, *, shift: int) -> None:
        self.out, self.shift = out, shift
        self.segments: list[tuple[str, bool]] = []
        self.line = 0  # original line of the pending text
        self.through = 0
        self.prefix = ""  # "## ", "- ", "1) " for the pending line
        self.what = ""
        self.bold = 0
        self.entry_title = False  # the page marks its post's title (then a masthead's <h1> is the site's name)
        self.title_line = 0  # the page's first <h1>: a header with no heading above it is the site's
        self.real = False  # the line being written has text of its own, not only pictures' alt texts
        self.big = 0  # inside large type (inline style): a line all in it is a heading
        self.lines_big: list[bool] = []
        self.lists: list[list] = []  # [ordered?, next number]
        self.size = 0  # characters of text in the whole page
        self.classes: dict[str, str] = {}  # class -> its CSS declarations (Google Docs sets bold by class)

    def _source(self, element) -> int:
        return (element.sourceline or 1) + self.shift

    def flush(self, ends: int = 0) -> None:
        """Write the pending line; `ends` is the last original line it can reach (the next element starts
        after it), so text at the top of a page-wide <div> does not claim the whole <div>'s lines."""
        if not self.segments:
            return
        through = min(self.through, max(self.line, ends)) if ends else self.through
        figure = not self.real and not self.prefix.startswith("#") and any(part.strip() for part, _ in self.segments)
        if figure:
            # Only pictures' alt texts ("Portada" of a centred cover picture): a figure, which the sheet does not show.
            self.segments = [("", False)]
        text, what = render(self.segments, item=self.what.startswith("list item"), leads=self.out.leads)
        if self.lines_big and all(self.lines_big) and not self.prefix and text and len(text.split()) <= 12:
            self.prefix, self.what = "## ", "heading (large type)"
        if self.prefix.startswith("#"):
            text, what = self.prefix + text.lstrip("# ").replace("**", ""), self.what
        elif text:
            text, what = self.prefix + text, self.what or what or "html"
        if text.strip():
            self.out.add(text, self.line, markup=what, through=through)
        elif self.line and figure:
            self.out.drop(self.line, "image")
        elif self.line:
            self.out.drop_empty(self.line)
        self.segments, self.prefix, self.what, self.lines_big, self.real = [], "", "", [], False

    def _text(self, text: str | None, element, *, alt: bool = False) -> None:
        if text and text.strip():
            self.real = self.real or not alt
            if not self.segments or not "".join(part for part, _ in self.segments).strip():
                self.line = self._source(element)
            self.segments.append((text, self.bold > 0))
            self.lines_big.append(self.big > 0)
        elif text:
            self.segments.append((" ", self.bold > 0))

    def block(self, element) -> None:
        """Write one element and what it holds: furniture goes, a leaf is handled whole, a container descends."""
        tag = element.tag if isinstance(element.tag, str) else ""
        if self._gone(element, tag):
            return
        if tag in BLOCKS:
            self.flush(ends=self._source(element) - 1)
        if (tag == "blockquote" and self._quoted_post(element)) or self._leaf(element, tag):
            return
        if tag == "div" and FORUM_POST.search(element.get("class") or ""):
            self._post_header(element)
        self._open(element, tag)
        style = (element.get("style") or "") + ";" + ";".join(self.classes.get(name, "") for name in (element.get("class") or "").split())
        bold, big = tag in BOLD or bool(STYLE_BOLD.search(style)), bool(STYLE_BIG.search(style))
        self.bold, self.big = self.bold + bold, self.big + big
        if tag in BLOCKS:
            self.line, self.through = self._source(element), self._end(element)
        self._text(element.text, element)
        for child in element:
            self.block(child)
        self.bold, self.big = self.bold - bold, self.big - big
        if tag in BLOCKS:
            self.flush()
            if tag in ("ul", "ol"):
                self.lists.pop()
            if tag in ("p", "ul", "ol", "table", "blockquote", "pre", "div", "section", "article") or tag.startswith("h"):
                self.out.blank(self._source(element))
        self._text(element.tail, element)

    def _gone(self, element, tag: str) -> bool:
        """Page furniture, a masthead, a reply's subject line, a caption: skipped whole (and reported)."""
        where = f"{element.get('class', '')} {element.get('id', '')}"
        if not tag or tag in SKIP or (FURNITURE.search(where) and self._small(element)):
            self._skip(element, tag or "comment")
        elif (element.get("role") or "").strip().lower() in SITE_ROLES:
            self._skip(element, "header" if tag == "header" else tag)  # <header role="banner">: the site's, headings and all
        elif tag == "header" and element.find(".//h1") is None and element.find(".//h2") is None:
            self._skip(element, "header")  # a site's masthead: its name and menu, no heading of the text
        elif self.entry_title and MASTHEAD.search(where) and not element.xpath(ENTRY_TITLE):
            self._skip(element, "header")  # Blogger's <div class="header">: the blog's name in <h1>, not the post's
        elif MASTHEAD.search(where) and self._end(element) < self.title_line and not any(element.iter(*HEADINGS)):
            self._skip(element, "header")  # a site's header over the page's <h1>, with no heading: its name, counts, menu
        elif tag in HEADINGS and REPLY_SUBJECT.match(element.text_content() or ""):
            self._skip(element, "reply subject")  # "Re: Reglas de ...": the subject line of a forum reply
        elif tag == "time" and _alone(element):
            self._skip(element, "time")  # '<p class="meta"><time datetime="2018-04-13">': when the post went up
        elif tag == "figcaption":
            self._skip(element, "figure caption")
        elif tag == "summary" and TOGGLE_LABEL.match(tidy(element.text_content() or "")):
            self._skip(element, "summary")  # "Expandir para ver el ejemplo": a button's label
        elif (tag == "td" and menu_cell(element)) or (tag in ("div", "p", "nav", "span") and link_bar(element)):
            self._skip(element, "menu")  # a page's column or row of links (in a layout table or not): the site's menu
        elif tag in ("ul", "ol") and _anchor_list(element):
            for number in range(self._source(element), self._end(element) + 1):
                self.out.contents_entry(number)  # every entry a link to a heading of the page
            self._text(element.tail, element)
        else:
            return False
        return True

    def _small(self, element) -> bool:
        """Furniture by its class is a part of the page, never the page: a <body class="has-sidebar
        comments-open"> or a wrapper holding most of the text (or the title) is read, whatever its class says."""
        if element.tag in ("html", "body", "main", "article") or element.find(".//h1") is not None:
            return False
        return len(element.text_content() or "") < FURNITURE_SHARE * self.size

    def _leaf(self, element, tag: str) -> bool:
        """Elements written whole, without descending: a table row, an image, a line break."""
        if tag == "tr" and layout_row(element):
            return False  # a page laid out in a table: its cells are the page's columns, read as blocks
        if tag == "tr":
            self._row(element)
        elif tag == "img":
            alt = tidy(element.get("alt") or "")
            if alt and not IMAGE_NAME.search(alt):
                self._text(alt, element, alt=True)
            elif not self.segments:
                self.out.drop(self._source(element), "image")
            self._text(element.tail, element)
        elif tag == "br":
            self.flush(ends=self._source(element))
            self._text(element.tail, element)
        elif tag == "pre" and is_code((element.text_content() or "").split("\n")):
            if not self.segments:  # the lead-in is written (a <p> ends at its close), not text running on into the <pre>
                self.out.mark_lead_in(figure_or_code((element.text_content() or "").split("\n")))
            self._skip(element, "code block")
        else:
            return False
        return True

    def _open(self, element, tag: str) -> None:
        """What an opening element says about the lines inside it: a heading level, a list, an item, a link."""
        if tag in HEADINGS:
            self.prefix, self.what = "#" * int(tag[1]) + " ", f"heading (<{tag}>)"
        elif tag == "p" and TITLE_CLASS.search(element.get("class") or ""):
            self.prefix, self.what = "# ", "heading (Word's Title style)"
        elif tag in ("ul", "ol"):
            self.lists.append([tag == "ol", int(element.get("start") or 1)])
        elif tag == "li":
            ordered = self.lists[-1] if self.lists else [False, 1]
            indent = "  " * max(len(self.lists) - 1, 0)
            self.prefix, self.what = indent + (f"{ordered[1]}) " if ordered[0] else "- "), "list item (<li>)"
            ordered[1] += 1
        elif tag == "hr":
            self.out.drop(self._source(element), "horizontal rule (<hr>)")
        elif tag == "a" and element.get("href") and not element.get("href").startswith(("#", "javascript:")):
            self.out.links.append((tidy(element.text_content()), element.get("href")))

    def _end(self, element) -> int:
        import lxml.html

        return self._source(element) + lxml.html.tostring(element, encoding=str, with_tail=False).count("\n")

    def _skip(self, element, what: str) -> None:
        start = self._source(element)
        end = self._end(element) if isinstance(element.tag, str) else start
        for number in range(start, end + 1):
            self.out.drop(number, f"page furniture (<{what}>)" if what not in ("figure caption", "comment", "code block") else what)
        self._text(element.tail, element)

    def _post_header(self, element) -> None:
        """A forum post begins with its author's name in brackets, the way the cleaner reads a thread
        ("[magma_fan]"): a post with headings is the translator's, one without is a reply."""
        for path in AUTHOR_PATHS:
            found = element.xpath(path)
            name = tidy(found[0].text_content()) if found else ""
            if 2 <= len(name) <= 40:
                self.out.blank(self._source(element))
                self.out.add(f"[{name}]", self._source(found[0]), markup="forum post author")
                self.out.blank(self._source(element))
                return

    def _row(self, element) -> None:
        cells = [tidy(cell.text_content()) for cell in element if isinstance(cell.tag, str) and cell.tag in ("td", "th")]
        if any(cells):
            self.out.add(
                table_row(cells), self._source(element), markup="table row (<tr>)", through=self._end(element)
            )
        self._text(element.tail, element)

    def _quoted_post(self, element) -> bool:
        """<blockquote> with a <cite> or a first line "X escribió:" is another member's post: it goes."""
        cite = element.find(".//cite")
        first = tidy((element.text_content() or "").split("\n")[0] if element.text_content() else "")
        author = tidy(cite.text_content()).rstrip(":") if cite is not None else ""
        found = QUOTE_AUTHOR.match(author or first)
        if not (found or element.get("cite") or "quote" in (element.get("class") or "")):
            return False
        name = found.group(1) if found else author or "quote"
        for number in range(self._source(element), self._end(element) + 1):
            self.out.drop(number, f"quoted post ({name})")
        self._text(element.tail, element)
        return True
