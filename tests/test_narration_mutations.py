"""The narration reader, measured (issue 36): the corpus's narrations with one fact changed
must be reported at the changed line (tests/narration_mutations.py defines what is changed
and what counts), the silent cases of the issue are caught, and true sentences of the kinds
the reader could mistake (a dative, a discard's receiver, a player named as a place) pass.

The unit tier checks a seeded sample of the changes of three games, one of each family; the
slow tier every change of the corpus against the floors of the recall table (docs/authoring.md,
"What the narration reader reads"); bench/narration_recall.py prints the whole table."""

from __future__ import annotations

import pytest
from narration_mutations import KINDS, corpus_mutations, run, sample, shown, table

from conftest import corpus, sized
from generator.check.games import check_narration_text


def changed(game: str, lang: str, example: str, old: str, new: str) -> list[str]:
    """The errors of the corpus game's ``lang`` narration with ``old`` changed to ``new``,
    as 'line: message'."""
    bundle = next(b for b in corpus().games if b.rules.id == game)
    text = bundle.languages[lang].source.text
    assert text.count(old) == 1, (game, lang, old)
    report = check_narration_text(bundle, lang, text.replace(old, new), example=example)
    return [f"{d.mark.line}: {d.message}" for d in report.errors]


def line(game: str, lang: str, needle: str) -> int:
    bundle = next(b for b in corpus().games if b.rules.id == game)
    rows = bundle.languages[lang].source.text.splitlines()
    return next(i for i, row in enumerate(rows, 1) if needle in row)


# -- the silent cases of the issue: each passed on main without a finding -------------------

def test_a_wrong_player_in_a_sentence_that_names_several() -> None:
    """Trick 8 of Hearts' first hand: Anna 7♦, Bruno 10♥, Carla A♦, Dario 4♥."""
    found = changed("hearts", "en", "first-hand",
                    "Anna leads the 7♦. Bruno discards the 10♥ and Dario the 4♥",
                    "Anna leads the 7♦, Carla plays the 10♥ and Dario the 4♥")
    assert found == [f"{line('hearts', 'en', 'Anna leads the 7♦. Bruno discards')}: en: step 8 "
                     "says 'Carla' plays 10♥; in the replay 'Carla' plays A♦ in trick 8"]


def test_the_italian_trick_is_of_a_player() -> None:
    """Oh Hell's first trick is Anna's: «la presa è di Carla» is wrong."""
    old = "Dario il 9♥, e la presa è di Anna."
    found = changed("oh-hell", "it", "five-cards", old, old.replace("Anna", "Carla"))
    assert found == [f"{line('oh-hell', 'it', old)}: it: step 1 says 'Carla' takes trick 1; "
                     "the replay has 'Anna' take it"]


def test_a_score_said_with_a_pronoun() -> None:
    """Hearts' first hand: Bruno scores 7, never −4."""
    old = "Anna scores 13 for the queen, Bruno 7, Carla 6,"
    found = changed("hearts", "en", "first-hand", old,
                    "Anna scores 13 for the queen. Bruno takes the last trick: he scores −4. "
                    "Carla 6,")
    assert len(found) == 1 and found[0].startswith(
        f"{line('hearts', 'en', old)}: en: the result gives 'Bruno' -4; the replay has "), found


def test_a_card_in_words_that_the_player_holds_but_did_not_play() -> None:
    """Trick 5 of Hearts' first hand: Anna plays the Q♣ and keeps the K♥."""
    old = "Carla leads the 4♣. Dario plays the 3♣ and Anna the Q♣."
    found = changed("hearts", "en", "first-hand", old,
                    "Carla leads the 4♣ and Dario plays the 3♣. Anna has no choice: she drops "
                    "the king of hearts.")
    assert found == [f"{line('hearts', 'en', old)}: en: step 5 says 'Anna' plays K♥; in the "
                     "replay 'Anna' plays Q♣ in trick 5"]


def test_points_in_a_trick_s_narration() -> None:
    """Trick 10 of Hearts' first hand holds 2 points, and Bruno takes it."""
    found = changed("hearts", "en", "first-hand", "Bruno\n        takes 2 more points.",
                    "Bruno\n        takes the jack and 3 points.")
    assert found == [f"{line('hearts', 'en', 'takes 2 more points')}: en: step 10 gives trick "
                     "10 3 points; in the replay it holds 2"]


