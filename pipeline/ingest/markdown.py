"""Markdown -> structural plain text, with markdown-it-py (CommonMark, tables): headings, items, tables,
quotes, links and images become what they mean; front matter gives the title and goes.

Block tokens carry their source lines (`token.map`), so every written line keeps its original line and
every line that gave nothing (front matter, a rule `---`, a setext underline) is reported as markup.
"""

from __future__ import annotations

import re

from pipeline.ingest.blogmarks import is_caption, read_more, without_last_link
from pipeline.ingest.code import figure_or_code, is_code
from pipeline.ingest.inline import render
from pipeline.ingest.sniff import MD_INLINE
from pipeline.ingest.lines import IMAGE_NAME, QUOTE_AUTHOR, TOGGLE_LABEL, Converted, editorial_marks, table_row, tidy
from pipeline.model import CleaningRecord
from pipeline.modelkinds import CleaningAction

# YAML (---) or TOML (+++, Hugo) front matter.
FRONT_MATTER = re.compile(r"\A(---|\+\+\+)[ \t]*\n(.*?)\n\1[ \t]*(?:\n|\Z)", re.DOTALL)
FRONT_TITLE = re.compile(r"^title\s*[:=]\s*[\"']?(.*?)[\"']?\s*$", re.MULTILINE)
# "date: 2008-10-29T11:27:07+00:00" (Jekyll), "date = 2024-01-10" (Hugo): the day the post was published.
FRONT_DATE = re.compile(r"^date\s*[:=]\s*[\"']?(\d{4}-\d{2}-\d{2})(?!\d)", re.MULTILINE)
# "[^1]" marks a footnote; "[^1]: text" is the note. Written as the cleaner reads footnotes: "(1)".
FOOTNOTE_MARK = re.compile(r"\[\^(\w{1,8})\](?!:)")
FOOTNOTE_NOTE = re.compile(r"^\[\^(\w{1,8})\]:\s*", re.MULTILINE)
EMOJI = re.compile(r"(?<![\w:]):[a-z][a-z0-9_+-]{1,30}:(?![\w:])")
# Obsidian and wiki notes: "[[Invierno|cartas de invierno]]" reads "cartas de invierno", "==aguante==" is a
# highlight, "%% ... %%" a private comment, a line of "#tags" and an unticked to-do "- [ ] Revisar..." the
# author's own filing and reminders; "> [!tip] Consejo" (Obsidian, GitHub) opens a callout: the marker goes.
WIKILINK = re.compile(r"\[\[([^\[\]|\n]+?)(?:\|([^\[\]\n]+?))?\]\]")
HIGHLIGHT = re.compile(r"==(?=\S)([^=\n]+?)==")
NOTE_COMMENT = re.compile(r"%%.*?%%", re.DOTALL)
TAG_LINE = re.compile(r"^\s*#[^\s#][^\s]*(?:\s+#[^\s#][^\s]*)*\s*$")
# Reddit's superscript "^(¡sin piedad!)": its text, raised.
SUPERSCRIPT = re.compile(r"\^\(((?:[^()\n]|\([^()\n]*\))*)\)")
TODO = re.compile(r"^\s*[-*+]\s+\[ \]\s+\S")
TICKED = re.compile(r"^(\s*[-*+]\s+)\[[xX]\]\s+")
EMPHASIS = re.compile(r"(?<![\w*_])([*_])(?=[^\s*_]).+?(?<=[^\s*_])\1(?![\w*_])")  # "_Chindas se encuentra..._"
SUMMARY = re.compile(r"<summary\b[^>]*>.*?</summary>", re.DOTALL | re.IGNORECASE)
# An HTML block that states structure (a table, a list, a heading) is HTML, whatever Markdown its cells hold.
STRUCTURE_TAG = re.compile(r"<(?:table|tr|t[dh]|[uo]l|li|h[1-6]|pre|dl|dt|dd)\b", re.IGNORECASE)
TAG = re.compile(r"</?[A-Za-z][\w-]*(?:\s[^<>]*)?/?>|<!--.*?-->")
CALLOUT = re.compile(r"^(\s*>\s*)\[!\w+\][-+]?\s*(.*?)\s*$")


def _parser():
    from markdown_it import MarkdownIt

    return MarkdownIt("commonmark", {"html": True}).enable(["table", "strikethrough"])


def convert_markdown(text: str, out: Converted) -> None:
    """Write `text` (a Markdown document) into `out`."""
    front = FRONT_MATTER.match(text)
    if front:
        title = FRONT_TITLE.search(front.group(2))
        if title:
            out.title = title.group(1).strip()
        date = FRONT_DATE.search(front.group(2))
        out.date = date.group(1) if date else ""
        lines = front.group(0).count("\n") + (0 if front.group(0).endswith("\n") else 1)
        for number in range(1, lines + 1):
            out.drop(number, "front matter")
        text = "\n" * lines + text[front.end() :]  # blank lines in its place: token maps keep counting from 1
    text = _notes_markup(text, out)
    text = FOOTNOTE_NOTE.sub(lambda match: f"({match.group(1)}) ", text)
    text = EMOJI.sub("", FOOTNOTE_MARK.sub(lambda match: f" ({match.group(1)})", text))
    tokens = _parser().parse(text)
    _Walker(out).walk(tokens)


