"""The narration of a trick-taking example in each language: one text per trick (or per
hand of a score sheet), naming only cards still in play at that step."""

from __future__ import annotations

from ...cards import Card, card_name, find_prose_cards
from ...diagnostics import Report
from ...source import Key, Source
from ..shared import narrations
from .record import Replay
from .start import Context


def check_narration(ctx: Context, replay: Replay) -> None:
    """Each language's narration: one text per step (a trick, or a hand of a score sheet),
    naming only cards that are still in play at that step."""
    spec, game, report = ctx.spec, ctx.game, ctx.report
    sheet = spec.sheet is not None
    steps = len(spec.sheet or []) if sheet else len(spec.tricks)
    unit = "hand" if sheet else "trick"
    in_play = set(game.cards)
    for lang, src, base, texts, narration in narrations(ctx, steps=steps, unit=unit):
        for i, words in enumerate(texts):
            if sheet or i >= len(replay.tricks):
                allowed, why = in_play, "is not in play in this game"
            else:
                trick = replay.tricks[i]
                allowed = {c for h in trick.hands_before.values() for c in h}
                why = f"nobody holds any more at trick {trick.number}"
            _check_cards(src, base + ("steps", i), words, allowed, in_play, report,
                         f"{lang}: step {i + 1}", why)
        for part, text in (("intro", narration.intro), ("start", narration.start),
                           ("result", narration.result)):
            if text:
                _check_cards(src, base + (part,), text, in_play, in_play, report,
                             f"{lang}: the {part}", "is not in play in this game")


def _check_cards(src: Source, key: Key, words: str, allowed: set[Card], in_play: set[Card],
                 report: Report, where: str, why: str) -> None:
    for offset, card in find_prose_cards(words):
        if card not in allowed:
            reason = why if card in in_play else "is not in play in this game"
            report.error(src.text_mark(key, offset), "narration-card",
                         f"{where} mentions {card_name(card)}, which {reason}")
