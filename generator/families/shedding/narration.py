"""The narration of a shedding example in each language: one text per move, naming only the
players and the cards involved in it (the mover and the players it skips; the cards played,
drawn or held by the mover, and the pile's top card before the move)."""

from __future__ import annotations

from ...core.cardwords import find_card_mentions
from .. import claims
from ..shared import ReplayContext, narrations
from .engine import ShedGame
from .record import Replay
from .schema import ShedExampleSpec


def check_narration(ctx: ReplayContext[ShedGame, ShedExampleSpec], replay: Replay) -> None:
    report = ctx.report
    for lang, src, base, steps, narration in narrations(ctx, steps=len(ctx.spec.moves),
                                                        unit="move"):
        names = {s: narration.seats.get(s, s) for s in replay.seats}
        top = replay.start_top
        for i, (step, words) in enumerate(zip(replay.steps, steps)):
            nxt = replay.steps[i + 1].seat if i + 1 < len(replay.steps) else None
            involved_seats = {step.seat, *step.skipped} | ({nxt} if nxt else set())
            for sentence in claims.sentences(words, names, lang):
                for seat in sorted(sentence.names - involved_seats):
                    report.error(
                        src.text_mark(base + ("steps", i),
                                      claims.offset_of(sentence, seat, names, lang)),
                        "narration-claim", f"{lang}: step {i + 1} names '{seat}', who takes no "
                        f"part in move {i + 1} ('{step.seat}' moves)",
                        hint="a step names the player who moves, those it skips and the next")
            involved = set(step.cards) | set(step.penalty) | set(step.before[step.seat]) \
                | {step.top} | ({top} if top is not None else set())
            for m in find_card_mentions(words, lang):
                if m.card not in involved:
                    report.error(src.text_mark(base + ("steps", i), m.offset), "narration-card",
                                 f"{lang}: step {i + 1} mentions {m.label}, which is neither "
                                 f"on the pile nor in '{step.seat}''s hand")
            top = step.top
        dealt = {c for h in replay.dealt.values() for c in h}
        for part, text, allowed in (
                ("intro", narration.intro, set(ctx.game.deck.cards)),
                ("start", narration.start, dealt | {c for c in (replay.turned, replay.start_top)
                                                    if c is not None})):
            for m in find_card_mentions(text or "", lang):
                if m.card not in allowed:
                    report.error(src.text_mark(base + (part,), m.offset), "narration-card",
                                 f"{lang}: the {part} mentions {m.label}, which is not in play "
                                 "at the start")