def test_a_card_said_to_be_played_that_stays_in_a_hand() -> None:
    """Whist's trick 2: Dario trumps with the 3♠; 'trumps with' a card he keeps is false,
    whoever the clause names (here nobody: the clause joined by "and" to Dario's, read as
    his since issue 36, so the finding says who plays what)."""
    old = "Dario has no hearts left and trumps with the 3♠"
    found = changed("whist", "en", "a-whole-hand", old, old.replace("3♠", "A♣"))
    assert found and all(f.startswith(f"{line('whist', 'en', old)}: ") for f in found), found
    assert any("says 'Dario' plays A♣; in the replay 'Dario' plays 3♠ in trick 2" in f
               for f in found), found


def test_a_card_a_player_is_said_to_hold() -> None:
    """Oh Hell, trumps in turn, trick 1: Bruno holds the A♣ (Anna does not)."""
    old = "Bruno has only the A♣ in clubs and must play it"
    found = changed("oh-hell", "en", "trumps-in-turn", old, old.replace("Bruno", "Anna"))
    assert any(f.startswith(f"{line('oh-hell', 'en', old)}: en: step 1 says 'Anna' holds A♣")
               for f in found), found


@pytest.mark.parametrize(("game", "example", "old", "new"), [
    # both partners score what their side scores
    ("whist", "a-game-to-seven", "Bruno and Dario take eight tricks and score 2.",
     "Bruno and Dario take eight tricks and score 3."),
    # a figure after a colon, "each" of the players before it
    ("oh-hell", "one-card", "Anna and Carla bid nothing and took nothing: 10 each.",
     "Anna and Carla bid nothing and took nothing: 12 each."),
])
def test_a_figure_said_of_several_players(game: str, example: str, old: str, new: str) -> None:
    found = changed(game, "en", example, old, new)
    assert len(found) == 2 and all(f.startswith(f"{line(game, 'en', old)}: ") for f in found), \
        found


def test_a_pair_made_with_a_card_that_stays_in_the_hand() -> None:
    """Schwarzer Peter, the jack of spades, step 4: Anna pairs the K♦ with her K♥ (her Q♦
    stays in her hand)."""
    old = "Anna draws the K♦ from Carla and pairs it with her K♥"
    found = changed("schwarzer-peter", "en", "jack-of-spades", old, old.replace("K♥", "Q♦"))
    assert found == [f"{line('schwarzer-peter', 'en', old)}: en: step 4 says Q♦ makes the "
                     "pair; in the replay 'Anna' lays down K♦ K♥"]


def test_a_pronoun_stands_for_a_cards_owner() -> None:
    """Crazy Eights, drawing by choice: 'Bruno's 7♦ does not fit; he draws the 3♦, then the
    4♥' (he is Bruno, named only as the 7♦'s owner)."""
    old = "he draws the 3♦, then the 4♥."
    found = changed("crazy-eights", "en", "action-cards", old, old.replace("4♥", "7♦"))
    assert found == [f"{line('crazy-eights', 'en', old)}: en: step 22 says 'Bruno' draws 7♦; "
                     "in the replay 'Bruno' draws 3♦ 4♥"]


# -- true sentences the reader must not take for claims -----------------------------------

def test_the_german_dative_names_the_receiver_not_the_player() -> None:
    """Trick 7: Carla 4♠, Dario 10♠, Anna A♠ (she takes it), Bruno J♠ onto her trick."""
    old = "Brunos J♠ ist niedriger."
    assert changed("hearts", "de", "first-hand", old,
                   "Bruno hat nichts Besseres und wirft Anna den J♠ zu.") == []


