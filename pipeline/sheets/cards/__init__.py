"""Card sheets: the cards a recipe selects (select.py), planned (geometry, measure, plan) and drawn (draw.cards_with_set).

The entry point `draw.cards_with_set` is not re-exported here: checking a card recipe (recipe.py) imports this
package, and that must not import reportlab.
"""
from __future__ import annotations
