"""The narration mutation test's machinery: every example narration of the corpus, each with
one fact changed, checked in memory (generator.check.games.check_narration_text), and whether
a finding lands at the changed line. Used by tests/test_narration_mutations.py (a sample in
the unit tier, the whole corpus in the slow tier) and bench/narration_recall.py (the table).

What is changed, and when a change counts. A change is one token of one text (a step, or an
example's result) replaced by another, the rest of the file as it was; it counts only when the
token states a fact of the replay, so that the changed text is false (a change that keeps a
text true, or changes a word the replay says nothing of, measures nothing):

  player      a seat's name in a step, in a clause (the text between sentence ends, commas
              and the language's "and") that holds a card that seat moves in that step (plays
              in a trick, plays or draws in a shedding move, draws or lays down in a pairing
              move; in a pairing move, the one drawn from too): replaced by another seat's
              name (the same ending kept: "Brunos" -> "Carlas"). Not a name that a clause
              about the trick's taking holds (that is `winner`).
  winner      the name of a trick's winner in a step, in a clause that speaks of taking the
              trick (the test's own word list, TAKING below, wider than the reader's):
              replaced by another seat's name.
  card-absent a card in glyphs (Q♠) that is moved in the step: replaced by a card of the deck
              nobody involved holds (tricks: nobody holds before the trick or draws after it;
              shedding: neither on the pile nor in the mover's hand; pairs: neither the drawer
              nor the one drawn from holds it).
  card-held   the same, replaced by a card the same seat holds and does not move in the step
              (the mover's other cards: "she plays the Q♣" -> "the Q♠" she kept).
  card-words  a card in the language's words ("the queen of clubs") that is moved in the step:
              its suit word (else its rank word) replaced by another's in the same form, a
              card the seat holds and does not move when there is one, else one nobody holds.
  points      a whole number (not a card's rank, not in a {placeholder}) in a trick's step, a
              score sheet's step or the result, that is one of the figures the replay gives
              the nearest seat named before it in that text (a trick: its winner's points;
              a sheet's hand: the hand's score and the total; the result: points, score,
              tricks taken, total): replaced by the next number that is none of that seat's
              figures.

Two kinds change an example's intro, where the deal is told:

  turned      a card in glyphs that is the card the replay turns up (a trick game's trump
              card, a shedding game's first card of the pile): replaced by a card of the deck
              that is not turned.
  dealt       a whole number (not a card's rank, not in a {placeholder}, not the number of a
              seat's name: "Player 2") in a pairing example's intro that is the number of
              cards dealt to a seat, or to all of them: replaced by the next number that is
              none of those.

A change is caught when the check of the changed text reports an error at the changed line of
the language file (a finding at another line is counted apart, as `elsewhere`). Replacements
are chosen by a generator seeded with the place of the change, so every run makes the same
changes.
"""

from __future__ import annotations

import random
import re
import zlib
from collections import Counter
from dataclasses import dataclass
from typing import Iterable, Iterator

from generator.check.games import CheckResult, check_narration_text
from generator.core.cards import Card, Rank, Suit, card_name
from generator.core.cardwords import LANGUAGES as CARD_WORDS
from generator.core.cardwords import find_card_mentions
from generator.core.languages import LANGUAGES, WESTERN_DIGITS
from generator.families import claims, get_family
from generator.families.pairs.record import Replay as PairsReplay
from generator.families.shedding.record import Replay as ShedReplay
from generator.families.tricks.record import Replay as TricksReplay
from generator.model.game import GameBundle
from generator.model.source import Key, Source

KINDS = ("player", "winner", "card-absent", "card-held", "card-words", "points", "turned",
         "dealt")

