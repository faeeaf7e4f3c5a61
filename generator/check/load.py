"""The rule model: one game's folder loaded, validated and turned into engine values.

    rules/<game>/game.yaml          what is the same in every language (engine options, deck)
    rules/<game>/<lang>.yaml        the prose of one language
    rules/<game>/examples/*.yaml    example-round scripts, language-neutral

The game's family (from the registry) validates its options and example scripts and builds
its engine; what loading gives is a GameBundle (bundle.py).
"""

from __future__ import annotations

import unicodedata
from pathlib import Path
from typing import Any, Callable, TypeVar

from ..core.cards import Deck, card_name, cards_name, get_deck
from ..core.diagnostics import Mark, Report
from ..core.hints import did_you_mean, nearest
from ..core.languages import LANGUAGES
from ..core.markup import minus_sign
from ..families import REGISTRY, AnyFamily, get_family
from ..model import schema
from ..model import translated_from as provenance
from ..model.game import Engine, Example, GameBundle, GameRules, LanguageText
from ..model.placeholders import check_placeholders
from ..model.source import Key, Source, load_yaml
from ..model.tokens import parse_cards_at
from .addresses import cleaned, invisible_characters
from .prose import check_images, check_minus_signs, check_names, check_tables

M = TypeVar("M", bound=schema.Strict)


def load_valid(path: Path, model: type[M], report: Report, *, display: str,
               despite_yaml_problems: bool = False, within: Path | None = None,
               partial: bool = False, prepare: Callable[[Source], Any] | None = None
               ) -> tuple[Source, M] | None:
    """One file loaded and validated against ``model``, every problem reported; None when it
    is unusable. A file with YAML problems is not validated, unless ``despite_yaml_problems``
    (site.yaml: its schema errors are worth seeing at once). With ``partial``, a file whose
    schema errors are in parts that can be left out gives the model of the rest (its errors
    reported all the same), so the checks after the schema still look at the rest.
    ``prepare`` gives the data to validate, after reporting what it leaves out."""
    src, problems = load_yaml(path, display=display, within=within)
    report.extend(problems)
    if src is None or (problems and not despite_yaml_problems):
        return None
    data = prepare(src) if prepare is not None else None
    spec, problems = (schema.validate_parts(model, src, data=data) if partial
                      else schema.validate(model, src, data=data))
    report.extend(problems)
    if spec is None:
        return None
    assert isinstance(spec, model)
    return src, spec


# -- game.yaml -----------------------------------------------------------------------------

def _deck_at(src: Source, key: Key, name: str, report: Report) -> Deck | None:
    """The named deck at ``key``, or None after reporting an unknown name."""
    try:
        return get_deck(name)
    except ValueError as err:
        report.error(src.mark(key), "bad-value", str(err).split(";")[0],
                     hint=str(err).split("; ")[1] if "; " in str(err) else None)
        return None


def _build_engine(src: Source, report: Report, family: AnyFamily, *, deck_key: Key,
                  remove_key: Key, options: dict[str, Any], option_keys: dict[str, Key],
                  where: str) -> Engine | None:
    """One engine from a deck, removed cards and options; ``option_keys`` says where each
    option was written (a variant overrides some of the game's)."""
    def at(name: str) -> Key:
        return option_keys.get(name, ("options", name))

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
    loaded = load_valid(path, schema.game_spec(tuple(REGISTRY)), report, display=display,
                        within=within, partial=True,
                        prepare=lambda src: _misplaced_variant_keys(src, report))
    if loaded is None:
        return None
    src, spec = loaded
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
    _check_former_slugs(spec, src, report)
    _check_sources(spec, src, report)
    errors = len(report.errors)
    family = get_family(spec.family)
    engine = _build_engine(src, report, family, deck_key=("deck",), remove_key=("remove",),
                           options=spec.options, option_keys={}, where="the game")
    variants: dict[str, Engine] = {}
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
    played = [("the game", engine), *((f"variant '{v}'", g) for v, g in variants.items())]
    for name, game in played if engine is not None else []:
        count = family.players(game) if game is not None else None
        if count is not None and not spec.players.min <= count <= spec.players.max:
            report.error(src.mark(("players",)), "bad-value",
                         f"{name} is played by {count} players; 'players' says "
                         f"{spec.players.min} to {spec.players.max}")
    if engine is None or len(report.errors) != errors:
        return None
    return GameRules(spec, src, engine, variants)


