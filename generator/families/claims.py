"""What a narration says of who and how much, read in its language: the players it names,
and in each clause whether it claims that somebody takes a trick, plays a card, loses or wins,
and what scores it gives them. The families check these claims against the replay (each
family's narration.py), as the card-in-words check does for cards.

The reading is deliberately narrow, so that it never finds a claim a writer did not make: a
sentence claims that a player takes a trick, plays a card, loses or wins only when it names
that player alone (or with the others it must name) and holds one of the language's words for
it; scores are read in clauses (between commas and the language's "and"), each naming one
player and the figures beside the name. The words for taking a trick,
losing and winning include the UI catalogs' own ("takes the trick", "loses", "wins": a test
keeps them in step); names are matched with the endings the language gives them (Анны,
Annei, Annas) and, in Arabic, with the particles written onto them (وآنا, لآنا). Which of a
clause's names make a claim (its subject, a card's owner, the one a card goes to, the player
a pronoun or a list stands for) is roles.py's to say.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Mapping

from ..core.cards import Card, card_name
from ..core.cardwords import find_card_mentions
from ..core.languages import WESTERN_DIGITS

# Sentences end at these; clauses also at commas and at the language's "and".
_SENTENCE_ENDS = r"[.;:!?؟؛]"
_BREAKS = {
    "en": r"\band\b|\bbut\b|\bso\b", "it": r"\be\b|\bma\b|\bcosì\b", "de": r"\bund\b|\baber\b|\balso\b",
    "ru": r"\bи\b|\bа\b|\bно\b", "ro": r"\bși\b|\biar\b|\bdar\b|\başa\b|\bașa\b",
    # and before a verb of play written with "and" or "so" on it: "وترمي كارلا 2♠ ويرمي داريو 3♦"
    "ar": r"(?<!\w)(?:لكن|ثم)(?!\w)|(?<!\w)(?=[وف](?:يلعب|تلعب|يرمي|ترمي|يفتتح|تفتتح|يتبع|تتبع"
          r"|يضع|تضع|يأكل|تأكل|يأخذ|تأخذ|يسحب|تسحب|يربح|تربح|يبقى|تبقى|يطلب|تطلب|يصير|تصير"
          r"|لا|يقطع|تقطع|يطرنب|تطرنب|يحتفظ|تحتفظ|يتخلّص|تتخلّص|يتخلص|تتخلص|يختم|تختم"
          r"|يجرّب|تجرّب|يعلو|تعلو|يتابع|تتابع|يسجّلان|تسجّلان|يسجلان|تسجلان|يصلان|تصلان"
          r"|يتقدّمان|تتقدّمان|يتقدمان|تتقدمان|يلقي|تلقي|يطرح|تطرح|يتخلّى|تتخلّى|يردّ|تردّ"
          # and the past of taking: "وطلبت آنا اثنتين وأكلت واحدة", a bid, then the tricks
          r"|أكل|أكلت"
          # and a running score after the hand's: "يأخذ برونو 24 نقطة فيصل إلى 101"
          r"|يصل|تصل|يبلغ|تبلغ|يهبط|تهبط)"
          r"(?:ه|ها|هما|هم)?(?!\w))",
}
_CLAUSE_ENDS = r"[.;:!?,،؛؟—–]"

# A player takes (or wins) a trick.
TAKES = {
    "en": r"\b(?:takes?|took|taken|wins?|won)\b",
    "it": r"\b(?:prende|prenda|prendono|preso|vince|vincono|vinto|raccoglie)\b"
          r"|\bfa\b.*\bpres[ae]\b",
    "de": r"\b(?:holt|gewinnt|sticht|nimmt|bekommt|geht an)\b|\bmacht\b.*\bStich",
    "ru": r"(?<!\w)(?:берёт|берет|забирает|получает|взял[аи]?|достаётся|достается"
          r"|проходит)(?!\w)",  # a card that "passes" holds the trick: "K♥ проходит"
    "ro": r"\b(?:ia|câștigă|a luat)\b",
    "ar": r"(?<!\w)[وف]?(?:يأكل|تأكل|أكل|أكلت|يربح|تربح|ربح|ربحت|يأخذ|تأخذ|أخذ|أخذت)(?!\w)",
}
# A player plays a card (leads, follows, discards).
PLAYS = {
    "en": r"\b(?:plays?|played|leads?|led|throws?|threw|discards?|follows? with|drops?|dropped"
          r"|gives? up|overtakes?|puts?|adds?|matches|answers? with|tries|covers?|cashes"
          r"|lays?|opens? with|goes on with|continues with|returns?|falls?|unloads?|slips"
          r"|lets go of|gets rid of|finishes with)\b",
    "it": r"\b(?:gioca|giocano|giocato|esce con|esce ad atout con|escono con|scarta|scartano"
          r"|risponde con|rispondono con|butta|buttano|cala|calano|mette|mettono|aggiunge"
          r"|copre|coprono|continua con|incassa|cede|prova|provano|cade|giocare|giocarlo"
          r"|giocarla|calare|calarlo|calarla|scartare|lascia|si libera d\w*|surtaglia)\b",
    "de": r"\b(?:spielt|spielen|legt|legen|wirft|werfen|bedient mit|bedienen mit|gibt|deckt"
          r"|schmiert|versucht es mit|fällt|opfert|übersticht|übernimmt|lädt|jubelt"
          # a subordinate clause's verb, its particle written on: "während Bruno die 7♠ abwirft"
          r"|abwirft|abwerfen|ablegt|ablegen|ausspielt|ausspielen|hergibt|hergeben"
          r"|kommt auf (?:die|den|das))\b",  # "Seine 7♥ kommt auf die 7♣": he plays it
    "ru": r"(?<!\w)(?:ходит|ходят|заходит|заходят|кладёт|кладет|кладут|сбрасывает|сбрасывают"
          r"|отвечает|отвечают|играет|играют|подкидывает|покрывает|выкладывает|пробует"
          r"|выходит|выходят|падает|перебивает|открывает|отдаёт|отдает|подкладывает"
          r"|избавляется от|разыгрывает|продолжает|добавляет|проходит|уходит|бьёт|бьет)(?!\w)",
    "ro": r"\b(?:joacă|deschide cu|deschid cu|aruncă|răspunde cu|răspund cu|pune|pun|adaugă"
          r"|acoperă|încearcă|continuă cu|cade|joace|pună|arunce|scapă de|cedează|renunță la"
          r"|încasează|strecoară|lasă)\b",
    "ar": r"(?<!\w)[وف]?(?:يلعب|تلعب|يلعبون|يفتتح|تفتتح|يرمي|ترمي|يرمون|يتبع|تتبع|يتبعون|يتابع|تتابع"
          r"|يضع|تضع|يطابق|تطابق|يضيف|تضيف|يغطي|تغطي|يجرّب|تجرّب|يجرب|تجرب|يُسقط|تُسقط|يسقط|تسقط"
          r"|يختم|تختم|يعلو|تعلو|يرميان|ترميان|يتخلّص من|تتخلّص من|يتخلص من|تتخلص من"
          r"|يلقي|تلقي|يطرح|تطرح|يتخلّى عن|تتخلّى عن|يتخلى عن|تتخلى عن|يردّ|تردّ|يدسّ|تدسّ)"
          r"(?:ه|ها|هما|هم)?(?!\w)",
}
# A player draws a card from the stock (shedding games; "draws a card" on the play page).
DRAWS = {
    "en": r"\b(?:draws?|drew|drawn|picks? up|picked up)\b",
    "it": r"\b(?:pesca|pescano|pescato|raccoglie)\b",
    "de": r"\b(?:zieht|ziehen|gezogen|nimmt auf|hebt ab)\b",
    "ru": r"(?<!\w)(?:тянет|тянут|вытягивает|вытянул[аи]?|добирает|добрал[аи]?"
          r"|берёт из колоды|берет из колоды)(?!\w)",
    "ro": r"\b(?:trage|trag|tras|ia din pachet)\b",
    "ar": r"(?<!\w)[وف]?(?:يسحب|تسحب|سحب|سحبت|يسحبون)(?!\w)",
}
# A player takes a card from another's hand (pairing games: "Anna takes the K♦ from
# Carla", "gets the J♣"): drawing, said otherwise.
TAKES_CARD = {
    lang: f"{DRAWS[lang]}|{more}" for lang, more in {
        # and finds it: "draws and finds the 10♦", "trage și nimerește Q♠"
        "en": r"\b(?:takes?|took|gets?|got|finds|catches|comes away with)\b",
        "it": r"\b(?:prende|riprende|ottiene|si ritrova|si riprende|trova|becca)\b",
        "de": r"\b(?:nimmt|bekommt|erwischt|kriegt|findet|holt sich)\b",
        "ru": r"(?<!\w)(?:берёт|берет|забирает|получает|попадает на|находит|достаётся"
              r"|достается)(?!\w)",
        "ro": r"\b(?:ia|primește|capătă|nimerește|dă peste|găsește|scoate)\b",
        "ar": r"(?<!\w)[وف]?(?:يأخذ|تأخذ|أخذ|أخذت|يحصل|تحصل|يجد|تجد)(?!\w)",
    }.items()}
LOSES = {
    "en": r"\b(?:loses?|lost|losers?)\b",
    "it": r"\b(?:perde|perdono|perso|perdent[ei])\b",
    # (and the mark on the evening's tally: "bekommt Lena einen Strich")
    "de": r"\b(?:verliert|verlieren|verloren|Verlierer\w*)\b|\bbekommt\b[^.;]*\bStrich\b",
    "ru": r"(?<!\w)(?:проигрывает|проигрывают|проиграл[аи]?|проигравш\w*)(?!\w)",
    "ro": r"\b(?:pierde|pierd|pierdut|învins\w*)\b",
    "ar": r"(?<!\w)[وف]?(?:ال)?خاسر\w*|(?<!\w)[وف]?(?:يخسر|تخسر|خسر|خسرت|يخسرون)(?!\w)",
}
WINS = {
    "en": r"\b(?:wins?|won|winners?)\b",
    "it": r"\b(?:vince|vincono|vinto|vincitor\w*)\b",
    "de": r"\b(?:gewinnt|gewinnen|gewonnen|Gewinner\w*)\b",
    "ru": r"(?<!\w)(?:выигрывает|выигрывают|выиграл[аи]?|побеждает|победил[аи]?|победител\w*)(?!\w)",
    "ro": r"\b(?:câștigă|câștigat|câștigător\w*)\b",
    "ar": r"(?<!\w)[وف]?(?:ال)?فائز\w*|(?<!\w)[وف]?(?:يفوز|تفوز|فاز|فازت|يفوزون)(?!\w)",
}
# A player bids a number of tricks (the play page's "%(name)s bids %(num)s." among them).
BIDS = {
    "en": r"\b(?:bids?|bidding)\b",
    "it": r"\b(?:dichiara|dichiarano|dichiarato|dichiarazione|chiama|chiamato)\b",
    "de": r"\b(?:sagt|sagen)\b.*\ban\b|\b(?:Ansage|angesagt|bietet|reizt)\b",
    "ru": r"(?<!\w)(?:заказывает|заказывают|заказал[аи]?|заказ\w{0,2}|заявляет|заявил[аи]?)(?!\w)",
    "ro": r"\b(?:licitează|licitat|licitația|licitație|anunță|cere)\b",
    "ar": r"(?<!\w)[وف]?(?:يطلب|تطلب|طلب|طلبت|الطلب|طلبه|طلبها)(?!\w)",
}
# A player trumps (plays a trump on a trick of another suit).
TRUMPS = {
    "en": r"\b(?:(?:over)?trumps|(?:over)?trumped|trumping|ruffs?|ruffed|ruffing)\b"
          r"(?!\s+(?:are|is|were)\b)",
    "it": r"\b(?:taglia|tagliato|tagliano|briscola con|briscolando)\b",
    "de": r"\b(?:trumpft|trumpfen|getrumpft|übertrumpft|übertrumpfen|sticht mit"
          r"|sticht (?:es|ihn|sie) mit)\b",
    "ru": r"(?<!\w)(?:козыряет|козыряют|козырнул[аи]?|бьёт козыр\w*|бьет козыр\w*|кроет козыр\w*|"
          r"покрывает козыр\w*|перебивает козыр\w*)(?!\w)",
    "ro": r"\b(?:taie|tăiat|taie cu|atuează)\b",
    "ar": r"(?<!\w)[وف]?(?:يقطع|تقطع|قطع|قطعت|يطرنب|تطرنب)(?:ه|ها)?(?!\w)",
}
# A player makes, or misses, the bid (said of the hand's result).
MADE = {
    "en": r"\b(?:makes?|made|fulfils?|fulfilled|hits?)\b[^.;]*\bbids?\b|\bbids?\b[^.;]*\bmade\b",
    "it": r"\b(?:rispetta|rispettano|rispettato|mantiene|centra|centrato)\b[^.;]*\bdichiarazion\w*",
    "de": r"\b(?:erfüllt|erfüllen|schafft|trifft)\b[^.;]*\bAnsage\w*|\bAnsage\w*[^.;]*"
          r"\b(?:erfüllt|geschafft|getroffen)\b",
    "ru": r"(?<!\w)(?:выполняет|выполняют|выполнил[аи]?|сыграл[аи]?)\s+(?:\w+\s+)?заказ\w{0,2}(?!\w)",
    "ro": r"\b(?:își face|își fac|realizează|își îndeplinește|își respectă)\b[^.;]*\blicitați\w*",
    "ar": r"(?<!\w)[وف]?(?:يحقق|تحقق|حقق|حققت|يحققون)\s+(?:\S+\s+)?طلب\w*",
}
MISSED = {
    "en": r"\b(?:miss(?:es|ed)?|fails?|failed|breaks?|broke)\b[^.;]*\bbids?\b|\bbids?\b[^.;]*"
          r"\b(?:missed|failed|broken)\b",
    "it": r"\b(?:manca|mancano|mancato|sbaglia|fallisce|fallito|non rispetta)\b[^.;]*"
          r"\bdichiarazion\w*",
    "de": r"\b(?:verfehlt|verfehlen|verpasst|verpassen)\b[^.;]*\bAnsage\w*|\bAnsage\w*[^.;]*"
          r"\b(?:verfehlt|verpasst|nicht erfüllt)\b",
    "ru": r"(?<!\w)(?:не выполняет|не выполняют|не выполнил[аи]?|проваливает|провалил[аи]?)"
          r"\s+(?:\w+\s+)?заказ\w{0,2}(?!\w)",
    "ro": r"\b(?:ratează|ratat|nu își face|nu-și face|nu își îndeplinește)\b[^.;]*\blicitați\w*",
    "ar": r"(?<!\w)[وف]?(?:يفشل|تفشل|فشل|فشلت|يخفق|تخفق|أخفق|أخفقت)\b[^.؛]*طلب\w*",
}
# Two cards make a pair (pairing games): "pairs it with her K♥", "la mette in coppia con".
PAIRS = {
    "en": r"\b(?:pairs?|paired|pairing|matches|makes? (?:a|the) pair|two black|two red)\b",
    "it": r"\b(?:coppia|accoppia|accoppiano|abbina|abbinano)\b",
    "de": r"\b(?:Paar\w*|paart|bildet|ergibt|passt|passen)\b",  # "die zu Carlas Q♥ passt"
    "ru": r"(?<!\w)(?:пар[ауеы]|парой|составляет|образует)(?!\w)",
    "ro": r"\b(?:pereche|perechea|împerechează|formează)\b",
    "ar": r"(?<!\w)[وف]?(?:يضعها مع|تضعها مع|يضعه مع|تضعه مع|زوج|زوجًا|زوجا|يكوّن|تكوّن|يكون|تكون)"
          r"(?!\w)",
}
# The language's "with" right before a card: "beats it with the 3♣", "risponde con il 6♦",
# "bedient mit der 2♥", "отвечает с 7♥", "răspunde cu 7♣", "تردّ بالورقة Q♣". A player does
# something with a card only by playing it (or, in a pairing game, laying it down), so a
# clause that says it, and speaks of no card kept, claims the card is played
# (played_with).
WITH = {
    "en": r"\bwith\s+(?:(?:the|his|her|their|its|own|last|only)\s+)*$",
    "it": r"\b(?:con|col|insieme a|insieme al|insieme alla|insieme all['’])\s*"
          r"(?:(?:l['’]|(?:il|lo|la|i|gli|le|un|una|uno|suo|sua|proprio"
          r"|propria|ultimo|ultima|unico|unica)\s+))*$",
    "de": r"\bmit\s+(?:(?:der|dem|den|die|das|einer|einem|seiner|seinem|ihrer|ihrem|letzten"
          r"|einzigen)\s+)*$",
    "ru": r"(?<!\w)(?:с|со)\s+(?:(?:своей|своим|своего|своей|его|её|ее|козырной|козырным)\s+)*$",
    "ro": r"\bcu\s+(?:(?:un|o|al|a|lui|ei)\s+)*$",
    "ar": r"(?<!\w)[وف]?(?:بـ|ب|بالورقة|بورقة|بالورقتين|بالأوراق|بورقتي\w*)\s*$",
}
# A player holds a card: "Bruno has only the A♣ in clubs", "Carla still holds the K♠".
HOLDS = {
    "en": r"\b(?:has|holds|keeps|kept|still has|is left with)\b",
    "it": r"\b(?:ha|tiene|conserva|trattiene|resta con|rimane con)\b",
    "de": r"\b(?:hat|hält|behält)\b",
    "ru": r"(?<!\w)(?:держит|оставляет|сохраняет|бережёт|бережет|придерживает)(?!\w)",
    "ro": r"\b(?:are|ține|păstrează|rămâne cu)\b",
    "ar": r"(?<!\w)[وف]?(?:يحتفظ|تحتفظ|يمسك|تمسك)(?:ب)?(?!\w)",
}
# A clause that speaks of cards kept, not played: "holds", "keeps", "still has", "instead of";
# a card it names need not be in the trick.
KEEPS = {
    "en": r"\b(?:holds?|held|holding|keeps?|kept|keeping|has|have|had|having|still|left|leaving|saves?"
          r"|saved|saving|instead|rather|without|only|than|until|later|next|again)\b",
    "it": r"\b(?:tiene|tengono|tenuto|tenendo|conserva|conservando|ha|hanno|aveva|avendo|rimane"
          r"|rimasto|resta|restano|ancora|invece|anziché|senza|solo|sola|unica|unico|salva|poi"
          r"|dopo|più tardi|prossima|di nuovo)\b",
    "de": r"\b(?:hält|halten|behält|behalten|hat|haben|hatte|bleibt|bleiben|noch|statt|anstatt"
          r"|ohne|nur|einzige\w*|spart|später|danach|nächste\w*|wieder|als)\b",
    "ru": r"(?<!\w)(?:держит|держат|оставляет|оставляя|сохраняет|бережёт|бережет|есть|остал\w*"
          r"|ещё|еще|вместо|без|только|единственн\w*|потом|позже|следующ\w*|снова|чем)(?!\w)",
    "ro": r"\b(?:ține|țin|păstrează|păstrând|are|au|avea|având|rămâne|rămas|încă|în loc|fără"
          r"|doar|singur\w*|apoi|mai târziu|următoare\w*|din nou|decât)\b",
    "ar": r"(?<!\w)[وف]?(?:يحتفظ|تحتفظ|لديه|لديها|عنده|عندها|معه|معها|يبقى|تبقى|يبقي|تبقي|بقي|بقيت|بدلا|بدلاً"
          r"|دون|بلا|فقط|الوحيد\w*|لاحقا|لاحقاً|التالي\w*|مجددا|مجدداً)(?!\w)",
}
# A clause that denies or only supposes (it claims nothing of what happened): "may not bid
# 1", "could have trumped", "non può dichiarare".
HEDGED = {
    # (and a clause that opens with "had": "Had Anna led the A♣ first, ...")
    "en": r"\b(?:not|n't|cannot|never|may|might|could|would|will|can|if|whatever|wants?|wishes"
          r"|hopes?)\b|n't\b|^\s*had\b",
    # (and the conditional: "il 2♥ l'avrebbe preso")
    "it": r"\b(?:non|può|possono|potrebbe|poteva|se|avrebbe|avrebbero|sarebbe|sarebbero)\b",
    "de": r"\b(?:nicht|weder|kein\w*|darf|dürfen|dürfte|könnte|kann|wenn|falls)\b",
    "ru": r"(?<!\w)(?:не|нельзя|может|могут|мог\w*|бы|если)(?!\w)",
    "ro": r"\b(?:nu|poate|pot|putea|ar|dacă)\b",
    # (not "لا بدّ", "must": "ولا بدّ لكارلا أن تلعب K♦" says she plays it; nor a denial
    # with "إلا", "but": "ليس مع برونو من السباتي إلا A♣" says the A♣ is his one club)
    "ar": r"(?<!\w)[وف]?(?:لا(?!\s+(?:بدّ|بد|مفرّ|مفر)(?!\w))(?![^،.؛:]*إلا)|لن"
          r"|(?:ليس|لم)(?![^،.؛:]*إلا)|يجوز|يمكن|إذا|لو"
          r"|يستطيع|تستطيع|بإمكان\w*|يودّ|تودّ|يود|تود|يريد|تريد|يتمنى|تتمنى)(?!\w)",
}
_VOWELS = set("aeiouăâîаеёиоуыэюя")
# a whole number, also at a sentence's end ("scores 11."), not a decimal's part ("2.5")
_NUMBER = re.compile(r"(?:(?<![\w.])|(?<=[\s،,]و))[-−]?\d+(?!\w|[.,]\d)")  # و14: "and 14"
_SUITS_AFTER = set("♠♥♦♣")  # a number before one is a card's rank (the 2♥), not a figure
_PLACEHOLDER = re.compile(r"\{[^{}\n]*\}")


@dataclass(frozen=True)
class Clause:
    """A stretch of a narration between breaks: where it starts in the text, and what it says."""

    start: int
    text: str
    names: frozenset[str]  # the seats it names
    owners: frozenset[str] = frozenset()  # those named only beside a card: maybe its owner


@cache
def _pattern(regex: str) -> re.Pattern[str]:
    return re.compile(regex, re.IGNORECASE)


@cache
def _name_pattern(name: str, lang: str) -> re.Pattern[str]:
    """A seat's name in ``lang``, with the endings and (Arabic) particles it may carry."""
    stem = name[:-1] if len(name) >= 4 and name[-1].lower() in _VOWELS | {"ь"} else name
    before = r"(?:[وفلبك]|لل)?" if lang == "ar" else ""
    # a short name takes no ending, but for Russian's: Arabic بن (Ben) is not بنت (girl)
    after = r"\w{0,3}" if len(name) >= 4 else r"[а-яё]{0,2}" if lang == "ru" else ""
    body = re.escape(stem)
    if len(name) < 4 and name[-1:] in "aя" and lang in ("ru", "ro"):
        # a short name declines too: Мия, Мие, Мию; Mia, Miei
        body = re.escape(name[:-1]) + ("[яеиюй]{1,2}" if lang == "ru" else "(?:a|ei)")
    if lang == "ar" and stem.startswith("ال"):  # "للاعب 1": ل on "اللاعب 1" drops its alif
        body = f"(?:{body}|ل{re.escape(stem[2:])})"
    return re.compile(rf"(?<!\w){before}{body}{after}(?!\w)")


