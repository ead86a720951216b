"""Pages that misbehave, and addresses given oddly: a burst of keys then the
page gone leaves no game running; a page of another site gets no game; a
message too big for a page ends only that game; ``--host`` written as a URL
writes it, or with a port, or with an empty label, is told in words."""

from __future__ import annotations

import asyncio
import subprocess
import sys
import time
from pathlib import Path

import aiohttp
import pytest
from web_support import Served, free_port, start_server, stop_server

GAME_START_TIMEOUT = 30.0
GAME_GONE_WITHIN = 15.0
"""Seconds for a game's process to be gone once its page is: a quit, then
SIGTERM and SIGKILL three seconds apart, with room for a busy machine."""


def games_of(served: Served) -> list[int]:
    """The game processes the server runs (its children), by /proc."""
    pid = served.process.pid
    children = Path(f"/proc/{pid}/task/{pid}/children")
    return [int(child) for child in children.read_text().split()] if children.exists() else []


async def first_screen(game: aiohttp.ClientWebSocketResponse) -> None:
    async for message in game:
        if message.type == aiohttp.WSMsgType.BINARY:
            return
    raise AssertionError("the game sent nothing")


def wait_until_no_game(served: Served) -> float:
    started = time.monotonic()
    while games_of(served):
        assert time.monotonic() - started < GAME_GONE_WITHIN, f"still running: {games_of(served)}"
        time.sleep(0.2)
    return time.monotonic() - started


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="finds the games through /proc")
def test_a_burst_of_keys_then_the_page_gone_leaves_no_game_running(ecarte_env: dict[str, str]) -> None:
    """A page sent 500 keys in one message and closed: the server said the
    game ended, but its process stayed, blocked writing screens nobody read,
    its table counted free (so --max-games did not bound them) and a match
    it played locked."""
    served = start_server(ecarte_env, "--max-games", "1")
    address = served.url.replace("http", "ws", 1) + "ws"
    try:

        async def burst_and_leave() -> None:
            async with aiohttp.ClientSession() as client:
                # As the tester's page: it never reads what the game draws.
                game = await client.ws_connect(address)
                await asyncio.sleep(3)
                assert games_of(served)
                await game.send_json(["stdin", "?" * 500])
                await asyncio.sleep(3)
                await game.close()

        asyncio.run(burst_and_leave())
        wait_until_no_game(served)

        async def the_table_is_free() -> None:
            async with aiohttp.ClientSession() as client:
                game = await client.ws_connect(address)
                await asyncio.wait_for(first_screen(game), GAME_START_TIMEOUT)
                await game.close()

        asyncio.run(the_table_is_free())
        wait_until_no_game(served)
    finally:
        stop_server(served)


