"""The part a name plays in a clause, in each language: the subject who acts, the owner of a
card ("Anna's 6♠", "il 10♣ di Carla", "J♥ Бруно"), the one a card goes to or comes from
("on Carla", "from Carla's hand", «wirft Carla den J♠ zu»), and the subject a clause leaves
out: the verb left out of a list ("Dario plays the 5♠, Anna the 6♠") and the pronoun or the
dropped subject that stands for the last player named ("he scores −4", "e scarta il Q♠").

claims.py finds the names; this module says which of them make a claim. It stays narrow: a
name is a subject only before the clause's first card and not after a preposition, an owner
only in the language's own possessive forms beside a card, and a clause without a name has a
subject only when it starts with a pronoun or continues a sentence whose subject is one player.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Collection, Mapping

from ..core.cards import Card, card_name
from ..core.cardwords import find_card_mentions
from ..core.languages import WESTERN_DIGITS
from . import claims

# Words before a name that make it no subject: the place or person a card goes to or comes
# from ("on Carla", "from Carla's hand", "a Carla", "an Anna", "на Карлу", "lui Bruno").
PREPOSITIONS = {
    "en": r"\b(?:on|onto|to|from|for|at|of|over|than|under|with|beside|after|before|by)\s+$",
    "it": r"\b(?:su|sul|sulla|a|al|alla|da|dal|dalla|di|del|della|per|con|che|dopo|prima di)\s+$",
    # (German "X nimmt Y die 4♥ ab": Y, a dative, is the one it is taken from)
    "de": r"\b(?:auf|an|zu|von|vom|für|aus|bei|mit|nach|vor|als|über|gegen|nimmt)\s+$",
    "ru": r"(?<!\w)(?:на|к|ко|от|у|из|для|с|со|после|перед|чем|под|над)\s+$",
    "ro": r"\b(?:pe|la|lui|de la|de|pentru|cu|din|după|decât|peste|al|a|ale|ai)\s+$",
    # (and one's neighbour: "التي مع جاره اللاعب 3", the card his neighbour Player 3 has)
    "ar": r"(?<!\w)(?:على|إلى|من|عند|مع|بعد|قبل|فوق|ل)\s*(?:جاره|جارها|جارته|جارتها)?\s*$",
}
# Words a clause may hold beside a name and its cards when its verb is left out ("Anna the
# 6♠", "Carla il 5♠", "Дарио — 9♣", "Dario mit der 3♥"): articles, "with", dashes.
_GAPPED = {
    "en": r"the|with|a|an|his|her|own",
    "it": r"il|lo|la|l|i|gli|le|un|una|uno|con|col|coi|suo|sua",
    "de": r"der|die|das|den|dem|des|mit|ein|eine|einen|einem|seine\w*|ihre\w*|ab|aus",
    "ru": r"с|со",
    "ro": r"cu|pe|un|o|lui|sa|său",
    "ar": r"بالورقة|الورقة|ب|بـ",
}
# A clause starting with one of these stands for the last player named ("he plays", "she
# drops"); a dropped subject (Italian, Romanian, Arabic, Russian) is read only where the
# sentence's subject is one player.
PRONOUNS = {
    "en": r"he|she",
    "it": r"lui|lei|egli|ella",
    "de": r"er|sie",
    "ru": r"он|она",
    "ro": r"el|ea",
    "ar": r"هو|هي",
}
# A clause starting with these is about what its sentence named before it ("the 10♣,
# which takes", "Ben, who draws").
RELATIVE = {
    "en": r"which|that|who", "it": r"che|cui|il quale|la quale",
    "de": r"der|die|das|den|welche\w*", "ru": r"котор\w*", "ro": r"care",
    "ar": r"التي|الذي",
}
# A clause starting with these explains what the clause before it says ("..., because Anna
# trumped her K♣"): its players are not the subject a later pronoun or left-out subject
# stands for ("...: she scores 0" is Carla's).
BECAUSE = {
    "en": r"because|since", "it": r"perché|poiché", "de": r"weil|denn|da",
    "ru": r"потому что|так как", "ro": r"pentru că|fiindcă|deoarece", "ar": r"لأن|لأنّ",
}


def explains(clause: claims.Clause, lang: str) -> bool:
    """The clause starts with the language's "because"."""
    return _regex(rf"\s*(?:{BECAUSE[lang]})(?!\w)").match(clause.text) is not None


# The gender a pronoun of PRONOUNS gives its player.
_FEMININE = {"en": "she", "it": "lei|ella", "de": "sie", "ru": "она", "ro": "ea", "ar": "هي"}
# The languages that put the subject before its verb, so that a clause starting with the
# verb has left its subject out ("and throws Carla the J♠": Carla receives it). In the
# others a verb may come first with its subject after it (Arabic, Russian, Italian,
# Romanian), where a name's case tells a receiver (Карле, Carlei: see nominative).
_SUBJECT_FIRST = {"en", "de"}


@cache
def _regex(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern, re.IGNORECASE)


def _card_spans(text: str, lang: str) -> list[tuple[int, int, Card]]:
    return [(m.offset, m.offset + (len(m.words) if m.words else len(card_name(m.card))),
             m.card) for m in find_card_mentions(text, lang)]


def possessives(clause: claims.Clause, names: Mapping[str, str], lang: str
                ) -> list[tuple[str, Card, int]]:
    """The cards a clause gives an owner in the language's possessive forms: (seat, card,
    offset of the name in the narration). "Anna's 6♠", "Brunos 4♥", "die 2♥ von Carla",
    "l'8♦ di Carla", "6♠ al Annei", "A♦ التي لعبتها كارلا", "J♥ Бруно" (a name right after a
    card, in Russian a genitive or, in a clause that says nobody plays, a name that does not
    decline)."""
    out = []
    text = clause.text
    spans = _card_spans(text, lang)
    for seat, name in names.items():
        if not name:
            continue
        for m in claims._name_pattern(name, lang).finditer(text):
            token = m.group()
            for start, end, card in spans:
                before, after = text[m.end():start], text[end:m.start()]
                owner = False
                if 0 <= start - m.end() <= 12:
                    if lang == "en":
                        owner = re.fullmatch(r"['’]s\s+(?:the\s+)?", before) is not None
                    elif lang == "de":
                        owner = token == name + "s" and re.fullmatch(r"\s+", before) is not None
                    elif lang == "ar":  # "وورقة برونو J♠": Bruno's card, the J♠
                        owner = re.fullmatch(r"\s+", before) is not None and re.search(
                            r"(?<!\w)[وف]?ورقة\s+$", text[:m.start()]) is not None
                if 0 <= m.start() - end <= 16 and not owner:
                    if lang == "de":
                        owner = re.fullmatch(r"\s+von\s+", after) is not None
                    elif lang == "it":
                        owner = re.fullmatch(r"\s+di\s+", after) is not None
                    elif lang == "ro":
                        owner = re.fullmatch(r"\s+(?:al lui|a lui|ale lui|al|a|ale)\s+", after) \
                            is not None
                    elif lang == "ar":  # "A♦ التي لعبتها كارلا": the A♦ Carla played
                        # and "يبقى J♣ في يد اللاعب 2", "تبقى 5♣ مع كارلا": held by them
                        owner = re.fullmatch(r"\s+(?:(?:التي|الذي)\s+(?:لعب\w*|مع)|من|في يد|مع)"
                                             r"\s+", after) is not None
                    elif lang == "ru" and re.fullmatch(r"\s+", after):
                        declined = token != name and token[-1:] in "ыи"
                        plain = token == name and not claims.says(clause, claims.PLAYS, lang)
                        owner = declined or plain
                if owner:
                    out.append((seat, card, clause.start + m.start()))
    if lang == "ar":
        out += _with_arabic(clause, names, spans)
    return out