# A clause that speaks of taking a trick: the test's own words, wider than the reader's.
TAKING = {
    "en": r"\b(?:tak\w*|took|win\w*|won|trick\w*|gets?|goes to)\b",
    "it": r"\b(?:prend\w*|pres[ae]|vinc\w*|vint\w*|fa sua|è di|va a)\b",
    "de": r"\b(?:Stich\w*|holt|gewinnt|sticht|nimmt|bekommt|geht an|gehört)\b",
    "ru": r"(?<!\w)(?:взятк\w*|взятку|бер[её]т|забира\w*|получа\w*|взял\w*|доста\w*)(?!\w)",
    "ro": r"\b(?:levat\w*|ia|câștig\w*|a luat|revine|e a)\b",
    "ar": r"(?:أكل|الأكلة|يربح|تربح|ربح|يأخذ|تأخذ|أخذ|يفوز|تفوز|فاز)",
}
_SUIT_GLYPH = "♠♥♦♣"


@dataclass(frozen=True)
class Mutation:
    """One change: where (game, example, language, the text's key, the offset in it), what
    (``old`` -> ``new``), of which kind, and the line of the language file it is on."""

    game: str
    example: str
    lang: str
    key: Key
    offset: int
    old: str
    new: str
    kind: str
    line: int
    raw_at: int  # where the token stands in the file's text

    @property
    def where(self) -> str:
        return f"{self.game}/{self.lang}.yaml:{self.line} {'/'.join(map(str, self.key[2:]))}"


@dataclass(frozen=True)
class Outcome:
    mutation: Mutation
    caught: bool  # an error at the changed line
    elsewhere: bool  # an error, at another line only


@dataclass(frozen=True)
class _Step:
    """The facts of one text of an example that a change may contradict."""

    moved: dict[str, frozenset[Card]]  # seat -> the cards it moves
    held: dict[str, frozenset[Card]]  # seat -> the cards it holds before (moved ones too)
    involved: frozenset[Card]  # every card the text may name
    winner: str | None
    figures: dict[str, frozenset[int]]  # seat -> the numbers true of it


def _rng(*parts: object) -> random.Random:
    return random.Random(zlib.crc32("|".join(map(str, parts)).encode()))


def _steps(replay: object, deck: Iterable[Card]) -> Iterator[tuple[Key, _Step]]:
    """Each text of an example with its facts: the steps, then the result."""
    every = frozenset(deck)
    if isinstance(replay, TricksReplay):
        for i, trick in enumerate(replay.tricks):
            played = {s: frozenset({c}) for s, c in trick.cards}
            held = {s: frozenset(h) for s, h in trick.hands_before.items()}
            involved = frozenset(c for h in trick.hands_before.values() for c in h) \
                | frozenset(c for _, c in trick.draws)
            yield ("steps", i), _Step(played, held, involved, trick.winner,
                                      {trick.winner: frozenset({trick.points})})
        for i, row in enumerate(replay.sheet):
            yield ("steps", i), _Step({}, {}, every, None,
                                      {s: frozenset({row.scores[s], row.totals[s]})
                                       for s in replay.seats})
        final = replay.sheet[-1].totals if replay.sheet else {}
        figures = {}
        for s in replay.seats:
            values = {replay.points.get(s), replay.scores.get(s), replay.tricks_won.get(s),
                      final.get(s)}
            figures[s] = frozenset(v for v in values if v is not None)
        if replay.complete:
            yield ("result",), _Step({}, {}, every, None, figures)
    elif isinstance(replay, ShedReplay):
        top = replay.start_top
        for i, step in enumerate(replay.steps):
            moved = {step.seat: frozenset(step.cards) | frozenset(step.penalty)}
            held = {step.seat: frozenset(step.before[step.seat]) | moved[step.seat]}
            involved = held[step.seat] | {step.top} | ({top} if top is not None else set())
            yield ("steps", i), _Step(moved, held, frozenset(involved), None, {})
            top = step.top
    elif isinstance(replay, PairsReplay):
        for i, p in enumerate(replay.steps):
            laid = frozenset(p.pair or ()) | {p.card}
            moved = {p.drawer: laid, p.source: frozenset({p.card})}
            held = {p.drawer: frozenset(p.before[p.drawer]) | laid,
                    p.source: frozenset(p.before[p.source])}
            involved = frozenset(c for s in (p.drawer, p.source)
                                 for h in (p.before[s], p.after[s]) for c in h) | {p.card}
            yield ("steps", i), _Step(moved, held, involved, None, {})


