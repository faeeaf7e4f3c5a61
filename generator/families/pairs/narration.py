"""The narration of a pairing example in each language: one text per move, naming only the
cards and the players involved in it (the drawer, the one drawn from, a player out, or one
the turn skips because they are out), and a result that names the replay's loser and winners
when it says who loses and who wins (claims.py reads these in each language)."""

from __future__ import annotations

import re
from typing import Collection, Mapping

from ...core.cards import Card, card_name
from ...core.cardwords import find_card_mentions
from ...core.readings import ClaimKind as K
from ...model.source import Key, Source
from .. import claims, dealing, roles
from ..reading import Reading
from ..shared import ReplayContext, narrations
from .engine import PairsGame
from .record import Replay, ReplayStep
from .schema import PairsExampleSpec


def check_narration(ctx: ReplayContext[PairsGame, PairsExampleSpec], replay: Replay) -> None:
    """Each language's narration: one text per move, naming only cards involved in it."""
    report = ctx.report
    moves = len(ctx.spec.moves)
    for lang, src, base, steps, narration, reading in narrations(ctx, steps=moves, unit="move",
                                                                  seats=replay.seats):
        names = {s: narration.seats.get(s, s) for s in replay.seats}
        out_before: set[str] = set()
        for i, (step, words) in enumerate(zip(replay.steps, steps)):
            involved_seats = {step.drawer, step.source, *step.out} | out_before
            out_before |= set(step.out)
            for sentence in claims.sentences(words, names, lang):
                for seat in sorted(sentence.names):
                    reading.claim(base + ("steps", i), K.TAKES_PART,
                                  claims.offset_of(sentence, seat, names, lang),
                                  covers=claims.name_offsets(sentence, names, lang, {seat}),
                                  seats=(seat,), ok=seat in involved_seats)
                for seat in sorted(sentence.names - involved_seats):
                    report.error(
                        src.text_mark(base + ("steps", i), claims.offset_of(sentence, seat, names,
                                                                            lang)),
                        "narration-claim", f"{lang}: step {i + 1} names '{seat}', who takes no "
                        f"part in move {i + 1}: '{step.drawer}' draws from '{step.source}'",
                        hint="a step names the drawer, the player drawn from, and players out")
            _draws(ctx, src, base + ("steps", i), words, lang, names, step, i + 1, reading)
            # "نفدت أوراق ميا ففازت": a player said to win at a step is out by then, a winner
            won = out_before & set(replay.winners)
            for said, _, _, _, ok in claims.verdicts_read(words, names, lang, set(), won):
                at = claims.offset_of(said, sorted(said.names)[0], names, lang)
                reading.claim(base + ("steps", i), K.WINS, at, covers=claims.name_offsets(
                    said, names, lang), seats=said.names, ok=ok)
                if not ok:
                    report.error(src.text_mark(base + ("steps", i), at), "narration-claim",
                                 f"{lang}: step {i + 1} says {claims.shown(said.names)} "
                                 f"{'wins' if len(said.names) == 1 else 'win'}; by move {i + 1} "
                                 f"{claims.shown(won)} "
                                 f"{'has' if len(won) == 1 else 'have'} gone out and won")
            involved = {step.card} | set(step.before[step.drawer]) | set(step.after[step.drawer]) \
                | set(step.before[step.source]) | set(step.after[step.source])
            for m in find_card_mentions(words, lang):
                reading.claim(base + ("steps", i), K.CARD, m.offset, card=m.card,
                              ok=m.card in involved)
                if m.card not in involved:
                    report.error(src.text_mark(base + ("steps", i), m.offset), "narration-card",
                                 f"{lang}: step {i + 1} mentions {m.label}, which neither "
                                 f"'{step.drawer}' nor '{step.source}' holds or draws")
        if narration.start and replay.start is not None:
            held = {c for h in replay.start.values() for c in h}
            laid = {c for ps in replay.first_pairs.values() for p in ps for c in p}
            laid |= {c for alone in replay.laid_alone.values() for c in alone}
            for m in find_card_mentions(narration.start, lang):
                reading.claim(base + ("start",), K.CARD, m.offset, card=m.card,
                              ok=m.card in held | laid)
                if m.card not in held | laid:
                    report.error(src.text_mark(base + ("start",), m.offset), "narration-card",
                                 f"{lang}: the start mentions {m.label}, which nobody "
                                 "holds or lays down at the start")
        if narration.start and replay.start is not None:
            _first_pairs(ctx, src, base + ("start",), narration.start, lang, names, replay,
                         reading)
            _kept(ctx, src, base + ("start",), narration.start, lang, names, replay.start,
                  reading)
        # The intro may name the removed cards too; the result, the cards of the last move and
        # those still held at the end.
        game = ctx.game
        last = set(game.cards)
        if replay.steps:
            final = replay.steps[-1]
            last = {c for h in final.after.values() for c in h} | {final.card} | set(final.pair or ())
        for part, text, allowed, why in (
                ("intro", narration.intro, set(game.deck.cards), "is not in this game's deck"),
                ("result", narration.result, last, "nobody holds at the end")):
            for m in find_card_mentions(text or "", lang):
                reading.claim(base + (part,), K.CARD, m.offset, card=m.card,
                              ok=m.card in allowed)
                if m.card not in allowed:
                    report.error(src.text_mark(base + (part,), m.offset), "narration-card",
                                 f"{lang}: the {part} mentions {m.label}, which {why}")
        dealt = replay.deal_counts or {s: len(h) for s, h in (replay.dealt or {}).items()}
        dealing.deal_counts(report=report, reading=reading, src=src, key=base + ("intro",),
                            text=narration.intro or "", lang=lang, names=names, dealt=dealt,
                            where=f"{lang}: the intro")
        seats = list(replay.seats)
        way = ctx.game.options.draw_from.step
        _draw_order(ctx, src, base + ("intro",), narration.intro or "", lang, names, {
            s: seats[(n + way) % len(seats)] for n, s in enumerate(seats)}, reading)
        if replay.dealer in seats:  # dealt one at a time from the dealer's left
            dealing.first_dealt(report=report, reading=reading, src=src, key=base + ("intro",),
                                text=narration.intro or "", lang=lang, names=names,
                                first=seats[(seats.index(replay.dealer) + 1) % len(seats)],
                                where=f"{lang}: the intro")
        if narration.result and replay.complete:
            _check_result(ctx, src, base + ("result",), narration.result, lang, names, replay,
                          reading)


