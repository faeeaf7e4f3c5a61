"""`rulebook docs`: the format of every rules file, key by key, as Markdown.

Everything it says comes from the models `rulebook check` validates with (their JSON Schemas:
each key's type, default, allowed values, description and example), from the families'
registry (each family's options, example rounds, placeholders and starter), from the named
decks and from the placeholders every game has. docs/format.md is its output, and a test
fails when the two differ: the reference cannot drift from the checker.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Iterator, Mapping

import yaml
from pydantic import BaseModel

from ..check.load import PLACEHOLDERS
from ..core.cards import DECKS, JOKER_GLYPH, RED_JOKER_GLYPH, Rank, Suit, cards_name
from ..families import REGISTRY
from ..families.starter import Starter
from ..model import schema
from ..model.translated_from import TranslatedFromSpec
from . import schemas

COMMAND = "rulebook docs --out docs/format.md"  # how docs/format.md is made


# -- one file kind's keys ---------------------------------------------------------------------

@dataclass
class _Part:
    """One mapping of a file (the file itself, or a nested one such as ``variants.<name>``)."""

    path: str  # where it is in the file: "" for the top, "variants.<name>", "tricks[]"
    anchor: str
    node: dict[str, Any]  # its JSON Schema (an object with properties)


@dataclass
class _Walk:
    """A file kind's JSON Schema, its nested mappings found in the order they are named."""

    prefix: str  # the anchors' prefix: game-yaml, options-tricks, ...
    defs: dict[str, Any]
    parts: list[_Part] = field(default_factory=list)
    anchors: dict[str, str] = field(default_factory=dict)  # a definition's name: its anchor

    def anchor(self, ref: str) -> str:
        return self.anchors[ref.rsplit("/", 1)[-1]]


def _walk(model: type[BaseModel], prefix: str) -> _Walk:
    found = schema.json_schema(model)
    walk = _Walk(prefix, found.get("$defs", {}))
    walk.parts.append(_Part("", prefix, found))
    queue = [("", found)]
    while queue:
        path, node = queue.pop(0)
        for key, value in node.get("properties", {}).items():
            for sub, ref in _refs(value, f"{path}.{key}" if path else key):
                name = ref.rsplit("/", 1)[-1]
                if name not in walk.anchors:
                    walk.anchors[name] = f"{prefix}-{_slug(sub)}"
                    walk.parts.append(_Part(sub, walk.anchors[name], walk.defs[name]))
                    queue.append((sub, walk.defs[name]))
    return walk


def _refs(node: Any, path: str) -> Iterator[tuple[str, str]]:
    """The definitions a key's schema names, each with the path of what it describes."""
    if not isinstance(node, dict):
        return
    if "$ref" in node:
        yield path, node["$ref"]
    for member in node.get("anyOf", []) + node.get("allOf", []):
        yield from _refs(member, path)
    if isinstance(node.get("items"), dict):
        yield from _refs(node["items"], f"{path}[]")
    if isinstance(node.get("additionalProperties"), dict):
        yield from _refs(node["additionalProperties"], f"{path}.<name>")


