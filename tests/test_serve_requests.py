"""`rulebook serve`'s answers to requests no page makes, without a build: a folder with the
build's marker and one page is all the handler needs."""

from __future__ import annotations

import http.server
import socket
import struct
import threading
import urllib.error
import urllib.request
from pathlib import Path
from typing import Iterator

import pytest

from generator.cli.serve import MAX_ADDRESS, SiteHandler
from generator.pipeline.publish import MARKER

PAGE = b"<!doctype html><title>x</title><body>" + b"<p>a page of the site</p>" * 200_000


class _Server(http.server.ThreadingHTTPServer):
    """Counts the connections it is done with (after any traceback it printed about one)."""

    def __init__(self, *args: object) -> None:
        super().__init__(*args)  # type: ignore[arg-type]
        self.done = threading.Semaphore(0)

    def shutdown_request(self, request: object) -> None:
        super().shutdown_request(request)  # type: ignore[arg-type]
        self.done.release()


@pytest.fixture
def server(tmp_path: Path) -> Iterator[tuple[_Server, str]]:
    (tmp_path / MARKER).write_text("", encoding="utf-8")
    (tmp_path / "index.html").write_bytes(PAGE)  # megabytes: more than a socket buffers
    handler = type("Handler", (SiteHandler,), {"site": tmp_path})
    httpd = _Server(("127.0.0.1", 0), handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    yield httpd, f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()
    httpd.server_close()


def status(url: str) -> int:
    try:
        with urllib.request.urlopen(url, timeout=30) as response:
            return int(response.status)
    except urllib.error.HTTPError as error:
        return error.code


@pytest.mark.parametrize("path", ["/" + "a" * 6000, "/en/" + "b" * (MAX_ADDRESS + 1),
                                  "/" + "c" * 300 + "/"])  # a name over the file system's 255
def test_a_very_long_address_is_answered_414(server: tuple[_Server, str], path: str,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    httpd, base = server
    assert status(base + path) == 414
    httpd.done.acquire(timeout=30)
    assert status(base + "/") == 200  # still serving
    assert "Traceback" not in capsys.readouterr().err


def test_a_reader_who_leaves_mid_answer_is_no_traceback(
        server: tuple[_Server, str], capsys: pytest.CaptureFixture[str]) -> None:
    httpd, base = server
    port = int(base.rsplit(":", 1)[1])
    for _ in range(3):
        with socket.create_connection(("127.0.0.1", port), timeout=30) as client:
            client.sendall(b"GET / HTTP/1.1\r\nHost: localhost\r\n\r\n")
            assert client.recv(1024).startswith(b"HTTP/1.0 200")  # the answer is under way
            # closed with a reset (linger 0) while megabytes are still to come
            client.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        assert httpd.done.acquire(timeout=30)  # the server is done with it
    assert status(base + "/") == 200
    err = capsys.readouterr().err
    assert "Traceback" not in err and "Exception occurred" not in err, err
