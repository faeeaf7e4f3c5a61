"""What an example's intro (or start) says of the deal, read in its language and checked
against the replay: the card turned up ("Dario deals and turns up the 4♠", "deckt die 5♦
auf", "открывает 9♣") and how many cards each player is dealt ("Player 2 ends up with 11
cards, Players 3 and 1 with 10", "Alice, Ben und Chloe bekommen je 13 Karten, Dan 12",
"jeder bekommt 17", "dann gibt sie die übrigen 51 aus").

Like the rest of the reader it reads narrowly: a card is read as turned only right after a
word of turning up, in a clause that neither denies nor supposes; a number only in a sentence
with a word of being dealt, given to the players named since the last word of dealing (or
the last number), to those left when the sentence says "each", and to the whole deal when it
names nobody.
"""

from __future__ import annotations

import re
from typing import Collection, Mapping

from ..core.cards import Card, card_name
from ..core.cardwords import find_card_mentions
from ..core.diagnostics import Report
from ..core.readings import ClaimKind as K
from ..model.source import Key, Source
from . import claims, roles
from .reading import Reading

# A card turned face up: the trump card, or the first card of the pile. (Russian
# "открывает" also opens the play, "открывает игру с 2♣": not a card turned.)
TURNS = {
    "en": r"\b(?:turns|turned|turning)\b|\bturn\s+(?:up|over)\b|\bface up\b",
    "it": r"\b(?:scopre|scoperto|scoperta|gira|girato|girata)\b",
    "de": r"\b(?:deckt|decken)\b(?=[^.;:!?]*?\bauf\b)|\baufgedeckt\w*",
    "ru": r"(?<!\w)(?:открывает|открыл[аи]?|открыта|открыт|открытая)(?!\s+(?:игру|ход))(?!\w)",
    "ro": r"\b(?:întoarce|întors|întoarsă|întoarsa)\b",
    "ar": r"(?<!\w)[وف]?(?:يكشف|تكشف|كشف|كشفت|يقلب|تقلب|قلب|قلبت)(?:ها|ه)?(?!\w)"
          r"|(?<!\w)(?:ال)?مكشوفة(?!\w)",
}
# A word of dealing: the players named before it are not the ones it gives cards to
# ("Dario deals the cards, starting with Elena on his left, so Elena gets 14").
DEALS = {
    "en": r"\b(?:deals?|dealt|dealing)\b",
    "it": r"\b(?:distribuisce|distribuite|dà|da'|smazza)\b",
    "de": r"\b(?:gibt|geben|verteilt|teilt)\b",
    "ru": r"(?<!\w)(?:сдаёт|сдает|раздаёт|раздает|сдаются|раздаются)(?!\w)",
    "ro": r"\b(?:împarte|împărțit|dă)\b",
    "ar": r"(?<!\w)[وف]?(?:يوزّع|يوزع|توزّع|توزع|وزّع|وزع|وزّعت|وزعت)(?!\w)",
}
# A player is dealt a number of cards: "gets 13", "ends up with 11", "erhält", "получают по".
GETS = {
    "en": r"\b(?:gets?|got|ends? up with|receives?|is dealt|are dealt)\b",
    "it": r"\b(?:riceve|ricevono|ottiene|ottengono|si ritrova con|si ritrovano con|tocca|toccano"
          r"|tocchino)\b",
    "de": r"\b(?:bekommt|bekommen|erhält|erhalten|kriegt|kriegen)\b|\bgibt\b[^.;:]*\baus\b",
    "ru": r"(?<!\w)(?:получает|получают|выходит|выходят|достаётся|достается|приходится"
          r"|оказывается|оказываются)(?!\w)",
    "ro": r"\b(?:primește|primesc|capătă|ajunge la|ajung la|rămâne cu|rămân cu)\b",
    "ar": r"(?<!\w)[وف]?(?:يحصل|تحصل|يحصلون|يحصلان|ينال|تنال|يأخذ|تأخذ|يتلقى|تتلقى)(?!\w)",
}
# "each": a number said of every player not yet given one ("the two men 13 each", "jeder
# bekommt 17"), read in the words just before the number, the number and what follows it up
# to the clause's end (Russian "по" only right before it: "по 13", not "по одной").
EACH = {
    "en": r"\beach\b|\beveryone\b|\bevery player\b",
    "it": r"\bciascuno\b|\bognuno\b|\ba testa\b",
    "de": r"\bje\b|\bjede[rmns]?\b",
    "ru": r"(?<!\w)по\s+\d|(?<!\w)(?:каждый|каждому|каждая)(?!\w)",
    "ro": r"\bcâte\s+\d|\bfiecare\b|\bfiecăruia\b",
    "ar": r"(?<!\w)(?:كلّ|كل)(?!\w)",
}


