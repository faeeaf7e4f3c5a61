"""The narration of a trick-taking example in each language: one text per trick (or per
hand of a score sheet), naming only cards still in play at that step, and saying of who
takes each trick, who plays which card, who wins and loses and what they score only what
the replay did (claims.py reads these claims in each language)."""

from __future__ import annotations

import re
from typing import Collection, Mapping, Sequence

from ...core.cards import Card, Suit, card_name
from ...core.cardwords import find_card_mentions, suit_word
from ...core.readings import ClaimKind
from ...core.readings import ClaimKind as K
from ...model.source import Key, Source
from .. import claims, dealing, roles
from ..reading import MARKED, Reading
from ..shared import narrations
from .record import Replay, TrickReplay
from .scoring import Winning
from .start import Context


def check_narration(ctx: Context, replay: Replay) -> None:
    """Each language's narration: one text per step (a trick, or a hand of a score sheet),
    naming only cards that are still in play at that step."""
    spec, game = ctx.spec, ctx.game
    sheet = spec.sheet is not None
    steps = len(spec.sheet or []) if sheet else len(spec.tricks)
    unit = "hand" if sheet else "trick"
    in_play = set(game.cards)
    for lang, src, base, texts, narration, reading in narrations(ctx, steps=steps, unit=unit,
                                                                  seats=replay.seats):
        names = {s: narration.seats.get(s, s) for s in replay.seats}
        claims = _Claims(ctx, src, lang, names, reading)
        for i, words in enumerate(texts):
            key, where = base + ("steps", i), f"{lang}: step {i + 1}"
            if sheet or i >= len(replay.tricks):
                allowed, why = in_play, "is not in play in this game"
                if i < len(replay.sheet):
                    row = replay.sheet[i]
                    claims.scores(key, words, where, {
                        s: {row.scores[s]: "the hand's score", row.totals[s]: "the total"}
                        for s in replay.seats})
                    claims.slam(key, words, where, row.scores)
                    claims.side_tricks(key, words, where, row.scores)
            else:
                trick = replay.tricks[i]
                # the cards held before the trick, and those drawn from the stock after it
                allowed = {c for h in trick.hands_before.values() for c in h} \
                    | {c for _, c in trick.draws}
                why = (f"nobody holds or draws at trick {trick.number}" if trick.draws
                       else f"nobody holds any more at trick {trick.number}")
                claims.trick(key, words, where, trick,
                             drawn_before=replay.tricks[i - 1].draws if i else ())
                claims.trumps(key, words, where, trick, replay.trump)
                claims.worth(key, words, where)
                if trick is not replay.tricks[-1] and replay.complete:
                    claims.last_trick(key, words, where, replay.tricks[-1])
            claims.bids(key, words, where, replay.bids)
            _check_cards(ctx, src, key, words, lang, allowed=allowed, where=where, why=why,
                         reading=reading)
        for part, text in (("intro", narration.intro), ("start", narration.start),
                           ("result", narration.result)):
            if text:
                _check_cards(ctx, src, base + (part,), text, lang, allowed=in_play,
                             where=f"{lang}: the {part}", why="is not in play in this game",
                             reading=reading)
                claims.bids(base + (part,), text, f"{lang}: the {part}", replay.bids)
                if part != "result" and replay.turned is not None:
                    dealing.turned_up(report=ctx.report, reading=reading, src=src,
                                      key=base + (part,), text=text, lang=lang, names=names,
                                      turned={replay.turned}, dealer=replay.dealer,
                                      where=f"{lang}: the {part}")
        if narration.result and replay.complete:
            claims.result(base + ("result",), narration.result, f"{lang}: the result", replay)
            claims.bids_made(base + ("result",), narration.result, f"{lang}: the result", replay)
            claims.trumped(base + ("result",), narration.result, f"{lang}: the result",
                           replay.tricks, replay.trump)
        if narration.start and replay.passes:
            seats, to = list(replay.seats), replay.pass_to
            claims.passes(base + ("start",), narration.start, f"{lang}: the start",
                          replay.passes, {} if to is None else {
                              s: seats[to.target(n, len(seats))] for n, s in enumerate(seats)})
        if narration.start and replay.tricks:
            claims.held_bidding(base + ("start",), narration.start, f"{lang}: the start",
                                replay.tricks[0].hands_before)
        if narration.intro and replay.tricks:
            claims.leads_first(base + ("intro",), narration.intro, f"{lang}: the intro",
                               replay.tricks[0].cards[0][0])
        if narration.intro and replay.taken_before:
            claims.taken(base + ("intro",), narration.intro, f"{lang}: the intro",
                         replay.taken_before)
            claims.tricks_taken(base + ("intro",), narration.intro, f"{lang}: the intro",
                                {s: len(c) // len(replay.seats)
                                 for s, c in replay.taken_before.items()})
        if narration.result and replay.complete:
            everything: dict[str, set[Card]] = {s: set(c) for s, c in replay.taken_before.items()}
            for trick in replay.tricks:
                everything.setdefault(trick.winner, set()).update(c for _, c in trick.cards)
            claims.taken(base + ("result",), narration.result, f"{lang}: the result", everything)
            claims.hand_bids = dict(replay.bids)
            claims.tricks_taken(base + ("result",), narration.result, f"{lang}: the result",
                                replay.tricks_won)
        if narration.result and replay.tricks and replay.tricks[-1].draws:
            last = replay.tricks[-1]  # the stock drawn after the last trick
            claims.draws(base + ("result",), narration.result, f"{lang}: the result",
                         last.draws, {c for _, c in last.draws}
                         | {c for h in last.hands_before.values() for c in h})


