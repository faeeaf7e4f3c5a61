"""The shape of every rules file, as pydantic models, and their errors as diagnostics.

Structure only: cards stay text here (``CardsText``) and are parsed by model.py, which knows
where each token stands in the file and can point at the bad one.
"""

from __future__ import annotations

import enum
import functools
import re
import types
import typing
from typing import TYPE_CHECKING, Annotated, Any, Callable, Literal, Union

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    ValidationError,
    WithJsonSchema,
    create_model,
)
from pydantic.json_schema import GenerateJsonSchema, JsonSchemaValue

from ..core.cards import DECKS
from ..core.diagnostics import Diagnostic
from ..core.hints import did_you_mean
from ..core.languages import LANGUAGES, Gender
from .source import Key, Source


def _seat_name(value: Any) -> Any:
    # `seats: [1, 2, 3]` is natural to write; seat names are text everywhere else.
    return str(value) if isinstance(value, int) and not isinstance(value, bool) else value


# The JSON Schemas of these two types (`rulebook schema`) say what YAML may hold there, and
# name the type for the format reference (`x-rulebook-type`).
SeatName = Annotated[str, BeforeValidator(_seat_name), Field(min_length=1), WithJsonSchema({
    "anyOf": [{"type": "string", "minLength": 1}, {"type": "integer"}],
    "x-rulebook-type": "seat"})]
# One card, or several written "A♥ 2♠ 5h" or as a list; parsed later, with marks.
CardsText = Annotated[Union[str, list[str]], Field(union_mode="left_to_right"), WithJsonSchema({
    "anyOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}}],
    "x-rulebook-type": "cards"})]
# An example script's `genders`, the same in every family's.
GENDERS = ("Each player's gender, by seat: `f` or `m`, the form the languages give the words "
           "the site writes of that player (\"сдающая\", \"تأخذ آنا الأكلة\", \"Geberin\"). In a "
           "game with a language other than English, `rulebook check` warns of a seat without "
           "one, whose words are then masculine. \"Player 1\" is `m`: the noun is masculine.")
DRAFT = ("A draft: the hand is replayed and checked like any example, but not published, and the "
         "language files need no text for it and `order` need not name it (a hand downloaded "
         "from the play page is one). Remove it, and write the narration, to publish the hand.")
ID_PATTERN = r"^[a-z0-9]+(-[a-z0-9]+)*$"  # game, source, reading and slug ids: demo-game


class _AsWritten(GenerateJsonSchema):
    """Pydantic's JSON Schema with every mapping in the order it was written: the examples
    show a game's keys as a game writes them (min before max), not sorted."""

    def sort(self, value: JsonSchemaValue, parent_key: str | None = None) -> JsonSchemaValue:
        return value


def json_schema(model: type[BaseModel]) -> dict[str, Any]:
    """A model's JSON Schema (draft 2020-12), for `rulebook schema` and `rulebook docs`."""
    return model.model_json_schema(schema_generator=_AsWritten)


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


class ScriptSpec(Strict):
    """An example script of any family: each has seats and may name a variant."""

    if TYPE_CHECKING:  # each family's schema declares these, in the order its hints list keys
        seats: list[str]
        genders: dict[str, Gender]
        variant: str | None
        draft: bool


# -- game.yaml -----------------------------------------------------------------------------

class Players(Strict):
    """How many play: the fewest and the most."""

    min: int = Field(ge=1, le=12, description="The fewest players.", examples=[3])
    max: int = Field(ge=1, le=12, description="The most players.", examples=[6])


class DurationSpec(Strict):
    """Minutes, roughly: one hand (a deal played out) and a whole game (left out: a game is
    one hand, or as many hands as the table agrees)."""

    hand: int = Field(ge=1, description="Minutes a hand takes, roughly.", examples=[10])
    game: int | None = Field(default=None, ge=1, examples=[40], description=(
        "Minutes a whole game of several hands takes; leave it out when a game is one hand."))
    estimate: list[Literal["hand", "game"]] = Field(default=[], examples=[["hand", "game"]],
                                                    description=(
        "The figures no source gives, which are this site's estimate: the facts box marks "
        "them (\"about 8 minutes a hand (our estimate)\")."))


