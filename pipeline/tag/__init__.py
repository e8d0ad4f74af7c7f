"""Tag stage: Document + Glossary -> Document whose sections carry TermHits (the Spanish terms and their English names)."""
from __future__ import annotations

from pipeline.tag.matcher import tag, tagger_for

__all__ = ["tag", "tagger_for"]
