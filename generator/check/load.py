"""The rule model: one game's folder loaded, validated and turned into engine values.

    rules/<game>/game.yaml          what is the same in every language (engine options, deck)
    rules/<game>/<lang>.yaml        the prose of one language
    rules/<game>/examples/*.yaml    example-round scripts, language-neutral

The game's family (from the registry) validates its options and example scripts and builds
its engine; what loading gives is a GameBundle (bundle.py).
"""

from __future__ import annotations

import re
import unicodedata
import urllib.parse
from pathlib import Path
from typing import Any, Callable, Iterator, TypeVar

from ..core.cards import Deck, card_name, cards_name, get_deck
from ..core.diagnostics import Mark, Report
from ..core.hints import did_you_mean, nearest
from ..core.languages import LANGUAGES, WESTERN_DIGITS
from ..core.markup import refused_images
from ..families import REGISTRY, AnyFamily, family_of, get_family
from ..model import schema
from ..model import translated_from as provenance
from ..model.game import Engine, Example, GameBundle, GameRules, LanguageText
from ..model.placeholders import check_placeholders, strings_in
from ..model.source import Key, Source, load_yaml
from ..model.tokens import parse_cards_at

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
    """Source and reading ids are unique; a reading names known sources only."""
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


# A slug names a folder of the site: these names are devices on Windows, and a site copied
# there (or unpacked from a zip) would lose the page.
_RESERVED_NAMES = frozenset(["con", "prn", "aux", "nul", *(f"com{i}" for i in range(10)),
                             *(f"lpt{i}" for i in range(10))])


# -- rules/site.yaml ---------------------------------------------------------------------

# The longest address a QR code holds (version 40, medium error correction, bytes), less the
# longest page path after base_url ("xx/" and a slug of at most 100 characters, "/").
QR_BYTES = 2331
LONGEST_PAGE_PATH = len("xx/") + 100 + len("/#examples")  # the booklet leads to the examples


def load_site_spec(rules: Path, report: Report, *, root: Path | None = None
                   ) -> schema.SiteSpec | None:
    """rules/site.yaml: the site's name and base_url. Findings name it from ``root`` (the
    folder the paths given were relative to; default the rules folder's parent)."""
    path = rules / "site.yaml"
    if not path.exists():
        report.error(Mark(str(path)), "missing-file",
                     "no site.yaml: the site needs its base_url (for sitemap and hreflang links)",
                     hint="create rules/site.yaml with: base_url: https://example.org/")
        return None
    loaded = load_valid(path, schema.SiteSpec, report,
                        display=display_path(path, rules.parent if root is None else root),
                        despite_yaml_problems=True, within=rules)
    if loaded is None:
        return None
    src, spec = loaded
    problem = url_problem(spec.base_url)
    room = QR_BYTES - LONGEST_PAGE_PATH
    if problem is None and len(spec.base_url.encode("utf-8")) > room:
        problem = (f"is {len(spec.base_url.encode('utf-8')):,} bytes long: the printed cards' QR "
                   f"codes hold a page's address only when base_url is at most {room:,}")
    if problem:
        report.error(src.mark(("base_url",)), "bad-value", f"base_url {problem}",
                     hint="write the site's address, such as https://example.org/rules/")
        return None
    if spec.source_language not in LANGUAGES:
        report.error(src.mark(("source_language",)), "unknown-language",
                     f"unknown source_language '{spec.source_language}' "
                     f"(known: {', '.join(LANGUAGES)})",
                     hint=did_you_mean(spec.source_language, LANGUAGES))
        return None
    bad_letters = card_letters_problems(spec.card_letters)
    for i, message, hint in bad_letters:
        report.error(src.mark(("card_letters", i)), "bad-value", message, hint=hint)
    return None if bad_letters else spec


