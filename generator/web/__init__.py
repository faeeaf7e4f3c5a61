"""The static site: which pages exist, and each one's HTML (jinja2 templates, typed contexts).

    site.py         pages and documents, their addresses per language, alternates
    render.py       the Renderer: one jinja2 environment per language, every page kind, sitemap
    game_page.py    the game page's context     facts.py   a game's facts in one language
    navigation.py   related games, the index by family, the not-found page
    numbers.py      "By the numbers" in a language's words and digits: the numbers page and the
                    game page's lines of it; numbers_text.py what its figures say, in
                    sentences; charts.py its SVG charts
    fonts.py        the print faces cut to the site's characters as WOFF2
    search.py       Pagefind's bundle, one index per language, through its Python API
    qr.py           what a printed document says of its page: QR code, short address, date
    templates_bundle.py  the templates as one bundle, and a renderer made from it on a
                    cluster's worker

The HTML of the printable documents is rendered here too (Renderer.render_document); pdf/
turns it into PDFs.
"""
