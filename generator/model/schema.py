"""The shape of every rules file, as pydantic models, and their errors as diagnostics.

Structure only: cards stay text here (``CardsText``) and are parsed by model.py, which knows
where each token stands in the file and can point at the bad one.
"""

from __future__ import annotations

import functools
import re
import types
import typing
from typing import TYPE_CHECKING, Annotated, Any, Callable, Literal, Union

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, ValidationError, create_model

from ..core.diagnostics import Diagnostic
from ..core.hints import did_you_mean
from .source import Key, Source


def _seat_name(value: Any) -> Any:
    # `seats: [1, 2, 3]` is natural to write; seat names are text everywhere else.
    return str(value) if isinstance(value, int) and not isinstance(value, bool) else value


SeatName = Annotated[str, BeforeValidator(_seat_name), Field(min_length=1)]
# One card, or several written "A♥ 2♠ 5h" or as a list; parsed later, with marks.
CardsText = Annotated[Union[str, list[str]], Field(union_mode="left_to_right")]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


class ScriptSpec(Strict):
    """An example script of any family: each has seats and may name a variant."""

    if TYPE_CHECKING:  # each family's schema declares these, in the order its hints list keys
        seats: list[str]
        variant: str | None


# -- game.yaml -----------------------------------------------------------------------------

class Players(Strict):
    min: int = Field(ge=1, le=12)
    max: int = Field(ge=1, le=12)


class DurationSpec(Strict):
    """Minutes, roughly: one hand (a deal played out) and a whole game (None: a game is one
    hand, or as many hands as the table agrees)."""

    hand: int = Field(ge=1)
    game: int | None = Field(default=None, ge=1)


class SourceSpec(Strict):
    """A document the rules' facts come from: named as it names itself, in its language."""

    id: str = Field(pattern=r"^[a-z0-9]+(-[a-z0-9]+)*$")
    name: str
    language: str = Field(pattern=r"^[a-z]{2,3}$")
    url: str | None = Field(default=None, pattern=r"^https?://\S+$")


class ReadingSpec(Strict):
    """A choice the page makes where its sources disagree or say nothing; its text (the rule
    taken, the other reading, why) is in each language file under ``readings.<id>``."""

    id: str = Field(pattern=r"^[a-z0-9]+(-[a-z0-9]+)*$")
    sources: list[str] = []  # ids of the sources it reads; none: they are silent


class VariantSpec(Strict):
    deck: str | None = None
    remove: CardsText | None = None
    options: dict[str, Any] = {}


RelatedKind = Literal["variant-of", "same-family", "also-known-as"]


class RelatedGame(Strict):
    """A link to another game of the rules folder: this game is a ``variant-of`` it, of the
    ``same-family``, or ``also-known-as`` it (the same game, written up in another tradition).
    Links are written once, on either game; the pages show them from both sides."""

    game: str = Field(pattern=r"^[a-z0-9]+(-[a-z0-9]+)*$")
    kind: RelatedKind


class OtherName(Strict):
    """Another name the game goes by, in the language (BCP 47) it is a name in."""

    name: str = Field(min_length=1, max_length=80)
    lang: str = Field(pattern=r"^[a-z]{2,3}(-[A-Z][a-z]{3})?(-[A-Z]{2})?$")


class RelatedSpec(Strict):
    games: list[RelatedGame] = []
    names: list[OtherName] = []


class GameSpec(Strict):
    id: str = Field(pattern=r"^[a-z0-9]+(-[a-z0-9]+)*$")
    family: str  # checked against the registry of families: see game_spec()
    deck: str
    remove: CardsText = []
    players: Players
    duration: DurationSpec
    difficulty: int = Field(ge=1, le=5)
    # A slug names a folder and its PDFs (<slug>-sheet.pdf): far below the 255 bytes a file
    # name may have, and short enough to read in an address.
    slugs: dict[str, Annotated[str, Field(pattern=r"^[a-z0-9]+(-[a-z0-9]+)*$", max_length=100)]]
    options: dict[str, Any]
    variants: dict[str, VariantSpec] = {}
    sources: list[SourceSpec] = []
    readings: list[ReadingSpec] = []
    related: RelatedSpec = RelatedSpec()


