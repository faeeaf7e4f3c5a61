"""What a narration says of who and how much, read in its language: the players it names,
and in each clause whether it claims that somebody takes a trick, plays a card, loses or wins,
and what scores it gives them. The families check these claims against the replay (each
family's narration.py), as the card-in-words check does for cards.

The reading is deliberately narrow, so that it never finds a claim a writer did not make: a
sentence claims that a player takes a trick, plays a card, loses or wins only when it names
that player alone (or with the others it must name) and holds one of the language's words for
it; scores are read in clauses (between commas and the language's "and"), each naming one
player and the figures beside the name. The words for taking a trick,
losing and winning include the UI catalogs' own ("takes the trick", "loses", "wins": a test
keeps them in step); names are matched with the endings the language gives them (Анны,
Annei, Annas) and, in Arabic, with the particles written onto them (وآنا, لآنا).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from typing import Mapping

from ..core.cards import Card, card_name
from ..core.cardwords import find_card_mentions
from ..core.languages import WESTERN_DIGITS

# Sentences end at these; clauses also at commas and at the language's "and".
_SENTENCE_ENDS = r"[.;:!?؟؛]"
_BREAKS = {
    "en": r"\band\b|\bbut\b|\bso\b", "it": r"\be\b|\bma\b|\bcosì\b", "de": r"\bund\b|\baber\b|\balso\b",
    "ru": r"\bи\b|\bа\b|\bно\b", "ro": r"\bși\b|\biar\b|\bdar\b|\başa\b|\bașa\b",
    "ar": r"(?<!\w)(?:لكن|ثم)(?!\w)",
}
_CLAUSE_ENDS = r"[.;:!?,،؛؟—–]"

# A player takes (or wins) a trick.
TAKES = {
    "en": r"\b(?:takes?|took|taken|wins?|won)\b",
    "it": r"\b(?:prende|prendono|preso|vince|vincono|vinto)\b|\bfa\b.*\bpres[ae]\b",
    "de": r"\b(?:holt|gewinnt|sticht|nimmt|bekommt|geht an)\b|\bmacht\b.*\bStich",
    "ru": r"(?<!\w)(?:берёт|берет|забирает|получает|взял[аи]?|достаётся|достается)(?!\w)",
    "ro": r"\b(?:ia|câștigă|a luat)\b",
    "ar": r"(?<!\w)[وف]?(?:يأكل|تأكل|أكل|أكلت|يربح|تربح|ربح|ربحت|يأخذ|تأخذ|أخذ|أخذت)(?!\w)",
}
# A player plays a card (leads, follows, discards).
PLAYS = {
    "en": r"\b(?:plays?|played|leads?|led|throws?|threw|discards?|follows? with)\b",
    "it": r"\b(?:gioca|giocato|esce con|scarta|risponde con|butta)\b",
    "de": r"\b(?:spielt|legt|wirft|bedient mit|gibt)\b",
    "ru": r"(?<!\w)(?:ходит|кладёт|кладет|сбрасывает|отвечает|играет|подкидывает)(?!\w)",
    "ro": r"\b(?:joacă|deschide cu|aruncă|răspunde cu)\b",
    "ar": r"(?<!\w)[وف]?(?:يلعب|تلعب|يفتتح|تفتتح|يرمي|ترمي|يتبع|تتبع)(?!\w)",
}
LOSES = {
    "en": r"\b(?:loses?|lost|losers?)\b",
    "it": r"\b(?:perde|perdono|perso|perdent[ei])\b",
    "de": r"\b(?:verliert|verlieren|verloren|Verlierer\w*)\b",
    "ru": r"(?<!\w)(?:проигрывает|проигрывают|проиграл[аи]?|проигравш\w*)(?!\w)",
    "ro": r"\b(?:pierde|pierd|pierdut|învins\w*)\b",
    "ar": r"(?<!\w)[وف]?(?:يخسر|تخسر|خسر|خسرت|يخسرون|الخاسر\w*)(?!\w)",
}
WINS = {
    "en": r"\b(?:wins?|won|winners?)\b",
    "it": r"\b(?:vince|vincono|vinto|vincitor\w*)\b",
    "de": r"\b(?:gewinnt|gewinnen|gewonnen|Gewinner\w*)\b",
    "ru": r"(?<!\w)(?:выигрывает|выигрывают|выиграл[аи]?|побеждает|победил[аи]?|победител\w*)(?!\w)",
    "ro": r"\b(?:câștigă|câștigat|câștigător\w*)\b",
    "ar": r"(?<!\w)[وف]?(?:يفوز|تفوز|فاز|فازت|يفوزون|الفائز\w*)(?!\w)",
}
_VOWELS = set("aeiouăâîаеёиоуыэюя")
_NUMBER = re.compile(r"(?<![\w.])[-−]?\d+(?![\w.])")
_PLACEHOLDER = re.compile(r"\{[^{}\n]*\}")


@dataclass(frozen=True)
class Clause:
    """A stretch of a narration between breaks: where it starts in the text, and what it says."""

    start: int
    text: str
    names: frozenset[str]  # the seats it names
    owners: frozenset[str] = frozenset()  # those named only beside a card: maybe its owner


@cache
def _pattern(regex: str) -> re.Pattern[str]:
    return re.compile(regex, re.IGNORECASE)


@cache
def _name_pattern(name: str, lang: str) -> re.Pattern[str]:
    """A seat's name in ``lang``, with the endings and (Arabic) particles it may carry."""
    stem = name[:-1] if len(name) >= 4 and name[-1].lower() in _VOWELS else name
    before = r"(?:[وفلبك]|لل)?" if lang == "ar" else ""
    # a short name takes no ending, but for Russian's: Arabic بن (Ben) is not بنت (girl)
    after = r"\w{0,3}" if len(name) >= 4 else r"[а-яё]{0,2}" if lang == "ru" else ""
    return re.compile(rf"(?<!\w){before}{re.escape(stem)}{after}(?!\w)")


