"""Bad input to ``ecarte serve`` gets a clear message, never a traceback or
a hang: a plain request (no websocket) on the games' address ``/ws``, as
``curl http://host:port/ws`` or a proxy that drops the Upgrade header sends,
a request aiohttp cannot read, a malformed or outsized message on a game's
websocket, and a ``--host`` that names no host at all."""

from __future__ import annotations

import asyncio
import errno
import http.client
import socket
import subprocess
import sys
import urllib.error
import urllib.request
from collections.abc import AsyncIterator, Callable, Coroutine
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from web_support import Served, free_port, start_server, stop_server

from ecarte import i18n
from ecarte.web.server import EcarteServer, listen_failure, page_message, shown_message

GAME_START_TIMEOUT = 30.0


def plain_get(url: str) -> tuple[int, str, str | None]:
    """A plain GET, as curl or a browser's address bar sends: the status, the
    text and the Cache-Control header; a failure if the server answers nothing."""
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return (
                response.status,
                response.read().decode("utf-8", "replace"),
                response.headers["Cache-Control"],
            )
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode("utf-8", "replace"), error.headers["Cache-Control"]
    except (http.client.RemoteDisconnected, ConnectionError, urllib.error.URLError, TimeoutError) as error:
        pytest.fail(f"no answer to GET {url}: {error!r}")


async def first_bytes(websocket: aiohttp.ClientWebSocketResponse) -> None:
    async for message in websocket:
        if message.type == aiohttp.WSMsgType.BINARY:
            return
    raise AssertionError("the game sent nothing")


def lines_after(served: Served, scenario: Callable[[], Coroutine[Any, Any, None]], stderr: Path) -> list[str]:
    """Run ``scenario`` against ``served``, stop the server, and return the
    lines it printed, once sure that neither they nor its standard error
    (``stderr``, where a traceback goes) hold a traceback or an error."""
    try:
        asyncio.run(scenario())
    finally:
        stop_server(served)
    assert served.process.stdout is not None
    lines = served.process.stdout.read().splitlines()
    errors = stderr.read_text(encoding="utf-8")
    assert "Traceback" not in errors and "ERROR" not in errors
    assert not [line for line in lines if "Traceback" in line]
    return lines


def test_a_plain_get_on_the_websocket_address_is_told_400_and_takes_no_table(
    ecarte_env: dict[str, str], tmp_path: Path
) -> None:
    """It used to take a table ("a game started (1 of 4 tables taken)"), log
    two tracebacks, and close the connection with no answer at all."""
    served = start_server(ecarte_env, "--max-games", "1", stderr=tmp_path / "stderr.txt")
    socket_address = served.url + "ws"

    async def scenario() -> None:
        # A free table, then every table taken: the same answer either way.
        status, text, cache = await asyncio.to_thread(plain_get, socket_address + "?width=100&height=30")
        assert status == 400
        assert served.url in text and "Traceback" not in text
        assert cache == "no-store"
        # The one table is still free: the page loads and its game starts.
        status, _, _ = await asyncio.to_thread(plain_get, served.url)
        assert status == 200
        async with aiohttp.ClientSession() as client:
            game = await client.ws_connect(socket_address.replace("http", "ws", 1) + "?width=100&height=30")
            await asyncio.wait_for(first_bytes(game), timeout=GAME_START_TIMEOUT)
            status, text, _ = await asyncio.to_thread(plain_get, socket_address)
            assert status == 400 and served.url in text
            await game.close()
            await asyncio.sleep(2)  # the game ends once its process has quit

    lines = lines_after(served, scenario, tmp_path / "stderr.txt")
    # Only the real game took the table, and it was free for it.
    started = [line for line in lines if "a game started" in line]
    assert len(started) == 1 and "(1 of 1 table taken)" in started[0]
    # One plain line for each refused request, nothing more.
    refused = [line for line in lines if "/ws" in line]
    assert len(refused) == 2
    assert all(line.startswith("ecarte serve: ") for line in refused)


def resolver_says_no_such_host(host: str) -> bool:
    """Whether this machine's resolver answers that ``host`` does not exist
    (EAI_NONAME), rather than failing for another reason (no DNS at hand)."""
    try:
        socket.getaddrinfo(host, None)
    except socket.gaierror as error:
        return error.errno == socket.EAI_NONAME
    return False


