"""``python -m generator``: the ``rulebook`` command."""

from .cli.main import run

run()
