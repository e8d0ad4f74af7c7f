"""Card sheets: the cards a recipe selects (select.py), planned and drawn as panels (draw.py)."""
from __future__ import annotations
