"""The shedding game `rulebook new --family shedding` writes: Crazy Eights, with the first
moves of a hand for three players, which `rulebook check` replays."""

from __future__ import annotations

from ..starter import Starter

STARTER = Starter(
    deck="french-52",
    remove="",
    players=(2, 5),
    duration="{hand: 10, game: 40}",
    difficulty=1,
    options="""\
cards_dealt: {2: 7, 3: 5, 4: 5, 5: 5}   # seven cards each for two players, else five
specials:
  - {cards: "8", wild: true}   # an eight goes on anything; its player names the suit
turned_special: bottom         # an eight turned to start goes under the stock
unable: draw-one               # a player who does not play draws one card, then may play it
scoring: winner-collects       # the winner scores the cards left in the others' hands
points: {"8": 50}              # an eight left in hand counts 50; pictures 10, aces 1
match: {target: 100}           # the first to 100 points wins
""",
    example_name="first-moves",
    example="""\
seats: [Anna, Bruno, Carla]   # clockwise
genders: {Anna: f, Bruno: m, Carla: f}   # f or m: the form the languages use of each
dealer: Carla
deal:
  Anna:  7♦ 9♦ K♦ 8♠ 3♥
  Bruno: 2♦ Q♠ 5♣ J♥ 4♠
  Carla: 10♠ 6♣ A♥ 9♣ Q♣
turned: 7♣                    # the card turned to start the pile
stock: 3♦ K♠                  # the top of the stock, as far as the moves draw it
moves:
  - {by: Anna, play: 7♦}
  - {by: Bruno, play: 2♦}
  - {by: Carla, draw: 3♦}
  - {by: Carla, play: 3♦}
  - {by: Anna, play: 8♠, suit: ♥}
  - {by: Bruno, play: J♥}
  - {by: Carla, play: A♥}
""",
    description=("Match the card on the pile by suit or by rank and be the first to get rid "
                 "of your cards; the eights are wild. For {players.min} to {players.max} "
                 "players."),
    sections={
        "objective": "Be the first to play all your cards to the pile.",
        "cards": "{deck.size} cards. The eights are wild.",
        "setup": "Deal {dealt.3} cards to each player ({dealt.2} each when two play). Turn "
                 "the next card face up to start the pile; the rest is the stock. An eight "
                 "turned goes under the stock, and the next card is turned.",
        "gameplay": "The player on the dealer's left starts. On your turn, play a card of the "
                    "same suit or the same rank as the top card of the pile. An eight goes on "
                    "anything, and you name the suit the next player must play. If you do not "
                    "play, draw a card from the stock; you may play it if it fits, or pass.",
        "scoring": "The first player with no cards left wins the hand and scores the cards "
                   "left in the others' hands: 50 for an eight, 10 for a picture, 1 for an "
                   "ace, the number of pips for the rest. The first to {match.target} points "
                   "wins.",
    },
    steps=("Deal {dealt.3} cards each and turn one card to start the pile.",
           "Play a card of the same suit or rank, or an eight and name a suit.",
           "If you do not play, draw one card; play it if it fits, or pass."),
    quickref={
        "in_short": ("{players.min} to {players.max} players, {deck.size} cards; eights are "
                     "wild.", "Be the first to play all your cards."),
        "turn": ("Play a card of the same suit or rank as the top card.",
                 "Or draw one card, and play it if it fits."),
        "end": ("No cards left: you win the hand.",
                "The winner scores the cards left in the others' hands."),
    },
    example_title="The first moves of a hand",
    example_intro="Anna, Bruno and Carla sit clockwise and Carla has dealt five cards each. "
                  "The 7♣ is turned to start the pile. Anna, on the dealer's left, starts.",
    example_steps=(
        "Anna plays the 7♦ on the 7♣: the same rank.",
        "Bruno follows with the 2♦: the same suit.",
        "Carla has no diamond and no 2, so she draws a card: the 3♦.",
        "The 3♦ fits, and Carla plays it.",
        "Anna plays the 8♠, which is wild, and names hearts.",
        "Bruno must play a heart: the J♥.",
        "Carla plays the A♥, a heart too.",
    ),
    example_result="",
)