def test_a_page_of_another_site_gets_no_game(ecarte_env: dict[str, str]) -> None:
    """Any web site open in the player's browser could open the game's
    websocket on the loopback address: take a table, send keys, read the
    screen (the saved matches, the player's name)."""
    served = start_server(ecarte_env, "--max-games", "1")
    address = served.url.replace("http", "ws", 1) + "ws"
    ours = served.url.rstrip("/")
    try:

        async def visits() -> int:
            async with aiohttp.ClientSession() as client:
                with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                    await client.ws_connect(address, origin="http://evil.example")
                # DNS rebinding: another site's name made to resolve to this
                # machine is its own origin; the name itself is refused.
                rebound = f"rebind.example:{served.url.rstrip('/').rpartition(':')[2]}"
                with pytest.raises(aiohttp.WSServerHandshakeError) as rebinding:
                    await client.ws_connect(address, origin=f"http://{rebound}", headers={"Host": rebound})
                assert rebinding.value.status == 403
                # Our own page, as a browser names it, gets its game.
                game = await client.ws_connect(address, origin=ours)
                await asyncio.wait_for(first_screen(game), GAME_START_TIMEOUT)
                await game.close()
                return refused.value.status

        assert asyncio.run(visits()) == 403
    finally:
        stop_server(served)
    assert served.process.stdout is not None
    lines = served.process.stdout.read().splitlines()
    refusals = [line for line in lines if "refused a game asked for by a page of another site" in line]
    assert len(refusals) == 2 and "evil.example" in refusals[0] and "rebind.example" in refusals[1], lines
    # The refused page took no table: one game started, the ours.
    assert len([line for line in lines if "a game started" in line]) == 1, lines


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="finds the games through /proc")
def test_a_message_too_big_for_a_page_ends_its_game_only(ecarte_env: dict[str, str], tmp_path: Path) -> None:
    """Three million keys in one message grew the game by 70 MB a second,
    and it outlived the server: a message over 64 KB closes that page's
    websocket, and its game ends."""
    errors = tmp_path / "stderr.txt"
    served = start_server(ecarte_env, "--max-games", "2", stderr=errors)
    address = served.url.replace("http", "ws", 1) + "ws"
    try:

        async def too_big() -> aiohttp.WSMsgType:
            async with aiohttp.ClientSession() as client:
                other = await client.ws_connect(address)
                await asyncio.wait_for(first_screen(other), GAME_START_TIMEOUT)
                game = await client.ws_connect(address)
                await asyncio.wait_for(first_screen(game), GAME_START_TIMEOUT)
                await game.send_json(["stdin", "?" * 100_000])
                while (message := await asyncio.wait_for(game.receive(), 30)).type in (
                    aiohttp.WSMsgType.BINARY,
                    aiohttp.WSMsgType.TEXT,
                ):
                    pass
                # The other page's game plays on.
                await other.send_json(["ping", "still here"])
                async for answer in other:
                    if answer.type == aiohttp.WSMsgType.TEXT and answer.json() == ["pong", "still here"]:
                        break
                await other.close()
                return message.type

        ended = asyncio.run(asyncio.wait_for(too_big(), 90))
        assert ended in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED)
        wait_until_no_game(served)
    finally:
        stop_server(served)
    assert "Traceback" not in errors.read_text(encoding="utf-8")


def serve_once(env: dict[str, str], host: str, port: int) -> subprocess.CompletedProcess[str]:
    """``ecarte serve --host HOST``, stopped once it listens (if it does)."""
    process = subprocess.Popen(
        [sys.executable, "-m", "ecarte", "serve", "--host", host, "--port", str(port)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    try:
        out, err = process.communicate(timeout=5)
    except subprocess.TimeoutExpired:
        process.terminate()
        out, err = process.communicate(timeout=20)
    return subprocess.CompletedProcess(process.args, process.returncode, out, err)


@pytest.mark.parametrize("host", ["a..b", "x" * 64 + ".example"])
def test_a_host_name_with_an_empty_or_too_long_label_is_told_in_words(
    ecarte_env: dict[str, str], host: str
) -> None:
    # The lookup's encoding of the name failed: a traceback, status 1.
    port = free_port()
    result = serve_once(ecarte_env, host, port)
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr
    assert result.stderr.strip().splitlines()[-1] == (
        f"ecarte serve: cannot listen on http://{host}:{port}/: no such host or address"
    )


def test_a_host_with_a_port_is_told_to_give_the_port_apart(ecarte_env: dict[str, str]) -> None:
    result = serve_once(ecarte_env, "127.0.0.1:80", free_port())
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr == (
        "ecarte serve: --host takes an address without a port (127.0.0.1:80); the port is --port\n"
    )


def test_an_ipv6_address_in_brackets_is_read_as_the_address(ecarte_env: dict[str, str]) -> None:
    # "[::1]", as a URL writes it, was shown "http://[[::1]]:PORT/".
    port = free_port()
    result = serve_once(ecarte_env, "[::1]", port)
    said = result.stdout + result.stderr
    assert "Traceback" not in said
    # Listening (where this machine has IPv6), or refused naming the address.
    assert f"http://[::1]:{port}/" in said and "[[" not in said, said
