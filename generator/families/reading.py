"""What the narration reader read in one language's narration of one example: each family's
narration check records every claim it reads here (core/readings.py: its kind, players, card,
figure and place), whether the replay bears it out or not, so that the record and the
findings come from the one reading. When the language's texts are checked, the sentences
that name a card, a player or a number the reader attached to no claim are found here and
each is an `unread-narration` warning.

A sentence (or several) wrapped in double parentheses, ``((Anna smiles.))``, is marked as no
claim: it is not read, never warned about, and the page shows it without the parentheses
(``strip_marks``).

Which mentions need a claim:

- every card (in glyphs or in words) and every whole number outside a placeholder;
- a player's name as the one who acts: not after a preposition ("from Carla", "on Anna"),
  nor in another case than the nominative (Анны, Carlei, Annas, "Anna's hand"): a place or an
  owner is no claim unless it is read as one (the owner of a card);
- and only in a clause that holds a card, a number or one of the words the reader reads
  (plays, takes, draws, wins, loses, bids, trumps, scores): "Anna thinks it over", a greeting,
  holds no claim to read.

A clause that denies or only supposes ("Dario may not bid 1") claims nothing, so its
mentions need none.
"""

from __future__ import annotations

import re
from typing import Mapping

from ..core.cards import Card, card_name
from ..core.cardwords import find_card_mentions
from ..core.diagnostics import Report
from ..core.readings import WEAK_KINDS, Claim, ClaimKind, TextReading, Unread
from ..model.schema import ExampleText
from ..model.source import Key, Source
from . import claims, roles

# A stretch marked as no claim: ((...)), over one sentence or several.
MARKED = re.compile(r"\(\((.*?)\)\)", re.DOTALL)


def strip_marks(text: str) -> str:
    """The text as the page shows it: each ((...)) without its parentheses."""
    return MARKED.sub(lambda m: m.group(1), text) if "((" in text else text


# The words of the claims the reader reads: a clause with a name and none of these, no card
# and no number, holds no claim to read ("Anna smiles").
_CLAIM_WORDS = (claims.PLAYS, claims.TAKES, claims.DRAWS, claims.WINS, claims.LOSES,
                claims.BIDS, claims.TRUMPS, roles.SCORES)


# What the reader reads of a name alone, with no card or number: who takes the trick, wins
# or loses.
_NAME_WORDS = (claims.TAKES, claims.WINS, claims.LOSES)


