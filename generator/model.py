"""The rule model: one game's folder loaded, validated and turned into engine values.

    rules/<game>/game.yaml          what is the same in every language (engine options, deck)
    rules/<game>/<lang>.yaml        the prose of one language
    rules/<game>/examples/*.yaml    example-round scripts, language-neutral
"""

from __future__ import annotations

import difflib
import re
import urllib.parse
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterator

from . import schema
from .cards import Card, CardError, Deck, card_name, cards_name, get_deck, parse_card, split_tokens
from .diagnostics import Mark, Report
from .family import Family, get_family
from .i18n import LANGUAGES
from .source import Key, Source, load_yaml


@dataclass(frozen=True)
class GameRules:
    """game.yaml, validated: the base game and each variant as engine values."""

    spec: schema.GameSpec
    source: Source
    engine: Any  # the family's immutable game
    variants: dict[str, Any]

    @property
    def family(self) -> Family:
        return get_family(self.spec.family)

    def engine_for(self, variant: str | None) -> Any:
        """The game an example is played under: its variant's, or the base game."""
        return self.variants.get(variant, self.engine) if variant else self.engine

    @property
    def id(self) -> str:
        return self.spec.id


@dataclass(frozen=True)
class LanguageText:
    lang: str
    spec: schema.LanguageSpec
    source: Source


@dataclass(frozen=True)
class Example:
    name: str
    spec: Any  # the family's example schema
    source: Source


@dataclass(frozen=True)
class GameBundle:
    """Everything in one game's folder that loaded without errors."""

    folder: Path
    rules: GameRules
    languages: dict[str, LanguageText] = field(default_factory=dict)
    examples: dict[str, Example] = field(default_factory=dict)


# -- cards with marks ----------------------------------------------------------------------

def parse_cards_at(src: Source, key: Key, report: Report, value: Any = None
                   ) -> tuple[Card, ...] | None:
    """Parse the cards written at ``key`` (text or list); report each bad token at its column."""
    value = src.get(key) if value is None else value
    items: list[tuple[Key, str]] = []
    if isinstance(value, str):
        items.append((key, value))
    elif isinstance(value, list):
        items.extend((key + (i,), v) for i, v in enumerate(value) if isinstance(v, str))
    cards: list[Card] = []
    ok = True
    for item_key, text in items:
        for offset, token in split_tokens(text):
            try:
                cards.append(parse_card(token))
            except CardError as err:
                ok = False
                report.error(src.text_mark(item_key, offset), "bad-card", str(err).split(";")[0],
                             hint=f"did you mean '{err.suggestion}'?" if err.suggestion else
                             "write a rank (A K Q J 10..2) and a suit (♠ ♥ ♦ ♣ or s h d c), "
                             "or ★ for the joker")
    return tuple(cards) if ok else None


def parse_card_at(src: Source, key: Key, report: Report) -> Card | None:
    cards = parse_cards_at(src, key, report)
    if cards is None:
        return None
    if len(cards) != 1:
        report.error(src.mark(key), "bad-card", f"expected one card; found {len(cards)}")
        return None
    return cards[0]


# -- game.yaml -----------------------------------------------------------------------------

def _deck_at(src: Source, key: Key, name: str, report: Report) -> Deck | None:
    """The named deck at ``key``, or None after reporting an unknown name."""
    try:
        return get_deck(name)
    except ValueError as err:
        report.error(src.mark(key), "bad-value", str(err).split(";")[0],
                     hint=str(err).split("; ")[1] if "; " in str(err) else None)
        return None