def named(text: str, names: Mapping[str, str], lang: str) -> frozenset[str]:
    """The seats whose names (seat -> name in this language) ``text`` holds."""
    return frozenset(seat for seat, name in names.items()
                     if name and _name_pattern(name, lang).search(text))


def _owners(text: str, names: Mapping[str, str], lang: str) -> frozenset[str]:
    """The seats named only right beside a card, as its owner ("Brunos 4♥", "7♥ Дарио")."""
    spans = []
    for m in find_card_mentions(text, lang):
        length = len(m.words) if m.words else len(card_name(m.card))
        spans.append((m.offset, m.offset + length))
    out = set()
    for seat, name in names.items():
        found = list(_name_pattern(name, lang).finditer(text)) if name else []
        if found and all(any(0 <= start - m.end() <= 5 or 0 <= m.start() - end <= 5
                             for start, end in spans) for m in found):
            out.add(seat)
    return frozenset(out)


def sentences(text: str, names: Mapping[str, str], lang: str) -> list[Clause]:
    """``text`` cut into sentences, placeholders blanked (their offsets kept)."""
    return _cut(text, _SENTENCE_ENDS, names, lang)


def clauses(text: str, names: Mapping[str, str], lang: str) -> list[Clause]:
    """``text`` cut into clauses: at commas and the language's "and" too."""
    return _cut(text, f"{_CLAUSE_ENDS}|{_BREAKS.get(lang, _BREAKS['en'])}", names, lang)


