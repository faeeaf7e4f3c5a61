"""The notation and the vocabulary every other package speaks; imports nothing of the rest.

    cards.py         cards, ranks, suits, named decks and the one card notation (parse/format pairs)
    cardwords/       rank and suit names per language, cards named in words, spoken names
    diagnostics.py   findings as a compiler reports them: path:line:col: error[code]: message
    hints.py         the one "did you mean" helper
    languages.py     the six languages (Babel's CLDR data) and the UI message catalogs
    markup.py        the one configured MarkdownIt: prose to safe HTML, cards as cards
    prng.py          the seeded generator of play (Mulberry32), the same in engine.js
"""
