"""The checks of a game's prose that no schema says: images and tables a page can show,
texts every language has as many of as the source language (FAQ entries, rules steps), a
quick reference that has a line for every player count it promises, and the names of
variants, examples and readings that match game.yaml and examples/."""

from __future__ import annotations

import re
from typing import Iterator

from ..core.diagnostics import Mark, Report
from ..core.hints import did_you_mean
from ..core.languages import WESTERN_DIGITS
from ..core.markup import refused_images
from ..families import family_of
from ..model.game import Example, GameBundle, GameRules, LanguageText
from ..model.placeholders import missing_placeholders, names_in, strings_in
from ..model.schema import FALLBACK_SECTIONS
from ..model.source import Source


def check_images(src: Source, report: Report) -> None:
    """Prose may embed pictures only as data: URLs: the site and the PDFs fetch nothing."""
    for key, text in strings_in(src.data):
        for offset, url in refused_images(text):
            report.error(src.text_mark(key, offset), "refused-resource",
                         f"the image '{url[:120]}' is not part of the page: a local file or a "
                         "web address, which neither the site nor the PDFs may fetch",
                         hint="embed the picture as a data:image/png;base64,... URL, or leave it out")


# A hyphen-minus that stands for a minus: before a digit, after no letter, digit or sign (a
# range "2-6", a date, an address, a Markdown rule and "+-" are not minus signs)
_HYPHEN_MINUS = re.compile(r"(?<![\w\-\u2212+)\]}/.:=#&%])-(?=\d)")


# A sum worked out with a hyphen-minus: "30 - 12 = 18" (a spaced hyphen between two numbers,
# an equals sign after them); a spaced range ("2 - 6 players") has no equals sign.
_HYPHEN_SUBTRACTION = re.compile(r"(?<=\d)[ \u00a0]+-[ \u00a0]+(\d+(?:[.,]\d+)?)(?=[ \u00a0]*=)")


def check_minus_signs(src: Source, report: Report) -> None:
    """A negative number in prose is written with the minus sign (U+2212), as the generated
    text writes it: the hyphen is shorter, sits lower and breaks a line after it. So is a
    subtraction."""
    for key, text in strings_in(src.data):
        if "-" not in text:
            continue
        for m in _HYPHEN_SUBTRACTION.finditer(text):
            at = m.start() + m.group().index("-")
            first = re.search(r"\d+(?:[.,]\d+)?$", text[:m.start()])
            left = first.group() if first else ""
            report.warning(src.text_mark(key, at), "hyphen-minus",
                           f"'{left} - {m.group(1)}' subtracts with a hyphen-minus: a subtraction "
                           f"takes the minus sign, '{left} \u2212 {m.group(1)}'",
                           hint="type \u2212 (U+2212 MINUS SIGN; in Markdown also &minus;) in "
                           "place of the hyphen")
        for m in _HYPHEN_MINUS.finditer(text):
            number = re.match(r"\d+(?:[.,]\d+)?", text[m.end():])
            figure = number.group() if number else ""
            report.warning(src.text_mark(key, m.start()), "hyphen-minus",
                           f"'-{figure}' is written with a hyphen-minus: a negative number takes "
                           f"the minus sign, '\u2212{figure}'",
                           hint="type \u2212 (U+2212 MINUS SIGN; in Markdown also &minus;) in "
                           "place of the hyphen")


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


def check_placeholders_kept(bundle: GameBundle, source_lang: str, report: Report) -> None:
    """A translated text has every placeholder its source text has: a number or a card left
    out (or misspelled) is a fact the page no longer says in that language. Spoken words
    (``{call}``) may be said in the translation's own language instead."""
    source = bundle.languages.get(source_lang)
    if source is None:
        return
    originals = dict(strings_in(source.source.data))
    for lang, target in sorted(bundle.languages.items()):
        if lang == source_lang:
            continue
        for key, text in strings_in(target.source.data):
            original = originals.get(key) if _aligned(source.source.data, target.source.data,
                                                      key) else None
            missing = missing_placeholders(original, text) if original is not None else []
            if not missing:
                continue
            report.warning(target.source.text_mark(key, 0),
                           "placeholder-missing",
                           f"the {source_lang} text has {_braced(names_in(original or ''))}; "
                           f"this translation has {_braced(names_in(text)) or 'none'}: "
                           f"{_braced(missing)} missing",
                           hint=f"write {_braced(missing)} where the number or card belongs "
                           "(spelled as in the source: it is filled from game.yaml)")