def sentence_clauses(text: str, names: Mapping[str, str], lang: str) -> list[Clause]:
    """The clauses of each sentence of ``text`` (cut within their sentence), with offsets into
    ``text``."""
    return [Clause(sentence.start + c.start, c.text, c.names, c.owners)
            for sentence in sentences(text, names, lang)
            for c in clauses(sentence.text, names, lang)]


def _cut(text: str, breaks: str, names: Mapping[str, str], lang: str) -> list[Clause]:
    return list(_cut_once(text, breaks, tuple(names.items()), lang))


@lru_cache(maxsize=1 << 15)  # the same text is cut for every kind of claim read in it
def _cut_once(text: str, breaks: str, seats: tuple[tuple[str, str], ...], lang: str
              ) -> tuple[Clause, ...]:
    names = dict(seats)
    masked = _PLACEHOLDER.sub(lambda m: " " * len(m.group()), text)
    out, start = [], 0
    for m in [*_pattern(breaks).finditer(masked), None]:
        end = m.start() if m is not None else len(masked)
        piece = masked[start:end]
        if piece.strip():
            found = named(piece, names, lang)
            out.append(Clause(start, piece, found,
                              _owners(piece, names, lang) if found else frozenset()))
        start = m.end() if m is not None else end
    return tuple(out)