def _draw_order(ctx: ReplayContext[PairsGame, PairsExampleSpec], src: Source, key: Key,
                words: str, lang: str, names: dict[str, str], sources: Mapping[str, str],
                reading: Reading) -> None:
    """Whom each player draws from, as an intro says of the seating ("то есть Игрок 2 берёт
    карту у Игрока 3"): the neighbour the game's direction of drawing gives (``sources``),
    while everyone has cards."""
    for part in claims.sentence_clauses(words, names, lang):
        if not claims.says(part, claims.TAKES_CARD, lang) or claims.says(part, claims.HEDGED,
                                                                          lang):
            continue
        subject = roles.subjects(part, names, lang)
        if len(subject) != 1:
            continue
        seat = next(iter(subject))
        for source, at in roles.drawn_from(part, names, lang):
            ok = source == sources.get(seat)
            reading.claim(key, K.DRAWN_FROM, at, covers=(at, *claims.name_offsets(
                part, names, lang, subject)), seats=(source,), ok=ok)
            if not ok:
                ctx.report.error(src.text_mark(key, at), "narration-claim",
                                 f"{lang}: the intro says '{seat}' draws from '{source}'; in "
                                 f"this game '{seat}' draws from '{sources[seat]}'",
                                 hint=f"name {names[sources[seat]]} as the one drawn from")