@functools.cache
def game_spec(families: tuple[str, ...]) -> type[GameSpec]:
    """GameSpec whose ``family`` must be one of ``families`` (the registry's names)."""
    family: Any = Literal[families]  # a Literal made from data: the type checker cannot see it
    return create_model("GameSpec", __base__=GameSpec, family=(family, ...))


# -- <lang>.yaml ---------------------------------------------------------------------------

class Sections(Strict):
    objective: str | None = None
    cards: str | None = None
    setup: str | None = None
    gameplay: str | None = None
    scoring: str | None = None
    special: str | None = None
    variants: str | None = None
    tips: str | None = None
    glossary: str | None = None
    history: str | None = None


class FaqEntry(Strict):
    q: str
    a: str


class VariantText(Strict):
    name: str
    text: str


class ReadingText(Strict):
    rule: str  # what this page does
    alternative: str  # the other way to read the sources
    why: str  # why this page chose its way


class QuickRef(Strict):
    in_short: list[str]
    turn: list[str]
    end: list[str]


class ExampleText(Strict):
    title: str
    intro: str
    seats: dict[str, str] = {}
    start: str | None = None
    steps: list[str] = []
    result: str | None = None


class LanguageSpec(Strict):
    title: str
    description: str
    sections: Sections
    steps: list[str] = []
    faq: list[FaqEntry] = []
    variants: dict[str, VariantText] = {}
    quickref: QuickRef
    examples: dict[str, ExampleText] = {}
    readings: dict[str, ReadingText] = {}


# -- validation with marks -----------------------------------------------------------------

_TYPE_NAMES = {
    "string_type": "text", "int_type": "a whole number", "bool_type": "true or false",
    "list_type": "a list", "dict_type": "a mapping", "model_type": "a mapping",
    "float_type": "a number", "none_required": "nothing",
}


def describe(value: Any) -> str:
    """How a found value is named in messages: ``text 'abc'``, ``a list``."""
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return f"{str(value).lower()}"
    if isinstance(value, str):
        return f"text '{value}'" if len(value) <= 40 else f"text '{value[:37]}...'"
    if isinstance(value, int):
        digits = str(value)  # a number of thousands of digits would fill the terminal
        return f"the number {value}" if len(digits) <= 40 else \
            f"the number {digits[:20]}... ({len(digits):,} digits)"
    if isinstance(value, float):
        return f"the number {value}"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a mapping"
    return type(value).__name__


def validate(model: type[Strict], src: Source, *, at: Key = (), data: Any = None,
             locate: Callable[[Key], Key] | None = None) -> tuple[Any, list[Diagnostic]]:
    """Validate ``data`` (default: the source's value at ``at``); map every error to a mark.

    ``locate`` maps a location inside ``data`` to its key in the source, for data that was
    put together from several places (a variant's options over the game's).
    """
    value = src.get(at) if data is None else data
    try:
        return model.model_validate(value), []
    except ValidationError as err:
        return None, _diagnostics(err, model, src, locate or (lambda loc: at + loc), value)