class _Claims:
    """The claims of one language's narration, checked against the replay."""

    def __init__(self, ctx: Context, src: Source, lang: str, names: dict[str, str],
                 reading: Reading) -> None:
        self.report, self.src, self.lang, self.names = ctx.report, src, lang, names
        self.reading = reading  # every claim read is recorded there, borne out or not
        self.per_trick = ctx.game.scoring.per_trick  # a trick's own worth, stated in results
        self.end = ctx.game.options.end  # a game of one hand is won by the hand's best score
        self.slams = ctx.game.scoring.slam  # what taking everything scores, in a sheet's hand
        self.book = ctx.game.scoring.book  # tricks over a book score: a side's tricks in a sheet
        self.scoring = ctx.game.scoring  # what each card is worth to whoever takes it
        self.hand_bids: dict[str, int] = {}  # the bids, once known: tricks said against them
        self.genders: dict[str, str] = dict(ctx.spec.genders)
        self.reported: set[tuple[Key, int]] = set()  # where an error was said: said once
        self.covered: set[tuple[Key, int]] = set()  # the cards a claim of playing read

    def trick(self, key: Key, words: str, where: str, trick: TrickReplay, *,
              drawn_before: tuple[tuple[str, Card], ...] = ()) -> None:
        """Who takes the trick, who plays which card, who draws which (after the trick
        before, or after this one), whose card is whose and the trick's points, as the step
        says."""
        played = dict(trick.cards)
        lang, names = self.lang, self.names
        for clause in claims.clauses(words, names, lang):
            takers = roles.takers(clause, names, lang)
            if takers:
                self.reading.claim(key, K.TAKES, claims.offset_of(clause, sorted(takers)[0],
                                                                  names, lang),
                                   covers=claims.name_offsets(clause, names, lang, set(takers)),
                                   seats=takers, ok=trick.winner in takers)
            if takers and trick.winner not in takers:
                seat = sorted(takers)[0]
                self._error(key, claims.offset_of(clause, seat, names, lang),
                            f"{where} says {claims.shown(takers)} "
                            f"{'takes' if len(takers) == 1 else 'take'} trick {trick.number}; "
                            f"the replay has '{trick.winner}' take it",
                            hint=f"name {names[trick.winner]} as the one who takes the trick")
            for seat in takers & {trick.winner}:
                # "Anna takes the trick with the K♦" when she played the A♠ and kept the K♦
                owned = {card for _, card, _ in roles.possessives(clause, names, lang)}
                for card, at in claims.cards(clause, lang):
                    if card in trick.hands_before.get(seat, ()) and card not in owned:
                        self.reading.claim(key, K.PLAYS, at, seats=(seat,), card=card,
                                           ok=card == played[seat])
                kept = [(card, at) for card, at in claims.cards(clause, lang)
                        if card in trick.hands_before.get(seat, ()) and card != played[seat]
                        and card not in owned]
                if kept:
                    self._error(key, kept[0][1], f"{where} says '{seat}' takes trick "
                                f"{trick.number} with {card_name(kept[0][0])}; in the replay "
                                f"'{seat}' plays {card_name(played[seat])}")
            taking = roles.taking_card(clause, names, lang)
            if taking is not None and not takers:
                self.reading.claim(key, K.TAKING_CARD, taking[1], card=taking[0],
                                   ok=taking[0] == played[trick.winner])
            if taking is not None and not takers and taking[0] != played[trick.winner]:
                card, at = taking
                self._error(key, at, f"{where} says the {card_name(card)} takes trick "
                            f"{trick.number}; in the replay '{trick.winner}''s "
                            f"{card_name(played[trick.winner])} takes it")
            keeps = claims.says(clause, claims.KEEPS, lang) \
                or claims.says(clause, claims.HEDGED, lang)
            if not takers and not keeps and claims.says(clause, claims.TAKES, lang) \
                    and not claims.says(clause, _TRICK, lang):  # (what takes a trick: above)
                # "the 10♣, which takes the king of hearts", "holt das A♥ Brunos 4♥": what a
                # card takes (the cards after the word of taking) is in the trick
                held = {c for h in trick.hands_before.values() for c in h}
                verb = clause.start + claims.first(clause, claims.TAKES, lang)
                # (German's relative clause puts its verb last: "die den Herzkönig holt")
                relative = lang == "de" and roles.relative(clause, lang)
                for card, at in claims.cards(clause, lang):
                    if (at < verb and not relative) or card not in held \
                            or (taking and at == taking[1]):
                        continue
                    self.reading.claim(key, K.IN_TRICK, at, card=card,
                                       ok=card in played.values())
                    if card not in played.values():
                        self._error(key, at, f"{where} says {card_name(card)} is taken in "
                                    f"trick {trick.number}; it is not played in it")
            for seat, card, at in roles.possessives(clause, names, lang):
                card_at = next((c_at for c, c_at in claims.cards(clause, lang) if c == card), at)
                # "Dario's 8♣": a card of his hand and, in a clause that speaks of no card
                # kept, the one he plays to the trick
                wrong = card not in trick.hands_before.get(seat, ()) and card in set(
                    played.values()) or (not keeps and seat in played and card != played[seat]
                                          and card in trick.hands_before.get(seat, ()))
                self.reading.claim(key, K.OWNS, at, covers=(at, card_at), seats=(seat,),
                                   card=card, ok=not wrong)
                if wrong and card in played.values():
                    self._error(key, at, f"{where} says {card_name(card)} is '{seat}''s; in the "
                                f"replay '{_played_by(trick, card)}' plays it in trick "
                                f"{trick.number}")
                elif wrong:
                    self._error(key, card_at, f"{where} says '{seat}''s {card_name(card)} is in "
                                f"trick {trick.number}; in the replay '{seat}' plays "
                                f"{card_name(played[seat])} and keeps {card_name(card)}")
            self._points(key, clause, where, trick)
        # the cards in play at this step: another is a narration-card finding, said once
        held = {c for h in trick.hands_before.values() for c in h} | {c for _, c in trick.draws}
        for seat, part in self._plays(words, _PLAYS_OR_TRUMPS, hands=trick.hands_before):
            mentioned = [(c, at) for c, at in claims.cards(part, lang) if c in held]
            if mentioned and seat in played:
                card = next((c for c, _ in mentioned if c == played[seat]), mentioned[0][0])
                self._read(key, K.PLAYS, words, part, seat, mentioned, card=card,
                           ok=card == played[seat])
            if mentioned and seat in played and all(c != played[seat] for c, _ in mentioned):
                card, at = mentioned[0]
                if card in played.values() and seat in part.names:
                    # another player's card of this trick: the name is what is wrong, and
                    # the finding points at it (it may stand a line before the card)
                    at = claims.offset_of(part, seat, names, lang)
                self._error(key, at, f"{where} says '{seat}' plays {card_name(card)}; in the "
                            f"replay '{seat}' plays {card_name(played[seat])} in trick "
                            f"{trick.number}")
        self._in_trick(key, words, where, trick, held - {c for _, c in trick.draws}
                       - {c for _, c in drawn_before})
        self._holds(key, words, where, trick)
        self.draws(key, words, where, (*drawn_before, *trick.draws), held)

    def draws(self, key: Key, words: str, where: str, draws: tuple[tuple[str, Card], ...],
              held: set[Card]) -> None:
        """Who draws which card from the stock (``draws``: after the trick before and this
        one, or, in the result, after the last trick), among the cards in play (``held``)."""
        lang = self.lang
        drawn: dict[str, set[Card]] = {}
        for seat, card in draws:
            drawn.setdefault(seat, set()).add(card)
        for seat, part in self._plays(words, claims.DRAWS) if drawn else ():
            mentioned = [(c, at) for c, at in claims.cards(part, lang) if c in held]
            if mentioned and seat in drawn:
                card = next((c for c, _ in mentioned if c in drawn[seat]), mentioned[0][0])
                self._read(key, K.DRAWS, words, part, seat, mentioned, card=card,
                           ok=card in drawn[seat])
            if mentioned and seat in drawn and not any(c in drawn[seat] for c, _ in mentioned):
                card, at = mentioned[0]
                self._error(key, at, f"{where} says '{seat}' draws {card_name(card)}; in the "
                            f"replay '{seat}' draws "
                            f"{' '.join(sorted(card_name(c) for c in drawn[seat]))}")

    def taken(self, key: Key, words: str, where: str, taken: Mapping[str, Collection[Card]]
              ) -> None:
        """The cards a player has taken in tricks, as an intro or a result says ("Anna has
        already taken the Q♠ and nine hearts"): a clause of taking with one player as its
        subject, and the cards it names (``taken``: each seat's cards taken so far)."""
        lang, names = self.lang, self.names
        for part in claims.sentence_clauses(words, names, lang):
            if not claims.says(part, claims.TAKES, lang) or claims.says(part, claims.HEDGED, lang):
                continue
            subject = roles.subjects(part, names, lang)
            if len(subject) != 1:
                continue
            seat = next(iter(subject))
            named = claims.name_offsets(part, names, lang, set(subject))
            for card, at in claims.cards(part, lang):
                ok = card in taken.get(seat, ())
                self.reading.claim(key, K.TAKEN, at, covers=(at, *named), seats=(seat,),
                                   card=card, ok=ok)
                if not ok:
                    owner = next((s for s, cards in taken.items() if card in cards), None)
                    self._error(key, at, f"{where} says '{seat}' has taken {card_name(card)}; in "
                                "the replay " + (f"'{owner}' has" if owner else "nobody has"),
                                hint=f"name {names[owner]} as the one who took it"
                                if owner else None)

    def tricks_taken(self, key: Key, words: str, where: str, won: Mapping[str, int]) -> None:
        """How many tricks a player has taken, as an intro or a result says ("Bruno took four
        tricks", "Anna took no trick", "Анна взяла все тринадцать взяток"): a clause of taking
        tricks with one player as its subject and a count, or a word of none (``won``: each
        seat's tricks so far)."""
        lang, names = self.lang, self.names
        trick, none = claims._pattern(_TRICK[lang]), claims._pattern(_NO_TRICK[lang])
        against = claims._pattern(_FOR_BID[lang])
        took = False  # the sentence so far says a player took tricks (for a bid)
        # a side's tricks ("Bruno and Dario take nine tricks") are no one player's
        every = claims._pattern(_ALL_TRICKS[lang])
        sentences = claims.sentences(words, names, lang)
        shared = [(s.start, s.start + len(s.text)) for s in sentences
                  if len(roles.joint(s, names, lang)) >= 2]
        # a sentence that speaks of tricks, or follows one that does ("Nine tricks have been
        # played. Anna has taken one, Bruno three"): a count taken there is of tricks
        of_tricks = [(s.start, s.start + len(s.text)) for i, s in enumerate(sentences)
                     if trick.search(s.text) or (i and trick.search(sentences[i - 1].text))]
        listing = False  # the clause before took a count of tricks: "Bruno three" goes on
        for part in claims.sentence_clauses(words, names, lang):
            if any(a <= part.start < b for a, b in shared):
                continue
            # "Bruno took three for two, Carla three for four": tricks against a bid
            for_bid = bool(self.hand_bids) and against.search(part.text) is not None \
                and len(claims.counts(part, lang)) == 2
            took = (took or claims.says(part, claims.TAKES, lang)) and for_bid
            # (not a count of cards: "وقد أكلت آنا Q♠ وتسع أوراق كبّة", nine hearts)
            tricky = trick.search(part.text) or (
                any(a <= part.start < b for a, b in of_tricks) and not claims.cards(part, lang)
                and not claims._pattern(_CARDS_WORD[lang]).search(part.text))
            gapped = listing and claims.bare(part, names, lang) and bool(part.names)
            listing = False
            if not gapped and (not (claims.says(part, claims.TAKES, lang) or took) or not (
                    tricky or for_bid)):
                continue
            subject = part.names if gapped else roles.subjects(part, names, lang)
            if len(subject) != 1:
                continue
            zero = none.search(part.text)
            all_ = every.search(part.text)
            found = [(0, part.start + zero.start())] if zero else \
                [(sum(won.values()), part.start + all_.start())] if all_ else [] if claims.says(
                    part, claims.HEDGED, lang) else claims.counts(part, lang)[:1]
            listing = bool(found)
            seat = next(iter(subject))
            for value, at in found:
                ok = won.get(seat, 0) == value
                self.reading.claim(key, K.TRICKS, at, covers=(
                    at, *claims.name_offsets(part, names, lang, set(subject))),
                    seats=(seat,), value=value, ok=ok)
                if not ok:
                    self._error(key, at, f"{where} says '{seat}' has taken {value} trick(s); in "
                                f"the replay '{seat}' has taken {won.get(seat, 0)}")

    def last_trick(self, key: Key, words: str, where: str, last: TrickReplay) -> None:
        """A card said, in an earlier step, to take the hand's last trick ("den letzten
        Stich holt das A♣"): it is the card that takes the replay's last trick."""
        lang = self.lang
        said = claims._pattern(_LAST_TRICK[lang])
        winning = dict(last.cards)[last.winner]
        for part in claims.sentence_clauses(words, self.names, lang):
            found = claims.cards(part, lang)
            if not said.search(part.text) or not claims.says(part, claims.TAKES, lang) \
                    or claims.says(part, claims.HEDGED, lang) or len(found) != 1:
                continue
            card, at = found[0]
            self.reading.claim(key, K.TAKING_CARD, at, card=card, ok=card == winning)
            if card != winning:
                self._error(key, at, f"{where} says the {card_name(card)} takes the last trick; "
                            f"in the replay '{last.winner}''s {card_name(winning)} takes it")

    def worth(self, key: Key, words: str, where: str) -> None:
        """What a card is said to be worth right after it is named ("برونو بالورقة 3♣
        وقيمتها 10", "the 3♣, worth 10"): its value in the game's table of points."""
        value_of = claims._pattern(_WORTH[self.lang])
        value_for = claims._pattern(_WORTH_FOR[self.lang])
        for m in find_card_mentions(words, self.lang):
            end = m.offset + len(m.words or card_name(m.card))
            # ", worth 10" after the card, or "2 for the J♥" before it
            said = value_of.match(words, end) or value_for.search(words, 0, m.offset)
            if said is None:
                continue
            value, at = int(said.group("n")), said.start("n")
            ok = value == self.scoring.value(m.card)
            self.reading.claim(key, K.WORTH, at, covers=(at, m.offset), card=m.card,
                               value=value, ok=ok)
            if not ok:
                self._error(key, at, f"{where} says {card_name(m.card)} is worth {value}; in "
                            f"this game it is worth {self.scoring.value(m.card)}")

    def side_tricks(self, key: Key, words: str, where: str, scores: Mapping[str, int]) -> None:
        """The tricks a side takes in a score sheet's hand ("Anna and Carla take seven
        tricks", "يأخذ برونو وداريو سبع أكلات"), against the hand's score: what that many
        tricks over the book scores."""
        book, lang, names = self.book, self.lang, self.names
        if book is None:
            return
        trick = claims._pattern(_TRICK[lang])
        for sentence in claims.sentences(words, names, lang):
            side = roles.joint(sentence, names, lang)
            if len(side) < 2 or claims.says(sentence, claims.HEDGED, lang):
                continue
            for part in claims.clauses(sentence.text, names, lang):
                part = claims.Clause(sentence.start + part.start, part.text, part.names)
                found = claims.counts(part, lang)
                if not (claims.says(part, claims.TAKES, lang) and trick.search(part.text)) \
                        or len(found) != 1 or not part.names:
                    continue
                value, at = found[0]
                expected = book.per_trick * max(0, value - book.tricks)
                ok = all(scores.get(s) == expected for s in side)
                self.reading.claim(key, K.TRICKS, at, covers=(
                    at, *claims.name_offsets(sentence, names, lang, set(side))),
                    seats=side, value=value, ok=ok)
                if not ok:
                    self._error(key, at, f"{where} says {claims.shown(side)} take {value} "
                                f"tricks, which score {expected}; in the replay they score "
                                + ", ".join(f"{scores.get(s)}" for s in side))
                break

    def each_scores(self, key: Key, words: str, where: str,
                    figures: Mapping[str, Mapping[int, str]]) -> None:
        """A figure a sentence that names nobody gives "each" ("…and Dario one for two: they
        score 0 each", "segnano 0 ciascuno", "каждый получает 0"): each player the sentence
        before names has it."""
        lang, names = self.lang, self.names
        each = claims._pattern(dealing.EACH[lang])
        before: frozenset[str] = frozenset()
        for sentence in claims.sentences(words, names, lang):
            said = before
            before = sentence.names
            if sentence.names or len(said) < 2 or not each.search(sentence.text) \
                    or not claims.says(sentence, roles.SCORES, lang) \
                    or claims.says(sentence, claims.HEDGED, lang):
                continue
            for value, at in claims.numbers(sentence):
                ok = all(value in figures.get(s, {}) for s in said)
                self.reading.claim(key, K.SCORE, at, seats=said, value=value, ok=ok)
                if not ok:
                    self._error(key, at, f"{where} gives {claims.shown(said)} {value} each; the "
                                "replay has " + ", ".join(
                                    f"'{s}' " + ", ".join(f"{v} ({what})" for v, what in
                                                          figures.get(s, {}).items())
                                    for s in sorted(said)))

    def slam(self, key: Key, words: str, where: str, scores: Mapping[str, int]) -> None:
        """A score sheet's hand in which one player is said to take everything ("Anna takes
        every negative card", "Carla takes the Peppa and all the hearts"): the hand's scores
        are those of taking everything (the slam's, for that player and the others)."""
        slam, lang, names = self.slams, self.lang, self.names
        if slam is None:
            return
        every = claims._pattern(_EVERY[lang])
        for part in claims.sentence_clauses(words, names, lang):
            # "all" may follow in the clauses after ("takes the Peppa and all the hearts")
            rest = claims.sentences(words[part.start:], names, lang)[:1]
            if not claims.says(part, claims.TAKES, lang) or not rest \
                    or not every.search(rest[0].text) \
                    or claims.says(part, claims.HEDGED, lang) or claims.numbers(rest[0]):
                continue  # ("takes the queen and 18 points in all": a figure, not a slam)
            subject = roles.subjects(part, names, lang) or (
                part.names if len(part.names) == 1 else frozenset())
            if len(subject) != 1:
                continue
            seat = next(iter(subject))
            ok = scores.get(seat) == slam.taker and (slam.others is None or all(
                v == slam.others for s, v in scores.items() if s != seat))
            at = claims.offset_of(part, seat, names, lang)
            self.reading.claim(key, K.SLAM, at, covers=claims.name_offsets(
                part, names, lang, set(subject)), seats=(seat,), ok=ok)
            if not ok:
                self._error(key, at, f"{where} says '{seat}' takes everything; the hand's "
                            f"scores are not a slam's ({slam.taker} for the one who takes "
                            f"everything): '{seat}' scores {scores.get(seat)}")

    def leads_first(self, key: Key, words: str, where: str, leader: str) -> None:
        """Who took the trick before the example and so leads its first, as an intro says
        ("Anna took the last trick and leads", "Десятую взятку взяла Карла, ей и ходить"): a
        sentence of taking a trick, with no count, a word of leading and one player taking."""
        lang, names = self.lang, self.names
        leads = claims._pattern(_LEADS[lang])
        for sentence in claims.sentences(words, names, lang):
            if not leads.search(sentence.text) or claims.says(sentence, claims.HEDGED, lang):
                continue
            for part in claims.clauses(sentence.text, names, lang):
                part = claims.Clause(sentence.start + part.start, part.text, part.names)
                if not (claims.says(part, claims.TAKES, lang) and claims.says(part, _TRICK, lang)
                        ) or claims.counts(part, lang):
                    continue
                subject = roles.subjects(part, names, lang) or (
                    part.names if len(part.names) == 1 else frozenset())
                if len(subject) != 1:
                    continue
                seat = next(iter(subject))
                at = claims.offset_of(part, seat, names, lang)
                self.reading.claim(key, K.TAKES, at, covers=claims.name_offsets(
                    part, names, lang, set(subject)), seats=(seat,), ok=seat == leader)
                if seat != leader:
                    self._error(key, at, f"{where} says '{seat}' took the trick before and "
                                f"leads; in the replay '{leader}' leads the first trick",
                                hint=f"name {names[leader]} as the one who leads")

    def passes(self, key: Key, words: str, where: str,
               passes: Mapping[str, Collection[Card]], to: Mapping[str, str]) -> None:
        """The cards a start says each player passes ("Anna passes K♠, Q♥ and 10♥ to Bruno",
        "Bruno gibt J♥, A♦ und K♣ an Carla", "Анна отдаёт Дарио K♠, A♥ и K♥"): in a sentence
        of passing, the cards of each stretch between commas go with the player first named
        as the one who passes (the last one named so, for a stretch that names none)."""
        lang, names = self.lang, self.names
        verb = claims._pattern(_PASSES[lang])
        for sentence in claims.sentences(words, names, lang):
            if not verb.search(sentence.text):
                continue
            passer: str | None = None
            start = 0
            for piece in re.split(r"[,;،]", sentence.text):
                part = claims.Clause(sentence.start + start, piece,
                                     claims.named(piece, names, lang))
                start += len(piece) + 1
                if claims.says(part, claims.HEDGED, lang) or claims.says(part, claims.KEEPS,
                                                                         lang):
                    passer = None
                    continue
                found = verb.search(piece)
                if found is not None:
                    subject = roles.subjects(claims.Clause(part.start, piece[:found.start()],
                                                           part.names), names, lang)
                    first = [(at, s) for s in subject for at in claims.name_offsets(
                        part, names, lang, {s})]
                    passer = min(first)[1] if first else None
                    if passer is not None and passer in to:
                        self._receivers(key, part, found.end(), passer, to[passer], where)
                if passer is None or passer not in passes:
                    continue
                for card, at in claims.cards(part, lang):
                    ok = card in passes[passer]
                    self.reading.claim(key, K.PLAYS, at, covers=(at, *claims.name_offsets(
                        part, names, lang, {passer})), seats=(passer,), card=card, ok=ok)
                    if not ok:
                        self._error(key, at, f"{where} says '{passer}' passes "
                                    f"{card_name(card)}; in the replay '{passer}' passes "
                                    f"{' '.join(card_name(c) for c in passes[passer])}")

    def _receivers(self, key: Key, part: claims.Clause, after: int, passer: str,
                   receiver: str, where: str) -> None:
        """The player named after the word of passing ("Анна отдаёт Дарио K♠", "passes … to
        Bruno") is the one the hand's passing direction gives the passer's cards."""
        names, lang = self.names, self.lang
        for seat in sorted(part.names - {passer}):
            for m in claims._name_pattern(names[seat], lang).finditer(part.text, after):
                at = part.start + m.start()
                self.reading.claim(key, K.RECEIVES, at, seats=(seat,), ok=seat == receiver)
                if seat != receiver:
                    self._error(key, at, f"{where} says '{passer}' passes to '{seat}'; in this "
                                f"hand '{passer}' passes to '{receiver}'",
                                hint=f"name {names[receiver]} as the one passed to")

    def _in_trick(self, key: Key, words: str, where: str, trick: TrickReplay,
                  held: set[Card]) -> None:
        """A clause that says a card is played (led, thrown, trumped with), whoever plays it,
        and speaks of no card kept ("holds", "instead", "still"), names the trick's cards: a
        card held at this trick and not played to it is a false claim ("Bruno cashes the A♠"
        when the A♠ stays in his hand)."""
        played = {card: seat for seat, card in trick.cards}
        lang = self.lang
        for part in claims.sentence_clauses(words, self.names, lang):
            if claims.says(part, claims.HEDGED, lang) or claims.says(part, claims.KEEPS, lang):
                continue
            # every card of a clause of playing; else those it says a player does something
            # with ("Bruno beats it with the 3♣")
            named = claims.cards(part, lang) if claims.says(part, _PLAYS_OR_TRUMPS, lang) \
                else claims.played_with(part, lang)
            for card, at in named:
                read = (key, at) in self.covered  # read as who plays it: said once
                if card in played and not read:
                    self.reading.claim(key, K.IN_TRICK, at, card=card, ok=True)
                elif card in held and card not in played:
                    if not read:
                        self.reading.claim(key, K.IN_TRICK, at, card=card, ok=False)
                    owner = next(s for s, h in trick.hands_before.items() if card in h)
                    self._error(key, at, f"{where} says {card_name(card)} is played; in "
                                f"the replay '{owner}' keeps it in trick {trick.number}",
                                hint="a card a clause of playing names is checked "
                                "against the trick's cards")

    def _holds(self, key: Key, words: str, where: str, trick: TrickReplay) -> None:
        """A clause whose one subject holds cards ("Bruno has only the A♣ in clubs", "Carla
        keeps the K♠"): each card it names is in that player's hand before the trick (or
        drawn after it). A clause that denies or supposes holds nothing."""
        lang, names = self.lang, self.names
        drawn = {c for _, c in trick.draws}
        for part in claims.sentence_clauses(words, names, lang):
            if not claims.says(part, claims.HOLDS, lang) \
                    or claims.says(part, claims.HEDGED, lang):
                continue
            found = roles.subjects(part, names, lang)
            if len(found) != 1 or len(part.names) != 1:
                continue
            seat = next(iter(found))
            hand = set(trick.hands_before.get(seat, ())) | drawn
            for card, at in claims.cards(part, lang):
                ok = card in hand
                self.reading.claim(key, K.OWNS, at, covers=(
                    at, claims.offset_of(part, seat, names, lang)), seats=(seat,),
                    card=card, ok=ok)
                if not ok:
                    owner = next((s for s, h in trick.hands_before.items() if card in h),
                                 None)
                    self._error(key, at, f"{where} says '{seat}' holds {card_name(card)}; "
                                + (f"in the replay '{owner}' holds it at trick "
                                   f"{trick.number}" if owner else
                                   f"nobody holds it at trick {trick.number}"))

    def _read(self, key: Key, kind: ClaimKind, words: str, part: claims.Clause, seat: str,
              mentioned: list[tuple[Card, int]], *, card: Card, ok: bool) -> None:
        """A claim that ``seat`` plays (draws) ``card``, read in ``part`` with its cards
        ``mentioned``: it covers the cards and the player's name nearest them."""
        at = mentioned[0][1]
        self.covered |= {(key, a) for _, a in mentioned}
        near = claims.name_near(words, seat, at, self.names, self.lang)
        self.reading.claim(key, kind, at, covers=(*(a for _, a in mentioned),
                                                  *(() if near is None else (near,))),
                           seats=(seat,), card=card, ok=ok)

    def _error(self, key: Key, at: int, message: str, *, hint: str | None = None) -> None:
        if (key, at) in self.reported:
            return
        self.reported.add((key, at))
        self.report.error(self.src.text_mark(key, at), "narration-claim", message, hint=hint)

    def _points(self, key: Key, clause: claims.Clause, where: str, trick: TrickReplay) -> None:
        """The points a step gives its trick: a number with the language's word for points
        in a clause that says the trick is taken, or that is the figure alone ("13 points",
        "4 points to Bruno"), is the trick's points."""
        for value, at in roles.trick_points(clause, self.names, self.lang):
            self.reading.claim(key, K.POINTS, at, covers=(at, *claims.name_offsets(
                clause, self.names, self.lang)), value=value, ok=value == trick.points)
            if value != trick.points:
                self._error(key, at, f"{where} gives trick {trick.number} {value} points; in "
                            f"the replay it holds {trick.points}",
                            hint="the points a step states are checked against the trick's")

    def trumps(self, key: Key, words: str, where: str, trick: TrickReplay,
               trump: Suit | None) -> None:
        """A clause that says a player trumps ("Bruno trumps with the 3♥"; the subject may be
        the sentence's one name: "Bruno has no spade left and trumps") must be of a player
        whose card in the trick is a trump. (Leading or following in trumps is no claim to
        check: a card of the trump suit is a trump either way.)"""
        played = dict(trick.cards)
        for sentence in claims.sentences(words, self.names, self.lang):
            for clause in claims.clauses(sentence.text, self.names, self.lang):
                part = claims.Clause(sentence.start + clause.start, clause.text, clause.names,
                                     clause.owners)
                if not claims.says(part, claims.TRUMPS, self.lang) \
                        or claims.says(part, claims.HEDGED, self.lang):
                    continue
                subjects = part.names - part.owners if part.names else sentence.names
                if len(subjects) != 1:
                    continue
                seat = next(iter(subjects))
                card = played.get(seat)
                at = claims.offset_of(part, seat, self.names, self.lang) if seat in part.names \
                    else part.start + claims.first(part, claims.TRUMPS, self.lang)
                if card is not None:
                    self.reading.claim(key, K.TRUMPS, at, covers=(at, *(
                        a for c, a in claims.cards(part, self.lang) if c == card)),
                        seats=(seat,), ok=trump is not None and card.suit == trump)
                if card is None or (trump is not None and card.suit == trump):
                    continue
                why = "this hand has no trumps" if trump is None else \
                    f"it is not a trump ({suit_word(trump, 'en')} are trumps)"
                self.report.error(
                    self.src.text_mark(key, at), "narration-claim",
                    f"{where} says '{seat}' trumps; in the replay '{seat}' plays "
                    f"{card_name(card)} in trick {trick.number}, and {why}",
                    hint="say that a player trumps only of a trump played to a trick of "
                    "another suit")

    def trumped(self, key: Key, words: str, where: str, tricks: Sequence[TrickReplay],
                trump: Suit | None) -> None:
        """A result's clause that says a player trumped a card ("because Anna trumped her
        K♣", "perché Anna le ha tagliato il K♣"): in the trick that holds the card, that
        player played a trump, and the card is another's."""
        lang, names = self.lang, self.names
        marked = [(m.start(), m.end()) for m in MARKED.finditer(words)]
        for part in claims.sentence_clauses(words, names, lang):
            if not claims.says(part, claims.TRUMPS, lang) or claims.says(part, claims.HEDGED, lang) \
                    or any(a <= part.start < b for a, b in marked):
                continue
            subject = roles.subjects(part, names, lang)
            if len(subject) != 1:
                continue
            seat = next(iter(subject))
            named = claims.name_offsets(part, names, lang, set(subject))
            own = {at for _, at in claims.played_with(part, lang)}  # "trumps with the 7♦"
            for card, at in claims.cards(part, lang):
                if at in own:
                    continue
                trick = next((t for t in tricks if card in dict(t.cards).values()), None)
                if trick is None:
                    continue  # a card played in no trick: narration-card's to say
                played = dict(trick.cards).get(seat)
                ok = played is not None and played != card and trump is not None \
                    and played.suit == trump and card.suit != trump
                self.reading.claim(key, K.TRUMPS, at, covers=(at, *named), seats=(seat,),
                                   card=card, ok=ok)
                if not ok:  # at the name: the card is the trick's, the player is wrong
                    self._error(key, named[0] if named else at,
                                f"{where} says '{seat}' trumps {card_name(card)}; in "
                                f"the replay '{seat}' plays "
                                f"{card_name(played) if played else 'no card'} in trick "
                                f"{trick.number}, where {card_name(card)} is "
                                f"'{_played_by(trick, card)}''s")

    def bids(self, key: Key, words: str, where: str, bids: dict[str, int]) -> None:
        """The bids a text states: a clause that names one player (or whose sentence names
        one), holds a word for bidding and one number, in digits or words ("Anna bids 3",
        "and bids one"), and in a sentence with such a word, a clause that is a name and a
        number alone ("the bids: Anna 3, Bruno 2"). A clause that denies or supposes ("Dario
        may not bid 1") states nothing."""
        if not bids:
            return
        for sentence in claims.sentences(words, self.names, self.lang):
            if not claims.says(sentence, claims.BIDS, self.lang):
                continue
            for clause in claims.clauses(sentence.text, self.names, self.lang):
                part = claims.Clause(sentence.start + clause.start, clause.text, clause.names,
                                     clause.owners)
                found = claims.counts(part, self.lang)
                says_bid = claims.says(part, claims.BIDS, self.lang)
                # "Anna holds the A♠ and the 7♥, and bids one": the sentence's one name
                subjects = part.names or (sentence.names if says_bid else frozenset())
                if says_bid and len(subjects) > 1 and len(found) == 1 \
                        and claims.says(part, roles.EACH, self.lang) \
                        and not claims.says(part, claims.HEDGED, self.lang):
                    # "وطلب كلٌّ من برونو وداريو واحدة": each of them bids one
                    for seat in sorted(subjects & set(bids)):
                        self._bid(key, part, seat, *found[0], bids, where)
                    continue
                if len(subjects) != 1 or len(found) != 1 \
                        or claims.says(part, claims.HEDGED, self.lang):
                    continue
                seat = next(iter(subjects))
                if not (says_bid or claims.bare(part, self.names, self.lang)):
                    continue
                if seat in bids:
                    self._bid(key, part, seat, *found[0], bids, where)

    def _bid(self, key: Key, part: claims.Clause, seat: str, value: int, at: int,
             bids: dict[str, int], where: str) -> None:
        """A bid read: ``seat`` bids ``value``, said at ``at``."""
        self.reading.claim(key, K.BID, at, covers=(at, *claims.name_offsets(
            part, self.names, self.lang, {seat})), seats=(seat,), value=value,
            ok=value == bids[seat])
        if value != bids[seat]:
            self.report.error(
                self.src.text_mark(key, at), "narration-claim",
                f"{where} says '{seat}' bids {value}; the script has '{seat}' bid "
                f"{bids[seat]}", hint="the bids the narration states are checked "
                "against the script's bids")

    def held_bidding(self, key: Key, words: str, where: str,
                     hands: Mapping[str, Collection[Card]]) -> None:
        """The cards a player bids with, as a text says ("Анна с A♥ и K♥ заказывает две",
        "Bruno mit dem K♦ und der 4♣ sagt einen an"): the cards after the language's "with"
        and before the word of bidding, in a sentence with one player as its subject, are in
        that player's hand (``hands``: as dealt)."""
        lang, names = self.lang, self.names
        with_ = claims._pattern(claims.WITH[lang])
        bids = claims._pattern(claims.BIDS[lang])
        for sentence in claims.sentences(words, names, lang):
            verb = bids.search(sentence.text)
            if verb is None or claims.says(sentence, claims.HEDGED, lang):
                continue
            subject = roles.subjects(claims.Clause(sentence.start, sentence.text[:verb.start()],
                                                   sentence.names), names, lang)
            pronoun = claims._pattern(rf"(?<!\w)(?:{roles.PRONOUNS[lang]})(?!\w)").search(
                sentence.text, 0, verb.start())
            if not subject and pronoun is not None:  # "С козырным J♥ он заказывает одну"
                said = roles.last_named(words, claims.Clause(
                    sentence.start + pronoun.start(), sentence.text[pronoun.start():],
                    frozenset()), names, lang, self.genders)
                subject = frozenset({said}) if said else subject
            if len(subject) != 1:
                continue
            seat = next(iter(subject))
            mentions = [m for m in find_card_mentions(sentence.text, lang)
                        if m.offset < verb.start()]
            first = next((i for i, m in enumerate(mentions)
                          if with_.search(sentence.text[:m.offset])), None)
            for m in mentions[first:] if first is not None else ():
                at = sentence.start + m.offset
                ok = m.card in hands.get(seat, ())
                self.reading.claim(key, K.OWNS, at, covers=(at, *claims.name_offsets(
                    sentence, names, lang, {seat})), seats=(seat,), card=m.card, ok=ok)
                if not ok:
                    self._error(key, at, f"{where} says '{seat}' holds {card_name(m.card)}; in "
                                f"the replay '{seat}' does not")

    def bids_made(self, key: Key, words: str, where: str, replay: Replay) -> None:
        """A clause that says one player makes (or misses) the bid: the replay's tricks must
        agree with the bid."""
        if not replay.bids:
            return
        for clause in claims.clauses(words, self.names, self.lang):
            subjects = clause.names - clause.owners
            if len(subjects) != 1:
                continue
            missed = claims.says(clause, claims.MISSED, self.lang)
            made = not missed and claims.says(clause, claims.MADE, self.lang) \
                and not claims.says(clause, claims.HEDGED, self.lang)
            seat = next(iter(subjects))
            if not (made or missed) or seat not in replay.bids:
                continue
            bid, took = replay.bids[seat], replay.tricks_won.get(seat, 0)
            at = claims.offset_of(clause, seat, self.names, self.lang)
            self.reading.claim(key, K.MAKES_BID, at, covers=claims.name_offsets(
                clause, self.names, self.lang, {seat}) + tuple(a for _, a in claims.counts(
                    clause, self.lang)), seats=(seat,), value=int(made),
                ok=made == (bid == took))
            if made != (bid == took):
                self.report.error(
                    self.src.text_mark(key, claims.offset_of(clause, seat, self.names,
                                                             self.lang)),
                    "narration-claim",
                    f"{where} says '{seat}' {'makes' if made else 'misses'} the bid; in the "
                    f"replay '{seat}' bids {bid} and takes {took}")

    def _plays(self, words: str, verbs: dict[str, str] = claims.PLAYS, *,
               hands: Mapping[str, Collection[Card]] | None = None
               ) -> list[tuple[str, claims.Clause]]:
        """The clauses that say a player plays a card, with that player: a clause with a
        word for playing and a card whose subject (roles.subjects) is one player ("Dario
        leads the 2♣, Anna plays the J♠"), or a pronoun or a dropped subject standing for the
        last player named ("he gives up the K♠", "and throws the A♥"); after a clause with
        such a word, a clause of a name and its card alone, the verb left out ("Anna the 6♠",
        "Дарио — 9♣"); and a list pairing names and cards by position ("Anna, Bruno and
        Carla follow with 3♦, 6♦ and 4♦"). A clause that denies or supposes states nothing.
        A name beside a card as its owner, after a preposition ("on Carla") or after a verb
        its clause starts with («wirft Carla den J♠ zu») is no subject."""
        lang, names = self.lang, self.names
        out: list[tuple[str, claims.Clause]] = []
        before_colon: set[str] = set()  # the players of a sentence that ends with a colon
        for sentence in claims.sentences(words, names, lang):
            going_on = next(iter(before_colon)) if len(before_colon) == 1 else None
            colon = words[sentence.start + len(sentence.text):].startswith(":")
            before_colon = set(sentence.names - sentence.owners) if colon else set()
            parts = roles.joined([claims.Clause(sentence.start + c.start, c.text, c.names,
                                                c.owners)
                                  for c in claims.clauses(sentence.text, names, lang)], words, lang)
            verb, said = False, set[str]()  # a word for playing seen; the players named so far
            i = 0
            while i < len(parts):
                found_list = roles.listed(parts, i, names, lang, verbs)
                if found_list is not None:
                    out.extend(found_list[0])
                    i, said = found_list[1], said | {s for s, _ in found_list[0]}
                    continue
                part = parts[i]
                found = roles.subjects(part, names, lang)
                plays = (claims.says(part, verbs, lang)
                         or (verbs is _PLAYS_OR_TRUMPS and bool(claims.played_with(part, lang)))) \
                    and not claims.says(part, claims.HEDGED, lang)
                verb = verb or plays
                paired = roles.pairs_in(part, names, lang) \
                    if plays and len(claims.name_offsets(part, names, lang)) >= 2 else []
                if paired:
                    out.extend(paired)
                    said |= part.names
                    i += 1
                    continue
                seat = next(iter(found)) if len(found) == 1 else None
                if seat is None and not part.names and plays:
                    if roles.pronoun(part, lang):
                        seat = roles.last_named(words, part, names, lang, self.genders)
                    elif i > 0 and len(said) == 1:
                        seat = next(iter(said))  # "Dario has no diamonds and throws the A♥"
                    elif i == 0 and going_on is not None:
                        seat = going_on  # "Bruno non ha fiori …: cede invece il K♠"
                    elif i > 0 and len(parts[i - 1].names) == 1 and _and_between(
                            words, parts[i - 1], part, lang):
                        # "Carla legt das A♣, aber Dario hat kein Kreuz und sticht es mit der
                        # 7♦": the clause joined by "and" to the one of a single player
                        seat = next(iter(parts[i - 1].names))
                    elif lang == "ar" and i > 0 and self.genders:
                        # a verb that starts its clause says its subject's gender: the last
                        # player of that gender named ("أما آنا، ...، فترمي Q♥")
                        seat = roles.last_named(words, part, names, lang, self.genders)
                it = roles.card_before(words, part, lang) \
                    if plays and verbs is _PLAYS_OR_TRUMPS else None
                if seat is not None and claims.cards(part, lang) and plays:
                    out.append((seat, part))
                elif seat is not None and claims.cards(part, lang) and verb \
                        and roles.gapped(part, names, lang):
                    out.append((seat, roles.before_relative(part, lang)))
                elif seat is not None and it is not None and (
                        hands is None or it[0] in hands.get(seat, ())):  # "and must play it"
                    out.append((seat, claims.Clause(it[1], card_name(it[0]), frozenset({seat}))))
                said |= part.names
                i += 1
        return out

    def scores(self, key: Key, words: str, where: str,
               figures: dict[str, dict[int, str]]) -> None:
        """The figures a text gives players, each against that player's (its sign may be
        said in words: "loses 22"): a clause that names one player and writes one number; a
        clause that starts with a pronoun, of the player it stands for ("he scores −4"); a
        clause without a name that continues a sentence about one player ("Bruno takes 24
        and reaches 101"), or is the figure alone after a colon ("Anna bid one and made it:
        11."); and names and numbers paired in turn in one clause ("وتسجّل كارلا 23 وداريو
        18"). Other clauses of several numbers are sums, worked out in the text, and are not
        read."""
        for seat, value, at in self._figures(words):
            near = claims.name_near(words, seat, at, self.names, self.lang)
            ok = abs(value) in {abs(v) for v in figures[seat]}
            self.reading.claim(key, K.SCORE, at, covers=(at, *(() if near is None else (near,))),
                               seats=(seat,), value=value, ok=ok)
            if not ok:
                known = ", ".join(f"{v} ({what})" for v, what in sorted(figures[seat].items()))
                self.report.error(self.src.text_mark(key, at), "narration-claim",
                                  f"{where} gives '{seat}' {value}; the replay has {known}",
                                  hint="the points, scores and totals the narration states "
                                  "are checked against the replay")

    def _figures(self, words: str) -> list[tuple[str, int, int]]:
        """(seat, value, offset) of each figure ``scores`` reads."""
        return roles.figures(words, self.names, self.lang, self.genders)

    def result(self, key: Key, words: str, where: str, replay: Replay) -> None:
        """The scores, totals, losers and winners the result states."""
        final = replay.sheet[-1].totals if replay.sheet else {}
        per_trick = self.per_trick
        figures: dict[str, dict[int, str]] = {}
        for s in replay.seats:  # the first label of a value is kept: points before the score
            named = [(replay.points.get(s), "points taken"), (replay.scores.get(s), "score"),
                     (replay.tricks_won.get(s), "tricks taken"), (final.get(s), "total"),
                     (replay.tricks_won.get(s, 0) * per_trick if per_trick else None,
                      "points for tricks")]
            figures[s] = {}
            for value, what in named:
                if value is not None:
                    figures[s].setdefault(value, what)
        for trick in replay.tricks:  # "Anna took three tricks (30) with −14 and −20 in cards"
            if trick.points:
                figures.setdefault(trick.winner, {}).setdefault(
                    trick.points, f"the points of trick {trick.number}")
        self.scores(key, words, where, figures)
        self.each_scores(key, words, where, figures)
        winners = set(replay.winners)
        if not winners and self.end.hands == 1 and replay.scores \
                and self.end.winning in (Winning.HIGHEST, Winning.LOWEST):
            best = (max if self.end.winning is Winning.HIGHEST else min)(replay.scores.values())
            winners = {s for s, score in replay.scores.items() if score == best}
        for part, kind, seats, verb, ok in claims.verdicts_read(
                words, self.names, self.lang, set(replay.losers), winners):
            self.reading.claim(key, K.LOSES if kind is claims.LOSES else K.WINS,
                               claims.offset_of(part, sorted(part.names)[0], self.names,
                                                self.lang),
                               covers=claims.name_offsets(part, self.names, self.lang),
                               seats=part.names, ok=ok)
            if ok:
                continue
            self.report.error(
                self.src.text_mark(key, claims.offset_of(part, sorted(part.names)[0], self.names,
                                                         self.lang)),
                "narration-claim", f"{where} says {claims.shown(part.names)} "
                f"{verb if len(part.names) == 1 else verb[:-1]}; in the replay "
                f"{claims.shown(seats)} {verb if len(seats) == 1 else verb[:-1]}")