def _check_result(ctx: ReplayContext[PairsGame, PairsExampleSpec], src: Source, key: Key,
                  words: str, lang: str, names: dict[str, str], replay: Replay,
                  reading: Reading) -> None:
    """Who loses and who wins, as the result says, against the replay."""
    losers = {replay.loser} if replay.loser else set()
    final = replay.steps[-1].after if replay.steps else {}
    for part in claims.sentence_clauses(words, names, lang):
        if claims.says(part, claims.HEDGED, lang):
            continue
        for seat, card, at in roles.possessives(part, names, lang):
            # "يبقى J♣ في يد اللاعب 2": the card is in that player's hand at the end
            ok = card in final.get(seat, ())
            reading.claim(key, K.OWNS, at, covers=(at, *(a for c, a in claims.cards(part, lang)
                                                         if c == card)),
                          seats=(seat,), card=card, ok=ok)
            if not ok:
                owner = next((s for s, hand in final.items() if card in hand), None)
                ctx.report.error(src.text_mark(key, at), "narration-claim",
                                 f"{lang}: the result says {card_name(card)} is '{seat}''s; at "
                                 "the end " + (f"'{owner}' holds it" if owner else
                                               "nobody holds it"))
    for part, kind, seats, verb, ok in claims.verdicts_read(words, names, lang, losers,
                                                            set(replay.winners)):
        reading.claim(key, K.LOSES if kind is claims.LOSES else K.WINS,
                      claims.offset_of(part, sorted(part.names)[0], names, lang),
                      covers=claims.name_offsets(part, names, lang), seats=part.names, ok=ok)
        if ok:
            continue
        ctx.report.error(
            src.text_mark(key, claims.offset_of(part, sorted(part.names)[0], names, lang)),
            "narration-claim", f"{lang}: the result says {claims.shown(part.names)} "
            f"{verb if len(part.names) == 1 else verb[:-1]}; in the replay "
            f"{claims.shown(seats)} {verb if len(seats) == 1 else verb[:-1]}")


# Between the two cards of a pair laid down: "3♥ with 3♣", "J♦ und J♣", "A♥ zu A♦",
# "10♣ con il 10♦", "K♦ с K♣", "Q♠ împreună cu 10♥", "A♠ مع A♥".
_PAIR_LINK = {
    "en": r"\s*(?:with|and)\s+(?:(?:the|his|her|their)\s+)?$",
    "it": r"\s*(?:con|e|insieme a)\s*(?:(?:il|lo|la|l['’]|suo|sua)\s*)?$"
          r"|\s*(?:col|all['’]|al|alla|insieme al\w*)\s*$",
    "de": r"\s*(?:mit|und|zu)\s+(?:(?:der|dem|den|die|seiner|seinem|ihrer|ihrem)\s+)?$",
    "ru": r"\s*(?:с|со|и|вместе с\w*)\s+(?:(?:своей|своим)\s+)?$",
    "ro": r"\s*(?:cu|și|împreună cu)\s+$",
    "ar": r"\s*(?:مع|و)\s*$",
}


