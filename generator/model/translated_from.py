"""What each translated text was translated from: the record beside each language file.

    rules/<game>/<lang>.translated-from.yaml

For every text of ``<lang>.yaml`` (a section, a step, a FAQ item, a variant, a narration step,
...) the record keeps the source-language text it was made from and a short digest of it.
``rulebook i18n --accept`` writes it, nobody edits it by hand, and a reviewer reads its diff
beside the translation's: it shows which source change the translator took in.

The old source text is kept, not only its digest: the word diff of what changed in the source
needs it, and the record then works offline, in a tarball, a shallow clone or an unpushed
branch, where a digest could not be looked up in git history.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from pydantic import Field

from ..core.diagnostics import Mark, Report
from ..core.hints import did_you_mean
from ..core.languages import LANGUAGES
from . import schema
from .source import load_yaml

SUFFIX = ".translated-from.yaml"
DIGEST_LENGTH = 12  # hex digits of SHA-256: 48 bits, no accidental match among a game's texts


# -- the texts of a language file, one by one ------------------------------------------------

def units(spec: schema.LanguageSpec) -> dict[str, str]:
    """Every text a translator translates as one piece, by key, in the file's order.

    A FAQ item is its question and answer, a variant its name and text, a reading its three
    parts; steps and narration steps are one text each. Seat names are not prose.
    """
    out: dict[str, str] = {"title": spec.title, "description": spec.description}
    if spec.family_name:
        out["family_name"] = spec.family_name
    for name, text in spec.sections.model_dump().items():
        if text:
            out[f"sections.{name}"] = text
    for i, step in enumerate(spec.steps, 1):
        out[f"steps.{i}"] = step
    for i, entry in enumerate(spec.faq, 1):
        out[f"faq.{i}"] = f"{entry.q}\n\n{entry.a}"
    for name, variant in spec.variants.items():
        out[f"variants.{name}"] = f"{variant.name}\n\n{variant.text}"
    for name in ("in_short", "turn", "end"):
        lines = getattr(spec.quickref, name)
        if lines:
            out[f"quickref.{name}"] = "\n".join(lines)
    for name, example in spec.examples.items():
        for part in ("title", "intro", "start"):
            if getattr(example, part):
                out[f"examples.{name}.{part}"] = getattr(example, part)
        for i, step in enumerate(example.steps, 1):
            out[f"examples.{name}.steps.{i}"] = step
        if example.result:
            out[f"examples.{name}.result"] = example.result
    for name, reading in spec.readings.items():
        out[f"readings.{name}"] = f"{reading.rule}\n\n{reading.alternative}\n\n{reading.why}"
    for name, rule in spec.outside_model.items():  # a rule the engine does not model, in About
        out[f"outside_model.{name}"] = rule
    return {key: text for key, text in out.items() if text.strip()}


_PARAGRAPH_BREAK = re.compile(r"\n[ \t]*\n\s*")


def digest(text: str) -> str:
    """A short digest of a text, blind to how its lines are wrapped: re-wrapping a paragraph
    (or re-indenting its YAML) does not make a translation outdated; a changed word does."""
    paragraphs = (" ".join(p.split()) for p in _PARAGRAPH_BREAK.split(text.strip()))
    normal = "\n\n".join(p for p in paragraphs if p)
    return hashlib.sha256(normal.encode("utf-8")).hexdigest()[:DIGEST_LENGTH]


# -- the record file ---------------------------------------------------------------------------

class RecordedSpec(schema.Strict):
    """One recorded source text."""

    digest: str = Field(pattern=rf"^[0-9a-f]{{{DIGEST_LENGTH}}}$", examples=["0d9f159bdec1"],
                        description="The first 12 hex digits of SHA-256 over the source text, "
                        "its line wrapping normalised.")
    source: str = Field(description="The source text itself.", examples=["Old Maid"])


class TranslatedFromSpec(schema.Strict):
    """What each text of `<lang>.yaml` was translated from: written by `rulebook i18n
    --accept`, never by hand."""

    language: str = Field(examples=["en"], description="The source language the texts are in.")
    texts: dict[str, RecordedSpec] = Field(default={}, examples=[{"title": {
        "digest": "0d9f159bdec1", "source": "Old Maid"}}], description=(
        "By key (`title`, `sections.gameplay`, `faq.3`, `examples.<name>.steps.2`, ...): the "
        "source text each translated text was made from."))


@dataclass(frozen=True)
class Recorded:
    digest: str
    text: str


@dataclass(frozen=True)
class TranslatedFrom:
    """One language's record: the source text each of its texts was translated from."""

    lang: str  # the translation's language
    source_lang: str  # the language the recorded texts are in
    texts: dict[str, Recorded] = field(default_factory=dict)


