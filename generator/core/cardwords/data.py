"""Rank and suit names per language, with every form running text gives them.

For each rank and suit, the first form is its name in a spoken card name (see
``finder.spoken_name``); the others are the forms a narration may write: cases, articles,
plural-looking singulars (German "den Buben"), spellings with and without ё. Forms are written
as they read; the finder folds case, ё/е, ş/ș and Arabic diacritics itself.

Italian-suited decks (italian-40: coppe, denari, spade, bastoni) are written with French glyphs
on this site (coppe ♥, denari ♦, spade ♠, bastoni ♣; the cavallo is the Q), so their names map
onto the same cards and a text may use either set.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping

from ..cards import Rank, Suit

R, S = Rank, Suit


@dataclass(frozen=True)
class CardWords:
    """One language's card names.

    ``phrases`` are the word orders of a card named in full, with the slots ``{rank}``,
    ``{suit}`` (a suit form written after the rank, or before it in a German compound) and
    ``{adj}`` (a suit written as an adjective before the rank, as Russian does); the first
    phrase is the one a spoken name uses. ``prefix`` is a regular expression of the clitics a
    language writes onto a word (Arabic و ف ب ك ل), kept inside the phrase found.

    ``joker`` is the name of the one joker of a deck; a deck with two names them apart,
    ``black_joker`` (★) and ``red_joker`` (☆), each the forms running text gives it, the
    first its spoken name. The joker alone ("the joker") names no card in a narration: in a
    deck with two it could be either."""

    lang: str
    ranks: Mapping[Rank, tuple[str, ...]]
    suits: Mapping[Suit, tuple[str, ...]]
    phrases: tuple[str, ...]
    joker: str
    black_joker: tuple[str, ...] = ()
    red_joker: tuple[str, ...] = ()
    italian_ranks: Mapping[Rank, tuple[str, ...]] = field(default_factory=dict)
    italian_suits: Mapping[Suit, tuple[str, ...]] = field(default_factory=dict)
    adjectives: Mapping[Suit, tuple[str, ...]] = field(default_factory=dict)
    prefix: str = ""
    # A rank's form in a card's spoken name where it is not the rank's first form.
    spoken: Mapping[Rank, str] = field(default_factory=dict)
    # The letters the language's own French-suited cards print for the court cards and the
    # ace, where they differ from J Q K A (a display setting of site.yaml: `card_letters`).
    letters: Mapping[Rank, str] = field(default_factory=dict)
    # A suit's name standing alone (a card key), where it is not the suit's first form.
    suit_names: Mapping[Suit, str] = field(default_factory=dict)
    italian_suit_names: Mapping[Suit, str] = field(default_factory=dict)
    # A card's name as the object of a verb ("you receive the queen of spades"), where the
    # language declines it: each rank's accusative, and the jokers' (plain, black, red).
    accusative: Mapping[Rank, str] = field(default_factory=dict)
    italian_accusative: Mapping[Rank, str] = field(default_factory=dict)
    joker_accusative: tuple[str, str, str] | None = None


def _ru(stem: str, endings: str) -> tuple[str, ...]:
    """A Russian word in its cases: ``_ru("туз", "|а|у|ом|е")``."""
    return tuple(stem + e for e in endings.split("|"))


_RU_CARD = "а|у|и|е|ой|ою"  # a numeral card (восьмёрка): nom, acc, gen, dat/prep, instr
_RU_ADJ = "ый|ого|ому|ым|ом|ая|ой|ую|ою|ое"  # an adjective of any gender and case
_RU_MASC = "ый|ого|ому|ым|ом"  # a masculine adjective in its cases (nom, gen/acc, dat, instr, prep)


def _ru_numeral(stem: str) -> tuple[str, ...]:
    return _ru(stem, _RU_CARD)


def _ru_joker(adjective: str) -> tuple[str, ...]:
    """A joker of a colour in its cases, the adjective agreeing: ``_ru_joker("красн")`` gives
    "красный джокер", "красного джокера", ... (the nominative first)."""
    # (the accusative of an animate noun is its genitive: "красного джокера")
    cases = zip(_ru(adjective, _RU_MASC), _ru("джокер", "|а|у|ом|е"), strict=True)
    return tuple(f"{adj} {noun}" for adj, noun in cases)


EN = CardWords(
    lang="en",
    ranks={R.ACE: ("ace",), R.KING: ("king", "K"), R.QUEEN: ("queen", "Q"),
           R.JACK: ("jack", "knave", "J"), R.TEN: ("ten", "10"), R.NINE: ("nine", "9"),
           R.EIGHT: ("eight", "8"), R.SEVEN: ("seven", "7"), R.SIX: ("six", "6"),
           R.FIVE: ("five", "5"), R.FOUR: ("four", "4"), R.THREE: ("three", "3"),
           R.TWO: ("two", "deuce", "2")},
    suits={S.SPADES: ("spades",), S.HEARTS: ("hearts",), S.DIAMONDS: ("diamonds",),
           S.CLUBS: ("clubs",)},
    italian_ranks={R.QUEEN: ("knight",)},
    italian_suits={S.SPADES: ("swords",), S.HEARTS: ("cups",), S.DIAMONDS: ("coins",),
                   S.CLUBS: ("batons",)},
    phrases=("{rank} of {suit}",),
    joker="joker",
    black_joker=("black joker",),
    red_joker=("red joker",),
)

IT = CardWords(
    lang="it",
    ranks={R.ACE: ("asso",), R.KING: ("re",), R.QUEEN: ("donna", "regina", "dama"),
           R.JACK: ("fante",), R.TEN: ("dieci",), R.NINE: ("nove",), R.EIGHT: ("otto",),
           R.SEVEN: ("sette",), R.SIX: ("sei",), R.FIVE: ("cinque",), R.FOUR: ("quattro",),
           R.THREE: ("tre",), R.TWO: ("due",)},
    suits={S.SPADES: ("picche",), S.HEARTS: ("cuori",), S.DIAMONDS: ("quadri",),
           S.CLUBS: ("fiori",)},
    italian_ranks={R.QUEEN: ("cavallo",)},
    italian_suits={S.SPADES: ("spade",), S.HEARTS: ("coppe",), S.DIAMONDS: ("denari",),
                   S.CLUBS: ("bastoni",)},
    phrases=("{rank} di {suit}",),
    joker="jolly",
    black_joker=("jolly nero", "joker nero"),
    red_joker=("jolly rosso", "joker rosso"),
)

# German compounds: "Pik-Dame", "Pikdame", "Herzkönig", "der Kreuz-Buben", "Karo-As".
DE = CardWords(
    lang="de",
    ranks={R.ACE: ("As", "Ass", "Asses"), R.KING: ("König", "Königs"),
           R.QUEEN: ("Dame",), R.JACK: ("Bube", "Buben", "Bauer", "Bauern"),
           R.TEN: ("Zehn", "10"), R.NINE: ("Neun", "9"), R.EIGHT: ("Acht", "8"),
           R.SEVEN: ("Sieben", "7"), R.SIX: ("Sechs", "6"), R.FIVE: ("Fünf", "5"),
           R.FOUR: ("Vier", "4"), R.THREE: ("Drei", "3"), R.TWO: ("Zwei", "2")},
    suits={S.SPADES: ("Pik",), S.HEARTS: ("Herz",), S.DIAMONDS: ("Karo",),
           S.CLUBS: ("Kreuz",)},
    italian_ranks={R.QUEEN: ("Reiter",)},
    italian_suits={S.SPADES: ("Schwert", "Schwerter"), S.HEARTS: ("Becher",),
                   S.DIAMONDS: ("Münz", "Münzen"), S.CLUBS: ("Stab", "Stäbe")},
    # a card key names the suits as German names Italian ones, in the plural ("Münz" is only
    # the first part of a card's compound name, "Münz-As")
    italian_suit_names={S.SPADES: "Schwerter", S.HEARTS: "Becher", S.DIAMONDS: "Münzen",
                        S.CLUBS: "Stäbe"},
    phrases=("{suit}-{rank}", "{suit}{rank}"),
    joker="Joker",
    black_joker=("schwarzer Joker", "schwarze Joker", "schwarzen Joker", "schwarzem Joker"),
    red_joker=("roter Joker", "rote Joker", "roten Joker", "rotem Joker"),
    letters={R.JACK: "B", R.QUEEN: "D", R.KING: "K", R.ACE: "A"},
    accusative={R.JACK: "Buben"},  # the weak masculine: "du ziehst den Pik-Buben"
    joker_accusative=("Joker", "schwarzen Joker", "roten Joker"),
)

# Russian: "дама пик" (suit in the genitive plural) or "пиковая дама" (an adjective), each
# rank in its six cases.
_RU_RANKS = {R.ACE: _ru("туз", "|а|у|ом|е"), R.KING: _ru("корол", "ь|я|ю|ём|ем|е"),
             R.QUEEN: _ru("дам", _RU_CARD) + _ru("королев", _RU_CARD),
             R.JACK: _ru("валет", "|а|у|ом|е"), R.TEN: _ru_numeral("десятк"),
             R.NINE: _ru_numeral("девятк"), R.EIGHT: _ru_numeral("восьмёрк"),
             R.SEVEN: _ru_numeral("семёрк"), R.SIX: _ru_numeral("шестёрк"),
             R.FIVE: _ru_numeral("пятёрк"), R.FOUR: _ru_numeral("четвёрк"),
             R.THREE: _ru_numeral("тройк"), R.TWO: _ru_numeral("двойк")}
_RU_ITALIAN_RANKS = {R.QUEEN: _ru("рыцар", "ь|я|ю|ем|е")}
RU = CardWords(
    lang="ru",
    ranks=_RU_RANKS,
    suits={S.SPADES: ("пик",), S.HEARTS: ("червей", "черв"), S.DIAMONDS: ("бубён", "бубей"),
           S.CLUBS: ("треф", "крестей")},
    adjectives={S.SPADES: _ru("пиков", _RU_ADJ), S.HEARTS: _ru("червов", _RU_ADJ)
                + _ru("червонн", _RU_ADJ), S.DIAMONDS: _ru("бубнов", _RU_ADJ),
                S.CLUBS: _ru("трефов", _RU_ADJ) + _ru("крестов", _RU_ADJ)},
    italian_ranks=_RU_ITALIAN_RANKS,
    italian_suits={S.SPADES: ("мечей",), S.HEARTS: ("кубков",),
                   S.DIAMONDS: ("монет", "денариев"), S.CLUBS: ("жезлов",)},
    phrases=("{rank} {suit}", "{adj} {rank}"),
    joker="джокер",
    black_joker=_ru_joker("чёрн"),
    red_joker=_ru_joker("красн"),
    letters={R.JACK: "В", R.QUEEN: "Д", R.KING: "К", R.ACE: "Т"},
    # in a card's name the suit is genitive ("дама пик"); alone it is nominative
    suit_names={S.SPADES: "пики", S.HEARTS: "черви", S.DIAMONDS: "бубны", S.CLUBS: "трефы"},
    italian_suit_names={S.SPADES: "мечи", S.HEARTS: "кубки", S.DIAMONDS: "монеты",
                        S.CLUBS: "жезлы"},
    # a rank's second form is its accusative: the genitive of the animate court cards and
    # the ace (туза, короля, валета, рыцаря), the accusative of the feminine nouns (даму)
    accusative={rank: forms[1] for rank, forms in _RU_RANKS.items()},
    italian_accusative={rank: forms[1] for rank, forms in _RU_ITALIAN_RANKS.items()},
    joker_accusative=("джокера", "чёрного джокера", "красного джокера"),  # (animate)
)

# Romanian: the rank with or without its article, in the nominative or genitive ("dama de
# pică", "valetul de treflă", "asului de caro"); "popa" is the king too.
RO = CardWords(
    lang="ro",
    ranks={R.ACE: ("asul", "as", "asului"),
           R.KING: ("regele", "rege", "regelui", "popa", "popă", "popii"),
           R.QUEEN: ("dama", "damă", "damei", "regina", "regină", "reginei"),
           R.JACK: ("valetul", "valet", "valetului"), R.TEN: ("zece",), R.NINE: ("nouă",),
           R.EIGHT: ("opt",), R.SEVEN: ("șapte",), R.SIX: ("șase",), R.FIVE: ("cinci",),
           R.FOUR: ("patru",), R.THREE: ("trei",), R.TWO: ("doi", "două")},
    suits={S.SPADES: ("pică", "pici", "inimă neagră"), S.HEARTS: ("cupă", "inimă roșie"),
           S.DIAMONDS: ("caro", "romb"), S.CLUBS: ("treflă", "trefle")},
    italian_ranks={R.QUEEN: ("cavalerul", "cavaler", "cavalerului")},
    italian_suits={S.SPADES: ("spade",), S.HEARTS: ("cupe",), S.DIAMONDS: ("dinari",),
                   S.CLUBS: ("bâte",)},
    phrases=("{rank} de {suit}",),
    joker="jokerul",
    black_joker=("jokerul negru", "joker negru", "jokerului negru"),
    red_joker=("jokerul roșu", "joker roșu", "jokerului roșu"),
)

# Arabic: "بنت البستوني" (a construct) or "البنت البستوني" (an adjective), in the corpus's words
# (ملك الكبّة, البنت, الولد, الآس); the Levantine الشايب and الآص are the same cards.
AR = CardWords(
    lang="ar",
    ranks={R.ACE: ("آس", "الآس", "آص", "الآص"),
           R.KING: ("ملك", "الملك", "شايب", "الشايب"),
           R.QUEEN: ("بنت", "البنت", "ملكة", "الملكة"),
           R.JACK: ("ولد", "الولد", "شب", "الشب"),
           R.TEN: ("عشرة", "العشرة"), R.NINE: ("تسعة", "التسعة"),
           R.EIGHT: ("ثمانية", "الثمانية"), R.SEVEN: ("سبعة", "السبعة"),
           R.SIX: ("ستة", "الستة"), R.FIVE: ("خمسة", "الخمسة"),
           R.FOUR: ("أربعة", "الأربعة"), R.THREE: ("ثلاثة", "الثلاثة"),
           R.TWO: ("اثنين", "الاثنين", "اثنان", "الاثنان")},
    suits={S.SPADES: ("البستوني", "بستوني"), S.HEARTS: ("الكبّة", "الكبة", "كبة"),
           S.DIAMONDS: ("الديناري", "ديناري"), S.CLUBS: ("السباتي", "سباتي")},
    italian_ranks={R.QUEEN: ("فارس", "الفارس")},
    italian_suits={S.SPADES: ("السيوف",), S.HEARTS: ("الكؤوس",), S.DIAMONDS: ("الدنانير",),
                   S.CLUBS: ("العصي",)},
    phrases=("{rank} {suit}",),
    joker="الجوكر",
    black_joker=("الجوكر الأسود", "جوكر أسود"),
    red_joker=("الجوكر الأحمر", "جوكر أحمر"),
    prefix="(?:[وف]?[بكل]?)",
    # A number card is named with the article ("العشرة البستوني", as "من السبعة إلى الآس"
    # names the ranks): "عشرة البستوني" would read as a count, "ten of the spades"; and the
    # two is "الاثنان", the nominative of a name standing alone ("الاثنين" is also Monday).
    spoken={R.TEN: "العشرة", R.NINE: "التسعة", R.EIGHT: "الثمانية", R.SEVEN: "السبعة",
            R.SIX: "الستة", R.FIVE: "الخمسة", R.FOUR: "الأربعة", R.THREE: "الثلاثة",
            R.TWO: "الاثنان"},
)

LANGUAGES: Mapping[str, CardWords] = {w.lang: w for w in (EN, IT, DE, RU, RO, AR)}
