"""Compiled patterns and limits of heading recognition: data only, shared by the styles, the context rules and blocks."""
from __future__ import annotations

import re

# Structure as ingest/ writes it for every marked-up source: "## Title", "**Run-in.** text".
MARKUP_HEADING = re.compile(r"^(#{1,6})\s+(\S.*?)\s*#*$")
# "**Combate.** El atacante…" as the readers write a bold lead; in a text typed so, the stop may stand outside ("**Combate**. …").
BOLD_RUN_IN = re.compile(r"^\*\*([^*]{1,120}?)\*\*(?P<stop>\.(?!\.))?\s+(?P<rest>\S.*)$")
# "1ª fase: Navegación", "2.º paso - Abordaje", "Fase 3: Mercado": an ordinal step of the turn or the rules.
ORDINAL = re.compile(
    r"^(?:\d{1,2}\s*\.?\s*[ªºa°]\s*(?:fase|parte|ronda|etapa|paso|acción|turno)|(?:Fase|Paso|Etapa|Ronda|Parte)\s+\d{1,2})\b\s*[:.\-–—]?\s*(.*)$",
    re.IGNORECASE,
)
# "El turno", "La fase de acción", "Los dados", "Las jugadas del Mus": an article and a noun phrase (its last noun
# may be a name), nothing a sentence needs.
ARTICLE_TITLE = re.compile(
    r"^(?:El|La|Los|Las)\s+[a-záéíóúñü]{3,}(?:\s+(?:de|del|de la|de los|de las)\s+[A-ZÁÉÍÓÚÑa-záéíóúñü][a-záéíóúñü]{2,})?:?$"
)
# "Cómo se juega:", "Qué necesitas": an accented interrogative opens a heading, not a sentence.
INTERROGATIVE_TITLE = re.compile(r"^(?:Cómo|Qué|Cuándo|Dónde|Quién(?:es)?|Cuál(?:es)?|Cuánt[oa]s?)\s")
QUESTION = re.compile(r"^¿[^?¿]{3,120}\?$")
CHAPTER = re.compile(r"^(?:Cap[íi]tulo|CAP[ÍI]TULO|Chapter|Parte|PARTE)\s+\w+\s*[:.\-–]?\s+\S")
# A page break with no title: "===== PAGINA 3 =====", "- 3 -", "Página 3" (OCR and PDF copies).
PAGE_MARKER = re.compile(
    r"^(?:=+\s*P[ÁA]GINA\s+(\d+)\s*=+|[-–—]\s*(\d{1,3})\s*[-–—]|P[áa]g(?:ina|\.)?\s*(\d+)(?:\s*(?:de|/)\s*\d+)?)$", re.IGNORECASE
)
PAGE = re.compile(r"^P[áa]gina\s+(\d+)(?:\s*y\s*\d+)?\s*(?:[-–—:]\s*(.*))?$", re.IGNORECASE)
# "2. Fase", "2.1. Fase" and, an outline of two levels or more, "2.1 Fase" (no final stop; "2 jugadores" is no outline).
NUMBERED = re.compile(r"^(\d+(?:\.\d+)+|\d+(?=\.))\.?\s+(\S.*)$")
# "2.- Tipos de cartas:": an old plain text's outline entry.
NUMBERED_DASH = re.compile(r"^(\d{1,2})\.-\s*(\S.*)$")
# "2 COMPONENTES": a chapter number and a title in capitals, no stop between (a PDF's numbered chapters).
NUMBERED_CAPS = re.compile(r"^(\d{1,2})\s+([A-ZÁÉÍÓÚÑÜ]{2,}(?:\s+[A-ZÁÉÍÓÚÑÜ]{1,})*\s*:?)$")
# "IV. DESARROLLO DE LA PARTIDA": a chapter numbered in Roman numerals (I to XXXIX; "C." is a letter).
ROMAN = re.compile(r"^((?=[IVX])X{0,3}(?:IX|IV|V?I{0,3}))\.\s+(\S.*)$")
PAREN_NUMBERED = re.compile(r"^(\d{1,2})\)\s+(\S.*)$")  # "2) Juega una carta": an ordered list's item as the readers write it
LETTERED = re.compile(r"^([a-z])[.)]\s+(\S.*)$")
# "ii-Atacar…", "iv. Comprar cartas", "v) Construir": a list numbered in small roman numerals, the marker stuck to its
# item's capital or spaced from it (a lone "i" or "v" opens no Spanish sentence; "vi. …" or "x) …" before a capital neither).
ROMAN_ITEM = re.compile(r"^(i{1,3}|iv|vi{0,3}|ix|x)\s?[-.)]\s*(?=[A-ZÁÉÍÓÚÑ¿¡])(\S.*)$")
# "A. Fase de tormenta": a step lettered in capitals (a Roman numeral is tried first).
CAPITAL_LETTERED = re.compile(r"^([A-H])\.\s+(\S.*)$")
TABLE_CAPTION = re.compile(r"^(?:Tabla|TABLA|Table|TABLE)\s+\d+\s*[-–—]?\s*\d*\s*:")
# "Las cartas siguen este patrón:": a line that announces what follows (a drawing, a list). When what it announces
# goes (a drawing the sheet does not print, chatter), it would announce nothing: ingest/lines.py `left_out`,
# clean/leadins.py.
LEAD_IN = re.compile(r"\w[)\"'”»]?\s*:\s*$")
# "Potencia requerida = masa x dificultad", "dado ≤ nivel de radiación × años": a relation between terms.
RELATION = re.compile(r"(?<![-<>=])(=|≤|≥|<=|>=)(?![>=])")
# ...a formula, no title: a relation with words on both sides ("resultado total = puntos de efecto").
FORMULA = re.compile(r"[^\W\d_].*?(?<![-<>=])(?:=|≤|≥|<=|>=)(?![>=]).*?[^\W\d_]")
# A list marker; "**Edad:** 5 años" opens with bold, not with a star.
BULLET = re.compile(r"^\s*(?:[-•+·▪–]\s*|\*(?!\*)\s*|\d+[)º]\s+|[a-z]\)\s+)")
TRAILING_PAREN = re.compile(r"\s*\([^()]*\)\s*$")
# "Juego de Tronos (traducción no oficial)": what the document is, said in a heading; neither the translator's
# note nor a word of the title. Only the words such a remark is made of, and one of them the translation.
# Each word, number or mark is taken whole and for good (an atomic group, repeated possessively): "1.2" read as
# one number or as "1", ".", "2" made a failing match try every split, twice the time per number on the line.
TRANSLATION_REMARK = re.compile(
    r"\s*\((?=[^()]*\btradu)(?>\s*(?:\b(?:traducci[óo]n|traducid[oa]s?|reglas|reglamento|manual|complet[oa]|oficial|no|al|del?"
    r"|las?|los|en|para|castellano|espa[ñn]ol|fans?|aficionados|amateur|casera|libre|versi[óo]n|v?\d+(?:\.\d+)*|y)\b|[,.;:–-]))++\s*\)\s*$",
    re.IGNORECASE,
)
BILINGUAL = re.compile(r"^[\"'“”‘’]?[A-ZÁÉÍÓÚÑ][\w\-]*(?: [\w\-]+)*/[\w\-]+(?: [\w\-]+)*[\"'“”‘’]?$")
QUOTED_NAME = re.compile(r"^[\"'“‘]")
QUOTES = "\"'“”‘’«»"
# A title that asks a question or names an optional rule ("Combate cercano? (regla opcional)",
# "¿Y si juegas solo?") qualifies the section it sits in rather than opening a new topic.
MINOR_TITLE = re.compile(r"\?\s*(?:\([^()]*\))?$|\([^()]*\b(?:opcional|optativa|variante|optional|variant)\b[^()]*\)$", re.IGNORECASE)