def says(clause: Clause, words: Mapping[str, str], lang: str) -> bool:
    """The clause holds one of ``lang``'s words of a kind (TAKES, PLAYS, LOSES, WINS, BIDS,
    TRUMPS, MADE, MISSED, HEDGED)."""
    regex = words.get(lang)
    return regex is not None and _pattern(regex).search(clause.text) is not None


def first(clause: Clause, words: Mapping[str, str], lang: str) -> int:
    """Where in the clause the first of ``lang``'s words of a kind is (0 when none is)."""
    regex = words.get(lang)
    found = _pattern(regex).search(clause.text) if regex is not None else None
    return found.start() if found else 0


def bare(clause: Clause, names: Mapping[str, str], lang: str) -> bool:
    """The clause is a name and a number alone ("Bruno 2", "Bruno two"), no other word."""
    rest = _NUMBER.sub(" ", clause.text.translate(WESTERN_DIGITS))
    pattern = _count_pattern(lang)
    if pattern is not None:
        rest = pattern.sub(" ", rest)
    for seat in clause.names:
        rest = _name_pattern(names[seat], lang).sub(" ", rest)
    return not re.search(r"\w", rest)


# Small counts written as words (a bid, a number of tricks): 0 to 13, in the forms a
# narration uses ("bids one", "bids nothing", "заказывает две", "يطلب اثنتين").
_COUNT_WORDS: dict[str, dict[int, str]] = {
    "en": {0: "zero|nothing|none|nil", 1: "one", 2: "two", 3: "three", 4: "four", 5: "five",
           6: "six", 7: "seven", 8: "eight", 9: "nine", 10: "ten", 11: "eleven", 12: "twelve",
           13: "thirteen"},
    "it": {0: "zero|nulla|niente", 1: "uno|una", 2: "due", 3: "tre", 4: "quattro",
           5: "cinque", 6: "sei", 7: "sette", 8: "otto", 9: "nove", 10: "dieci", 11: "undici",
           12: "dodici", 13: "tredici"},
    "de": {0: "null|nichts", 1: "eins|einen|eine", 2: "zwei", 3: "drei", 4: "vier",
           5: "fünf", 6: "sechs", 7: "sieben", 8: "acht", 9: "neun", 10: "zehn", 11: "elf",
           12: "zwölf", 13: "dreizehn"},
    "ru": {0: "ноль|нуль|ноля|нуля|ничего", 1: "один|одну|одна|одного|одной",
           2: "два|две|двух", 3: "три|трёх|трех", 4: "четыре|четырёх|четырех", 5: "пять|пяти",
           6: "шесть|шести", 7: "семь|семи", 8: "восемь|восьми", 9: "девять|девяти",
           10: "десять|десяти", 11: "одиннадцать", 12: "двенадцать", 13: "тринадцать"},
    "ro": {0: "zero|nimic", 1: "unu|una", 2: "doi|două", 3: "trei", 4: "patru", 5: "cinci",
           6: "șase|şase", 7: "șapte|şapte", 8: "opt", 9: "nouă", 10: "zece",
           11: "unsprezece", 12: "doisprezece|douăsprezece", 13: "treisprezece"},
    "ar": {0: "صفر|صفرًا|صفرا|لا شيء", 1: "واحد|واحدة|واحدًا|واحدا",
           2: "اثنين|اثنتين|اثنان|اثنتان", 3: "ثلاث|ثلاثة|ثلاثًا|ثلاثا", 4: "أربع|أربعة",
           5: "خمس|خمسة",
           6: "ست|ستة", 7: "سبع|سبعة", 8: "ثماني|ثمانية|ثمان", 9: "تسع|تسعة", 10: "عشر|عشرة",
           11: "أحد عشر|إحدى عشرة", 12: "اثنا عشر|اثنتا عشرة", 13: "ثلاثة عشر|ثلاث عشرة"},
}


