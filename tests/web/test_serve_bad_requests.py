"""Bad input to ``ecarte serve`` gets a clear message, never a traceback or
a hang: a plain request (no websocket) on the games' address ``/ws``, as
``curl http://host:port/ws`` or a proxy that drops the Upgrade header sends,
and a ``--host`` that names no host at all."""

from __future__ import annotations

import asyncio
import errno
import http.client
import socket
import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path

import aiohttp
import pytest
from web_support import free_port, start_server, stop_server

from ecarte import i18n
from ecarte.web.server import listen_failure

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

    try:
        asyncio.run(scenario())
    finally:
        stop_server(served)
    assert served.process.stdout is not None
    lines = served.process.stdout.read().splitlines()
    errors = (tmp_path / "stderr.txt").read_text(encoding="utf-8")
    assert "Traceback" not in errors and "ERROR" not in errors
    assert not [line for line in lines if "Traceback" in line]
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