# Passing cards before the play: "passes", "sends", "gets rid of", "gibt ... an".
_PASSES = {
    "en": r"\b(?:pass(?:es)?|sends?|gets? rid of|gives?)\b",
    "it": r"\b(?:passa|passano|manda|si libera d\w*|cede|dà)\b",
    "de": r"\b(?:schiebt|gibt|reicht|gibt ab|schickt)\b",
    "ru": r"(?<!\w)(?:передаёт|передает|отдаёт|отдает|отправляет|сбрасывает)(?!\w)",
    "ro": r"\b(?:pasează|dă|trimite|scapă de)\b",
    "ar": r"(?<!\w)[وف]?(?:يمرّر|تمرّر|يمرر|تمرر|يعطي|تعطي|يرسل|ترسل|يتخلّص من|تتخلّص من"
          r"|يتخلص من|تتخلص من)(?!\w)",
}
# Every (card of a kind): "takes every negative card", "all the hearts", "alle Minuskarten".
_EVERY = {
    "en": r"\b(?:every|all)\b", "it": r"\b(?:tutt[ie]|ogni)\b", "de": r"\balle\w*\b",
    "ru": r"(?<!\w)(?:все|всю|всех)(?!\w)", "ro": r"\b(?:toate|tot|toți)\b",
    "ar": r"(?<!\w)[وف]?(?:كلّ|كل)(?!\w)",
}
# Leading (the next trick): "leads", "ей и ходить", "deschide", "التي تفتتح".
_LEADS = {
    "en": r"\bleads?\b", "it": r"\b(?:esce|apre|attacca)\b",
    "de": r"\b(?:spielt aus|kommt heraus|ist am Zug)\b",
    "ru": r"(?<!\w)(?:ходить|ходит|заходит)(?!\w)", "ro": r"\bdeschide\b",
    "ar": r"(?<!\w)[وف]?(?:تفتتح|يفتتح)(?!\w)",
}
# Tricks taken against a bid: "three for two", "trei pentru două", "три при заказе на две".
_FOR_BID = {
    "en": r"\bfor\b", "it": r"\bper\b", "de": r"\bbei\b", "ru": r"(?<!\w)при заказе",
    "ro": r"\bpentru\b", "ar": r"(?<!\w)وقد (?:طلب|طلبت)(?!\w)",
}
# Every trick played so far: "Anna has taken every one of them", "le-a luat pe toate".
_ALL_TRICKS = {
    "en": r"\bevery one of them\b|\ball of them\b", "it": r"\btutte quante\b|\btutte\b",
    "de": r"\balle\b", "ru": r"(?<!\w)все до одной(?!\w)", "ro": r"\bpe toate\b",
    "ar": r"(?<!\w)كل واحدة منها(?!\w)|(?<!\w)كلها(?!\w)",
}
# The hand's last trick, named in an earlier step.
_LAST_TRICK = {
    "en": r"\blast trick\b", "it": r"\bultima presa\b", "de": r"\bletzten Stich\b",
    "ru": r"(?<!\w)последн\w+ взятк\w*", "ro": r"\bultima levată\b",
    "ar": r"(?<!\w)الأكلة الأخيرة(?!\w)",
}
# A card's worth said right after it: ", worth 10", "وقيمتها 10" (its value, 10).
_WORTH = {
    "en": r",?\s+(?:which is\s+)?worth\s+(?P<n>\d+)\b", "it": r",?\s+che vale\s+(?P<n>\d+)\b",
    "de": r",?\s+(?:die|der|das)\s+(?P<n>\d+)\s+(?:Punkte\s+)?wert ist\b",
    "ru": r",?\s+(?:котор\w+\s+)?стоит\s+(?P<n>\d+)(?!\w)",
    "ro": r",?\s+care valorează\s+(?P<n>\d+)\b", "ar": r"\s+وقيمتها\s+(?P<n>\d+)(?!\w)",
}
_WORTH_FOR = {
    "en": r"(?<![\w.])(?P<n>\d+)\s+for\s+(?:the\s+)?$",
    "it": r"(?<![\w.])(?P<n>\d+)\s+per\s+(?:il\s+|la\s+|l['’])?$",
    "de": r"(?<![\w.])(?P<n>\d+)\s+für\s+(?:die\s+|den\s+|das\s+)?$",
    "ru": r"(?<![\w.])(?P<n>\d+)\s+за\s+$", "ro": r"(?<![\w.])(?P<n>\d+)\s+pentru\s+$",
    "ar": r"(?<![\w.])(?P<n>\d+)\s+مقابل\s+$",
}
_CARDS_WORD = {
    "en": r"\bcards?\b|\bhearts\b", "it": r"\bcart[ae]\b|\bcuori\b", "de": r"\bKarten?\b|\bHerz",
    "ru": r"(?<!\w)карт\w*|(?<!\w)черв\w*", "ro": r"\bcărți\b|\bcarte\b|\binimi\b",
    "ar": r"(?<!\w)[وف]?(?:أوراق|ورقة|ورقات)(?!\w)",
}
# A trick, and no trick at all ("took no trick", "n-a luat nicio levată", "ни одной взятки").
_TRICK = {
    "en": r"\btricks?\b", "it": r"\bpres[ae]\b", "de": r"\bStich\w*",
    "ru": r"(?<!\w)взят\w*", "ro": r"\blevat\w*",
    "ar": r"(?<!\w)[وف]?(?:ال)?أكل(?:ة|ات|تين)(?!\w)",
}
_NO_TRICK = {
    "en": r"\bno tricks?\b|\bnot (?:taken |won )?a single trick\b",
    "it": r"\bnessuna presa\b|\bneanche una presa\b",
    "de": r"\bkeinen (?:einzigen )?Stich\b",
    "ru": r"(?<!\w)ни одной(?: взятки)?(?!\w)",
    "ro": r"\bnicio levată\b|\bniciuna\b",
    "ar": r"(?<!\w)(?:أي|ولا) أكلة(?!\w)",
}


