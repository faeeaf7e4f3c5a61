"""Fuzzing `rulebook check`: random bytes and random YAML structures in the files of a game
folder. Whatever the input, the check ends with exit 0 or 1 and findings (never a traceback),
and its text output holds no raw control characters. How fast pathological inputs are
checked is bench/bench_inputs.py's to say, not a test's."""

from __future__ import annotations

import io
import os
import re
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import RULES, sized
from generator.cli.main import main

pytestmark = [pytest.mark.slow, pytest.mark.deep]

GAME = "black-peter"
FILES = ("game.yaml", "en.yaml", "examples/endgame.yaml")
ORIGINAL = {rel: (RULES / GAME / rel).read_bytes() for rel in FILES}
# Small on purpose in make test (shared cores); make test-deep fuzzes 1,000 cases a test,
# FUZZ_EXAMPLES=N as many as asked.
FUZZ = settings(max_examples=int(os.environ.get("FUZZ_EXAMPLES", sized(40, 1000))), deadline=None,
                database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
RAW_CONTROL = re.compile(r"[\x00-\x09\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A game folder with game.yaml, one language and one example."""
    game = tmp_path_factory.mktemp("fuzz") / "rules" / GAME
    (game / "examples").mkdir(parents=True)
    for rel, data in ORIGINAL.items():
        (game / rel).write_bytes(data)
    return game


def run_check(folder: Path, rel: str, data: bytes) -> None:
    """Check the folder with ``rel`` replaced by ``data``; the others as shipped."""
    for name, original in ORIGINAL.items():
        (folder / name).write_bytes(data if name == rel else original)
    out = io.StringIO()
    with redirect_stdout(out), redirect_stderr(io.StringIO()):
        code = main(["check", str(folder)])
    assert code in (0, 1)
    assert not RAW_CONTROL.search(out.getvalue()), out.getvalue()[:2000]


@FUZZ
@given(rel=st.sampled_from(FILES), data=st.binary(max_size=400))
def test_random_bytes(folder: Path, rel: str, data: bytes) -> None:
    run_check(folder, rel, data)


@FUZZ
@given(rel=st.sampled_from(FILES), at=st.floats(0, 1), cut=st.integers(0, 40),
       insert=st.binary(max_size=40))
def test_a_real_file_with_random_bytes_spliced_in(folder: Path, rel: str, at: float, cut: int,
                                                  insert: bytes) -> None:
    original = ORIGINAL[rel]
    i = int(at * len(original))
    run_check(folder, rel, original[:i] + insert + original[i + cut:])


def _keys(value: Any) -> set[str]:
    if isinstance(value, dict):
        return {str(k) for k in value} | {k for v in value.values() for k in _keys(v)}
    if isinstance(value, list):
        return {k for v in value for k in _keys(v)}
    return set()


LOADED = {rel: yaml.safe_load(data.decode("utf-8")) for rel, data in ORIGINAL.items()}
# Keys and words of the real files, so that random structures reach past the schema.
KEYS = sorted(set().union(*(_keys(v) for v in LOADED.values())))
WORDS = ["A♠", "10h", "J♣ Q♣", "J♣", "★", "joker", "Zz", "1", "2", "3", "4", "left", "right",
         "rank", "skat-32", "french-52", "{deck.size}", "{odd_card}", "{nope}", "{{", "\x1b[2J",
         "a\nb", ""]
SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-3, 40), st.integers(),
                    st.floats(allow_nan=True), st.text(max_size=12), st.sampled_from(WORDS))
VALUES = st.recursive(
    SCALARS, lambda inner: st.lists(inner, max_size=4)
    | st.dictionaries(st.sampled_from(KEYS) | st.text(max_size=6), inner, max_size=4),
    max_leaves=16)


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [path]
    if isinstance(value, dict):
        for k, v in value.items():
            out += _paths(v, path + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += _paths(v, path + (i,))
    return out


def _replace(value: Any, path: tuple[Any, ...], new: Any) -> Any:
    if not path:
        return new
    copy = dict(value) if isinstance(value, dict) else list(value)
    copy[path[0]] = _replace(value[path[0]], path[1:], new)
    return copy


@FUZZ
@given(rel=st.sampled_from(FILES), data=st.data())
def test_random_structures_in_real_files(folder: Path, rel: str, data: st.DataObject) -> None:
    value = LOADED[rel]
    for _ in range(data.draw(st.integers(1, 3))):
        path = data.draw(st.sampled_from(_paths(value)))
        value = _replace(value, path, data.draw(VALUES))
    text = yaml.safe_dump(value, allow_unicode=True, sort_keys=False)
    run_check(folder, rel, text.encode("utf-8"))


@FUZZ
@given(rel=st.sampled_from(FILES), value=VALUES)
def test_random_structures_as_whole_files(folder: Path, rel: str, value: Any) -> None:
    run_check(folder, rel, yaml.safe_dump(value, allow_unicode=True).encode("utf-8"))