@pytest.mark.parametrize(("game", "lang", "example", "old", "new"), [
    # the receiver of a discard (trick 4: Dario's 8♥ goes to Carla, who takes the trick)
    ("hearts", "en", "first-hand", "drops the 8♥ on Carla.", "drops the 8♥ onto Carla's trick."),
    ("hearts", "en", "first-hand", "drops the 8♥ on Carla.", "gives Carla the 8♥."),
    # a player named as a place: the card comes from her hand
    ("uomo-nero", "en", "anna-bruno-carla", "Anna draws the Q♣ from her fan",
     "Anna draws the Q♣ from Carla's hand"),
    ("hearts", "en", "first-hand", "Bruno has no clubs and\n        this time nothing stops him:",
     "Bruno has no clubs and\n        this time nothing stops him: from Bruno's hand"),
    # cards kept, named beside a card played: "keeps", "instead of" claim nothing of the trick
    ("whist", "en", "a-whole-hand", "Dario has no hearts left and trumps with the 3♠",
     "Dario has no hearts left and trumps with the 3♠, keeping the A♣"),
    ("whist", "en", "a-whole-hand", "Dario has no hearts left and trumps with the 3♠",
     "Dario has no hearts left and trumps with the 3♠ instead of the A♣"),
    # the partners' side: one figure, but each partner's alone is not a joint claim
    ("whist", "en", "a-game-to-seven", "Bruno and Dario take eight tricks and score 2.",
     "Bruno and Dario take eight tricks, and each of them scores 2."),
    # a pair's card named beside a card kept, in a clause that makes no pair
    ("schwarzer-peter", "en", "jack-of-spades",
     "Anna draws the K♦ from Carla and pairs it with her K♥",
     "Anna draws the K♦ from Carla and pairs it with her K♥, keeping her Q♦"),
])
def test_true_sentences_pass(game: str, lang: str, example: str, old: str, new: str) -> None:
    assert changed(game, lang, example, old, new) == []


# -- the mutation test ----------------------------------------------------------------------

def test_a_sample_of_changes_is_reported_at_the_changed_line() -> None:
    """A seeded sample of the changes of one game of each family, in every language: every
    change of a kind the reader reads fully is reported; the others mostly."""
    checked = corpus()
    games = ("hearts", "crazy-eights", "old-maid")
    found = [(b, m) for b, m in corpus_mutations(checked, games=games)]
    outcomes = [run(b, m) for b, m in sample(found, 30)]
    cells = table(outcomes)
    missed = [o.mutation.where + f" {o.mutation.old!r}->{o.mutation.new!r}"
              for o in outcomes if not o.caught and o.mutation.kind == "card-absent"]
    assert not missed, missed
    caught, counted = cells[("all", "all")]
    assert caught >= 0.7 * counted, shown(cells)


# The floors of the recall table, in every language (the lowest language's figure in
# docs/authoring.md, a few points under it, so that a reading lost shows here; "all", each
# language's whole recall, 95 % or more on 2026-12-04); card-words has too few changes in the
# corpus (three a language) to hold to a floor.
FLOORS = {"player": 0.93, "winner": 0.85, "card-absent": 1.0, "card-held": 0.88,
          "points": 0.75, "all": 0.94,
          # the intro's kinds (issue 36): turned 100 % in every language; dealt 79 % in
          # Russian (11/14), and 5 of the 6 changes every tenth change reads
          "turned": 0.95, "dealt": 0.75}


# make test reads every tenth change (about 1,060, of every game, kind and language): a kind's
# recall over all languages is then within a few points of the whole run's, and each is well
# above its floor; a language's is not (some seventy changes a cell), so the floors hold by
# kind there, and by kind and language in make test-deep, which reads every change.
STRIDE = sized(10, 1)


@pytest.mark.slow
@pytest.mark.deep
def test_every_change_of_the_corpus() -> None:
    checked = corpus()
    outcomes = [run(b, m) for b, m in list(corpus_mutations(checked))[::STRIDE]]
    cells = table(outcomes)
    low = [(kind, lang, f"{got}/{n}") for (kind, lang), (got, n) in cells.items()
           if kind in FLOORS and (lang != "all" if STRIDE == 1 else lang == "all")
           and got < FLOORS[kind] * n]
    assert not low, shown(cells)
    assert set(KINDS) >= {kind for kind, _ in cells if kind != "all"}


# -- the readings added for 95 % in every language (2026-12-04): each a change of the corpus
# that the reader of ce3e1c4 let pass, reported now at the changed word, and a true sentence
# of the same shape that passes --------------------------------------------------------------

def errors_at(game: str, lang: str, example: str, old: str, new: str) -> list[str]:
    """The errors of the corpus game's ``lang`` narration with ``old`` changed to ``new``,
    as 'line:col: message'."""
    bundle = next(b for b in corpus().games if b.rules.id == game)
    text = bundle.languages[lang].source.text
    assert text.count(old) == 1, (game, lang, old)
    report = check_narration_text(bundle, lang, text.replace(old, new), example=example)
    return [f"{d.mark.line}:{d.mark.col}: {d.message}" for d in report.errors]