def _notes_markup(text: str, out: Converted) -> str:
    """A note-taking app's markup read as what it means (WIKILINK, HIGHLIGHT, ...); line numbers stay."""
    text = NOTE_COMMENT.sub(lambda match: "\n" * match.group(0).count("\n"), text)
    lines = text.split("\n")
    marks = editorial_marks(lines)
    for number, line in enumerate(lines, start=1):
        if TAG_LINE.match(line) and not line.lstrip().startswith("#!"):
            out.drop(number, "tags of a note (#...)")
            lines[number - 1] = ""
        elif TODO.match(line):
            out.drop(number, "an unticked to-do of the author (- [ ])")
            lines[number - 1] = ""
        elif number - 1 in marks and marks[number - 1][0] is None:
            out.drop(number, marks[number - 1][1])
            lines[number - 1] = ""
        else:
            line = TICKED.sub(r"\1", marks.get(number - 1, (line, ""))[0] or line)
            callout = CALLOUT.match(line)
            if callout:
                line = _callout(callout, lines, number, out)
            line = HIGHLIGHT.sub(r"\1", WIKILINK.sub(lambda match: match.group(2) or match.group(1), line))
            lines[number - 1] = SUPERSCRIPT.sub(r"\1", line)
    for number, original in enumerate(out.original, start=1):
        if "%%" in original and number <= len(lines) and not lines[number - 1].strip():
            out.drop(number, "a private comment of a note (%% ... %%)")
    return "\n".join(lines)


def _callout(found: re.Match[str], lines: list[str], number: int, out: Converted) -> str:
    """'> [!tip] Consejo' over '> Descansar...': one line '> **Consejo:** Descansar...', as a callout is written
    by hand (its label is no heading); the marker alone ('> [!NOTE]') just goes."""
    title = found.group(2).rstrip(":")
    following = lines[number] if number < len(lines) else ""
    if not title:
        return found.group(1)
    if not re.match(r"^\s*>\s*\S", following) or CALLOUT.match(following):
        return f"{found.group(1)}**{title}:**"
    lines[number] = ">"
    out.records[number + 1] = CleaningRecord(
        number + 1, CleaningAction.MARKUP, f"callout text written at line {number}", out.original[number]
    )
    return f"{found.group(1)}**{title}:** {following.lstrip(' >')}"


