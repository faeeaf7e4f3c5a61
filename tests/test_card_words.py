"""Cards named in words: the recognizer on each language's inflected forms, and the
narration check holding a card named in words to the same rule as a glyph, in every language."""

from __future__ import annotations

import pytest

from conftest import RULES, corpus, formatted
from generator.core.cards import JOKER, RED_JOKER, parse_card
from generator.core.cardwords import LANGUAGES, find_card_mentions, find_named_cards, spoken_name


def named(text: str, lang: str) -> list[tuple[str, str]]:
    """(words as written, card) of every card ``text`` names in words."""
    return [(words, str(card)) for _, words, card in find_named_cards(text, lang)]


@pytest.mark.parametrize("lang, text, expected", [
    ("ru", "Анна кладёт восьмёрку червей, а Бруно бьёт её дамой пик.",
     [("восьмёрку червей", "8♥"), ("дамой пик", "Q♠")]),
    ("ru", "Восьмерка червей и туза бубён, тузом треф, валета бубен", [
        ("Восьмерка червей", "8♥"), ("туза бубён", "A♦"), ("тузом треф", "A♣"),
        ("валета бубен", "J♦")]),
    ("ru", "забирает червового короля, а пиковую даму сносит; бубновый валет",
     [("червового короля", "K♥"), ("пиковую даму", "Q♠"), ("бубновый валет", "J♦")]),
    ("ru", "тянет рыцаря кубков, и туз жезлов остаётся", [
        ("рыцаря кубков", "Q♥"), ("туз жезлов", "A♣")]),
    ("de", "Sie legt die Pik-Dame, er den Kreuz-Buben; der Herzkönig und das Karo-As.",
     [("Pik-Dame", "Q♠"), ("Kreuz-Buben", "J♣"), ("Herzkönig", "K♥"), ("Karo-As", "A♦")]),
    ("de", "mit der Pikdame, dem Herz-Bauern, die Herz-Sieben, das Stäbe-Ass, der Becher-Reiter",
     [("Pikdame", "Q♠"), ("Herz-Bauern", "J♥"), ("Herz-Sieben", "7♥"), ("Stäbe-Ass", "A♣"),
      ("Becher-Reiter", "Q♥")]),
    ("ro", "Dama de pică e jucată; valetul de treflă, asul de caro și popa de cupă.",
     [("Dama de pică", "Q♠"), ("valetul de treflă", "J♣"), ("asul de caro", "A♦"),
      ("popa de cupă", "K♥")]),
    ("ro", "pentru damei de pică, regelui de inimă roșie, opt de cupă; cavalerul de cupe",
     [("damei de pică", "Q♠"), ("regelui de inimă roșie", "K♥"), ("opt de cupă", "8♥"),
      ("cavalerul de cupe", "Q♥")]),
    ("ro", "cu ş sedilă: şapte de treflă", [("şapte de treflă", "7♣")]),
    ("ar", "تأكل ملك الكبّة، وتلعب البنت البستوني ثم الولد الديناري والآص السباتي",
     [("ملك الكبّة", "K♥"), ("البنت البستوني", "Q♠"), ("الولد الديناري", "J♦"),
      ("والآص السباتي", "A♣")]),
    ("ar", "تتخلص من الملكة البستوني وتأخذ بالشايب الكبة، وللولد السباتي، فارس الكؤوس",
     [("الملكة البستوني", "Q♠"), ("بالشايب الكبة", "K♥"), ("وللولد السباتي", "J♣"),
      ("فارس الكؤوس", "Q♥")]),
    ("ar", "ملك الكبه والبنت البستونى", [("ملك الكبه", "K♥"), ("والبنت البستونى", "Q♠")]),
    ("ro", "asul de inimă neagră", [("asul de inimă neagră", "A♠")]),
    ("it", "l'asso di bastoni, la donna di picche, il re di cuori, il cavallo di coppe",
     [("asso di bastoni", "A♣"), ("donna di picche", "Q♠"), ("re di cuori", "K♥"),
      ("cavallo di coppe", "Q♥")]),
    ("en", "the Queen of spades, the Q of\n  hearts, the knight of cups, the ten of diamonds",
     [("Queen of spades", "Q♠"), ("Q of\n  hearts", "Q♥"), ("knight of cups", "Q♥"),
      ("ten of diamonds", "10♦")]),
])
def test_full_phrases_in_their_inflected_forms(lang: str, text: str, expected: list) -> None:
    assert named(text, lang) == expected