def _misplaced_variant_keys(src: Source, report: Report) -> Any:
    """game.yaml's data, less the variants named as a variant's own keys: ``options:``
    indented one level too little is read as a variant named 'options'. Each is reported,
    with the hint to indent it, and given to the variant above it, as it was meant."""
    data, keys = src.data, list(schema.VariantSpec.model_fields)
    variants = data.get("variants") if isinstance(data, dict) else None
    if not isinstance(variants, dict) or not any(name in keys for name in variants):
        return None
    kept: dict[Any, Any] = {}
    above: Any = None  # the variant written above the misplaced key
    for name, value in variants.items():
        if name not in keys:
            kept[name], above = value, name
            continue
        report.error(src.key_mark(("variants", name)), "misplaced-key",
                     f"'{name}' is read as a variant named '{name}': a variant's {name} "
                     "belongs under the variant's name", hint=(
                         f"indent '{name}:' under '{above}' (two spaces deeper than "
                         f"'{above}:')" if above is not None else
                         f"indent '{name}:' under the variant it belongs to"))
        if above is not None and (kept[above] is None or isinstance(kept[above], dict)
                                  and name not in kept[above]):
            # read as meant, so what follows from the variant is checked, not lost with it
            kept[above] = {**(kept[above] or {}), name: value}
    return {**data, "variants": kept}


def _check_sources(spec: schema.GameSpec, src: Source, report: Report) -> None:
    """Source and reading ids are unique; a reading names known sources only; a source's
    address carries no character a reader cannot see."""
    for i, source in enumerate(spec.sources):
        invisible = invisible_characters(source.url or "")
        for found in invisible:
            report.warning(src.text_mark(("sources", i, "url"), found.offset), "invisible-in-url",
                           f"the address of source '{source.id}' carries {found.describe()}",
                           hint="pasted with the address, most likely: the source's address is "
                                f"{cleaned(source.url or '', invisible)}")
    for kind, ids in (("sources", [s.id for s in spec.sources]), ("readings", [r.id for r in spec.readings])):
        for i, name in enumerate(ids):
            if name in ids[:i]:
                report.error(src.mark((kind, i, "id")), "bad-value", f"'{name}' is in {kind} twice")
    known = [s.id for s in spec.sources]
    for i, reading in enumerate(spec.readings):
        for j, name in enumerate(reading.sources):
            if name not in known:
                report.error(src.mark(("readings", i, "sources", j)), "bad-value",
                             f"reading '{reading.id}' names the unknown source '{name}'",
                             hint=did_you_mean(name, known) or f"known: {', '.join(known) or 'none'}")


def _check_former_slugs(spec: schema.GameSpec, src: Source, report: Report) -> None:
    """A former slug is an address in a language the game still has, other than its own."""
    for lang, slugs in spec.former_slugs.items():
        if lang not in spec.slugs:
            report.error(src.key_mark(("former_slugs", lang)), "unknown-language",
                         f"a former slug in '{lang}', a language the game has no slug in",
                         hint=f"its languages: {', '.join(spec.slugs) or 'none'}")
            continue
        for i, slug in enumerate(slugs):
            if slug in _RESERVED_NAMES:
                report.error(src.mark(("former_slugs", lang, i)), "bad-value",
                             f"'{slug}' cannot name a folder on every system (Windows reserves it)")
            elif slug == spec.slugs[lang] or slug in slugs[:i]:
                report.error(src.mark(("former_slugs", lang, i)), "duplicate-slug",
                             f"the former {lang} slug '{slug}' is "
                             + ("the game's slug in that language" if slug == spec.slugs[lang]
                                else "listed twice"),
                             hint="a former slug is an address the game no longer has: "
                                  "remove this one")


# A slug names a folder of the site: these names are devices on Windows, and a site copied
# there (or unpacked from a zip) would lose the page.
_RESERVED_NAMES = frozenset(["con", "prn", "aux", "nul", *(f"com{i}" for i in range(10)),
                             *(f"lpt{i}" for i in range(10))])


# -- placeholders --------------------------------------------------------------------------

# What each placeholder every game has means (the format reference lists them); a family
# adds its own (its placeholder_docs), and a variant's values are there too, as {<variant>.<name>}.
PLACEHOLDERS = {
    "deck.size": "the cards in play: the deck less the cards removed",
    "deck.full": "the cards of the named deck",
    "players.min": "the fewest players",
    "players.max": "the most players",
    "duration.hand": "minutes a hand takes",
    "duration.game": "minutes a whole game takes (only when game.yaml gives it)",
    "removed": "the cards taken out of the deck (only when some are)",
}