def _aligned(source: object, target: object, key: tuple[object, ...]) -> bool:
    """Whether the text at ``key`` is the same text in both files: every list on the way
    has as many items in each (a step too many is its own finding, and shifts the rest)."""
    for part in key:
        if isinstance(source, list) and isinstance(target, list):
            if len(source) != len(target) or not isinstance(part, int) or part >= len(source):
                return False
            source, target = source[part], target[part]
        elif isinstance(source, dict) and isinstance(target, dict):
            if part not in source or part not in target:
                return False
            source, target = source[part], target[part]
        else:
            return False
    return True


def _braced(names: list[str]) -> str:
    return ", ".join("{" + name + "}" for name in names)


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


def check_sections(bundle: GameBundle, source_lang: str, report: Report) -> None:
    """A section the source language has and a translation lacks: that language's page shows
    the source language's section, with a notice; one warning a section, at the language's
    ``sections``."""
    source = bundle.languages.get(source_lang)
    if source is None:
        return
    for lang, text in sorted(bundle.languages.items()):
        if lang == source_lang:
            continue
        src = text.source
        for key in FALLBACK_SECTIONS:
            if getattr(source.spec.sections, key) and not getattr(text.spec.sections, key):
                report.warning(src.key_mark(("sections",)) if src.get(("sections",)) is not None
                               else Mark(src.path), "missing-section-text",
                               f"{lang}.yaml has no '{key}' section; {source_lang}.yaml has one: "
                               f"the {lang} page shows it in {source_lang}, with a notice",
                               hint=f"translate it under 'sections: {key}:' (`rulebook i18n` "
                               "lists every text a language lacks)")


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
    promised = range(max(spec.min, 2), spec.max + 1)
    unplayed = [n for n in promised
                if n not in base and not any(n in counts for counts in by_variant.values())]
    if unplayed:
        # a promise nothing backs: said once, at game.yaml, never "add a line" that hides it
        played = sorted(base.union(*by_variant.values()) & set(promised))
        report.error(bundle.rules.source.mark(("players",)), "unplayable-players",
                     f"'players' promises {spec.min}–{spec.max} players, but neither the game "
                     f"nor a variant is played by {', '.join(map(str, unplayed))}",
                     hint=(f"narrow 'players' to the counts played ({_ranges(played)})"
                           if played else "narrow 'players'")
                     + f", or add a variant for {unplayed[0]} players "
                     f"(its options say how {unplayed[0]} play)")
    for count in promised:
        if count in base or count in unplayed:
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
                         + ((f", which the variant {givers[0]!r} plays" if len(givers) == 1
                             else ", which the variants " + ", ".join(map(repr, givers[:-1]))
                             + f" and {givers[-1]!r} play") if givers else ""),
                         hint=f"add a line to quickref.in_short saying how {count} play, "
                         + (f"with the variant's values ({{{givers[0]}.hand.cards}}, ...)"
                            if givers else f"'{count}' in digits beside the word for players"))


def _ranges(counts: list[int]) -> str:
    """3, 4, 5, 7 -> '3–5, 7'."""
    out: list[str] = []
    for n in counts:
        if out and out[-1].split("–")[-1] == str(n - 1):
            out[-1] = f"{out[-1].split('–')[0]}–{n}"
        else:
            out.append(str(n))
    return ", ".join(out)


def _written(text: LanguageText, key: str) -> int:
    written = text.source.get((key,))
    return len(written) if isinstance(written, list) else len(getattr(text.spec, key))


def check_names(text: LanguageText, rules: GameRules, examples: list[str],
                 report: Report, *, loaded: dict[str, Example]) -> None:
    """The names in a language file (variants, examples, readings, rules outside the model)
    must match game.yaml and examples/, and each needs its text. Text is required only for
    the examples that loaded: one whose file has errors is reported there, not once more in
    every language."""
    src = text.source
    readings = [r.id for r in rules.spec.readings]
    outside = [r.id for r in rules.spec.outside_model]
    for kind, key, what, known, found, required in (
            ("variant", "variants", "variant", list(rules.spec.variants), text.spec.variants,
             list(rules.spec.variants)),
            ("example", "examples", "example", list(examples), text.spec.examples, list(loaded)),
            ("reading", "readings", "reading", readings, text.spec.readings, readings),
            ("outside-model", "outside_model", "rule outside the model", outside,
             text.spec.outside_model, outside)):
        written = src.get((key,))  # with the entries a schema error left out
        names = list(written) if isinstance(written, dict) else list(found)
        for name in names:
            if name not in known:
                report.error(src.key_mark((key, name)), f"unknown-{kind}",
                             f"unknown {what} '{name}'",
                             hint=did_you_mean(name, known) or f"known: {', '.join(known) or 'none'}")
        for name in required:
            if name not in names:
                report.error(src.key_mark((key,)) if src.get((key,)) is not None
                             else Mark(src.path), f"missing-{kind}-text",
                             f"no text for {what} '{name}' in {text.lang}")