def place(game: str, lang: str, old: str, new: str, token: str) -> str:
    """'line:col' of ``token`` (its first occurrence from ``new`` on) once ``old`` is
    changed."""
    bundle = next(b for b in corpus().games if b.rules.id == game)
    text = bundle.languages[lang].source.text
    start = text.index(old)
    text = text.replace(old, new)
    at = text.index(token, start)
    return f"{text[:at].count(chr(10)) + 1}:{at - text.rfind(chr(10), 0, at)}"


@pytest.mark.parametrize(("game", "lang", "example", "old", "new", "token", "message"), [
    # a card of the trick said of the wrong player: reported at the name, a line above the card
    ("hearts", "en", "first-hand", "Carla plays the K♣, Dario the\n        6♣",
     "Carla plays the K♣, Carla the\n        6♣", "Carla the",
     "en: step 12 says 'Carla' plays 6♣; in the replay 'Carla' plays K♣ in trick 12"),
    # a pronoun and a word of taking a card, one player of its gender named before
    ("crazy-eights", "ru", "two-eights", "Она\n        берёт 9♣", "Она\n        берёт 5♠", "5♠",
     "ru: step 11 says 'Anna' draws 5♠; in the replay 'Anna' draws 9♣ K♥"),
    # "with the card": the card is played
    ("crazy-eights", "en", "two-eights", "Bruno changes the suit by rank with the 2♥.",
     "Bruno changes the suit by rank with the 8♠.", "8♠",
     "en: step 8 says 'Bruno' plays 8♠; in the replay 'Bruno' plays 2♥"),
    # Romanian after "must": the subjunctive
    ("chat-noir", "ro", "minus-twenty", "Carla trebuie să joace K♦", "Carla trebuie să joace A♥",
     "A♥", "ro: step 2 says 'Carla' plays A♥; in the replay 'Carla' plays K♦ in trick 11"),
    # a pronoun for the card named before ("she plays it", "فيرميها")
    ("crazy-eights", "en", "two-eights", "other than the 8♥. She plays it",
     "other than the 5♠. She plays it", "5♠",
     "en: step 9 says 'Anna' plays 5♠; in the replay 'Anna' plays 8♥"),
    ("crazy-eights", "ar", "drawing-by-choice", "ليس مع برونو من البستوني إلا 6♠، فيرميها.",
     "ليس مع برونو من البستوني إلا 2♥، فيرميها.", "2♥",
     "ar: step 20 says 'Bruno' plays 2♥; in the replay 'Bruno' plays 6♠"),
    # a pairing step gives a card to an owner who does not hold it
    ("old-maid", "en", "four-players", "pairs with Chloe's 10♠", "pairs with Alice's 10♠",
     "Alice", "en: step 11 says 10♠ is 'Alice''s; in the replay 'Chloe' holds it"),
    # German: "passt zu" makes a pair, a subordinate clause's verb carries its particle
    ("schwarzer-peter", "de", "jack-of-spades", "die zu Carlas Q♥ passt",
     "die zu Carlas J♠ passt", "J♠",
     "de: step 6 says J♠ makes the pair; in the replay 'Carla' lays down Q♦ Q♥"),
    ("whist", "de", "the-turned-card", "während Bruno die 7♠ abwirft",
     "während Bruno die 8♦ abwirft", "8♦",
     "de: step 3 says 'Bruno' plays 8♦; in the replay 'Bruno' plays 7♠ in trick 12"),
    # Arabic: a list that names a player twice, the drawer named again as the owner, "X's
    # card, C", and "لا بدّ لـ" (must), which denies nothing
    ("chat-noir", "ar", "minus-twenty", "وتتبعه كارلا وداريو وآنا", "وتتبعه كارلا وآنا وآنا",
     "5♣", "ar: step 1 says 'Anna' plays 5♣; in the replay 'Anna' plays 2♣ in trick 10"),
    ("black-peter", "ar", "full-pack", "يسحب برونو Q♥ من آنا", "يسحب آنا Q♥ من آنا", "آنا",
     "ar: step 2 says 'Anna' draws Q♥; in the replay 'Bruno' does"),
    ("hearts", "ar", "first-hand", "J♠ أدنى منها", "10♥ أدنى منها", "10♥",
     "ar: step 7 says 'Bruno''s 10♥ is in trick 7; in the replay 'Bruno' plays J♠ and keeps "
     "10♥"),
    ("chat-noir", "ar", "minus-twenty", "ولا بد لكارلا أن تلعب K♦", "ولا بد لكارلا أن تلعب A♥",
     "A♥", "ar: step 2 says 'Carla' plays A♥; in the replay 'Carla' plays K♦ in trick 11"),
    # a pronoun opening a move's step, nobody named before it: the mover, of its gender
    ("macao", "en", "a-hand-for-two", "She plays the 7♠, which", "She plays the K♦, which",
     "K♦", "en: step 7 says 'Anna' plays K♦; in the replay 'Anna' plays 7♠"),
    # German "X nimmt Y die 3♥ ab": Y is the one it is taken from
    ("somarone", "de", "three-players", "Dario nimmt Franco die 3♥ ab",
     "Dario nimmt Franco die 7♣ ab", "7♣",
     "de: step 3 says 'Dario' draws 7♣; in the replay 'Dario' draws 3♥"),
    # Arabic "ليس مع X ... إلا C" (X's one card of the suit is C): X's, and the card played
    ("chat-noir", "ar", "minus-twenty", "إلا Q♠، وهي أعلى", "إلا 8♥، وهي أعلى", "8♥",
     "ar: step 3 says 'Dario''s 8♥ is in trick 12; in the replay 'Dario' plays Q♠ and keeps "
     "8♥"),
    ("chat-noir", "ar", "minus-twenty", "وليس مع داريو من البستوني", "وليس مع برونو من البستوني",
     "برونو", "ar: step 3 says Q♠ is 'Bruno''s; in the replay 'Dario' plays it in trick 12"),
    # a player named twice in one clause of names and cards
    ("oh-hell", "ar", "penalty", "وتلعب كارلا 10♥ وداريو 2♥", "وتلعب داريو 10♥ وداريو 2♥",
     "10♥", "ar: step 2 says 'Dario' plays 10♥; in the replay 'Dario' plays 2♥ in trick 2"),
    # an Arabic verb with no subject is of the last player of its gender named
    ("peppa", "ar", "counter-clockwise", "ولا ديناري مع داريو فيرمي A♥",
     "ولا ديناري مع برونو فيرمي A♥", "A♥",
     "ar: step 2 says 'Bruno' plays A♥; in the replay 'Bruno' plays 5♦ in trick 12"),
])
def test_a_change_newly_read_is_reported_at_the_word(game: str, lang: str, example: str,
                                                     old: str, new: str, token: str,
                                                     message: str) -> None:
    assert errors_at(game, lang, example, old, new) == [
        f"{place(game, lang, old, new, token)}: {message}"]


