"""`rulebook check`: every game folder loaded through its family, every example replayed,
and what involves several games; every finding collected, none raised.

    load.py      a game folder -> GameBundle, through its family's schemas
    prose.py     what no schema says of the prose: images, tables, texts every language has,
                 the quick reference's player counts, names that match game.yaml
    site_spec.py rules/site.yaml
    games.py     check(): the games of the paths given, their replays, slugs and links
    related.py   the related: links of game.yaml, checked across the rules folder
"""
