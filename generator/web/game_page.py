"""The game page: its sections in the seeds' order, the example rounds rendered from the replay
by each game's family."""

from __future__ import annotations

import dataclasses
from typing import Callable, TypedDict

from babel import Locale
from babel.core import UnknownLocaleError
from markupsafe import Markup

from ..core import markup
from ..core.cards import JOKER, RED_JOKER, Deck, Rank, Suit, get_deck
from ..core.cardwords import rank_letter, rank_word, spoken_name, suit_word
from ..core.languages import language
from ..families import family_of, get_family
from ..families.view import ExampleView
from ..i18n.staleness import outdated_parts
from ..model.game import GameBundle
from ..model.schema import FALLBACK_SECTIONS, Sections
from ..runtime import deps
from . import glossary
from .facts import SECTION_TITLES, GameFacts
from .numbers import Summary, numbers_summary
from .page_renderer import PageRenderer, PdfLink
from .play_guide import first_playable
from .site import Kind, Page, omitted_pages, relative


class Section(TypedDict):
    key: str
    id: str
    title: str
    html: Markup
    source_href: str | None  # its text is outdated here: the section in the source language
    untranslated: bool  # this language lacks it: the source language's text is shown
    # on paper: the booklet prints one example round and leads to the others on the page
    print_title: str
    print_html: Markup
    more: int  # the example rounds the booklet leaves to the page


class KeyRank(TypedDict):
    letter: str
    word: str


class KeySuit(TypedDict):
    glyph: str
    word: str
    colour: str


class CardKey(TypedDict):
    """What the letters and suits on the page's cards stand for."""

    ranks: list[KeyRank]
    suits: list[KeySuit]
    joker: str | None
    red_joker: str | None


class GameContext(TypedDict):
    title: str
    description: str
    description_html: Markup
    sections: list[Section]
    players: str
    duration: str
    difficulty: str
    deck: str
    removed: Markup | None
    odd_card: Markup | None
    quickref_href: str
    play_href: str | None  # None: the game has no play page (a rule outside the model)
    index_href: str
    faq_json_ld: Markup
    pdfs: list[PdfLink]
    intro_source_href: str | None  # the title or description is outdated: the source page
    source_language: str  # code, and name in the page's language, for the notices' links
    source_language_name: str
    numbers: Summary | None  # a few lines of the numbers page
    numbers_href: str | None
    card_key: CardKey
    outside_model: list[str]  # what rules outside the model make unreliable: scores, play, ...
    claims_checked: int  # claims of the examples' narration in this language, read and checked
    claims_unread: int  # its sentences with a card, a name or a number that were not read


def game_context(r: PageRenderer, page: Page, lang: str) -> GameContext:
    bundle = r.site.games[page.game or ""]
    terms = _glossary_terms(bundle)
    reserved = {"main", "toc-title", "toc-list", "related-title", "card-key-title", *SECTION_TITLES,
                *(t.id for t in terms), *glossary.tip_ids(terms),
                *(f"{k}-h" for k in SECTION_TITLES),
                *(f"example-{name}" for name in bundle.examples),
                # each step's own address (#example-<name>-<n>); the checked narration has
                # one text per step
                *(f"example-{name}-{n}" for name in bundle.examples
                  for n in range(1, len(_steps(bundle, name)) + 1)),
                *(f"variant-{name}" for name in bundle.rules.spec.variants),
                *(f"reading-{rd.id}" for rd in bundle.rules.spec.readings),
                "numbers", "numbers-h"}
    with markup.page_ids(reserved):
        return _game_context(r, page, lang, bundle)


def _glossary_terms(bundle: GameBundle) -> list[glossary.Term]:
    """Every language's glossary terms: the addresses of any of them are kept from the prose."""
    out: list[glossary.Term] = []
    for lang, text in bundle.languages.items():
        if text.spec.sections.glossary:
            out += glossary.parse(text.spec.sections.glossary, lang) or []
    return out


# The order of a first reading: what the game is and the rules in short, the rules in the order
# of play, the examples that use them, then variants, tips and questions, and the reference
# parts last. (The booklet has an order of its own: templates/print/booklet.html.j2.)
# Tips longer than this (characters of text: about two screens of a phone) are a strategy
# section, folded on the page as the history is; paper has them whole
LONG_TIPS = 1_200
PAGE_ORDER = ("objective", "steps", "cards", "setup", "gameplay", "scoring", "special", "examples",
              "variants", "tips", "faq", "glossary", "history", "about")
# The sections whose first use of a glossary term links to its definition, in reading order.
RULES = ("objective", "steps", "cards", "setup", "gameplay", "scoring", "special")


