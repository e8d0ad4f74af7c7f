"""The proof page: one self-contained HTML file that shows each raw line beside what became of it.

output/<game>/<game>-proof.html: the raw text line by line (anchors #L123 that error messages can point at)
with its fate — kept as rules, flavour, note or credit, dropped (greyed, with the reason), corrected
(old → new, with the correction's entry), joined — under the heading of the section it landed in; an
outline of the section tree (id, kind, the sheets that print it) that scrolls to each section; glossary
hits with their English names; and the warnings (stale corrections, missing glyphs, suspected typos).
No network, inline CSS, a few lines of JS. Plain data in, a string out: no spaCy or reportlab here.
"""
from __future__ import annotations

import html
import re
from collections import Counter
from dataclasses import dataclass

from pipeline.desk import likely_typos
from pipeline.desk.typos import Typo
from pipeline.model import CleanText, Document, RawText, Section
from pipeline.modelkinds import CleaningAction
from pipeline.project import Project, load_raw
from pipeline.structure import SplitOptions

# Fates a raw line can have, as the page labels and colours them.
FATES = ("rules", "flavor", "note", "credit", "drop", "duplicate", "correct", "join", "markup", "blank")
TAGGED_FATES = ("rules", "flavor", "note", "correct", "join")
_LINE_REF = re.compile(r"(?:raw\.(?:txt|md|html|pdf|docx|odt|epub|rtf):|\bline )(\d+)")

CSS = """
body{font:14px/1.4 system-ui,sans-serif;margin:0;color:#222;background:#fff}
header{padding:.6em 1em;background:#243b53;color:#fff}header h1{font-size:1.2em;margin:0}
header p{margin:.2em 0 0;font-size:.9em;opacity:.85}header a{color:inherit}
#layout{display:flex;align-items:flex-start}
nav{position:sticky;top:0;max-height:100vh;overflow:auto;width:22em;flex:none;padding:.5em;border-right:1px solid #ccc;
background:#f6f8fa;font-size:12px;box-sizing:border-box}
nav a{display:block;text-decoration:none;color:#1d4ed8;padding:1px 0;overflow-wrap:anywhere}nav a:hover{text-decoration:underline}
nav .meta{color:#666}main{flex:1;min-width:0;padding:0 1em 100vh}
section.warnings{margin:.8em 0;padding:.5em .8em;border:1px solid #e0b040;background:#fff8e1}
section.warnings summary{font-weight:600;cursor:pointer}section.warnings li{margin:.15em 0}
section.warnings ul{columns:2;margin:.3em 0}
table{border-collapse:collapse;width:100%}td{vertical-align:top;padding:1px 6px;border-bottom:1px solid #eee}
td.n{text-align:right;color:#888;width:3.5em;font-variant-numeric:tabular-nums}td.n a{color:inherit;text-decoration:none}
td.raw{white-space:pre-wrap;word-break:break-word;font-family:ui-monospace,monospace;font-size:12.5px}
td.fate{width:32%;font-size:12px;color:#444}
tr.section td{background:#e8eef7;font-weight:600;padding-top:.6em;border-bottom:1px solid #9db}
tr.section .meta{font-weight:400;color:#555;font-size:12px}
tr.drop td.raw,tr.duplicate td.raw{color:#999;text-decoration:line-through}
tr.flavor td.raw{color:#7a4d9c;font-style:italic}tr.note td.raw{color:#8a6d00}tr.credit td.raw{color:#0f766e}
tr.unsure td.n{background:#fde68a}tr.correct td.fate{color:#b45309}tr.join td.fate{color:#555}
tr:target td{background:#fff3b0}tr.section:target td{background:#ffe58a}
mark.term{background:#dbeafe;border-radius:2px}mark.term::after{content:" ‹" attr(data-en) "›";font-size:.8em;color:#1d4ed8}
mark.typo{background:none;text-decoration:underline wavy #dc2626}
.label{display:inline-block;min-width:5.5em;font-weight:600}
#filters{margin:.5em 0}#filters button{margin-right:.3em}
body.only-changes tr.rules:not(.section),body.only-changes tr.blank{display:none}
"""

