"""Every finding code `rulebook` reports, with what it means: one registry, from which the
table of docs/authoring.md is made (``rulebook docs --findings docs/authoring.md``), and
against which every finding is held when it is made (``Diagnostic`` refuses a code that is
not here, so a code cannot be added without its line in the docs).

A row groups the codes one sentence explains, in the order the docs show them.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Row:
    codes: tuple[str, ...]
    meaning: str
    warning: bool = False  # every code of the row is a warning ("(warning)" in the docs)
    note: bool = False  # a note: what the check does not do, and why; never a failure


ROWS: tuple[Row, ...] = (
    Row(("yaml-syntax", "yaml-alias", "yaml-tag", "duplicate-key"),
        "the file is not plain, safe YAML"),
    Row(("unknown-key", "missing-key", "wrong-type", "bad-value"),
        "the file does not fit the schema (with the nearest valid key); the rest of the file "
        "is still checked: an error in one FAQ item, variant or source does not hide the "
        "findings in the others"),
    Row(("misplaced-key",),
        "a variant named `options`, `deck` or `remove`: that key is indented one level too "
        "little (the hint says under which variant it belongs)"),
    Row(("bad-card",), "a card token that is not a card (with the nearest valid card)"),
    Row(("inconsistent-game",),
        "deck, removed cards and options that cannot make a playable round: pairing that "
        "does not leave exactly one odd card, cards that do not deal out, a scoring table "
        "that values cards not in play"),
    Row(("unknown-placeholder", "empty-placeholder"),
        "prose uses a `{name}` that game.yaml does not define, or one that has no value in "
        "this game (`{removed}` when nothing is removed)"),
    Row(("deal-mismatch", "duplicate-card", "deal-sizes"),
        "the deal does not add up to the deck, or hand sizes do not match dealing one at a "
        "time from the dealer's left"),
    Row(("wrong-player", "wrong-source", "card-not-held", "round-over"),
        "a move the rules do not allow"),
    Row(("not-a-pair", "missed-pair"),
        "a pair claimed that is no pair, or one the script forgot to lay down"),
    Row(("revoke", "illegal-lead", "illegal-discard", "bad-pass", "hand-over", "game-over"),
        "trick-taking: not following suit, a lead not allowed yet (hearts unbroken, the 2♣ "
        "first), points on the first trick, a wrong pass, a trick or hand after the end"),
    Row(("must-trump", "must-over-trump", "bad-bid", "wrong-draw"),
        "trick-taking: a void player who does not trump (`must_trump`), a trump under the "
        "trick's while holding a higher one (`over_trump`), a bid out of range, against the "
        "dealer's hook or before the cards are passed, a card drawn from the stock that is not "
        "its top (or a draw from an empty stock)"),
    Row(("illegal-card", "wrong-suit", "several-cards", "suit-not-named", "suit-not-wild",
         "bad-suit"),
        "shedding: a card that goes on the pile's top card neither by suit nor by rank, one "
        "that does not follow the suit named with a wild card, several cards where the game "
        "plays one (or not of one rank), a wild card without a suit named, a suit named with "
        "a card that is not wild, a suit that is no suit"),
    Row(("draw-not-taken", "pass-before-draw", "draw-not-allowed", "stop-not-taken",
         "false-announcement", "missed-penalty", "stock-unknown", "wrong-score"),
        "shedding: a play while a draw penalty is due, a pass without drawing, a draw by a "
        "player who could play (or a second draw), a stopped player who neither misses the "
        "turn nor passes the stop on, the call said with more than one card "
        "left, one card left without the call and no penalty drawn, a draw past the stock the "
        "script gives, a wrong score or count of points"),
    Row(("option-conflict",),
        "game.yaml's options cannot go together (a bid with nothing to score it, a stock with "
        "every card dealt, partners with an odd number of players, trumps from a turned card "
        "with no card left to turn, a ranking that leaves out a rank in play, ...): at the "
        "option, with a hint"),
    Row(("wrong-winner", "wrong-points", "points-total", "not-zero-sum"),
        "trick-taking: a wrong trick winner, wrong points or scores or totals, a scoring table "
        "whose total is not the one game.yaml states, hand scores that do not add up to zero "
        "where the rules say they do"),
    Row(("false-claim", "wrong-result"),
        "a claim about hands, players out, counts, loser or winners that does not hold"),
    Row(("narration-steps", "narration-card"),
        "a language's narration misses a step, or names a card nobody involved in the step "
        "holds or draws: in glyphs (`Q♠`) or in words, in en, it, de, ru, ro and ar (\"the "
        "queen of spades\", \"Pik-Dame\", \"восьмёрку червей\", \"dama de pică\", \"البنت "
        "البستوني\"; only a full rank-and-suit phrase counts)"),
    Row(("narration-claim",),
        "a narration says what the replay contradicts: the wrong player takes a trick "
        "(\"Bruno takes the trick\" when Carla did), a player plays a card the replay has "
        "another play (\"Anna plays the jack of spades\" when she played the J♣), a player "
        "with no part in a move is named in it, a score, points or total the replay has not, "
        "the wrong loser or winner, a card given to the wrong owner (\"Bruno's 6♠\"), a "
        "card drawn from the wrong player, a trick's points. Read in each language from its "
        "own phrasings (those of the UI catalogs included) and the seats' names in that "
        "language, with their endings (Анны, Annei) and Arabic particles (وآنا), in lists "
        "whose verb is left out (\"Anna the 6♠\"), through pronouns (\"he scores −4\"); a "
        "sentence is read only when it names its player unambiguously, so a claim is never "
        "invented (see \"What the narration reader reads\")"),
    Row(("unread-narration",),
        "warning (of every `rulebook check` and `build`, and of `serve`): a sentence of a "
        "narration names a card, a player (as the one who acts, in a "
        "clause that holds a card, a number or a word the reader reads) or a number that the "
        "narration reader attached to no claim, so nothing checks it: the warning says what "
        "it holds; say it as a claim the reader reads, or wrap a sentence that claims nothing "
        "in double parentheses, `((...))`, which the page does not show (see `rulebook check "
        "--explain`)"),
    Row(("quickref-players",),
        "the quick reference (the card, the booklet's back cover) promises a range of players "
        "in its header, and a count that only a variant plays has no line on it: a line with "
        "that variant's values (`{three-players.hand.cards}`) or the count in digits beside "
        "the word for players"),
    Row(("no-language",),
        "a game folder with game.yaml and no language file: nothing of it would be published"),
    Row(("missing-faq-text", "extra-faq-text", "missing-steps-text", "extra-steps-text"),
        "a language has fewer (or more) FAQ entries or rules steps than the site's source "
        "language: one is untranslated, or split or joined by mistake (`rulebook i18n` shows "
        "every text a language lacks)"),
    Row(("unplayable-players",),
        "game.yaml's `players` promises a count that neither the game's options nor any "
        "variant plays (a four-player game said to take 3–5)"),
    Row(("missing-section-text",),
        "a translation lacks a section the source language has: its page shows the source "
        "language's section there, with a notice that says so", warning=True),
    Row(("unknown-game",),
        "`related` names a game that is not in the rules folder (with the nearest id)"),
    Row(("no-search",),
        "build only: Pagefind is not installed or failed; the site is built without search",
        warning=True),
    Row(("unknown-seat", "duplicate-seat", "unknown-variant", "unknown-example",
         "missing-example", "unknown-reading", "unknown-outside-model", "unknown-language",
         "missing-variant-text", "missing-example-text", "missing-reading-text",
         "missing-outside-model-text", "duplicate-slug", "duplicate-file"),
        "names that do not match, or a file twice (`de.yaml` and `de.yml`)"),
    Row(("shared-slug",),
        "one game's slug, current or former, in any language is another game's slug in "
        "another language (or a former one): changing the language in an address would land "
        "on another game"),
    Row(("outside-model",),
        "game.yaml declares a rule its family's engine does not model (`outside_model`): "
        "what it makes unreliable (the scores, the play, the figures) is neither checked nor "
        "published, and this note says so once for each such rule", note=True),
    Row(("draft-example",),
        "an example script marked `draft: true` (as a hand downloaded from the play page is): "
        "replayed and checked, but not published; remove `draft` and write its narration to "
        "publish it", note=True),
    Row(("replay-stopped",),
        "the script cannot be followed past this move; later moves are not checked",
        warning=True),
    Row(("unstated-out",), "a player runs out of cards and the script does not say so",
        warning=True),
    Row(("missing-gender",),
        "a seat of an example script without a gender in `genders`, in a game with a language "
        "other than English: the words the page writes of that player are then masculine",
        warning=True),
    Row(("encoding", "unreadable", "no-such-path", "no-games", "missing-file"),
        "files that cannot be read or found (`missing-file`: no `rules/site.yaml`; "
        "`unreadable`: also a link out of the rules folder, a FIFO or device, a folder)"),
    Row(("too-large",),
        "a file over 5 MB, or YAML nested more than 64 levels deep: not read; a table in "
        "prose over 64 columns or 10,000 cells; `rulebook i18n --import po`: a catalog over "
        "64 MB (not read), a msgstr or a language file with the new texts over 5 MB"),
    Row(("refused-resource",),
        "an image in prose that is a local file or a web address (only `data:` URLs are "
        "embedded); at build time, anything a PDF names outside the theme (docs/theme.md)"),
    Row(("bad-output", "card-too-long", "pdf-overflow", "no-such-document"),
        "build only: an output folder that is not the build's own (a file, a symbolic link, a "
        "folder with other files, a mount point, a folder others may write to without the "
        "sticky bit, or a standby, lock or output of another user's beside it) or overlaps "
        "the rules; a quick-reference card over two sides (a warning at two); a PDF with a "
        "box (text, table cell, image) outside its page's content area (which document, page "
        "and element); `rulebook pdf` for a game or language that does not exist"),
    Row(("slow-pdf", "missing-font"),
        "build only: WeasyPrint without libharfbuzz-subset (every PDF carries whole fonts); "
        "print.css names a font file that is not in the theme's fonts",
        warning=True),
    Row(("placeholder-address",),
        "`base_url` (or `build --base-url`) is a placeholder: a reserved name (`example.org`, "
        "`*.example`, `*.test`, `*.invalid`, `localhost`) where the site will not be served, "
        "so the printed cards' addresses and QR codes, the canonical links and the sitemap "
        "lead nowhere; set the address the site is served from", warning=True),
    Row(("invisible-in-url",),
        "a source's `url` carries a character no reader sees, as it is or percent-encoded: a "
        "byte-order mark (`%ef%bb%bf`, pasted with the address), a zero-width space, a "
        "direction mark, a control character; the link may lead nowhere, and the hint gives "
        "the address without it", warning=True),
    Row(("hyphen-minus",),
        "a negative number in prose written with a hyphen-minus (`-10`), or a sum worked out "
        "with one (`30 - 12 = 18`): the minus sign (`\u221210`, `30 \u2212 12`, U+2212) is "
        "what the generated text writes, the same width as a plus and never a line break after "
        "it", warning=True),
    Row(("unknown-override",),
        "build only: a file of the site's templates folder whose name is near, but not, a "
        "file of the built-in theme (with the nearest): a typo, which overrides nothing",
        warning=True),
    Row(("placeholder-missing",),
        "a translated text without a `{name}` its source text has (or with it misspelled): "
        "the expected and the found placeholders are named; `{call}` and a variant's "
        "`{<variant>.call}` may be said in the translation's own words (`rulebook check`, "
        "and `rulebook i18n --import po` at the catalog's line)", warning=True),
    Row(("digest-mismatch",),
        "a translation record (`<lang>.translated-from.yaml`) whose digest is not that of its "
        "recorded text (edited by hand); a record of an unknown language, or an unknown "
        "`source_language` in site.yaml, is `unknown-language`"),
    Row(("orphan-record",),
        "a translation record of a language file which is not there", warning=True),
    Row(("bad-catalog",),
        "a UI catalog (`templates/locale/*/messages.po`): not a regular file (a FIFO, a link "
        "to a device) or over 16 MB (not read: the English texts are shown), a line Babel "
        "cannot read, a translation whose placeholders do not fit its msgid (the English text "
        "is shown instead), or a Plural-Forms header that cannot be read, chooses a form the "
        "catalog has not, or declares more than 6 forms (no language has more; the "
        "language's own rule is used)"),
    Row(("po-syntax", "source-language", "unknown-msgctxt", "broken-placeholder",
         "changed-meanwhile", "import-failed"),
        "`rulebook i18n --import po`: a file that is no gettext catalog (or whose "
        "Plural-Forms declares more than 6 forms), a catalog of the source language, a "
        "msgctxt that names no text of the rules, a translation with a brace that opens no "
        "placeholder, a language file changed while the catalogs were read, or new texts that "
        "would not load back (nothing is written)"),
    Row(("language-mismatch", "conflicting-translations"),
        "`rulebook i18n --import po`: a catalog whose `Language:` header is not its file's "
        "name (`de.po` saying `Language: it`), or two entries of one text with different "
        "translations (both lines are named; the same translation twice is imported once)"),
    Row(("changes-structure",),
        "`rulebook i18n --import po`: the translation of one paragraph, list item or table "
        "cell of a section (msgctxt `<game>:<path>#n`) that would not stay one: it begins with "
        "a list mark, or holds a blank line or a table's vertical bar (nothing is written)"),
    Row(("stale-msgid", "no-place"),
        "`rulebook i18n --import po`: a translation made from an older source text, or of a "
        "text the language file has no place for (it is not imported)", warning=True),
)

CODES: frozenset[str] = frozenset(code for row in ROWS for code in row.codes)


def is_code(code: str) -> bool:
    """Whether ``code`` is a registered finding code.

    >>> is_code("revoke"), is_code("no-such-code")
    (True, False)
    """
    return code in CODES


def table() -> str:
    """The Markdown table of docs/authoring.md: each row's codes and what they mean."""
    lines = ["| code | what it means |", "|---|---|"]
    for row in ROWS:
        codes = ", ".join(f"`{c}`" for c in row.codes) + (
            " (warning)" if row.warning else " (note)" if row.note else "")
        lines.append(f"| {codes} | {row.meaning} |")
    return "\n".join(lines) + "\n"


BEGIN = "<!-- finding codes: made by `rulebook docs --findings docs/authoring.md` -->"
END = "<!-- end of the finding codes -->"


def with_table(text: str) -> str:
    """``text`` (docs/authoring.md) with the table between its markers made anew."""
    start, end = text.index(BEGIN) + len(BEGIN), text.index(END)
    return text[:start] + "\n" + table() + text[end:]