def _locate(src: Source, key: Key, offset: int, token: str) -> tuple[int, int] | None:
    """(line, offset in the file's text) of ``token`` at ``offset`` of the text at ``key``;
    None when the file's text there is not the token (a change that cannot be made exactly)."""
    mark = src.text_mark(key, offset)
    lines = src.text.split("\n")
    if mark.line > len(lines):
        return None
    at = sum(len(row) + 1 for row in lines[:mark.line - 1]) + mark.col - 1
    if src.text[at:at + len(token)] != token:
        return None
    return mark.line, at


def _renamed(token: str, name: str, other: str) -> str:
    """``token`` (a form of ``name``: "Brunos", "وآنا", "Анны") with ``other`` in its place."""
    for base in (name, name[:-1]):
        at = token.find(base)
        if at >= 0 and base:
            tail = token[at + len(base):]
            if base == name[:-1] and len(other) >= 4 and other[-1].lower() in "aeiouăâîаеёиоуыэюя":
                return token[:at] + other[:-1] + tail
            return token[:at] + other + tail
    return other


def _card_word_forms(lang: str) -> list[tuple[str, dict[object, tuple[str, ...]]]]:
    words = CARD_WORDS[lang]
    return [("rank", dict(words.ranks)), ("suit", dict(words.suits)),
            ("rank", dict(words.italian_ranks)), ("suit", dict(words.italian_suits)),
            ("suit", dict(words.adjectives))]


def _word_changes(text: str, lang: str, offset: int, words: str, card: Card
                  ) -> Iterator[tuple[int, str, str, Card]]:
    """Ways to name another card by changing one word of the card named at ``offset``:
    (offset of the word, the word, its replacement, the card then named)."""
    folded = words.casefold()
    for kind, table in _card_word_forms(lang):
        own = card.suit if kind == "suit" else card.rank
        forms = table.get(own, ())
        for index, form in enumerate(forms):
            for m in re.finditer(rf"(?<!\w){re.escape(form.casefold())}", folded):
                for other, alts in table.items():
                    if other == own or not alts:
                        continue
                    new = alts[min(index, len(alts) - 1)]
                    if form[:1].isupper() != new[:1].isupper() and m.start() > 0:
                        new = new[:1].lower() + new[1:] if form[:1].islower() else new
                    if words[m.start():m.start() + 1].isupper():
                        new = new[:1].upper() + new[1:]
                    assert isinstance(other, (Rank, Suit))
                    target = Card(card.rank, other) if kind == "suit" else Card(other, card.suit)
                    at = offset + m.start()
                    changed = text[:at] + new + text[at + len(form):]
                    if any(x.offset == offset and x.card == target
                           for x in find_card_mentions(changed, lang)):
                        yield at, words[m.start():m.start() + len(form)], new, target


