"""Every generated sentence of the play page, the stepper, the results and the numbers pages
in every language, said of a woman and of a man, with n = 1, 2, 5, 11, 21, 101 (issue 38),
compared with the texts written out in tests/fixtures/generated_words/<lang>.tsv: the
English rendering of a message, a tab, the language's. Where a text reads wrong, the catalog
or the generator is fixed, never the table (tests/generated_words.py renders them)."""

from __future__ import annotations

import pytest
from generated_words import LANGS, TABLES, entries, read_table, rendered

pytestmark = pytest.mark.unit


@pytest.mark.parametrize("lang", LANGS)
def test_every_generated_sentence_reads_as_written_out(lang: str) -> None:
    want, got = read_table(lang), rendered(lang)
    assert set(got) == set(want), (f"{TABLES / lang}.tsv: missing {sorted(set(got) - set(want))[:5]}"
                                   f", no longer generated {sorted(set(want) - set(got))[:5]}")
    wrong = [(key, got[key], want[key]) for key in got if got[key] != want[key]]
    assert not wrong, wrong[:10]


def test_the_tables_cover_the_messages_that_count_and_that_name_a_player() -> None:
    """The renderer finds the generated sentences: a message with plural forms in every count,
    a gendered message in its gender (not a table that lost its rows)."""
    table = read_table("ru")
    assert len(entries()) > 300 and len(table) > 700
    assert table["[feminine] Carla draws a card from Bruno."] == "Карла тянет карту у Бруно."
    assert table["[masculine] Bruno draws a card from Carla."] == "Бруно тянет карту у Карлы."
    assert [table[f"The next player draws {n} card{'s' if n > 1 else ''}."]
            for n in (1, 2, 5, 21)] == ["Следующий игрок берёт 1 карту.",
                                        "Следующий игрок берёт 2 карты.",
                                        "Следующий игрок берёт 5 карт.",
                                        "Следующий игрок берёт 21 карту."]
