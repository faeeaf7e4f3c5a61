"""What helps an author write rules: the format reference, the editors' schemas and a new
game's first files. Each comes from the models `rulebook check` validates with and from the
families' registry, so none of them can drift from what the checker accepts.

    reference.py   `rulebook docs`: the format of every file, key by key, as Markdown
    schemas.py     `rulebook schema`: JSON Schemas of every file kind, for editors
    scaffold.py    `rulebook new`: a game folder that passes `rulebook check` at once
"""
