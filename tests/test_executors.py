"""A build's connections to a Dask cluster (runtime/executors.py), without a cluster: within a
session every step gets the one client, connected at its first use and closed at the end; an
address where no scheduler answers (something else does, or nothing says a word) is a clear
usage error, in bounded time."""

from __future__ import annotations

import contextlib
import socket
import threading
from pathlib import Path
from typing import Iterator

import pytest

from generator.cli.main import main
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


@contextlib.contextmanager
def listener(answer: bytes | None) -> Iterator[str]:
    """A listener on 127.0.0.1 that is no Dask scheduler: it answers every connection with
    ``answer`` and keeps it open, or (None) closes it at once; b"": it says nothing."""
    server = socket.create_server(("127.0.0.1", 0))
    accepted: list[socket.socket] = []

    def serve() -> None:
        with contextlib.suppress(OSError):  # the server closed: the test is over
            while True:
                conn, _ = server.accept()
                if answer is None:
                    conn.close()
                    continue
                accepted.append(conn)
                conn.sendall(answer)

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    try:
        yield f"dask://127.0.0.1:{server.getsockname()[1]}"
    finally:
        server.close()
        for conn in accepted:
            conn.close()


HTTP = b"HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n"


@pytest.mark.parametrize(("answer", "says"), [
    (HTTP, "is not a Dask scheduler (it said b'HTTP/1.1"),
    (b"\x10" + b"\0" * 7 + b"\xff" * 16, "is not a Dask scheduler"),  # a sane length, no frames
    (b"", "said nothing within 0.2 s: it is not a Dask scheduler, or one too busy to answer"),
    (None, "closed the connection before greeting it as a Dask scheduler does"),
], ids=["http", "no-frames", "silent", "closes"])
def test_a_listener_that_is_no_scheduler_is_a_clear_error(answer: bytes | None, says: str) -> None:
    with listener(answer) as address:
        with pytest.raises(executors.ExecutorError) as raised:
            executors.probe(address, timeout=0.2)
    assert says in str(raised.value), raised.value
    assert address.removeprefix("dask://") in str(raised.value)


def test_an_address_nothing_listens_at_is_a_clear_error() -> None:
    with socket.socket() as bound:  # its port taken, and nothing listening there
        bound.bind(("127.0.0.1", 0))
        with pytest.raises(executors.ExecutorError,
                           match="no Dask scheduler answers at 127.0.0.1:[0-9]+: Connection refused"):
            executors.probe(f"dask://127.0.0.1:{bound.getsockname()[1]}", timeout=5)


@pytest.mark.parametrize("answer", [HTTP, b""], ids=["http", "silent"])
def test_a_build_sent_to_a_listener_that_is_no_scheduler_exits_2_with_one_line(
        answer: bytes, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """Not a MemoryError traceback (the garbage read as a frame's length), nor a build that
    waits for ever on a listener that says nothing."""
    pytest.importorskip("distributed")
    rules = tmp_path / "rules"
    assert main(["new", "game", "--family", "pairs", "--rules", str(rules)]) == 0
    monkeypatch.setattr(executors, "CONNECT_TIMEOUT", 0.2, raising=False)
    capsys.readouterr()
    with listener(answer) as address:
        code = main(["build", "--rules", str(rules), "--out", str(tmp_path / "site"),
                     "--no-pdf", "--no-search", "--quiet", "--executor", address])
    err = capsys.readouterr().err
    assert code == 2, err
    (line,) = [x for x in err.splitlines() if x.startswith("rulebook: error: ")]
    assert "is not a Dask scheduler" in line or "said nothing within 0.2 s" in line
    assert "Traceback" not in err and not (tmp_path / "site").exists()
