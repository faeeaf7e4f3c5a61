"""The play page's guide (issue 37): an example round dealt from its script and played by the
tables (generator/families/guide.py, each family's script_play.py), the two engines alike
from a given deal, a bad deal refused alike, and every refusal a reader can meet linked to a
section of the game page (generator/web/play_guide.py). The page itself, in Chromium:
tests/test_play_browser_guide.py."""

from __future__ import annotations

import dataclasses
from types import SimpleNamespace
from typing import Any

import pytest
from test_play_engine import NODE, Node

from conftest import TEMPLATES, corpus
from generator.core.languages import load_messages
from generator.families.guide import GuideError, ScriptedRound, scripted_round
from generator.families.moves import PlayError
from generator.families.pairs.engine import Fault as PairsFault
from generator.families.play import new_table, play_options
from generator.families.shedding.engine import Fault as ShedFault
from generator.families.tricks.moves import Fault as TricksFault
from generator.model.game import GameBundle
from generator.web.play_guide import RULE_SECTIONS, first_playable, guide_data

Json = dict[str, Any]
needs_node = pytest.mark.skipif(NODE is None, reason="node is not installed: the browser "
                                "engine cannot be compared without it")

# The example each game's guide plays: the first of the game page that the table plays as
# written. Black Peter's first example deals only counts; Chat Noir's, Peppa Scivolosa's and
# Black Peter's second start from a position (the tables start a round from one).
GUIDES = {
    "black-peter": "endgame", "briscola": "stock-runs-out", "chat-noir": "minus-twenty",
    "crazy-eights": "a-whole-hand", "hearts": "first-hand", "macao": "a-hand-for-two",
    "mau-mau": "a-hand-for-three", "oh-hell": "the-hook", "old-maid": "four-players",
    "peppa": "turin-hand", "peppa-scivolosa": "last-four", "peppa-tencia": "four-players",
    "schwarzer-peter": "lena-jonas-mia-paul", "somarone": "three-players",
    "uomo-nero": "anna-bruno-carla", "whist": "a-whole-hand",
}


def _bundles() -> dict[str, GameBundle]:
    return {b.rules.id: b for b in corpus().games}


def _playable() -> list[tuple[GameBundle, ScriptedRound]]:
    """Every published example of the corpus that the table plays as its script writes it."""
    out = []
    for bundle in _bundles().values():
        for name, example in bundle.examples.items():
            if example.spec.draft:
                continue
            try:
                out.append((bundle, scripted_round(bundle, name, play_options)))
            except GuideError:
                pass
    return out


def test_every_game_has_an_example_to_play() -> None:
    """Each game's guide: the first example of its page (in every language) the table plays."""
    renderer = SimpleNamespace(replays=corpus().replays, play_options=play_options)
    guides = {}
    for game, bundle in _bundles().items():
        for lang in bundle.languages:
            played = first_playable(renderer, bundle, lang)  # type: ignore[arg-type]
            assert played is not None, (game, lang)
            assert guides.setdefault(game, played.example) == played.example, (game, lang)
    assert guides == GUIDES


@pytest.mark.parametrize(("game", "example", "why"), [
    ("black-peter", "deal", "deals no cards"),  # only how many each is dealt
    ("hearts", "to-a-hundred", "deals no cards"),  # a score sheet
    ("briscola", "first-tricks", "not over at the script's last move"),
    ("mau-mau", "the-stock-runs-out", "the stock is made again from the pile"),
])
def test_an_example_the_table_cannot_play_says_why(game: str, example: str, why: str) -> None:
    with pytest.raises(GuideError, match=why):
        scripted_round(_bundles()[game], example, play_options)