def mutations(bundle: GameBundle, replays: dict[str, object]) -> list[Mutation]:
    """Every counted change of ``bundle``'s narrations (see the module's docstring)."""
    out: list[Mutation] = []
    game = bundle.rules.id
    deck = bundle.rules.engine.deck.cards
    for lang in LANGUAGES:
        text = bundle.languages.get(lang)
        if text is None:
            continue
        for example, replay in replays.items():
            narration = text.spec.examples.get(example)
            if narration is None:
                continue
            seats = tuple(getattr(replay, "seats"))
            names = {s: narration.seats.get(s, s) for s in seats}
            for part, facts in _steps(replay, deck):
                if part[0] == "steps":
                    if part[1] >= len(narration.steps):
                        continue
                    words = narration.steps[part[1]]
                else:
                    words = narration.result or ""
                key = ("examples", example, *part)
                for offset, old, new, kind in _changes(words, lang, names, facts, deck,
                                                       seed=(game, example, lang, part)):
                    placed = _locate(text.source, key, offset, old)
                    if placed is not None:
                        out.append(Mutation(game, example, lang, key, offset, old, new, kind,
                                            *placed))
            key = ("examples", example, "intro")
            for offset, old, new, kind in _intro_changes(narration.intro or "", lang, names,
                                                         replay, deck,
                                                         seed=(game, example, lang, "intro")):
                placed = _locate(text.source, key, offset, old)
                if placed is not None:
                    out.append(Mutation(game, example, lang, key, offset, old, new, kind,
                                        *placed))
    return out


def _intro_changes(words: str, lang: str, names: dict[str, str], replay: object,
                   deck: Iterable[Card], *, seed: tuple[object, ...]
                   ) -> Iterator[tuple[int, str, str, str]]:
    """(offset, old token, new token, kind) of each counted change of an intro: the card
    turned up, the number of cards dealt."""
    turned: set[Card] = set()
    if isinstance(replay, TricksReplay) and replay.turned is not None:
        turned = {replay.turned}
    elif isinstance(replay, ShedReplay):
        turned = {c for c in (replay.turned, replay.start_top) if c is not None}
    others = sorted((c for c in set(deck) if c not in turned and c.rank is not None),
                    key=card_name)
    for m in find_card_mentions(words, lang) if turned else ():
        old = card_name(m.card)
        if m.card in turned and m.words is None and words[m.offset:m.offset + len(old)] == old:
            yield m.offset, old, card_name(_rng(*seed, m.offset).choice(others)), "turned"
    if not isinstance(replay, PairsReplay):
        return
    dealt = replay.deal_counts or {s: len(h) for s, h in (replay.dealt or {}).items()}
    true = set(dealt.values()) | {sum(dealt.values())}
    if not dealt:
        return
    # the numbers of seats' names ("Player 2", "Players 3 and 1"), by the names' own words
    stems = {m.group(1)[:4] for name in names.values()
             for m in [re.fullmatch(r".*?(\w{3,})\s+\d+", name)] if m is not None}
    digits = words.translate(WESTERN_DIGITS)
    for m in re.finditer(r"(?<![\w.{])\d+(?![\w{}]|[.,]\d)", digits):
        if words[m.end():m.end() + 1] in _SUIT_GLYPH or _in_placeholder(words, m.start()):
            continue
        head = words[max(0, m.start() - 40):m.start()]
        if any(re.search(rf"(?<!\w){re.escape(stem)}[\w\u064b-\u0652]*\s+(?:\d+\s*(?:,|and|и|e"
                         rf"|und|și|و)?\s*)*$", head, re.IGNORECASE) for stem in stems):
            continue
        value = int(m.group())
        if value not in true:
            continue
        new = value + 1
        while new in true:
            new += 1
        yield m.start(), words[m.start():m.end()], str(new), "dealt"


