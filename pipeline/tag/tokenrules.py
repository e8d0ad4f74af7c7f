"""Where the tokenizer's rules come from: read out of spaCy's Spanish tokenizer once per user and spaCy version.

`rules_from_spacy` imports spaCy (about half a second) and reads its blank Spanish tokenizer's patterns
and special cases; `stored_rules` keeps them as JSON in the user's cache folder (tokenizer-<hash>.json,
written whole and renamed into place, with a digest of its content), so later processes read a small
file instead. A file that is missing, damaged or of another spaCy is made again; one that cannot be
written leaves the rules in memory. tokens.py runs them.
"""
from __future__ import annotations

import hashlib
import json
import os
import re
import sys
import tempfile
import types
from dataclasses import dataclass
from pathlib import Path

# Bump when what the rules file holds, or how it is made, changes: an older file is then made again.
RULES_FORMAT = 3
RULES_FILE = "tokenizer-{}.json"
# A list dash glued to its word ('-Desencasquillar') must not hide the word: added to spaCy's prefixes.
EXTRA_PREFIXES = ("-", "–", "—")

Pattern = tuple[str, int]  # a regex's source text and flags


@dataclass(frozen=True)
class TokenizerRules:
    """What spaCy's Spanish tokenizer is made of, as plain data."""

    spacy_version: str
    prefix: Pattern | None
    suffix: Pattern | None
    infix: Pattern | None
    token_match: Pattern | None
    url: Pattern | None
    special_cases: dict[str, tuple[str, ...]]  # chunk -> the texts of its tokens
    faster_heuristics: bool

    def to_data(self) -> dict:
        patterns = {name: getattr(self, name) and list(getattr(self, name)) for name in PATTERNS}
        cases = {chunk: list(orths) for chunk, orths in sorted(self.special_cases.items())}
        body = {"format": RULES_FORMAT, "spacy_version": self.spacy_version, **patterns,
                "special_cases": cases, "faster_heuristics": self.faster_heuristics}
        return {**body, "digest": _digest(body)}

    @classmethod
    def from_data(cls, data: dict) -> "TokenizerRules":
        """The rules a file holds; ValueError for a file of another format or any damage (its digest differs)."""
        if not isinstance(data, dict) or data.get("format") != RULES_FORMAT:
            raise ValueError(f"not a rules file of format {RULES_FORMAT}")
        body = {key: value for key, value in data.items() if key != "digest"}
        if data.get("digest") != _digest(body):
            raise ValueError("the rules file is damaged (its digest differs)")
        cases = data["special_cases"]
        if not all(isinstance(orths, list) and orths and all(isinstance(orth, str) and orth for orth in orths)
                   and "".join(orths) == chunk for chunk, orths in cases.items()):
            raise ValueError("a special case whose tokens do not spell it")
        patterns = {name: None if data[name] is None else (str(data[name][0]), int(data[name][1])) for name in PATTERNS}
        for pattern in filter(None, patterns.values()):
            try:
                re.compile(*pattern)
            except re.error as exc:
                raise ValueError(f"a pattern that is not a regex: {exc}") from exc
        if not isinstance(data["faster_heuristics"], bool):
            raise ValueError("faster_heuristics is not true or false")
        return cls(spacy_version=str(data["spacy_version"]), special_cases={chunk: tuple(orths) for chunk, orths in cases.items()},
                   faster_heuristics=data["faster_heuristics"], **patterns)


def _digest(body: dict) -> str:
    return hashlib.sha256(json.dumps(body, sort_keys=True, ensure_ascii=False).encode()).hexdigest()


PATTERNS = ("prefix", "suffix", "infix", "token_match", "url")


def spacy_tokenizer():
    """spaCy's own tokenizer, as the rules are read from (and as tests compare against)."""
    spacy = import_spacy()  # first: any other spaCy import would bring its command line along
    from spacy.util import compile_prefix_regex

    nlp = spacy.blank("es")
    # spaCy's 1M-character guard protects parser/NER memory; a tokenizer is linear.
    nlp.max_length = 100_000_000
    nlp.tokenizer.prefix_search = compile_prefix_regex([*nlp.Defaults.prefixes, *EXTRA_PREFIXES]).search
    return nlp.tokenizer