def _first_pairs(ctx: ReplayContext[PairsGame, PairsExampleSpec], src: Source, key: Key,
                 words: str, lang: str, names: dict[str, str], replay: Replay,
                 reading: Reading) -> None:
    """Two cards the start says are laid down together ("she discards 3♥ with 3♣", "Jonas
    legt J♦ und J♣ ab", "يضع يوناس J♦ مع J♣") are a pair the replay lays down first (of
    the one the clause names, when it names one): a clause of laying down, the cards right
    after the verb and before any word of keeping."""
    laid = {seat: {frozenset(p) for p in pairs} for seat, pairs in replay.first_pairs.items()}
    link = claims._pattern(_PAIR_LINK[lang])
    verb = claims._pattern(claims.PLAYS[lang])
    keeps = claims._pattern(claims.KEEPS[lang])
    for sentence in claims.sentences(words, names, lang):
        start = 0
        for piece in [*re.split(r"[,;،]", sentence.text), ""]:
            part = claims.Clause(sentence.start + start, piece,
                                 claims.named(piece, names, lang))
            start += len(piece) + 1
            found = verb.search(piece)
            if found is None or claims.says(part, claims.HEDGED, lang):
                continue
            subject = roles.subjects(part, names, lang)
            cards = [(m.card, m.offset, m.offset + len(m.words or card_name(m.card)))
                     for m in find_card_mentions(piece, lang)]
            used = -1
            for i in range(len(cards) - 1):
                (first, at, end), (second, at2, _) = cards[i], cards[i + 1]
                if i <= used or at < found.start() or keeps.search(piece, found.end(), at) \
                        or not link.fullmatch(piece[end:at2]):
                    continue
                used = i + 1
                pair = frozenset({first, second})
                owners = sorted(seat for seat, pairs in laid.items() if pair in pairs)
                ok = bool(owners) and (len(subject) != 1 or set(subject) <= set(owners))
                offset = part.start + at
                reading.claim(key, K.PLAYS, offset, covers=(
                    offset, part.start + at2, *claims.name_offsets(part, names, lang, subject)),
                    seats=tuple(owners) or tuple(subject), card=first, ok=ok)
                if not ok:
                    seats = sorted(subject) if len(subject) == 1 else sorted(laid)
                    first_pairs = ", ".join(f"{card_name(a)} {card_name(b)}" for seat in seats
                                            for a, b in replay.first_pairs.get(seat, ()))
                    ctx.report.error(
                        src.text_mark(key, offset), "narration-claim",
                        f"{lang}: the start says {card_name(first)} and {card_name(second)} "
                        "are laid down as a pair; in the replay "
                        + (f"'{seats[0]}' lays down {first_pairs or 'no pair'}"
                           if len(subject) == 1 else f"the first pairs are {first_pairs}"))


# A word of keeping cards, after which a start lists the hands left once the first pairs
# are down: "Nach dem ersten Ablegen hat Anna K♥, 9♠ und Q♦, Bruno J♠ …", "وتبقي 4♣ و 6♦".
_KEEPS = {
    "en": r"\b(?:has|have|holds|hold|keeps|keep|is left with|are left with)\b",
    "it": r"\b(?:ha|hanno|tiene|tengono|resta con|restano con|rimane con|rimangono con)\b",
    "de": r"\b(?:hat|haben|hält|halten|behält|behalten)\b",
    "ru": r"(?<!\w)(?:остаются|остаётся|остается|держит|оставляет)(?!\w)",
    "ro": r"\b(?:are|au|păstrează|rămâne cu|rămân cu)\b",
    "ar": r"(?<!\w)[وف]?(?:تبقي|يبقي|يبقى|تبقى|بقي|بقيت|يحتفظ|تحتفظ)(?!\w)",
}


def _kept(ctx: ReplayContext[PairsGame, PairsExampleSpec], src: Source, key: Key, words: str,
          lang: str, names: dict[str, str], hands: Mapping[str, Collection[Card]],
          reading: Reading) -> None:
    """The hands a start says are left after the first pairs: in a sentence with a word of
    keeping, each card after that word belongs to the player named last before it ("hat
    Anna K♥, 9♠ und Q♦, Bruno J♠", "وتبقي 4♣ و 6♦ و K♥؛ ويبقى مع فرانكو 4♥"), up to a word
    of playing or drawing; ``hands``: as the replay has them after the first pairs."""
    keeps = claims._pattern(_KEEPS[lang])
    acts = claims._pattern(f"{claims.PLAYS[lang]}|{claims.DRAWS[lang]}")
    for sentence in claims.sentences(words, names, lang):
        verb = keeps.search(sentence.text)
        if verb is None or claims.says(sentence, claims.HEDGED, lang):
            continue
        stop = acts.search(sentence.text, verb.end())
        end = stop.start() if stop else len(sentence.text)
        named = sorted((m.start(), seat) for seat in sentence.names
                       for m in claims._name_pattern(names[seat], lang).finditer(sentence.text))
        for m in find_card_mentions(sentence.text[:end], lang):
            if m.offset < verb.end():
                continue
            seat = next((s for at, s in reversed(named) if at < m.offset), None)
            if seat is None:
                continue
            at = sentence.start + m.offset
            ok = m.card in hands.get(seat, ())
            near = claims.name_near(words, seat, at, names, lang)
            reading.claim(key, K.OWNS, at, covers=(at, *(() if near is None else (near,))),
                          seats=(seat,), card=m.card, ok=ok)
            if not ok:
                owner = next((s for s, hand in hands.items() if m.card in hand), None)
                ctx.report.error(
                    src.text_mark(key, at), "narration-claim",
                    f"{lang}: the start says '{seat}' keeps {card_name(m.card)} after the first "
                    "pairs; in the replay " + (f"'{owner}' does" if owner else "nobody does"),
                    hint=f"name {names[owner]} as the one who keeps it" if owner else None)


