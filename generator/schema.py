"""The shape of every rules file, as pydantic models, and their errors as diagnostics.

Structure only: cards stay text here (``CardsText``) and are parsed by model.py, which knows
where each token stands in the file and can point at the bad one.
"""

from __future__ import annotations

import difflib
import re
import types
import typing
from typing import Annotated, Any, Callable, Literal, Union

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, ValidationError

from .diagnostics import Diagnostic
from .source import Key, Source


def _seat_name(value: Any) -> Any:
    # `seats: [1, 2, 3]` is natural to write; seat names are text everywhere else.
    return str(value) if isinstance(value, int) and not isinstance(value, bool) else value


SeatName = Annotated[str, BeforeValidator(_seat_name), Field(min_length=1)]
# One card, or several written "A♥ 2♠ 5h" or as a list; parsed later, with marks.
CardsText = Annotated[Union[str, list[str]], Field(union_mode="left_to_right")]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


# -- game.yaml -----------------------------------------------------------------------------

class Players(Strict):
    min: int = Field(ge=1, le=12)
    max: int = Field(ge=1, le=12)


class MatchSpec(Strict):
    kind: Literal["first-to-losses", "agreed-hands"]
    losses: int | None = Field(default=None, ge=1)
    hands: int | None = Field(default=None, ge=1)


class PairsOptionsSpec(Strict):
    pairing: Literal["rank", "rank-and-colour"]
    pairs: list[list[str]] = []
    odd_card: str  # a card, "hidden" (removed face down at random) or "none" (the leftover)
    lay_down_alone: CardsText = []
    draw_from: Literal["left", "right"]
    turn_passes: Literal["left", "right"] = "left"
    first_turn: Literal["dealer-offers", "left-of-dealer-draws", "left-of-dealer-offers"] = \
        "dealer-offers"
    odd_card_holder: Literal["loses", "wins"] = "loses"
    winners: Literal["all-others", "first-out"] = "all-others"
    match: MatchSpec | None = None


class VariantSpec(Strict):
    deck: str | None = None
    remove: CardsText | None = None
    options: dict[str, Any] = {}


class GameSpec(Strict):
    id: str = Field(pattern=r"^[a-z0-9]+(-[a-z0-9]+)*$")
    family: Literal["pairs", "tricks"]  # the keys of family.REGISTRY
    deck: str
    remove: CardsText = []
    players: Players
    duration: int = Field(ge=1, description="minutes a round takes")
    difficulty: int = Field(ge=1, le=5)
    # A slug names a folder and its PDFs (<slug>-sheet.pdf): far below the 255 bytes a file
    # name may have, and short enough to read in an address.
    slugs: dict[str, Annotated[str, Field(pattern=r"^[a-z0-9]+(-[a-z0-9]+)*$", max_length=100)]]
    options: dict[str, Any]
    variants: dict[str, VariantSpec] = {}


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
    history: str | None = None


class FaqEntry(Strict):
    q: str
    a: str


class VariantText(Strict):
    name: str
    text: str


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


# -- examples/<name>.yaml of the pairs family --------------------------------------------

class MoveSpec(Strict):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True, populate_by_name=True)
    by: SeatName | None = None
    from_: SeatName | None = Field(default=None, alias="from")
    draw: str
    pair: CardsText | None = None
    hands: dict[str, str] | None = None
    out: list[SeatName] | None = None


class ResultSpec(Strict):
    loser: SeatName | None = None
    winners: list[SeatName] | None = None


class PairsExampleSpec(Strict):
    seats: list[SeatName] = Field(min_length=2)
    dealer: SeatName
    variant: str | None = None
    deal: dict[str, str] | None = None
    hidden_card: str | None = None
    first_pairs: dict[str, str] | None = None
    position: dict[str, str] | None = None
    deal_counts: dict[str, int] | None = None
    kept_counts: dict[str, int] | None = None
    first: SeatName | None = None
    moves: list[MoveSpec] = []
    result: ResultSpec | None = None


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
            near = difflib.get_close_matches(name, allowed, n=1, cutoff=0.6)
            hint = (f"did you mean '{near[0]}'?" if near
                    else f"known keys here: {', '.join(allowed)}" if allowed else None)
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
            near = difflib.get_close_matches(str(e.get("input")), options, n=1, cutoff=0.5)
            out.append(Diagnostic(src.mark(key), "bad-value",
                                  f"expected one of {expected}; found {found}",
                                  hint=f"did you mean '{near[0]}'?" if near else None))
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