def test_a_hand_from_a_position_counts_what_was_taken_before_it() -> None:
    """Chat Noir's last four tricks: Anna leads none of them, Bruno leads the first; the
    cards taken before the position are in the result (Anna's -20 for no trick at all,
    Bruno's three clean tricks before and one after: -10)."""
    bundle = _bundles()["chat-noir"]
    played = scripted_round(bundle, "minus-twenty", play_options)
    position = played.deal["position"]
    assert position["leader"] == 1 and [len(h) for h in position["hands"]] == [4, 4, 4, 4]
    assert [len(t) for t in position["taken"]] == [0, 12, 12, 12]
    table = new_table(play_options(bundle, None, 4))
    state = table.new_round(3, played.deal)
    assert (state["turn"], state["trick_number"], state["broken"]) == (1, 10, True)
    assert state["passing"] is False and state["hand_tricks"] == 13
    for move in played.moves:
        table.play(move)
    assert table.to_json()["result"]["scores"] == [-20, -10, 23, 18]
    assert table.to_json()["result"]["tricks"] == [0, 4, 5, 4]


def test_the_guide_says_whether_its_example_names_the_dealer() -> None:
    """Chat Noir's last four tricks do not say who dealt (the table's dealer is its own
    choice: the page shows no dealer); Hearts' first hand and Black Peter's end game do."""
    renderer = SimpleNamespace(replays=corpus().replays, play_options=play_options)
    named = {}
    for game in ("chat-noir", "peppa-scivolosa", "hearts", "black-peter"):
        data = guide_data(renderer, _bundles()[game], lang="en",  # type: ignore[arg-type]
                          msgs=load_messages(TEMPLATES, "en"),
                          configs=[(None, n) for n in range(2, 7)], game_href="../")
        assert data is not None, game
        named[game] = data["dealer_named"]
    assert named == {"chat-noir": False, "peppa-scivolosa": False, "hearts": True,
                     "black-peter": True}


def test_a_pairing_round_from_a_position_draws_as_the_dealer_says() -> None:
    """Black Peter's end game: Player 1 deals, Player 2 draws first from Player 3."""
    bundle = _bundles()["black-peter"]
    played = scripted_round(bundle, "endgame", play_options)
    table = new_table(play_options(bundle, None, 3))
    state = table.new_round(3, played.deal)
    assert state["hands"] == [["8♠", "K♦"], ["8♥", "K♣"], ["J♣"]]
    assert state["first_pairs"] == [[], [], []] and state["turn"] == 1 and state["from"] == 2


def test_the_first_hearts_hand_as_the_table_plays_it() -> None:
    played = scripted_round(_bundles()["hearts"], "first-hand", play_options)
    assert played.deal["dealer"] == 3 and played.deal["round"] == 1  # Dario deals hand 1
    order = play_options(_bundles()["hearts"], None, 4)["cards"]
    passes = played.moves[:4]  # the passes first, each seat's cards in deck order
    assert [(m["by"], set(m["pass"])) for m in passes] == [
        (0, {"K♠", "Q♥", "10♥"}), (1, {"J♥", "A♦", "K♣"}), (2, {"A♥", "8♥", "A♣"}),
        (3, {"A♠", "K♥", "K♦"})]
    assert all(m["pass"] == sorted(m["pass"], key=order.index) for m in passes)
    assert played.start == 4 and played.steps == [4 + 4 * k for k in range(1, 14)]
    assert played.moves[4:6] == [{"by": 3, "play": "2♣"}, {"by": 0, "play": "J♣"}]
    assert played.result["scores"] == [13, 7, 6, 0]


def test_a_script_whose_result_the_table_does_not_reach_is_refused() -> None:
    bundle = _bundles()["hearts"]
    example = bundle.examples["first-hand"]
    result = example.spec.result.model_copy(  # type: ignore[attr-defined]
        update={"scores": {"Anna": 7, "Bruno": 13, "Carla": 6, "Dario": 0}})
    wrong = dataclasses.replace(example, spec=example.spec.model_copy(update={"result": result}))
    changed = dataclasses.replace(bundle, examples={**bundle.examples, "first-hand": wrong})
    with pytest.raises(GuideError, match="result is not the script's: scores"):
        scripted_round(changed, "first-hand", play_options)