# "مع X" (with X), "في يد X" (in X's hand): X has the cards after it ("بقيت مع آنا 3♥ و5♣",
# "آخر ورقة مع برونو هي 6♥"); after a denial only those after "إلا" (but): "ليس مع برونو من
# السباتي إلا A♣", Bruno's one club.
_HAS_AR = re.compile(r"(?<!\w)[وف]?(?:مع|في يد)\s+$")
_NOT_AR = re.compile(r"(?<!\w)[وف]?(?:ليس|لا|لم|لن)(?!\w)")
_BUT_AR = re.compile(r"(?<!\w)إلا(?!\w)")


def _with_arabic(clause: claims.Clause, names: Mapping[str, str],
                 spans: list[tuple[int, int, Card]]) -> list[tuple[str, Card, int]]:
    out = []
    text = clause.text
    for seat, name in names.items():
        for m in claims._name_pattern(name, "ar").finditer(text) if name else ():
            if m.group() != name or not _HAS_AR.search(text[:m.start()]):
                continue
            after = m.end()
            if _NOT_AR.search(text):
                but = _BUT_AR.search(text, m.end())
                if but is None:
                    continue
                after = but.end()
            out += [(seat, card, clause.start + m.start()) for start, _, card in spans
                    if start >= after]
    return out


def subjects(clause: claims.Clause, names: Mapping[str, str], lang: str) -> frozenset[str]:
    """The seats a clause names as who acts: a name before the clause's first card, not
    after a preposition, not a card's owner, and (in a language that puts the subject first)
    not after a verb the clause starts with (its subject left out: "and throws Carla the J♠")."""
    text = clause.text
    spans = _card_spans(text, lang)
    first_card = spans[0][0] if spans else len(text)
    # a name written as a card's owner ("Q♥ من آنا", "Anna's 6♠") is no subject there; the
    # same player named again before the card may be ("يسحب آنا Q♥ من آنا" is wrong of her)
    owned = {at - clause.start for _, _, at in possessives(clause, names, lang)}
    # «und wirft Carla den J♠ zu»: the verb's particle says Carla receives (German puts its
    # subject after the verb after "also", "dann")
    starts_with_verb = lang in _SUBJECT_FIRST and _starts_with_verb(text, lang) and (
        lang != "de" or re.search(r"\bzu\s*$", text) is not None)
    out = set()
    at: dict[str, int] = {}  # where each subject is first named
    for seat in clause.names:
        for m in claims._name_pattern(names[seat], lang).finditer(text):
            if lang == "ru" and spans and text[spans[0][1]:m.start()].isspace() \
                    and _regex(rf"\s+(?:{claims.PLAYS['ru']})").match(text, m.end()):
                out.add(seat)  # "а 9♠ Бруно падает под короля": Bruno's 9♠ falls
                at.setdefault(seat, m.start())
                continue
            if m.start() > first_card or m.start() in owned:
                continue
            if lang == "ar" and _MUST_AR.search(text[:m.start()]) \
                    and re.match(r"\s+أن(?!\w)", text[m.end():]):
                out.add(seat)  # "ولا بدّ لكارلا أن تلعب K♦": Carla must play it
                continue
            if _regex(PREPOSITIONS.get(lang, PREPOSITIONS["en"])).search(text[:m.start()]):
                continue
            if starts_with_verb:
                continue
            if lang == "en" and text[m.end():m.end() + 2] in ("'s", "’s"):
                continue  # "Anna's trick", "Carla's hand": a place, said of its owner
            if not nominative(m.group(), names[seat], lang):
                continue
            out.add(seat)
            at.setdefault(seat, m.start())
    if len(out) > 1:
        end = objects_from(text, min(at.values()), lang)
        out = {s for s in out if at[s] < end}
    return frozenset(out)


def objects_from(text: str, first: int, lang: str) -> int:
    """Where the objects of a clause begin, its subject named at ``first``: after the
    subject's verb in a language that puts the subject before its verb and the object after
    ("Carla tries to stop Anna with the 3♦": Anna is stopped); the clause's end elsewhere."""
    if lang not in _SUBJECT_VERB_OBJECT:
        return len(text)
    verb = _regex(_VERBS[lang]).search(text, first)
    return verb.start() if verb is not None else len(text)


_SUBJECT_VERB_OBJECT = {"en", "it", "ro"}
_VERBS = {lang: "|".join(words[lang] for words in (claims.PLAYS, claims.DRAWS, claims.TAKES))
          for lang in _SUBJECT_VERB_OBJECT}


# Before an Arabic name that "must" do what follows "أن": "لا بدّ لـ" (the name takes the
# ل), "على" ("وعلى كارلا أن تتبع"): the name is the subject, not a place.
_MUST_AR = re.compile(r"(?<!\w)[وف]?(?:(?:لا\s+)?بدّ?\s+|على\s+)$")


def nominative(token: str, name: str, lang: str) -> bool:
    """A name as written may be a subject: not in another case (Russian Анне, Анны;
    Romanian Carlei; German Annas), nor with an Arabic particle of "to" or "with" (لكارلا)."""
    if lang in ("ru", "ro") and token != name:
        return False
    if lang == "de" and token == name + "s":
        return False
    return not (lang == "ar" and token != name and token[:1] in "لب")


def _starts_with_verb(text: str, lang: str) -> bool:
    words = claims.PLAYS.get(lang, "") + "|" + claims.TAKES.get(lang, "")
    first = re.match(r"\s*(\S+)", text)
    return first is not None and _regex(words).match(text.lstrip()) is not None


def relative(clause: claims.Clause, lang: str) -> bool:
    """The clause starts with a relative pronoun ("which takes", "die den Herzkönig holt")."""
    return _regex(rf"\s*(?:{RELATIVE[lang]})(?!\w)").match(clause.text) is not None


def before_relative(clause: claims.Clause, lang: str) -> claims.Clause:
    """The clause up to a relative clause right after its first card ("وبرونو 10♣" of
    "وبرونو 10♣ التي تأكل ملك الكبّة"): what its own player plays."""
    spans = _card_spans(clause.text, lang)
    after = _regex(rf"\s+(?:{RELATIVE[lang]})(?!\w)").match(clause.text, spans[0][1]) \
        if spans else None
    if after is None:
        return clause
    return claims.Clause(clause.start, clause.text[:after.start()], clause.names, clause.owners)