def _build_engine(src: Source, report: Report, family: Family, *, deck_key: Key,
                  remove_key: Key, options: dict[str, Any], option_keys: dict[str, Key],
                  where: str) -> Any:
    """One engine from a deck, removed cards and options; ``option_keys`` says where each
    option was written (a variant overrides some of the game's)."""
    at = lambda name: option_keys.get(name, ("options", name))  # noqa: E731
    deck = _deck_at(src, deck_key, src.get(deck_key), report)
    removed = parse_cards_at(src, remove_key, report, src.get(remove_key) or [])
    errors = len(report.errors)
    spec, problems = schema.validate(family.options_schema, src, data=options,
                                     locate=lambda loc: at(str(loc[0])) + loc[1:] if loc
                                     else ("options",))
    report.extend(problems)
    if spec is None or deck is None or removed is None:
        return None
    for card in removed:
        if card not in deck:
            report.error(src.mark(remove_key), "bad-card",
                         f"{card_name(card)} is not in the {deck.name} deck")
    if len(report.errors) > errors:
        return None
    game = family.build(spec, deck=deck, removed=removed, src=src, at=at, report=report)
    if game is None or len(report.errors) > errors:
        return None
    for problem in game.problems():
        report.error(src.mark(deck_key), "inconsistent-game", f"{where}: {problem}",
                     hint=family.inconsistency_hint)
    return game


def load_game_rules(path: Path, report: Report, *, display: str, within: Path | None = None
                    ) -> GameRules | None:
    src, problems = load_yaml(path, display=display, within=within)
    report.extend(problems)
    if src is None or problems:
        return None
    spec, problems = schema.validate(schema.GameSpec, src)
    report.extend(problems)
    if spec is None:
        return None
    if spec.players.min > spec.players.max:
        report.error(src.mark(("players",)), "bad-value",
                     f"players.min ({spec.players.min}) is above players.max ({spec.players.max})")
    for lang, slug in spec.slugs.items():
        if slug in _RESERVED_NAMES:
            report.error(src.mark(("slugs", lang)), "bad-value",
                         f"'{slug}' cannot name a folder on every system (Windows reserves it)")
        if lang not in LANGUAGES:
            report.error(src.key_mark(("slugs", lang)), "unknown-language",
                         f"unknown language '{lang}' (known: {', '.join(LANGUAGES)})")
    errors = len(report.errors)
    family = get_family(spec.family)
    engine = _build_engine(src, report, family, deck_key=("deck",), remove_key=("remove",),
                           options=spec.options, option_keys={}, where="the game")
    variants: dict[str, Any] = {}
    # A variant overrides the game's options: while those are wrong, each variant would
    # only repeat the same findings.
    for name, variant in (spec.variants if engine is not None else {}).items():
        vkey: Key = ("variants", name)
        game = _build_engine(
            src, report, family,
            deck_key=vkey + ("deck",) if variant.deck else ("deck",),
            remove_key=vkey + ("remove",) if variant.remove is not None else ("remove",),
            options={**spec.options, **variant.options},
            option_keys={k: vkey + ("options", k) for k in variant.options},
            where=f"variant '{name}'")
        if game is not None:
            variants[name] = game
    for name, game in [("the game", engine), *((f"variant '{v}'", g) for v, g in variants.items())]:
        count = getattr(getattr(game, "options", None), "players", None)
        if isinstance(count, int) and not spec.players.min <= count <= spec.players.max:
            report.error(src.mark(("players",)), "bad-value",
                         f"{name} is played by {count} players; 'players' says "
                         f"{spec.players.min} to {spec.players.max}")
    return GameRules(spec, src, engine, variants) if engine and len(report.errors) == errors else None


# A slug names a folder of the site: these names are devices on Windows, and a site copied
# there (or unpacked from a zip) would lose the page.
_RESERVED_NAMES = frozenset(["con", "prn", "aux", "nul", *(f"com{i}" for i in range(10)),
                             *(f"lpt{i}" for i in range(10))])


# -- rules/site.yaml ---------------------------------------------------------------------

def load_site_spec(rules: Path, report: Report) -> schema.SiteSpec | None:
    """rules/site.yaml: the site's name and base_url."""
    path = rules / "site.yaml"
    if not path.exists():
        report.error(Mark(str(path)), "missing-file",
                     "no site.yaml: the site needs its base_url (for sitemap and hreflang links)",
                     hint="create rules/site.yaml with: base_url: https://example.org/")
        return None
    src, problems = load_yaml(path, display=display_path(path, rules.parent), within=rules)
    report.extend(problems)
    if src is None:
        return None
    spec, problems = schema.validate(schema.SiteSpec, src)
    report.extend(problems)
    problem = url_problem(spec.base_url) if spec is not None else None
    if problem:
        report.error(src.mark(("base_url",)), "bad-value", f"base_url {problem}",
                     hint="write the site's address, such as https://example.org/rules/")
        return None
    return spec