def record_path(folder: Path, lang: str) -> Path:
    return folder / f"{lang}{SUFFIX}"


def is_record(path: Path) -> bool:
    return path.name.endswith(SUFFIX)


def load(path: Path, report: Report, *, display: str, within: Path | None = None
         ) -> TranslatedFrom | None:
    """One record file, every problem reported at its line; None when it is unusable."""
    lang = path.name[: -len(SUFFIX)]
    src, problems = load_yaml(path, display=display, within=within)
    report.extend(problems)
    if src is None or problems:
        return None
    if lang not in LANGUAGES:
        report.error(Mark(display), "unknown-language",
                     f"'{path.name}' records the sources of an unknown language '{lang}' "
                     f"(known: {', '.join(LANGUAGES)})",
                     hint=did_you_mean(lang, LANGUAGES, shown="'{}" + SUFFIX + "'"))
        return None
    spec, problems = schema.validate(TranslatedFromSpec, src)
    report.extend(problems)
    if spec is None:
        return None
    assert isinstance(spec, TranslatedFromSpec)
    errors = len(report.errors)
    if spec.language not in LANGUAGES:
        report.error(src.mark(("language",)), "unknown-language",
                     f"unknown source language '{spec.language}' (known: {', '.join(LANGUAGES)})",
                     hint=did_you_mean(spec.language, LANGUAGES))
    for key, recorded in spec.texts.items():
        if digest(recorded.source) != recorded.digest:
            report.error(src.mark(("texts", key, "digest")), "digest-mismatch",
                         f"the digest of '{key}' is not the digest of its recorded text "
                         f"({digest(recorded.source)}): the record was edited by hand",
                         hint=f"check the {lang} translation of '{key}', then run "
                         f"`rulebook i18n --accept {path.parent.name} {lang} {key}`")
    if len(report.errors) > errors:
        return None
    return TranslatedFrom(lang, spec.language,
                          {k: Recorded(r.digest, r.source) for k, r in spec.texts.items()})


class _Dumper(yaml.SafeDumper):
    pass


def _text(dumper: yaml.SafeDumper, value: str) -> yaml.ScalarNode:
    # Texts over several lines as `|` blocks, readable in a review; PyYAML falls back to a
    # quoted scalar by itself where a block cannot hold the text exactly. YAML 1.1 reads NEL
    # and the Unicode line separators as line breaks, which PyYAML writes unescaped in plain
    # and block scalars: such a text is written double-quoted, where they are escaped.
    style = '"' if _BREAKS_YAML_READS.search(value) else "|" if "\n" in value else None
    return dumper.represent_scalar("tag:yaml.org,2002:str", value, style=style)


_BREAKS_YAML_READS = re.compile("[\x85\u2028\u2029\r]")


_Dumper.add_representer(str, _text)


def dump(record: TranslatedFrom, *, game: str) -> str:
    """The record file's text: a header that says what it is, then the texts in file order."""
    data: dict[str, Any] = {
        "language": record.source_lang,
        "texts": {key: {"digest": r.digest, "source": r.text} for key, r in record.texts.items()},
    }
    header = (f"# The {record.source_lang} texts this {record.lang} translation was made from "
              f"(see {record.lang}.yaml).\n"
              f"# Written by `rulebook i18n --accept {game} {record.lang} [KEY...]`; "
              "do not edit by hand.\n")
    body = yaml.dump(data, Dumper=_Dumper, allow_unicode=True, sort_keys=False, width=100)
    return header + body