def _steps(bundle: GameBundle, name: str) -> list[str]:
    """The step texts of an example in the source language (any language: they are checked
    to have one text per step)."""
    for text in bundle.languages.values():
        example = text.spec.examples.get(name)
        if example is not None:
            return list(example.steps)
    return []


def _game_context(r: PageRenderer, page: Page, lang: str, bundle: GameBundle) -> GameContext:
    msgs = r.messages(lang)
    facts = GameFacts(bundle, lang, msgs)
    text = facts.text

    def md(s: str) -> Markup:
        return Markup(markup.render(facts.fill(s)))

    def inline(s: str) -> Markup:
        return Markup(markup.render_inline(facts.fill(s)))

    stale = stale_links(r, page, bundle, Kind.GAME)
    lists = r.env(lang).get_template("partials/game_lists.html.j2").module
    sec, untranslated = game_sections(r, lang, bundle)
    blocks: dict[str, Markup] = {}
    printed: dict[str, Markup] = {}  # where paper has a form of its own
    for key, words in (("objective", sec.objective), ("cards", sec.cards), ("setup", sec.setup),
                       ("gameplay", sec.gameplay)):
        if words:
            blocks[key] = md(words)
    if "cards" in blocks:
        blocks["cards"] += _deal_table(r, lang, facts)
    shown = [name for name, example in bundle.examples.items()  # never a draft
             if not example.spec.draft and name in text.examples
             and (bundle.rules.id, name) in r.replays]
    play_page = r.site.find(Kind.PLAY, lang=lang, game=bundle.rules.id)
    guided = first_playable(r, bundle, lang) if play_page is not None else None
    play_href = (f"{relative(page, play_page.path)}?example={guided.example}"
                 if play_page is not None and guided is not None else "")
    examples = [_example(r, lang, facts, name,
                         play_href if guided is not None and name == guided.example else "")
                for name in shown]
    if examples:
        # The first round is open; the others open from their titles, so that a phone reader
        # meets the rules after it and not five screens of further rounds (on paper: one round).
        folded = lists.example_more  # type: ignore[attr-defined]
        blocks["examples"] = Markup("\n").join(
            [examples[0], *(Markup(folded(name, inline(text.examples[name].title), html))
                            for name, html in zip(shown[1:], examples[1:]))])
    for key, words in (("scoring", sec.scoring), ("special", sec.special)):
        if words:
            blocks[key] = md(words)
    if text.variants or text.sections.variants:
        intro = md(text.sections.variants) if text.sections.variants else ""
        items = [{"id": name, "name": inline(v.name), "text": inline(v.text)}
                 for name, v in text.variants.items()]
        blocks["variants"] = Markup(lists.variants_open(intro, items))  # type: ignore[attr-defined]
        printed["variants"] = Markup(lists.variants(intro, items))  # type: ignore[attr-defined]
    if sec.tips:
        printed["tips"] = md(sec.tips)
        long = len(markup.plain(sec.tips)) > LONG_TIPS
        folded = Markup(lists.tips_more(printed["tips"])) if long else None  # type: ignore[attr-defined]
        blocks["tips"] = folded or printed["tips"]
    if text.steps:
        blocks["steps"] = Markup(lists.steps([inline(s) for s in text.steps]))  # type: ignore[attr-defined]
    if text.faq:
        faq = [{"q": inline(e.q), "a": md(e.a)} for e in text.faq]
        blocks["faq"] = Markup(lists.faq_open(faq))  # type: ignore[attr-defined]
        printed["faq"] = Markup(lists.faq(faq))  # type: ignore[attr-defined]
    terms = glossary.parse(sec.glossary, lang) if sec.glossary else None
    if sec.glossary:
        printed["glossary"] = md(sec.glossary)
        blocks["glossary"] = printed["glossary"] if terms is None else Markup(
            lists.glossary([{"id": t.id, "name": t.name,  # type: ignore[attr-defined]
                             "definition": inline(t.definition)} for t in terms]))
    if sec.history:
        blocks["history"] = md(sec.history)
    about = _about(r, lang, facts, inline)
    if about:
        blocks["about"], printed["about"] = about

    if terms:
        # the tooltips' definitions filled as the glossary's own are ({book.tricks} is "6")
        marker = glossary.Marker([dataclasses.replace(t, definition=facts.fill(t.definition))
                                  for t in terms], lang)
        for key in RULES:
            if key in blocks:
                printed.setdefault(key, blocks[key])
                blocks[key] = marker.mark(blocks[key])

    for key in untranslated:  # the source language's text, marked as such for readers and ears
        blocks[key] = Markup('<div class="untranslated" lang="{}" dir="{}">{}</div>').format(
            r.source_language, language(r.source_language).direction, blocks[key])
        printed[key] = printed.get(key, blocks[key])

    sections: list[Section] = []
    for key in (k for k in PAGE_ORDER if k in blocks):
        html = blocks[key]
        title = msgs.gettext(SECTION_TITLES[key])
        if key == "examples" and len(examples) > 1:
            title = msgs.gettext("Example rounds")
        if key == "steps":
            title = msgs.ngettext("The rules in %(num)s step", "The rules in %(num)s steps",
                                  len(text.steps)) % {"num": len(text.steps)}
        one = key == "examples" and len(examples) > 1
        sections.append({"key": key, "id": key, "title": title, "html": html,
                         "source_href": stale.get(key), "untranslated": key in untranslated,
                         "print_title": msgs.gettext(SECTION_TITLES[key]) if one else title,
                         "print_html": examples[0] if one else printed.get(key, html),
                         "more": len(examples) - 1 if one else 0})

    quickref = r.site.find(Kind.QUICKREF, lang=lang, game=bundle.rules.id)
    numbers = r.site.find(Kind.NUMBERS, lang=lang, game=bundle.rules.id)
    play = r.site.find(Kind.PLAY, lang=lang, game=bundle.rules.id)
    index = r.site.find(Kind.INDEX, lang=lang)
    assert quickref is not None and index is not None  # numbers and play: a game may have none
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
        "index_href": relative(page, index.path), "faq_json_ld": r.json_ld(faq_ld),
        "pdfs": r.pdf_links(page, bundle.rules.id, lang),
        "intro_source_href": stale.get("intro"), "source_language": r.source_language,
        "source_language_name": language_name(r.source_language, lang),
        "numbers": numbers_summary(r.game_numbers(bundle), lang=lang, msgs=msgs,
                                   rtl=language(lang).direction == "rtl",
                                   variant_name=lambda name: variant_name(facts, name, inline))
        if numbers is not None else None,
        "numbers_href": relative(page, numbers.path) if numbers is not None else None,
        "play_href": relative(page, play.path) if play is not None else None,
        "card_key": card_key(get_deck(bundle.rules.spec.deck)),
        "outside_model": sorted({a for rule in bundle.rules.spec.outside_model
                                 for a in rule.affects}),
        "claims_checked": bundle.claims_checked.get(lang, 0),
        "claims_unread": bundle.claims_unread.get(lang, 0),
    }


