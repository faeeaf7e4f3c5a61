"""The narration of a pairing example in each language: one text per move, naming only the
cards of the players involved in it."""

from __future__ import annotations

from ...core.cardwords import find_card_mentions
from ..shared import ReplayContext, narrations
from .engine import PairsGame
from .record import Replay
from .schema import PairsExampleSpec


def check_narration(ctx: ReplayContext[PairsGame, PairsExampleSpec], replay: Replay) -> None:
    """Each language's narration: one text per move, naming only cards involved in it."""
    report = ctx.report
    moves = len(ctx.spec.moves)
    for lang, src, base, steps, narration in narrations(ctx, steps=moves, unit="move"):
        for i, (step, words) in enumerate(zip(replay.steps, steps)):
            involved = {step.card} | set(step.before[step.drawer]) | set(step.after[step.drawer]) \
                | set(step.before[step.source]) | set(step.after[step.source])
            for m in find_card_mentions(words, lang):
                if m.card not in involved:
                    report.error(src.text_mark(base + ("steps", i), m.offset), "narration-card",
                                 f"{lang}: step {i + 1} mentions {m.label}, which neither "
                                 f"'{step.drawer}' nor '{step.source}' holds or draws")
        if narration.start and replay.start is not None:
            held = {c for h in replay.start.values() for c in h}
            laid = {c for ps in replay.first_pairs.values() for p in ps for c in p}
            laid |= {c for alone in replay.laid_alone.values() for c in alone}
            for m in find_card_mentions(narration.start, lang):
                if m.card not in held | laid:
                    report.error(src.text_mark(base + ("start",), m.offset), "narration-card",
                                 f"{lang}: the start mentions {m.label}, which nobody "
                                 "holds or lays down at the start")
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
                if m.card not in allowed:
                    report.error(src.text_mark(base + (part,), m.offset), "narration-card",
                                 f"{lang}: the {part} mentions {m.label}, which {why}")
