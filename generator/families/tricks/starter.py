"""The trick-taking game `rulebook new --family tricks` writes: hearts and the Q♠ to avoid,
no passing, and the last two tricks of a hand, which `rulebook check` replays."""

from __future__ import annotations

from ..starter import Starter

STARTER = Starter(
    deck="french-52",
    remove="",
    players=(4, 4),
    duration="{hand: 10, game: 60}",
    difficulty=2,
    options="""\
players: 4
first_lead: left-of-dealer   # who leads the first trick
points:                      # the scoring table: cards and what each is worth
  Q♠: 13
  A♥ K♥ Q♥ J♥ 10♥ 9♥ 8♥ 7♥ 6♥ 5♥ 4♥ 3♥ 2♥: 1
total: 26                    # what the table adds up to: rulebook check adds it up
end: {over: 100, winning: lowest-wins}
""",
    example_name="last-two-tricks",
    example="""\
seats: [Anna, Bruno, Carla, Dario]   # clockwise: each one's left-hand neighbour is the next seat
genders: {Anna: f, Bruno: m, Carla: f, Dario: m}   # f or m: the form the languages use of each
position:                            # what each player holds with two tricks to go
  Anna:  A♥ 2♣
  Bruno: Q♠ 3♣
  Carla: K♥ 4♣
  Dario: 5♥ 5♣
taken:                               # the tricks each has taken so far
  Anna:  A♠ 9♠ 6♠ 2♠ A♦ 10♦ 7♦ 3♦ A♣ J♣ 8♣ Q♥
  Bruno: K♠ 10♠ 5♠ 3♠ K♦ 9♦ 6♦ 2♦
  Carla: K♣ 10♣ 7♣ J♥ Q♦ 8♦ 5♦ 10♥ J♠ 8♠ 4♠ 9♥
  Dario: Q♣ 9♣ 6♣ 8♥ J♦ 4♦ 7♥ 6♥ 7♠ 4♥ 3♥ 2♥
tricks:
  - {lead: Anna, cards: 2♣ 3♣ 4♣ 5♣, winner: Dario, points: 0}
  - {lead: Dario, cards: 5♥ A♥ Q♠ K♥, winner: Anna, points: 16}
result:
  tricks: {Anna: 4, Bruno: 2, Carla: 3, Dario: 4}
  points: {Anna: 17, Bruno: 0, Carla: 3, Dario: 6}
  scores: {Anna: 17, Bruno: 0, Carla: 3, Dario: 6}
""",
    description=("Take tricks, but avoid the hearts and the Q♠: when a total goes over "
                 "{end.over}, the lowest total wins. For {players} players."),
    sections={
        "objective": "Avoid taking hearts and the Q♠ in your tricks. When a total goes over "
                     "{end.over}, the game ends and the lowest total wins.",
        "cards": "One deck of {deck.size} cards, aces high, no trumps. Each heart is worth "
                 "{points.2♥} point to the player who takes it, and the Q♠ {points.Q♠}: "
                 "{points.total} points in every hand.",
        "setup": "Deal all the cards, {hand.cards} to each of the {players} players.",
        "gameplay": "The player on the dealer's left leads the first trick. Follow suit if "
                    "you can; otherwise play any card. The highest card of the suit led takes "
                    "the trick, and its taker leads the next one.",
        "scoring": "After the last trick, each player scores the points of the cards they "
                   "took. The game ends after a hand in which a total goes over {end.over}; "
                   "the lowest total wins.",
    },
    steps=("Deal {hand.cards} cards to each player.",
           "The player on the dealer's left leads the first trick.",
           "Follow suit if you can; the highest card of the suit led wins and leads next.",
           "Each heart {points.2♥}, the Q♠ {points.Q♠}; over {end.over} ends the game."),
    quickref={
        "in_short": ("{players} players, {hand.cards} cards each; avoid hearts and the Q♠.",
                     "Over {end.over} ends the game; the lowest total wins."),
        "turn": ("Follow suit if you can.",
                 "The highest card of the suit led wins and leads next."),
        "end": ("Count the hearts ({points.2♥} each) and the Q♠ ({points.Q♠}) you took.",),
    },
    example_title="The last two tricks",
    example_intro="Eleven tricks into a hand, Anna, Bruno, Carla and Dario, sitting "
                  "clockwise, hold two cards each. Anna took the last trick, so she leads.",
    example_steps=(
        "Anna leads the 2♣; Bruno, Carla and Dario follow with the 3♣, the 4♣ and the 5♣, "
        "and Dario's 5♣ takes the trick.",
        "Dario leads the 5♥ and Anna plays the A♥. Bruno has no heart left and drops the Q♠; "
        "Carla plays the K♥. Anna's ace takes the trick: 16 points.",
    ),
    example_result="Anna ends the hand with 17 points, Bruno with none, Carla with 3 and "
                   "Dario with 6: 26 in all.",
)