@cache
def _count_pattern(lang: str) -> re.Pattern[str] | None:
    words = _COUNT_WORDS.get(lang)
    if words is None:
        return None
    forms = sorted(((form, n) for n, alts in words.items() for form in alts.split("|")),
                   key=lambda f: -len(f[0]))
    before = r"(?:[وب]|ال)?" if lang == "ar" else ""  # "الثلاث عشرة", the thirteen
    alternation = "|".join(f"(?P<n{n}_{i}>{re.escape(form)})" for i, (form, n) in enumerate(forms))
    return re.compile(rf"(?<!\w){before}(?:{alternation})(?!\w)", re.IGNORECASE)


def counts(clause: Clause, lang: str) -> list[tuple[int, int]]:
    """The whole numbers of a clause, in digits or as the words of a small count ("one",
    "две"): (value, offset in the narration)."""
    found = numbers(clause)
    pattern = _count_pattern(lang)
    if pattern is not None:
        for m in pattern.finditer(clause.text):
            group = next(k for k, v in m.groupdict().items() if v is not None)
            found.append((int(group[1:].split("_")[0]), clause.start + m.start(group)))
    return sorted(found, key=lambda f: f[1])


def numbers(clause: Clause) -> list[tuple[int, int]]:
    """The whole numbers written in a clause: (value, offset in the narration)."""
    text = clause.text.translate(WESTERN_DIGITS)
    return [(int(m.group().replace("−", "-")), clause.start + m.start())
            for m in _NUMBER.finditer(text) if text[m.end():m.end() + 1] not in _SUITS_AFTER]


