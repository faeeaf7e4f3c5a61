"""The game page: its sections in the seeds' order, the example rounds rendered from the replay."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from markupsafe import Markup, escape

from . import markup
from .html import SECTION_TITLES, GameFacts, _np_, json_ld
from .site import Kind, Page, relative

if TYPE_CHECKING:
    from .html import Renderer
    from .replay import Replay


def game_context(r: Renderer, page: Page, lang: str) -> dict[str, Any]:
    bundle = r.site.games[page.game or ""]
    reserved = {"main", "toc-title", *SECTION_TITLES, *(f"{k}-h" for k in SECTION_TITLES),
                *(f"example-{name}" for name in bundle.examples),
                *(f"variant-{name}" for name in bundle.rules.spec.variants)}
    with markup.page_ids(reserved):
        return _game_context(r, page, lang, bundle)


def _game_context(r: Renderer, page: Page, lang: str, bundle: Any) -> dict[str, Any]:
    msgs = r.messages(lang)
    facts = GameFacts(bundle, lang, msgs)
    text = facts.text
    md = lambda s: Markup(markup.render(facts.fill(s)))  # noqa: E731
    inline = lambda s: Markup(markup.render_inline(facts.fill(s)))  # noqa: E731

    blocks: dict[str, Markup] = {}
    for key in ("objective", "cards", "setup", "gameplay"):
        if getattr(text.sections, key):
            blocks[key] = md(getattr(text.sections, key))
    examples = [_example(r, lang, facts, name) for name in bundle.examples
                if name in text.examples and (bundle.rules.id, name) in r.replays]
    if examples:
        blocks["examples"] = Markup("\n").join(examples)
    for key in ("scoring", "special"):
        if getattr(text.sections, key):
            blocks[key] = md(getattr(text.sections, key))
    if text.variants or text.sections.variants:
        items = Markup("").join(
            Markup('<li id="variant-{}"><strong>{}.</strong> {}</li>\n').format(
                name, inline(v.name), inline(v.text)) for name, v in text.variants.items())
        intro = md(text.sections.variants) if text.sections.variants else Markup("")
        blocks["variants"] = intro + (Markup('<ul class="variants">\n{}</ul>').format(items)
                                      if items else Markup(""))
    if text.sections.tips:
        blocks["tips"] = md(text.sections.tips)
    if text.steps:
        blocks["steps"] = Markup('<ol class="rule-steps">{}</ol>').format(
            Markup("").join(Markup("<li>{}</li>").format(inline(s)) for s in text.steps))
    if text.faq:
        blocks["faq"] = Markup('<dl class="faq">{}</dl>').format(Markup("").join(
            Markup('<div class="qa"><dt>{}</dt><dd>{}</dd></div>').format(inline(e.q), md(e.a))
            for e in text.faq))
    if text.sections.history:
        blocks["history"] = md(text.sections.history)

    sections = []
    for key, html in blocks.items():
        title = msgs.gettext(SECTION_TITLES[key])
        if key == "examples" and len(examples) > 1:
            title = msgs.gettext("Example rounds")
        if key == "steps":
            title = msgs.ngettext("The rules in %(num)s step", "The rules in %(num)s steps",
                                  len(text.steps)) % {"num": len(text.steps)}
        sections.append({"key": key, "id": key, "title": title, "html": html})

    quickref = r.site.find(Kind.QUICKREF, lang=lang, game=bundle.rules.id)
    index = r.site.find(Kind.INDEX, lang=lang)
    assert quickref is not None and index is not None
    faq_ld = {"@context": "https://schema.org", "@type": "FAQPage", "inLanguage": lang,
              "mainEntity": [{"@type": "Question", "name": markup.plain(facts.fill(e.q)),
                              "acceptedAnswer": {"@type": "Answer",
                                                 "text": markup.plain(facts.fill(e.a))}}
                             for e in text.faq]}
    return {
        "title": facts.title, "description": markup.plain(facts.fill(text.description)),
        "description_html": inline(text.description), "sections": sections,
        "players": facts.players, "duration": facts.duration, "difficulty": facts.difficulty,
        "deck": facts.deck, "removed": facts.removed if bundle.rules.engine.removed else None,
        "odd_card": facts.odd_card, "quickref_href": relative(page, quickref.path),
        "index_href": relative(page, index.path), "faq_json_ld": json_ld(faq_ld),
        "pdfs": r.pdf_links(page, bundle.rules.id, lang),
    }


def _example(r: Renderer, lang: str, facts: GameFacts, name: str) -> Markup:
    """One example round, rendered from what the replay proved, with this language's narration."""
    family = facts.bundle.rules.spec.family
    replay = r.replays[(facts.bundle.rules.id, name)]
    text = facts.text.examples[name]
    ex = EXAMPLE_CONTEXT[family](r, lang, facts, name, replay, text)
    template = r.env(lang).get_template(f"partials/example_{family}.html.j2")
    return Markup(template.render(ex=ex))