def gapped(clause: claims.Clause, names: Mapping[str, str], lang: str) -> bool:
    """The clause is a name and its card(s), its verb left out ("Anna the 6♠", "Дарио — 9♣",
    "Carla mit der 3♥"): nothing else but articles and "with", and after the last card a
    relative clause of its own ("وبرونو 10♣ التي تأكل ملك الكبّة": which takes the king)."""
    # (the relative may name a card: "التي تأكل ملك الكبّة", the king of hearts)
    text = before_relative(clause, lang).text
    for start, end, _ in sorted(_card_spans(text, lang), reverse=True):
        text = text[:start] + " " + text[end:]
    for seat in clause.names:
        text = claims._name_pattern(names[seat], lang).sub(" ", text)
    text = _regex(rf"(?<!\w)(?:{_GAPPED.get(lang, _GAPPED['en'])})(?!\w)").sub(" ", text)
    return not re.search(r"\w", text) and len(clause.names) == 1


# Words a clause of cards alone may hold, continuing the list of the clause before ("the
# 6♣ and the 2♦", "poi il 4♥", "then the K♥").
_LIST = {
    "en": r"the|and|then|also|a|an", "it": r"il|lo|la|l|i|e|poi|anche|un|una",
    "de": r"der|die|das|den|dem|und|dann|auch|ein|eine|einen", "ru": r"и|потом|затем|ещё|еще",
    # (and "which is": "الورقة الوحيدة التي مع جاره، وهي J♣", the only card he has, the J♣)
    "ro": r"și|apoi|pe|un|o|cu", "ar": r"و|ثم|بالورقة|الورقة|وهي|وهو",
}


def cards_alone(clause: claims.Clause, names: Mapping[str, str], lang: str) -> bool:
    """The clause is cards and the words of a list alone ("the 6♣", "poi il 4♥")."""
    text = clause.text
    for start, end, _ in sorted(_card_spans(text, lang), reverse=True):
        text = text[:start] + " " + text[end:]
    text = _regex(rf"(?<!\w)(?:{_LIST.get(lang, _LIST['en'])})(?!\w)").sub(" ", text)
    return not clause.names and not re.search(r"\w", text)


def pronoun(clause: claims.Clause, lang: str) -> bool:
    """The clause starts with a subject pronoun ("he scores −4", "she drops")."""
    return _regex(rf"\s*(?:{PRONOUNS.get(lang, PRONOUNS['en'])})(?!\w)").match(clause.text) \
        is not None


# A pronoun in the dative right before a word of taking a card, the card's new holder
# ("Ему достаётся K♦"): its gender.
_DATIVE = {"ru": {"ему": "m", "ей": "f"}}


def _dative(clause: claims.Clause, lang: str) -> str | None:
    """The gender of the dative pronoun a clause starts with, before a word of taking a card."""
    m = re.match(r"\s*(\w+)\s+", clause.text)
    gender = _DATIVE.get(lang, {}).get(m.group(1).lower()) if m else None
    if m is None or gender is None \
            or not _regex(claims.TAKES_CARD[lang]).match(clause.text, m.end()):
        return None
    return gender


def _pronoun_gender(clause: claims.Clause, lang: str) -> str | None:
    """The gender of the subject pronoun a clause starts with ("she": f), None without one."""
    if not pronoun(clause, lang):
        return None
    return "f" if _regex(rf"\s*(?:{_FEMININE[lang]})(?!\w)").match(clause.text) else "m"


def _arabic_gender(clause: claims.Clause) -> str | None:
    """The gender an Arabic verb that starts the clause gives its subject (تسحب: f)."""
    verb = re.match(r"\s*[وف]?([تي])", clause.text)
    return None if verb is None else "f" if verb.group(1) == "ت" else "m"


def last_named(text: str, clause: claims.Clause, names: Mapping[str, str], lang: str,
               genders: Mapping[str, str], *, places: bool = True, only: bool = False
               ) -> str | None:
    """The seat named last before ``clause`` in ``text`` (not as a card's owner); when the
    clause starts with a pronoun (or an Arabic verb, which says its subject's gender), the
    last of that pronoun's gender, so none when the script gives no genders: the one the
    pronoun stands for ("У Анны пик нет, она сбрасывает"). With ``only``, a pronoun stands
    for a player only when the text before names no other of its gender ("Player 1 draws
    from Player 2. He gets the 8♥" names two: no guess)."""
    head = text[:clause.start]
    feminine = _regex(rf"\s*(?:{_FEMININE[lang]})(?!\w)").match(clause.text) is not None
    gendered = pronoun(clause, lang)
    if lang == "ar" and not gendered:  # an Arabic verb says its subject's gender: تسحب, يسحب
        verb = re.match(r"\s*[وف]?([تي])", clause.text)
        gendered, feminine = verb is not None, verb is not None and verb.group(1) == "ت"
    best: tuple[int, str] | None = None
    seen: set[str] = set()  # the players the pronoun may stand for
    before = _regex(FROM.get(lang, FROM["en"]))  # the one a card is drawn from
    for part in claims.clauses(head, names, lang):
        if explains(part, lang):
            continue  # "because Anna trumped her K♣": not the one the sentence is about
        # a card's owner is who a pronoun of their gender may stand for ("Bruno's 7♦ does
        # not fit; he draws"), not who a left-out subject does
        owned = set() if gendered else {seat for seat, _, _ in possessives(part, names, lang)}
        for seat in part.names - owned:
            if gendered and genders.get(seat) != ("f" if feminine else "m"):
                continue  # a pronoun of the other gender, or a player of no known gender
            for m in claims._name_pattern(names[seat], lang).finditer(part.text):
                if not places and before.search(part.text[:m.start()]):
                    continue  # "from Elena": not who a left-out subject stands for
                if best is None or part.start + m.start() > best[0]:
                    best = (part.start + m.start(), seat)
                seen.add(seat)
    if only and gendered and len(seen) > 1:
        return None
    return best[1] if best else None