# Characters no URL may hold (RFC 3986): they would need escaping in every link and in the
# sitemap's XML, and '"<>' in a base_url is a mistake, not an address.
_NOT_IN_URLS = re.compile(r'[\x00-\x20\x7f"<>\\^`{|}]')


def url_problem(url: str) -> str | None:
    """What keeps ``url`` from being the site's address (absolute http(s), no query or
    fragment: page addresses are appended to it); None when it is one."""
    bad = _NOT_IN_URLS.search(url)
    if bad:
        return f"may not contain {bad.group()!r}"
    try:
        parts = urllib.parse.urlsplit(url)
        parts.port  # noqa: B018 - raises on a port that is no number or out of range
    except ValueError as err:
        return f"is not a valid address ({err})"
    if parts.scheme not in ("http", "https") or not parts.hostname:
        return "must be an absolute http:// or https:// address"
    if "?" in url or "#" in url:
        return "may not have a query ('?') or a fragment ('#'): page addresses are appended to it"
    if "@" in parts.netloc:
        return "may not hold a user name or password"
    return None



# -- placeholders --------------------------------------------------------------------------

PLACEHOLDER_RE = re.compile(r"(?<!\{)\{([^{}\n]*)\}(?!\})")


def placeholders(rules: GameRules) -> dict[str, str]:
    """The values prose may use as ``{name}``; they come from game.yaml only."""
    spec, game = rules.spec, rules.engine
    values = {
        "deck.size": str(len(game.cards)),
        "deck.full": str(game.deck.size),
        "players.min": str(spec.players.min),
        "players.max": str(spec.players.max),
        "duration": str(spec.duration),
        "removed": cards_name(game.removed),
    } | rules.family.placeholders(game)
    for name, variant in rules.variants.items():  # a variant's own values: {standard.points.total}
        values |= {f"{name}.{k}": v for k, v in rules.family.placeholders(variant).items()}
    return values  # an empty value means: known, but this game has nothing to put there


def fill_placeholders(text: str, values: dict[str, str]) -> str:
    """Replace known ``{name}`` placeholders; ``{{`` and ``}}`` stand for literal braces."""
    out = PLACEHOLDER_RE.sub(lambda m: values.get(m.group(1).strip(), m.group(0)), text)
    return out.replace("{{", "{").replace("}}", "}")


def strings_in(value: Any, key: Key = ()) -> Iterator[tuple[Key, str]]:
    """Every string in a loaded YAML value, with its key."""
    if isinstance(value, str):
        yield key, value
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from strings_in(item, key + (i,))
    elif isinstance(value, dict):
        for k, item in value.items():
            yield from strings_in(item, key + (k,))


def check_placeholders(src: Source, values: dict[str, str], report: Report) -> None:
    for key, text in strings_in(src.data):
        for m in PLACEHOLDER_RE.finditer(text):
            name = m.group(1).strip()
            if name in values and not values[name]:
                report.error(src.text_mark(key, m.start()), "empty-placeholder",
                             f"'{{{name}}}' has no value in this game (see game.yaml)",
                             hint="write the text itself here")
            elif name not in values:
                near = difflib.get_close_matches(name, list(values), n=1, cutoff=0.5)
                report.error(src.text_mark(key, m.start()), "unknown-placeholder",
                             f"unknown placeholder '{{{name}}}'",
                             hint=(f"did you mean '{{{near[0]}}}'?" if near else
                                   f"known: {', '.join('{' + v + '}' for v in values if values[v])}; "
                                   "write {{ and }} for literal braces"))


# -- a game folder -------------------------------------------------------------------------

def load_language(path: Path, report: Report, *, display: str, within: Path | None = None
                  ) -> LanguageText | None:
    src, problems = load_yaml(path, display=display, within=within)
    report.extend(problems)
    if src is None or problems:
        return None
    spec, problems = schema.validate(schema.LanguageSpec, src)
    report.extend(problems)
    return LanguageText(path.stem, spec, src) if spec is not None else None