class _Helpers:
    """What every example renderer needs: markdown, seat names, cards as cards."""

    def __init__(self, facts: GameFacts, text: Any) -> None:
        self.facts, self.text = facts, text

    def md(self, s: str | None) -> Markup:
        return Markup(markup.render(self.facts.fill(s))) if s else Markup("")

    def seat(self, name: str) -> str:
        return self.text.seats.get(name, name)

    def strong(self, name: str) -> Markup:
        return Markup("<strong>{}</strong>").format(self.seat(name))

    @staticmethod
    def cards(cs: Any) -> Markup:
        return Markup(markup.cards_html(cs))


def _pairs_example(r: Renderer, lang: str, facts: GameFacts, name: str, replay: Replay,
                   text: Any) -> dict[str, Any]:
    msgs = r.messages(lang)
    h = _Helpers(facts, text)
    seat, cards, md = h.seat, h.cards, h.md
    ex: dict[str, Any] = {
        "id": f"example-{name}", "title": facts.fill(text.title), "intro_html": md(text.intro),
        "start_html": md(text.start), "result_html": md(text.result),
        "seats": [{"name": seat(s), "dealer": s == replay.dealer} for s in replay.seats],
        "counts": None, "has_kept": False, "deal": None, "start": None, "steps": [],
        "result_line": None,
    }
    if replay.deal_counts:
        kept = replay.kept_counts or {}
        ex["has_kept"] = bool(kept)
        ex["counts"] = [{"name": seat(s), "dealt": replay.deal_counts.get(s, ""), "kept": kept.get(s, "")}
                        for s in _dealing_order(replay)]
    if replay.dealt and replay.start:
        ex["deal"] = [{"name": seat(s), "dealt": cards(replay.dealt[s]), "kept": cards(replay.start[s])}
                      for s in replay.seats]
    elif replay.start:
        ex["start"] = [{"name": seat(s), "cards": cards(replay.start[s])} for s in replay.seats]
    for i, step in enumerate(replay.steps):
        move = escape(msgs.gettext("%(drawer)s draws %(card)s from %(source)s.")) % {
            "drawer": h.strong(step.drawer), "card": cards([step.card]), "source": h.strong(step.source)}
        out_names = [seat(s) for s in step.out]
        out = (msgs.ngettext("%(names)s is out.", "%(names)s are out.", len(out_names))
               % {"names": facts.names(out_names)}) if out_names else ""
        ex["steps"].append({
            "move": move, "pair": cards(step.pair) if step.pair else None, "out": out,
            "narration": md(text.steps[i]) if i < len(text.steps) else None,
            "hands": [{"name": seat(s), "cards": cards(step.after[s]), "out": not step.after[s]}
                      for s in replay.seats],
        })
    if replay.complete and replay.steps:
        holder = next((s for s in replay.seats if replay.steps[-1].after[s]), None)
        if holder is not None and holder in replay.winners:  # the Reversed variant
            ex["result_line"] = escape(msgs.gettext("%(name)s is left with %(card)s and wins.")) % {
                "name": h.strong(holder), "card": cards(replay.steps[-1].after[holder])}
        elif holder is not None:
            ex["result_line"] = escape(msgs.gettext("%(name)s is left with %(card)s and loses. "
                                                    "Winners: %(winners)s.")) % {
                "name": h.strong(holder), "card": cards(replay.steps[-1].after[holder]),
                "winners": escape(facts.names([seat(w) for w in replay.winners]))}
    return ex


