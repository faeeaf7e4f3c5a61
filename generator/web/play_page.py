"""The play page: one seat of a game against computer players, in the browser.

The page is a shell; templates/static/play/play.js plays in it with the engine of
templates/static/play/engine.js and the game's family (templates/static/play/families/).
Python gives the script everything it cannot know by itself, as one JSON document: the
game's options for every variant and player count (play_options, the same JSON the
differential test holds both engines to), how the page's language writes and names each
card, the players' names and the page's words from the catalog (docs/play.md).
"""

from __future__ import annotations

from typing import Callable, TypedDict

from markupsafe import Markup

from ..core import euphony, markup, seatnames
from ..core.cards import Card, parse_card
from ..core.cardwords.finder import rank_letter, spoken_name
from ..core.languages import Gendered, Messages, _np_, _p_
from ..families.moves import Json
from ..families.play import counts, play_options
from ..model.game import GameBundle
from ..runtime import deps
from .facts import GameFacts
from .game_page import game_sections, variant_name
from .page_renderer import PageRenderer
from .play_guide import GuideData, guide_data, rule_links
from .site import Kind, Page, relative

# The computer players, by the names the example rounds give them in each language
# (rules/*/<lang>.yaml, `seats:`), and their genders, which the languages' words of a player
# agree with ("Bruno shot the moon: 0 for him"); the reader's seat is "You". Their forms in
# each role's case are in core/seatnames.py.
BOT_NAMES: dict[str, tuple[str, ...]] = {
    lang: tuple(seat.name for seat in seats) for lang, seats in seatnames.BOTS.items()}
BOT_GENDERS = seatnames.GENDERS
# The table the page opens at: the game's own form at this many players where the game
# allows it, else at the count nearest to it (two players draw only from each other).
LIVELY_PLAYERS = 4
# The seats' names in a downloaded example script, the notation's in every language, and their
# genders (`rulebook check` asks for them). The reader is Anna, as in the site's own examples:
# an author renames the seats at will.
SCRIPT_NAMES = ("Anna", "Bruno", "Carla", "Dario", "Elena", "Franco")
SCRIPT_GENDERS = ("f", "m", "f", "m", "f", "m")


class PlayConfig(TypedDict):
    variant: str | None
    players: int
    label: str  # "Three players, 3 players": what the setup form offers
    options: Json


class PlayData(TypedDict):
    """The JSON the page gives play.js (``<script type="application/json" id="play-data">``)."""

    game: str
    family: str
    configs: list[PlayConfig]
    default: int  # the configuration the setup form opens at
    names: list[str]  # the reader, then the computer players
    genders: list[str]  # the computer players' ("m" or "f"), from seat 1
    script_names: list[str]
    script_genders: list[str]
    # "Q♠": [rank as shown, suit, spoken name, colour], and the spoken name as a verb's object
    # where the language declines it (ru «даму пик»)
    cards: dict[str, list[str]]
    suits: str  # "italian": faces.js draws coppe, denari, spade, bastoni for ♥ ♦ ♠ ♣; else "french"
    # a word that counts is its plural forms, in the catalog's order; ``plural`` gives the
    # form for each count up to PLURAL_SPAN (play.js: counted)
    words: dict[str, str | list[str]]
    plural: list[int]
    objects: list[str]  # the words whose card is a verb's object (OBJECT_CARDS, as present)
    roles: dict[str, list[str]]  # each role's form of every seat's name (core/seatnames.py)
    euphony: dict[str, str]  # a word before a slot: its form before the same vowel (it a → ad)
    guide: GuideData | None  # the example round the reader may play (play_guide.py)
    rules: dict[str, str]  # a refusal's code: its rule on the game page (play_guide.py)


class PlayContext(TypedDict):
    title: str  # "Play Hearts": the page's own title and h1
    game_title: str
    game_href: str
    quickref_href: str
    data: Markup  # PlayData as JSON, for play.js
    family: str  # whose browser engine the page loads: static/play/families/<family>.js
    description: str