# A phrase right before a name that gives that player the trick ("la presa è di Carla",
# "levata e a lui Dario", "the trick goes to Anna"), and after a name ("Anna's trick").
TRICK_OF = {
    "en": r"\btrick (?:is|goes to|went to)\s+$",
    "it": r"\bpresa (?:è|va|spetta) (?:di|a)\s+$|\bpresa (?:di|per)\s+$",
    "de": r"\bStich (?:geht an|gehört|bekommt)\s+$",
    "ru": r"(?<!\w)взятк[аиу] (?:достаётся|достается|уходит к|у|забирает|берёт|берет)\s+$"
          r"|(?<!\w)взятк[аиу]\s+$",
    "ro": r"\blevata (?:e|este|îi revine|revine|o ia) (?:a lui |a |lui )?$|\blevat[aă]\s+(?:a\s+)?$",
    # "والأكلة لبرونو" (the name with ل on it), "إلى أكلة آنا"
    "ar": r"(?<!\w)الأكلة (?:من نصيب)\s+$|(?<!\w)أكلة\s+$",
}
_TRICK_AFTER = {
    "en": r"['’]s\s+(?:\w+\s+)?trick\b(?!s)|['’]s\s+(?:ace|king|queen|jack|\w+)\s+"
          r"(?:takes|wins)\b",
    "de": r"\s+(?:\w+\s+)?Stich\b(?!e)",  # after the genitive: "in Annas Stich"
}
# The language's word for points, right after a number ("13 points", "2 punti", "4 очка").
POINTS = {
    "en": r"\s*(?:more\s+)?points?\b",
    "it": r"\s*(?:altri\s+)?punt[oi]\b",
    "de": r"\s*(?:weitere\s+)?Punkte?n?\b",
    "ru": r"\s*(?:очк\w*|очк)",
    "ro": r"\s*(?:de\s+)?(?:punct\w*)",
    "ar": r"\s*(?:نقطة|نقاط|نقطتين|نقطتان)",
}
# Words a clause that states a trick's points alone may hold ("13 points", "4 points to
# Bruno", "15 punti per Anna e Carla").
_POINTS_ALONE = {
    "en": r"the|and|to|for|more|its|his|her|first",
    "it": r"i|e|a|per|altri|la|sua|suoi|coppia",
    "de": r"für|an|und|die|weitere|seine|ihre",
    "ru": r"и|для|паре|за|её|ее|его|свои",
    "ro": r"pentru|și|lui|echipa|de|sale|ei",
    "ar": r"و|ل|لـ|ومعها|ومعه|معها|معه",
}


# The trick and its points in one phrase: "взятку с её 4 очками", the trick with its 4
# points.
_THE_TRICK_WITH = {
    "en": r"\btrick with its\b", "it": r"\bpresa con i suoi\b", "de": r"\bStich mit seinen\b",
    "ru": r"(?<!\w)взятк\w* с (?:её|ее|его|их)(?!\w)", "ro": r"\blevata cu cele\b",
    "ar": r"(?<!\w)الأكلة بما فيها(?!\w)",
}


def takers(clause: claims.Clause, names: Mapping[str, str], lang: str) -> frozenset[str]:
    """The seats a clause says take the trick: the subjects of a clause with a word for
    taking ("Anna takes the trick"), or a name the language gives the trick to ("la presa è
    di Carla", "levata e a lui Dario", "the Q♠ goes onto Anna's trick")."""
    out: set[str] = set()
    text = clause.text
    verb = _regex(claims.TAKES[lang]).search(text) if lang in claims.TAKES else None
    if verb is not None and not claims.says(clause, claims.HEDGED, lang):
        # the name nearest the verb, with no card between ("Anna plays the 2♥ and Bruno
        # takes", "فيأكل برونو الأكلة", "Взятку берёт Дарио")
        spans = _card_spans(text, lang)
        owned = {seat for seat, _, _ in possessives(clause, names, lang)}
        near: list[tuple[int, str]] = []
        for seat in clause.names - owned:
            for m in claims._name_pattern(names[seat], lang).finditer(text):
                lo, hi = sorted((m.start(), verb.start()))
                if any(lo <= start < hi for start, _, _ in spans) \
                        or _regex(PREPOSITIONS[lang]).search(text[:m.start()]) \
                        or (lang == "en" and text[m.end():m.end() + 2] in ("'s", "’s")):
                    continue
                near.append((abs(m.start() - verb.start()), seat))
        if near:
            out.add(min(near)[1])
    for seat in clause.names:
        for m in claims._name_pattern(names[seat], lang).finditer(text):
            if lang in TRICK_OF and _regex(TRICK_OF[lang]).search(text[:m.start()]):
                out.add(seat)
            if lang == "ar" and m.group().startswith("ل") \
                    and re.search(r"(?<!\w)[وف]?الأكلة\s+$", text[:m.start()]):
                out.add(seat)  # "والأكلة لبرونو": the trick is Bruno's
            after = _TRICK_AFTER.get(lang)
            token = m.group()
            if after and (lang != "de" or token == names[seat] + "s") \
                    and _regex(after).match(text, m.end()):
                out.add(seat)
    return frozenset(out)


def taking_card(clause: claims.Clause, names: Mapping[str, str], lang: str
                ) -> tuple[Card, int] | None:
    """The card a clause says takes the trick: the clause's first card, before its word for
    taking ("Carla's 8♦ takes the trick", "l'8♦ di Carla prende la presa"); None when the
    clause says no card takes, or denies or supposes."""
    if not claims.says(clause, claims.TAKES, lang) or claims.says(clause, claims.HEDGED, lang):
        return None
    spans = _card_spans(clause.text, lang)
    relative = _regex(rf"\s*(?:{RELATIVE[lang]})(?!\w)").match(clause.text)
    # (German's article is its relative pronoun too: "Der K♣ holt Darios Q♣ heraus")
    if relative and not (spans and 0 <= spans[0][0] - relative.end() <= 1):
        return None  # "the 10♣, which takes the king": the king is taken
    verb = _regex(claims.TAKES[lang]).search(clause.text)
    # Arabic puts the verb first: "وتأكل 8♦ التي لعبتها كارلا الأكلة"
    if not spans or verb is None or (spans[0][0] > verb.start() and lang != "ar"):
        return None
    return spans[0][2], clause.start + spans[0][0]


def trick_points(clause: claims.Clause, names: Mapping[str, str], lang: str
                 ) -> list[tuple[int, int]]:
    """The points a clause gives the trick: each number followed by the word for points, in
    a clause that says the trick is taken ("Bruno takes 2 more points") or that is the figure
    alone ("13 points", "4 points to Bruno"). Not in a clause that denies or supposes."""
    if claims.says(clause, claims.HEDGED, lang) or lang not in POINTS:
        return []
    found = [(value, at) for value, at in claims.numbers(clause)
             if _regex(POINTS[lang]).match(clause.text, at - clause.start
                                           + len(str(abs(value))) + (value < 0))]
    if len(found) != 1:
        return []
    if claims.says(clause, claims.TAKES, lang) or _regex(_THE_TRICK_WITH[lang]).search(
            clause.text):
        return found
    rest = claims._NUMBER.sub(" ", clause.text.translate(WESTERN_DIGITS))
    rest = _regex(POINTS[lang]).sub(" ", rest)
    for seat in clause.names:
        rest = claims._name_pattern(names[seat], lang).sub(" ", rest)
    rest = _regex(rf"(?<!\w)(?:{_POINTS_ALONE[lang]})(?!\w)").sub(" ", rest)
    return found if not re.search(r"\w", rest) else []


