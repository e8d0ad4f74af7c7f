"""Where the two annotation sets of a corpus text disagree: a sentence's role (tests/sentences/corpus/) against the
roles of the lines it sits on (tests/corpus/).

    PYTHONPATH=. .venv/bin/python bench/role_agreement.py [STEM ...] [--show N]

A sentence the sentence annotations leave off a sheet (explanation, example, advice, ...) whose every line the
line annotations count as a rule line (rule, item, table) is a disagreement, and so is a `rule` sentence whose
lines are all of a role no sheet must print (example, flavor, strategy, note, credits). Each is printed with its
key, both roles and its words, to be judged (the words are read here, never written into the repository).
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.eval import ANNOTATIONS, CORPUS, _lines, _source, words  # noqa: E402
from pipeline.learn.annotations import RULE_ROLES, corpus_annotations  # noqa: E402
from pipeline.learn.corpus_sentences import ANNOTATED_KINDS, FOLDER, corpus_document, digest  # noqa: E402
from pipeline.learn.sentences import KEPT_ROLES, sentence_contexts  # noqa: E402


def _line_roles(sentence: str, block, roles: dict[int, str], lines: list[str]) -> list[str]:
    """The roles of the block's lines that share a run of three words with the sentence."""
    folded = f" {' '.join(words(sentence))} "
    found = []
    for number in range(block.first, block.last + 1):
        line_words = words(lines[number - 1]) if number <= len(lines) else []
        runs = [line_words[i : i + 3] for i in range(max(1, len(line_words) - 2))]
        if any(run and f" {' '.join(run)} " in folded for run in runs):
            found.append(roles.get(number, "-"))
    return found


def disagreements(stem: str) -> list[tuple[str, str, str, str]]:
    """(key, sentence role, line roles, sentence) of every disagreement of corpus text `stem`."""
    annotation = next(a for a in corpus_annotations(ANNOTATIONS) if a.stem == stem)
    lines = _lines(annotation, _source(annotation))
    data = yaml.safe_load((ROOT / FOLDER / f"{stem}.yaml").read_text(encoding="utf-8"))
    role_of = {(entry["key"], entry["digest"]): entry["role"] for entry in data["sentences"]}
    document = corpus_document(ROOT, stem, corpus=CORPUS)
    found = []
    for section in document.sections:
        if section.kind not in ANNOTATED_KINDS:
            continue
        for number, (index, _, _, sentence, _) in enumerate(sentence_contexts(section)):
            key = f"{section.id}#{number}"
            role = role_of.get((key, digest(sentence)))
            line_roles = _line_roles(sentence, section.blocks[index], annotation.roles, lines)
            if role is None or not line_roles:
                continue
            kept = role in KEPT_ROLES
            if not kept and all(r in RULE_ROLES for r in line_roles):
                found.append((key, role, ",".join(line_roles), sentence))
            elif kept and all(r not in RULE_ROLES and r != "-" for r in line_roles):
                found.append((key, role, ",".join(line_roles), sentence))
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("stems", nargs="*")
    parser.add_argument("--show", type=int, default=0, help="print up to N disagreements per text")
    args = parser.parse_args()
    stems = args.stems or sorted(path.stem for path in (ROOT / FOLDER).glob("*.yaml"))
    total = 0
    for stem in stems:
        found = disagreements(stem)
        total += len(found)
        counts = Counter(f"{role}/{lines.split(',')[0]}" for _, role, lines, _ in found)
        print(f"{stem}: {len(found)} disagree: " + ", ".join(f"{c} {n}" for c, n in counts.most_common()))
        for key, role, lines, sentence in found[: args.show]:
            print(f"    {key} [{role} vs {lines}] {sentence[:160]}")
    print(f"all: {total}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