@pytest.mark.parametrize("lang, text", [
    ("en", "Anna scores 13 for the queen; two hearts and the jack follow. Three of her hearts."),
    ("it", "segna 13 per la donna; il fante è il cuore più alto; re e donna di Bruno"),
    ("de", "Dario hat kein Herz mehr; die letzte Dame; Kreuz ist Trumpf; zwei Buben"),
    ("ru", "У Дарио бубен нет; единственная пика Дарио; тремя червами; дама ходит"),
    ("ro", "Dario nu are caro; singura pică; dama e a lui; trei trefle"),
    ("ar", "ولا بستوني مع داريو؛ آس برونو؛ الورقة البستوني الوحيدة؛ تسع أوراق كبّة"),
])
def test_a_rank_or_a_suit_alone_names_no_card(lang: str, text: str) -> None:
    assert named(text, lang) == []


def test_offsets_point_into_the_text_as_written() -> None:
    # The shadda dropped for matching must not shift the offset of what follows it.
    text = "الكبّة ثم البنت البستوني"
    [(offset, words, card)] = find_named_cards(text, "ar")
    assert text[offset:offset + len(words)] == words == "البنت البستوني"
    # "İ" lowers to two characters; folding must not shift what follows either.
    assert find_named_cards("İİ Pik-Dame", "de") == [(3, "Pik-Dame", parse_card("Q♠"))]
    mentions = find_card_mentions("Q♠ then восьмёрку червей", "ru")
    assert [(m.offset, m.label) for m in mentions] == [(0, "Q♠"), (8, "'восьмёрку червей' (8♥)")]


def test_every_language_names_every_card_and_reads_its_own_names_back() -> None:
    cards = [parse_card(f"{r}{s}") for r in "A K Q J 10 9 8 7 6 5 4 3 2".split() for s in "♠♥♦♣"]
    for lang in ("en", "it", "de", "ru", "ro", "ar"):
        assert lang in LANGUAGES
        for italian in (False, True):
            for card in cards:
                name = spoken_name(card, lang, italian=italian)
                assert named(name, lang) == [(name, str(card))], (lang, name)
    assert spoken_name(parse_card("Q♠"), "de") == "Pik-Dame"
    assert spoken_name(parse_card("8♥"), "ru") == "восьмёрка червей"
    assert spoken_name(parse_card("Q♥"), "it", italian=True) == "cavallo di coppe"


JOKER_NAMES = {  # lang: (the joker, the black joker, the red joker)
    "en": ("joker", "black joker", "red joker"),
    "it": ("jolly", "jolly nero", "jolly rosso"),
    "de": ("Joker", "schwarzer Joker", "roter Joker"),
    "ru": ("джокер", "чёрный джокер", "красный джокер"),
    "ro": ("jokerul", "jokerul negru", "jokerul roșu"),
    "ar": ("الجوكر", "الجوكر الأسود", "الجوكر الأحمر"),
}


@pytest.mark.parametrize("lang", sorted(JOKER_NAMES))
def test_two_jokers_are_told_apart_by_their_colour_and_read_back(lang: str) -> None:
    plain, black, red = JOKER_NAMES[lang]
    assert spoken_name(JOKER, lang) == plain  # a deck with one joker names it as before
    assert spoken_name(JOKER, lang, two_jokers=True) == black
    assert spoken_name(RED_JOKER, lang) == red == spoken_name(RED_JOKER, lang, two_jokers=True)
    assert named(f"«{red}» «{black}»", lang) == [(red, "☆"), (black, "★")]
    assert named(plain, lang) == []  # the joker alone could be either: no card


