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
    whoever the clause names (here nobody: the sentence's subject)."""
    old = "Dario has no hearts left and trumps with the 3♠"
    found = changed("whist", "en", "a-whole-hand", old, old.replace("3♠", "A♣"))
    assert found and all(f.startswith(f"{line('whist', 'en', old)}: ") for f in found), found
    assert any("A♣ is played; in the replay 'Dario' keeps it in trick 2" in f
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
# docs/authoring.md, a few points under it, so that a reading lost shows here); card-words
# has too few changes in the corpus (three a language) to hold to a floor.
FLOORS = {"player": 0.82, "winner": 0.82, "card-absent": 1.0, "card-held": 0.80,
          "points": 0.72}


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
