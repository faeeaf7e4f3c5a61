"""The `rulebook` command: arguments, exit codes, and the commands that are more than a call.

    main.py       argument parsing and exit codes (check, build, serve, pdf, i18n, simulate)
    serve.py      the site on localhost, rebuilt on change, live reload and error overlay
    simulate.py   `rulebook simulate`: the game by the numbers for authors, text or JSON
"""