@pytest.mark.parametrize("host", ["nohost.invalid", "999.1.1.1"])
def test_a_host_that_does_not_exist_is_told_in_words(ecarte_env: dict[str, str], host: str) -> None:
    # ".invalid" never resolves (RFC 6761); 999.1.1.1 is no address.
    port = free_port()
    result = subprocess.run(
        [sys.executable, "-m", "ecarte", "serve", "--host", host, "--port", str(port)],
        capture_output=True,
        text=True,
        timeout=60,
        env=ecarte_env,
    )
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    refusal = result.stderr.strip().splitlines()[-1]
    prefix = f"ecarte serve: cannot listen on http://{host}:{port}/: "
    assert refusal.startswith(prefix)
    reason = refusal.removeprefix(prefix)
    assert "Unknown error" not in reason and "Errno" not in reason
    assert any(character.isalpha() for character in reason)
    if resolver_says_no_such_host(host):
        assert reason == i18n._("no such host or address")
    assert result.stdout == ""


def test_the_reasons_a_host_cannot_be_looked_up_are_words() -> None:
    # What the event loop raises for such a host: the resolver's code as errno.
    assert listen_failure(socket.gaierror(socket.EAI_NONAME, "Name or service not known")) == i18n._(
        "no such host or address"
    )
    # Another failure of the lookup (no DNS server answering): the resolver's words.
    again = socket.gaierror(socket.EAI_AGAIN, "Temporary failure in name resolution")
    assert listen_failure(again) == "Temporary failure in name resolution"
    # The errors that are not lookups keep their own words.
    assert listen_failure(OSError(errno.EADDRNOTAVAIL, "x")) == i18n._("this machine has no such address")


MALFORMED = [
    "not json",
    "[]",
    "{}",
    '["stdin",5]',
    '["ping"]',
    '["resize",{"width":"x","height":1}]',
    '["stdin","\\ud800"]',
    '["resize",{"width":true,"height":1}]',
    '["resize",{"width":NaN,"height":1}]',
    '["resize",{"height":1}]',
    '["resize",5]',
    # Nested past what JSON reading allows, yet within a page message's
    # 64 KB (a bigger message closes its websocket: test_serve_page_faults).
    "[" * 60_000,
]
HUGE_RESIZE = '["resize",{"width":1000000000,"height":1000000000}]'


@pytest.mark.parametrize("text", MALFORMED)
def test_a_malformed_page_message_is_read_as_none(text: str) -> None:
    assert page_message(text) is None


@pytest.mark.parametrize(
    ("text", "order"),
    [
        (HUGE_RESIZE, ("resize", 1000, 1000)),
        ('["resize",{"width":0,"height":-3}]', ("resize", 1, 1)),
        ('["resize",{"width":100.0,"height":30}]', ("resize", 100, 30)),
        ('["resize",{"width":100,"height":30}]', ("resize", 100, 30)),
        ('["stdin","a\u00e9"]', ("stdin", "a\u00e9")),
        ('["ping","1"]', ("ping", "1")),
        ('["blur"]', ("blur",)),
        ('["focus"]', ("focus",)),
        ('["something new",1]', ("other",)),
    ],
)
def test_page_messages_are_read_and_sizes_brought_into_range(text: str, order: tuple[Any, ...]) -> None:
    assert page_message(text) == order


def test_a_malformed_message_is_shown_short_and_printable() -> None:
    assert shown_message('["stdin","\\ud800"]') == repr('["stdin","\\ud800"]')
    shown = shown_message("\x1b[2J" + "x" * 1000)
    assert "\x1b" not in shown and shown.isprintable()
    assert len(shown) < 100 and "(1004)" in shown


class FakeMessage:
    def __init__(self, data: str) -> None:
        self.type = aiohttp.WSMsgType.TEXT
        self.data = data


class FakeWebsocket:
    """The page's side: the messages it sends, and what it is sent."""

    def __init__(self, texts: list[str]) -> None:
        self.texts = texts
        self.sent: list[Any] = []

    async def __aiter__(self) -> AsyncIterator[FakeMessage]:
        for text in self.texts:
            yield FakeMessage(text)

    async def send_json(self, data: Any) -> None:
        self.sent.append(data)


class FakeGame:
    """The game's side (an AppService): what its process is told."""

    def __init__(self) -> None:
        self.told: list[tuple[Any, ...]] = []

    async def send_bytes(self, data: bytes) -> bool:
        self.told.append(("stdin", data))
        return True

    async def set_terminal_size(self, width: int, height: int) -> None:
        self.told.append(("resize", width, height))

    async def blur(self) -> None:
        self.told.append(("blur",))

    async def focus(self) -> None:
        self.told.append(("focus",))