# "Reglas del juego", "Reglamento de referencia", "Preguntas frecuentes y erratas de cartas" under the game's name:
# what the document is, not a section.
SUBTITLE = re.compile(
    r"^(?:(?:las\s+)?reglas(?:\s+del\s+juego)?|reglamento(?:\s+(?:del\s+juego|completo|de\s+referencia))?"
    r"|manual(?:\s+de\s+(?:instrucciones|reglas|juego))?|instrucciones|libro\s+de\s+reglas"
    r"|(?:preguntas\s+frecuentes|faq)(?:\s+y\s+(?:erratas|aclaraciones))?(?:\s+de\s+(?:las\s+)?(?:cartas|reglas))?"
    r"|(?:fe\s+de\s+)?erratas\s+y\s+(?:preguntas\s+frecuentes|faq|aclaraciones)(?:\s+de\s+(?:las\s+)?(?:cartas|reglas))?)\s*[:.]?$",
    re.IGNORECASE,
)

MAX_TITLE_WORDS = 9
MAX_TITLE_CHARS = 80
REPEATED_LABEL = 3  # a heading title seen this often is a sub-block label ("BÁSICA:")
# A line that is only an example's label ("Ejemplo:", "**Ejemplos**", "Por ejemplo:", "Ej.:", "Ejemplo 2:"): it opens
# a worked example inside its section (sheets/quickref/examples.py), never a section of its own.
EXAMPLE_LABEL = re.compile(r"^\W*(?:por\s+)?(?:ejemplos?|ej\.?)(?:\s+\d{1,2})?\W*$", re.IGNORECASE)
# A credits section's title ("Créditos de la traducción", "Agradecimientos"): the section kind's (split/kinds.py),
# and the cleaner's for a title over nothing but credit lines.
CREDITS_TITLE = re.compile(r"^(?:cr[ée]ditos|agradecimientos|traducci[óo]n|sobre esta traducci[óo]n)\b", re.IGNORECASE)
