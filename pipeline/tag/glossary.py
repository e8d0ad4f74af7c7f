"""Load and validate glossaries (common + per game): Spanish terms with their official English names."""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from pipeline.errors import ConfigError
from pipeline.text import fold
from pipeline.schema import check_fields, require_mapping
from pipeline.tag.kinds import DEFAULT_KIND, KIND_KEYS, TermKinds, read_term_kinds
from pipeline.yamlio import load_yaml

ENTRY_FIELDS = ("es", "en", "kind", "variants", "verified", "note")


@dataclass(frozen=True)
class Term:
    es: str
    en: str
    kind: str = DEFAULT_KIND
    variants: tuple[str, ...] = ()
    verified: bool = False
    note: str = ""
    source: str = ""  # the glossary file it came from ("common" or a game id)
    line: int | None = field(default=None, compare=False)  # where the entry starts, for messages

    @property
    def forms(self) -> tuple[str, ...]:
        """The Spanish lemma and every variant (the strings the tagger looks for)."""
        return tuple(dict.fromkeys((self.es, *self.variants)))


@dataclass(frozen=True)
class Glossary:
    terms: tuple[Term, ...]
    files: tuple[str, ...] = ()  # project-relative paths that were read (for cache keys)


_PLURAL = re.compile(r"(?<=[^aeiou\W])es$|(?<=\w)s$")


def form_key(text: str) -> str:
    """What two forms share when the tagger cannot tell them apart: folded, singular, one space.

    'Acciones' and 'acción' get the same key, so a glossary cannot list them as two entries (the
    tagger would have to pick one at random).
    """
    words = re.findall(r"\w+", fold(text, keep_punctuation=True))
    return " ".join(_PLURAL.sub("", word) if len(word) > 3 else word for word in words)


def _label(index: int, es: object) -> str:
    """'terms[3] (es: 'nave')': entries count from 1, as in corrections.yaml's messages."""
    return f"terms[{index}]" + (f" (es: {es!r})" if isinstance(es, str) and es.strip() else "")


def read_glossary_file(  # long: every entry of the file checked in one pass, so all its problems come together
    path: Path, *, display: str, source: str, kinds: TermKinds
) -> list[Term]:
    """Every entry of one glossary file, each kind one of `kinds` (common.yaml's, which lists them too);
    all problems are reported together, each with its line."""
    data = load_yaml(path, display=display)
    if data is None:
        raise ConfigError("empty glossary (expected a mapping with 'terms')", path=display)
    data = require_mapping(data, display=display, where="glossary",
                           hint=" (its entries go under 'terms:', each line indented: see glossaries/common.yaml)"
                           if isinstance(data, list) else "")
    lists = KIND_KEYS if source == "common" else ()  # the kinds are common.yaml's to list (tag/kinds.py reads them)
    check_fields(data, display=display, where="glossary", required=("terms",), optional=("game", *lists),
                 types={"terms": list, "game": str, **{key: list for key in lists}})
    problems: list[tuple[int | None, str]] = []
    terms: list[Term] = []
    owner_of: dict[str, tuple[str, str]] = {}  # form key -> (label of the entry, 'es' or 'variant')
    for index, entry in enumerate(data["terms"], start=1):
        label = _label(index, entry.get("es") if isinstance(entry, dict) else None)
        try:
            entry = require_mapping(entry, display=display, where=label, line=getattr(data, "line", None))
            check_fields(
                entry,
                display=display,
                where=label,
                required=("es",),
                optional=ENTRY_FIELDS[1:],
                types={"es": str, "en": str, "kind": str, "variants": list, "verified": bool, "note": str},
            )
        except ConfigError as exc:
            problems.append((exc.line, exc.args[0]))
            continue
        line = getattr(entry, "line", None)
        es = entry["es"].strip()
        en = (entry.get("en") or "").strip()
        if not en:
            problems.append((line, f"{label}: empty 'en' (give the English name printed on the components)"))
        kind = entry.get("kind", DEFAULT_KIND)
        if "kind" in entry and kind not in kinds.terms:
            kind_line = entry.origin("kind")[1] if hasattr(entry, "origin") else line
            problems.append((kind_line or line, f"{label}: {kinds.unknown(kind)}"))
        key = form_key(es)
        if not key:
            problems.append((line, f"{label}: empty 'es' (give the Spanish term as the text writes it)"))
            continue
        if key in owner_of:
            first, role = owner_of[key]
            if role == "es":
                problems.append((line, f"{label}: duplicate es {es!r} (first at {first})"))
            else:
                problems.append((line, f"{label}: es {es!r} is also a variant of {first}"))
        else:
            owner_of[key] = (label, "es")
        variants: list[str] = []
        for variant in entry.get("variants") or []:
            if not isinstance(variant, str) or not variant.strip():
                problems.append((line, f"{label}: variants must be non-empty text"))
                continue
            variant = variant.strip()
            vkey = form_key(variant)
            if vkey == key or variant in variants:
                continue  # the lemma again, or a spelling the tagger already treats as the same form
            if vkey in owner_of and owner_of[vkey][0] != label:
                other, role = owner_of[vkey]
                problems.append((line, f"{label}: variant {variant!r} is also {'the es' if role == 'es' else 'a variant'} of {other}"))
                continue
            owner_of[vkey] = (label, "variant")
            variants.append(variant)
        terms.append(
            Term(
                es=es,
                en=en,
                kind=kind,
                variants=tuple(variants),
                verified=bool(entry.get("verified", False)),
                note=entry.get("note", "") or "",
                source=source,
                line=line,
            )
        )
    _raise_all(problems, display=display)
    return terms


