"""Compiled patterns and limits of heading recognition: data only, shared by the styles, the context rules and blocks."""
from __future__ import annotations

import re

CHAPTER = re.compile(r"^(?:Cap[íi]tulo|CAP[ÍI]TULO|Chapter|Parte|PARTE)\s+\w+\s*[:.\-–]?\s+\S")
PAGE = re.compile(r"^P[áa]gina\s+(\d+)(?:\s*y\s*\d+)?\s*(?:[-–—:]\s*(.*))?$", re.IGNORECASE)
NUMBERED = re.compile(r"^(\d+(?:\.\d+)*)\.\s+(\S.*)$")
LETTERED = re.compile(r"^([a-z])[.)]\s+(\S.*)$")
TABLE_CAPTION = re.compile(r"^(?:Tabla|TABLA|Table|TABLE)\s+\d+\s*[-–—]?\s*\d*\s*:")
BULLET = re.compile(r"^\s*(?:[-•*+·▪–]\s*|\d+[)º]\s+|[a-z]\)\s+)")
# A translator's remark inside a heading is not part of its title: "(n del t. es un término...)".
TRANSLATOR_REMARK = re.compile(r"\s*\(\s*n\.?\s*del?\s*t\b.*$", re.IGNORECASE)
TRAILING_PAREN = re.compile(r"\s*\([^()]*\)\s*$")
BILINGUAL = re.compile(r"^[\"'“”‘’]?[A-ZÁÉÍÓÚÑ][\w\-]*(?: [\w\-]+)*/[\w\-]+(?: [\w\-]+)*[\"'“”‘’]?$")
QUOTED_NAME = re.compile(r"^[\"'“‘]")
QUOTES = "\"'“”‘’«»"
# A title that asks a question or names an optional rule ("Combate cercano? (regla opcional)",
# "¿Y si juegas solo?") qualifies the section it sits in rather than opening a new topic.
MINOR_TITLE = re.compile(r"\?\s*(?:\([^()]*\))?$|\([^()]*\b(?:opcional|optativa|variante|optional|variant)\b[^()]*\)$", re.IGNORECASE)

MAX_TITLE_WORDS = 9
MAX_TITLE_CHARS = 80
REPEATED_LABEL = 3  # a heading title seen this often is a sub-block label ("BÁSICA:")