def _changes(words: str, lang: str, names: dict[str, str], facts: _Step, deck: Iterable[Card],
             *, seed: tuple[object, ...]) -> Iterator[tuple[int, str, str, str]]:
    """(offset, old token, new token, kind) of each counted change of one text."""
    seats = sorted(names)
    mentions = find_card_mentions(words, lang)
    taking = re.compile(TAKING[lang], re.IGNORECASE)
    # names, by clause
    for clause in _clauses(words, names, lang):
        cards_here = {m.card for m in mentions
                      if clause.start <= m.offset < clause.start + len(clause.text)}
        for seat in sorted(clause.names):
            name = names[seat]
            stem = re.escape(name[:-1] if len(name) >= 4 else name)
            pattern = re.compile(rf"(?<!\w)(?:[وفلبك]|لل)?{stem}\w*" if lang == "ar"
                                 else rf"(?<!\w){stem}\w*")
            for m in pattern.finditer(clause.text):
                if not claims.named(m.group(), {seat: names[seat]}, lang):
                    continue
                if seat == facts.winner and taking.search(clause.text):
                    kind = "winner"
                elif cards_here & facts.moved.get(seat, frozenset()):
                    kind = "player"
                else:
                    continue
                others = [s for s in seats if s != seat]
                if not others:
                    continue
                other = _rng(*seed, clause.start + m.start()).choice(others)
                yield (clause.start + m.start(), m.group(),
                       _renamed(m.group(), names[seat], names[other]), kind)
    # cards
    every = sorted(set(deck), key=card_name)
    for m in mentions:
        mover = next((s for s, moved in sorted(facts.moved.items()) if m.card in moved), None)
        if mover is None or m.card.rank is None:
            continue
        rng = _rng(*seed, m.offset)
        kept = sorted(facts.held.get(mover, frozenset()) - facts.moved[mover], key=card_name)
        absent = [c for c in every if c not in facts.involved and c.rank is not None]
        if m.words is None:
            old = card_name(m.card)
            if words[m.offset:m.offset + len(old)] != old:
                continue
            if absent:
                yield m.offset, old, card_name(rng.choice(absent)), "card-absent"
            if kept:
                yield m.offset, old, card_name(rng.choice(kept)), "card-held"
        else:
            options = list(_word_changes(words, lang, m.offset, m.words, m.card))
            preferred = [o for o in options if o[3] in kept] \
                or [o for o in options if o[3] not in facts.involved]
            if preferred:
                at, old, new, _ = rng.choice(preferred)
                yield at, old, new, "card-words"
    # numbers
    if facts.figures:
        digits = words.translate(WESTERN_DIGITS)
        for m in re.finditer(r"(?<![\w.{])[-−]?\d+(?![\w{}]|[.,]\d)", digits):
            if words[m.end():m.end() + 1] in _SUIT_GLYPH or _in_placeholder(words, m.start()):
                continue
            before = [(w.start(), s) for s in seats for w in _name_in(words, names[s], lang)
                      if w.start() < m.start()]
            if not before:
                continue
            seat = max(before)[1]
            value = int(m.group().replace("−", "-"))
            true = facts.figures.get(seat, frozenset())
            if value not in true and -value not in true:
                continue
            new = abs(value) + 1
            while new in true or -new in true:
                new += 1
            written = m.group()
            sign = written[0] if written[0] in "-−" else ""
            number = str(new)
            if any(ch in "٠١٢٣٤٥٦٧٨٩" for ch in words[m.start():m.end()]):
                number = number.translate(str.maketrans("0123456789", "٠١٢٣٤٥٦٧٨٩"))
            yield m.start(), words[m.start():m.end()], sign + number, "points"


# Clauses as the test cuts them, apart from the reader's cutting (which may change): at
# sentence ends, commas, dashes and the language's "and", "but", "so".
_CUT = r"[.;:!?,،؛؟—–]"
_AND = {
    "en": r"\band\b|\bbut\b|\bso\b", "it": r"\be\b|\bma\b|\bcosì\b",
    "de": r"\bund\b|\baber\b|\balso\b", "ru": r"(?<!\w)(?:и|а|но)(?!\w)",
    "ro": r"\bși\b|\biar\b|\bdar\b|\başa\b|\bașa\b", "ar": r"(?<!\w)(?:لكن|ثم)(?!\w)",
}


def _clauses(words: str, names: dict[str, str], lang: str) -> list[claims.Clause]:
    out, start = [], 0
    masked = re.sub(r"\{[^{}\n]*\}", lambda m: " " * len(m.group()), words)  # placeholders
    for m in [*re.finditer(f"{_CUT}|{_AND[lang]}", masked, re.IGNORECASE), None]:
        end = m.start() if m is not None else len(words)
        if words[start:end].strip():
            piece = words[start:end]
            out.append(claims.Clause(start, piece, claims.named(piece, names, lang)))
        start = m.end() if m is not None else end
    return out