def placeholders(rules: GameRules) -> dict[str, str]:
    """The values prose may use as ``{name}``; they come from game.yaml only."""
    spec, game = rules.spec, rules.engine
    family = get_family(spec.family)
    values = {
        "players.min": str(spec.players.min),
        "players.max": str(spec.players.max),
        "duration.hand": str(spec.duration.hand),
        "duration.game": str(spec.duration.game or ""),
    } | _deck_values(game) | family.placeholders(game)
    # a variant's own values, its deck's in every family: {standard.points.total},
    # {full-pack.deck.size}
    for name, variant in rules.variants.items():
        own = _deck_values(variant) | family.placeholders(variant)
        values |= {f"{name}.{k}": v for k, v in own.items()}
    # a negative figure with the minus sign, as all generated text writes it
    return {k: minus_sign(v) for k, v in values.items()}  # "": nothing to put there


def _deck_values(game: Engine) -> dict[str, str]:
    """The deck's placeholders, the same in every family: what is in play, the named deck, and
    the cards taken out of it."""
    return {"deck.size": str(len(game.cards)), "deck.full": str(game.deck.size),
            "removed": cards_name(game.removed)}


# -- a game folder -------------------------------------------------------------------------

def load_language(path: Path, report: Report, *, display: str, within: Path | None = None
                  ) -> LanguageText | None:
    loaded = load_valid(path, schema.LanguageSpec, report, display=display, within=within,
                        partial=True)
    return LanguageText(path.stem, loaded[1], loaded[0]) if loaded else None


def load_example(path: Path, report: Report, *, display: str, family: AnyFamily | None,
                 within: Path | None = None) -> Example | None:
    if family is None:  # the game's rules did not load: a script can only be read, not checked
        report.extend(load_yaml(path, display=display, within=within)[1])
        return None
    loaded = load_valid(path, family.example_schema, report, display=display, within=within)
    return Example(name_of(path), loaded[1], loaded[0]) if loaded else None


def name_of(path: Path) -> str:
    """A file's name as the rules write it: its stem, composed (NFC). A Mac writes file names
    decomposed (NFD): 'café' from a Mac is e + U+0301, and would not match 'café' in YAML."""
    return unicodedata.normalize("NFC", path.stem)


def display_path(path: Path, root: Path | None) -> str:
    try:
        return str(path.relative_to(root)) if root else str(path)
    except ValueError:
        return str(path)


def load_game(folder: Path, report: Report, *, root: Path | None = None) -> GameBundle | None:
    """Load one game folder; every problem goes to ``report``; None when the game is unusable."""
    def show(path: Path) -> str:
        return display_path(path, root)

    game_file = folder / "game.yaml"
    within = folder.parent  # the rules folder: no file outside it is read
    rules = load_game_rules(game_file, report, display=show(game_file), within=within)
    languages: dict[str, LanguageText] = {}
    files = sorted(folder.glob("*.yaml")) + sorted(folder.glob("*.yml"))
    translated_from: dict[str, provenance.TranslatedFrom] = {}  # <lang>.translated-from.yaml
    for path in filter(provenance.is_record, files):
        record = provenance.load(path, report, display=show(path), within=within)
        if record is not None:
            translated_from[record.lang] = record
    for path in _unique_stems([p for p in files if not provenance.is_record(p)], report, show):
        if path.name in ("game.yaml", "game.yml"):
            continue
        if path.stem not in LANGUAGES:
            report.error(Mark(show(path)), "unknown-language",
                         f"'{path.name}' is not a language file (known: "
                         f"{', '.join(lang + '.yaml' for lang in LANGUAGES)})",
                         hint=did_you_mean(path.stem, LANGUAGES, shown="'{}.yaml'"))
            continue
        text = load_language(path, report, display=show(path), within=within)
        if text is not None:
            languages[text.lang] = text
    examples: dict[str, Example] = {}
    example_files = _unique_stems(sorted((folder / "examples").glob("*.y*ml")), report, show)
    for path in example_files:
        example = load_example(path, report, display=show(path),
                               family=get_family(rules.spec.family) if rules else None,
                               within=within)
        if example is not None:
            examples[example.name] = example
    if rules is None:
        return None
    if not languages and not any(p.stem in LANGUAGES for p in files):
        # a file with errors is reported there; with none at all the build would publish
        # nothing for this game, without a word
        report.error(Mark(show(game_file)), "no-language",
                     f"the game '{rules.spec.id}' has no language file: nothing of it would be "
                     "published", hint=f"add {folder.name}/en.yaml (or another of "
                     f"{', '.join(lang + '.yaml' for lang in LANGUAGES)}) beside game.yaml")
    if rules.spec.id != unicodedata.normalize("NFC", folder.name):
        report.error(rules.source.mark(("id",)), "bad-value",
                     f"the game id '{rules.spec.id}' differs from its folder '{folder.name}'")
    examples = _ordered(examples, rules, [name_of(p) for p in example_files], report)
    for name, example in examples.items():
        if example.spec.draft:
            report.note(example.source.key_mark(("draft",)), "draft-example",
                        f"the example '{name}' is a draft: replayed and checked, not published",
                        hint="remove 'draft: true' and write its narration in each language "
                             "file to publish it")
    for lang in translated_from.keys() - languages.keys():
        path = provenance.record_path(folder, lang)
        if not (folder / f"{lang}.yaml").exists():  # a language file with errors is reported there
            report.warning(Mark(show(path)), "orphan-record",
                           f"'{path.name}' records the sources of {lang}.yaml, which is not there",
                           hint=f"delete '{path.name}' or restore {lang}.yaml")
    values = placeholders(rules)
    for lang, text in languages.items():
        check_placeholders(text.source, values, report)
        check_images(text.source, report)
        check_tables(text.source, report)
        check_minus_signs(text.source, report)
        written = rules.source.get(("slugs",))  # with a slug a schema error left out
        if lang not in rules.spec.slugs and not (isinstance(written, dict) and lang in written):
            report.error(rules.source.mark(("slugs",)), "missing-key",
                         f"no slug for language '{lang}', which has {lang}.yaml")
        check_names(text, rules, [name_of(p) for p in example_files], report,
                    loaded={name: ex for name, ex in examples.items() if not ex.spec.draft})
    note_outside_model(rules, report)
    odd_cards = get_family(rules.spec.family).odd_cards(rules.engine)
    return GameBundle(folder, rules, languages, examples, values, odd_cards, translated_from)


