"""refsheets: Spanish fan translations of board-game rules -> printable reference sheets."""

__version__ = "0.1.0"