JS = """document.getElementById('changes').onclick=function(){document.body.classList.toggle('only-changes');
this.textContent=document.body.classList.contains('only-changes')?'Show every line':'Show only dropped and changed lines';};"""


@dataclass(frozen=True)
class LineFate:
    fate: str  # one of FATES
    said: str  # what the page says beside the line (plain text)


def line_fates(raw: RawText, cleaned: CleanText) -> dict[int, list[LineFate]]:
    """Every raw line's fate: from the cleaning report, else from the kind of cleaned line that carries it."""
    fates: dict[int, list[LineFate]] = {}
    corrected = {line.first: line for line in cleaned.corrected}
    converted: dict[int, list[LineFate]] = {}  # what a conversion made of a line: said beside its fate, not instead
    for record in cleaned.report:
        if record.action == CleaningAction.MARKUP:
            converted.setdefault(record.line, []).append(LineFate("markup", record.reason))
        elif record.action == CleaningAction.CORRECT:
            change = corrected.get(record.line)
            said = f"{record.reason}" + (f" — now: {change.after}" if change is not None else "")
            fates.setdefault(record.line, []).append(LineFate("correct", said))
        else:
            fates.setdefault(record.line, []).append(LineFate(record.action, record.reason))
    for line in cleaned.lines:
        for number in range(line.first, line.last + 1):
            if number not in fates:
                kind = {"text": "rules"}.get(line.kind, line.kind)
                fates[number] = [LineFate(kind if line.text.strip() else "blank", "")]
    for number, conversion in converted.items():
        fates.setdefault(number, []).extend(conversion)
    for number, text in enumerate(raw.original_lines, start=1):
        fates.setdefault(number, [LineFate("blank" if not text.strip() else "drop", "" if not text.strip() else "not in the cleaned text")])
    return fates


def _section_starts(document: Document) -> dict[int, list[Section]]:
    starts: dict[int, list[Section]] = {}
    for section in document.sections:
        starts.setdefault(section.first, []).append(section)
    return starts


def _terms_by_line(document: Document) -> dict[int, dict[str, str]]:
    """raw line -> {surface form: English name} of the glossary hits of the blocks (and titles) on that line."""
    found: dict[int, dict[str, str]] = {}
    for section in document.sections:
        for hit in section.title_terms:
            found.setdefault(section.first, {})[section.title[hit.start:hit.end]] = hit.en
        for block in section.blocks:
            for hit in block.terms:
                surface = block.text[hit.start:hit.end]
                for number in range(block.first, block.last + 1):
                    found.setdefault(number, {})[surface] = hit.en
    return found


def _whole_word(surface: str, text: str):
    """(start, end) of each occurrence of `surface` in `text` with no word character either side, left to right
    and not overlapping: what finditer of (?<!\\w)surface(?!\\w) gives, without compiling a pattern per term
    (a game has more terms and typos than `re` keeps compiled)."""
    start, size = text.find(surface), len(surface)
    while start >= 0:
        end = start + size
        before, after = text[start - 1:start], text[end:end + 1]
        if not _is_word_char(before) and not _is_word_char(after):
            yield start, end
            start = text.find(surface, end)
        else:
            start = text.find(surface, start + 1)


def _is_word_char(char: str) -> bool:
    return bool(char) and (char.isalnum() or char == "_")  # re's \w on str


def _marked(text: str, terms: dict[str, str], typos: dict[str, Typo]) -> str:
    """The line as HTML: escaped, with glossary hits and suspected typos marked."""
    spans: list[tuple[int, int, str]] = []
    for surface, english in sorted(terms.items(), key=lambda item: -len(item[0])):
        for start, end in _whole_word(surface, text):
            shown = html.escape(english)
            spans.append((start, end, f'<mark class="term" title="{shown}" data-en="{shown}">'))
    for word, typo in typos.items():
        for start, end in _whole_word(word, text):
            hint = "did you mean: " + ", ".join(typo.suggestions) if typo.suggestions else "unknown word"
            spans.append((start, end, f'<mark class="typo" title="{html.escape(hint)}">'))
    out, position = [], 0
    for start, end, opening in sorted(spans):
        if start < position:
            continue  # overlapping marks: the first (longest term) wins
        out.append(html.escape(text[position:start]))
        out.append(f"{opening}{html.escape(text[start:end])}</mark>")
        position = end
    out.append(html.escape(text[position:]))
    return "".join(out)


