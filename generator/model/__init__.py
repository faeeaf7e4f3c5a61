"""What a rules file is: safe YAML with marks, its schema, and a loaded game as data.

    source.py            safe YAML loading that remembers where every key and value came from
    schema.py            the shape of every rules file (pydantic), errors as diagnostics
    tokens.py            the one reader of card tokens with their marks
    placeholders.py      {name} placeholders in prose, filled and checked
    translated_from.py   <lang>.translated-from.yaml: what each translated text was made from
    game.py              GameBundle: one game's rules, texts and scripts, loaded (data only)

Loading a whole game folder needs its family's schemas, so it lives above the families
(check/load.py); the families build on what is here.
"""