def listed(parts: list[claims.Clause], at: int, names: Mapping[str, str], lang: str,
           verbs: Mapping[str, str] = claims.PLAYS
           ) -> tuple[list[tuple[str, claims.Clause]], int] | None:
    """Players listed first and their cards after, paired by position, from ``parts[at]``
    on: clauses of names alone ("Anna", "Bruno and"), one that plays ("Carla follow with
    the 3♦", "and throw the A♣"), then clauses of cards alone ("6♦", "the 4♦"): (seat, the
    card's clause) for each, and the index of the clause after the list; None when the
    clauses from ``at`` are no such list."""
    seats: list[str] = []
    i = at
    while i < len(parts) and parts[i].names and not claims.cards(parts[i], lang):
        found = subjects(parts[i], names, lang)
        if len(found) != 1 or found != parts[i].names:
            return None
        seats += found
        i += 1
    if i >= len(parts) or not seats:
        return None
    verb = parts[i]
    found = subjects(verb, names, lang)
    if len(found) > 1 or found != verb.names or not claims.says(verb, verbs, lang) \
            or claims.says(verb, claims.HEDGED, lang):
        return None
    seats += found
    cards = list(claims.cards(verb, lang))
    i += 1
    while i < len(parts) and not parts[i].names and claims.cards(parts[i], lang):
        cards += claims.cards(parts[i], lang)
        i += 1
    if len(seats) < 2 or len(cards) != len(seats):
        return None
    return [(seat, claims.Clause(offset, card_name(card), frozenset({seat})))
            for seat, (card, offset) in zip(seats, cards)], i


def acts(words: str, names: Mapping[str, str], lang: str, genders: Mapping[str, str],
         mover: str, draws: Mapping[str, str] = claims.DRAWS, *,
         hands: Mapping[str, Collection[Card]] | None = None
         ) -> list[tuple[claims.Clause, str, Mapping[str, str]]]:
    """The clauses of a move's step (shedding, pairing) that say a player plays or draws a
    card: (the clause, the player, the words of its verb: claims.PLAYS or claims.DRAWS). The
    player is the clause's one subject, else the sentence's one player ("Bruno cannot play
    and draws the 6♣"), else the one a pronoun or a relative stands for ("he draws", "Ben,
    who draws"), else, in a step that names nobody before it, the ``mover``. Clauses of cards
    alone continue the list of the clause before ("He draws the J♠, the 6♣ and the 2♦")."""
    out: list[tuple[claims.Clause, str, Mapping[str, str]]] = []
    last: tuple[str, Mapping[str, str]] | None = None  # the verb of the sentence before, for a list
    before_colon: set[str] = set()  # the subjects of a sentence that ends with a colon
    for sentence in claims.sentences(words, names, lang):
        said: set[str] = set()
        subject: str | None = None  # the player of the sentence's last clause that acts
        # "Carla trage de la Bruno: primește înapoi 5♥": the sentence after a colon goes on
        # with the one subject of the sentence before it
        going_on = next(iter(before_colon)) if len(before_colon) == 1 else None
        for index, part in enumerate(joined([
                claims.Clause(sentence.start + c.start, c.text, c.names, c.owners)
                for c in claims.clauses(sentence.text, names, lang)], words, lang)):
            has_cards = bool(claims.cards(part, lang))
            if claims.says(part, claims.HEDGED, lang):
                last = None
                said |= part.names
                continue
            verb = next((v for v in (claims.PLAYS, draws) if claims.says(part, v, lang)), None)
            # "Bruno changes the suit with the 2♥": the card after "with" alone is played
            with_cards = claims.played_with(part, lang) if verb is None else []
            verb = claims.PLAYS if with_cards else verb
            if verb is None:
                if has_cards and last is not None and cards_alone(part, names, lang):
                    out.append((part, *last))  # "the 6♣ and the 2♦", "poi il 4♥"
                    continue
                last = None
                said |= subjects(part, names, lang)  # a place or an owner is no subject
                continue
            found = subjects(part, names, lang)
            seat = next(iter(found)) if len(found) == 1 else None
            # no subject: a name after "from" or "to" is not one ("who draws the 8♦ from Carla")
            if seat is None and not found:
                # a word of taking a card ("gets", "bekommt", "يأخذ") said of a left-out
                # subject is read only of the sentence's one subject, never guessed
                taking = verb is not claims.DRAWS and verb is not claims.PLAYS \
                    and not claims.says(part, claims.DRAWS, lang)
                verb_gender = _arabic_gender(part) if lang == "ar" else None
                # (a player of no known gender does not agree: no guess)
                disagrees = len(said) == 1 and verb_gender is not None \
                    and genders.get(next(iter(said))) != verb_gender
                if disagrees:  # "يمدّ برونو ... إلى كارلا، فتسحب": Carla; "… إلى برونو، فيأخذ J♠"
                    seat = last_named(words, part, names, lang, genders)
                elif taking and lang == "ar" and len(said) == 1:
                    pass  # the verb's gender, not a guess, would say who
                elif _regex(rf"\s*(?:{RELATIVE[lang]})(?!\w)").match(part.text):
                    seat = last_named(words, part, names, lang, genders)  # "Bruno, who takes"
                elif taking and _dative(part, lang) is not None:
                    # "Ему достаётся K♦": the one a card goes to, of the mover's gender
                    seat = mover if genders.get(mover) == _dative(part, lang) and mover in \
                        claims.named(words[:part.start], names, lang) else None
                elif pronoun(part, lang):
                    # a pronoun says its player's gender; a word of taking a card is read
                    # of it only when one player of that gender is named before ("she takes
                    # the J♣"), since the one a card is taken from is named too
                    seat = last_named(words, part, names, lang, genders, only=taking)
                    if seat is None and not claims.named(words[:part.start], names, lang) \
                            and genders.get(mover) == _pronoun_gender(part, lang):
                        seat = mover  # "She plays the 7♠" opening the mover's step
                    elif seat is None and taking and genders.get(mover) == _pronoun_gender(
                            part, lang) and mover in claims.named(words[:part.start], names,
                                                                  lang):
                        # "Carla draws from Bruno: she gets the 5♥ back": of the players of
                        # its gender named before, the one who takes a card is the mover
                        seat = mover
                elif len(said) == 1:
                    seat = next(iter(said))
                elif going_on is not None and index == 0:  # (its first clause only)
                    seat = going_on
                elif not taking and not said and subject is None and claims.named(
                        words[:part.start], names, lang) == {mover}:
                    # the step names its mover alone before ("Il 7♦ di Bruno non va bene;
                    # pesca il 3♦"): the left-out subject is theirs
                    seat = mover
                elif subject is not None:
                    seat = subject  # "he draws from Elena and takes her last card"
                elif not any(claims.named(words[:part.start], names, lang)):
                    seat = mover  # a step that names nobody is the mover's
                elif not taking:  # "from Elena" is not who a left-out subject stands for
                    seat = last_named(words, part, names, lang, genders, places=False)
            said |= found
            subject = seat if seat is not None else subject
            last = (seat, verb) if seat is not None else None
            it = card_before(words, part, lang) if verb is claims.PLAYS and not has_cards \
                else None
            if seat is not None and with_cards:
                out += [(claims.Clause(at, card_name(card), frozenset({seat})), seat, verb)
                        for card, at in with_cards]
            elif seat is not None and it is not None and (hands is None
                                                           or it[0] in hands.get(seat, ())):
                # "she plays it": the card named before, when it is hers
                out.append((claims.Clause(it[1], card_name(it[0]), frozenset({seat})), seat,
                            verb))
            elif seat is not None and has_cards:
                out.append((part, seat, verb))
        colon = sentence.text.rstrip().endswith(":") or words[
            sentence.start + len(sentence.text):].startswith(":")
        before_colon = ({subject} if subject is not None else said) if colon else set()
        if not colon:
            last = None
    return out


