"""``ecarte serve`` in the player's language: the start message, the
warning, the errors and the page saying every table is taken, and each
tab's game in the language the server was given (``--lang``)."""

from __future__ import annotations

import asyncio
import subprocess
import sys
import urllib.error
import urllib.request

import aiohttp
import pytest
from web_support import start_server, stop_server

from ecarte import i18n
from ecarte.web.server import busy_page_words, listen_warning, tables_words


def get(url: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return response.status, response.read().decode("utf-8")
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode("utf-8")


def test_the_warning_and_the_busy_page_speak_the_language() -> None:
    english = (listen_warning("0.0.0.0"), busy_page_words(1), busy_page_words(4))
    i18n.activate("nl")
    warning = listen_warning("0.0.0.0")
    one, four = busy_page_words(1), busy_page_words(4)
    assert warning is not None and "0.0.0.0" in warning
    assert warning != english[0]
    assert one["language"] == "nl"
    for key in ("heading", "title", "busy", "again", "try_now"):
        assert one[key] != english[1][key], key
    # The count chooses the form: one game, or four.
    assert "1" in one["busy"] and "4" in four["busy"] and four["busy"] != english[2]["busy"]
    assert one["busy"].replace("1", "4") != four["busy"]


def test_a_bad_option_is_told_in_the_language(ecarte_env: dict[str, str]) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "ecarte", "--lang", "de", "serve", "--port", "0"],
        capture_output=True,
        text=True,
        timeout=20,
        env=ecarte_env,
    )
    assert result.returncode == 2
    i18n.activate("de")
    expected = i18n._("--port must be between 1 and 65535, not {value}").format(value=0)
    assert expected.startswith("--port") and "must be" not in expected
    assert result.stderr == f"ecarte serve: {expected}\n"


def test_the_server_and_its_games_speak_the_language_asked(ecarte_env: dict[str, str]) -> None:
    served = start_server(ecarte_env, "--lang", "nl", "--max-games", "1")
    try:
        i18n.activate("nl")
        assert served.url in served.first_line
        assert "web browser" not in served.first_line  # the English start message
        socket_url = served.url.replace("http", "ws", 1) + "ws?width=100&height=30"
        new_match = i18n._("New match").encode()
        assert new_match != b"New match"

        async def scenario() -> tuple[int, str]:
            async with aiohttp.ClientSession() as client:
                game = await client.ws_connect(socket_url)
                screen = b""
                # The title screen, drawn in the language given to the server.
                while new_match not in screen:
                    message = await asyncio.wait_for(game.receive(), timeout=30)
                    assert message.type in (aiohttp.WSMsgType.BINARY, aiohttp.WSMsgType.TEXT)
                    if message.type == aiohttp.WSMsgType.BINARY:
                        screen += message.data
                status, page = await asyncio.to_thread(get, served.url)
                await game.close()
                return status, page

        status, page = asyncio.run(scenario())
        assert status == 503
        words = busy_page_words(1)
        assert '<html lang="nl">' in page
        assert words["heading"] in page and words["busy"] in page
    finally:
        stop_server(served)


@pytest.mark.parametrize(("language", "counted"), [("fr", "{taken} sur 4"), ("sv", "{taken} av 4")])
def test_the_tables_line_needs_no_agreement_with_the_number_taken(language: str, counted: str) -> None:
    """The form follows --max-games; in French and Swedish the words agree
    with the tables taken too, and read "1 tables occupées sur 4", "1 av 4
    bord upptagna" put the old way: the number now stands after them."""
    assert tables_words(True, 1, 4) == "a game started (1 of 4 tables taken)"
    assert tables_words(False, 0, 1) == "a game ended (0 of 1 table taken)"
    i18n.activate(language)
    for started in (True, False):
        for taken in range(5):
            line = tables_words(started, taken, 4)
            assert line.endswith(": " + counted.format(taken=taken) + ")"), line
