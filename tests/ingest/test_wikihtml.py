"""A wiki's page saved as HTML: its notes that say something kept as notes, its citations, infobox, navbox and
site header gone. The wording is our own."""

from __future__ import annotations

from pipeline.ingest.html import convert_html
from pipeline.ingest.lines import Converted

PAGE = """<html><body>
<div class="community-header"><a href="/">Ludoteca Wiki</a><span>1.204 páginas</span></div>
<div class="page-header"><h1>Molinos</h1></div>
<table class="infobox"><tr><th>Diseñador</th><td>Bruno Escalante</td></tr></table>
<p>Cada jugador toma 3 monedas.<sup class="reference"><a href="#cite_note-1">[1]</a></sup>
Es un juego de 2010.<sup class="reference"><a href="#cite_note-2">[2]</a></sup></p>
<h2>Fin</h2>
<p>Gana quien tenga más monedas.</p>
<div class="reflist"><ol class="references">
<li id="cite_note-1"><a href="#cite_ref-1">↑</a> <span class="reference-text">Con dos jugadores cada uno toma 5 monedas.</span></li>
<li id="cite_note-2"><a href="#cite_ref-2">↑</a> <span class="reference-text">Entrevista al autor, 2019.</span></li>
</ol></div>
<table class="navbox"><tr><th>Juegos de la editorial</th><td><a href="/a">Salinas</a> · <a href="/b">Ostras</a></td></tr></table>
</body></html>"""


def _lines(html: str) -> list[str]:
    out = Converted(original=html.split("\n"))
    convert_html(html, out)
    return [text for text in out.texts if text.strip()]


def test_a_wiki_note_that_says_something_is_kept_after_its_paragraph_and_a_citation_goes() -> None:
    lines = _lines(PAGE)
    assert lines[:3] == [
        "# Molinos",
        "Cada jugador toma 3 monedas. (1) Es un juego de 2010.",
        "(1) Con dos jugadores cada uno toma 5 monedas.",
    ]
    assert not any("Entrevista" in line or "[2]" in line for line in lines)


def test_a_wikis_site_header_infobox_and_navbox_go() -> None:
    text = "\n".join(_lines(PAGE))
    for furniture in ("Ludoteca Wiki", "páginas", "Bruno Escalante", "Juegos de la editorial", "Salinas"):
        assert furniture not in text