class SourceSpec(Strict):
    """A document the rules' facts come from: named as it names itself, in its language."""

    id: str = Field(pattern=ID_PATTERN, examples=["hoyle-1907"], description=(
        "How the game's readings name this source."))
    name: str = Field(examples=["Hoyle's Games, «Old Maid»"], description=(
        "The document's name as it names itself, in its own language."))
    language: str = Field(pattern=r"^[a-z]{2,3}$", examples=["en"], description=(
        "The language the document is written in (ISO 639 code)."))
    url: str | None = Field(default=None, pattern=r"^https?://\S+$",
                            examples=["https://example.org/old-maid"],
                            description=("Where the document can be read, when it is online. `check` "
                                         "warns of a character in it that no reader sees (a "
                                         "byte-order mark pasted with it, `%ef%bb%bf`)."))


class ReadingSpec(Strict):
    """A choice the page makes where its sources disagree or say nothing; its text (the rule
    taken, the other reading, why) is in each language file under ``readings.<id>``."""

    id: str = Field(pattern=ID_PATTERN, examples=["ties"], description=(
        "The reading's name; each language file gives its text under `readings.<id>`."))
    sources: list[str] = Field(default=[], examples=[["hoyle-1907"]], description=(
        "The ids of the sources this reading reads; none when they are silent."))


class Affects(enum.StrEnum):
    """What a rule outside the model makes unreliable, and so what the site leaves out."""

    SCORES = "scores"  # the engine's scores: no score in the examples, play page or numbers
    PLAY = "play"  # the engine's play: no page to play against the computer
    NUMBERS = "numbers"  # the engine's random rounds: no "By the numbers" page


class OutsideModelSpec(Strict):
    """A rule of the game that its family's engine does not model (a score for the first and
    the last trick, a bonus for a set of cards, ...): declared, so that nothing the engine
    computes in its place is published or checked as true; its text, the rule in words, is in
    each language file under ``outside_model.<id>``."""

    id: str = Field(pattern=ID_PATTERN, examples=["trick-positions"], description=(
        "The rule's name; each language file gives its text under `outside_model.<id>`."))
    affects: list[Literal["scores", "play", "numbers"]] = Field(
        min_length=1, examples=[["scores"]], description=(
        "What the engine gets wrong without the rule, and the site therefore leaves out: "
        "`scores` (no score in the examples' results, which are not checked; no score sheet "
        "or match on the play page; no points figures on the numbers page), `play` (no page "
        "to play against the computer), `numbers` (no \"By the numbers\" page)."))


class VariantSpec(Strict):
    """Another way to play the same game: a deck, removed cards and options that replace the
    game's own; everything it does not name stays as the game has it."""

    deck: str | None = Field(default=None, json_schema_extra={"enum": [*DECKS, None]},
                             description="Another named deck for this variant.",
                             examples=["french-52+joker"])
    remove: CardsText | None = Field(default=None, examples=["2♦"], description=(
        "The cards this variant takes out of its deck, in place of the game's `remove`."))
    options: dict[str, Any] = Field(default={}, examples=[{"players": 3}], description=(
        "Options of the game's family that this variant changes; each replaces the game's "
        "option of that name whole."))


RelatedKind = Literal["variant-of", "same-family", "also-known-as"]


class RelatedGame(Strict):
    """A link to another game of the rules folder: this game is a ``variant-of`` it, of the
    ``same-family``, or ``also-known-as`` it (the same game, written up in another tradition).
    Links are written once, on either game; the pages show them from both sides."""

    game: str = Field(pattern=ID_PATTERN, examples=["old-maid"],
                      description="The id of the other game, a folder of the same rules folder.")
    kind: RelatedKind = Field(description="How this game relates to the other one.")


class OtherName(Strict):
    """Another name the game goes by, in the language (BCP 47) it is a name in."""

    name: str = Field(min_length=1, max_length=80, examples=["Babanuki"],
                      description="The other name, as written in its language.")
    lang: str = Field(pattern=r"^[a-z]{2,3}(-[A-Z][a-z]{3})?(-[A-Z]{2})?$", examples=["ja-Latn"],
                      description="Its language, as a BCP 47 tag (a script or region may follow).")


class RelatedSpec(Strict):
    """The game's relatives, shown on its page."""

    games: list[RelatedGame] = Field(default=[], description=(
        "Links to other games of the rules folder (written once, on either game)."))
    names: list[OtherName] = Field(default=[], description="Other names the game goes by.")


