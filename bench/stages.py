"""Per-stage CPU seconds of every game of a project, each stage run directly (no cache), in one process.

Run as `python bench/stages.py PROJECT`: prints one JSON object {stage: seconds}. The loads (the lemma table in
the word store, reportlab and the fonts) are timed apart from the work they make possible.
"""
from __future__ import annotations

import json
import sys
import time
from dataclasses import replace
from pathlib import Path


def main(root: Path) -> dict[str, float]:
    seconds: dict[str, float] = {}

    def timed(stage: str, function, *args, **kwargs):
        start = time.process_time()
        result = function(*args, **kwargs)
        seconds[stage] = seconds.get(stage, 0.0) + time.process_time() - start
        return result

    def imports():
        from pipeline.build.stages import merge_credits
        from pipeline.clean import clean
        from pipeline.clean.corrections import load_corrections
        from pipeline.project import Project, load_game, load_raw
        from pipeline.split import split
        from pipeline.tag.glossary import load_glossary

        return Project, load_game, load_raw, load_corrections, clean, split, merge_credits, load_glossary

    project_class, load_game, load_raw, load_corrections, clean, split, merge_credits, load_glossary = timed("imports (pipeline)", imports)
    from pipeline.tag.matcher import lemma_table, tag, tagger_for

    timed("open lemma table", lemma_table)

    def typesetting():
        import pipeline.sheets.cards.draw  # reportlab, as the renderers import it
        import pipeline.sheets.quickref.typeset  # noqa: F401
        from pipeline.sheets import render
        from pipeline.sheets.glyphs import cover_layout

        return render, cover_layout

    render, cover_layout = timed("load reportlab", typesetting)
    project = project_class(root)
    for game_id in project.game_ids():
        config = timed("read game.yaml (and its templates), raw.txt, corrections", load_game, project, game_id)
        raw = timed("read game.yaml (and its templates), raw.txt, corrections", load_raw, project, game_id)
        path = project.sources / game_id / "corrections.yaml"
        corrections = timed("read game.yaml (and its templates), raw.txt, corrections", load_corrections, path, display=str(path))
        cleaned = timed("clean", clean, raw, corrections=corrections, options=config.clean, split_options=config.split)
        document = timed("split", split, cleaned, game=config.game, options=config.split)
        document = replace(document, credits=merge_credits(cleaned.credits, config.game.credits))
        glossary = timed("read glossaries", load_glossary, project.glossaries, game_id, display_root=project.root)
        timed("build glossary trie", tagger_for, glossary)
        document = timed("tag", tag, document, glossary=glossary)
        paper = config.game.paper
        for sheet in config.sheets:
            layout = sheet.layouts[paper]
            sheet_document, _ = timed("map glyphs the font lacks", cover_layout, document, layout)
            timed(f"typeset {sheet.kind} sheets (fit search + render)", render, sheet_document, sheet=sheet, paper=paper)
    return {stage: round(value, 3) for stage, value in seconds.items()}


if __name__ == "__main__":
    print(json.dumps(main(Path(sys.argv[1]))))
