"""Learned parts of the pipeline: models trained on annotated data in tests/, made by one command, committed as data."""
