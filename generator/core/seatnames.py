"""The computer players' names on the play page, in each language, with their genders and the
forms a language's grammar asks of them.

A sentence of the page names a player in a role: the one who plays ("%(name)s"), the one a card
is drawn from ("%(giver)s"), the one whose cards are shown ("%(owner)s"). Russian puts the last
two in the genitive («тянет карту у Карлы», «карты Карлы»), Romanian the owner («cărțile
Carlei», «cărțile lui Bruno»); the other languages say every role with the name as it is. The
forms are data here, so that a catalog's sentence says «у %(giver)s» and the page fills in
«Карлы» for Carla and «Бруно» (which does not decline) for Bruno: a translation never works
around a case it cannot ask for.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .languages import Gender


@dataclass(frozen=True)
class SeatName:
    name: str  # the nominative, as the example rounds write it
    gender: Gender
    cases: dict[str, str] = field(default_factory=dict)  # "gen": "Карлы"; a case missing is the name

    def form(self, case: str | None) -> str:
        return self.cases.get(case, self.name) if case else self.name


def _latin(*names: str) -> tuple[SeatName, ...]:
    return tuple(SeatName(n, g) for n, g in zip(names, GENDERS, strict=True))


# Bruno, Carla, Dario, Elena, Franco: the names the example rounds give the seats after Anna's.
GENDERS: tuple[Gender, ...] = ("m", "f", "m", "f", "m")
BOTS: dict[str, tuple[SeatName, ...]] = {
    "en": _latin("Bruno", "Carla", "Dario", "Elena", "Franco"),
    "it": _latin("Bruno", "Carla", "Dario", "Elena", "Franco"),
    "de": _latin("Bruno", "Carla", "Dario", "Elena", "Franco"),
    # the genitive: "lui" before a man's name, the ending -ei on a woman's in -a ("cărțile
    # Carlei", "cărțile lui Bruno")
    "ro": (SeatName("Bruno", "m", {"gen": "lui Bruno"}),
           SeatName("Carla", "f", {"gen": "Carlei"}),
           SeatName("Dario", "m", {"gen": "lui Dario"}),
           SeatName("Elena", "f", {"gen": "Elenei"}),
           SeatName("Franco", "m", {"gen": "lui Franco"})),
    # names in -о do not decline; Карла and Елена do, as nouns in -а
    "ru": (SeatName("Бруно", "m"),
           SeatName("Карла", "f", {"gen": "Карлы", "dat": "Карле"}),
           SeatName("Дарио", "m"),
           SeatName("Елена", "f", {"gen": "Елены", "dat": "Елене"}),
           SeatName("Франко", "m")),
    "ar": tuple(SeatName(n, g) for n, g in zip(("برونو", "كارلا", "داريو", "إيلينا", "فرانكو"),
                                                GENDERS, strict=True)),
}
# The case each role takes, by language; a role not named takes the name as it is.
ROLE_CASES: dict[str, dict[str, str]] = {
    "ru": {"giver": "gen", "owner": "gen"},
    "ro": {"owner": "gen"},
}
ROLES = ("giver", "owner")


_RU_HUSHING = tuple("гкхжшщч")  # after these, a feminine -а becomes -и, not -ы


def decline(lang: str, name: str, gender: Gender, case: str | None) -> str:
    """A personal name in ``case`` ("gen"), by the language's rule; the name as it is for a
    language or a case without one. Russian declines each word (Анна → Анны, Ольга → Ольги,
    Лука → Луки, Мария → Марии, Иван → Ивана, Андрей → Андрея, Игрок 1 → Игрока 1); names in
    -о, -е, -и, -у, -ю and a woman's name ending in a consonant do not decline (Бруно,
    Ингрид). Romanian: a woman's name in -a takes -ei (Carla → Carlei), a noun with its
    article and its number -ului (Jucătorul 1 → Jucătorului 1), every other name "lui" before it
    (lui Bruno, lui Paul)."""
    if case != "gen" or not name:
        return name
    if lang == "ru":
        return " ".join(_ru_genitive(word, gender) for word in name.split(" "))
    if lang == "ro":
        first, _, rest = name.partition(" ")
        if first.endswith("ul") and rest:  # a noun and its number; a name in -ul (Paul) takes "lui"
            return " ".join(filter(None, (first + "ui", rest)))
        return name[:-1] + "ei" if gender == "f" and name.endswith("a") else f"lui {name}"
    return name


def _ru_genitive(word: str, gender: Gender) -> str:
    if not word or not word[-1].isalpha():
        return word
    last, stem = word[-1], word[:-1]
    if last == "а":
        return stem + ("и" if stem.endswith(_RU_HUSHING) else "ы")
    if last == "я":
        return stem + "и"
    if last == "й" and gender == "m":
        return stem + "я"
    if last == "ь":
        return stem + ("я" if gender == "m" else "и")
    if gender == "m" and last not in "оеиуюэыё":
        return word + "а"
    return word


def in_role(lang: str, name: str, gender: Gender, role: str) -> str:
    """A seat's name as ``lang`` says it in ``role`` ("giver", "owner")."""
    return decline(lang, name, gender, ROLE_CASES.get(lang, {}).get(role))


def bots(lang: str) -> tuple[SeatName, ...]:
    return BOTS.get(lang, BOTS["en"])


def role_forms(lang: str, reader: str) -> dict[str, list[str]]:
    """Each role's form of every seat's name, the reader's (``reader``, "You" in the page's
    language) first: what play.js fills a role's slot with."""
    cases = ROLE_CASES.get(lang, {})
    return {role: [reader, *(seat.form(cases.get(role)) for seat in bots(lang))]
            for role in ROLES}


def names_in_roles(lang: str, names: list[str], genders: list[Gender]) -> dict[str, list[str]]:
    """Each role's form of each of ``names`` (a seat each, its gender beside it) by the
    language's rule (:func:`decline`): the guide's example round seats its own names (Anna,
    Bruno, ...), which are none of the computer players' (ru «тяните карту у Анны»)."""
    cases = ROLE_CASES.get(lang, {})
    return {role: [decline(lang, name, gender, cases.get(role))
                   for name, gender in zip(names, genders, strict=True)] for role in ROLES}
