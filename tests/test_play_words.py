"""The play page's sentences as a reader of each language reads them (issue 38): said of a
woman and of a man at the table, a name in the case its role takes, a card as a verb's object
in the accusative to a screen reader, Arabic duals without the digit. The expected texts are
written out by hand, as a speaker says them; play.js fills the page's words the same way
(``his``, ``role``, ``spoken`` in templates/static/play/play.js)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from conftest import corpus
from generator.core import seatnames
from generator.core.cards import parse_card
from generator.core.languages import load_messages
from generator.core.markup import CardStyle
from generator.web.play_page import OBJECT_CARDS, _card, words

pytestmark = pytest.mark.unit

TEMPLATES = Path(__file__).resolve().parent.parent / "templates"
BRUNO, CARLA, DARIO = 1, 2, 3  # the seats after the reader's: Bruno (m), Carla (f), Dario (m)


class Table:
    """The page's words in one language, filled as play.js fills them."""

    def __init__(self, lang: str) -> None:
        self.lang = lang
        self.msgs = load_messages(TEMPLATES, lang)
        self.words = words(self.msgs)
        self.names = [self.msgs.gettext("You"), *(s.name for s in seatnames.bots(lang))]
        self.roles = seatnames.role_forms(lang, self.msgs.gettext("You"))
        self.style = CardStyle(lang)

    def his(self, key: str, seat: int) -> str:
        return self.words[key + ("F" if seatnames.GENDERS[seat - 1] == "f" else "M")]

    def role(self, role: str, seat: int) -> str:
        return self.roles[role][seat]

    def say(self, text: str, **slots: object) -> str:
        return re.sub(r"%\((\w+)\)s", lambda m: str(slots[m.group(1)]), text)

    def spoken(self, key: str, card: str) -> str:
        """A card as the live region says it in the sentence ``key``."""
        data = _card(parse_card(card), self.style)
        return data[4] if key in OBJECT_CARDS and len(data) > 4 else data[2]


def draws(t: Table, by: int, giver: int) -> str:
    return t.say(t.his("draws", by), name=t.names[by], giver=t.role("giver", giver))


EXPECTED_DRAWS = {  # Bruno draws from Carla; Carla draws from Bruno
    "en": ("Bruno draws a card from Carla.", "Carla draws a card from Bruno."),
    "it": ("Bruno pesca una carta dalla mano di Carla.", "Carla pesca una carta dalla mano di Bruno."),
    "de": ("Bruno zieht eine Karte von Carla.", "Carla zieht eine Karte von Bruno."),
    "ro": ("Bruno trage o carte de la Carla.", "Carla trage o carte de la Bruno."),
    "ru": ("Бруно тянет карту у Карлы.", "Карла тянет карту у Бруно."),
    "ar": ("يسحب برونو ورقة من يد كارلا.", "تسحب كارلا ورقة من يد برونو."),
}


@pytest.mark.parametrize("lang", sorted(EXPECTED_DRAWS))
def test_a_draw_names_the_drawer_in_their_gender_and_the_giver_in_the_giver_s_case(lang: str) -> None:
    t = Table(lang)
    assert (draws(t, BRUNO, CARLA), draws(t, CARLA, BRUNO)) == EXPECTED_DRAWS[lang]


