"""The static site: which pages exist, and each one's HTML (jinja2 templates, typed contexts).

    site.py         pages and documents, their addresses per language, alternates
    render.py       the Renderer: renders each page with its kind's context, the documents' HTML,
                    the sitemap; environments.py its jinja2 environments and catalogs
    page_renderer.py  what a page kind's context needs of the Renderer (a protocol), SiteConfig
    game_page.py    the game page's context     facts.py   a game's facts in one language
    quickref_page.py, numbers_page.py, play_page.py   the other pages of a game, each its context
    site_pages.py   the root, the indexes, the not-found page, a game's former addresses
    navigation.py   related games, the index by family, the entries other pages show of a game
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