def _linked(message: str, raw_path: str) -> str:
    """A warning as HTML, its raw.txt line numbers made links to the line's anchor."""
    escaped = html.escape(message)
    if raw_path.rsplit("/", 1)[-1] not in message and "line " not in message:
        return escaped
    return _LINE_REF.sub(lambda m: f'<a href="#L{m.group(1)}">{m.group(0)}</a>', escaped)


def proof_html(
    raw: RawText, cleaned: CleanText, document: Document, *, printed_by: dict[str, set[str]], warnings: list[str], typos: list[Typo],
    unsure: dict[int, float] | None = None,
) -> str:
    """The whole proof page. `printed_by`: sheet name -> ids of the sections it prints; `unsure`: raw line -> the
    line labeller's probability that it opens a section, for the lines it is unsure of (split.headings)."""
    unsure = unsure or {}
    game = document.game
    fates = line_fates(raw, cleaned)
    starts = _section_starts(document)
    terms = _terms_by_line(document)
    typos_by_line: dict[int, dict[str, Typo]] = {}
    for typo in typos:
        typos_by_line.setdefault(typo.line, {})[typo.word] = typo
    sheets_of = {section.id: [name for name, ids in printed_by.items() if section.id in ids] for section in document.sections}
    lines = raw.original_lines  # the report's and the sections' line numbers count the file's own lines
    counts = Counter(fate.fate for number in range(1, len(lines) + 1) for fate in fates.get(number, []))
    summary = ", ".join(f"{counts[fate]} {fate}" for fate in FATES if counts[fate])
    parts = [
        "<!DOCTYPE html>",
        '<html lang="es"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{html.escape(game.title_es)} — proof</title>",
        f"<style>{CSS}</style></head><body>",
        f"<header><h1>{html.escape(game.title_es)} — proof of {html.escape(raw.path)}</h1>",
        f"<p>{len(lines)} raw lines: {html.escape(summary)}. {len(document.sections)} sections. "
        f"Sheets: {html.escape(', '.join(printed_by) or 'none')}."
        + (f' <a href="#typos">{likely_typos(html.escape(game.id), len(typos), command="<code>{}</code>")}</a>.' if typos else "")
        + "</p></header>",
        '<div id="layout">',
        _outline(document, sheets_of),
        "<main>",
        _warnings(warnings, typos, raw.path),
        '<div id="filters"><button id="changes" type="button">Show only dropped and changed lines</button></div>',
        '<table id="lines"><tbody>',
    ]
    for number, text in enumerate(lines, start=1):
        for section in starts.get(number, []):
            parts.append(_section_row(section, sheets_of[section.id]))
        line_fates_ = fates.get(number, [])
        main_fate = line_fates_[0].fate if line_fates_ else "rules"
        said = "; ".join(_fate_text(fate) for fate in line_fates_ if fate.said or fate.fate not in ("rules", "blank"))
        row_class = main_fate + (" unsure" if number in unsure else "")
        if number in unsure:
            said = "; ".join(part for part in (said, _doubt(unsure[number], opens=number in starts)) if part)
        # Terms are tagged in the text the sheets print: a dropped line shows none.
        hits = terms.get(number, {}) if main_fate in TAGGED_FATES else {}
        marked = _marked(text, hits, typos_by_line.get(number, {}))
        parts.append(
            f'<tr id="L{number}" class="{row_class}"><td class="n"><a href="#L{number}">{number}</a></td>'
            f'<td class="raw">{marked}</td><td class="fate">{said}</td></tr>'
        )
    parts += ["</tbody></table></main></div>", f"<script>{JS}</script>", "</body></html>", ""]
    return "\n".join(parts)