def cards(clause: Clause, lang: str) -> list[tuple[Card, int]]:
    """The cards a clause names (glyphs or words): (card, offset in the narration)."""
    return [(m.card, clause.start + m.offset) for m in find_card_mentions(clause.text, lang)]


def played_with(clause: Clause, lang: str) -> list[tuple[Card, int]]:
    """The cards a clause says a player does something with (WITH right before the card),
    in a clause that neither speaks of cards kept, nor of a trick taken (roles.takers reads
    "takes the trick with the K♦"), nor denies or supposes: (card, offset in the narration).
    Not a card the trick holds ("with the J♣ in it")."""
    regex = WITH.get(lang)
    if regex is None or any(says(clause, words, lang) for words in (KEEPS, HEDGED, TAKES)):
        return []
    before = _pattern(regex)
    inside = _pattern(_WITH_IN.get(lang, _WITH_IN["en"]))
    out = []
    for m in find_card_mentions(clause.text, lang):
        end = m.offset + (len(m.words) if m.words else len(card_name(m.card)))
        if before.search(clause.text[:m.offset]) and not inside.match(clause.text, end):
            out.append((m.card, clause.start + m.offset))
    return out


# After a card, "in it": the card is in a trick, not played by the one the clause is about.
_WITH_IN = {
    "en": r"\s+in (?:it|them)\b", "it": r"\s+(?:dentro|in essa|in esse)\b",
    "de": r"\s+darin\b|\s+drin\b", "ru": r"\s+в (?:ней|них)(?!\w)",
    "ro": r"\s+în (?:ea|ele)\b", "ar": r"\s+(?:فيها|فيه)(?!\w)",
}


