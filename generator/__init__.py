"""rulebook: card-game rules as structured YAML, proven by replaying their example rounds,
published as a multilingual static site and printable PDFs.

The packages read as the pipeline, each importing only those below it (the import-linter
contract in pyproject.toml):

    cli          the `rulebook` command, serve
    build        the incremental, atomic build: steps on one context, the graph, publishing
    web | pdf    the pages' HTML (jinja2) | the printable PDFs (WeasyPrint)
    i18n | check the translators' side | loading every game and replaying its examples
    families     the game families: engines, example scripts, their replay and page
    simulation   the game by the numbers
    model        what a rules file is: YAML with marks, schemas, a loaded game as data
    core | runtime   cards, findings, languages, markup | the pool, the cache, files

docs/architecture.md tells how data flows through them.
"""
