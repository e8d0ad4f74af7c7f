"""Load and validate glossaries (common + per game): Spanish terms with their official English names."""
from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from pathlib import Path

from .config import check_fields, load_yaml, require_mapping
from .errors import ConfigError

TERM_KINDS = (
    "threat",
    "specialization",
    "component",
    "location",
    "advancement",
    "keyword",
    "phase",
    "action",
    "die-face",
    "system",
    "rule-term",
    "hazard",
    "mission",
)


@dataclass(frozen=True)
class Term:
    es: str
    en: str
    kind: str = "rule-term"
    variants: tuple[str, ...] = ()
    verified: bool = False
    note: str = ""
    source: str = ""  # the glossary file it came from ("common" or a game id)


@dataclass(frozen=True)
class Glossary:
    terms: tuple[Term, ...]
    files: tuple[str, ...] = ()  # project-relative paths that were read (for cache keys)

    def lookup(self, es: str) -> Term | None:
        for term in self.terms:
            if term.es == es:
                return term
        return None


def fold(text: str) -> str:
    """Case- and accent-insensitive form used for comparisons (never for display)."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch)).strip()


def read_glossary_file(path: Path, *, display: str, source: str) -> list[Term]:
    data = load_yaml(path, display=display)
    data = require_mapping(data, display=display, where="glossary")
    check_fields(data, display=display, where="glossary", required=("terms",), optional=("game",), types={"terms": list, "game": str})
    terms: list[Term] = []
    seen_es: dict[str, int] = {}
    seen_variant: dict[str, str] = {}
    for index, entry in enumerate(data["terms"]):
        where = f"terms[{index}]"
        entry = require_mapping(entry, display=display, where=where, line=getattr(data, "line", None))
        if "es" in entry:
            where += f" (es: {entry['es']!r})"
        check_fields(
            entry,
            display=display,
            where=where,
            required=("es", "en"),
            optional=("kind", "variants", "verified", "note"),
            types={"es": str, "en": str, "kind": str, "variants": list, "verified": bool, "note": str},
        )
        line = entry.line
        kind = entry.get("kind", "rule-term")
        if kind not in TERM_KINDS:
            raise ConfigError(f"{where}: unknown kind {kind!r} (allowed: {', '.join(TERM_KINDS)})", path=display, line=line)
        es = entry["es"].strip()
        if not entry["en"].strip():
            raise ConfigError(f"{where}: empty 'en'", path=display, line=line)
        key = fold(es)
        if key in seen_es:
            raise ConfigError(f"{where}: duplicate es {es!r} (first at terms[{seen_es[key]}])", path=display, line=line)
        seen_es[key] = index
        variants = []
        for variant in entry.get("variants") or []:
            if not isinstance(variant, str) or not variant.strip():
                raise ConfigError(f"{where}: variants must be non-empty text", path=display, line=line)
            folded = fold(variant)
            if folded in seen_variant and seen_variant[folded] != es:
                raise ConfigError(
                    f"{where}: variant {variant!r} is also a variant of {seen_variant[folded]!r}", path=display, line=line
                )
            seen_variant[folded] = es
            variants.append(variant.strip())
        terms.append(
            Term(
                es=es,
                en=entry["en"].strip(),
                kind=kind,
                variants=tuple(variants),
                verified=bool(entry.get("verified", False)),
                note=entry.get("note", "") or "",
                source=source,
            )
        )
    for folded, owner in seen_variant.items():
        if folded in seen_es and fold(owner) != folded:
            raise ConfigError(f"variant {folded!r} of {owner!r} is also an entry of its own", path=display)
    return terms


def load_glossary(glossary_dir: Path, game_id: str, *, display_root: Path | None = None) -> Glossary:
    """common.yaml + <game>.yaml; a game term may not reuse a common term or variant."""

    def shown(path: Path) -> str:
        if display_root is None:
            return str(path)
        try:
            return str(path.relative_to(display_root))
        except ValueError:
            return str(path)

    common_path = glossary_dir / "common.yaml"
    game_path = glossary_dir / f"{game_id}.yaml"
    common = read_glossary_file(common_path, display=shown(common_path), source="common") if common_path.is_file() else []
    game = read_glossary_file(game_path, display=shown(game_path), source=game_id) if game_path.is_file() else []
    common_forms = {fold(form): term.es for term in common for form in (term.es, *term.variants)}
    for term in game:
        for form in (term.es, *term.variants):
            if fold(form) in common_forms:
                raise ConfigError(
                    f"term {term.es!r}: {form!r} clashes with common term {common_forms[fold(form)]!r}",
                    path=shown(game_path),
                )
    files = tuple(shown(path) for path in (common_path, game_path) if path.is_file())
    return Glossary(terms=tuple(common + game), files=files)