def offset_of(clause: Clause, seat: str, names: Mapping[str, str], lang: str) -> int:
    """Where in the narration the clause names ``seat`` (its start when it does not)."""
    found = _name_pattern(names[seat], lang).search(clause.text)
    return clause.start + (found.start() if found else len(clause.text) - len(clause.text.lstrip()))


def shown(seats: frozenset[str] | set[str] | tuple[str, ...]) -> str:
    """Seats as a message lists them: 'Anna' and 'Bruno'."""
    listed = [f"'{s}'" for s in sorted(seats)]
    return " and ".join([", ".join(listed[:-1]), listed[-1]] if len(listed) > 1 else listed)


_LIST = r"(\d+(?:\s*(?:,|and|и|e|und|și|و)\s*\d+)+)"  # two numbers or more
_ONE_OR_LIST = r"((?:\d+\s*(?:,|and|и|e|und|și|و)?\s*)+)"  # one number or more


def _numbered(text: str, names: Mapping[str, str], numbers: str
              ) -> list[tuple[re.Match[str], dict[str, str]]]:
    """The numbered names a text holds, in any of their forms ("Player 2", "Игрока 3",
    "Jucătorul 2", "اللاعبان 1 و3"): each match (its group 1 the numbers) with the seats of
    its stem by number. The one parser of a numbered name's stem."""
    stems: dict[str, dict[str, str]] = {}
    for seat, name in names.items():
        m = re.fullmatch(r"(.*?)(\w{3,})\s+(\d+)", name or "")
        if m is not None:
            stems.setdefault(m.group(2)[:4], {})[m.group(3)] = seat
    return [(found, seats) for stem, seats in stems.items()
            for found in re.finditer(rf"(?<!\w){re.escape(stem)}[\w\u064b-\u0652]*\s+{numbers}",
                                     text, re.IGNORECASE)]