# A verb of playing whose object is a pronoun standing for a card ("she plays it", "lo
# cala", "legt sie", "он её кладёт", "o pune", "فيرميها"); not "covers it", "beats it",
# whose "it" is another player's card.
PLAYS_IT = {
    "en": r"\b(?:plays?|puts?|lays?|throws?|drops?|leads?|discards?)\s+it\b",
    "it": r"\b(?:lo|la|l['’])\s*(?:cala|gioca|mette|butta|scarta|calano|giocano)\b"
          r"|\b(?:giocarlo|giocarla|calarlo|calarla|scartarlo|scartarla)\b",
    "de": r"\b(?:legt|spielt|wirft|legen|spielen)\s+(?:sie|es|ihn)\b",
    "ru": r"(?<!\w)(?:(?:её|ее|его)\s+(?:кладёт|кладет|сбрасывает|играет|положить|сыграть)"
          r"|(?:кладёт|кладет|сбрасывает|играет|положить|сыграть)\s+(?:её|ее|его))(?!\w)",
    "ro": r"(?<!\w)(?:o|îl|l)\s*(?:pune|joacă|aruncă|joace|pună)\b",
    "ar": r"(?<!\w)[وف]?(?:أن\s+)?(?:يلعب|تلعب|يرمي|ترمي|يضع|تضع|يطرح|تطرح|يلقي|تلقي)(?:ها|ه)"
          r"(?!\w)",
}


def card_before(words: str, clause: claims.Clause, lang: str) -> tuple[Card, int] | None:
    """The card a clause of playing names by a pronoun (PLAYS_IT), the clause naming none:
    the last card named before it ("Anna has no heart other than the 8♥. She plays it"):
    (card, offset in the narration)."""
    if claims.cards(clause, lang) or not _regex(PLAYS_IT[lang]).search(clause.text):
        return None
    head = claims._PLACEHOLDER.sub(lambda m: " " * len(m.group()), words[:clause.start])
    found = find_card_mentions(head, lang)
    return (found[-1].card, found[-1].offset) if found else None


# A preposition before the player a card is drawn from ("from Chloe", "da Anna", "bei Sara").
FROM = {
    "en": r"\bfrom\s+$", "it": r"\b(?:da|dalla mano di)\s+$", "de": r"\b(?:bei|von|nimmt)\s+$",
    "ru": r"(?<!\w)у\s+$", "ro": r"\bde la\s+$", "ar": r"(?<!\w)من\s+$",
}


def drawn_from(clause: claims.Clause, names: Mapping[str, str], lang: str
               ) -> list[tuple[str, int]]:
    """The players a clause says a card is drawn from: (seat, offset in the narration)."""
    out = []
    for seat in clause.names:
        for m in claims._name_pattern(names[seat], lang).finditer(clause.text):
            if _regex(FROM[lang]).search(clause.text[:m.start()]):
                out.append((seat, clause.start + m.start()))
    # a numbered name in another case: "у Игрока 3" (its number is where it is found)
    before = _regex(FROM[lang].removesuffix("$") + r"\w+\s+$")
    for at, seat in claims.numbered_lists(clause.text, names, alone=True):
        if before.search(clause.text[:at]) and seat not in {s for s, _ in out}:
            out.append((seat, clause.start + at))
    return out


# A clause with one of these gives a figure to its subject ("and reaches 101", "und
# schreibt 0"): read in a clause without a name that goes on from one player's.
SCORES = {
    "en": r"\b(?:scores?|reach(?:es)?|gets?|ends? (?:up )?(?:with|on)|writes|drops? to|falls? to"
          r"|rises? to|climbs? to)\b",
    "it": r"\b(?:segna|segnano|arriva a|arrivano a|ottiene|ottengono|scrive|scrivono|totalizza"
          r"|totalizzano|scende a|sale a)\b",
    "de": r"\b(?:schreibt|schreiben|kommt auf|kommen auf|bekommt|bekommen|erhält|erhalten"
          r"|erreicht|erreichen|fällt auf|fallen auf|steigt auf|steigen auf)\b",
    "ru": r"(?<!\w)(?:получает|получают|набирает|набирают|записывает|записывают|доходит до"
          r"|доходят до|доходя до)(?!\w)",
    "ro": r"\b(?:ajunge la|ajung la|primește|primesc|notează|marchează|obține|obțin)\b",
    "ar": r"(?<!\w)[وف]?(?:يبلغ|تبلغ|يسجّل|تسجّل|يسجل|تسجل|يصل|تصل|يسجّلان|تسجّلان|يسجلان|تسجلان"
          r"|يبلغان|تبلغان|يهبط|تهبط)(?!\w)",
}


# "Anna and Carla ...", "Bruno e Dario ...": the word that joins a sentence's subjects (in
# Arabic, written onto the next name); "each" says a figure is every one of theirs.
_AND_NAMES = {"en": r"\s+and\s+", "it": r"\s+e\s+", "de": r"\s+und\s+", "ru": r"\s+и\s+",
              "ro": r"\s+și\s+", "ar": r"\s+و"}
EACH = {
    "en": r"\b(?:each|both|all)\b", "it": r"\b(?:ciascuno|ciascuna|ognuno|ognuna|entrambi|entrambe"
    r"|a testa)\b", "de": r"\b(?:je|jeweils|beide|jeder|jede)\b",
    "ru": r"(?<!\w)(?:по|каждый|каждая|оба|обе)(?!\w)", "ro": r"\b(?:fiecare|câte|amândoi|amândouă|ambii)\b",
    "ar": r"(?<!\w)(?:لكل|كلٌّ|كل|كلاهما|كلتاهما)(?!\w)",
}


def joint(sentence: claims.Clause, names: Mapping[str, str], lang: str) -> tuple[str, ...]:
    """The players a sentence starts with as its one subject, "Anna and Carla" or "Anna,
    Bruno and Carla" (each in the nominative), in their order; empty when it starts
    otherwise."""
    found: list[str] = []
    rest = sentence.text.lstrip()
    if lang == "ar":  # the verb comes first: «تسجّل آنا وكارلا 2»
        verb = re.match(r"\S+\s+", rest)
        if verb is not None and not claims.named(verb.group(), names, lang):
            rest = rest[verb.end():]
    while True:
        for seat, name in names.items():
            m = claims._name_pattern(name, lang).match(rest)
            if m is not None and nominative(m.group(), name, lang) and seat not in found:
                found.append(seat)
                rest = rest[m.end():]
                break
        else:
            return ()
        sep = re.match(rf"\s*,\s*|{_AND_NAMES[lang]}", rest)
        if sep is None:
            return tuple(found) if len(found) >= 2 else ()
        # "and" comes before the last name, but in Arabic before every one (آنا وبرونو وكارلا)
        last = sep.group().strip(" ,") != "" and lang != "ar"
        rest = rest[sep.end():]
        if last:  # after "and" comes the last name
            for seat, name in names.items():
                m = claims._name_pattern(name, lang).match(rest)
                if m is not None and nominative(m.group(), name, lang) and seat not in found:
                    return (*found, seat)
            return ()


