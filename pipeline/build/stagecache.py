"""The keys of stage results (a game cleaned and split, a game tagged), kept in the project's store by content.

A key hashes the tool (its code and library versions) and every input file the stage reads, as a
sheet key does, so a correction re-runs only its game's stages, a glossary change re-tags without
re-cleaning and a template change re-typesets without either. The results are entries of the project's
store (pipeline/store.py), of kind the stage and group the game, made through `store.memoized`.
"""
from __future__ import annotations

from pipeline.build.keys import game_inputs, tool_fingerprint
from pipeline.project import Project
from pipeline.store import digest

SPLIT, TAG = "split", "tag"  # the game cleaned and split; the same document tagged with its glossaries
UNCORRECTED = "uncorrected"  # the game cleaned but for its corrections: what a correction does not change
GLOSSARY = "glossary"  # not a stage of its own: the key of a game's glossaries, under which texts' hits are reused


def stage_key(project: Project, game_id: str, stage: str) -> str:
    """Hash of the tool and the files `stage` reads: for TAG the game's inputs (keys.game_inputs: its folder and
    its two glossaries), for SPLIT the folder alone, for UNCORRECTED the folder but its corrections.yaml, for
    GLOSSARY the glossaries alone (what a text's hits depend on besides the text)."""
    inputs = game_inputs(project, game_id)
    glossaries = {project.display(project.glossaries / name) for name in ("common.yaml", f"{game_id}.yaml")}
    if stage != TAG:
        corrections = project.display(project.game_dir(game_id) / "corrections.yaml") if stage == UNCORRECTED else None
        inputs = {path: found for path, found in inputs.items() if (path in glossaries) == (stage == GLOSSARY) and path != corrections}
    return digest({"tool": tool_fingerprint(), "game": game_id, "stage": stage, "inputs": inputs})
