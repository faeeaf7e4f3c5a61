"""`rulebook check`: every game folder loaded through its family, every example replayed,
and what involves several games; every finding collected, none raised.

    load.py      a game folder -> GameBundle, through its family's schemas; site.yaml
    games.py     check(): the games of the paths given, their replays, slugs and links
    related.py   the related: links of game.yaml, checked across the rules folder
"""