# A game of taking: Whist's shape, four players in two sides, the dealer's last card turned up
# for trumps, a point a trick over six; its example is the last two tricks of a hand.
TAKING = Starter(
    deck="french-52",
    remove="",
    players=(4, 4),
    duration="{hand: 10, game: 45}",
    difficulty=2,
    options="""\
players: 4
first_lead: left-of-dealer   # who leads the first trick
sides: partners              # partners sit across the table; a side's tricks count together
trumps: {source: dealer-last}   # the dealer's last card is turned up: its suit is trumps
book: {tricks: 6}            # a side scores a point for each trick over six
end: {over: 4, winning: highest-wins}   # the first side over 4 points wins
""",
    example_name="last-two-tricks",
    example="""\
seats: [Anna, Bruno, Carla, Dario]   # clockwise: Anna and Carla are partners, Bruno and Dario
genders: {Anna: f, Bruno: m, Carla: f, Dario: m}   # f or m: the form the languages use of each
dealer: Dario
turned: 4♥                           # the dealer's last card, turned up: hearts are trumps
position:                            # what each player holds with two tricks to go
  Anna:  A♠ 2♣
  Bruno: 3♥ 3♣
  Carla: K♠ 4♣
  Dario: 5♠ 5♣
taken:                               # the tricks each has taken so far
  Anna:  K♥ 2♥ 6♥ 7♥ Q♠ 9♠ 6♠ 2♠ A♦ 10♦ 7♦ 3♦ A♣ J♣ 8♣ Q♥
  Bruno: A♥ 10♠ 8♥ 3♠ K♦ 9♦ 6♦ 2♦ K♣ 10♣ 7♣ J♥
  Carla: Q♦ 8♦ 5♦ 10♥ J♠ 8♠ 4♠ 9♥ Q♣ 9♣ 6♣ 7♠
  Dario: J♦ 4♦ 4♥ 5♥
tricks:
  - {lead: Anna, cards: A♠ 3♥ K♠ 5♠, winner: Bruno}
  - {lead: Bruno, cards: 3♣ 4♣ 5♣ 2♣, winner: Dario}
result:
  tricks: {Anna: 4, Bruno: 4, Carla: 3, Dario: 2}
  side_tricks: {Anna: 7, Bruno: 6}
  side_scores: {Anna: 1, Bruno: 0}
""",
    description=("Two sides of partners take tricks, with the suit of the dealer's last card as "
                 "trumps; a side scores a point for each trick over {book.tricks}."),
    sections={
        "objective": "Take tricks with your partner, who sits across the table. A side scores "
                     "{book.points} point for each trick over {book.tricks}; the first side "
                     "over {end.over} points wins.",
        "cards": "One deck of {deck.size} cards, aces high. The suit of the card the dealer "
                 "turns up is trumps for the hand.",
        "setup": "Deal all the cards, {hand.cards} to each player. The dealer turns up their "
                 "last card: its suit is trumps, and the dealer keeps the card.",
        "gameplay": "The player on the dealer's left leads the first trick. Follow suit if "
                    "you can; otherwise play any card, a trump if you like. The highest trump "
                    "takes the trick, or else the highest card of the suit led, and its taker "
                    "leads the next one.",
        "scoring": "After the last trick, each side counts its tricks: {book.points} point for "
                   "each over {book.tricks}. The first side over {end.over} points wins.",
    },
    steps=("Deal {hand.cards} cards each; the dealer's last card, turned up, makes trumps.",
           "The player on the dealer's left leads the first trick.",
           "Follow suit if you can; the highest trump, else the highest card of the suit led, "
           "wins.",
           "A side scores {book.points} point a trick over {book.tricks}; over {end.over} wins."),
    quickref={
        "in_short": ("Two sides of partners, {hand.cards} cards each; the dealer's last card "
                     "makes trumps.",
                     "A point a trick over {book.tricks}; the first side over {end.over} wins."),
        "turn": ("Follow suit if you can; otherwise any card, a trump if you like.",
                 "The highest trump, else the highest card of the suit led, wins and leads next."),
        "end": ("Each side scores {book.points} point for each trick over {book.tricks}.",),
    },
    example_title="The last two tricks",
    example_intro="Eleven tricks into a hand, with hearts as trumps, Anna and Carla play "
                  "against Bruno and Dario. Anna took the last trick, so she leads.",
    example_steps=(
        "Anna leads the A♠. Bruno has no spade left and trumps with the 3♥; Carla and Dario "
        "follow with the K♠ and the 5♠. Bruno's trump takes the trick.",
        "Bruno leads the 3♣; Carla, Dario and Anna follow with the 4♣, the 5♣ and the 2♣, and "
        "Dario's 5♣ takes the trick.",
    ),
    example_result="Anna and Carla take seven tricks, one over the book: 1 point. Bruno and "
                   "Dario take six and score nothing.",
)