def numbered_spans(text: str, names: Mapping[str, str]) -> list[tuple[int, int]]:
    """The spans of the numbered names a text holds ("Player 2", "Игрока 3", "Players 1 and
    3"): their numbers are part of a name, not figures."""
    return [(found.start(), found.end()) for found, _ in _numbered(text, names, _ONE_OR_LIST)]


def numbered_lists(text: str, names: Mapping[str, str], *, alone: bool = False
                   ) -> list[tuple[int, str]]:
    """The seats of the lists of numbered names a text holds ("Players 1 and 3", "Игроков
    3 и 1", "اللاعبان 1 و3"), each at its number: (offset, seat). A name alone ("Player 2")
    is no list, unless ``alone``."""
    out = []
    for found, seats in _numbered(text, names, _ONE_OR_LIST if alone else _LIST):
        for n in re.finditer(r"\d+", found.group(1)):
            listed = seats.get(n.group())
            if listed is not None:
                out.append((found.start(1) + n.start(), listed))
    return out


def verdicts(text: str, names: Mapping[str, str], lang: str, losers: set[str],
             winners: set[str]) -> list[tuple[Clause, Mapping[str, str], set[str], str]]:
    """The claims of who loses and who wins that the replay's ``losers`` and ``winners``
    contradict: (the sentence or clause, its kind, the seats it should name, the verb)."""
    return [(part, kind, seats, verb) for part, kind, seats, verb, ok
            in verdicts_read(text, names, lang, losers, winners) if not ok]


def verdicts_read(text: str, names: Mapping[str, str], lang: str, losers: set[str],
                  winners: set[str]) -> list[tuple[Clause, Mapping[str, str], set[str], str, bool]]:
    """Every claim of who loses and who wins a text makes: (the sentence or clause, its kind,
    the seats the replay has, the verb, whether the replay bears it out). A sentence that
    says both is read clause by clause ("X loses, Y wins")."""
    out: list[tuple[Clause, Mapping[str, str], set[str], str, bool]] = []
    for sentence in sentences(text, names, lang):
        both = says(sentence, LOSES, lang) and says(sentence, WINS, lang)
        for part in clauses(sentence.text, names, lang) if both else [sentence]:
            part = Clause(sentence.start + part.start, part.text, part.names, part.owners) \
                if both else part
            # "Players 1 and 3 have won": each of the list is claimed
            listed = {seat for _, seat in numbered_lists(part.text, names)}
            if listed:
                part = Clause(part.start, part.text, part.names | listed, part.owners)
            for kind, seats, verb in ((LOSES, losers, "loses"), (WINS, winners, "wins")):
                if seats and part.names and says(part, kind, lang):
                    out.append((part, kind, seats, verb,
                                bool(seats & part.names) and listed <= seats))
    return out


def name_offsets(clause: Clause, names: Mapping[str, str], lang: str,
                 seats: frozenset[str] | set[str] | None = None) -> tuple[int, ...]:
    """Where in the narration the clause names each of ``seats`` (all it names when None),
    also as a number of a list of numbered names ("Players 1 and 3")."""
    wanted = clause.names if seats is None else seats & clause.names
    return tuple(clause.start + m.start() for seat in sorted(wanted)
                 for m in _name_pattern(names[seat], lang).finditer(clause.text)) + tuple(
        clause.start + at for at, seat in numbered_lists(clause.text, names) if seat in wanted)


def name_near(text: str, seat: str, at: int, names: Mapping[str, str], lang: str
              ) -> int | None:
    """Where ``text`` names ``seat`` last before ``at`` (else first after it); None when it
    does not name it: the name a claim read at ``at`` is about."""
    found = [m.start() for m in _name_pattern(names[seat], lang).finditer(text)] \
        if names.get(seat) else []
    before = [f for f in found if f <= at]
    return before[-1] if before else (found[0] if found else None)