@pytest.mark.parametrize(("game", "lang", "example", "old", "new"), [
    # "with the card", true
    ("crazy-eights", "en", "two-eights", "Bruno changes the suit by rank with the 2♥.",
     "Bruno turns the pile to hearts with the 2♥."),
    # a card "in" the trick is not played by the one who takes it
    ("hearts", "en", "first-hand", "goes onto Anna's trick, 13 points.",
     "goes onto Anna's trick, 13 points. Anna takes the trick with the Q♠ in it."),
    # "she must play it" where the card named before is another player's (the Peppa, in
    # words the reader does not read, is the one she plays)
    ("peppa", "en", "turin-hand", "Carla leads the 4♠ and Bruno, on her right, plays the K♠.",
     "Carla leads the 4♠. Bruno, on her right, plays the K♠."),
    # a pair's card given its true owner
    ("old-maid", "en", "four-players", "The 10♣ pairs with Chloe's 10♠",
     "Chloe's 10♠ pairs with the 10♣"),
    # a pronoun with a word of taking a card, after two players of its gender: no guess
    ("black-peter", "de", "endgame", "Er bekommt die 8♥", "Er bekommt dann die 8♥"),
    # an Arabic denial without "إلا" claims nothing
    ("peppa", "ar", "counter-clockwise", "ولا ديناري مع داريو فيرمي A♥",
     "ولا ديناري مع داريو فيرمي A♥، ولا يمكن أن يلعب 5♦"),
    # German "weder ... noch" denies
    ("hearts", "de", "with-five-players", "weder die Q♠ noch ein Herz abwerfen",
     "weder die Q♠ noch ein Herz abwerfen oder ausspielen"),
])
def test_a_true_sentence_of_a_new_reading_passes(game: str, lang: str, example: str, old: str,
                                                 new: str) -> None:
    assert errors_at(game, lang, example, old, new) == []