# The first card dealt: "Die erste Karte bekommt Spieler 2", "Первую карту получает Игрок 2".
FIRST_CARD = {
    "en": r"\bfirst card\b", "it": r"\bprima carta\b", "de": r"\berste[n]? Karte\b",
    "ru": r"(?<!\w)перв(?:ую|ая) карт[уа](?!\w)", "ro": r"\bprima carte\b",
    "ar": r"(?<!\w)(?:ال)?ورقة الأولى(?!\w)|(?<!\w)أول ورقة(?!\w)",
}


def first_dealt(*, report: Report, reading: Reading, src: Source, key: Key, text: str,
                lang: str, names: Mapping[str, str], first: str, where: str) -> None:
    """The player a clause says gets the first card of the deal (its one subject, in a
    clause with a word of getting: "also bekommt Giulia zu seiner Linken die erste Karte")
    is ``first``, the one the replay deals to first."""
    words, gets = claims._pattern(FIRST_CARD[lang]), claims._pattern(GETS[lang])
    for part in claims.sentence_clauses(text, names, lang):
        if not words.search(part.text) or not gets.search(part.text) \
                or claims.says(part, claims.HEDGED, lang):
            continue
        subject = roles.subjects(part, names, lang)
        if len(subject) != 1:
            continue
        seat = next(iter(subject))
        at = claims.offset_of(part, seat, names, lang)
        reading.claim(key, K.FIRST_DEALT, at, covers=claims.name_offsets(part, names, lang,
                                                                         subject),
                      seats=(seat,), ok=seat == first)
        if seat != first:
            report.error(src.text_mark(key, at), "narration-claim",
                         f"{where} says '{seat}' is dealt the first card; in the replay "
                         f"'{first}' is, on the dealer's left", hint=f"name {names[first]}")


def turned_up(*, report: Report, reading: Reading, src: Source, key: Key, text: str,
              lang: str, names: Mapping[str, str], turned: Collection[Card], dealer: str | None,
              where: str) -> None:
    """Each card the text says is turned up is one the replay turns (``turned``: the trump
    card, or the pile's first card and any turned and put back before it), and the one the
    clause names as turning it ("Dario deckt die 5♥ auf") is the dealer."""
    if not turned or not text:
        return
    regex = claims._pattern(TURNS[lang])
    for sentence in claims.sentences(text, names, lang):
        parts = claims.clauses(sentence.text, names, lang)
        cards = find_card_mentions(sentence.text, lang)
        for m in regex.finditer(sentence.text):
            part = next((p for p in parts if p.start <= m.start() < p.start + len(p.text)), None)
            if part is None or claims.says(part, claims.HEDGED, lang):
                continue
            # the card after the word, else (German's "hat den K♥ aufgedeckt") the one
            # before it in its clause
            card = next((c for c in cards if c.offset >= m.start()), None) or next(
                (c for c in reversed(cards) if part.start <= c.offset < m.start()), None)
            if card is None:
                continue
            at = sentence.start + card.offset
            ok = card.card in turned
            reading.claim(key, K.TURNED, at, card=card.card, ok=ok)
            subject = roles.subjects(part, names, lang)
            if dealer is not None and len(subject) == 1:
                seat = next(iter(subject))
                named = claims.offset_of(part, seat, names, lang) + sentence.start
                reading.claim(key, K.DEALS, named, seats=(seat,), ok=seat == dealer)
                if seat != dealer:
                    report.error(src.text_mark(key, named), "narration-claim",
                                 f"{where} says '{seat}' turns up the card; in the replay "
                                 f"'{dealer}' deals", hint=f"name {names[dealer]} as the dealer")
            if not ok:
                report.error(src.text_mark(key, at), "narration-claim",
                             f"{where} says {card_name(card.card)} is turned up; in the replay "
                             f"the card turned is {' '.join(card_name(c) for c in turned)}")