def _pairs_said(ctx: ReplayContext[PairsGame, PairsExampleSpec], src: Source, key: Key,
                words: str, lang: str, names: dict[str, str], step: ReplayStep, number: int,
                reading: Reading) -> set[int]:
    """A clause that says two cards make a pair ("pairs it with her K♥", "يضعها مع K♣ التي
    معها"), in a move that lays one down, names cards of that pair: a card of the drawer's
    hand that stays there is a false claim. The offsets reported."""
    pair = set(step.pair or ())
    hand = {step.card, *step.before[step.drawer], *step.after[step.drawer]}
    reported: set[int] = set()
    if not pair:
        return reported
    for part in claims.sentence_clauses(words, names, lang):
        if claims.says(part, claims.HEDGED, lang):
            continue
        if claims.says(part, claims.PAIRS, lang):
            said = claims.cards(part, lang)
        elif claims.says(part, claims.PLAYS, lang):  # "lays it down with the 8♠"
            said = claims.played_with(part, lang)
        else:
            continue
        for card, at in said:
            if card not in hand:
                continue
            reading.claim(key, K.PLAYS, at, seats=(step.drawer,), card=card, ok=card in pair)
            if card not in pair and at not in reported:
                reported.add(at)
                ctx.report.error(
                    src.text_mark(key, at), "narration-claim",
                    f"{lang}: step {number} says {card_name(card)} makes the pair; in the "
                    f"replay '{step.drawer}' lays down "
                    f"{' '.join(card_name(c) for c in step.pair or ())}")
    return reported


def _owned(ctx: ReplayContext[PairsGame, PairsExampleSpec], src: Source, key: Key, words: str,
           lang: str, names: dict[str, str], step: ReplayStep, number: int,
           reading: Reading) -> None:
    """A card a step gives an owner ("pairs with Chloe's 10♠", "zu Carlas Q♥", "9♠ al
    Carlei", "Q♥ التي مع كارلا") is in that player's hand before or after the move (the
    card drawn is both players'); a card of another player's hand is a false claim, reported
    at the name. (A card nobody involved holds is a narration-card finding.)"""
    held = {seat: {*step.before[seat], *step.after[seat]} for seat in step.before}
    for seat in (step.drawer, step.source):
        held.setdefault(seat, set()).add(step.card)
    for part in claims.sentence_clauses(words, names, lang):
        if claims.says(part, claims.HEDGED, lang):
            continue
        for seat, card, at in roles.possessives(part, names, lang):
            owner = next((s for s in (step.drawer, step.source) if card in held.get(s, ())),
                         None)
            if owner is None:
                continue
            ok = card in held.get(seat, ())
            reading.claim(key, K.OWNS, at, covers=(at, *(a for c, a in claims.cards(part, lang)
                                                         if c == card)),
                          seats=(seat,), card=card, ok=ok)
            if not ok:
                ctx.report.error(src.text_mark(key, at), "narration-claim",
                                 f"{lang}: step {number} says {card_name(card)} is '{seat}''s; "
                                 f"in the replay '{owner}' holds it",
                                 hint=f"name {names[owner]} as the one who holds it")


