"""spaCy's Spanish tokenizer, run from its rules without importing spaCy: text -> (token text, offset) pairs.

Importing spaCy and making its blank Spanish pipeline costs ~0.5 s in every process that tags, which is
most of a one-correction refresh. What the tagger uses of spaCy is its tokenizer, and the tokenizer is
data (prefix, suffix and infix patterns, a URL pattern, special cases) run by a short algorithm. So the
data is read from spaCy once per user and spaCy version (tokenrules.py, stored as JSON in the user's
cache) and `SpanishTokenizer` runs the algorithm of spaCy's `Tokenizer.__call__` (tokenizer.pyx: the
whitespace split, `_split_affixes`, `_attach_tokens`, then the special-case pass over the whole text)
step for step. tests/tag/test_tokens.py holds it to spaCy's own tokens on every text we have and on
generated ones; a spaCy upgrade makes a new rules file (its version is in the name) and that test says
whether the algorithm still agrees.
"""
from __future__ import annotations

import re
from functools import lru_cache

from pipeline.tag.tokenrules import TokenizerRules, stored_rules

MAX_CACHE = 10_000  # chunks whose tokens are kept, as spaCy's Tokenizer(max_cache_size=10000)
# spaCy's lexical attribute `is_quote` (spacy/lang/lex_attrs.py): the token texts it calls quotes.
QUOTES = frozenset(('"', "'", "`", "«", "»", "‘", "’", "‚", "‛", "“", "”", "„", "‟", "‹", "›", "❮", "❯", "''", "``"))

Token = tuple[str, int]  # (text, character offset)


@lru_cache(maxsize=1)
def spanish_tokenizer() -> "SpanishTokenizer":
    """The tokenizer of this process, from the rules in the user's cache (pipeline/wordstore.py's folder)."""
    from pipeline.wordstore import shared_cache_dir

    return SpanishTokenizer(stored_rules(shared_cache_dir()))