def _listed(text: str, names: Mapping[str, str], lang: str) -> list[tuple[int, str]]:
    """Where ``text`` names each seat: (offset, seat), with the seats of a list of numbered
    names ("Players 3 and 1", "Игроков 3 и 1", "اللاعبان 3 و1") each at its number."""
    out = [(m.start(), seat) for seat, name in names.items() if name
           for m in claims._name_pattern(name, lang).finditer(text)]
    return sorted(set(out + claims.numbered_lists(text, names, alone=True)))


def deal_counts(*, report: Report, reading: Reading, src: Source, key: Key, text: str,
                lang: str, names: Mapping[str, str], dealt: Mapping[str, int],
                where: str) -> None:
    """Each number of cards the text says a player is dealt is the replay's (``dealt``:
    seat -> cards dealt); a number said of nobody is the whole deal."""
    if not dealt or not text:
        return
    gets, deals = claims._pattern(GETS[lang]), claims._pattern(DEALS[lang])
    each = claims._pattern(EACH[lang])
    for sentence in claims.sentences(text, names, lang):
        body = sentence.text
        if not gets.search(body) and not deals.search(body):
            continue
        hedged = [(p.start, p.start + len(p.text)) for p in claims.clauses(body, names, lang)
                  if claims.says(p, claims.HEDGED, lang)]
        spans = claims.numbered_spans(body, names)
        listed = _listed(body, names, lang)
        given: set[str] = set()
        since = 0
        for value, at in claims.numbers(claims.Clause(0, body, frozenset())):
            if any(a <= at < b for a, b in spans + hedged):
                continue  # the number of a name ("Player 2"), or one denied or supposed
            segment = body[since:at]
            # the players named since the last word of dealing, but its subject (Arabic puts
            # it after the verb: "يوزّع داريو")
            ends = [since + m.end() for m in deals.finditer(segment)]
            seats = {seat for where_, seat in listed if max(ends, default=since) <= where_ < at
                     and not any(0 <= where_ - e <= 2 for e in ends)}
            since = at + len(str(value))
            after = re.split(r"[,;:.—–]", body[since:since + 24])[0]
            if not seats and each.search(segment[-24:] + str(value) + after):
                seats = set(dealt) - given
            offset = sentence.start + at
            if seats:
                given |= seats
                ok = all(dealt.get(s) == value for s in seats)
                reading.claim(key, K.DEALT, offset, covers=(offset, *(
                    sentence.start + w for w, s in listed if s in seats and w < at)),
                    seats=seats, value=value, ok=ok)
                if not ok:
                    report.error(src.text_mark(key, offset), "narration-claim",
                                 f"{where} says {claims.shown(seats)} "
                                 f"{'is' if len(seats) == 1 else 'are'} dealt {value} cards; in "
                                 "the replay " + ", ".join(f"'{s}' is dealt {dealt[s]}"
                                                           for s in sorted(seats)))
            elif deals.search(body) or gets.search(segment):
                total = sum(dealt.values())
                reading.claim(key, K.DEALT, offset, seats=tuple(sorted(dealt)), value=value,
                              ok=value == total)
                if value != total:
                    report.error(src.text_mark(key, offset), "narration-claim",
                                 f"{where} says {value} cards are dealt; in the replay "
                                 f"{total} are")