def card_key(deck: Deck) -> CardKey:
    """The court cards and the ace of ``deck`` (the ranks written as letters), its suits and
    its joker, in the words of the page's card style."""
    style = markup.current_card_style()
    ranks = [r for r in (Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE)
             if any(c.rank is r for c in deck.cards)]
    return {
        "ranks": [{"letter": rank_letter(r, style.lang, local=style.local_letters),
                   "word": rank_word(r, style.lang, italian=style.italian)} for r in ranks],
        "suits": [{"glyph": s.value, "word": suit_word(s, style.lang, italian=style.italian),
                   "colour": "card-red" if s.colour == "red" else "card-black"}
                  for s in Suit],
        "joker": spoken_name(JOKER, style.lang, two_jokers=style.two_jokers)
        if JOKER in deck.cards else None,
        "red_joker": spoken_name(RED_JOKER, style.lang) if RED_JOKER in deck.cards else None,
    }


def game_sections(r: PageRenderer, lang: str, bundle: GameBundle) -> tuple[Sections, set[str]]:
    """The page's sections: each the language lacks and the source language has is the
    source's (`rulebook check` warns of it: missing-section-text), named in the set."""
    own = bundle.languages[lang].spec.sections
    source = bundle.languages.get(r.source_language)
    if lang == r.source_language or source is None:
        return own, set()
    missing = {key for key in FALLBACK_SECTIONS
               if not getattr(own, key) and getattr(source.spec.sections, key)}
    if not missing:
        return own, set()
    deps.game(bundle.rules.id, r.source_language)  # the page now shows some of its prose
    return own.model_copy(update={key: getattr(source.spec.sections, key) for key in missing}), \
        missing


def stale_links(r: PageRenderer, page: Page, bundle: GameBundle, kind: Kind) -> dict[str, str]:
    """For each part of the page whose text is outdated in the page's language (a section's
    id, ``intro``, ``quickref``: see staleness.page_part), a link to that part of the same page
    in the source language. The facts are never stale: they come from game.yaml."""
    deps.uses(f"outdated:{bundle.rules.id}:{page.lang}")  # also decided by the source's text
    parts = outdated_parts(bundle, page.lang or "", r.source_language)
    target = r.site.find(kind, lang=r.source_language, game=bundle.rules.id) if parts else None
    if target is None:
        return {}
    href = relative(page, target.path)
    return {part: href if part in ("intro", "quickref") else f"{href}#{part}" for part in parts}