class _Walker:
    """Walks block tokens, keeping the list and quote context that decides how a line is written."""

    def __init__(self, out: Converted) -> None:
        self.out = out
        self.lists: list[list[int]] = []  # per open list: [ordered?, next number]
        self.quotes = 0  # open quotes kept as text
        self.row: list[str] = []
        self.row_line = 0

    def walk(self, tokens) -> None:  # one branch per token type, flat and in one place
        pending_heading = ""
        banner = False  # inside a setext "heading" that is a boxed banner
        skip_to = -1
        for index, token in enumerate(tokens):
            if index <= skip_to:
                continue
            line = token.map[0] + 1 if token.map else self.row_line
            kind = token.type
            if kind == "heading_open" and token.markup in ("=", "-") and token.map and token.map[1] - token.map[0] > 2:
                # A "heading" of several lines over a line of "=" is a banner boxed in rules (a chat export's
                # "=====" / "Guild: ..." / "Channel: ..." / "====="), not a title: its lines stay text.
                self.out.drop(token.map[1], "a rule under a banner")
                banner = True
            elif kind == "heading_open":
                pending_heading = "#" * int(token.tag[1])
                if token.markup in ("=", "-") and token.map:
                    self.out.drop(token.map[1], "setext heading underline")
            elif kind == "inline" and pending_heading:
                self.out.add(f"{pending_heading} {_plain(token, self.out)}", line, markup=f"heading ({pending_heading})")
                pending_heading = ""
            elif kind in ("bullet_list_open", "ordered_list_open"):
                self.lists.append([kind == "ordered_list_open", int(token.attrGet("start") or 1)])
            elif kind in ("bullet_list_close", "ordered_list_close"):
                self.lists.pop()
                self.out.blank(line)
            elif kind == "blockquote_open":
                skip_to = self._quote(tokens, index)
                self.quotes += skip_to == index  # kept: a callout ("> **Nota:** ..."), its bold is no heading
            elif kind == "blockquote_close":
                self.quotes -= 1
            elif kind == "tr_open":
                self.row, self.row_line = [], line
            elif kind == "inline" and tokens[index - 1].type in ("th_open", "td_open"):
                self.row.append(_plain(token, self.out))
            elif kind == "tr_close":
                self.out.add(table_row(self.row), self.row_line, markup="table row")
            elif kind == "thead_close":
                self.out.drop(self.row_line + 1, "table header underline")
            elif kind == "inline":
                self._paragraph(token, tokens[index - 2] if index >= 2 else None)
            elif kind == "heading_close" and banner:
                self.out.blank(line)
                banner = False
            elif kind == "paragraph_close" and not self.lists:
                self.out.blank(line)
            elif kind in ("fence", "code_block"):
                self._code(token, line)
            elif kind == "hr":
                self.out.drop(line, "horizontal rule")
                self.out.blank(line)
            elif kind == "html_block" and not STRUCTURE_TAG.search(token.content) and _markdown_text(TAG.sub("", token.content)):
                self._markdown_in_html(token.content, line)
            elif kind == "html_block":
                from pipeline.ingest.html import convert_fragment

                convert_fragment(token.content, self.out, first_line=line)

    def _markdown_in_html(self, content: str, line: int) -> None:
        """`<details markdown="block">` over "El trol ruge... **PG** 5.": a block of HTML whose text is Markdown (as
        kramdown and GitHub read it) is Markdown once its tags are out; a line of tags alone gave nothing."""
        content = SUMMARY.sub(lambda found: self._summary(found, content, line), content)
        texts = content.rstrip("\n").split("\n")
        for number, text in enumerate(texts, start=line):
            if text.strip() and not TAG.sub("", text).strip():
                self.out.drop(number, "html tag around Markdown")
        inner = "\n" * (line - 1) + "\n".join(TAG.sub("", text) for text in texts)
        _Walker(self.out).walk(_parser().parse(inner))

    def _code(self, token, line: int) -> None:
        """A code block: a program or a diagram goes whole (code.py), sentences set apart stay text."""
        lines = token.content.rstrip("\n").split("\n")
        fenced = token.type == "fence"
        first = line + fenced
        language = token.info.split()[0] if fenced and token.info.strip() else ""
        if is_code(lines, info=language):
            self.out.mark_lead_in(figure_or_code(lines, info=language))
            last = token.map[1] if fenced and token.map else first + len(lines) - 1  # a fence: its closing line too
            for number in range(line, last + 1):
                self.out.drop(number, f"code block ({language})" if language else "code block")
            return
        for number, code in enumerate(lines, start=first):
            self.out.add(code.rstrip(), number, markup="code block")

    def _quote(self, tokens, index: int) -> int:
        """A quote that names its author ("Pepe escribió:") is another member's post: it goes, reported as such.
        Returns the index of the last token to skip (`index` itself when the quote is kept as text)."""
        following = next((t for t in tokens[index + 1 :] if t.type == "inline"), None)
        author = QUOTE_AUTHOR.match(following.content.split("\n")[0].strip()) if following is not None else None
        if author is None:
            return index
        depth, end = 0, index
        for end in range(index, len(tokens)):
            depth += tokens[end].nesting if tokens[end].type.startswith("blockquote") else 0
            if depth == 0:
                break
        first, last = tokens[index].map or (0, 0)
        for number in range(first + 1, last + 1):
            self.out.drop(number, f"quoted post ({author.group(1).strip('*_ ')})")
        self.out.blank(last)
        return end

    def _paragraph(self, token, opener) -> None:
        first = token.map[0] + 1 if token.map else 1
        if self.lists and _anchor_only(token):
            self.out.contents_entry(first)  # "- [Componentes](#componentes)": the page's table of contents
            return
        if _anchor_only(token):  # "[regresar al contenido](#contenido)" after each section: the page's navigation
            self.out.drop(first, "site navigation (a link to a place on the page)")
            return
        if self.lists and _site_page_link(token):  # "- [Guía de inicio](README.md) - Para nuevos jugadores"
            self.out.drop(first, "site navigation (a link to another page of the site)")
            return
        pointer = read_more(token)  # "[Leer más](…)", "Si os ha gustado, pasaos por la entrada anterior. [Leer más »](…)"
        if pointer == "paragraph":
            for number in range(first, (token.map[1] if token.map else first) + 1):
                self.out.drop(number, "site navigation (a pointer to another post)")
            return
        if pointer == "link":
            without_last_link(token)  # "El combate se resuelve con dados. [Leer más](combate.md)": the rule stays
        in_item = bool(self.lists and opener is not None and opener.type == "list_item_open")
        lines = _lines(token, self.out, item=in_item or self.quotes > 0)
        marker = ""
        if in_item:
            ordered, number = self.lists[-1]
            marker = f"{number}) " if ordered else "- "
            self.lists[-1][1] += 1
            marker = "  " * (len(self.lists) - 1) + marker
        for offset, (text, what) in enumerate(lines):
            if not text and what in ("image", "caption of a picture"):
                self.out.drop(first + offset, what)
                continue
            prefix = marker if offset == 0 else ("  " * len(self.lists) if marker else "")
            markup = "list item" if marker and offset == 0 else what or "markdown"
            self.out.add(prefix + text, first + offset, markup=markup)

    def _summary(self, found: re.Match[str], content: str, line: int) -> str:
        """A <summary> that is a button's label ("Expandir para ver el ejemplo") goes, its lines kept as blank."""
        if not TOGGLE_LABEL.match(tidy(TAG.sub(" ", found.group(0)))):
            return found.group(0)
        first = line + content.count("\n", 0, found.start())
        for number in range(first, first + found.group(0).count("\n") + 1):
            self.out.drop(number, "page furniture (<summary>)")
        return "\n" * found.group(0).count("\n")