def play_context(r: PageRenderer, page: Page, lang: str) -> PlayContext:
    deps.game(page.game or "", lang)  # its options and names are the game's
    bundle = r.site.games[page.game or ""]
    msgs = r.messages(lang)
    facts = GameFacts(bundle, lang, msgs)

    def inline(s: str) -> Markup:
        return Markup(markup.render_inline(facts.fill(s)))

    data = play_data(bundle, lang=lang, msgs=msgs,
                     variant_name=lambda name: variant_name(facts, name, inline),
                     options=r.play_options)
    game_page = r.site.find(Kind.GAME, lang=lang, game=bundle.rules.id)
    quickref = r.site.find(Kind.QUICKREF, lang=lang, game=bundle.rules.id)
    assert game_page is not None and quickref is not None
    game_href = relative(page, game_page.path)
    data["guide"] = guide_data(r, bundle, lang=lang, msgs=msgs,
                               configs=[(c["variant"], c["players"]) for c in data["configs"]],
                               game_href=game_href)
    sections, _untranslated = game_sections(r, lang, bundle)
    data["rules"] = rule_links(sections, bool(bundle.languages[lang].spec.steps), game_href)
    return {
        "title": msgs.gettext("Play %(game)s") % {"game": facts.title},
        "game_title": facts.title, "game_href": game_href,
        "quickref_href": relative(page, quickref.path), "data": r.json_ld(data),
        "family": data["family"],
        "description": msgs.gettext("Play %(game)s against the computer, by the rules "
                                    "of this site.") % {"game": facts.title}}


def play_data(bundle: GameBundle, *, lang: str, msgs: Messages,
              variant_name: Callable[[str], Markup],
              options: Callable[[GameBundle, str | None, int], Json] = play_options) -> PlayData:
    """The play page's data; ``options`` makes each configuration's (the same in every
    language: a renderer makes them once per game)."""
    variants: list[str | None] = [None, *bundle.rules.variants]
    configs: list[PlayConfig] = []
    for variant in variants:
        for players in counts(bundle, variant):
            label = msgs.ngettext("%(num)s player", "%(num)s players", players) % {"num": players}
            if variant is not None:
                label = f"{markup.plain(str(variant_name(variant)))}, {label}"
            configs.append({"variant": variant, "players": players, "label": label,
                            "options": options(bundle, variant, players)})
    deck = {card for c in configs for card in c["options"]["cards"]}
    style = markup.current_card_style()
    unused = _unused(configs)  # once, not once a word: it reads every configuration's options
    return {"game": bundle.rules.id, "family": bundle.rules.spec.family, "configs": configs,
            "default": default_config(configs),
            "names": [msgs.gettext("You"), *BOT_NAMES.get(lang, BOT_NAMES["en"])],
            "genders": list(BOT_GENDERS),
            "script_names": list(SCRIPT_NAMES), "script_genders": list(SCRIPT_GENDERS),
            "cards": {text: _card(parse_card(text), style) for text in sorted(deck)},
            "suits": "italian" if style.italian else "french",
            "words": (said := {k: v for k, v in words(msgs).items() if k not in unused}),
            "objects": [key for key in OBJECT_CARDS if key + "M" in said or key in said],
            "roles": seatnames.role_forms(lang, msgs.gettext("You")),
            "euphony": euphony.EUPHONIC.get(lang, {}),
            "plural": [msgs.plural(n) for n in range(PLURAL_SPAN)],
            "guide": None, "rules": {}}


def default_config(configs: list[PlayConfig]) -> int:
    """The game's own form (no variant) at the count of players nearest to LIVELY_PLAYERS,
    the larger of two as near."""
    own = [i for i, c in enumerate(configs) if c["variant"] is None] or list(range(len(configs)))
    return min(own, key=lambda i: (abs(configs[i]["players"] - LIVELY_PLAYERS),
                                   -configs[i]["players"]))


