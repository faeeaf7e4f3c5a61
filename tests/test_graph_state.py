"""The saved graph: what is loaded is what was saved, also when a build keeps most outputs of
the last one (their depsets are written as loaded) and when most names are gone."""

from __future__ import annotations

from pathlib import Path

from generator.pipeline.graph import GraphMemory, Output, State, dump_state, load_state
from generator.runtime.deps import Deps


def _deps(n: int) -> Deps:
    return Deps({f"rules/g{n}/game.yaml", "templates/base.html.j2"}, {f"g{n}/en"},
                {"plan", f"title:g{n}:en"})


def _roundtrip(state: State, previous: State | None, tmp: Path) -> State:
    path = tmp / "state.json"
    path.write_bytes(dump_state(state, previous))
    return load_state(path)


def _contents(state: State) -> dict[str, tuple[frozenset[str], ...]]:
    return {rel: (frozenset(o.deps.files), frozenset(o.deps.games), frozenset(o.deps.values))
            for rel, o in state.outputs.items()}


def test_kept_new_and_gone_outputs_load_as_saved(tmp_path: Path) -> None:
    first = State(toolchain="t", outputs={f"en/g{n}/index.html": Output(_deps(n), n, n, inode=n)
                                          for n in range(20)})
    loaded = _roundtrip(first, None, tmp_path)
    assert _contents(loaded) == _contents(first)
    assert loaded.outputs["en/g3/index.html"].inode == 3
    # the next build keeps 0..9 (their loaded Deps), renders 10..14 anew, drops 15..19, adds 20
    second = State(toolchain="t", outputs={
        **{rel: o for rel, o in loaded.outputs.items() if int(rel.split("/")[1][1:]) < 10},
        **{f"en/g{n}/index.html": Output(_deps(n + 100), 1, 1) for n in range(10, 15)},
        "en/g20/index.html": Output(Deps({"rules/new.yaml"}, set(), {"plan"}), 2, 2)})
    again = _roundtrip(second, loaded, tmp_path)
    assert _contents(again) == _contents(second)
    # and once more from that, with nothing new: every depset as loaded
    third = State(toolchain="t", outputs=dict(again.outputs))
    assert _contents(_roundtrip(third, again, tmp_path)) == _contents(second)


def test_names_are_numbered_anew_when_most_are_gone(tmp_path: Path) -> None:
    first = State(outputs={f"p{n}": Output(_deps(n), 0, 0) for n in range(50)})
    loaded = _roundtrip(first, None, tmp_path)
    kept = State(outputs={"p1": loaded.outputs["p1"]})
    again = _roundtrip(kept, loaded, tmp_path)
    assert _contents(again) == _contents(kept)
    assert len(again.names) == 5  # its 2 files, 1 game and 2 values, not the 49 others


def test_a_state_kept_in_memory_dumps_as_the_loaded_one_would(tmp_path: Path) -> None:
    """A state written is numbered as it was written (serve keeps it for its next build, in
    place of reading it back): the next state dumps to the same bytes from either."""
    first = State(toolchain="t", outputs={f"en/g{n}/index.html": Output(_deps(n), n, n, inode=n)
                                          for n in range(20)})
    (tmp_path / "state.json").write_bytes(dump_state(first))
    loaded = load_state(tmp_path / "state.json")

    def next_of(previous: State) -> State:  # keeps 0..9, renders 10..14 anew, adds 20
        return State(toolchain="t", outputs={
            **{rel: o for rel, o in previous.outputs.items() if int(rel.split("/")[1][1:]) < 10},
            **{f"en/g{n}/index.html": Output(_deps(n + 100), 1, 1) for n in range(10, 15)},
            "en/g20/index.html": Output(Deps({"rules/new.yaml"}, set(), {"plan"}), 2, 2)})

    assert dump_state(next_of(first), first) == dump_state(next_of(loaded), loaded)


def test_graph_memory_is_taken_only_while_the_file_is_the_one_it_saved(tmp_path: Path) -> None:
    path = tmp_path / "state.json"
    memory = GraphMemory()
    assert memory.load(path) == State()  # no graph yet
    kept = State(toolchain="kept")
    path.write_bytes(dump_state(kept))
    memory.saved(path, kept)
    assert memory.load(path) is kept  # not read again
    path.write_bytes(dump_state(State(toolchain="another build's")))  # another process wrote it
    assert memory.load(path).toolchain == "another build's"
    memory.saved(path, kept)
    path.unlink()
    assert memory.load(path) == State()