class GameSpec(Strict):
    """What is the same in every language: the family, the deck, the players, the engine's
    options and the variants."""

    id: str = Field(pattern=ID_PATTERN, examples=["black-peter"], description=(
        "The game's id: the name of its folder (lowercase letters, digits, single hyphens)."))
    # checked against the registry of families: see game_spec()
    family: str = Field(examples=["pairs"], description=(
        "The family of games whose engine plays it; it decides what `options` and the example "
        "rounds hold."))
    deck: str = Field(json_schema_extra={"enum": list(DECKS)}, examples=["french-52"],
                      description="The named deck the game starts from (see Cards and decks).")
    remove: CardsText = Field(default=[], examples=["J♠"], description=(
        "Cards taken out of the deck before play."))
    players: Players = Field(description="How many play.", examples=[{"min": 2, "max": 6}])
    duration: DurationSpec = Field(description="Minutes, roughly.",
                                   examples=[{"hand": 10, "game": 40}])
    difficulty: int = Field(ge=1, le=5, examples=[1], description=(
        "How hard the game is to learn, from 1 (a children's game) to 5."))
    # A slug names a folder and its PDFs (<slug>-sheet.pdf): far below the 255 bytes a file
    # name may have, and short enough to read in an address.
    slugs: dict[str, Annotated[str, Field(pattern=ID_PATTERN, max_length=100)]] = Field(
        json_schema_extra={"propertyNames": {"enum": list(LANGUAGES)}},
        examples=[{"en": "black-peter", "de": "schwarzer-peter"}], description=(
            "The game's address in each language it has a file for: `<lang>/<slug>/` on the "
            "site and the names of its PDFs."))
    former_slugs: dict[str, list[Annotated[str, Field(pattern=ID_PATTERN, max_length=100)]]] = \
        Field(default={}, json_schema_extra={"propertyNames": {"enum": list(LANGUAGES)}},
              examples=[{"en": ["black-peter-32"]}], description=(
            "Addresses the game had before, by language: each `<lang>/<slug>/` becomes a small "
            "page that sends the reader to the game's page in that language. A slug, current "
            "or former, names one game in every language (see Writing rules)."))
    options: dict[str, Any] = Field(examples=[{"pairing": "rank", "odd_card": "★"}], description=(
        "The engine's options: what they are depends on the family (see the family's "
        "options below)."))
    variants: dict[str, VariantSpec] = Field(default={}, examples=[{
        "three-players": {"options": {"players": 3}}}], description=(
        "Other ways to play, by name; each language file gives each its name and text."))
    sources: list[SourceSpec] = Field(default=[], description=(
        "The documents the rules' facts come from."))
    readings: list[ReadingSpec] = Field(default=[], description=(
        "Each choice the page makes where the sources disagree or say nothing."))
    outside_model: list[OutsideModelSpec] = Field(default=[], examples=[[
        {"id": "trick-positions", "affects": ["scores"]}]], description=(
        "The game's rules its family's engine does not model (the format reference says, for "
        "each family, what it cannot express): `rulebook check` says what it does not check "
        "because of them, and the site publishes nothing they make unreliable."))
    related: RelatedSpec = Field(default=RelatedSpec(), description=(
        "Other games of the rules folder this one is related to, and its other names."))
    order: list[str] | None = Field(default=None, examples=[["the-deal", "the-last-trick"]],
                                    description=(
        "The example rounds in the order the page shows them, by file name (without .yaml): "
        "every file of examples/ once. Left out: in the order of their file names."))


@functools.cache
def game_spec(families: tuple[str, ...]) -> type[GameSpec]:
    """GameSpec whose ``family`` must be one of ``families`` (the registry's names)."""
    family: Any = Literal[families]  # a Literal made from data: the type checker cannot see it
    field = GameSpec.model_fields["family"]
    # named after its families, and found by that name in this module (__getattr__), so that a
    # checked game pickles: the build's workers hand their games back to it
    name = _SPEC_OF + "__".join(families)
    return create_model(name, __base__=GameSpec, __module__=__name__, family=(family, Field(
        description=field.description, examples=field.examples)))


_SPEC_OF = "GameSpecOf_"


def __getattr__(name: str) -> Any:
    if name.startswith(_SPEC_OF):
        return game_spec(tuple(name[len(_SPEC_OF):].split("__")))
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


# -- <lang>.yaml ---------------------------------------------------------------------------

def _section(what: str, example: str) -> Any:
    return Field(default=None, examples=[example], description=(
        f"{what} (Markdown; leave it out when there is nothing to say)."))


