"""A build's connections to a Dask cluster (runtime/executors.py), without a cluster: within a
session every step gets the one client, connected at its first use and closed at the end."""

from __future__ import annotations

import contextlib
from typing import Iterator

import pytest

from generator.runtime import executors


class Opened:
    def __init__(self) -> None:
        self.opened: list[str] = []
        self.closed: list[str] = []

    @contextlib.contextmanager
    def connected(self, address: str) -> Iterator[object]:
        self.opened.append(address)
        try:
            yield f"client of {address} #{len(self.opened)}"
        finally:
            self.closed.append(address)


@pytest.fixture()
def clients(monkeypatch: pytest.MonkeyPatch) -> Opened:
    made = Opened()
    monkeypatch.setattr(executors, "_connected", made.connected)
    return made


def test_within_a_session_the_steps_share_one_client_closed_at_its_end(clients: Opened) -> None:
    a, b = "dask://127.0.0.1:1", "dask://127.0.0.1:2"
    with executors.session():
        with executors.connect(a) as first:  # the simulations
            pass
        with executors.connect(a) as second:  # the pages, then the PDFs
            pass
        with executors.connect(b) as other:
            pass
        assert first is second and other != first
        assert clients.opened == [a, b] and clients.closed == []  # open until the build ends
    assert sorted(clients.closed) == [a, b]


def test_a_failed_step_still_closes_the_session_s_client(clients: Opened) -> None:
    with pytest.raises(executors.ClusterLost):
        with executors.session():
            with executors.connect("dask://127.0.0.1:1"):
                raise executors.ClusterLost("gone")
    assert clients.closed == ["dask://127.0.0.1:1"]


def test_outside_a_session_each_connect_is_its_own(clients: Opened) -> None:
    for _ in range(2):
        with executors.connect("dask://127.0.0.1:1"):
            pass
    assert clients.opened == clients.closed == ["dask://127.0.0.1:1"] * 2