def _draws(ctx: ReplayContext[PairsGame, PairsExampleSpec], src: Source, key: Key, words: str,
           lang: str, names: dict[str, str], step: ReplayStep, number: int,
           reading: Reading) -> None:
    """Who draws which card from whom, and which pair is laid down, as a step says (roles.acts
    finds the player of each clause): the drawer draws the step's card from the player the
    replay has, and a clause that says a player lays down (the language's word for playing)
    a card names one of the pair."""
    report = ctx.report
    pair = set(step.pair or ())
    # the cards the two hold (another is a narration-card finding, said once)
    held = {step.card} | {c for seat in (step.drawer, step.source)
                          for hand in (step.before[seat], step.after[seat]) for c in hand}
    said = _pairs_said(ctx, src, key, words, lang, names, step, number, reading)
    _owned(ctx, src, key, words, lang, names, step, number, reading)
    hands = {seat: {*step.before[seat], *step.after[seat]} for seat in step.before}
    for part, seat, verb in roles.acts(words, names, lang, dict(ctx.spec.genders), step.drawer,
                                       claims.TAKES_CARD, hands=hands):
        mentioned = [(c, at) for c, at in claims.cards(part, lang) if c in held]
        near = claims.name_near(words, seat, mentioned[0][1] if mentioned else part.start,
                                names, lang)
        covers = (*(a for _, a in mentioned), *(() if near is None else (near,)))
        if verb is claims.TAKES_CARD:
            if mentioned:
                reading.claim(key, K.DRAWS, mentioned[0][1], covers=covers, seats=(seat,),
                              card=step.card if any(c == step.card for c, _ in mentioned)
                              else mentioned[0][0],
                              ok=seat == step.drawer and any(c == step.card
                                                             for c, _ in mentioned))
            for source, at in roles.drawn_from(part, names, lang):
                reading.claim(key, K.DRAWN_FROM, at, seats=(source,), ok=source == step.source)
                if source != step.source:
                    report.error(src.text_mark(key, at), "narration-claim",
                                 f"{lang}: step {number} says the card is drawn from '{source}'; "
                                 f"in the replay '{step.drawer}' draws from '{step.source}'",
                                 hint=f"name {names[step.source]} as the one drawn from")
            if seat != step.drawer and any(c == step.card for c, _ in mentioned):
                at = claims.offset_of(part, seat, names, lang) if seat in part.names \
                    else mentioned[0][1]
                report.error(src.text_mark(key, at), "narration-claim",
                             f"{lang}: step {number} says '{seat}' draws {card_name(step.card)}; "
                             f"in the replay '{step.drawer}' does",
                             hint=f"name {names[step.drawer]} as the one who draws it")
            elif seat == step.drawer and mentioned \
                    and not any(c == step.card for c, _ in mentioned):
                card, at = mentioned[0]
                report.error(src.text_mark(key, at), "narration-claim",
                             f"{lang}: step {number} says '{seat}' draws {card_name(card)}; in "
                             f"the replay '{seat}' draws {card_name(step.card)}")
            continue
        if pair and seat == step.drawer and mentioned:
            reading.claim(key, K.PLAYS, mentioned[0][1], covers=covers, seats=(seat,),
                          card=next((c for c, _ in mentioned if c in pair), mentioned[0][0]),
                          ok=any(c in pair for c, _ in mentioned))
        if pair and seat == step.drawer and mentioned \
                and not any(c in pair for c, _ in mentioned) and mentioned[0][1] not in said:
            card, at = mentioned[0]
            report.error(src.text_mark(key, at), "narration-claim",
                         f"{lang}: step {number} says '{seat}' lays down {card_name(card)}; in "
                         f"the replay '{seat}' lays down "
                         f"{' '.join(card_name(c) for c in step.pair or ())}")