def import_spacy():
    """`import spacy`, without the command line its package __init__ imports only to re-export `info`.

    spacy.cli brings typer, weasel and httpx: 0.35 s of CPU in every process that tags, for nothing a
    tokenizer uses. While spaCy imports, a stand-in answers for spacy.cli.info (its `info` imports the
    real one when called); it is removed afterwards, so `import spacy.cli` still gets the real module.
    """
    if "spacy" in sys.modules:
        return sys.modules["spacy"]
    stand_ins = {name: types.ModuleType(name) for name in ("spacy.cli", "spacy.cli.info")}

    def info(*args, **kwargs):
        from spacy.cli.info import info as real_info

        return real_info(*args, **kwargs)

    stand_ins["spacy.cli.info"].info = info
    stand_ins["spacy.cli"].info = stand_ins["spacy.cli.info"]
    sys.modules.update(stand_ins)
    try:
        import spacy
    except ImportError:  # a spaCy whose __init__ wants more of its CLI: forget the half import, do it plainly
        for name in [name for name in sys.modules if name == "spacy" or name.startswith("spacy.")]:
            del sys.modules[name]
        import spacy
    finally:
        for name, module in stand_ins.items():
            if sys.modules.get(name) is module:
                del sys.modules[name]
        if getattr(sys.modules.get("spacy"), "cli", None) is stand_ins["spacy.cli"]:
            del sys.modules["spacy"].cli
    return spacy


def rules_from_spacy() -> TokenizerRules:
    """Read the rules out of spaCy's tokenizer (imports spaCy: about half a second)."""
    tokenizer = spacy_tokenizer()
    spacy = import_spacy()
    functions = (tokenizer.prefix_search, tokenizer.suffix_search, tokenizer.infix_finditer, tokenizer.token_match,
                 tokenizer.url_match)
    orth = spacy.attrs.ORTH
    return TokenizerRules(
        spacy_version=_spacy_version(),  # as the file name and the check on reading give it
        **{name: _pattern(function) for name, function in zip(PATTERNS, functions)},
        special_cases={chunk: tuple(token[orth] for token in tokens) for chunk, tokens in tokenizer.rules.items()},
        faster_heuristics=tokenizer.faster_heuristics,
    )


def _pattern(function) -> Pattern | None:
    """The regex behind one of the tokenizer's functions (a compiled pattern's bound search/match/finditer)."""
    if function is None:
        return None
    pattern = getattr(function, "__self__", None)
    if not isinstance(pattern, re.Pattern):
        raise ValueError(f"spaCy's Spanish tokenizer uses {function!r}, not a regex: pipeline/tag/tokens.py cannot run it")
    return pattern.pattern, pattern.flags


def _spacy_version() -> str:
    from importlib.metadata import version

    return version("spacy")


def rules_path(folder: Path, spacy_version: str) -> Path:
    stamp = f"{RULES_FORMAT} {spacy_version} {' '.join(EXTRA_PREFIXES)}"
    return folder / RULES_FILE.format(hashlib.sha256(stamp.encode()).hexdigest()[:16])


def stored_rules(folder: Path | None) -> TokenizerRules:
    """The rules from the user's cache; read from spaCy and stored there when missing, damaged or of another spaCy.

    A file that cannot be written leaves the rules in memory only (read from spaCy again by the next process).
    """
    version = _spacy_version()
    path = rules_path(folder, version) if folder is not None else None
    if path is not None:
        try:
            rules = TokenizerRules.from_data(json.loads(path.read_text(encoding="utf-8")))
            if rules.spacy_version == version:
                return rules
        except (OSError, ValueError, KeyError, TypeError, AttributeError, IndexError, RecursionError):
            pass  # missing or damaged: made again below
    from pipeline.firstrun import preparing

    with preparing("the tokenizer rules", folder):
        rules = rules_from_spacy()
    if path is not None:
        _write(path, json.dumps(rules.to_data(), ensure_ascii=False))
    return rules


def _write(path: Path, text: str) -> None:
    """Written whole beside `path` and renamed into place; on any failure nothing is left behind."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    except OSError:
        return  # a read-only cache: the rules stay in this process's memory
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            stream.write(text)
        os.chmod(temporary, 0o644)  # as the word store is: readable by whoever shares the cache folder
        os.replace(temporary, path)
    except OSError:
        Path(temporary).unlink(missing_ok=True)  # a full disk, a folder in the file's place: memory only