def _diagnostics(err: ValidationError, model: type[Strict], src: Source,
                 locate: Callable[[Key], Key], value: Any) -> list[Diagnostic]:
    out: list[Diagnostic] = []
    seen: set[tuple[Key, str]] = set()
    for e in err.errors():
        loc = _clean_loc(e["loc"], value)
        key = locate(loc)
        kind = e["type"]
        if (key, kind) in seen:
            continue
        seen.add((key, kind))
        found = describe(e.get("input"))
        if kind == "extra_forbidden":
            name = str(loc[-1])
            allowed = fields_at(model, loc[:-1])
            hint = (did_you_mean(name, allowed, cutoff=0.6)
                    or (f"known keys here: {', '.join(allowed)}" if allowed else None))
            out.append(Diagnostic(src.key_mark(key), "unknown-key",
                                  f"unknown key '{name}'", hint=hint))
        elif kind == "missing":
            parent = key[:-1]
            where = f"in '{'.'.join(map(str, parent))}'" if parent else "at the top"
            out.append(Diagnostic(src.mark(key[:-1]), "missing-key",
                                  f"missing key '{loc[-1]}' {where}"))
        elif kind == "literal_error":
            expected = e.get("ctx", {}).get("expected", "")
            options = [o.strip(" '") for o in expected.replace(" or ", ",").split(",") if o.strip()]
            out.append(Diagnostic(src.mark(key), "bad-value",
                                  f"expected one of {expected}; found {found}",
                                  hint=did_you_mean(str(e.get("input")), options, cutoff=0.5)))
        elif kind in _TYPE_NAMES:
            hint = None
            if kind == "string_type" and isinstance(e.get("input"), (bool, int, float)):
                hint = "put the value in quotes to make it text"
            out.append(Diagnostic(src.mark(key), "wrong-type",
                                  f"expected {_TYPE_NAMES[kind]}; found {found}", hint=hint))
        else:
            out.append(Diagnostic(src.mark(key), "bad-value",
                                  f"{e['msg'][0].lower()}{e['msg'][1:]}; found {found}"))
    return out


def _clean_loc(loc: tuple[Any, ...], data: Any) -> Key:
    """The location of an error in the data. Union members appear in pydantic's location as
    type names ('str', 'list[str]', 'MatchSpec'); drop those, but never a real key of the data
    (a variant may well be called 'none')."""
    out: list[str | int] = []
    node = data
    for part in loc:
        if isinstance(part, int):
            out.append(part)
            node = node[part] if isinstance(node, list) and -len(node) <= part < len(node) else None
        elif isinstance(node, dict) and part in node:
            out.append(part)
            node = node[part]
        elif not (part in ("str", "int", "none") or _TYPE_NAME.fullmatch(part)
                  or part.endswith("Spec") or part == "function-before"):
            out.append(part)
            node = None
    return tuple(out)


# 'list[str]', 'dict[str,int]': a union member's name, never a key such as '0['
_TYPE_NAME = re.compile(r"[a-z_]+\[.*\]")


def fields_at(model: type[BaseModel], loc: Key) -> list[str]:
    """The keys a mapping at ``loc`` inside ``model`` may have (for suggestions)."""
    annotation: Any = model
    for part in loc:
        annotation = _step(annotation, part)
        if annotation is None:
            return []
    annotation = _unwrap(annotation)
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return [f.alias or name for name, f in annotation.model_fields.items()]
    return []


def _unwrap(annotation: Any) -> Any:
    while True:
        origin = typing.get_origin(annotation)
        if origin is Annotated:
            annotation = typing.get_args(annotation)[0]
        elif origin in (Union, types.UnionType):
            members = [a for a in typing.get_args(annotation) if a is not type(None)]
            annotation = members[-1]
        else:
            return annotation


def _step(annotation: Any, part: str | int) -> Any:
    annotation = _unwrap(annotation)
    origin = typing.get_origin(annotation)
    if origin is list and isinstance(part, int):
        return typing.get_args(annotation)[0]
    if origin is dict:
        return typing.get_args(annotation)[1]
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        for name, f in annotation.model_fields.items():
            if part in (name, f.alias):
                return f.annotation
    return None


# -- rules/site.yaml -----------------------------------------------------------------------

class SiteSpec(Strict):
    name: str = "rulebook"
    base_url: str  # an absolute http(s) address: model.url_problem says what else
    # The language the other languages are translated from: their texts are outdated when
    # its text changes (`rulebook i18n`); one of i18n.LANGUAGES, checked by model.py.
    source_language: str = "en"
    # Languages whose pages show ranks in their own letters (de: B D K A, ru: В Д К Т) instead
    # of J Q K A; the notation in the rules stays J Q K A. model.card_letters_problems checks.
    card_letters: list[str] = []