def _name_in(words: str, name: str, lang: str) -> list[re.Match[str]]:
    return list(claims._name_pattern(name, lang).finditer(words))


def _in_placeholder(words: str, at: int) -> bool:
    return words.rfind("{", 0, at) > words.rfind("}", 0, at)


def apply(bundle: GameBundle, mutation: Mutation) -> str:
    """The language file's text with the change made."""
    text = bundle.languages[mutation.lang].source.text
    at = mutation.raw_at
    assert text[at:at + len(mutation.old)] == mutation.old
    return text[:at] + mutation.new + text[at + len(mutation.old):]


def run(bundle: GameBundle, mutation: Mutation) -> Outcome:
    """The changed text checked: whether an error lands at the changed line."""
    report = check_narration_text(bundle, mutation.lang, apply(bundle, mutation),
                                  example=mutation.example)
    path = bundle.languages[mutation.lang].source.path
    errors = [d for d in report.errors if d.mark.path == path]
    caught = any(d.mark.line == mutation.line for d in errors)
    return Outcome(mutation, caught, not caught and bool(errors))


def corpus_mutations(checked: CheckResult, *, games: Iterable[str] | None = None
                     ) -> list[tuple[GameBundle, Mutation]]:
    """Every counted change of every game of a checked corpus (of ``games`` when given)."""
    out = []
    for bundle in checked.games:
        if games is not None and bundle.rules.id not in games:
            continue
        replays = {ex: r for (game, ex), r in checked.replays.items() if game == bundle.rules.id
                   and not bundle.examples[ex].spec.draft}
        out += [(bundle, m) for m in mutations(bundle, replays)]
    return out


def sample(found: list[tuple[GameBundle, Mutation]], size: int, *, seed: int = 36
           ) -> list[tuple[GameBundle, Mutation]]:
    """A seeded sample of ``size`` changes, spread over the kinds and languages."""
    groups: dict[tuple[str, str], list[tuple[GameBundle, Mutation]]] = {}
    for item in found:
        groups.setdefault((item[1].kind, item[1].lang), []).append(item)
    rng = random.Random(seed)
    out: list[tuple[GameBundle, Mutation]] = []
    while len(out) < size and any(groups.values()):
        for group in groups.values():
            if group and len(out) < size:
                out.append(group.pop(rng.randrange(len(group))))
    return out


def table(outcomes: list[Outcome]) -> dict[tuple[str, str], tuple[int, int]]:
    """(kind, lang) -> (caught, counted); ("all", lang) and (kind, "all") too."""
    counted: Counter[tuple[str, str]] = Counter()
    caught: Counter[tuple[str, str]] = Counter()
    for o in outcomes:
        m = o.mutation
        for cell in ((m.kind, m.lang), ("all", m.lang), (m.kind, "all"), ("all", "all")):
            counted[cell] += 1
            caught[cell] += o.caught
    return {cell: (caught[cell], n) for cell, n in counted.items()}


def shown(cells: dict[tuple[str, str], tuple[int, int]]) -> str:
    """The table as text: a row a kind, a column a language, recall in % (caught/counted)."""
    langs = [*LANGUAGES, "all"]
    rows = [f"{'kind':<12}" + "".join(f"{lang:>16}" for lang in langs)]
    for kind in (*KINDS, "all"):
        row = f"{kind:<12}"
        for lang in langs:
            got, n = cells.get((kind, lang), (0, 0))
            row += f"{'-':>16}" if not n else f"{f'{100 * got / n:.0f}% ({got}/{n})':>16}"
        rows.append(row)
    return "\n".join(rows)


def family_of(bundle: GameBundle) -> str:
    return get_family(bundle.rules.spec.family).name
