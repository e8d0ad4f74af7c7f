"""Card sheets: the cards a recipe selects (select.py), planned (geometry, measure, plan) and drawn (draw.make_cards).

The entry point `draw.make_cards` is not re-exported here: checking a card recipe (recipe.py) imports this
package, and that must not import reportlab.
"""
from __future__ import annotations
