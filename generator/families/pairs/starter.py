"""The pairing game `rulebook new --family pairs` writes: Old Maid with a joker as the odd
card, and the end of a round for three players, which `rulebook check` replays."""

from __future__ import annotations

from ..starter import Starter

STARTER = Starter(
    deck="french-52+joker",
    remove="",
    players=(2, 6),
    duration="{hand: 10}",
    difficulty=1,
    options="""\
pairing: rank              # a pair is two cards of one rank, any suits
odd_card: ★                # the joker pairs with nothing
draw_from: left            # each player draws from the left-hand neighbour (the next seat)
turn_passes: left          # and the turn goes to the left
first_turn: left-of-dealer-draws
""",
    example_name="end-of-a-round",
    example="""\
seats: [Anna, Bruno, Carla]   # clockwise: each one's left-hand neighbour is the next seat
genders: {Anna: f, Bruno: m, Carla: f}   # f or m: the form the languages use of each
dealer: Carla
position:                     # the hands after the first pairs
  Anna:  7♥ K♣
  Bruno: ★ 7♠
  Carla: K♦
first: Anna
moves:
  - {by: Anna, from: Bruno, draw: ★}
  - {by: Bruno, from: Carla, draw: K♦, out: [Carla]}
  - {by: Anna, from: Bruno, draw: K♦, pair: K♦ K♣}
  - {by: Bruno, from: Anna, draw: 7♥, pair: 7♥ 7♠, out: [Bruno]}
result:
  loser: Anna
  winners: [Bruno, Carla]
""",
    description=("Draw a hidden card from your neighbour, lay down pairs, and don't be left "
                 "holding the {odd_card}. For {players.min} to {players.max} players."),
    sections={
        "objective": "Lay down all your cards in pairs. The {odd_card} pairs with nothing: "
                     "whoever holds it when every pair is down loses.",
        "cards": "{deck.size} cards. Two cards of the same rank make a pair; the {odd_card} "
                 "pairs with nothing.",
        "setup": "Deal all the cards one at a time, starting on the dealer's left. Everyone "
                 "then lays down the pairs in their hand, face up.",
        "gameplay": "The player on the dealer's left starts. On your turn, draw one card, "
                    "unseen, from your left-hand neighbour; if it makes a pair, lay the pair "
                    "down. Then the turn passes to the left. A player with no cards left is "
                    "out, and safe.",
        "scoring": "When every pair is down, whoever holds the {odd_card} loses; everyone "
                   "else wins.",
    },
    steps=("Deal all {deck.size} cards and lay down your pairs.",
           "Draw one card from your left-hand neighbour; lay down a pair if it makes one.",
           "Whoever is left with the {odd_card} loses."),
    quickref={
        "in_short": ("{players.min} to {players.max} players, {deck.size} cards; pairs of "
                     "equal rank.", "Don't be left with the {odd_card}."),
        "turn": ("Draw one card from your left-hand neighbour.",
                 "Lay down a pair if it makes one."),
        "end": ("No cards left: you are out and safe.",
                "Whoever holds the {odd_card} at the end loses."),
    },
    example_title="The end of a round",
    example_intro="Anna, Bruno and Carla sit clockwise and Carla has dealt. After the first "
                  "pairs Anna holds the 7♥ and the K♣, Bruno the ★ and the 7♠, and Carla only "
                  "the K♦. Anna, on the dealer's left, starts.",
    example_steps=(
        "Anna draws from Bruno and gets the ★, which pairs with nothing.",
        "Bruno draws Carla's last card, the K♦. Carla has no cards left: she is out, and safe.",
        "Anna draws the K♦ back from Bruno and lays it down with her K♣.",
        "Carla is out, so Bruno draws from Anna: the 7♥, a pair with his 7♠. He is out too.",
    ),
    example_result="Anna is left holding the ★ and loses the round.",
)
