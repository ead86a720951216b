"""Stopping ``ecarte serve`` as a service manager does, with a signal to the
server's process alone (systemd, Docker): the games are closed, their pages
told, their matches kept, and the server gone in seconds, saying so. And the
server's own lines: one per game started or ended, no access log."""

from __future__ import annotations

import asyncio
import signal
import time

import aiohttp
import pytest
from web_support import Served, checked_log, start_server

from ecarte.play.lock import LogLock

GENEROUS = 10.0
"""Seconds the server may take to stop (it took 18 to 21 before it closed its games)."""


async def screen_until(game: aiohttp.ClientWebSocketResponse, text: bytes) -> None:
    screen = b""
    while text not in screen:
        message = await asyncio.wait_for(game.receive(), timeout=30)
        assert message.type in (aiohttp.WSMsgType.BINARY, aiohttp.WSMsgType.TEXT), message
        if message.type == aiohttp.WSMsgType.BINARY:
            screen += message.data


async def wait_for_log(served: Served) -> None:
    deadline = time.monotonic() + 30
    while not (served.matches and served.matches[0].read_text(encoding="utf-8").count("\n") >= 2):
        assert time.monotonic() < deadline, "no match log with its deal"
        await asyncio.sleep(0.2)


@pytest.mark.parametrize("stop", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "SIGINT"])
def test_a_signal_to_the_server_alone_closes_the_games_and_keeps_the_match(
    ecarte_env: dict[str, str], stop: signal.Signals
) -> None:
    served = start_server(ecarte_env, "--max-games", "2")
    socket_url = served.url.replace("http", "ws", 1) + "ws?width=100&height=30"

    async def scenario() -> tuple[float, aiohttp.WSMessage]:
        async with aiohttp.ClientSession() as client:
            game = await client.ws_connect(socket_url)
            await screen_until(game, b"New match")
            await game.send_json(["stdin", "n"])
            await wait_for_log(served)
            sent = time.monotonic()
            served.process.send_signal(stop)  # the server alone, not its games
            while (message := await asyncio.wait_for(game.receive(), timeout=GENEROUS)).type in (
                aiohttp.WSMsgType.BINARY,
                aiohttp.WSMsgType.TEXT,
            ):
                pass
            await asyncio.to_thread(served.process.wait, GENEROUS)
            return time.monotonic() - sent, message

    try:
        took, closing = asyncio.run(scenario())
    finally:
        if served.process.poll() is None:
            served.process.kill()
            served.process.wait()
    assert took < GENEROUS
    assert served.process.returncode == 0
    # The page was told, so it shows that the game is closed.
    assert closing.type == aiohttp.WSMsgType.CLOSE and closing.data == aiohttp.WSCloseCode.GOING_AWAY
    assert served.process.stdout is not None
    lines = served.process.stdout.read().splitlines()
    stopping = [line for line in lines if "stopping" in line]
    assert len(stopping) == 1 and stopping[0].startswith("ecarte serve: ")
    # The game quit: its match is no longer locked, and its log is whole.
    (log,) = served.matches
    LogLock.acquire(log).release()
    assert checked_log(log)["valid"] is True


def test_the_server_says_when_a_game_starts_and_ends_and_logs_no_requests(ecarte_env: dict[str, str]) -> None:
    served = start_server(ecarte_env, "--max-games", "3")
    socket_url = served.url.replace("http", "ws", 1) + "ws?width=100&height=30"

    async def scenario() -> None:
        async with aiohttp.ClientSession() as client:
            async with client.get(served.url) as page:
                assert page.status == 200
            game = await client.ws_connect(socket_url)
            await screen_until(game, b"New match")
            await game.close()
            # The game ends once its process has quit.
            await asyncio.sleep(2)

    try:
        asyncio.run(scenario())
    finally:
        served.process.terminate()
        served.process.wait(timeout=GENEROUS)
    assert served.process.stdout is not None
    lines = served.process.stdout.read().splitlines()
    assert not [line for line in lines if "GET /" in line], "no access log"
    started = [line for line in lines if "a game started" in line]
    ended = [line for line in lines if "a game ended" in line]
    assert len(started) == 1 and "(1 of 3 tables taken)" in started[0]
    assert len(ended) == 1 and "(0 of 3 tables taken)" in ended[0]
    assert lines.index(started[0]) < lines.index(ended[0])


def test_a_server_whose_output_nobody_reads_still_stops(ecarte_env: dict[str, str]) -> None:
    """``ecarte serve | tee log``, and tee ends: the server's next line met a
    broken pipe, which kept its stop from ever happening (SIGTERM and Ctrl+C
    did nothing; only SIGKILL ended it). It stops in seconds, saying nothing."""
    served = start_server(ecarte_env, "--max-games", "1")
    assert served.process.stdout is not None
    served.process.stdout.close()  # the reader is gone: the next line breaks the pipe
    try:
        served.process.send_signal(signal.SIGTERM)
        served.process.wait(GENEROUS)
    finally:
        if served.process.poll() is None:
            served.process.kill()
            served.process.wait()
            pytest.fail("the server did not stop")
