"""Folded block texts in reading order -> which blocks are duplicates, and of which block (linear or n log n).

A block seen before is a duplicate of its first copy; a copy cut short yields to the first complete one
after it; a short block (a heading, a one-liner) is a duplicate only inside a run of duplicated blocks.
"""
from __future__ import annotations

# Below this many folded characters a block is only called a duplicate when a neighbour is one too.
MIN_DUPLICATE_CHARS = 40


def find_duplicates(keys: list[str]) -> dict[int, int]:
    """Block position -> position of the copy that is kept, for every duplicated block ("" never is one)."""
    duplicate: dict[int, int] = {}
    seen: dict[str, int] = {}
    prefixes = _earlier_prefixes(keys)
    for position, key in enumerate(keys):
        if not key:
            continue
        if key in seen and len(key) >= MIN_DUPLICATE_CHARS:
            duplicate[position] = seen[key]
            continue
        for other in prefixes.get(position, ()):
            if other not in duplicate:
                duplicate[other] = position  # the earlier copy was cut short
        seen.setdefault(key, position)
    _spread(keys, seen, duplicate)
    return duplicate


def _earlier_prefixes(keys: list[str]) -> dict[int, list[int]]:
    """Position of a text's first copy -> the first copies, earlier, of the texts (MIN_DUPLICATE_CHARS or
    more) that begin it. Found in sorted order, where every text that begins another sorts between the
    two: one pass with a stack instead of comparing every pair of blocks."""
    first: dict[str, int] = {}
    for position, key in enumerate(keys):
        if len(key) >= MIN_DUPLICATE_CHARS:
            first.setdefault(key, position)
    found: dict[int, list[int]] = {}
    stack: list[str] = []  # the texts (in sorted order) that begin the current one
    for key in sorted(first):
        while stack and not key.startswith(stack[-1]):
            stack.pop()
        earlier = [first[other] for other in stack if first[other] < first[key]]
        if earlier:
            found[first[key]] = sorted(earlier)
        stack.append(key)
    return found


def _spread(keys: list[str], seen: dict[str, int], duplicate: dict[int, int]) -> None:
    """Short blocks seen before are duplicates when next to a duplicate, spreading along the run (a worklist,
    not a pass over every block until nothing changes)."""
    def spreads(position: int) -> bool:
        key = keys[position]
        return position not in duplicate and bool(key) and key in seen and seen[key] != position

    waiting = sorted({near for position in duplicate for near in (position - 1, position + 1) if 0 <= near < len(keys)})
    while waiting:
        position = waiting.pop()
        if spreads(position) and (position - 1 in duplicate or position + 1 in duplicate):
            duplicate[position] = seen[keys[position]]
            waiting.extend(near for near in (position - 1, position + 1) if 0 <= near < len(keys))
