"""``ecarte serve``: the Textual app served to web browsers with textual-serve.

Each browser tab that opens the page gets its own ``ecarte`` process (the
title screen), run with this server's environment, so it reads the same
settings and saves its matches in the same data directory as the game in a
terminal. The page is our own template: it loads only what textual-serve
ships (its JavaScript, its stylesheet and the Roboto Mono font), so a
machine with no internet serves and plays the same.

There is no login: the server listens on the loopback address unless told
otherwise, and warns when told. At most ``max_games`` games run at once
(each may run the expert); the next visitor gets a page saying so.
"""

from __future__ import annotations

import argparse
import asyncio
import ipaddress
import shlex
import signal
import sys
from pathlib import Path
from typing import Any

import aiohttp_jinja2
from aiohttp import web
from textual_serve.server import Server, to_int

from ecarte import i18n
from ecarte.i18n import _, ngettext
from ecarte.play import paths

TEMPLATES = Path(__file__).with_name("templates")
DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000
DEFAULT_MAX_GAMES = 4
# When the last table is taken between loading the page and opening the game,
# the browser is sent back to the page, which then says the tables are taken.
BACK_TO_THE_PAGE = '["open_url", {"url": "/", "new_tab": false}]'


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:  # a host name: it may resolve to any address
        return False


def listen_warning(host: str) -> str | None:
    """What to tell before listening on ``host``, or None for the loopback."""
    if is_loopback(host):
        return None
    return _(
        "warning: listening on {host}: anyone who can reach this machine on the network "
        "can open the page and play, with your settings and your saved matches; there is no login"
    ).format(host=host)


def page_url(host: str, port: int) -> str:
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}/"


class EcarteServer(Server):
    """textual-serve's server with our page, a limit on the games running at
    once, and our own start message."""

    def __init__(self, command: str, *, host: str, port: int, max_games: int) -> None:
        super().__init__(command, host=host, port=port, title="Écarté", templates_path=TEMPLATES)
        self.max_games = max_games
        self.games_running = 0

    async def on_startup(self, app: web.Application) -> None:
        """Nothing: the start message waits until the port is ours (see ``serve``)."""

    def serve(self, debug: bool = False) -> None:
        """Serve until Ctrl+C or SIGTERM; says where once listening."""
        self.debug = debug
        self.initialize_logging()
        loop = asyncio.new_event_loop()
        for stop in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(stop, self.request_exit)
        web.run_app(
            self._make_app(),
            host=self.host,
            port=self.port,
            handle_signals=False,
            loop=loop,
            print=lambda *_: self.say_listening(),
        )

    def say_listening(self) -> None:
        where = ngettext(
            "open {url} in a web browser (each tab is its own game, at most {count} game at once).",
            "open {url} in a web browser (each tab is its own game, at most {count} games at once).",
            self.max_games,
        ).format(url=page_url(self.host, self.port), count=self.max_games)
        saved = _("Matches are saved in {folder}. Press Ctrl+C to stop.").format(folder=paths.matches_dir())
        print(f"ecarte serve: {where}\n{saved}", flush=True)

    def tables_free(self) -> bool:
        return self.games_running < self.max_games

    async def handle_index(self, request: web.Request) -> web.StreamResponse:
        if not self.tables_free():
            return aiohttp_jinja2.render_template(
                "busy.html", request, busy_page_words(self.max_games), status=503
            )
        # URLs from the request itself, so that the page works under whatever
        # name or address the browser used to reach us.
        scheme = "wss" if request.secure else "ws"
        context: dict[str, Any] = {
            "font_size": to_int(request.query.get("fontsize", "16"), 16),
            "app_websocket_url": f"{scheme}://{request.host}/ws",
            "static_url": "/static/",
            "language": i18n.current_language(),
        }
        return aiohttp_jinja2.render_template("app_index.html", request, context)

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        if not self.tables_free():
            websocket = web.WebSocketResponse()
            await websocket.prepare(request)
            await websocket.send_str(BACK_TO_THE_PAGE)
            await websocket.close()
            return websocket
        self.games_running += 1
        try:
            return await super().handle_websocket(request)
        finally:
            self.games_running -= 1


def busy_page_words(max_games: int) -> dict[str, str]:
    """The words of the page saying every table is taken, in the player's
    language (the template escapes them)."""
    return {
        "language": i18n.current_language(),
        # Translators: the browser page shown when every game the server runs is being played.
        "heading": _("Every table is taken"),
        "title": _("Écarté: every table is taken"),
        "busy": ngettext(
            "This server runs at most {count} game at once, and it is being played.",
            "This server runs at most {count} games at once, and all of them are being played.",
            max_games,
        ).format(count=max_games),
        "again": _("This page tries again every 15 seconds."),
        "try_now": _("Try now"),
    }


def game_command(language: str | None = None) -> str:
    """The command each tab runs: this same Python and ecarte, the title
    screen (in ``language`` when the server was given ``--lang``)."""
    words = [sys.executable, "-m", "ecarte"]
    if language is not None:
        words += ["--lang", language]
    return shlex.join(words)


def run_serve(args: argparse.Namespace) -> int:
    host: str = args.host
    port: int = args.port
    if not 0 < port < 65536:
        # Translators: ecarte serve's errors keep the option's name (--port, --max-games).
        message = _("--port must be between 1 and 65535, not {value}").format(value=port)
        print(f"ecarte serve: {message}", file=sys.stderr)
        return 2
    if args.max_games < 1:
        message = _("--max-games must be at least 1, not {value}").format(value=args.max_games)
        print(f"ecarte serve: {message}", file=sys.stderr)
        return 2
    warning = listen_warning(host)
    if warning is not None:
        print(f"ecarte serve: {warning}", file=sys.stderr, flush=True)
    # --lang (given before or after "serve") goes on to each tab's game.
    language = i18n.current_language() if getattr(args, "lang", None) else None
    server = EcarteServer(game_command(language), host=host, port=port, max_games=args.max_games)
    try:
        server.serve()
    except OSError as error:  # the port is taken, the address is not ours
        message = _("cannot listen on {url}: {error}").format(
            url=page_url(host, port), error=error.strerror or error
        )
        print(f"ecarte serve: {message}", file=sys.stderr)
        return 2
    return 0
