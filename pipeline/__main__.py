"""`python -m pipeline ...` runs the refsheets command line (same as the `refsheets` script)."""
from pipeline.cli import run

run()