class Reading:
    """One language's narration of one example: the claims read in each of its texts."""

    def __init__(self, *, report: Report, src: Source, lang: str, game: str, example: str,
                 base: Key, narration: ExampleText, names: Mapping[str, str]) -> None:
        self.report, self.src, self.lang, self.names = report, src, lang, dict(names)
        self.texts: dict[Key, TextReading] = {}
        parts: list[tuple[Key, str, str]] = [
            (base + ("steps", i), f"step {i + 1}", text) for i, text in enumerate(narration.steps)]
        parts += [(base + (part,), part, text) for part, text in (
            ("intro", narration.intro), ("start", narration.start), ("result", narration.result))
            if text]
        for key, part, text in parts:
            mark = src.mark(key)
            self.texts[key] = TextReading(mark.path, mark.line, mark.col, game, example, lang,
                                          part, text)

    def claim(self, key: Key, kind: ClaimKind, at: int, *, covers: tuple[int, ...] = (),
              seats: tuple[str, ...] | frozenset[str] | set[str] = (), card: Card | None = None,
              value: int | None = None, ok: bool = True) -> None:
        """Record a claim read in the text at ``key``."""
        found = self.texts.get(key)
        if found is not None:
            found.claims.append(Claim(kind, at, covers or (at,), tuple(sorted(seats)), card,
                                      value, ok))

    def finish(self) -> None:
        """Each text's unread sentences, as warnings, and the readings on the report."""
        for key, reading in self.texts.items():
            reading.unread, reading.marked = self._unread(key, reading)
            for u in reading.unread if self.report.unread else ():
                self.report.warning(
                    self.src.text_mark(key, u.at), "unread-narration",
                    f"{self.lang}: {reading.part} of '{reading.example}': the reader reads no "
                    f"claim of {', '.join(u.holds)} in \"{_short(u.sentence)}\"",
                    hint="say it as a claim the reader reads (docs/authoring.md, \"What the "
                    "narration reader reads\": 'Anna plays the 7♦', 'Bruno takes the trick', "
                    "'Carla scores 4'), or wrap a sentence that claims nothing in double "
                    "parentheses: ((...))")
            self.report.readings.append(reading)

    def _unread(self, key: Key, reading: TextReading) -> tuple[list[Unread], int]:
        text, lang, names = reading.text, self.lang, self.names
        marked = [(m.start(), m.end()) for m in MARKED.finditer(text)]
        covered = [at for c in reading.claims if c.kind not in WEAK_KINDS for at in c.covers]
        out: list[Unread] = []
        marked_sentences = 0
        for sentence in claims.sentences(text, names, lang):
            lo, hi = sentence.start, sentence.start + len(sentence.text)
            if any(a <= lo + len(sentence.text) - len(sentence.text.lstrip()) and hi <= b + 2
                   for a, b in marked):
                marked_sentences += bool(re.search(r"\w", sentence.text))  # not the "))" left
                continue
            holds: list[tuple[int, int, str]] = []
            for c in claims.clauses(sentence.text, names, lang):
                part = claims.Clause(lo + c.start, c.text, c.names, c.owners)
                if claims.says(part, claims.HEDGED, lang):
                    continue
                holds += _mentions(part, names, lang)
            left = [(at, what) for at, end, what in holds
                    if not any(a <= at < b for a, b in marked)
                    and not any(at <= cover < end for cover in covered)]
            if left:
                at = left[0][0]
                mark = self.src.text_mark(key, at)
                seen: list[str] = []
                for _, what in left:
                    if what not in seen:
                        seen.append(what)
                out.append(Unread(at, mark.line, mark.col, " ".join(text[lo:hi].split()),
                                  tuple(seen)))
        return out, marked_sentences


def _mentions(part: claims.Clause, names: Mapping[str, str], lang: str
              ) -> list[tuple[int, int, str]]:
    """The cards, names and numbers of a clause that need a claim: (start and end offset,
    what it is)."""
    text = part.text
    found: list[tuple[int, int, str]] = []
    if not any(claims.says(part, words, lang) for words in _CLAIM_WORDS):
        return []  # a clause that says nothing the reader reads
    for mention in find_card_mentions(text, lang):
        length = len(mention.words) if mention.words else len(card_name(mention.card))
        found.append((part.start + mention.offset, part.start + mention.offset + length,
                      f"the card {card_name(mention.card)}"
                      + (f" ('{mention.words}')" if mention.words else "")))
    numbered = claims.numbered_spans(text, names)
    for value, at in claims.numbers(part):
        if not any(a <= at - part.start < b for a, b in numbered):  # "Player 2", "Игрока 3"
            found.append((at, at + len(str(value)), f"the number {value}"))
    if not found and not any(claims.says(part, words, lang) for words in _NAME_WORDS):
        return []  # a name with no card or number, and no word the reader reads of a name alone
    prepositions = roles.PREPOSITIONS.get(lang, roles.PREPOSITIONS["en"])
    starts = [m.start() for seat in part.names
              for m in claims._name_pattern(names[seat], lang).finditer(text)]
    objects = roles.objects_from(text, min(starts), lang) if starts else len(text)
    for seat in sorted(part.names):
        for m in claims._name_pattern(names[seat], lang).finditer(text):
            if re.search(prepositions, text[:m.start()], re.IGNORECASE):
                continue  # a place, or the one a card goes to or comes from
            if m.start() >= objects:
                continue  # the object of another's verb ("Carla tries to stop Anna")
            if lang == "en" and text[m.end():m.end() + 2] in ("'s", "’s"):
                continue  # "Carla's hand": a place
            if not roles.nominative(m.group(), names[seat], lang):
                continue  # another case: an owner, a receiver
            found.append((part.start + m.start(), part.start + m.end(),
                          f"the name '{names[seat]}'"))
    return found


def _short(sentence: str, limit: int = 80) -> str:
    sentence = " ".join(sentence.split())
    return sentence if len(sentence) <= limit else sentence[:limit - 1] + "…"