class Sections(Strict):
    """The sections of the game page, in this order; each is Markdown and may use
    placeholders."""

    objective: str | None = _section("What the players try to do",
                                       "Get rid of all your cards.")
    cards: str | None = _section(
        "The deck, the cards taken out, what the cards are worth", "{deck.size} cards.")
    setup: str | None = _section(
        "Dealing and everything before the first turn", "Deal all the cards.")
    gameplay: str | None = _section("How a turn or a trick goes",
                                      "Follow suit if you can.")
    scoring: str | None = _section(
        "How a round is scored, and who wins the game", "The lowest total wins.")
    special: str | None = _section("Special cases and their rulings",
                                     "A misdeal is dealt again.")
    variants: str | None = _section("An introduction to the variants (each variant's own "
                                    "text is under `variants`)", "Families play it many ways.")
    tips: str | None = _section("Advice on playing well",
                                  "Keep your low cards.")
    glossary: str | None = _section("The game's words, one `- **Term:** definition` item per "
                                    "term: the page then links each term where the rules first "
                                    "use it (any inflected form) to its definition",
                                    "- **Trick:** one card from each player.")
    history: str | None = _section("Where the game comes from",
                                     "First printed in 1850.")


# The sections a page shows in the source language when its language lacks them (the glossary,
# the FAQ and the steps are lists a language has of its own: check counts them).
FALLBACK_SECTIONS = ("objective", "cards", "setup", "gameplay", "scoring", "special", "tips",
                     "history")


class FaqEntry(Strict):
    """One question and its answer."""

    q: str = Field(description="The question.", examples=["Can I look at the pairs laid down?"])
    a: str = Field(description="The answer (Markdown).", examples=["Yes: they lie face up."])


class VariantText(Strict):
    """A variant's text in this language (the variant itself is in game.yaml)."""

    name: str = Field(description="The variant's name as the page shows it.",
                      examples=["Three players"])
    text: str = Field(description="What the variant changes (Markdown).",
                      examples=["Remove the {three-players.removed} and deal to three."])


class ReadingText(Strict):
    """A reading's text in this language (the reading itself is in game.yaml)."""

    rule: str = Field(description="What this page does.",
                      examples=["A tie is shared."])
    alternative: str = Field(description="The other way to read the sources.",
                             examples=["The dealer wins a tie."])
    why: str = Field(description="Why this page chose its way.",
                     examples=["No source names a winner."])


class QuickRef(Strict):
    """The quick-reference card: three short lists."""

    in_short: list[str] = Field(description="The game in a few lines.",
                                examples=[["Pair up your cards; the {odd_card} loses."]])
    turn: list[str] = Field(description="What a turn is.",
                            examples=[["Draw one card from your left-hand neighbour."]])
    end: list[str] = Field(description="How a round ends and who wins or loses.",
                           examples=[["Whoever holds the {odd_card} at the end loses."]])


class ExampleText(Strict):
    """The narration of one example round (its moves are in examples/<name>.yaml)."""

    title: str = Field(description="The example's heading.", examples=["The end of a round"])
    intro: str = Field(description="What the reader needs before the first step.",
                       examples=["Anna, Bruno and Carla sit clockwise; Carla has dealt."])
    seats: dict[str, str] = Field(default={}, examples=[{"Anna": "Anne"}], description=(
        "The seat names as this language writes them, by the script's seat name."))
    start: str | None = Field(default=None, examples=["Anna has only hearts left."], description=(
        "Text shown after the deal or the position and before the first step."))
    steps: list[str] = Field(default=[], description=(
        "One text for each step of the script: each move, trick, or hand of a score sheet, "
        "in order."), examples=[["Anna draws the 7♠ from Bruno and lays down a pair of "
                                 "sevens."]])
    result: str | None = Field(default=None, description="Text shown after the last step.",
                               examples=["Anna is left holding the ★ and loses."])


class LanguageSpec(Strict):
    """One language's prose of a game: its file is `<lang>.yaml`, where lang is one of the
    site's languages."""

    title: str = Field(description="The game's name in this language.", examples=["Old Maid"])
    family_name: str | None = Field(default=None, max_length=80, examples=["Black Peter and Old Maid"],
                                    description=(
        "The name readers know the game's family by, as the heading of its section of the "
        "index (a family: the games `related` links, directly or not). Given on one game of "
        "the family, or on several with the same words; without one the heading is \"The "
        "<game> family\", after the game the others descend from."))
    description: str = Field(description=(
        "One or two sentences for the list of games, the search and the page's description."),
        examples=["Pair up your cards and don't be the one left with the odd card."])
    sections: Sections = Field(description="The sections of the game page.")
    steps: list[str] = Field(default=[], description=(
        "The rules in a few numbered steps, one line each."),
        examples=[["Deal all the cards.", "Lay down your pairs."]])
    faq: list[FaqEntry] = Field(default=[], description="Questions and answers.")
    variants: dict[str, VariantText] = Field(default={}, examples=[{"three-players": {
        "name": "Three players", "text": "Deal to three."}}], description=(
        "The text of each variant of game.yaml, by its name."))
    quickref: QuickRef = Field(description="The quick-reference card.")
    examples: dict[str, ExampleText] = Field(default={}, examples=[{"end-of-a-round": {
        "title": "The end of a round", "intro": "Three cards are left.",
        "steps": ["Anna draws the ★."]}}], description=(
        "The narration of each example round, by its file name (without .yaml)."))
    readings: dict[str, ReadingText] = Field(default={}, examples=[{"ties": {
        "rule": "A tie is shared.", "alternative": "The dealer wins a tie.",
        "why": "No source names a winner."}}], description=(
        "The text of each reading of game.yaml, by its id."))
    outside_model: dict[str, str] = Field(default={}, examples=[{
        "trick-positions": "Whoever takes the first or the last trick loses a point."}],
        description=("The text of each rule of game.yaml's `outside_model`, by its id: the "
                     "rule in words, as the page's About section shows it."))


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