def named(text: str, names: Mapping[str, str], lang: str) -> frozenset[str]:
    """The seats whose names (seat -> name in this language) ``text`` holds."""
    return frozenset(seat for seat, name in names.items()
                     if name and _name_pattern(name, lang).search(text))


def _owners(text: str, names: Mapping[str, str], lang: str) -> frozenset[str]:
    """The seats named only right beside a card, as its owner ("Brunos 4♥", "7♥ Дарио")."""
    spans = []
    for m in find_card_mentions(text, lang):
        length = len(m.words) if m.words else len(card_name(m.card))
        spans.append((m.offset, m.offset + length))
    out = set()
    for seat, name in names.items():
        found = list(_name_pattern(name, lang).finditer(text)) if name else []
        if found and all(any(0 <= start - m.end() <= 5 or 0 <= m.start() - end <= 5
                             for start, end in spans) for m in found):
            out.add(seat)
    return frozenset(out)


def sentences(text: str, names: Mapping[str, str], lang: str) -> list[Clause]:
    """``text`` cut into sentences, placeholders blanked (their offsets kept)."""
    return _cut(text, _SENTENCE_ENDS, names, lang)


def clauses(text: str, names: Mapping[str, str], lang: str) -> list[Clause]:
    """``text`` cut into clauses: at commas and the language's "and" too."""
    return _cut(text, f"{_CLAUSE_ENDS}|{_BREAKS.get(lang, _BREAKS['en'])}", names, lang)


def _cut(text: str, breaks: str, names: Mapping[str, str], lang: str) -> list[Clause]:
    masked = _PLACEHOLDER.sub(lambda m: " " * len(m.group()), text)
    out, start = [], 0
    for m in [*_pattern(breaks).finditer(masked), None]:
        end = m.start() if m is not None else len(masked)
        piece = masked[start:end]
        if piece.strip():
            found = named(piece, names, lang)
            out.append(Clause(start, piece, found,
                              _owners(piece, names, lang) if found else frozenset()))
        start = m.end() if m is not None else end
    return out


def says(clause: Clause, words: Mapping[str, str], lang: str) -> bool:
    """The clause holds one of ``lang``'s words of a kind (TAKES, PLAYS, LOSES, WINS)."""
    regex = words.get(lang)
    return regex is not None and _pattern(regex).search(clause.text) is not None


def numbers(clause: Clause) -> list[tuple[int, int]]:
    """The whole numbers written in a clause: (value, offset in the narration)."""
    return [(int(m.group().replace("−", "-").translate(WESTERN_DIGITS)), clause.start + m.start())
            for m in _NUMBER.finditer(clause.text.translate(WESTERN_DIGITS))]


def cards(clause: Clause, lang: str) -> list[tuple[Card, int]]:
    """The cards a clause names (glyphs or words): (card, offset in the narration)."""
    return [(m.card, clause.start + m.offset) for m in find_card_mentions(clause.text, lang)]


def offset_of(clause: Clause, seat: str, names: Mapping[str, str], lang: str) -> int:
    """Where in the narration the clause names ``seat`` (its start when it does not)."""
    found = _name_pattern(names[seat], lang).search(clause.text)
    return clause.start + (found.start() if found else len(clause.text) - len(clause.text.lstrip()))


def shown(seats: frozenset[str] | set[str] | tuple[str, ...]) -> str:
    """Seats as a message lists them: 'Anna' and 'Bruno'."""
    listed = [f"'{s}'" for s in sorted(seats)]
    return " and ".join([", ".join(listed[:-1]), listed[-1]] if len(listed) > 1 else listed)


def verdicts(text: str, names: Mapping[str, str], lang: str, losers: set[str],
             winners: set[str]) -> list[tuple[Clause, Mapping[str, str], set[str], str]]:
    """The claims of who loses and who wins that the replay's ``losers`` and ``winners``
    contradict: (the sentence or clause, its kind, the seats it should name, the verb). A
    sentence that says both is read clause by clause ("X loses, Y wins")."""
    out: list[tuple[Clause, Mapping[str, str], set[str], str]] = []
    for sentence in sentences(text, names, lang):
        both = says(sentence, LOSES, lang) and says(sentence, WINS, lang)
        for part in clauses(sentence.text, names, lang) if both else [sentence]:
            part = Clause(sentence.start + part.start, part.text, part.names, part.owners) \
                if both else part
            for kind, seats, verb in ((LOSES, losers, "loses"), (WINS, winners, "wins")):
                if seats and part.names and says(part, kind, lang) and not seats & part.names:
                    out.append((part, kind, seats, verb))
    return out
