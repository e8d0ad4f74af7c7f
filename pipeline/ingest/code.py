"""Code and drawings among the rules: a fenced block, a <pre>, that a program or a diagram tool wrote.

A block is code when its fence names a language (```mermaid, ```js) or when its characters are more marks
than words: programs and ASCII diagrams are full of braces, operators and frames, sentences are not. Such a
block never reaches a sheet (the readers drop it, reported as a code block); a fence around plain sentences
(an example set apart, a quoted rule) stays text.
"""
from __future__ import annotations

import re

MARKS = frozenset("{}()[];=<>$#|/\\*+_~`@&%^")
MARK_SHARE = 0.12  # prose has 2-5 % of these characters; code and diagrams 15-40 %
# Lines that only code opens: a keyword and its punctuation, a diagram tool's first word, a shell prompt.
CODE_LINE = re.compile(
    r"^\s*(?:(?:const|let|var|function|def|class|import|from|return|print|echo|if|for|while)\b.*[(){}:=;]"
    r"|#include\b|(?:graph|flowchart|sequenceDiagram|classDiagram|stateDiagram|gantt|pie)\b|[$>]\s+\S|//|/\*|<\?)"
)
PROSE_INFO = frozenset(("", "text", "txt", "plain", "plaintext", "markdown", "md"))


def is_code(lines: list[str], *, info: str = "") -> bool:
    """Whether a block of lines is code or a drawing, not sentences (`info`: a Markdown fence's language)."""
    if info.strip().split(" ")[0].lower() not in PROSE_INFO:
        return True
    visible = [char for line in lines for char in line if not char.isspace()]
    if not visible:
        return False
    if sum(char in MARKS for char in visible) / len(visible) > MARK_SHARE:
        return True
    return sum(1 for line in lines if CODE_LINE.match(line)) * 3 >= max(1, len([line for line in lines if line.strip()]))
