"""The last shapes of the corpus's narration that the reader had left unread (issue 36): each
is read in the true sentence (no unread-narration left in it), and the same sentence with
one fact changed is reported at the changed word, in each language where the shape occurs.

Each case: (game, language, the true words, the words with one fact wrong, the word the
finding points at within them, the end of the finding's message)."""

from __future__ import annotations

import functools

import pytest

from conftest import corpus
from generator.check.games import check_narration_text
from generator.model.game import GameBundle

CASES = [
    # Oh Hell's five cards: Carla bids two and takes one, because Anna trumps her K♣; she
    # scores 0 (not Anna, named last: the "because" clause is not who "she" stands for).
    ("oh-hell", "en", "K♣: she scores 0", "K♣: she scores 12", "12",
     "the result gives 'Carla' 12; the replay has 0 (points taken), 1 (tricks taken)"),
    ("oh-hell", "it", "K♣: segna 0", "K♣: segna 5", "5", "the result gives 'Carla' 5"),
    ("oh-hell", "ro", "K♣: primește 0", "K♣: primește 5", "5", "the result gives 'Carla' 5"),
    ("oh-hell", "ar", "لعبتها: فتسجّل 0", "لعبتها: فتسجّل 5", "5", "the result gives 'Carla' 5"),
    ("oh-hell", "en", "because Anna trumped her K♣", "because Bruno trumped her K♣", "Bruno",
     "the result says 'Bruno' trumps K♣; in the replay 'Bruno' plays"),
    ("oh-hell", "it", "perché Anna le ha tagliato il K♣", "perché Dario le ha tagliato il K♣",
     "Dario", "the result says 'Dario' trumps K♣; in the replay 'Dario' plays"),
    ("oh-hell", "ro", "pentru că Anna i-a", "pentru că Bruno i-a", "Bruno",
     "the result says 'Bruno' trumps K♣; in the replay 'Bruno' plays"),
    ("oh-hell", "ar", "لأن آنا قطعت K♣", "لأن داريو قطعت K♣", "داريو",
     "the result says 'Dario' trumps K♣; in the replay 'Dario' plays"),
    # Oh Hell's penalty: Anna bids two and takes one, and loses 2; Carla loses 1.
    ("oh-hell", "it", "perde 2 punti", "perde 3 punti", "3", "the result gives 'Anna' 3"),
    ("oh-hell", "it", "perde 1.", "perde 4.", "4", "the result gives 'Carla' 4"),
    ("oh-hell", "ro", "pierde 2 puncte", "pierde 3 puncte", "3", "the result gives 'Anna' 3"),
    ("oh-hell", "ro", "pierde 1.", "pierde 4.", "4", "the result gives 'Carla' 4"),
    # Arabic bids and tricks in one clause, and a bid of each of two players.
    ("oh-hell", "ar", "وطلبت آنا اثنتين وأكلت", "وطلبت آنا 3 وأكلت", "3",
     "the result says 'Anna' bids 3; the script has 'Anna' bid 2"),
    ("oh-hell", "ar", "كلٌّ من برونو وداريو واحدة", "كلٌّ من برونو وداريو اثنتين", "اثنتين",
     "the result says 'Dario' bids 2; the script has 'Dario' bid 1"),
    # The penalty's trick 3: Carla plays the A♣, Dario has no club and trumps with the 7♦.
    # (a left-out subject's wrong card is reported at the card)
    ("oh-hell", "de", "aber Dario hat kein Kreuz", "aber Bruno hat kein Kreuz", "7♦",
     "step 3 says 'Bruno' plays 7♦; in the replay 'Bruno' plays 8♣ in trick 3"),
    ("oh-hell", "en", "but Dario has no club", "but Bruno has no club", "7♦",
     "step 3 says 'Bruno' plays 7♦; in the replay 'Bruno' plays 8♣ in trick 3"),
    # The hook: Dario bids one with the J♥ (Anna holds the 7♥).
    ("oh-hell", "ru", "С козырным J♥ он", "С козырным 7♥ он", "7♥",
     "the start says 'Dario' holds 7♥; in the replay 'Dario' does not"),
    # The first card of a pairing deal goes to the dealer's left: Black Peter's Player 2,
    # Peppa Tencia's Giulia (Luca deals).
    ("black-peter", "de", "Die erste Karte bekommt Spieler 2", "Die erste Karte bekommt Spieler 3",
     "Spieler 3", "the intro says '3' is dealt the first card; in the replay '2' is"),
    ("black-peter", "ru", "Первую карту получает Игрок 2", "Первую карту получает Игрок 3",
     "Игрок 3", "the intro says '3' is dealt the first card; in the replay '2' is"),
    ("peppa-tencia", "de", "also bekommt Giulia zu", "also bekommt Marco zu", "Marco",
     "the intro says 'Marco' is dealt the first card; in the replay 'Giulia' is"),
    # A pronoun that takes a card, of the mover's gender, where more of that gender are named
    # before: the mover ("Carla draws from Bruno: she gets the 5♥ back").
    ("black-peter", "de", "Er bekommt die 8♥", "Er bekommt die K♣", "K♣",
     "step 2 says '1' draws K♣; in the replay '1' draws 8♥"),
    ("uomo-nero", "en", "she gets the 5♥ back", "she gets the 8♦ back", "8♦",
     "step 3 says 'Carla' draws 8♦; in the replay 'Carla' draws 5♥"),
    ("uomo-nero", "de", "Sie bekommt die 5♥ zurück", "Sie bekommt die 8♦ zurück", "8♦",
     "step 3 says 'Carla' draws 8♦; in the replay 'Carla' draws 5♥"),
    # A short name declined (Miei, Мие): "ea", "она" after it stand for Mia.
    ("schwarzer-peter", "ro", "ea trage pe loc J♥", "ea trage pe loc 10♥", "10♥",
     "step 2 says 'Mia' draws 10♥; in the replay 'Mia' draws J♥"),
    ("schwarzer-peter", "ru", "она сразу же вытягивает J♥", "она сразу же вытягивает 10♥", "10♥",
     "step 2 says 'Mia' draws 10♥; in the replay 'Mia' draws J♥"),
    # The other card of a pair laid down "together with" it; a pronoun in the dative that a
    # card goes to; a name with a soft sign declined (Паулю).
    ("black-peter", "it", "lo cala insieme all'8♠", "lo cala insieme al K♦", "K♦",
     "step 2 says K♦ makes the pair; in the replay '1' lays down 8♥ 8♠"),
    ("black-peter", "ru", "достаётся K♦", "достаётся K♣", "K♣",
     "step 3 says '2' draws K♣; in the replay '2' draws K♦"),
    ("schwarzer-peter", "ru", "Он тянет 8♥", "Он тянет 7♦", "7♦",
     "step 3 says 'Paul' draws 7♦; in the replay 'Paul' draws 8♥"),
    # Arabic: "which is" the card taken; a verb whose gender names the receiver.
    ("black-peter", "ar", "، وهي J♣", "، وهي K♣", "K♣",
     "step 1 says '2' draws K♣; in the replay '2' draws J♣"),
    ("uomo-nero", "ar", "فيأخذ J♠", "فيأخذ 5♥", "5♥",
     "step 2 says 'Bruno' draws 5♥; in the replay 'Bruno' draws J♠"),
    # The hands a start says are left after the first pairs.
    ("schwarzer-peter", "de", "hat Anna K♥, 9♠", "hat Anna J♠, 9♠", "J♠",
     "the start says 'Anna' keeps J♠ after the first pairs; in the replay 'Bruno' does"),
    ("somarone", "ar", "وتبقي 4♣ و 6♦", "وتبقي 4♥ و 6♦", "4♥",
     "the start says 'Elena' keeps 4♥ after the first pairs; in the replay 'Franco' does"),
    # The card a result says is left in a player's hand.
    ("black-peter", "ar", "يبقى J♣ في يد اللاعب 2", "يبقى J♣ في يد اللاعب 1", "اللاعب 1",
     "the result says J♣ is '1''s; at the end '2' holds it"),
    ("old-maid", "ar", "تبقى 5♣ مع كارلا", "تبقى 5♣ مع آنا", "آنا",
     "the result says 5♣ is 'Anna''s; at the end 'Carla' holds it"),
    # A running score after the hand's ("and drops to 16", "فيصل إلى 101").
    ("hearts", "ar", "فيصل إلى 101", "فيصل إلى 102", "102", "step 6 gives 'Bruno' 102"),
    ("peppa", "ar", "فيبلغ 103", "فيبلغ 104", "104", "step 6 gives 'Bruno' 104"),
    ("peppa-scivolosa", "en", "drops to 16", "drops to 17", "17", "step 9 gives 'Carla' 17"),
    ("peppa-scivolosa", "de", "fällt auf 16", "fällt auf 17", "17", "step 9 gives 'Carla' 17"),
    ("peppa-scivolosa", "ar", "وتهبط إلى 16", "وتهبط إلى 17", "17", "step 9 gives 'Carla' 17"),
    # A sum worked out (each figure the player's), and the figures of a player named alone
    # before them ("and Dario, four tricks with −84 in them, scores −44").
    ("peppa-scivolosa", "en", "30 − 12 = 18", "30 − 12 = 19", "19",
     "the result gives 'Carla' 19"),
    ("peppa-scivolosa", "de", "30 − 12 = 18", "30 − 13 = 18", "13",
     "the result gives 'Carla' 13"),
    ("peppa-scivolosa", "it", "con dentro −84", "con dentro −85", "−85",
     "the result gives 'Dario' -85"),
    ("peppa-scivolosa", "ru", "получает −44", "получает −45", "−45",
     "the result gives 'Dario' -45"),
    ("peppa-scivolosa", "ar", "أي 18", "أي 19", "19", "the result gives 'Carla' 19"),
    # Tricks taken said without the word for tricks after a sentence that speaks of them, in
    # a list with the verb left out ("Anna has taken one, Bruno three"), or as all of them.
    ("peppa-scivolosa", "en", "Anna has taken one, Bruno three", "Anna has taken one, Bruno two",
     "two", "the intro says 'Bruno' has taken 2 trick(s); in the replay 'Bruno' has taken 3"),
    ("peppa-scivolosa", "ro", "Bruno trei, Carla două", "Bruno două, Carla două", "două",
     "the intro says 'Bruno' has taken 2 trick(s); in the replay 'Bruno' has taken 3"),
    ("peppa-scivolosa", "ar", "وبرونو ثلاثًا", "وبرونو اثنتين", "اثنتين",
     "the intro says 'Bruno' has taken 2 trick(s); in the replay 'Bruno' has taken 3"),
    ("chat-noir", "en", "Bruno has taken three", "Bruno has taken two", "two",
     "the intro says 'Bruno' has taken 2 trick(s); in the replay 'Bruno' has taken 3"),
    ("chat-noir", "ro", "Bruno a luat trei", "Bruno a luat două", "două",
     "the intro says 'Bruno' has taken 2 trick(s); in the replay 'Bruno' has taken 3"),
    ("peppa", "en", "Anna has taken every one", "Bruno has taken every one", "every",
     "the intro says 'Bruno' has taken 10 trick(s); in the replay 'Bruno' has taken 0"),
    ("peppa", "ru", "все до одной взяла Анна", "все до одной взял Бруно", "все",
     "the intro says 'Bruno' has taken 10 trick(s); in the replay 'Bruno' has taken 0"),
    ("peppa", "ar", "أكلت آنا كل واحدة منها", "أكل برونو كل واحدة منها", "كل واحدة",
     "the intro says 'Bruno' has taken 10 trick(s); in the replay 'Bruno' has taken 0"),
    # A card as the subject of its verb: "K♥ проходит" (holds the trick), "l'A♥ raccoglie"
    # (takes), German's relative with its verb last; an Arabic name and card with the verb
    # left out, a relative clause after the card.
    ("hearts", "ru", "K♥ проходит", "8♦ проходит", "8♦",
     "step 2 says the 8♦ takes trick 11; in the replay 'Anna''s K♥ takes it"),
    ("peppa", "it", "Infine l'A♥ raccoglie", "Infine il 2♥ raccoglie", "2♥",
     "step 3 says the 2♥ takes trick 13; in the replay 'Anna''s A♥ takes it"),
    ("peppa", "de", "die den Herzkönig holt", "die den Herzbuben holt", "Herzbuben",
     "step 11 says J♥ is taken in trick 11; it is not played in it"),
    ("peppa", "ar", "برونو بالورقة K♦ التي", "كارلا بالورقة K♦ التي", "كارلا",
     "step 7 says 'Carla' plays K♦"),
    ("peppa", "ar", "وبرونو 10♣ التي", "وداريو 10♣ التي", "وداريو",
     "step 11 says 'Dario' plays 10♣"),
    # Whom a player draws from, as an intro says of the seating; a loser's mark on the tally;
    # a player said to win at the step they go out.
    ("black-peter", "ru", "у Игрока 3, третий", "у Игрока 1, третий", "1",
     "the intro says '2' draws from '1'; in this game '2' draws from '3'"),
    ("schwarzer-peter", "de", "bekommt Lena einen Strich", "bekommt Mia einen Strich", "Mia",
     "the result says 'Mia' loses; in the replay 'Lena' loses"),
    ("schwarzer-peter", "ar", "نفدت أوراق ميا ففازت", "نفدت أوراق لينا ففازت", "لينا",
     "step 7 says 'Lena' wins"),
    # The sentence after a colon goes on with the one player of the sentence before it.
    ("hearts", "it", "invece il K♠", "invece il Q♠", "Q♠",
     "step 1 says 'Bruno' plays Q♠; in the replay 'Bruno' plays K♠ in trick 1"),
    ("uomo-nero", "ro", "primește înapoi 5♥", "primește înapoi 8♦", "8♦",
     "step 3 says 'Carla' draws 8♦; in the replay 'Carla' draws 5♥"),
    # "holt sich … zurück": takes a card back.
    ("somarone", "de", "holt sich die 3♥", "holt sich die 3♠", "3♠",
     "step 4 says 'Elena' draws 3♠; in the replay 'Elena' draws 3♥"),
    # A shedding step that names its mover alone before a left-out subject; a card that
    # "kommt auf" the pile; a draw with no card named.
    ("crazy-eights", "it", "pesca il 3♦", "pesca il 7♦", "7♦",
     "step 22 says 'Bruno' draws 7♦; in the replay 'Bruno' draws 3♦ 4♥"),
    ("crazy-eights", "ro", "trage 3♦, apoi", "trage 7♦, apoi", "7♦",
     "step 22 says 'Bruno' draws 7♦; in the replay 'Bruno' draws 3♦ 4♥"),
    ("crazy-eights", "ru", "она кладёт 8♥", "она кладёт 9♦", "9♦",
     "step 11 says 'Anna' plays 9♦; in the replay 'Anna' plays 8♥"),
    ("crazy-eights", "de", "Seine 7♥ kommt", "Seine J♦ kommt", "J♦",
     "step 2 says 'Bruno' plays J♦; in the replay 'Bruno' plays 7♥"),
    ("crazy-eights", "ru", "Бруно снова берёт из колоды", "Анна снова берёт из колоды", "Анна",
     "step 13 says 'Anna' draws; in the replay 'Bruno' draws"),
    # A name after the subject's verb is its object: "Carla tries to stop Anna with the 3♦".
    ("macao", "en", "Carla tries to stop Anna", "Anna tries to stop Carla", "Anna",
     "step 16 says 'Anna' plays 3♦; in the replay 'Carla' does"),
    ("macao", "it", "Carla prova a fermare Anna", "Anna prova a fermare Carla", "Anna",
     "step 16 says 'Anna' plays 3♦; in the replay 'Carla' does"),
    # The player a pass goes to; a Russian name between its card and the verb of playing.
    ("peppa", "ru", "Дарио K♠, A♥ и K♥;", "Бруно K♠, A♥ и K♥;", "Бруно",
     "the start says 'Anna' passes to 'Bruno'; in this hand 'Anna' passes to 'Dario'"),
    ("whist", "ru", "а 9♠ Бруно падает", "а 9♠ Карла падает", "Карла",
     "step 10 says 'Carla' plays 9♠"),
    # A side's figures: "lead 3 to 2" (the side's, then the others'), "they score 2", and
    # a side's tricks in a score sheet's hand against what they score over the book.
    ("whist", "en", "lead 3 to 2", "lead 4 to 2", "4", "step 3 gives 'Anna' 4"),
    ("whist", "ro", "cu 7 la 5", "cu 7 la 6", "6", "the result gives 'Bruno' 6"),
    ("whist", "ru", "они записывают 2 очка", "они записывают 3 очка", "3",
     "the result gives 'Anna' 3"),
    ("whist", "en", "turned up: Anna and Carla take seven", "turned up: Anna and Carla take eight",
     "eight", "step 7 says 'Anna' and 'Carla' take 8 tricks, which score 2; in the replay "
     "they score 1, 1"),
    ("whist", "ar", "يأخذ برونو وداريو سبع أكلات", "يأخذ برونو وداريو تسع أكلات", "تسع",
     "step 4 says 'Bruno' and 'Dario' take 9 tricks, which score 3; in the replay they "
     "score 1, 1"),
    # What a card is worth, said after it; the trick's points "with" the trick.
    ("briscola", "ar", "3♣ وقيمتها 10", "3♣ وقيمتها 11", "11",
     "step 2 says 3♣ is worth 11; in this game it is worth 10"),
    ("briscola", "ru", "с её 4 очками", "с её 5 очками", "5",
     "5 points; in the replay it holds 4"),
    # The card that takes the hand's last trick, said in an earlier step.
    ("briscola", "de", "letzten Stich holt das A♣", "letzten Stich holt das 3♥", "3♥",
     "step 3 says the 3♥ takes the last trick; in the replay 'Bruno''s A♣ takes it"),
    # Each of a player's figures in one clause of taking or losing (the points of her tricks),
    # and what a card is worth said before it.
    ("peppa-scivolosa", "en", "with −14 and −20 in cards", "with −15 and −20 in cards", "−15",
     "the result gives 'Anna' -15"),
    ("peppa-scivolosa", "ar", "14 ثم 20", "14 ثم 21", "21", "the result gives 'Anna' 21"),
    ("peppa", "en", "2 for the J♥", "3 for the J♥", "3",
     "step 13 says J♥ is worth 3; in this game it is worth 2"),
]