def _unused(configs: list[PlayConfig]) -> set[str]:
    """Words of rules no configuration has: a game's page says nothing of rules it lacks
    (hearts broken where hearts may be led at any time, passing where nobody passes)."""
    options = [c["options"] for c in configs]
    unused: set[str] = set()
    if all(o.get("hearts_lead") != "when-broken" for o in options):
        unused |= {"broken", "illegalLead"}
    if all(not o.get("passing", {}).get("count") for o in options):
        unused |= {"pass", "yourPass", "passed", "badPass"}
    if all(o.get("first_trick") != "no-points" for o in options):
        unused.add("illegalDiscard")
    # the options of the games that take tricks (the pairing games have none of them)
    if all(o.get("trumps", {}).get("source", "none") == "none" for o in options):
        unused |= {"trumps", "noTrumps", "turned"}
    if all(not o.get("trumps", {}).get("must_trump") for o in options):
        unused.add("mustTrump")
    if all(not o.get("trumps", {}).get("over_trump") for o in options):
        unused.add("overTrump")
    # a stock: the trick games that draw after each trick, the games that shed onto a pile
    if all(not o.get("deal", {}).get("draw") and "empty_stock" not in o for o in options):
        unused |= {"stock", "youDrawCard", "drawsCard", "drawsHidden"}
    if all("unable" not in o for o in options):  # no rule for a player who cannot play
        unused |= {"drawAction", "passAction", "passes", "youPass", "winsHand", "youWinHand", "asked",
                   "pending", "drawsSome", "winsBlocked", "tieBlocked", "leftInHand", "collects"}
    if all(not o.get("match") for o in options):  # a shedding game's match to a target
        unused.add("endReached")
    if all(o.get("family") != "tricks" for o in options):  # the one family with levels
        unused |= {"level", "levelEasy", "levelStrong"}
    if all(o.get("bids") is None for o in options):
        unused |= {"yourBid", "yourBidLabel", "bids", "youBid", "bid", "hook", "badBid", "bidLine"}
    if all(not o.get("book") for o in options):
        unused.add("bookLine")
    if all(not (o.get("bids") or {}).get("hook") for o in options):
        unused.add("hook")
    # the results: a pairing round's rules, a trick game's scores, the moon or the slam
    if all("odd_card_holder" not in o for o in options):
        unused |= {"youWinHolder", "winsHolder", "firstOut", "standing", "firstToLosses",
                   "agreedHands", "howDraw", "resultRound"}
    if all("end" not in o for o in options):
        unused |= {"handScores", "bestLow", "bestHigh", "scoreParts", "partCards", "partTricks",
                   "partNone", "partClean", "partOther", "handOf", "endOver",
                   "endHands", "turin", "takesPoints",
                   "youTakePoints", "handPoints", "yourPoints", "yourTricks", "resultHand"}
    if all("end" not in o and not o.get("match") for o in options):  # no totals kept
        unused |= {"totals", "winLowest", "winHighest"}
    if all(not o.get("slam") for o in options):
        unused |= {"moonYou", "moonM", "moonF", "slamYou", "slamM", "slamF"}
    if all(o.get("sides", "each") != "partners" for o in options):
        unused.add("side")
    # a game whose cards score nothing (Whist, Oh Hell) counts tricks where others count points
    if not any("points" in o and not o["points"] and not o.get("special") for o in options):
        unused.add("tricksWon")
    return unused | {key + form for key in unused for form in "MF"}


def _card(card: Card, style: markup.CardStyle) -> list[str]:
    label = spoken_name(card, style.lang, italian=style.italian, two_jokers=style.two_jokers)
    object_label = spoken_name(card, style.lang, italian=style.italian,
                               two_jokers=style.two_jokers, accusative=True)
    declined = [object_label] if object_label != label else []
    if card.rank is None or card.suit is None:  # the red joker: the joker's star in red
        return ["★", "", label, "red" if card.red else "joker", *declined]
    colour = "red" if card.colour == "red" else "black"
    return [rank_letter(card.rank, style.lang, local=style.local_letters), card.suit.value, label,
            colour, *declined]


# The words whose card is the object of the verb ("You receive %(cards)s"): a language that
# declines a card's name says it there in the accusative to a screen reader (ru «даму пик»).
OBJECT_CARDS = ("youDraw", "drawsFromYou", "passed", "drawsCard", "youDrawCard")


# The counts a play page says (cards passed, rounds, losses) are below this; play.js takes a
# counting word's form for n from the page's ``plural`` table.
PLURAL_SPAN = 121


