"""The translators' side: which translated texts are stale, the report, the acceptance.

    staleness.py   current / outdated / unrecorded texts, the word diff, outdated page parts
    report.py      `rulebook i18n`: the state of every game's translations
    accept.py      `rulebook i18n --accept`: record the source texts a translation now renders

The languages and the UI catalogs themselves are core (core/languages.py): every page needs
them; the records a translation keeps beside it are a rules file (model/translated_from.py).
"""