def card_letters_problems(langs: list[str]) -> list[tuple[int, str, str]]:
    """What is wrong in site.yaml's ``card_letters``: (index, message, hint) for a language
    the site does not have, one whose cards have no letters of their own, or one listed twice."""
    from ..core.cardwords import LANGUAGES as WORDS

    with_letters = [lang for lang in LANGUAGES if WORDS.get(lang) and WORDS[lang].letters]
    out: list[tuple[int, str, str]] = []
    for i, lang in enumerate(langs):
        if lang not in LANGUAGES:
            out.append((i, f"card_letters: '{lang}' is not a language of the site",
                        did_you_mean(lang, list(LANGUAGES)) or "languages: " + ", ".join(LANGUAGES)))
        elif lang not in with_letters:
            out.append((i, f"card_letters: '{lang}' has no letters of its own for J Q K A; its "
                        "cards show J Q K A", "languages with their own letters: "
                        + ", ".join(with_letters)))
        elif lang in langs[:i]:
            out.append((i, f"card_letters: '{lang}' is listed twice", "list each language once"))
    return out


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
        "deck.size": str(len(game.cards)),
        "deck.full": str(game.deck.size),
        "players.min": str(spec.players.min),
        "players.max": str(spec.players.max),
        "duration.hand": str(spec.duration.hand),
        "duration.game": str(spec.duration.game or ""),
        "removed": cards_name(game.removed),
    } | family.placeholders(game)
    for name, variant in rules.variants.items():  # a variant's own values: {standard.points.total}
        values |= {f"{name}.{k}": v for k, v in family.placeholders(variant).items()}
    return values  # an empty value means: known, but this game has nothing to put there


def check_images(src: Source, report: Report) -> None:
    """Prose may embed pictures only as data: URLs: the site and the PDFs fetch nothing."""
    for key, text in strings_in(src.data):
        for offset, url in refused_images(text):
            report.error(src.text_mark(key, offset), "refused-resource",
                         f"the image '{url[:120]}' is not part of the page: a local file or a "
                         "web address, which neither the site nor the PDFs may fetch",
                         hint="embed the picture as a data:image/png;base64,... URL, or leave it out")


MAX_TABLE_COLUMNS = 64  # a page's table wider than this reads on no screen or paper
MAX_TABLE_CELLS = 10_000  # its tokens cost memory: 2 million cells took 3 GB to render


def check_tables(src: Source, report: Report) -> None:
    """A table in prose must fit a page: its size is read from the lines (a row is a line
    with pipes), before anything renders it."""
    for key, text in strings_in(src.data):
        if "|" not in text:
            continue
        rows = columns = start = 0
        for offset, line in _lines(text + "\n\n"):
            cells = line.count("|") - line.count("\\|")
            if cells and line.strip():
                if not rows:
                    start = offset
                rows, columns = rows + 1, max(columns, cells - 1 if line.strip()[0] == "|" else cells + 1)
                continue
            if columns > MAX_TABLE_COLUMNS or rows * columns > MAX_TABLE_CELLS:
                report.error(src.text_mark(key, start), "too-large",
                             f"a table of {rows:,} rows and {columns:,} columns: a page shows at "
                             f"most {MAX_TABLE_COLUMNS} columns and {MAX_TABLE_CELLS:,} cells",
                             hint="split the table, or give its figures as a list")
            rows = columns = 0


def _lines(text: str) -> Iterator[tuple[int, str]]:
    """Each line of ``text`` with the offset it starts at."""
    offset = 0
    for line in text.split("\n"):
        yield offset, line
        offset += len(line) + 1


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
        written = rules.source.get(("slugs",))  # with a slug a schema error left out
        if lang not in rules.spec.slugs and not (isinstance(written, dict) and lang in written):
            report.error(rules.source.mark(("slugs",)), "missing-key",
                         f"no slug for language '{lang}', which has {lang}.yaml")
        _check_names(text, rules, [name_of(p) for p in example_files], report, loaded=examples)
    odd_cards = get_family(rules.spec.family).odd_cards(rules.engine)
    return GameBundle(folder, rules, languages, examples, values, odd_cards, translated_from)


def check_counts(bundle: GameBundle, source_lang: str, report: Report) -> None:
    """The rules in steps and the FAQ are lists, one entry per item: a language with more or
    fewer entries than the source language's lacks one or has one too many (the i18n report
    shows the rest of the picture). Without the source language, the fullest one counts."""
    languages = bundle.languages
    for key, what in (("faq", "FAQ entries"), ("steps", "steps")):
        # counted as written: an entry a schema error left out is reported there, not here
        counts = {lang: _written(text, key) for lang, text in languages.items()}
        if source_lang in counts:
            model, want = [source_lang], counts[source_lang]
            said = f"{source_lang}.yaml, the source language, has {want}"
        else:
            want = max(counts.values(), default=0)
            model = sorted(lang for lang, n in counts.items() if n == want)
            said = f"{', '.join(f'{m}.yaml' for m in model)} " \
                   f"{'has' if len(model) == 1 else 'have'} {want}"
        entry = "entry" if key == "faq" else "step"
        for lang, n in sorted(counts.items()):
            if n == want or lang in model:
                continue
            src = languages[lang].source
            report.error(src.key_mark((key,)) if src.get((key,)) is not None else Mark(src.path),
                         f"missing-{key}-text" if n < want else f"extra-{key}-text",
                         f"{lang}.yaml has {n} {what}; {said}",
                         hint=f"translate the missing {entry} (`rulebook i18n` lists every text "
                         "a language lacks)" if n < want else
                         f"one {entry} of this file has no counterpart: split or joined by "
                         f"mistake, or to be added to the source language first")