def words(msgs: Messages) -> dict[str, str | list[str]]:
    """The page's words, each with its %(name)s placeholders for play.js to fill. A word said
    of one computer player comes in two, its key with M and with F: play.js takes the one of
    that player's gender. A word that counts is the list of its plural forms."""
    _ = msgs.gettext  # (the name pybabel extracts)

    def counted(message: tuple[str, str]) -> list[str]:
        forms: dict[int, str] = {}
        for n in range(PLURAL_SPAN):
            forms.setdefault(msgs.plural(n), msgs.ngettext(*message, n))
        return [forms[i] for i in sorted(forms)]

    def gendered(key: str, message: Gendered) -> dict[str, str]:
        return {key + "M": msgs.gendered(message, "m"), key + "F": msgs.gendered(message, "f")}

    return {
        # the setup and the table
        "setup": _("Players and variant"), "start": _("Start the game"),
        "newGame": _("New game"), "nextRound": _("Next round"), "nextHand": _("Next hand"),
        "pace": _("Pace of the computer's moves"), "paceSlow": _("Slow"),
        "paceBrisk": _("Brisk"), "paceFast": _("Fast"), "paceNow": _("At once"),
        "level": _("Computer players"),
        "levelEasy": msgs.pgettext(*_p_("computer players", "Easy")),
        "levelStrong": msgs.pgettext(*_p_("computer players", "Strong")),
        "yourHand": _("Your hand"), "cards": _("Cards: %(num)s"), "trick": _("The trick"),
        "table": _("At the table"), "out": _("Out of cards"), "dealer": _("Dealer"),
        **gendered("dealer", Gendered(_p_("feminine", "Dealer"), _p_("masculine", "Dealer"))),
        "score": _("Score sheet"), "hand": _("Hand"), "total": _("Total"),
        "losses": _("Losses"), "round": _("Round %(num)s"), "handNum": _("Hand %(num)s"),
        # a guide's example that starts at a position: the log's first line is not a deal
        "handTakenUp": _("The hand is taken up where the example starts, not from the deal."),
        "roundTakenUp": _("The round is taken up where the example starts, not from the deal."),
        "pass": _("Pass these cards"), "log": _("What happened"),
        "fan": _("%(owner)s's cards, face down: choose one"),
        "back": _("Face-down card %(num)s of %(total)s"),
        "download": _("Save this hand (for rules authors)"),
        "howDraw": _("Tap one of the face-down cards to draw it, or move between them with the "
                     "arrow keys and press Enter. The computer's players decide only from what "
                     "they may see."),
        "earlier": _("Earlier events: %(num)s"),
        "resultRound": _("Round %(num)s: the result"), "resultHand": _("Hand %(num)s: the result"),
        # whose turn
        "yourDraw": _("Your turn: draw a card from %(giver)s."),
        "yourPass": counted(_np_("Your turn: choose %(num)s card to pass to %(name)s.",
                                 "Your turn: choose %(num)s cards to pass to %(name)s.")),
        "yourLead": _("Your turn: lead a card."),
        "yourPlay": _("Your turn: play a card."),
        **gendered("waiting", Gendered(_p_("feminine", "%(name)s is thinking."),
                                       _p_("masculine", "%(name)s is thinking."))),
        # what happened
        "youDraw": _("You draw %(card)s from %(giver)s."),
        **gendered("drawsFromYou", Gendered(_p_("feminine", "%(name)s draws %(card)s from you."),
                                            _p_("masculine", "%(name)s draws %(card)s from you."))),
        **gendered("draws", Gendered(_p_("feminine", "%(name)s draws a card from %(giver)s."),
                                     _p_("masculine", "%(name)s draws a card from %(giver)s."))),
        **gendered("pair", Gendered(_p_("feminine", "%(name)s lays down a pair: %(cards)s."),
                                    _p_("masculine", "%(name)s lays down a pair: %(cards)s."))),
        **gendered("firstPairs", Gendered(
            _p_("feminine", "%(name)s lays down the pairs of the deal: %(cards)s."),
            _p_("masculine", "%(name)s lays down the pairs of the deal: %(cards)s."))),
        "youPair": _("You lay down a pair: %(cards)s."),
        "youFirstPairs": _("You lay down the pairs of the deal: %(cards)s."),
        "isOut": _("%(owner)s has no cards left."),
        "youOut": _("You have no cards left."),
        "plays": _("%(name)s: %(card)s."),
        "passed": _("The cards are passed. You receive %(cards)s."),
        **gendered("takes", Gendered(_p_("feminine", "%(name)s takes the trick."),
                                     _p_("masculine", "%(name)s takes the trick."))),
        "youTake": _("You take the trick."),
        "broken": _("Hearts are broken."),
        "roundLost": _("This round is lost by %(name)s, with %(card)s."),
        "youLose": _("You lose this round, with %(card)s."),
        "matchOver": counted(_np_("The game is over. Lost %(num)s time: %(name)s.",
                                  "The game is over. Lost %(num)s times: %(name)s.")),
        "gameOver": _("The game is over. Winner: %(name)s."),
        # the result of a pairing round and match, with the rule that decides it
        "youWinHolder": _("You win this round: in this variant whoever is left with %(card)s "
                          "wins."),
        "winsHolder": _("The winner of this round is %(name)s: in this variant whoever is left "
                        "with %(card)s wins."),
        "firstOut": _("Out of cards first, and so winning this round: %(name)s."),
        "standing": _("Losses so far: %(list)s."),
        "firstToLosses": counted(_np_("The first to lose %(num)s round loses the game.",
                                      "The first to lose %(num)s rounds loses the game.")),
        "agreedHands": counted(_np_("The game lasts %(num)s hand; the most losses lose it.",
                                    "The game lasts %(num)s hands; the most losses lose it.")),
        # the result of a hand and a game of tricks: whose figures, by which rule
        "handScores": _("Scores of this hand: %(list)s."),
        "bestLow": _("Best in this hand, with the lowest score: %(name)s."),
        "bestHigh": _("Best in this hand, with the highest score: %(name)s."),
        "moonYou": _("You shot the moon: %(taker)s for you, %(others)s for each of the others."),
        "moonM": msgs.pgettext(*_p_("masculine", "%(name)s shot the moon: %(taker)s for him, "
                                    "%(others)s for each of you.")),
        "moonF": msgs.pgettext(*_p_("feminine", "%(name)s shot the moon: %(taker)s for her, "
                                    "%(others)s for each of you.")),
        "slamYou": _("You took every trick: %(taker)s for you; the others score as usual."),
        "slamM": msgs.pgettext(*_p_("masculine", "%(name)s took every trick: %(taker)s for him; "
                                    "the others score as usual.")),
        "slamF": msgs.pgettext(*_p_("feminine", "%(name)s took every trick: %(taker)s for her; "
                                    "the others score as usual.")),
        "scoreParts": _("%(name)s: %(parts)s; in all %(num)s."),
        "partCards": _("%(num)s for the cards taken"),
        "partTricks": _("%(num)s for the tricks, %(each)s each"),
        "partNone": _("%(num)s for taking no trick"),
        "partClean": _("%(num)s for tricks without points"),
        "partOther": _("%(num)s in bonuses"),
        "totals": _("Totals so far: %(list)s."),
        "handOf": _("Hand %(num)s of %(total)s."),
        "endOver": _("The game is over: a total has passed %(num)s."),
        "endHands": _("The game is over: all %(num)s hands are played."),
        "winLowest": _("The lowest total wins: %(name)s."),
        "winHighest": _("The highest total wins: %(name)s."),
        "turin": _("At this table the two highest totals lose: %(losers)s. Winners: %(name)s."),
        **gendered("takesPoints", Gendered(
            _p_("feminine", "%(name)s takes the trick (points: %(num)s)."),
            _p_("masculine", "%(name)s takes the trick (points: %(num)s)."))),
        "youTakePoints": _("You take the trick (points: %(num)s)."),
        "handPoints": _("Points this hand: %(num)s"),
        "yourPoints": _("Your points this hand: %(num)s"),
        "yourTricks": _("Your tricks: %(num)s"),
        # why a card cannot be played
        "revoke": _("You must follow %(suit)s."),
        "illegalLead": _("Hearts are not broken yet."),
        "firstLead": _("The first trick is led with %(card)s."),
        "illegalDiscard": _("No point cards on the first trick."),
        "badPass": counted(_np_("Choose %(num)s card to pass.", "Choose %(num)s cards to pass.")),
        "notYourTurn": _("It is not your turn."),
        # the games that take tricks: trumps, a stock, bids, partners
        "trumps": _("Trumps: %(suit)s"),
        "noTrumps": _("No trumps in this hand"),
        "turned": _("Turned up: %(card)s"),
        "stock": _("Cards in the stock: %(num)s"),
        "tricksWon": _("Tricks: %(num)s"),
        # a hand whose scores are outside the model ends without a score: only this is said
        "handOver": _("The hand is over."),
        "yourBid": _("Your turn: bid the tricks you will take, 0 to %(num)s."),
        "yourBidLabel": _("Your bid"),
        **gendered("bids", Gendered(_p_("feminine", "%(name)s bids %(num)s."),
                                    _p_("masculine", "%(name)s bids %(num)s."))),
        "youBid": _("You bid %(num)s."),
        "bid": _("Bid: %(num)s"),
        "hook": _("As the dealer you may not bid %(num)s: the bids would add up to the "
                  "%(total)s tricks of the hand."),
        "badBid": _("Bid first: everyone bids before the first trick."),
        "bidLine": _("%(name)s: bid %(bid)s, took %(won)s, scores %(num)s."),
        "bookLine": _("Tricks taken: %(list)s; each trick after the first %(book)s scores "
                      "%(each)s."),
        "youDrawCard": _("You draw %(card)s."),
        **gendered("drawsCard", Gendered(_p_("feminine", "%(name)s draws %(card)s."),
                                         _p_("masculine", "%(name)s draws %(card)s."))),
        **gendered("drawsHidden", Gendered(_p_("feminine", "%(name)s draws a card."),
                                           _p_("masculine", "%(name)s draws a card."))),
        "mustTrump": _("You have no %(suit)s: you must play a trump."),
        "overTrump": _("You must play a trump higher than the one in the trick."),
        "side": _("%(first)s & %(second)s"),
        # the games that shed their cards onto a pile
        "drawAction": _("Draw a card"),
        "passAction": _("Pass"),
        **gendered("passes", Gendered(_p_("feminine", "%(name)s passes."),
                                      _p_("masculine", "%(name)s passes."))),
        "youPass": _("You pass."),
        **gendered("drawsSome", Gendered(_p_("feminine", "Cards drawn by %(name)s: %(num)s."),
                                         _p_("masculine", "Cards drawn by %(name)s: %(num)s."))),
        "pending": _("Cards to draw: %(num)s"),
        **gendered("winsHand", Gendered(
            _p_("feminine", "%(name)s has no cards left and wins the hand."),
            _p_("masculine", "%(name)s has no cards left and wins the hand."))),
        "youWinHand": _("You have no cards left and win the hand."),
        "winsBlocked": _("No one can play or draw: %(name)s, with the fewest points in hand, "
                         "wins the hand."),
        "tieBlocked": _("No one can play or draw, and the lowest hands tie: nobody wins the "
                        "hand."),
        "leftInHand": _("Points left in hand: %(list)s."),
        "collects": _("%(name)s scores %(num)s, the points left in the other hands: %(list)s."),
        "endReached": _("The game is over: a total has reached %(num)s."),
        "asked": _("Suit asked for: %(suit)s"),
        # the guide: the game page's example round played at the table (guide.js)
        "guidePlay": _("Play the example hand"),
        "guideSeat": _("Your seat: %(name)s"),
        "guideStep": _("Step %(num)s of %(total)s"),
        "guideDeal": _("The deal"),
        "guideMarked": _("The example's move is marked; you may also make another."),
        "guideRead": _("Read this example on the game's page"),
        "guideSame": _("The hand ended as in the example."),
        **gendered("offPlayed", Gendered(
            _p_("feminine", "You played %(mine)s; in the example %(name)s played %(card)s. The "
                            "computer plays on from here."),
            _p_("masculine", "You played %(mine)s; in the example %(name)s played %(card)s. The "
                             "computer plays on from here."))),
        **gendered("offPassed", Gendered(
            _p_("feminine", "You passed %(mine)s; in the example %(name)s passed %(card)s. The "
                            "computer plays on from here."),
            _p_("masculine", "You passed %(mine)s; in the example %(name)s passed %(card)s. The "
                             "computer plays on from here."))),
        **gendered("offDrew", Gendered(
            _p_("feminine", "You drew %(mine)s; in the example %(name)s drew %(card)s. The "
                            "computer plays on from here."),
            _p_("masculine", "You drew %(mine)s; in the example %(name)s drew %(card)s. The "
                             "computer plays on from here."))),
        "offOther": _("Your move is not the example's: the computer plays on from here."),
        # the hint and the why
        "hint": _("What would the computer play?"),
        "hintPlay": _("The computer would play %(card)s."),
        "hintPass": _("The computer would pass %(card)s."),
        "hintBid": _("The computer would bid %(num)s."),
        "hintDraw": _("The computer would draw a card."),
        "hintPassTurn": _("The computer would pass."),
        "why": _("The rule on the game's page"),
    }
