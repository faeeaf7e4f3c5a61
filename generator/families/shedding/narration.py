"""The narration of a shedding example in each language: one text per move, naming only the
players and the cards involved in it (the mover and the players it skips; the cards played,
drawn or held by the mover, and the pile's top card before the move)."""

from __future__ import annotations

from ...core.cards import card_name
from ...core.cardwords import find_card_mentions
from ...core.readings import ClaimKind as K
from ...model.source import Key, Source
from .. import claims, dealing, roles
from ..reading import Reading
from ..shared import ReplayContext, narrations
from .engine import ShedGame
from .record import Replay, ReplayStep
from .schema import ShedExampleSpec


def check_narration(ctx: ReplayContext[ShedGame, ShedExampleSpec], replay: Replay) -> None:
    report = ctx.report
    for lang, src, base, steps, narration, reading in narrations(
            ctx, steps=len(ctx.spec.moves), unit="move", seats=replay.seats):
        names = {s: narration.seats.get(s, s) for s in replay.seats}
        top = replay.start_top
        for i, (step, words) in enumerate(zip(replay.steps, steps)):
            nxt = replay.steps[i + 1].seat if i + 1 < len(replay.steps) else None
            involved_seats = {step.seat, *step.skipped} | ({nxt} if nxt else set())
            for sentence in claims.sentences(words, names, lang):
                for seat in sorted(sentence.names):
                    reading.claim(base + ("steps", i), K.TAKES_PART,
                                  claims.offset_of(sentence, seat, names, lang),
                                  covers=claims.name_offsets(sentence, names, lang, {seat}),
                                  seats=(seat,), ok=seat in involved_seats)
                for seat in sorted(sentence.names - involved_seats):
                    report.error(
                        src.text_mark(base + ("steps", i),
                                      claims.offset_of(sentence, seat, names, lang)),
                        "narration-claim", f"{lang}: step {i + 1} names '{seat}', who takes no "
                        f"part in move {i + 1} ('{step.seat}' moves)",
                        hint="a step names the player who moves, those it skips and the next")
            _moves(ctx, src, base + ("steps", i), words, names, lang, step, i + 1, involved_seats,
                   reading)
            involved = set(step.cards) | set(step.penalty) | set(step.before[step.seat]) \
                | {step.top} | ({top} if top is not None else set())
            for m in find_card_mentions(words, lang):
                reading.claim(base + ("steps", i), K.CARD, m.offset, card=m.card,
                              ok=m.card in involved)
                if m.card not in involved:
                    report.error(src.text_mark(base + ("steps", i), m.offset), "narration-card",
                                 f"{lang}: step {i + 1} mentions {m.label}, which is neither "
                                 f"on the pile nor in '{step.seat}''s hand")
            top = step.top
        if narration.result and replay.complete:
            _result(ctx, src, base + ("result",), narration.result, lang, names, replay, reading)
        dealt = {c for h in replay.dealt.values() for c in h}
        for part, text, allowed in (
                ("intro", narration.intro, set(ctx.game.deck.cards)),
                ("start", narration.start, dealt | {c for c in (replay.turned, replay.start_top)
                                                    if c is not None})):
            dealing.turned_up(report=report, reading=reading, src=src, key=base + (part,),
                              text=text or "", lang=lang, names=names,
                              turned={c for c in (replay.turned, replay.start_top) if c},
                              dealer=replay.dealer,
                              where=f"{lang}: the {part}")
            for m in find_card_mentions(text or "", lang):
                reading.claim(base + (part,), K.CARD, m.offset, card=m.card,
                              ok=m.card in allowed)
                if m.card not in allowed:
                    report.error(src.text_mark(base + (part,), m.offset), "narration-card",
                                 f"{lang}: the {part} mentions {m.label}, which is not in play "
                                 "at the start")


def _result(ctx: ReplayContext[ShedGame, ShedExampleSpec], src: Source, key: Key, words: str,
            lang: str, names: dict[str, str], replay: Replay, reading: Reading) -> None:
    """Who wins the hand and what each player scores, as the result says: a figure given a
    player must be one of that player's (the points left in hand, the score)."""
    winners = {replay.winner} if replay.winner else set()
    for part, kind, seats, verb, ok in claims.verdicts_read(words, names, lang, set(), winners):
        reading.claim(key, K.WINS, claims.offset_of(part, sorted(part.names)[0], names, lang),
                      covers=claims.name_offsets(part, names, lang), seats=part.names, ok=ok)
        if not ok:
            ctx.report.error(
                src.text_mark(key, claims.offset_of(part, sorted(part.names)[0], names, lang)),
                "narration-claim", f"{lang}: the result says {claims.shown(part.names)} "
                f"{verb if len(part.names) == 1 else verb[:-1]}; in the replay "
                f"{claims.shown(seats)} {verb}")
    for seat, value, at in roles.figures(words, names, lang, dict(ctx.spec.genders)):
        known = {v: what for v, what in ((replay.points.get(seat), "points in hand"),
                                         (replay.scores.get(seat), "score")) if v is not None}
        if not known:
            continue
        near = claims.name_near(words, seat, at, names, lang)
        ok = abs(value) in {abs(v) for v in known}
        reading.claim(key, K.SCORE, at, covers=(at, *(() if near is None else (near,))),
                      seats=(seat,), value=value, ok=ok)
        if not ok:
            shown = ", ".join(f"{v} ({what})" for v, what in sorted(known.items()))
            ctx.report.error(src.text_mark(key, at), "narration-claim",
                             f"{lang}: the result gives '{seat}' {value}; the replay has {shown}",
                             hint="the points and scores the narration states are checked "
                             "against the replay")