def _check_cards(ctx: Context, src: Source, key: Key, words: str, lang: str, *,
                 allowed: set[Card], where: str, why: str, reading: Reading) -> None:
    """Every card ``words`` names, in glyphs or in ``lang``'s words, must be ``allowed``;
    ``src`` is the language file's."""
    in_play = set(ctx.game.cards)
    for m in find_card_mentions(words, lang):
        reading.claim(key, K.CARD, m.offset, card=m.card, ok=m.card in allowed)
        if m.card not in allowed:
            reason = why if m.card in in_play else "is not in play in this game"
            ctx.report.error(src.text_mark(key, m.offset), "narration-card",
                             f"{where} mentions {m.label}, which {reason}")


# a player who trumps plays a card too: "Anna briscola con il 5♠", "Дарио козыряет 7♠"
_PLAYS_OR_TRUMPS = {lang: f"{claims.PLAYS[lang]}|{claims.TRUMPS[lang]}" for lang in claims.PLAYS}


_AND = {"en": "and", "it": "e", "de": "und", "ru": "и", "ro": "și"}


def _and_between(words: str, before: claims.Clause, after: claims.Clause, lang: str) -> bool:
    """Two clauses are joined by the language's "and" alone (no comma, no other word)."""
    return words[before.start + len(before.text):after.start].strip() == _AND.get(lang)


def _played_by(trick: TrickReplay, card: Card) -> str:
    return next(seat for seat, c in trick.cards if c == card)