def _markdown_text(text: str) -> bool:
    return bool(MD_INLINE.search(text) or EMPHASIS.search(text))


def _anchor_only(token) -> bool:
    """An inline token that is nothing but one link to a place on the same page."""
    children = [child for child in token.children or [] if child.type != "text" or child.content.strip()]
    return (
        len(children) >= 3
        and children[0].type == "link_open"
        and (children[0].attrGet("href") or "").startswith("#")
        and children[-1].type == "link_close"
        and all(child.type == "text" for child in children[1:-1])
    )


RELATIVE_PAGE = re.compile(r"^(?![a-z][\w+.-]*:|#|/?images?/)[^\s?#]+(?:\.(?:md|html?)|/)$", re.IGNORECASE)


def _site_page_link(token) -> bool:
    """A list item that is mostly a link to another document of the same site or repository."""
    children = token.children or []
    href = next((child.attrGet("href") or "" for child in children if child.type == "link_open"), "")
    if not RELATIVE_PAGE.match(href):
        return False
    inside, label, total = False, 0, 0
    for child in children:
        inside = child.type == "link_open" or inside and child.type != "link_close"
        found = len(re.findall(r"\w+", child.content)) if child.type == "text" else 0
        label, total = label + found * inside, total + found
    return label * 2 >= total


def _plain(token, out: Converted) -> str:
    return " ".join(text for text, _ in _lines(token, out) if text).lstrip("# ")


def _lines(token, out: Converted, *, item: bool = False) -> list[tuple[str, str]]:
    """An inline token's lines (split at soft breaks) as (text, what its emphasis or image became)."""
    lines: list[list[tuple[str, bool]]] = [[]]
    images: list[int] = [0]  # per line: images seen, and -1 once it has text of its own
    plain: list[bool] = [False]  # per line: it has text outside emphasis (an italic line under a picture is its caption)
    bold = emphasis = 0
    struck = False
    href = ""
    label: list[str] = []
    for child in token.children or []:
        kind = child.type
        if kind in ("softbreak", "hardbreak"):
            lines.append([])
            images.append(0)
            plain.append(False)
        elif kind in ("s_open", "s_close"):
            struck = kind == "s_open"  # "~~Perdón por el formato~~": what the author struck out is not text
        elif struck and kind in ("text", "code_inline"):
            continue
        elif kind == "strong_open":
            bold += 1
        elif kind == "strong_close":
            bold -= 1
        elif kind in ("em_open", "em_close"):
            emphasis += 1 if kind == "em_open" else -1
        elif kind == "link_open":
            href, label = child.attrGet("href") or "", []
        elif kind == "link_close":
            if href and not href.startswith("#"):
                out.links.append((tidy("".join(label)), href))
            href = ""
        elif kind == "image":
            alt = tidy(child.content or "")
            images[-1] += images[-1] >= 0
            if alt and not IMAGE_NAME.search(alt):
                lines[-1].append((alt, bold > 0))
        elif kind in ("text", "code_inline"):
            lines[-1].append((child.content, bold > 0))
            images[-1] = -1 if child.content.strip() else images[-1]
            plain[-1] = plain[-1] or bool(child.content.strip() and not emphasis)
            if href:
                label.append(child.content)
        elif kind == "html_inline":
            continue  # <span>, <br>, <img>: a tag inside a Markdown line is only typography
    rendered: list[tuple[str, str]] = []
    for segments, image, unemphasised in zip(lines, images, plain):
        if image > 0:
            rendered.append(("", "image"))  # a line of images alone is a figure: alt text included, it goes
            continue
        if rendered and rendered[-1][1] == "image" and image < 0 and not unemphasised and is_caption(segments):
            rendered.append(("", "caption of a picture"))  # "*La caja del juego.*" right under it: its caption
            continue
        text, what = render(segments, item=item, leads=out.leads)
        rendered.append((text, what))
    return rendered