# A sum worked out in a text, "30 − 12 = 18" (Arabic: "30 ناقص 12"), and the word that
# gives its result in a clause of its own ("، أي 18": that is, 18).
_SUM = {lang: r"[-−]?\d+\s*[−+-]\s*\d+\s*=\s*[-−]?\d+" for lang in ("en", "it", "de", "ru", "ro")}
_SUM["ar"] = r"\d+\s+(?:ناقص|زائد)\s+\d+"
_SUM_IS = {"en": r"\s*(?:that is|i\.e\.)\s", "it": r"\s*cioè\s", "de": r"\s*also\s",
           "ru": r"\s*то есть\s", "ro": r"\s*adică\s", "ar": r"\s*أي\s"}


# After the last of a player's figures: "… with −14 and −20 in cards".
_IN_CARDS = {"en": r"in cards", "it": r"in carte", "de": r"in Karten", "ru": r"в картах",
             "ro": r"în cărți", "ar": r"من الأوراق"}
# A running score of two sides, "3 to 2"; and "they", a side named before.
_TO = {"en": r"\d+\s+to\s+\d+", "it": r"\d+\s+a\s+\d+", "de": r"\d+\s+zu\s+\d+",
       "ru": r"\d+\s*[:—–-]\s*\d+", "ro": r"\d+\s+la\s+\d+", "ar": r"\d+\s+مقابل\s+\d+"}
_THEY = {"en": r"they", "it": r"loro", "de": r"die beiden", "ru": r"они", "ro": r"ei|ele",
         "ar": r"[وف]?هما"}


def _side(clause: claims.Clause, both: set[str], said: set[str], lang: str) -> tuple[str, ...]:
    """The side a clause without names of its own is about: the sentence's joint subject
    ("Anna and Carla score 2 and lead 3 to 2"), else the players named so far in it ("У
    Анны и Карлы восемь взяток, … и они записывают 2 очка"), when they are two or more."""
    if clause.names:
        return tuple(sorted(both)) if len(both) >= 2 and clause.names <= both else ()
    return tuple(sorted(both or said)) if len(both or said) >= 2 else ()


def _main_names(sentence: claims.Clause, names: Mapping[str, str], lang: str) -> set[str]:
    """The players a sentence names before any clause that explains ("Carla bid two but
    took one, because Anna trumped her K♣": Carla)."""
    out: set[str] = set()
    for clause in claims.clauses(sentence.text, names, lang):
        if explains(clause, lang):
            break
        out |= clause.names
    return out


def _only_figures(clause: claims.Clause, lang: str) -> bool:
    """The clause is numbers alone, with commas, the language's "and" and the word for
    points ("13, 14 and 13")."""
    rest = claims._NUMBER.sub(" ", clause.text.translate(WESTERN_DIGITS))
    rest = _regex(POINTS[lang]).sub(" ", rest) if lang in POINTS else rest
    rest = re.sub(rf"{_AND_NAMES[lang]}|[,،]", " ", " " + rest)
    return not re.search(r"\w", rest)


def figure_alone(clause: claims.Clause, lang: str) -> bool:
    """The clause is a number alone, or with the word for points ("11.", "11 points")."""
    rest = claims._NUMBER.sub(" ", clause.text.translate(WESTERN_DIGITS))
    rest = _regex(POINTS[lang]).sub(" ", rest) if lang in POINTS else rest
    return not re.search(r"\w", rest)


def paired(clause: claims.Clause, found: list[tuple[int, int]], names: Mapping[str, str],
           lang: str) -> list[tuple[str, int, int]]:
    """Names and numbers in turn in one clause, each number after its own name ("Carla 23
    and Dario 18" where the language's "and" cuts no clause): (seat, value, offset) of each;
    none when they do not alternate."""
    marks: list[tuple[int, str | None]] = [(at - clause.start, None) for _, at in found]
    for seat in clause.names:
        marks += [(m.start(), seat) for m in
                  claims._name_pattern(names[seat], lang).finditer(clause.text)]
    marks.sort(key=lambda mark: mark[0])
    kinds = [seat is None for _, seat in marks]
    if len(marks) != 2 * len(found) or kinds != [False, True] * len(found):
        return []
    seats = [seat for _, seat in marks if seat is not None]
    return [(seat, value, at) for seat, (value, at) in zip(seats, found)]


def joined(parts: list[claims.Clause], words: str, lang: str) -> list[claims.Clause]:
    """Clauses with a name alone and its cards after a dash made one ("Анна — 3♦", which
    the dash cuts in two): the verb left out of a Russian list."""
    out: list[claims.Clause] = []
    for part in parts:
        if out and not part.names and out[-1].names and words[
                out[-1].start + len(out[-1].text):part.start].strip() in ("—", "–") \
                and not _card_spans(out[-1].text, lang) and part.text.strip():
            head = out.pop()
            out.append(claims.Clause(head.start, words[head.start:part.start + len(part.text)],
                                     head.names, head.owners))
        else:
            out.append(part)
    return out


def pairs_in(clause: claims.Clause, names: Mapping[str, str], lang: str
             ) -> list[tuple[str, claims.Clause]]:
    """Several players and their cards in one clause, where the language's "and" cuts none
    (Arabic writes it onto the word): names first and cards after ("وتتبعه آنا وبرونو
    وكارلا بالأوراق 2♣ و 8♣ و 6♣"), or each name before its card ("وتلعب كارلا J♦ وداريو
    10♦"): (seat, the card's clause) for each; none when they are neither."""
    marks: list[tuple[int, str | None, Card | None]] = [
        (start, None, card) for start, _, card in _card_spans(clause.text, lang)]
    # each name where it stands, a player named twice too: "آنا وكارلا وكارلا" pairs a card
    # with each, so that the one of them that is wrong is read
    for seat in clause.names:
        for found in claims._name_pattern(names[seat], lang).finditer(clause.text):
            if not nominative(found.group(), names[seat], lang) \
                    or _regex(PREPOSITIONS[lang]).search(clause.text[:found.start()]):
                return []
            marks.append((found.start(), seat, None))
    marks.sort(key=lambda mark: mark[0])
    seats = [seat for _, seat, _ in marks if seat is not None]
    cards = [(start, card) for start, _, card in marks if card is not None]
    order = [seat is not None for _, seat, _ in marks]
    n = len(seats)
    if n < 2 or len(cards) != n or order not in ([True] * n + [False] * n, [True, False] * n):
        return []
    return [(seat, claims.Clause(clause.start + start, card_name(card), frozenset({seat})))
            for seat, (start, card) in zip(seats, cards)]