@pytest.mark.parametrize("lang,text,expected", [
    ("en", "Bruno plays the red joker: the joker makes Carla draw ten.", [("red joker", "☆")]),
    ("en", "The Black Joker, then the RED JOKER.", [("Black Joker", "★"), ("RED JOKER", "☆")]),
    ("ru", "Бруно кладёт красного джокера, и Анна отвечает чёрным джокером.",
     [("красного джокера", "☆"), ("чёрным джокером", "★")]),
    ("ru", "о черном джокере и о красном джокере", [("черном джокере", "★"),
                                                    ("красном джокере", "☆")]),
    ("de", "Der schwarze Joker, dann den roten Joker.", [("schwarze Joker", "★"),
                                                        ("roten Joker", "☆")]),
    ("it", "Bruno gioca il jolly rosso, poi il joker nero.", [("jolly rosso", "☆"),
                                                             ("joker nero", "★")]),
    ("ro", "Bruno joacă jokerul roșu, apoi un joker negru.", [("jokerul roșu", "☆"),
                                                             ("joker negru", "★")]),
    ("ar", "يلعب برونو الجوكر الأحمر ثم وللجوكر الأسود وجوكر أحمر",
     [("الجوكر الأحمر", "☆"), ("وللجوكر الأسود", "★"), ("وجوكر أحمر", "☆")]),
])
def test_a_joker_named_by_its_colour_is_that_joker(lang: str, text: str, expected: list) -> None:
    assert named(text, lang) == expected
    mentions = find_card_mentions(text, lang)
    assert [str(m.card) for m in mentions] == [card for _, card in expected]
    assert all(text[m.offset:].startswith(m.words or "") for m in mentions)


# One broken copy per language: a narration step names, in words, a card nobody involved in
# that step holds. (game, file, the real text, the text put in its place, the words naming the
# card in it, the card.)
BROKEN = {
    "en": ("peppa", "en.yaml", "takes the king of hearts", "takes the queen of spades",
           "queen of spades", "Q♠"),
    "it": ("somarone", "it.yaml", "il cavallo di coppe, che", "il cavallo di bastoni, che",
           "cavallo di bastoni", "Q♣"),
    "de": ("peppa-scivolosa", "de.yaml", "für den Herzbuben", "für die Pik-Dame", "Pik-Dame",
           "Q♠"),
    "ru": ("peppa", "ru.yaml", "забирает червового короля", "забирает восьмёрку пик",
           "восьмёрку пик", "8♠"),
    "ro": ("peppa-scivolosa", "ro.yaml", "pentru valetul de cupă", "pentru dama de pică",
           "dama de pică", "Q♠"),
    "ar": ("peppa", "ar.yaml", "تأكل ملك الكبّة", "تأكل البنت البستوني", "البنت البستوني", "Q♠"),
}


@pytest.mark.parametrize("lang", list(BROKEN))
def test_a_card_named_in_words_that_nobody_involved_holds(lang: str, broken) -> None:
    game, rel, old, new, words, card = BROKEN[lang]
    lines = (RULES / game / rel).read_text(encoding="utf-8").splitlines()
    [(line, text)] = [(i, t) for i, t in enumerate(lines, 1) if old in t]
    result = broken(game, {rel: [(old, new)]})
    found = [d for d in result.report.sorted() if d.code not in ("unstated-out", "replay-stopped")]
    assert [(d.mark.path.rsplit("/", 1)[-1], d.mark.line, d.code) for d in found] == \
        [(rel, line, "narration-card")], [d.format() for d in found]
    # columns count from 1: the finding points at the first letter of the words
    assert found[0].mark.col == text.index(old) + new.index(words) + 1
    assert f"mentions '{words}' ({card})" in found[0].message


def test_the_corpus_names_cards_in_words_and_stays_clean() -> None:
    result = corpus()  # the real rules, checked once a process
    assert formatted(result.report.sorted()) == []


@pytest.mark.parametrize("text", [
    "the queen of hearts", "ДАМА ЧЕРВЕЙ и Ёж", "İstanbul: the queen of spades", "ΟΔΟΣ and ΣΑΣ",
    "الْبِنْتُ الكُبَّة", "ŞAPTE DE ȚINTĂ", "Straße ǅ ﬁ", ""])
def test_folding_a_whole_text_equals_folding_it_letter_by_letter(text: str) -> None:
    from generator.core.cardwords import finder
    letters = [(i, ch.translate(finder._FOLD).lower()) for i, ch in enumerate(text)
               if ch not in finder._DROP]
    folded = "".join(low if len(low) == 1 else text[i] for i, low in letters)
    assert finder._fold(text) == (folded, [i for i, _ in letters])