def load_example(path: Path, report: Report, *, display: str, family: Family | None,
                 within: Path | None = None) -> Example | None:
    src, problems = load_yaml(path, display=display, within=within)
    report.extend(problems)
    if src is None or problems or family is None:
        return None
    spec, problems = schema.validate(family.example_schema, src)
    report.extend(problems)
    return Example(path.stem, spec, src) if spec is not None else None


def display_path(path: Path, root: Path | None) -> str:
    try:
        return str(path.relative_to(root)) if root else str(path)
    except ValueError:
        return str(path)


def load_game(folder: Path, report: Report, *, root: Path | None = None) -> GameBundle | None:
    """Load one game folder; every problem goes to ``report``; None when the game is unusable."""
    show = lambda p: display_path(p, root)  # noqa: E731
    game_file = folder / "game.yaml"
    within = folder.parent  # the rules folder: no file outside it is read
    rules = load_game_rules(game_file, report, display=show(game_file), within=within)
    languages: dict[str, LanguageText] = {}
    for path in _unique_stems(sorted(folder.glob("*.yaml")) + sorted(folder.glob("*.yml")),
                              report, show):
        if path.name in ("game.yaml", "game.yml"):
            continue
        if path.stem not in LANGUAGES:
            near = difflib.get_close_matches(path.stem, LANGUAGES, n=1)
            report.error(Mark(show(path)), "unknown-language",
                         f"'{path.name}' is not a language file (known: "
                         f"{', '.join(lang + '.yaml' for lang in LANGUAGES)})",
                         hint=f"did you mean '{near[0]}.yaml'?" if near else None)
            continue
        text = load_language(path, report, display=show(path), within=within)
        if text is not None:
            languages[text.lang] = text
    examples: dict[str, Example] = {}
    example_files = _unique_stems(sorted((folder / "examples").glob("*.y*ml")), report, show)
    for path in example_files:
        example = load_example(path, report, display=show(path),
                               family=rules.family if rules else None, within=within)
        if example is not None:
            examples[example.name] = example
    if rules is None:
        return None
    if rules.spec.id != folder.name:
        report.error(rules.source.mark(("id",)), "bad-value",
                     f"the game id '{rules.spec.id}' differs from its folder '{folder.name}'")
    values = placeholders(rules)
    for lang, text in languages.items():
        check_placeholders(text.source, values, report)
        if lang not in rules.spec.slugs:
            report.error(rules.source.mark(("slugs",)), "missing-key",
                         f"no slug for language '{lang}', which has {lang}.yaml")
        _check_names(text, rules, [p.stem for p in example_files], report, loaded=examples)
    return GameBundle(folder, rules, languages, examples)


def _unique_stems(paths: list[Path], report: Report, show: Callable[[Path], str]) -> list[Path]:
    """``de.yaml`` and ``de.yml`` would be the same language: report the second, skip it."""
    seen: dict[str, Path] = {}
    for path in paths:
        if path.stem in seen:
            report.error(Mark(show(path)), "duplicate-file",
                         f"'{path.name}' and '{seen[path.stem].name}' are the same file by name",
                         hint="keep one of them")
        else:
            seen[path.stem] = path
    return list(seen.values())


def _check_names(text: LanguageText, rules: GameRules, examples: list[str],
                 report: Report, *, loaded: dict[str, Example]) -> None:
    """Variant and example names in a language file must match game.yaml and examples/.
    Text is required only for the examples that loaded: one whose file has errors is
    reported there, not once more in every language."""
    src = text.source
    for kind, known, found, required in (
            ("variant", list(rules.spec.variants), text.spec.variants, list(rules.spec.variants)),
            ("example", list(examples), text.spec.examples, list(loaded))):
        for name in found:
            if name not in known:
                near = difflib.get_close_matches(name, known, n=1)
                report.error(src.key_mark((kind + "s", name)), f"unknown-{kind}",
                             f"unknown {kind} '{name}'",
                             hint=f"did you mean '{near[0]}'?" if near else
                             f"known: {', '.join(known) or 'none'}")
        for name in required:
            if name not in found:
                report.error(src.key_mark((kind + "s",)) if src.get((kind + "s",)) is not None
                             else Mark(src.path), f"missing-{kind}-text",
                             f"no text for {kind} '{name}' in {text.lang}")