def validate_parts(model: type[Strict], src: Source, *, data: Any = None
                   ) -> tuple[Any, list[Diagnostic]]:
    """Like ``validate``, but a file with errors in some of its parts still gives a model of
    the others, so what is checked after the schema (names, placeholders, the engine) is
    reported for them too: the smallest part that holds each error and can go (an unknown or
    optional key, else the list item or mapping entry it is in) is left out. None when
    nothing can be left out (a required key is wrong); the errors are reported either way,
    so a file with any is never taken for a good one."""
    value = src.data if data is None else data
    try:
        return model.model_validate(value), []
    except ValidationError as err:
        found = _diagnostics(err, model, src, lambda loc: loc, value)
        points = [_prune_point(model, _clean_loc(e["loc"], value)) for e in err.errors()]
        if any(point is None for point in points):
            return None, found
        try:
            return model.model_validate(_without(value, [p for p in points if p])), found
        except ValidationError:
            return None, found


def _prune_point(model: type[BaseModel], loc: Key) -> Key | None:
    """What to leave out for an error at ``loc``: the smallest part that holds it and can go,
    a key the mapping does not know, an optional key, or the item of a list or the entry of
    a mapping (when a key it requires is wrong); None when the error is in no such part."""
    annotation: Any = model
    found: Key | None = None
    for i, part in enumerate(loc):
        parent = _unwrap(annotation)
        if typing.get_origin(parent) in (list, dict):
            found = loc[:i + 1]
            annotation = typing.get_args(parent)[-1]
            continue
        if not (isinstance(parent, type) and issubclass(parent, BaseModel)):
            break
        field = next((f for name, f in parent.model_fields.items() if part in (name, f.alias)),
                     None)
        if field is None:  # a key the mapping does not know: leave it out
            return loc[:i + 1]
        if not field.is_required():
            found = loc[:i + 1]
        annotation = field.annotation
    return found


_GONE = object()


def _without(value: Any, points: list[Key]) -> Any:
    """A copy of ``value`` without the parts at ``points``."""
    def copy(node: Any, key: Key) -> Any:
        if key in marked:
            return _GONE
        if isinstance(node, dict):
            kept = {k: copy(v, key + (k,)) for k, v in node.items()}
            return {k: v for k, v in kept.items() if v is not _GONE}
        if isinstance(node, list):
            items = [copy(v, key + (i,)) for i, v in enumerate(node)]
            return [v for v in items if v is not _GONE]
        return node

    marked = set(points)
    return copy(value, ())


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
    """The site's settings: rules/site.yaml, beside the game folders."""

    name: str = Field(default="rulebook", description="The site's name, in every page's header.",
                      examples=["Card games"])
    # an absolute http(s) address: model.url_problem says what else
    base_url: str = Field(examples=["https://example.org/rules/"], description=(
        "The address the site is served from (absolute http or https, no query): the sitemap, "
        "canonical and hreflang links and the printed QR codes use it."))
    # The language the other languages are translated from: their texts are outdated when
    # its text changes (`rulebook i18n`); one of i18n.LANGUAGES, checked by model.py.
    source_language: str = Field(default="en", json_schema_extra={"enum": list(LANGUAGES)},
                                 examples=["it"], description=(
        "The language the others are translated from: their texts are outdated when its text "
        "changes (`rulebook i18n`)."))
    # Languages whose pages show ranks in their own letters (de: B D K A, ru: В Д К Т) instead
    # of J Q K A; the notation in the rules stays J Q K A. model.card_letters_problems checks.
    card_letters: list[str] = Field(default=[], examples=[["de", "ru"]], description=(
        "Languages whose pages show the ranks in their own letters (de: B D K A, ru: В Д К Т) "
        "instead of J Q K A; the rules are written with J Q K A all the same."))