def test_the_game_is_told_a_size_in_range_and_never_a_malformed_message(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A resize to 1000000000 columns once reached the game, which grew
    without end (gigabytes, a core) even after its tab closed; a malformed
    message ended the game's handler with a traceback."""
    server = EcarteServer("true", host="127.0.0.1", port=free_port(), max_games=1)
    page = FakeWebsocket(
        [*MALFORMED, HUGE_RESIZE, '["resize",{"width":0,"height":-1}]', '["stdin","q"]', '["ping","p"]']
    )
    game = FakeGame()
    asyncio.run(server._process_messages(page, game))  # type: ignore[arg-type]
    assert game.told == [("resize", 1000, 1000), ("resize", 1, 1), ("stdin", b"q")]
    assert page.sent == [["pong", "p"]]
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == len(MALFORMED)
    for line, text in zip(lines, MALFORMED, strict=True):
        assert line.startswith("ecarte serve: dropped a malformed message from a game's page: ")
        assert line.isprintable() and len(line) < 200
        assert shown_message(text) in line


async def pong(websocket: aiohttp.ClientWebSocketResponse, data: str) -> None:
    async for message in websocket:
        if message.type == aiohttp.WSMsgType.TEXT and message.json() == ["pong", data]:
            return
    raise AssertionError("the server never answered the ping")


def test_outsized_and_malformed_messages_leave_the_game_playing(
    ecarte_env: dict[str, str], tmp_path: Path
) -> None:
    """A real game, started with an outsized ``?width=&height=``, is sent each
    malformed message and a resize to 1000000000 columns: no traceback, a
    line for each malformed message, and the game goes on (it answers, then
    ends as its tab closes)."""
    served = start_server(ecarte_env, "--max-games", "1", stderr=tmp_path / "stderr.txt")
    socket_address = served.url.replace("http", "ws", 1) + "ws"

    async def scenario() -> None:
        async with aiohttp.ClientSession() as client:
            game = await client.ws_connect(socket_address + "?width=1000000000&height=-5")
            await asyncio.wait_for(first_bytes(game), timeout=GAME_START_TIMEOUT)
            for text in [*MALFORMED, HUGE_RESIZE]:
                await game.send_str(text)
            await game.send_str('["ping","still here"]')
            await asyncio.wait_for(pong(game, "still here"), timeout=GAME_START_TIMEOUT)
            # The game itself still draws: a key, and its answer.
            await game.send_str('["stdin","\\u001b"]')
            await asyncio.wait_for(first_bytes(game), timeout=GAME_START_TIMEOUT)
            await game.close()
            await asyncio.sleep(2)  # the game ends once its process has quit

    lines = lines_after(served, scenario, tmp_path / "stderr.txt")
    dropped = [line for line in lines if "dropped a malformed message" in line]
    assert len(dropped) == len(MALFORMED)
    assert all(line.startswith("ecarte serve: ") and line.isprintable() for line in dropped)
    assert [line for line in lines if "a game ended" in line]


def raw_request(url: str, request: bytes) -> bytes:
    """``request`` sent as it is on a new connection: the answer's first line."""
    host, port = url.removeprefix("http://").strip("/").split(":")
    with socket.create_connection((host, int(port)), timeout=10) as connection:
        connection.sendall(request)
        answer = b""
        while b"\r\n" not in answer:
            data = connection.recv(4096)
            if not data:
                break
            answer += data
    return answer.split(b"\r\n", 1)[0]


MALFORMED_REQUESTS = {
    "a path over 8 KB": b"GET /" + b"a" * 10_000 + b" HTTP/1.1\r\nHost: x\r\n\r\n",
    "a header over 8 KB": b"GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * 9_000 + b"\r\n\r\n",
    "HTTP/9.9": b"GET / HTTP/9.9\r\n\r\n",
    "a negative Content-Length": b"POST / HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n",
}


def test_a_malformed_http_request_is_told_400_with_one_line_not_a_traceback(
    ecarte_env: dict[str, str], tmp_path: Path
) -> None:
    """aiohttp logged each with a traceback of a dozen lines on the server's
    terminal (LineTooLong, BadStatusLine, BadHttpMessage)."""
    stderr = tmp_path / "stderr.txt"
    served = start_server(ecarte_env, "--max-games", "1", stderr=stderr)
    try:
        for what, request in MALFORMED_REQUESTS.items():
            answer = raw_request(served.url, request)
            assert answer.startswith(b"HTTP/1.") and b" 400 " in answer, what
        # The server goes on serving the page.
        status, _, _ = plain_get(served.url)
        assert status == 200
    finally:
        stop_server(served)
    errors = stderr.read_text(encoding="utf-8").splitlines()
    assert not [line for line in errors if "Traceback" in line or "ERROR" in line]
    # One short line for each, and nothing else.
    refused = [line for line in errors if "refused a malformed request from 127.0.0.1" in line]
    assert len(refused) == len(MALFORMED_REQUESTS) == len(errors)
    assert all(len(line) < 200 for line in refused)