PASS_LABELS = {
    "left": _np_("Each player passes %(num)s card to the left.",
                 "Each player passes %(num)s cards to the left."),
    "right": _np_("Each player passes %(num)s card to the right.",
                  "Each player passes %(num)s cards to the right."),
    "across": _np_("Each player passes %(num)s card across the table.",
                   "Each player passes %(num)s cards across the table."),
}


def _pass_line(msgs: Any, pass_to: Any, count: int) -> str:
    if pass_to is None:
        return ""
    if pass_to.value == "none":
        return msgs.gettext("No cards are passed in this hand.")
    singular, plural = PASS_LABELS[pass_to.value]
    return msgs.ngettext(singular, plural, count) % {"num": count}


def _tricks_example(r: Renderer, lang: str, facts: GameFacts, name: str, replay: Any,
                    text: Any) -> dict[str, Any]:
    msgs = r.messages(lang)
    h = _Helpers(facts, text)
    seat, cards, md = h.seat, h.cards, h.md
    seats = list(replay.seats)
    ex: dict[str, Any] = {
        "id": f"example-{name}", "title": facts.fill(text.title), "intro_html": md(text.intro),
        "start_html": md(text.start), "result_html": md(text.result),
        "seats": [{"name": seat(s), "dealer": s == replay.dealer} for s in seats],
        "hand_line": msgs.gettext("Hand %(num)s") % {"num": replay.hand} if replay.dealt else "",
        "pass_line": _pass_line(msgs, replay.pass_to,
                                facts.bundle.rules.engine_for(replay.variant).options.passing.count),
        "deal": None, "start": None, "tricks": [], "totals": None, "sheet": None, "verdict": [],
    }
    if replay.dealt:
        start = replay.start or {}
        ex["deal"] = [{"name": seat(s), "dealt": cards(replay.dealt[s]),
                       "passed": cards(replay.passes.get(s, ())), "start": cards(start.get(s, ()))}
                      for s in seats]
    elif replay.start:
        ex["start"] = [{"name": seat(s), "cards": cards(replay.start[s]),
                        "taken": len(replay.taken_before.get(s, ()))} for s in seats]
    for i, trick in enumerate(replay.tricks):
        ex["tricks"].append({
            "number": trick.number, "leader": seat(trick.leader),
            "plays": [{"name": seat(who), "card": cards([card]), "wins": who == trick.winner}
                      for who, card in trick.cards],
            "winner": escape(msgs.gettext("%(name)s takes the trick.")) % {"name": h.strong(trick.winner)},
            "points": trick.points, "broken": trick.broken and (i == 0 or not replay.tricks[i - 1].broken),
            "narration": md(text.steps[i]) if i < len(text.steps) else None,
        })
    if replay.scores:
        ex["totals"] = [{"name": seat(s), "tricks": replay.tricks_won.get(s, ""),
                         "points": replay.points.get(s, ""), "score": replay.scores.get(s, "")}
                        for s in seats]
        ex["slam"] = (escape(msgs.gettext("%(name)s took everything.")) % {"name": h.strong(replay.slam)}
                      if replay.slam else "")
    if replay.sheet:
        ex["sheet"] = {"names": [seat(s) for s in seats],
                       "rows": [{"hand": row.hand, "scores": [row.scores.get(s, "") for s in seats],
                                 "totals": [row.totals.get(s, "") for s in seats],
                                 "narration": md(text.steps[i]) if i < len(text.steps) else None}
                                for i, row in enumerate(replay.sheet)]}
    if replay.losers:
        ex["verdict"].append(msgs.gettext("Losers: %(names)s.") % {
            "names": facts.names([seat(s) for s in replay.losers])})
    if replay.winners:
        ex["verdict"].append(msgs.gettext("Winners: %(names)s.") % {
            "names": facts.names([seat(s) for s in replay.winners])})
    return ex


EXAMPLE_CONTEXT: dict[str, Callable[..., dict[str, Any]]] = {
    "pairs": _pairs_example, "tricks": _tricks_example}


def _dealing_order(replay: Replay) -> list[str]:
    """Seats in the order they receive cards: from the dealer's left, the dealer last."""
    seats = list(replay.seats)
    d = seats.index(replay.dealer)
    return seats[d + 1:] + seats[: d + 1]