def _slug(path: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", path.lower()).strip("-")


# -- a key's type, default and example --------------------------------------------------------

def type_of(node: dict[str, Any], walk: _Walk) -> str:
    """What a value may be, in words: ``a whole number from 1 to 5``, ``one of `a`, `b```."""
    kind = node.get("x-rulebook-type")
    if kind == "seat":
        return "a seat name"
    if kind == "cards":
        return "cards ([notation](#cards-and-decks): one card, several separated by spaces, " \
               "or a list)"
    if "$ref" in node:
        return f"a mapping ([`{_path_of(node['$ref'], walk)}`](#{walk.anchor(node['$ref'])}))"
    if "enum" in node:
        return "one of " + ", ".join(f"`{_flow(v)}`" for v in node["enum"] if v is not None)
    members = [m for m in node.get("anyOf", []) if m.get("type") != "null"]
    if members:
        return " or ".join(type_of(m, walk) for m in members)
    if "allOf" in node:
        return type_of(node["allOf"][0], walk)
    if "const" in node:
        return f"`{_flow(node['const'])}`"
    return _plain_type(node, walk)


def _plain_type(node: dict[str, Any], walk: _Walk) -> str:
    kind = node.get("type")
    if kind == "string":
        extra = []
        if "pattern" in node:
            extra.append(f"matching `{node['pattern']}`")
        if "maxLength" in node:
            extra.append(f"of at most {node['maxLength']} characters")
        if node.get("minLength", 0) > 1:
            extra.append(f"of at least {node['minLength']} characters")
        return "text" + (" " + ", ".join(extra) if extra else "")
    if kind == "integer":
        low, high = node.get("minimum"), node.get("maximum")
        if low is not None and high is not None:
            return f"a whole number from {low} to {high}"
        if low is not None:
            return f"a whole number, at least {low}"
        if high is not None:
            return f"a whole number, at most {high}"
        return "a whole number"
    if kind == "boolean":
        return "`true` or `false`"
    if kind == "array":
        items = type_of(node.get("items", {}), walk) if node.get("items") else "anything"
        least = f" (at least {node['minItems']})" if node.get("minItems") else ""
        return f"a list{least} of: {items}"
    if kind == "object":
        values = node.get("additionalProperties")
        names = node.get("propertyNames", {}).get("enum")
        by = f"by language ({', '.join(f'`{n}`' for n in names)})" if names else "by name"
        if isinstance(values, dict):
            return f"a mapping, {by}, of: {type_of(values, walk)}"
        return "a mapping"
    return "anything"


def _path_of(ref: str, walk: _Walk) -> str:
    name = ref.rsplit("/", 1)[-1]
    return next(part.path for part in walk.parts if part.node is walk.defs.get(name))


def example_of(node: dict[str, Any], walk: _Walk, depth: int = 0) -> Any:
    """The value a key's example shows: its own, else one made from its type."""
    if node.get("examples"):
        return node["examples"][0]
    if "$ref" in node and depth < 4:
        target = walk.defs[node["$ref"].rsplit("/", 1)[-1]]
        props = target.get("properties", {})
        keys = target.get("required") or list(props)[:1]
        return {key: example_of(props[key], walk, depth + 1) for key in keys}
    members = [m for m in node.get("anyOf", []) if m.get("type") != "null"]
    if members:
        return example_of(members[0], walk, depth)
    if "allOf" in node:
        return example_of(node["allOf"][0], walk, depth)
    if node.get("enum"):
        return next(v for v in node["enum"] if v is not None)
    if node.get("type") == "boolean":
        return not node.get("default", False)
    if node.get("type") == "array" and isinstance(node.get("items"), dict):
        return [example_of(node["items"], walk, depth + 1)]
    return None


def _flow(value: Any) -> str:
    """A value as YAML writes it on one line."""
    text = yaml.safe_dump(value, allow_unicode=True, default_flow_style=True, sort_keys=False,
                          width=1 << 16)
    return text.removesuffix("\n").removesuffix("\n...").strip()


def _key_lines(key: str, node: dict[str, Any], required: bool, walk: _Walk) -> list[str]:
    need = "required" if required else (
        "optional" if node.get("default") is None and "default" in node
        else f"default `{_flow(node['default'])}`" if "default" in node else "optional")
    out = [f"- **`{key}`**: {type_of(node, walk)}; {need}."]
    if description_of(node, walk):
        out.append("  " + _one_line(description_of(node, walk)))
    example = example_of(node, walk)
    if example is not None:
        line = f"{key}: {_flow(example)}"
        if len(line) <= 88:
            out.append(f"  Example: `{line}`")
        else:
            block = yaml.safe_dump({key: example}, allow_unicode=True, sort_keys=False,
                                   default_flow_style=False, width=88)
            out += ["  Example:", "", "  ```yaml",
                    *(f"  {line}" for line in block.rstrip("\n").split("\n")), "  ```"]
    return out


def description_of(node: dict[str, Any], walk: _Walk) -> str:
    """A key's description; pydantic leaves it out where it is its mapping's own."""
    if node.get("description"):
        return str(node["description"])
    if "$ref" in node:
        return str(walk.defs[node["$ref"].rsplit("/", 1)[-1]].get("description", ""))
    return ""


def _one_line(text: str) -> str:
    return " ".join(text.split())


def _parts(walk: _Walk, *, level: int, root_title: str | None = None) -> list[str]:
    out: list[str] = []
    for part in walk.parts:
        if part.path:
            out += ["", f'<a id="{part.anchor}"></a>', "",
                    f"{'#' * level} `{part.path}`"]
        elif root_title:
            out += ["", f"{'#' * level} {root_title}"]
        if part.node.get("description") and part.path:
            out += ["", _one_line(part.node["description"])]
        out.append("")
        required = set(part.node.get("required", []))
        for key, value in part.node.get("properties", {}).items():
            out += _key_lines(key, value, key in required, walk)
    return out


def missing_examples() -> list[str]:
    """Every key of every file kind whose example the reference would leave out (a test
    keeps this empty)."""
    out = []
    for title, walk in _file_walks():
        for part in walk.parts:
            for key, value in part.node.get("properties", {}).items():
                if example_of(value, walk) is None:
                    out.append(f"{title}: {part.path + '.' if part.path else ''}{key}")
    return out


def _file_walks() -> Iterator[tuple[str, _Walk]]:
    yield "site.yaml", _walk(schema.SiteSpec, "site-yaml")
    yield "game.yaml", _walk(schema.game_spec(tuple(REGISTRY)), "game-yaml")
    yield "<lang>.yaml", _walk(schema.LanguageSpec, "language-yaml")
    yield "<lang>.translated-from.yaml", _walk(TranslatedFromSpec, "translated-from-yaml")
    for name, family in REGISTRY.items():
        yield f"{name} options", _walk(family.options_schema, f"options-{name}")
        yield f"{name} examples", _walk(family.example_schema, f"example-{name}")


# -- the whole reference ----------------------------------------------------------------------

def reference() -> str:
    """docs/format.md."""
    walks = dict(_file_walks())
    families = list(REGISTRY)
    out = [
        "<!-- Made by `" + COMMAND + "` from the generator's schemas: do not edit. -->",
        "",
        "# The rules format",
        "",
        "Every file of a rules folder, key by key: what each key holds, whether it is required",
        "(or its default), the values it allows and an example. It is generated from the",
        "schemas `rulebook check` validates with, so it says what the checker accepts.",
        "[Writing rules](authoring.md) explains how to write a game; `rulebook new` starts",
        "one, and `rulebook schema` writes the same schemas as JSON Schema for editors.",
        "",
        "In a key's path, `a.<name>` is each entry of the mapping `a` and `a[]` each item of",
        "the list `a`.",
        "",
        "    rules/",
        "      site.yaml                          the site's settings: [site.yaml](#site-yaml)",
        "      <game>/                            one folder a game, named by its id",
        "        game.yaml                        the same in every language: [game.yaml]"
        "(#game-yaml)",
        "        <lang>.yaml                      one language's prose: [<lang>.yaml]"
        "(#language-yaml)",
        "        <lang>.translated-from.yaml      what it was translated from: "
        "[records](#translated-from-yaml)",
        "        examples/<name>.yaml             example rounds: "
        + ", ".join(f"[{name}](#example-{name})" for name in families),
        "",
        "Contents: [site.yaml](#site-yaml) · [game.yaml](#game-yaml) · "
        "[<lang>.yaml](#language-yaml) · [translation records](#translated-from-yaml) · "
        + " · ".join(f"[the {name} family](#family-{name})" for name in families)
        + " · [cards and decks](#cards-and-decks) · [placeholders](#placeholders)",
        "",
        '<a id="site-yaml"></a>',
        "",
        "## site.yaml",
        "",
        _one_line(schema.SiteSpec.__doc__ or ""),
        *_parts(walks["site.yaml"], level=3),
        "",
        '<a id="game-yaml"></a>',
        "",
        "## game.yaml",
        "",
        "`rules/<game>/game.yaml`. " + _one_line(schema.GameSpec.__doc__ or "")
        + " `options` and each variant's `options` are the family's: "
        + ", ".join(f"[{name}](#options-{name})" for name in families) + ".",
        *_parts(walks["game.yaml"], level=3),
        "",
        '<a id="language-yaml"></a>',
        "",
        "## <lang>.yaml",
        "",
        f"`rules/<game>/<lang>.yaml`, where `<lang>` is one of {_languages()}. "
        + _one_line(schema.LanguageSpec.__doc__ or "") + " Every text may use "
        "[placeholders](#placeholders).",
        *_parts(walks["<lang>.yaml"], level=3),
        "",
        '<a id="translated-from-yaml"></a>',
        "",
        "## <lang>.translated-from.yaml",
        "",
        "`rules/<game>/<lang>.translated-from.yaml`. "
        + _one_line(TranslatedFromSpec.__doc__ or ""),
        *_parts(walks["<lang>.translated-from.yaml"], level=3),
    ]
    for name in families:
        out += _family(name, walks)
    out += _cards()
    out += _placeholders()
    text = "\n".join(out).rstrip("\n") + "\n"
    return re.sub(r"\n{3,}", "\n\n", text)


def _languages() -> str:
    from ..core.languages import LANGUAGES

    return ", ".join(f"`{lang}`" for lang in LANGUAGES)


def _family(name: str, walks: Mapping[str, _Walk]) -> list[str]:
    family = REGISTRY[name]
    options = family.options_schema
    example = family.example_schema
    return [
        "",
        f'<a id="family-{name}"></a>',
        "",
        f"## The {name} family",
        "",
        f"A game with `family: {name}` in its game.yaml. Its JSON Schemas: "
        f"`{schemas.GAME}` (the options) and `{schemas.example_file(name)}` (the example "
        "rounds).",
        "",
        f'<a id="options-{name}"></a>',
        "",
        f"### Options ({name})",
        "",
        _one_line(options.__doc__ or ""),
        *_parts(walks[f"{name} options"], level=4),
        "",
        *_starter_options(name, family.starters),
        f'<a id="limits-{name}"></a>',
        "",
        f"### What the {name} family cannot express",
        "",
        *(f"- {limit}" for limit in family.cannot_express),
        "",
        "A game with such a rule can still be written: declare the rule under game.yaml's "
        "`outside_model` (its `id` and what it `affects`: `scores`, `play`, `numbers`) and give "
        "its text in each language file under `outside_model.<id>`. `rulebook check` then says "
        "in a note what it does not check because of it, and the site publishes nothing the "
        "rule makes unreliable (see [game.yaml](#game-yaml)'s `outside_model`).",
        "",
        f'<a id="example-{name}"></a>',
        "",
        f"### Example rounds ({name})",
        "",
        "`rules/<game>/examples/<name>.yaml`. " + _one_line(example.__doc__ or "")
        + " Each language file narrates it under `examples.<name>`, one text for each step.",
        *_parts(walks[f"{name} examples"], level=4),
        "",
        *_starter_examples(name, family.starters),
    ]


def _command(family: str, starter: str, starters: Mapping[str, Starter]) -> str:
    """The `rulebook new` command that writes ``starter`` (the first needs no --starter)."""
    if starter == next(iter(starters)):
        return f"rulebook new --family {family}"
    return f"rulebook new --family {family} --starter {starter}"


def _starter_options(family: str, starters: Mapping[str, Starter]) -> list[str]:
    out: list[str] = []
    for name, starter in starters.items():
        out += [f"What `{_command(family, name, starters)}` writes (its game.yaml's options):",
                "", "```yaml", "options:",
                *(f"  {line}" for line in starter.options.rstrip("\n").split("\n")),
                "```", ""]
    return out


def _starter_examples(family: str, starters: Mapping[str, Starter]) -> list[str]:
    out: list[str] = []
    for name, starter in starters.items():
        out += ["", f"A whole example round (what `{_command(family, name, starters)}` writes "
                f"as `examples/{starter.example_name}.yaml`):",
                "", "```yaml", *starter.example.rstrip("\n").split("\n"), "```"]
    return out[1:]


def _cards() -> list[str]:
    ranks = " ".join(f"`{rank.value}`" for rank in Rank)
    suits = " ".join(f"`{suit.value}` (`{suit.letter}`)" for suit in Suit)
    out = [
        "",
        '<a id="cards-and-decks"></a>',
        "",
        "## Cards and decks",
        "",
        f"A card is its rank then its suit: `A♠`, `10♥`, `Q♣`; the joker is `{JOKER_GLYPH}`, "
        f"and in a deck with two jokers `{JOKER_GLYPH}` is the black joker and "
        f"`{RED_JOKER_GLYPH}` the red one (pages show it as the joker's star in red). "
        f"Ranks: {ranks}. Suits: {suits}. The rules may also be typed in ASCII: the suit's "
        "letter for its sign (`10h`, `Qs`), `T` for 10, `joker` or `*` for the joker and "
        "`red-joker` for the red joker; pages always show the signs. Several cards are written "
        "on one line separated by spaces (`A♥ K♥ Q♥`) or as a list.",
        "",
        "The named decks (`deck:` in game.yaml and in a variant):",
        "",
        "| deck | cards | ranks, in each suit | jokers |",
        "|---|---|---|---|",
    ]
    for name, deck in DECKS.items():
        suit = deck.cards[0].suit
        ranks_of = " ".join(c.rank.value for c in deck.cards if c.suit == suit and c.rank)
        jokers = [c for c in deck.cards if c.is_joker]
        joker = f"`{cards_name(jokers)}`" if jokers else "no"
        out.append(f"| `{name}` | {deck.size} | {ranks_of} | {joker} |")
    return out


def _placeholders() -> list[str]:
    out = [
        "",
        '<a id="placeholders"></a>',
        "",
        "## Placeholders",
        "",
        "Prose in a language file may write `{name}` for a value that game.yaml decides, so no",
        "language can disagree with the rules: `{deck.size} cards` becomes `52 cards`. "
        "`rulebook check` reports a placeholder that does not exist, and one that has no value "
        "in the game. `{{` and `}}` write literal braces. A variant's values are there too, "
        "after its name: `{three-players.deck.size}`.",
        "",
        "Every game:",
        "",
        "| placeholder | value |",
        "|---|---|",
        *(f"| `{{{name}}}` | {text} |" for name, text in PLACEHOLDERS.items()),
    ]
    for name, family in REGISTRY.items():
        out += ["", f"A game of the {name} family (`<card>` stands for a card: "
                    "`{points.Q♠}`):" if any("<card>" in k for k in family.placeholder_docs)
                else f"A game of the {name} family:", "",
                "| placeholder | value |", "|---|---|",
                *(f"| `{{{key}}}` | {text} |" for key, text in family.placeholder_docs.items())]
    return out