def _ids(case: tuple[str, ...]) -> str:
    return f"{case[0]}-{case[1]}-{case[3]}"


def _mark(text: str, words: str, word: str) -> tuple[int, int]:
    """line:col of ``word`` within, or else first after, the first ``words`` of ``text``."""
    offset = text.index(word, text.index(words))
    return text.count("\n", 0, offset) + 1, offset - text.rfind("\n", 0, offset)


@functools.cache
def _game(game: str) -> GameBundle:
    return next(b for b in corpus().games if b.rules.id == game)


@pytest.mark.parametrize("case", CASES, ids=_ids)
def test_the_sentence_with_one_fact_wrong_is_reported_at_the_fact(case: tuple[str, ...]) -> None:
    # the corpus's game, its language file changed in memory and that language's narration
    # checked for each example (a sixth of checking a copy of the whole game folder)
    game, lang, true, wrong, word, message = case
    bundle = _game(game)
    text = bundle.languages[lang].source.text
    assert true in text, f"{true!r} not in {game}/{lang}.yaml"
    text = text.replace(true, wrong, 1)
    line, col = _mark(text, wrong, word)
    found = [f"{d.mark.line}:{d.mark.col}: {d.message}" for example in bundle.examples
             for d in check_narration_text(bundle, lang, text, example=example).errors
             if d.code == "narration-claim"]
    assert [f for f in found if f.startswith(f"{line}:{col}: {lang}: ") and message in f], found


@pytest.mark.parametrize("game", sorted({case[0] for case in CASES}))
def test_the_true_sentences_are_read(game: str) -> None:
    readings = [r for r in corpus().report.readings if r.game == game]
    assert readings and not [d for d in corpus().report.errors if f"/{game}/" in d.mark.path]
    for _, lang, true, *_ in [case for case in CASES if case[0] == game]:
        said = " ".join(true.split())
        left = [u for r in readings if r.lang == lang for u in r.unread if said in u.sentence]
        assert not left, (lang, left)


@pytest.mark.slow  # reads every narration of the corpus: grows with it
def test_the_corpus_reads_clean() -> None:
    """Every sentence of the corpus's narrations that needs a claim is read: `rulebook check`
    and `build` warn of none (the warning is on by default; its sentences are the readings'
    unread ones, which the check keeps whether it warns or not)."""
    assert corpus().ok
    assert [(r.path, r.line, u.sentence) for r in corpus().report.readings for u in r.unread] == []