_PLAYERS = r"player|giocator|spieler|игрок|jucăt|لاعب"  # the word's stem in each language


def check_quickref_counts(bundle: GameBundle, report: Report) -> None:
    """The quick reference (the card, the booklet's back cover) promises the game's range of
    players in its header: a count that only a variant plays needs a line of its own there
    (Hearts' three players), in every language."""
    from ..simulation.configurations import player_counts

    family = family_of(bundle)
    spec = bundle.rules.spec.players
    base = set(player_counts(bundle, bundle.rules.engine, family=family))
    by_variant = {name: set(player_counts(bundle, engine, family=family))
                  for name, engine in bundle.rules.variants.items()}
    for count in range(max(spec.min, 2), spec.max + 1):
        if count in base:
            continue
        givers = sorted(name for name, counts in by_variant.items() if count in counts)
        # a line says how they play when it gives that variant's values ({three-players.
        # hand.cards}), or the count in digits beside the language's word for players
        own = re.compile("|".join(rf"\{{\s*{re.escape(g)}\." for g in givers) or r"(?!)")
        said = re.compile(rf"(?<![\d.,]){count}(?![\d.,]*\d)\s*\S{{0,3}}\s*(?:{_PLAYERS})",
                          re.IGNORECASE)
        for lang, text in sorted(bundle.languages.items()):
            quick = text.spec.quickref
            lines = [*quick.in_short, *quick.turn, *quick.end]
            if any(own.search(line) or said.search(line.translate(WESTERN_DIGITS))
                   for line in lines):
                continue
            src = text.source
            report.error(src.key_mark(("quickref",)) if src.get(("quickref",)) is not None
                         else Mark(src.path), "quickref-players",
                         f"{lang}: the quick reference promises {spec.min}–{spec.max} players "
                         f"and has no line for {count}"
                         + (f", which the variant {', '.join(repr(g) for g in givers)} plays"
                            if givers else ""),
                         hint=f"add a line to quickref.in_short saying how {count} play, "
                         + (f"with the variant's values ({{{givers[0]}.hand.cards}}, ...)"
                            if givers else f"'{count}' in digits beside the word for players"))


def _written(text: LanguageText, key: str) -> int:
    written = text.source.get((key,))
    return len(written) if isinstance(written, list) else len(getattr(text.spec, key))


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
    for name in files:
        # a name misspelt in 'order' is reported above, with this one as its suggestion
        if name not in order and nearest(name, misspelt) is None:
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


def _check_names(text: LanguageText, rules: GameRules, examples: list[str],
                 report: Report, *, loaded: dict[str, Example]) -> None:
    """Variant and example names in a language file must match game.yaml and examples/.
    Text is required only for the examples that loaded: one whose file has errors is
    reported there, not once more in every language."""
    src = text.source
    readings = [r.id for r in rules.spec.readings]
    for kind, known, found, required in (
            ("variant", list(rules.spec.variants), text.spec.variants, list(rules.spec.variants)),
            ("example", list(examples), text.spec.examples, list(loaded)),
            ("reading", readings, text.spec.readings, readings)):
        written = src.get((kind + "s",))  # with the entries a schema error left out
        names = list(written) if isinstance(written, dict) else list(found)
        for name in names:
            if name not in known:
                report.error(src.key_mark((kind + "s", name)), f"unknown-{kind}",
                             f"unknown {kind} '{name}'",
                             hint=did_you_mean(name, known) or f"known: {', '.join(known) or 'none'}")
        for name in required:
            if name not in names:
                report.error(src.key_mark((kind + "s",)) if src.get((kind + "s",)) is not None
                             else Mark(src.path), f"missing-{kind}-text",
                             f"no text for {kind} '{name}' in {text.lang}")
