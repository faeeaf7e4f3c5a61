"""The narration of a trick-taking example in each language: one text per trick (or per
hand of a score sheet), naming only cards still in play at that step, and saying of who
takes each trick, who plays which card, who wins and loses and what they score only what
the replay did (claims.py reads these claims in each language)."""

from __future__ import annotations

from ...core.cards import Card, Suit, card_name
from ...core.cardwords import find_card_mentions, suit_word
from ...model.source import Key, Source
from .. import claims
from ..shared import narrations
from .record import Replay, TrickReplay
from .start import Context


def check_narration(ctx: Context, replay: Replay) -> None:
    """Each language's narration: one text per step (a trick, or a hand of a score sheet),
    naming only cards that are still in play at that step."""
    spec, game = ctx.spec, ctx.game
    sheet = spec.sheet is not None
    steps = len(spec.sheet or []) if sheet else len(spec.tricks)
    unit = "hand" if sheet else "trick"
    in_play = set(game.cards)
    for lang, src, base, texts, narration in narrations(ctx, steps=steps, unit=unit):
        names = {s: narration.seats.get(s, s) for s in replay.seats}
        claims = _Claims(ctx, src, lang, names)
        for i, words in enumerate(texts):
            key, where = base + ("steps", i), f"{lang}: step {i + 1}"
            if sheet or i >= len(replay.tricks):
                allowed, why = in_play, "is not in play in this game"
                if i < len(replay.sheet):
                    row = replay.sheet[i]
                    claims.scores(key, words, where, {
                        s: {row.scores[s]: "the hand's score", row.totals[s]: "the total"}
                        for s in replay.seats})
            else:
                trick = replay.tricks[i]
                # the cards held before the trick, and those drawn from the stock after it
                allowed = {c for h in trick.hands_before.values() for c in h} \
                    | {c for _, c in trick.draws}
                why = (f"nobody holds or draws at trick {trick.number}" if trick.draws
                       else f"nobody holds any more at trick {trick.number}")
                claims.trick(key, words, where, trick)
                claims.trumps(key, words, where, trick, replay.trump)
            claims.bids(key, words, where, replay.bids)
            _check_cards(ctx, src, key, words, lang, allowed=allowed, where=where, why=why)
        for part, text in (("intro", narration.intro), ("start", narration.start),
                           ("result", narration.result)):
            if text:
                _check_cards(ctx, src, base + (part,), text, lang, allowed=in_play,
                             where=f"{lang}: the {part}", why="is not in play in this game")
                claims.bids(base + (part,), text, f"{lang}: the {part}", replay.bids)
        if narration.result and replay.complete:
            claims.result(base + ("result",), narration.result, f"{lang}: the result", replay)
            claims.bids_made(base + ("result",), narration.result, f"{lang}: the result", replay)