_LEFT_OUT = {
    schema.Affects.SCORES: "the examples' scores are neither computed nor checked, and no score "
                           "is published (results, play page, numbers)",
    schema.Affects.PLAY: "no page to play it against the computer",
    schema.Affects.NUMBERS: "no \"By the numbers\" page",
}


def note_outside_model(rules: GameRules, report: Report) -> None:
    """One note for each rule the game declares outside its family's model: what is not
    checked, nor published, because of it."""
    for i, rule in enumerate(rules.spec.outside_model):
        left_out = "; ".join(_LEFT_OUT[a] for a in schema.Affects if a in rule.affects)
        report.note(rules.source.mark(("outside_model", i)), "outside-model",
                    f"'{rule.id}' is a rule the {rules.spec.family} engine does not model: "
                    f"{left_out}")


def _ordered(examples: dict[str, Example], rules: GameRules, files: list[str],
             report: Report) -> dict[str, Example]:
    """The examples in game.yaml's ``order`` (by file name when it has none); a name there
    that is no example, or an example missing from it, is reported."""
    order, src = rules.spec.order, rules.source
    if order is None:
        return examples
    for i, name in enumerate(order):
        if name not in files:
            report.error(src.mark(("order", i)), "unknown-example",
                         f"'order' names the unknown example '{name}'",
                         hint=did_you_mean(name, files) or
                         f"the examples: {', '.join(files) or 'none'} (examples/<name>.yaml)")
        elif name in order[:i]:
            report.error(src.mark(("order", i)), "bad-value", f"'{name}' is in 'order' twice",
                         hint="list each example once")
    misspelt = [name for name in order if name not in files]
    drafts = {name for name, example in examples.items() if example.spec.draft}
    for name in files:
        # a name misspelt in 'order' is reported above, with this one as its suggestion
        if name not in order and name not in drafts and nearest(name, misspelt) is None:
            report.error(src.key_mark(("order",)), "missing-example",
                         f"the example '{name}' (examples/{name}.yaml) is not in 'order'",
                         hint="add it to 'order' where the page should show it")
    rank = {name: i for i, name in reversed(list(enumerate(order)))}
    return dict(sorted(examples.items(), key=lambda item: rank.get(item[0], len(order))))


def _unique_stems(paths: list[Path], report: Report, show: Callable[[Path], str]) -> list[Path]:
    """``de.yaml`` and ``de.yml`` would be the same language: report the second, skip it."""
    seen: dict[str, Path] = {}
    for path in paths:
        if name_of(path) in seen:
            report.error(Mark(show(path)), "duplicate-file",
                         f"'{path.name}' and '{seen[name_of(path)].name}' are the same file by name",
                         hint="keep one of them")
        else:
            seen[name_of(path)] = path
    return list(seen.values())

