"""The keys of stage results (a game cleaned and split, a game tagged), kept in the project's store by content.

A key hashes the tool (its code and library versions) and every input file the stage reads, as a
sheet key does, so a correction re-runs only its game's stages, a glossary change re-tags without
re-cleaning and a template change re-typesets without either. The results are entries of the project's
store (pipeline/store.py), of kind the stage and group the game, made through `store.memoized`.
"""
from __future__ import annotations

from pipeline.build.keys import ABSENT, file_digest, is_input_file, tool_fingerprint
from pipeline.project import Project
from pipeline.store import digest

SPLIT, TAG = "split", "tag"  # the game cleaned and split; the same document tagged with its glossaries
UNCORRECTED = "uncorrected"  # the game cleaned but for its corrections: what a correction does not change
GLOSSARY = "glossary"  # not a stage of its own: the key of a game's glossaries, under which texts' hits are reused


def stage_key(project: Project, game_id: str, stage: str) -> str:
    """Hash of the tool and the files `stage` reads: the game's folder, and for TAG its two glossaries too
    (GLOSSARY: the glossaries alone, what a text's hits depend on besides the text; UNCORRECTED: the folder but
    its corrections.yaml)."""
    inputs = {}
    if stage != GLOSSARY:
        folder = project.game_dir(game_id)
        inputs = {
            project.display(path): file_digest(path) for path in sorted(folder.iterdir())
            if is_input_file(path) and not (stage == UNCORRECTED and path.name == "corrections.yaml")
        }
    if stage in (TAG, GLOSSARY):
        for name in ("common.yaml", f"{game_id}.yaml"):
            path = project.glossaries / name
            inputs[project.display(path)] = file_digest(path) if path.is_file() else ABSENT
    return digest({"tool": tool_fingerprint(), "game": game_id, "stage": stage, "inputs": inputs})