def figures(words: str, names: Mapping[str, str], lang: str, genders: Mapping[str, str]
            ) -> list[tuple[str, int, int]]:
    """The figures a text gives players, (seat, value, offset) of each: a clause that names
    one player and writes one number; a clause that starts with a pronoun, of the player it
    stands for ("he scores −4"); a clause without a name that continues a sentence about one
    player ("Bruno takes 24 and reaches 101"), or is the figure alone after a colon ("Anna
    bid one and made it: 11."); and names and numbers paired in turn in one clause. Other
    clauses of several numbers are sums, worked out in the text, and are not read."""
    out: list[tuple[str, int, int]] = []
    colon: str | None = None  # the one player of a sentence before a colon, without figures
    scorer: str | None = None  # the one player of a sentence before a colon, with figures
    together: tuple[str, ...] = ()  # the joint subject of a sentence before a colon
    for sentence in claims.sentences(words, names, lang):
        said: set[str] = set()
        both = set(joint(sentence, names, lang))
        listed = claims.numbers(sentence)
        if together and not sentence.names and len(listed) == len(together) \
                and _only_figures(sentence, lang):
            # "Anna, Bruno and Carla made their bids: 13, 14 and 13."
            out += [(seat, *figure) for seat, figure in zip(together, listed)]
            together, colon, scorer = (), None, None
            continue
        took = False  # a clause of the sentence so far says its player takes
        alone: str | None = None  # the player of a clause that is a name alone ("and Dario,")
        many: str | None = None  # the player of a clause of several figures of theirs
        summed: str | None = None  # the player of a sum just read ("30 ناقص 12، أي 18")
        for c in claims.clauses(sentence.text, names, lang):
            clause = claims.Clause(sentence.start + c.start, c.text, c.names, c.owners)
            found = claims.numbers(clause)
            hedged = claims.says(clause, claims.HEDGED, lang)
            one = next(iter(clause.names)) if len(clause.names) == 1 else None
            if one is not None and not found and claims.bare(clause, names, lang):
                alone = one
            elif clause.names:
                alone = None
            if not hedged and len(found) >= 2 and _regex(_SUM[lang]).search(
                    clause.text.translate(WESTERN_DIGITS)):
                # "Carla scores 30 − 12 = 18": each figure of the sum is hers
                seat = one or (next(iter(said)) if len(said) == 1 else alone)
                if seat is not None:
                    out += [(seat, *figure) for figure in found]
                    summed = seat
                said |= clause.names
                continue
            if summed is not None and len(found) == 1 and not clause.names \
                    and _regex(_SUM_IS[lang]).match(clause.text):
                out.append((summed, *found[0]))  # "، أي 18": that is, 18
                continue
            summed = None
            side = _side(clause, both, said, lang)
            if side and len(found) == 2 and not hedged \
                    and _regex(_TO[lang]).search(clause.text.translate(WESTERN_DIGITS)):
                # "lead 3 to 2", "cu 7 la 5": the side's figure, then the others'
                out += [(seat, *found[0]) for seat in side]
                out += [(seat, *found[1]) for seat in sorted(set(names) - set(side))]
                said |= clause.names
                continue
            if side and len(found) == 1 and not clause.names and not hedged \
                    and _regex(rf"\s*(?:{_THEY[lang]})(?!\w)").match(clause.text):
                out += [(seat, *found[0]) for seat in side]  # "и они записывают 2 очка"
                continue
            if len(found) == 1 and alone is not None and not clause.names and not hedged:
                # "and Dario, four tricks with −84 in them, scores −44"
                out.append((alone, *found[0]))
                continue
            if len(found) == 1 and both and not hedged and clause.names <= both and (
                    claims.says(clause, SCORES, lang) or claims.says(clause, EACH, lang)) \
                    and said | clause.names <= both:
                # "Bruno and Dario take eight tricks and score 2": the figure of each
                out += [(seat, *found[0]) for seat in sorted(both)]
            elif len(found) == 1 and together and not said and not clause.names \
                    and claims.says(clause, EACH, lang):
                out += [(seat, *found[0]) for seat in sorted(together)]  # "...: 10 each"
            elif len(found) == 1 and scorer is not None and not said and not clause.names \
                    and not hedged and (claims.says(clause, SCORES, lang)
                                        or claims.says(clause, claims.LOSES, lang)):
                # "Anna took three tricks (30): scores −4"; "...: perde 2 punti"
                out.append((scorer, *found[0]))
            elif len(found) == 1 and len(clause.names) == 1:
                out.append((next(iter(clause.names)), *found[0]))
            elif len(found) == 1 and not clause.names and not hedged:
                seat = None
                if pronoun(clause, lang):
                    seat = last_named(words, clause, names, lang, genders)
                elif len(said) == 1 and (claims.says(clause, SCORES, lang) or (
                        (took or claims.says(clause, claims.TAKES, lang))
                        and _regex(rf"^\D*\d+{POINTS[lang]}").match(
                            words[found[0][1] - 1:found[0][1] + 20]) is not None)):
                    # "Bruno takes 24 and reaches 101"; "Bruno takes the queen and 18
                    # points in all" (points after a word of taking)
                    seat = next(iter(said))
                elif colon is not None and not said and figure_alone(sentence, lang):
                    seat = colon  # "Anna bid one and made it: 11."
                elif len(said) == 1 and claims.says(clause, claims.LOSES, lang):
                    seat = next(iter(said))  # "وخسرت بما فيها من أوراق 14": she loses 14
                elif many is not None and figure_alone(clause, lang):
                    seat = many  # "… 14 ثم 20": then 20
                if seat is not None:
                    out.append((seat, *found[0]))
                    many = seat if claims.says(clause, claims.LOSES, lang) else many
            elif len(found) >= 2 and not hedged:
                pairs = paired(clause, found, names, lang)
                one = next(iter(clause.names | said)) if len(clause.names | said) == 1 else None
                if not pairs and one is not None and (
                        claims.says(clause, claims.TAKES, lang) or claims.says(
                            clause, claims.LOSES, lang)):
                    # "Anna took three tricks (30) with −14", "وخسرت … 14 ثم 20": each of the
                    # figures of her tricks is hers
                    pairs = [(one, *figure) for figure in found]
                    many = one
                out += pairs
            elif len(found) == 1 and many is not None and not clause.names and not hedged \
                    and _regex(rf"^\D*[-−]?\d+\s+(?:{_IN_CARDS[lang]})").match(clause.text):
                out.append((many, *found[0]))  # "… with −14 and −20 in cards"
            said |= clause.names
            took = took or claims.says(clause, claims.TAKES, lang)
        before_colon = not claims.numbers(sentence) \
            and words[sentence.start + len(sentence.text):].startswith(":")
        main = _main_names(sentence, names, lang)
        colon = next(iter(main)) if len(main) == 1 and before_colon else None
        scorer = next(iter(main)) if len(main) == 1 and words[
            sentence.start + len(sentence.text):].startswith(":") else None
        ordered = joint(sentence, names, lang)
        together = ordered if before_colon and sentence.names == set(ordered) else ()
    return out