class _Claims:
    """The claims of one language's narration, checked against the replay."""

    def __init__(self, ctx: Context, src: Source, lang: str, names: dict[str, str]) -> None:
        self.report, self.src, self.lang, self.names = ctx.report, src, lang, names
        self.per_trick = ctx.game.scoring.per_trick  # a trick's own worth, stated in results

    def trick(self, key: Key, words: str, where: str, trick: TrickReplay) -> None:
        """Who takes the trick, and who plays which card, as the step says."""
        played = dict(trick.cards)
        for clause in claims.clauses(words, self.names, self.lang):
            # who takes: a player named as the subject (not only beside a card, as its owner)
            subjects = clause.names - clause.owners
            if not subjects or not claims.says(clause, claims.TAKES, self.lang):
                continue
            in_clause = {card for card, _ in claims.cards(clause, self.lang)}
            if trick.winner not in clause.names and played[trick.winner] not in in_clause:
                seat = sorted(subjects)[0]
                self.report.error(
                    self.src.text_mark(key, claims.offset_of(clause, seat, self.names, self.lang)),
                    "narration-claim", f"{where} says {claims.shown(subjects)} "
                    f"{'takes' if len(subjects) == 1 else 'take'} trick {trick.number}; "
                    f"the replay has '{trick.winner}' take it",
                    hint=f"name {self.names[trick.winner]} as the one who takes the trick")
        for part in self._plays(words):
            if claims.says(part, claims.PLAYS, self.lang):
                seat = next(iter(part.names))
                mentioned = claims.cards(part, self.lang)
                if mentioned and seat in played and all(c != played[seat] for c, _ in mentioned):
                    card, at = mentioned[0]
                    self.report.error(
                        self.src.text_mark(key, at), "narration-claim",
                        f"{where} says '{seat}' plays {card_name(card)}; in the replay "
                        f"'{seat}' plays {card_name(played[seat])} in trick {trick.number}")

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
                if card is None or (trump is not None and card.suit == trump):
                    continue
                at = claims.offset_of(part, seat, self.names, self.lang) if seat in part.names \
                    else part.start + claims.first(part, claims.TRUMPS, self.lang)
                why = "this hand has no trumps" if trump is None else \
                    f"it is not a trump ({suit_word(trump, 'en')} are trumps)"
                self.report.error(
                    self.src.text_mark(key, at), "narration-claim",
                    f"{where} says '{seat}' trumps; in the replay '{seat}' plays "
                    f"{card_name(card)} in trick {trick.number}, and {why}",
                    hint="say that a player trumps only of a trump played to a trick of "
                    "another suit")

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
                if len(subjects) != 1 or len(found) != 1 \
                        or claims.says(part, claims.HEDGED, self.lang):
                    continue
                seat = next(iter(subjects))
                if not (says_bid or claims.bare(part, self.names, self.lang)):
                    continue
                value, at = found[0]
                if seat in bids and value != bids[seat]:
                    self.report.error(
                        self.src.text_mark(key, at), "narration-claim",
                        f"{where} says '{seat}' bids {value}; the script has '{seat}' bid "
                        f"{bids[seat]}", hint="the bids the narration states are checked "
                        "against the script's bids")

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
            if made != (bid == took):
                self.report.error(
                    self.src.text_mark(key, claims.offset_of(clause, seat, self.names,
                                                             self.lang)),
                    "narration-claim",
                    f"{where} says '{seat}' {'makes' if made else 'misses'} the bid; in the "
                    f"replay '{seat}' bids {bid} and takes {took}")

    def _plays(self, words: str) -> list[claims.Clause]:
        """The clauses that say one player plays a card: the clause names that player alone,
        holds a word for playing and a card ("Dario leads the 2♣, Anna plays the J♠"; Arabic
        strings its plays with "،" in one sentence). A name in another clause of the sentence
        claims nothing ("she discards the Q♠, the card Bruno passed her"); in a sentence of
        several names, only when each clause with a card is one player playing it ("Anna,
        Bruno and Carla follow with 3♦, 6♦ and 4♦" pairs names and cards by position)."""
        out = []
        for sentence in claims.sentences(words, self.names, self.lang):
            if not sentence.names:
                continue
            parts = [claims.Clause(sentence.start + c.start, c.text, c.names, c.owners)
                     for c in claims.clauses(sentence.text, self.names, self.lang)
                     if claims.cards(c, self.lang)]
            plays = [c for c in parts
                     if len(c.names) == 1 and claims.says(c, claims.PLAYS, self.lang)]
            if len(sentence.names) == 1 or len(plays) == len(parts):
                out.extend(plays)
        return out

    def scores(self, key: Key, words: str, where: str,
               figures: dict[str, dict[int, str]]) -> None:
        """A clause that names one player and writes one number gives that player one of
        their figures (its sign may be said in words: "loses 22"). Clauses of several
        numbers are sums, worked out in the text, and are not read."""
        for clause in claims.clauses(words, self.names, self.lang):
            found = claims.numbers(clause)
            if len(clause.names) != 1 or len(found) != 1:
                continue
            seat = next(iter(clause.names))
            for value, at in found:
                if abs(value) not in {abs(v) for v in figures[seat]}:
                    known = ", ".join(f"{v} ({what})" for v, what in sorted(figures[seat].items()))
                    self.report.error(self.src.text_mark(key, at), "narration-claim",
                                      f"{where} gives '{seat}' {value}; the replay has {known}",
                                      hint="the points, scores and totals the narration states "
                                      "are checked against the replay")

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
        self.scores(key, words, where, figures)
        for part, kind, seats, verb in claims.verdicts(words, self.names, self.lang,
                                                       set(replay.losers), set(replay.winners)):
            self.report.error(
                self.src.text_mark(key, claims.offset_of(part, sorted(part.names)[0], self.names,
                                                         self.lang)),
                "narration-claim", f"{where} says {claims.shown(part.names)} "
                f"{verb if len(part.names) == 1 else verb[:-1]}; in the replay "
                f"{claims.shown(seats)} {verb if len(seats) == 1 else verb[:-1]}")


def _check_cards(ctx: Context, src: Source, key: Key, words: str, lang: str, *,
                 allowed: set[Card], where: str, why: str) -> None:
    """Every card ``words`` names, in glyphs or in ``lang``'s words, must be ``allowed``;
    ``src`` is the language file's."""
    in_play = set(ctx.game.cards)
    for m in find_card_mentions(words, lang):
        if m.card not in allowed:
            reason = why if m.card in in_play else "is not in play in this game"
            ctx.report.error(src.text_mark(key, m.offset), "narration-card",
                             f"{where} mentions {m.label}, which {reason}")
