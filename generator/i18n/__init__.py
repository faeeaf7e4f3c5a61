"""The translators' side: which translated texts are stale, the report, the acceptance.

    staleness.py   current / outdated / unrecorded texts, the word diff, outdated page parts
    report.py      `rulebook i18n`: the state of every game's translations
    accept.py      `rulebook i18n --accept`: record the source texts a translation now renders
    scalars.py     the texts of a language file one YAML scalar at a time, by dotted path
    po_export.py   `rulebook i18n --export po`: a gettext catalog per language
    po_import.py   `rulebook i18n --import po`: the catalogs' changed texts back into the files
    po_read.py     a catalog from outside read with bounds: a regular file, its size, its plurals
    yaml_edit.py   replace single scalars in a YAML text, every other byte kept

The languages and the UI catalogs themselves are core (core/languages.py): every page needs
them; the records a translation keeps beside it are a rules file (model/translated_from.py).
"""