def test_a_given_deal_is_dealt_as_given_in_python() -> None:
    bundle = _bundles()["old-maid"]
    played = scripted_round(bundle, "four-players", play_options)
    table = new_table(play_options(bundle, None, 4))
    state = table.new_round(5, played.deal)
    assert state["dealer"] == 3 and state["turn"] == 0  # Dan deals, Alice draws first
    assert table.legal_moves()[0]["from"] == 3


BAD_DEALS = [
    ({"pack": "A♠ K♠", "dealer": 0}, "not a deal: pack is not a list of cards"),
    ({"dealer": 0}, "not a deal: a deal gives exactly one of a pack and a position"),
    ({"pack": [], "position": {}, "dealer": 0},
     "not a deal: a deal gives exactly one of a pack and a position"),
    ({"position": [], "dealer": 0}, "not a deal: position is not an object"),
    ({"pack": ["A♠"], "dealer": 0}, "not a deal: pack is not the cards in play, each once"),
    (None, "not a deal: no seat 4 deals"),  # the pack filled in below
    (None, "not a deal: round 0 is not 1 or more"),
]


def _bad_deals(options: Json) -> list[tuple[Json, str]]:
    pack = list(options["cards"])
    twice = pack[:-1] + pack[:1]
    out = [(d, m) for d, m in BAD_DEALS if d is not None]
    out.append(({"pack": twice, "dealer": 0}, "not a deal: pack is not the cards in play, each once"))
    out.append(({"pack": pack, "dealer": 4}, "not a deal: no seat 4 deals"))
    out.append(({"pack": pack, "dealer": 0, "round": 0}, "not a deal: round 0 is not 1 or more"))
    return out


@pytest.mark.parametrize("game", ["hearts", "old-maid", "crazy-eights"])
def test_a_bad_deal_is_refused_with_what_is_wrong(game: str) -> None:
    options = play_options(_bundles()[game], None, 4)
    for deal, message in _bad_deals(options):
        with pytest.raises(PlayError) as err:
            new_table(options).new_round(1, deal)
        assert (err.value.code, str(err.value)) == ("bad-deal", message)


@needs_node
def test_a_bad_deal_is_refused_alike_in_both_engines() -> None:
    node = Node()
    try:
        for game in ("hearts", "old-maid", "crazy-eights"):
            options = play_options(_bundles()[game], None, 4)
            deals = _bad_deals(options)
            answers = node.ask({"calls": [["newRound", options, 1, d] for d, _ in deals]})
            for (_deal, message), answer in zip(deals, answers):
                assert answer == {"error": {"error": "bad-deal", "message": message, "legal": []}}
    finally:
        node.close()


def _bad_positions() -> list[tuple[str, Json, str]]:
    """Positions each table refuses, with the message (the same in both engines)."""
    chat = scripted_round(_bundles()["chat-noir"], "minus-twenty", play_options).deal["position"]
    peter = scripted_round(_bundles()["black-peter"], "endgame", play_options).deal["position"]
    hands = chat["hands"]

    def tricks(**change: Any) -> Json:
        return {**chat, **change}
    out = [
        ("chat-noir", tricks(hands=hands[:3]), "hands is not a list of cards for each of the 4 seats"),
        ("chat-noir", tricks(hands=[hands[0] + ["10x"]] + hands[1:]), "10x in hands is not a card in play"),
        ("chat-noir", tricks(taken=[[hands[1][0]]] + chat["taken"][1:]), f"{hands[1][0]} is placed twice"),
        ("chat-noir", tricks(hands=[hands[0][:3]] + hands[1:], taken=[[hands[0][3]]] + chat["taken"][1:]),
         "the hands are not of one size, of one card or more"),
        ("chat-noir", tricks(leader=4), "no seat 4 leads"),
        ("chat-noir", tricks(leader=None), "no seat null leads"),
        ("chat-noir", tricks(taken=[[]] * 4), "not every card in play is placed"),
        ("chat-noir", tricks(stock=["2♠"]), "2♠ is placed twice"),
        ("chat-noir", tricks(bids=[1, 1, 1, 1]), "nobody bids in this game"),
        ("black-peter", {"hands": [["8♠", "8♥"], ["K♣", "K♦"], ["J♣"]]},
         "seat 0 holds cards it lays down: 8♠"),
        ("black-peter", {"hands": [["8♠"], ["8♥"], []]}, "nobody holds the odd card J♣"),
        ("black-peter", {**peter, "hidden_card": "7♠"}, "no card is hidden in this game"),
        ("old-maid", {"hands": [[], [], [], []]}, "nobody holds a card"),
    ]
    return [(game, {"position": p, "dealer": 0}, f"not a position: {m}") for game, p, m in out]