# A draw to come, not this move's: "Bruno muss zwei Karten ziehen", "على برونو أن يسحب".
_MUST = {
    "en": r"\b(?:must|has to|have to|will|next)\b", "it": r"\b(?:deve|devono|dovrà|tocca)\b",
    "de": r"\b(?:muss|müssen|wird|werden)\b",
    "ru": r"(?<!\w)(?:должен|должна|придётся|придется|нужно|будет)(?!\w)",
    "ro": r"\b(?:trebuie|va|vor)\b", "ar": r"(?<!\w)(?:على|سيكون|أن|عليه|عليها)(?!\w)",
}


def _moves(ctx: ReplayContext[ShedGame, ShedExampleSpec], src: Source, key: Key, words: str,
           names: dict[str, str], lang: str, step: ReplayStep, number: int,
           involved: set[str], reading: Reading) -> None:
    """A clause with the language's word for playing (or drawing) and a card claims that
    its subject played (drew) it: "Bruno plays the 8♣" where Anna played it, or "Anna plays
    the 9♠" where she held it and played the 5♠. The subject is the clause's one subject
    (roles.subjects), else the sentence's one player ("Bruno cannot play and draws the 6♣"),
    else the player a pronoun stands for, else, in a step that names nobody before it, the
    mover. Clauses of cards alone after it continue its list ("He draws the J♠, the 6♣ and
    the 2♦"). A clause that denies or only supposes ("Bruno could play the 8♣") claims
    nothing."""
    genders = dict(ctx.spec.genders)
    for part in claims.sentence_clauses(words, names, lang):
        # "Бруно снова берёт из колоды": a player draws, no card named
        subject = roles.subjects(part, names, lang)
        if len(subject) != 1 or claims.cards(part, lang) or not claims.says(
                part, claims.DRAWS, lang) or claims.says(part, claims.HEDGED, lang) \
                or claims.says(part, _MUST, lang) or claims.numbers(part) \
                or claims.counts(part, lang):
            continue  # (what a player must draw is a penalty to come, not this move)
        seat = next(iter(subject))
        at = claims.offset_of(part, seat, names, lang)
        ok = seat == step.seat and step.kind == "draw"
        reading.claim(key, K.DRAWS, at, seats=(seat,), ok=ok)
        if not ok:
            ctx.report.error(src.text_mark(key, at), "narration-claim",
                             f"{lang}: step {number} says '{seat}' draws; in the replay "
                             f"'{step.seat}' {'draws' if step.kind == 'draw' else 'plays'}",
                             hint=f"name {names[step.seat]} as the one who moves")
    # a shedding game takes no tricks: "takes", "берёт", "prende" a card is drawing it
    hands = {seat: {*step.before[seat], *step.after[seat]} for seat in step.before}
    for part, seat, verb in roles.acts(words, names, lang, genders, step.seat,
                                       claims.TAKES_CARD, hands=hands):
        if seat not in involved:
            continue  # a player the move does not involve: reported as such above
        mentioned = claims.cards(part, lang)
        kind, done = ("play", "plays") if verb is claims.PLAYS else ("draw", "draws")
        moved = set(step.cards) if step.kind == kind else set()
        if kind == "draw":
            moved |= set(step.penalty)
        # the mover's cards the clause names and the move leaves in hand ("he draws the J♠,
        # the 6♣ and the 2♦" where the 2♦ was held): a clause of cards kept says so
        unmoved = [] if seat != step.seat or not moved or claims.says(part, claims.KEEPS, lang) \
            else [(c, at) for c, at in mentioned if c in step.before[seat] and c not in moved]
        if mentioned:
            near = claims.name_near(words, seat, mentioned[0][1], names, lang)
            wrong = any(c in moved for c, _ in mentioned) if seat != step.seat else bool(unmoved)
            reading.claim(key, K.PLAYS if kind == "play" else K.DRAWS, mentioned[0][1],
                          covers=(*(a for _, a in mentioned), *(() if near is None else (near,))),
                          seats=(seat,), card=next((c for c, _ in mentioned if c in moved),
                                                   mentioned[0][0]), ok=not wrong)
        if seat != step.seat and any(c in moved for c, _ in mentioned):
            card, at = next((c, at) for c, at in mentioned if c in moved)
            where = claims.offset_of(part, seat, names, lang) if seat in part.names else at
            ctx.report.error(src.text_mark(key, where), "narration-claim",
                             f"{lang}: step {number} says '{seat}' {done} "
                             f"{card_name(card)}; in the replay '{step.seat}' does",
                             hint=f"name {names[step.seat]} as the one who {done} it")
        elif unmoved:
            # a card of the mover's hand it did not move (a card nobody involved holds
            # is a narration-card finding)
            card, at = unmoved[0]
            said = " ".join(card_name(c) for c in (*step.cards, *step.penalty) if c in moved)
            ctx.report.error(src.text_mark(key, at), "narration-claim",
                             f"{lang}: step {number} says '{seat}' {done} "
                             f"{card_name(card)}; in the replay '{seat}' {done} {said}")
