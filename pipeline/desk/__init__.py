"""The translator's desk: what the command line shows a person (console), the proof page and typo candidates."""
