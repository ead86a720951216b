"""``ecarte serve`` over HTTP and its websocket, without a browser: the page
loads nothing from outside and is never cached, its words, the start
message, the warning for an open address, the limit on games at once, and
why the server cannot listen."""

from __future__ import annotations

import asyncio
import html
import re
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from html.parser import HTMLParser
from urllib.parse import urljoin, urlsplit

import aiohttp
import pytest
from web_support import Served, free_port

from ecarte import i18n
from ecarte.web.server import TEMPLATES, listen_warning, page_words

URL_IN_PAGE = re.compile(
    r"""(?:src|href|data-session-websocket-url)\s*=\s*["']([^"']+)["']|url\(\s*["']?([^"')]+)"""
)
ANY_ABSOLUTE_URL = re.compile(r"\b[a-z][a-z0-9+.-]*://[^\s\"'<>)]+", re.IGNORECASE)


def get(url: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return response.status, response.read().decode("utf-8", "replace")
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode("utf-8", "replace")


def test_the_page_and_its_stylesheets_load_nothing_from_outside(served: Served) -> None:
    status, page = get(served.url)
    assert status == 200
    own = urlsplit(served.url).netloc
    outside = [url for url in ANY_ABSOLUTE_URL.findall(page) if urlsplit(url).netloc != own]
    assert outside == []
    references = [found for pair in URL_IN_PAGE.findall(page) for found in pair if found]
    assets = [ref for ref in references if not ref.startswith("ws")]
    assert any(ref.endswith("textual.js") for ref in assets)
    assert any(ref.endswith(".ttf") for ref in assets), "the font comes with the page"
    for asset in assets:
        status, body = get(urljoin(served.url, asset))
        assert status == 200, asset
        if asset.endswith(".css"):  # what a stylesheet loads: its url(...)s and @imports
            loaded = [found for pair in URL_IN_PAGE.findall(body) for found in pair if found]
            assert "@import" not in body and not [url for url in loaded if "//" in url], asset


@pytest.mark.parametrize(
    ("asked", "given"), [("", 14), ("12", 12), ("0", 6), ("-3", 6), ("500", 40), ("big", 14)]
)
def test_the_font_size_asked_in_the_address_is_kept_within_reason(asked: str, given: int) -> None:
    """At ?fontsize=0 the page never drew the game; at 500 the game had a
    few cells and the title screen crashed. Sizes out of range are brought
    to the nearest in range; one that is no number is the default."""
    from ecarte.web.server import font_size

    assert font_size(asked) == given


def test_the_page_asks_for_the_font_size_kept(served: Served) -> None:
    status, page = get(served.url + "?fontsize=500")
    assert status == 200 and 'data-font-size="40"' in page


def cache_control(url: str) -> str | None:
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return response.headers.get("Cache-Control")
    except urllib.error.HTTPError as error:
        return error.headers.get("Cache-Control")


def test_the_page_is_never_cached(served: Served) -> None:
    # A page in the back/forward cache keeps its game's websocket open after
    # the player has left it (test_browser.py leaves one for real).
    assert cache_control(served.url) == "no-store"


class TextOfPage(HTMLParser):
    """The text a page shows (its title and body, not its scripts and styles)."""

    def __init__(self) -> None:
        super().__init__()
        self.texts: list[str] = []
        self.hidden = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.hidden += tag in ("script", "style")

    def handle_endtag(self, tag: str) -> None:
        self.hidden -= tag in ("script", "style")

    def handle_data(self, data: str) -> None:
        if not self.hidden and data.strip():
            self.texts.append(data.strip())


def shown_text(page: str) -> list[str]:
    parser = TextOfPage()
    parser.feed(page)
    return parser.texts


@pytest.mark.parametrize("template", ["app_index.html", "busy.html"])
def test_the_pages_words_all_come_from_the_server(template: str) -> None:
    # The server says them in the player's language; words written in the
    # template would stay English. Only the game's name may be written there.
    source = (TEMPLATES / template).read_text(encoding="utf-8")
    source = re.sub(r"\{#.*?#\}|\{\{.*?\}\}", "", source, flags=re.DOTALL)
    assert [text for text in shown_text(source) if text != "Écarté"] == []


def test_the_page_shows_the_words_of_its_language(served: Served) -> None:
    status, page = get(served.url)
    assert status == 200
    words = page_words()
    assert f'<html lang="{words.pop("language")}">' in page
    shown = shown_text(page)
    for key, text in words.items():
        assert html.unescape(text) in shown, key


def contrast(foreground: str, background: str) -> float:
    """WCAG 2's contrast ratio of two #rrggbb colours."""

    def luminance(colour: str) -> float:
        channels = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
        r, g, b = (c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
        return 0.2126 * r + 0.7152 * g + 0.0722 * b

    light, dark = sorted((luminance(foreground), luminance(background)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def test_the_busy_pages_link_is_readable_on_its_panel() -> None:
    # The browser's own link blue (#0000ee) on the panel is about 2:1.
    style = (TEMPLATES / "busy.html").read_text(encoding="utf-8")
    panel = re.search(r"\bmain\s*\{[^}]*background:\s*(#[0-9a-fA-F]{6})", style)
    link = re.search(r"(?:^|\s)a\s*\{[^}]*color:\s*(#[0-9a-fA-F]{6})", style)
    assert panel is not None
    assert link is not None, "the link keeps the browser's colour"
    assert contrast(link[1], panel[1]) >= 4.5
    assert contrast("#0000ee", panel[1]) < 4.5  # the check tells the default apart


def test_the_start_message_says_where_to_point_the_browser(served: Served) -> None:
    assert served.url in served.first_line


@pytest.mark.parametrize("host", ["127.0.0.1", "localhost", "::1", "127.0.0.2"])
def test_no_warning_on_the_loopback(host: str) -> None:
    assert listen_warning(host) is None


@pytest.mark.parametrize("host", ["0.0.0.0", "::", "192.168.1.20", "example.org"])
def test_a_warning_for_any_other_address(host: str) -> None:
    warning = listen_warning(host)
    assert warning is not None
    assert host in warning and "no login" in warning


@pytest.mark.parametrize(
    "option",
    # An empty host once listened on every address, named "http://:8000/".
    [
        ["--port", "0"],
        ["--port", "70000"],
        ["--max-games", "0"],
        ["--host", ""],
        ["--host", " "],
        ["--host", "[]"],
    ],
)
def test_bad_options_are_told_not_served(option: list[str]) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "ecarte", "serve", *option], capture_output=True, text=True, timeout=20
    )
    assert result.returncode == 2
    assert option[0] in result.stderr
    assert "Traceback" not in result.stderr


async def first_bytes(websocket: aiohttp.ClientWebSocketResponse) -> bytes:
    async for message in websocket:
        if message.type == aiohttp.WSMsgType.BINARY:
            data: bytes = message.data
            return data
    raise AssertionError("the game sent nothing")


def test_the_visitor_past_the_limit_gets_a_page_saying_so(served: Served) -> None:
    socket_url = served.url.replace("http", "ws", 1) + "ws?width=100&height=30"

    async def scenario() -> None:
        async with aiohttp.ClientSession() as client:
            game = await client.ws_connect(socket_url)
            await asyncio.wait_for(first_bytes(game), timeout=30)  # the one game is running
            status, page = await asyncio.to_thread(get, served.url)
            assert status == 503
            assert await asyncio.to_thread(cache_control, served.url) == "no-store"
            assert "Every table is taken" in page and "at most 1 game " in page
            # "Try now" keeps the address's font size (it was a bare "/").
            status, page = await asyncio.to_thread(get, served.url + "?fontsize=12")
            assert status == 503 and 'href="/?fontsize=12"' in page
            # One who had the page before the table was taken is sent back to it.
            late = await client.ws_connect(socket_url)
            message = await asyncio.wait_for(late.receive(), timeout=10)
            assert message.type == aiohttp.WSMsgType.TEXT
            assert message.json() == ["open_url", {"url": "/", "new_tab": False}]
            await late.close()
            await game.close()

    asyncio.run(scenario())
    # Closing the tab ends its game and frees the table.
    deadline = time.monotonic() + 20
    while (status := get(served.url)[0]) != 200 and time.monotonic() < deadline:
        time.sleep(0.2)
    assert status == 200


def test_an_address_not_ours_is_warned_about_then_refused(ecarte_env: dict[str, str]) -> None:
    # 192.0.2.1 is reserved for documentation: never this machine's, so the
    # server warns, fails to listen, and says so; nothing is sent anywhere.
    result = subprocess.run(
        [sys.executable, "-m", "ecarte", "serve", "--host", "192.0.2.1", "--port", "8000"],
        capture_output=True,
        text=True,
        timeout=30,
        env=ecarte_env,
    )
    assert result.returncode == 2
    warning, refusal = result.stderr.strip().splitlines()
    assert "warning: listening on 192.0.2.1" in warning and "no login" in warning
    assert refusal.startswith("ecarte serve: cannot listen on http://192.0.2.1:8000/: ")
    # The reason alone, not the system's sentence naming the address again.
    assert refusal.count("192.0.2.1") == 1
    assert refusal.endswith(i18n._("this machine has no such address"))
    assert result.stdout == ""


def test_a_port_in_use_is_told_in_a_few_words(ecarte_env: dict[str, str]) -> None:
    port = free_port()
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", port))
        taken.listen()
        result = subprocess.run(
            [sys.executable, "-m", "ecarte", "serve", "--port", str(port)],
            capture_output=True,
            text=True,
            timeout=30,
            env=ecarte_env,
        )
    assert result.returncode == 2
    url = f"http://127.0.0.1:{port}/"
    reason = i18n._("the port is in use by another program")
    assert result.stderr == f"ecarte serve: cannot listen on {url}: {reason}\n"
    assert result.stdout == ""