EXPECTED = {  # (lang, what): the text, as said at a table of Bruno (m), Carla (f) and Dario (m)
    ("ru", "your draw from Carla"): "Ваш ход: тяните карту у Карлы.",
    ("ru", "Carla's fan"): "Карты Карлы рубашкой вверх: выберите одну",
    ("ru", "Dario's fan"): "Карты Дарио рубашкой вверх: выберите одну",
    ("ru", "Carla is out"): "У Карлы больше нет карт.",
    ("ru", "Carla deals"): "Сдающая",
    ("ru", "Bruno deals"): "Сдающий",
    ("ru", "Carla wins the hand"): "Карла избавилась от всех карт и выигрывает сдачу.",
    ("ru", "Bruno wins the hand"): "Бруно избавился от всех карт и выигрывает сдачу.",
    ("ru", "Carla draws Q♠ from you, spoken"): "Карла тянет у вас даму пик.",
    ("ru", "you draw J♠ from Carla, spoken"): "Вы тянете валета пик у Карлы.",
    ("ru", "Bruno plays Q♠, spoken"): "Бруно: дама пик.",
    ("ar", "Carla takes the trick"): "تأخذ كارلا الأكلة.",
    ("ar", "Bruno takes the trick"): "يأخذ برونو الأكلة.",
    ("ar", "Carla deals"): "الموزّعة",
    ("ar", "Carla draws Q♠ from you"): "تسحب كارلا Q♠ من يدك.",
    ("ar", "Carla is out"): "نفدت أوراق كارلا.",
    ("ar", "Carla wins the hand"): "نفدت أوراق كارلا فتفوز بالجولة.",
    ("ro", "Carla's fan"): "Cărțile Carlei, cu fața în jos: alege una",
    ("ro", "Bruno's fan"): "Cărțile lui Bruno, cu fața în jos: alege una",
    ("ro", "Bruno is out"): "Cărțile lui Bruno s-au terminat.",
    ("de", "Carla deals"): "Geberin",
    ("de", "you draw J♠ from Carla, spoken"): "Du ziehst Pik-Buben von Carla.",
    ("it", "Carla deals"): "Mazziera",
    ("it", "Bruno deals"): "Mazziere",
    ("en", "Carla is out"): "Carla has no cards left.",
    ("en", "you are out"): "You have no cards left.",
}


def said(t: Table, what: str) -> str:
    fan = re.fullmatch(r"(\w+)'s fan", what)
    if fan:
        seat = ["Bruno", "Carla", "Dario"].index(fan.group(1)) + 1
        return t.say(t.words["fan"], owner=t.role("owner", seat))
    match what:
        case "your draw from Carla":
            return t.say(t.words["yourDraw"], giver=t.role("giver", CARLA))
        case "Carla is out":
            return t.say(t.words["isOut"], owner=t.role("owner", CARLA))
        case "Bruno is out":
            return t.say(t.words["isOut"], owner=t.role("owner", BRUNO))
        case "you are out":
            return t.words["youOut"]
        case "Carla deals":
            return t.his("dealer", CARLA)
        case "Bruno deals":
            return t.his("dealer", BRUNO)
        case "Carla wins the hand":
            return t.say(t.his("winsHand", CARLA), name=t.names[CARLA])
        case "Bruno wins the hand":
            return t.say(t.his("winsHand", BRUNO), name=t.names[BRUNO])
        case "Carla takes the trick":
            return t.say(t.his("takes", CARLA), name=t.names[CARLA])
        case "Bruno takes the trick":
            return t.say(t.his("takes", BRUNO), name=t.names[BRUNO])
        case "Carla draws Q♠ from you":
            return t.say(t.his("drawsFromYou", CARLA), name=t.names[CARLA], card="Q♠")
        case "Carla draws Q♠ from you, spoken":
            return t.say(t.his("drawsFromYou", CARLA), name=t.names[CARLA],
                         card=t.spoken("drawsFromYou", "Q♠"))
        case "you draw J♠ from Carla, spoken":
            return t.say(t.words["youDraw"], card=t.spoken("youDraw", "J♠"),
                         giver=t.role("giver", CARLA))
        case "Bruno plays Q♠, spoken":
            return t.say(t.words["plays"], name=t.names[BRUNO], card=t.spoken("plays", "Q♠"))
    raise AssertionError(what)


@pytest.mark.parametrize(("lang", "what"), sorted(EXPECTED))
def test_the_page_says_it_as_a_speaker_would(lang: str, what: str) -> None:
    assert said(Table(lang), what) == EXPECTED[(lang, what)]