def language_name(code: str, lang: str) -> str:
    """``code``'s name in ``lang`` (CLDR, through Babel): "inglese" for en on an it page."""
    name: str = Locale.parse(lang).languages.get(code, code)
    return name


def variant_name(facts: GameFacts, name: str, inline: Callable[[str], Markup]) -> Markup:
    variant = facts.text.variants.get(name)
    return inline(variant.name) if variant else Markup("{}").format(name)


class DealRow(TypedDict):
    players: int
    cards: str
    note: str


def _deal_table(r: PageRenderer, lang: str, facts: GameFacts) -> Markup:
    """Cards per player for each number of players, from the model: every player count of a
    game dealt out in full, or the player count of the game and of each variant with its own."""
    rules = facts.bundle.rules
    family = get_family(rules.spec.family)
    players = rules.spec.players
    rows: list[DealRow] = []
    for name, game in [("", rules.engine), *rules.variants.items()]:
        fixed = family.players(game)
        for count in [fixed] if fixed else range(max(players.min, 2), players.max + 1):
            sizes = family.hand_sizes(game, count)
            if sizes is None or any(row["players"] == count for row in rows):
                continue
            low, high = sizes
            variant = facts.text.variants.get(name) if name else None
            rows.append({"players": count, "cards": str(low) if low == high else f"{low}–{high}",
                         "note": facts.fill(variant.name) if variant else ""})
    if not rows:
        return Markup("")
    template = r.env(lang).get_template("partials/deal_table.html.j2")
    return Markup(template.render(rows=rows))


def _about(r: PageRenderer, lang: str, facts: GameFacts,
           inline: Callable[[str], Markup]) -> tuple[Markup, Markup] | None:
    """"About these rules": the sources the facts come from, and each reading the page makes
    where they disagree or are silent, with the other reading and why this one. On the page, a
    short paragraph with the rest folded; on paper, all of it (a colophon in small type)."""
    spec, text = facts.bundle.rules.spec, facts.text
    if not spec.sources and not spec.readings and not spec.outside_model:
        return None
    names = Locale.parse(lang).languages
    sources = [{"id": s.id, "name": s.name, "lang": s.language, "url": s.url,
                "language": names.get(s.language, s.language), "dir": _direction(s.language)}
               for s in spec.sources]
    readings = [{"id": rd.id, "rule": inline(text.readings[rd.id].rule),
                 "alternative": inline(text.readings[rd.id].alternative),
                 "why": inline(text.readings[rd.id].why),
                 "sources": [s for s in sources if s["id"] in rd.sources]}
                for rd in spec.readings if rd.id in text.readings]
    outside = [{"id": rule.id, "text": inline(text.outside_model[rule.id]),
                "affects": list(rule.affects)}
               for rule in spec.outside_model if rule.id in text.outside_model]
    # what they leave out: what the rules name, and a numbers page left out because its
    # figures come from scores outside the model
    left_out = sorted({str(a) for rule in spec.outside_model for a in rule.affects}
                      | set(omitted_pages(spec.outside_model, figures_from_scores=family_of(
                          facts.bundle).figures_from_scores)))
    template = r.env(lang).get_template("partials/about.html.j2")
    claims = facts.bundle.claims_checked.get(lang, 0)
    return (Markup(template.render(sources=sources, readings=readings, outside=outside,
                                   left_out=left_out, folded=True, claims_checked=claims)),
            Markup(template.render(sources=sources, readings=readings, outside=outside,
                                   left_out=left_out, folded=False, claims_checked=claims)))


def _direction(code: str) -> str:
    """A source's title's direction by its language: 'auto' leaves it to the browser, but
    WeasyPrint (the PDFs) reads 'auto' as the page's, and in an Arabic booklet a Latin
    title's closing quote went to its far side (“Wikipedia, „Schwarzer Peter)."""
    try:
        return language(code).direction
    except (ValueError, UnknownLocaleError):  # a language Babel does not know
        return "auto"


def _example(r: PageRenderer, lang: str, facts: GameFacts, name: str, play_href: str) -> Markup:
    """One example round, rendered from what the replay proved, with this language's narration;
    ``play_href``: the play page's guide to it, where the reader may play it ("" if not)."""
    family = get_family(facts.bundle.rules.spec.family)
    replay = r.replays[(facts.bundle.rules.id, name)]
    view = ExampleView(name, facts.bundle, lang, facts.text.examples[name], r.messages(lang))
    ex = family.example_context(replay, view)
    template = r.env(lang).get_template(family.example_partial)
    return Markup(template.render(ex=ex, play_href=play_href))