def _doubt(probability: float, *, opens: bool) -> str:
    """What the page says beside a line the line labeller is unsure of, and the game.yaml hint that settles it."""
    doubt = (
        f"{'opens a section' if opens else 'kept as text'}, though the line labeller gives it {probability:.0%} of opening"
        f" one: {'options.split.not_headings' if opens else 'options.split.chapters'} in game.yaml settles it"
    )
    return f'<span class="label">unsure</span> {html.escape(doubt)}'


def _fate_text(fate: LineFate) -> str:
    label = {"drop": "dropped", "duplicate": "duplicate", "correct": "corrected", "join": "joined", "flavor": "flavour",
             "note": "note", "credit": "credit", "rules": "kept", "markup": "markup"}.get(fate.fate, fate.fate)
    return f'<span class="label">{label}</span> {html.escape(fate.said)}'


def _section_row(section: Section, sheets: list[str]) -> str:
    meta = f"[{section.kind}] {section.id}" + (f" — printed on: {', '.join(sheets)}" if sheets else " — on no sheet")
    indent = "\u2003" * (section.level - 1)
    return (
        f'<tr id="s-{html.escape(section.id)}" class="section {section.kind}"><td class="n"></td>'
        f'<td colspan="2">{indent}{html.escape(section.title)} <span class="meta">{html.escape(meta)}</span></td></tr>'
    )


def _outline(document: Document, sheets_of: dict[str, list[str]]) -> str:
    items = ['<nav aria-label="Sections"><strong>Sections</strong>']
    for section in document.sections:
        indent = f"padding-left:{(section.level - 1) * 0.9:.1f}em"
        sheets = ", ".join(sheets_of[section.id]) or "no sheet"
        items.append(
            f'<a href="#s-{html.escape(section.id)}" style="{indent}" '
            f'title="{html.escape(section.id)} · lines {section.first}-{section.last}">'
            f'{html.escape(section.title)} <span class="meta">[{section.kind}] {html.escape(section.id)} · {html.escape(sheets)}</span></a>'
        )
    items.append("</nav>")
    return "\n".join(items)


def _warnings(warnings: list[str], typos: list[Typo], raw_path: str) -> str:
    """The warnings, open; the suspected typos below them, folded (they can be many)."""
    parts = ['<section class="warnings">']
    if warnings:
        items = "".join(f"<li>{_linked(message, raw_path)}</li>" for message in warnings)
        parts.append(f'<details open><summary>Warnings ({len(warnings)})</summary><ul>{items}</ul></details>')
    else:
        parts.append("<p>No warnings.</p>")
    if typos:
        rows = []
        for typo in typos:
            hint = f" → {', '.join(typo.suggestions)}" if typo.suggestions else ""
            times = f" (×{typo.count})" if typo.count > 1 else ""
            word = html.escape(typo.word)
            rows.append(f'<li><a href="#L{typo.line}">line {typo.line}</a>: <b>{word}</b>{html.escape(hint + times)}</li>')
        parts.append(f'<details id="typos"><summary>Suspected typos ({len(typos)}): candidates, see <code>refsheets typos</code></summary>'
                     f'<ul>{"".join(rows)}</ul></details>')
    parts.append("</section>")
    return "".join(parts)


def game_proof(
    project: Project, game_id: str, *, cleaned: CleanText, document: Document, printed_by: dict[str, set[str]], warnings: list[str],
    options: SplitOptions,
) -> tuple[str, int]:
    """The proof page of one game, its suspected typos found and marked; and how many there are (the build says it)."""
    from pipeline.desk.typos import find_typos
    from pipeline.split.headings import unsure_headings

    raw = load_raw(project, game_id)
    typos = find_typos(cleaned, project=project, game_id=game_id)
    unsure = unsure_headings(cleaned, options)  # the game's heading hints, as the build read them
    return proof_html(raw, cleaned, document, printed_by=printed_by, warnings=warnings, typos=typos, unsure=unsure), len(typos)