def _players(game: str) -> int:
    return {"black-peter": 3}.get(game, 4)


def test_a_bad_position_is_refused_with_what_is_wrong() -> None:
    for game, deal, message in _bad_positions():
        table = new_table(play_options(_bundles()[game], None, _players(game)))
        with pytest.raises(PlayError) as err:
            table.new_round(1, deal)
        assert (err.value.code, str(err.value)) == ("bad-deal", message), game


@needs_node
def test_a_bad_position_is_refused_alike_in_both_engines() -> None:
    node = Node()
    try:
        for game, deal, message in _bad_positions():
            options = play_options(_bundles()[game], None, _players(game))
            answer, = node.ask({"calls": [["newRound", options, 1, deal]]})
            assert answer == {"error": {"error": "bad-deal", "message": message, "legal": []}}, game
    finally:
        node.close()


@needs_node
def test_the_two_engines_agree_from_a_given_deal_on_and_off_the_script() -> None:
    """Every playable example of the corpus: its deal and moves in both engines, the whole
    state compared after every move; then the same deal left halfway (the reader off the
    script), random players and a bot playing on to the end."""
    playable = _playable()
    assert len(playable) >= 25  # (29 on 2026-12-04)
    options = [play_options(b, p.variant, p.players) for b, p in playable]
    jobs = []
    for i, (_bundle, played) in enumerate(playable):
        jobs.append({"opt": i, "seed": 11 + i, "bots": [], "deal": played.deal,
                     "moves": played.moves})
        jobs.append({"opt": i, "seed": 11 + i, "bots": [1], "deal": played.deal,
                     "moves": played.moves[:len(played.moves) // 2]})
    node = Node()
    try:
        theirs = node.ask({"options": options, "states": jobs})
    finally:
        node.close()
    from generator.core.prng import Mulberry32
    for job, js in zip(jobs, theirs):
        table = new_table(options[job["opt"]])
        chooser = Mulberry32(job["seed"] ^ 0x5BD1E995)
        ours = [table.new_round(job["seed"], job["deal"])]
        for move in job["moves"]:
            table.play(move)
            ours.append(table.to_json())
        while not table.is_over():
            legal, turn = table.legal_moves(), table.turn()
            table.play(table.bot_move(turn) if turn in job["bots"]
                       else legal[chooser.below(len(legal))])
            ours.append(table.to_json())
        name = playable[job["opt"]][1].example
        assert len(ours) == len(js), name
        for step, (a, b) in enumerate(zip(ours, js)):
            assert a == b, f"{name}, step {step}"


# Hands taken up at a position, with cards taken before it: Hearts' moon (hearts broken, ten
# tricks gone), Chat Noir's and Peppa Scivolosa's last four tricks, Oh Hell's bids made.
FROM_POSITIONS = [("hearts", "shooting-the-moon"), ("chat-noir", "minus-twenty"),
                  ("peppa-scivolosa", "last-four"), ("oh-hell", "no-trumps"),
                  ("briscola", "stock-runs-out")]


def _strong_from_positions() -> tuple[list[Json], list[Json]]:
    """Each position's hand for the strong computer players at every seat (a small budget)."""
    options, jobs = [], []
    for i, (game, name) in enumerate(FROM_POSITIONS):
        played = scripted_round(_bundles()[game], name, play_options)
        options.append({**play_options(_bundles()[game], played.variant, played.players),
                        "level": "strong", "budget": 40})
        jobs.append({"opt": i, "seed": 5 + i, "bots": list(range(played.players)),
                     "deal": played.deal, "moves": []})
    return options, jobs


def _play_out(options: Json, job: Json) -> list[Json]:
    table = new_table(options)
    states = [table.new_round(job["seed"], job["deal"])]
    while not table.is_over():
        turn = table.turn()
        assert turn is not None
        table.play(table.bot_move(turn))
        states.append(table.to_json())
    return states


def test_the_strong_player_knows_what_was_taken_before_a_position() -> None:
    """The strong player imagines the hand from its view: the cards taken before the position
    are in it (``before``), so that its worlds are at the right trick (Hearts' tenth, with
    hearts broken, not a first trick that refuses a heart lead) and count those cards."""
    options, jobs = _strong_from_positions()
    for (game, _name), opts, job in zip(FROM_POSITIONS, options, jobs):
        table = new_table(opts)
        table.new_round(job["seed"], job["deal"])
        seat = table.turn()
        assert seat is not None
        taken = job["deal"]["position"]["taken"]
        assert [sorted(p) for p in table.view(seat)["before"]] == [sorted(p) for p in taken], game
        end = _play_out(opts, job)[-1]
        assert end["over"] and end["trick_number"] == end["hand_tricks"] + 1, game


@needs_node
def test_the_strong_player_plays_on_from_a_position_alike_in_both_engines() -> None:
    options, jobs = _strong_from_positions()
    node = Node()
    try:
        theirs = node.ask({"options": options, "states": jobs})
    finally:
        node.close()
    for (game, _name), job, js in zip(FROM_POSITIONS, jobs, theirs):
        ours = _play_out(options[job["opt"]], job)
        assert ours == js, game


def test_every_refusal_a_reader_can_meet_has_a_rule_to_link() -> None:
    """The faults of every family's moves, but those that break no rule of the game: a move
    out of turn or of a card not held (the page offers neither), a round over, not a move."""
    not_rules = {"wrong-player", "card-not-held", "round-over", "hand-over", "bad-move"}
    faults = {f.value for enum in (PairsFault, TricksFault, ShedFault) for f in enum}
    assert faults - not_rules == set(RULE_SECTIONS)



@pytest.mark.parametrize(("lang", "game", "giver", "owner"), [
    ("ru", "uomo-nero", ["Бруно", "Карлы"], ["Бруно", "Карлы"]),
    ("ru", "schwarzer-peter", ["Йонаса", "Мии", "Пауля"], ["Йонаса", "Мии", "Пауля"]),
    ("ro", "schwarzer-peter", ["Jonas", "Mia", "Paul"], ["lui Jonas", "Miei", "lui Paul"]),
    ("it", "uomo-nero", ["Bruno", "Carla"], ["Bruno", "Carla"]),
])
def test_the_guides_example_names_come_in_each_roles_case(lang: str, game: str, giver: list[str],
                                                           owner: list[str]) -> None:
    """Issue 38: the guide seats the example's names (Anna, Bruno, Carla; Lena, Jonas, Mia,
    Paul), none of them a computer player's; a role's slot takes each in its case as the
    computer players' names do («тяните карту у Карлы», «cărțile Miei»). The first seat is
    the reader's: guide.js puts "You" there in every role."""
    renderer = SimpleNamespace(replays=corpus().replays, play_options=play_options)
    data = guide_data(renderer, _bundles()[game], lang=lang,  # type: ignore[arg-type]
                      msgs=load_messages(TEMPLATES, lang), configs=[(None, n) for n in range(2, 7)],
                      game_href="../")
    assert data is not None
    assert data["roles"]["giver"][1:] == giver and data["roles"]["owner"][1:] == owner