AR_COUNTS = {  # n: the facts box's players, the rules' steps, a round's minutes
    1: ("لاعب واحد", "القواعد في خطوة واحدة", "نحو دقيقة للجولة"),
    2: ("لاعبان", "القواعد في خطوتين", "نحو دقيقتين للجولة"),
    5: ("5 لاعبين", "القواعد في 5 خطوات", "نحو 5 دقائق للجولة"),
    11: ("11 لاعبًا", "القواعد في 11 خطوة", "نحو 11 دقيقة للجولة"),
}


@pytest.mark.parametrize("n", sorted(AR_COUNTS))
def test_arabic_says_one_and_two_without_the_digit(n: int) -> None:
    """«لاعبان», not «2 لاعبان»: the dual (and «واحد») is the number, said once."""
    ar = load_messages(TEMPLATES, "ar")
    got = tuple(ar.ngettext(one, many, n) % {"num": n} for one, many in [
        ("%(num)s player", "%(num)s players"),
        ("The rules in %(num)s step", "The rules in %(num)s steps"),
        ("about %(num)s minute a hand", "about %(num)s minutes a hand")])
    assert got == AR_COUNTS[n]


@pytest.mark.parametrize("lang", sorted(seatnames.ROLE_CASES))
def test_the_declension_rule_gives_the_forms_written_out_for_the_computer_players(lang: str) -> None:
    for seat in seatnames.bots(lang):
        assert seatnames.decline(lang, seat.name, seat.gender, "gen") == seat.form("gen"), seat


@pytest.mark.parametrize(("lang", "name", "gender", "genitive"), [
    ("ru", "Анна", "f", "Анны"), ("ru", "Ольга", "f", "Ольги"), ("ru", "Мария", "f", "Марии"),
    ("ru", "Иван", "m", "Ивана"), ("ru", "Андрей", "m", "Андрея"), ("ru", "Игорь", "m", "Игоря"),
    ("ru", "Бруно", "m", "Бруно"), ("ru", "Ингрид", "f", "Ингрид"), ("ru", "Йонас", "m", "Йонаса"),
    ("ru", "Лука", "m", "Луки"), ("ru", "Пауль", "m", "Пауля"), ("ru", "Игрок 1", "m", "Игрока 1"),
    ("ro", "Anna", "f", "Annei"), ("ro", "Bruno", "m", "lui Bruno"), ("ro", "Ingrid", "f", "lui Ingrid"),
    ("ro", "Luca", "m", "lui Luca"), ("ro", "Jucătorul 1", "m", "Jucătorului 1"),
    ("ro", "Paul", "m", "lui Paul"), ("ro", "Chloe", "f", "lui Chloe"), ("ro", "Mia", "f", "Miei"),
    ("de", "Carla", "f", "Carla"), ("ar", "كارلا", "f", "كارلا"),
])
def test_a_name_in_the_genitive(lang: str, name: str, gender: str, genitive: str) -> None:
    assert seatnames.decline(lang, name, gender, "gen") == genitive  # type: ignore[arg-type]


def test_an_example_round_s_draw_names_the_giver_in_the_giver_s_case() -> None:
    """The example rounds of a pairing game say «Бруно тянет 7♣ у Анны», not «из карт, которые
    держит Анна» (the reviewer's ru draw line)."""
    from generator.families.view import ExampleView

    bundle = next(g for g in corpus().games if g.rules.id == "black-peter")
    name = "full-pack"
    view = ExampleView(name, bundle, "ru", bundle.languages["ru"].spec.examples[name],
                       load_messages(TEMPLATES, "ru"))
    seats = list(bundle.examples[view.name].spec.seats)
    women = [s for s in seats if view.gender(s) == "f" and view.seat(s).endswith("а")]
    assert women, "the example has a woman whose name declines"
    assert str(view.strong_in(women[0], "giver")) == f"<strong>{view.seat(women[0])[:-1]}ы</strong>"
