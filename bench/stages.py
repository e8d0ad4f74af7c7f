"""Per-stage CPU seconds of every game of a project, each stage run directly (no cache), in one process.

Run as `python bench/stages.py PROJECT`: prints one JSON object {stage: seconds}. The loads (spaCy and
the lemma table, reportlab and the fonts) are timed apart from the work they make possible.
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
        from pipeline.clean.resources import CleanOptions
        from pipeline.project import Project, load_game, load_raw
        from pipeline.split import split
        from pipeline.structure import split_options
        from pipeline.tag.glossary import load_glossary

        return Project, load_game, load_raw, load_corrections, CleanOptions, clean, split, split_options, merge_credits, load_glossary

    project_class, load_game, load_raw, load_corrections, clean_options, clean, split, split_options, merge_credits, load_glossary = timed(
        "imports (pipeline)", imports
    )
    from pipeline.tag.matcher import spanish_nlp, tag, tagger_for

    timed("load spaCy tokenizer + lemma table", spanish_nlp)

    def typesetting():
        import pipeline.sheets.cards.draw  # noqa: F401 - reportlab, as the renderers import it
        import pipeline.sheets.quickref.flow  # noqa: F401
        from pipeline.sheets import render
        from pipeline.sheets.glyphs import cover_layout
        from pipeline.sheets.layout import load_layout

        return render, cover_layout, load_layout

    render, cover_layout, load_layout = timed("load reportlab", typesetting)
    project = project_class(root)
    for game_id in project.game_ids():
        game = timed("read game.yaml, raw.txt, corrections", load_game, project, game_id)
        raw = timed("read game.yaml, raw.txt, corrections", load_raw, project, game_id)
        path = project.sources / game_id / "corrections.yaml"
        corrections = timed("read game.yaml, raw.txt, corrections", load_corrections, path, display=str(path))
        options = clean_options.from_mapping(game.options.get("clean"), display=game_id)
        cleaned = timed("clean", clean, raw, corrections=corrections, options=options, split_options=split_options(game))
        document = timed("split", split, cleaned, game=game)
        document = replace(document, credits=merge_credits(cleaned.credits, game.credits))
        glossary = timed("read glossaries", load_glossary, project.glossaries, game_id, display_root=project.root)
        timed("build glossary trie", tagger_for, glossary)
        document = timed("tag", tag, document, glossary=glossary)
        for sheet in game.sheets:
            layout = load_layout(project.templates, sheet.template, paper=game.paper)
            sheet_document, _ = cover_layout(document, layout)
            kind = layout.options.get("kind", "quickref")
            timed(f"typeset {kind} sheets (fit search + render)", render, sheet_document, sheet, layout)
    return {stage: round(value, 3) for stage, value in seconds.items()}


if __name__ == "__main__":
    print(json.dumps(main(Path(sys.argv[1]))))
