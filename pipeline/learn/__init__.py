"""Learning from annotated texts: the line labeller (features.py, labeller.py), its training (train.py) and the
annotations it learns from (annotations.py)."""