class SpanishTokenizer:
    """spaCy's `Tokenizer.__call__`, in Python, over `TokenizerRules`. Tokens are (text, offset); whitespace other
    than one plain space between two chunks is a token, as in spaCy."""

    def __init__(self, rules: TokenizerRules) -> None:
        self.rules = rules
        never = re.compile("a^")  # what spaCy puts in place of a missing pattern
        self._prefix = re.compile(*rules.prefix).search if rules.prefix else never.search
        self._suffix = re.compile(*rules.suffix).search if rules.suffix else never.search
        self._infixes = re.compile(*rules.infix).finditer if rules.infix else never.finditer
        self._token_match = re.compile(*rules.token_match).match if rules.token_match else None
        self._url = re.compile(*rules.url).match if rules.url else None
        self._specials = rules.special_cases
        self._cache: dict[str, tuple[str, ...]] = {}
        # The final pass (spaCy's `_special_matcher`, a PhraseMatcher): special cases that affixes or a space
        # would split, matched as their affix tokens anywhere in the text; indexed by their first token.
        self._phrases: dict[str, list[tuple[str, ...]]] = {}
        matched = [chunk for chunk in sorted(rules.special_cases) if self._in_matcher(chunk)]
        for chunk in matched:
            pieces = tuple(text for text, _ in self._tokenize_text(chunk, with_special_cases=False))
            if pieces and pieces not in self._phrases.setdefault(pieces[0], []):
                self._phrases[pieces[0]].append(pieces)
        # spaCy adds its special cases in sorted order, emptying its cache before each; the phrase of the last
        # one is tokenized without special cases and its chunks stay cached, answering before a fresh
        # tokenization would (tokenizer.pyx add_special_case): the same here.
        ordered = sorted(rules.special_cases)
        if ordered and matched and matched[-1] == ordered[-1]:
            self._affix_tokens(ordered[-1], with_special_cases=False, seed=True)

    def _in_matcher(self, chunk: str) -> bool:
        return not self.rules.faster_heuristics or bool(self._prefix_length(chunk) or self._find_infixes(chunk)
                                                        or self._suffix_length(chunk) or " " in chunk)

    def __call__(self, text: str) -> list[Token]:
        tokens, spaces = self._affix_tokens(text, with_special_cases=True)
        return self._apply_special_cases(text, tokens, spaces)

    def _tokenize_text(self, text: str, *, with_special_cases: bool) -> list[Token]:
        tokens, spaces = self._affix_tokens(text, with_special_cases=with_special_cases)
        return _with_offsets(tokens, spaces)

    # --- the first pass: chunks between whitespace, affixes, infixes (spaCy's _tokenize_affixes) ---

    def _affix_tokens(self, text: str, *, with_special_cases: bool, seed: bool = False) -> tuple[list[str], list[bool]]:
        """Token texts and, per token, whether one plain space follows it (spaCy's `spacy` flag)."""
        tokens: list[str] = []
        spaces: list[bool] = []
        if not text:
            return tokens, spaces
        start, in_space = 0, text[0].isspace()
        for index, character in enumerate(text):
            if character.isspace() != in_space:
                if start < index:
                    self._chunk(text[start:index], tokens, spaces, with_special_cases, seed)
                if character == " ":
                    spaces[-1] = True
                    start = index + 1
                else:
                    start = index
                in_space = not in_space
        if start < len(text):
            self._chunk(text[start:], tokens, spaces, with_special_cases, seed)
            spaces[-1] = text[-1] == " " and not in_space
        return tokens, spaces

    def _chunk(self, chunk: str, tokens: list[str], spaces: list[bool], with_special_cases: bool, seed: bool = False) -> None:
        # spaCy's cache holds a chunk's tokens unless a special case took part in them (its #1250), up to
        # MAX_CACHE chunks; a pass without special cases reads and fills it only while the rules are added (`seed`).
        if with_special_cases and chunk in self._specials:
            pieces = self._specials[chunk]
        elif (with_special_cases or seed) and chunk in self._cache:
            pieces = self._cache[chunk]
        else:
            pieces, touched_special = self._split(chunk, with_special_cases)
            if (with_special_cases or seed) and not touched_special and len(self._cache) < MAX_CACHE:
                self._cache[chunk] = pieces
        tokens.extend(pieces)
        spaces.extend([False] * len(pieces))

    def _split(self, chunk: str, with_special_cases: bool) -> tuple[tuple[str, ...], bool]:
        """spaCy's _split_affixes then _attach_tokens: (the chunk's token texts, whether a special case was used)."""
        specials = self._specials if with_special_cases else {}
        prefixes: list[str] = []
        suffixes: list[str] = []
        string, last_size = chunk, 0
        while string and len(string) != last_size:
            if self._token_match is not None and self._token_match(string):
                break
            if string in specials:
                break
            last_size = len(string)
            pre_len = self._prefix_length(string)
            if pre_len:
                prefix, minus_pre = string[:pre_len], string[pre_len:]
                if minus_pre and minus_pre in specials:
                    string = minus_pre
                    prefixes.append(prefix)
                    break
            suf_len = self._suffix_length(string[pre_len:])
            if suf_len:
                suffix, minus_suf = string[-suf_len:], string[:-suf_len]
                if minus_suf and minus_suf in specials:
                    string = minus_suf
                    suffixes.append(suffix)
                    break
            if pre_len and suf_len and pre_len + suf_len <= len(string):
                string = string[pre_len:-suf_len]
                prefixes.append(prefix)
                suffixes.append(suffix)
            elif pre_len:
                string = minus_pre
                prefixes.append(prefix)
            elif suf_len:
                string = minus_suf
                suffixes.append(suffix)
        pieces = list(prefixes)
        touched_special = False
        if string:
            if string in specials:
                pieces.extend(specials[string])
                touched_special = True
            elif with_special_cases and string in self._cache:
                pieces.extend(self._cache[string])
            elif any(match is not None and match(string) for match in (self._token_match, self._url)):
                pieces.append(string)
            else:
                pieces.extend(self._infix_split(string))
        pieces.extend(reversed(suffixes))
        return tuple(pieces), touched_special

    def _infix_split(self, string: str) -> list[str]:
        matches = self._find_infixes(string)
        if not matches:
            return [string]
        pieces, start = [], 0
        for match in matches:
            infix_start, infix_end = match.start(), match.end()
            if infix_start == 0:
                continue
            if infix_start != start:
                pieces.append(string[start:infix_start])
            if infix_start != infix_end:
                pieces.append(string[infix_start:infix_end])
            start = infix_end
        if string[start:]:
            pieces.append(string[start:])
        return pieces

    def _prefix_length(self, string: str) -> int:
        match = self._prefix(string)
        return match.end() - match.start() if match is not None else 0

    def _suffix_length(self, string: str) -> int:
        match = self._suffix(string)
        return match.end() - match.start() if match is not None else 0

    def _find_infixes(self, string: str) -> list[re.Match]:
        return list(self._infixes(string))

    # --- the second pass: special cases that span affix tokens or a space (spaCy's _apply_special_cases) ---

    def _apply_special_cases(self, text: str, tokens: list[str], spaces: list[bool]) -> list[Token]:
        matches = []  # (start token, end token)
        for start, token in enumerate(tokens):
            for phrase in self._phrases.get(token, ()):
                end = start + len(phrase)
                if tuple(tokens[start:end]) == phrase:
                    matches.append((start, end))
        located = _with_offsets(tokens, spaces)
        if not matches:
            return located
        replaced: dict[int, tuple[int, tuple[str, ...]]] = {}
        for start, end in _filter_spans(matches):
            span_text = text[located[start][1]:located[end - 1][1] + len(tokens[end - 1])]
            if span_text in self._specials:
                replaced[start] = (end, self._specials[span_text])
        result: list[Token] = []
        index = 0
        while index < len(tokens):
            if index not in replaced:
                result.append(located[index])
                index += 1
                continue
            end, pieces = replaced[index]
            offset = located[index][1]
            for piece in pieces:
                result.append((piece, offset))
                offset += len(piece)
            index = end
        return result


def _filter_spans(matches: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """spaCy's _filter_special_spans: longest first (then leftmost); a span is kept when neither of its end
    tokens was seen, and every span looked at marks its tokens seen, kept or not."""
    ordered = sorted(set(matches), key=lambda span: (-(span[1] - span[0]), span[0]))
    seen: set[int] = set()
    kept = []
    for start, end in ordered:
        if start not in seen and end - 1 not in seen:
            kept.append((start, end))
        seen.update(range(start, end))
    return sorted(kept)


def _with_offsets(tokens: list[str], spaces: list[bool]) -> list[Token]:
    located, offset = [], 0
    for token, space in zip(tokens, spaces):
        located.append((token, offset))
        offset += len(token) + (1 if space else 0)
    return located