def _raise_all(problems: list[tuple[int | None, str]], *, display: str) -> None:
    """One ConfigError naming the first problem; the others follow on their own lines, file:line first."""
    if not problems:
        return
    (line, message), rest = problems[0], problems[1:]
    for other_line, other in rest:
        where = display if other_line is None else f"{display}:{other_line}"
        message += f"\n{where}: {other}"
    raise ConfigError(message, path=display, line=line)


def load_glossary(glossary_dir: Path, game_id: str, *, display_root: Path | None = None) -> Glossary:
    """common.yaml + <game>.yaml; a game term may not reuse a common term or variant.

    Parsed once per process while the two files say the same (their bytes' sha256): a build reads a game's
    glossaries for the tagger and again for the proof page's typo search, 0.1 s of YAML each time."""
    import hashlib

    contents: list[str | None] = []
    for path in (glossary_dir / "common.yaml", glossary_dir / f"{game_id}.yaml"):
        try:
            contents.append(hashlib.sha256(path.read_bytes()).hexdigest())
        except OSError:
            contents.append(None)  # missing (or unreadable: the parse below says so)
    return _load_glossary(glossary_dir, game_id, display_root, tuple(contents))


@lru_cache(maxsize=16)
def _load_glossary(glossary_dir: Path, game_id: str, display_root: Path | None, _contents: tuple) -> Glossary:
    def shown(path: Path) -> str:
        if display_root is None:
            return str(path)
        try:
            return str(path.relative_to(display_root))
        except ValueError:
            return str(path)

    common_path = glossary_dir / "common.yaml"
    game_path = glossary_dir / f"{game_id}.yaml"
    kinds = read_term_kinds(glossary_dir, display=shown(common_path))
    common = read_glossary_file(common_path, display=shown(common_path), source="common", kinds=kinds) if common_path.is_file() else []
    game = read_glossary_file(game_path, display=shown(game_path), source=game_id, kinds=kinds) if game_path.is_file() else []
    common_forms = {form_key(form): term for term in common for form in term.forms}
    problems: list[tuple[int | None, str]] = []
    for index, term in enumerate(game, start=1):
        for form in term.forms:
            clash = common_forms.get(form_key(form))
            if clash is not None:
                where = f"{shown(common_path)}:{clash.line}" if clash.line else shown(common_path)
                role = "es" if form == term.es else "variant"
                problems.append((term.line, f"{_label(index, term.es)}: {role} {form!r} clashes with common term {clash.es!r} ({where})"))
    _raise_all(problems, display=shown(game_path))
    files = tuple(shown(path) for path in (common_path, game_path) if path.is_file())
    return Glossary(terms=tuple(common + game), files=files)
