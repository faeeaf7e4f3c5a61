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


def bots(lang: str) -> tuple[SeatName, ...]:
    return BOTS.get(lang, BOTS["en"])


def role_forms(lang: str, reader: str) -> dict[str, list[str]]:
    """Each role's form of every seat's name, the reader's (``reader``, "You" in the page's
    language) first: what play.js fills a role's slot with."""
    cases = ROLE_CASES.get(lang, {})
    return {role: [reader, *(seat.form(cases.get(role)) for seat in bots(lang))]
            for role in ROLES}
