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

Leaving the page ends its game: the pages are never kept in the browser's
back/forward cache (which would hold the game's websocket open), and the
page closes its websocket when it is left. Stopping the server (Ctrl+C,
SIGTERM) closes every game as a closed tab does, then exits.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import errno
import ipaddress
import json
import logging
import os
import shlex
import signal
import socket
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import aiohttp_jinja2
from aiohttp import WSCloseCode, WSMsgType, web
from aiohttp.http_exceptions import HttpProcessingError
from aiohttp.web_runner import GracefulExit
from textual_serve.app_service import AppService
from textual_serve.server import Server, to_int

from ecarte import i18n
from ecarte.i18n import _, ngettext, pgettext
from ecarte.play import paths

TEMPLATES = Path(__file__).with_name("templates")
DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000
DEFAULT_MAX_GAMES = 4
DEFAULT_FONT_SIZE = 14
FONT_SIZES = range(6, 41)
"""The font sizes ``?fontsize=N`` may ask for; any other is brought into this
range. At 0 the page never drew the game; at 500 the game had a few cells,
less than a line of the title screen, and (before the menu kept its width)
crashed."""
"""The terminal's font size in CSS pixels, unless the page's address says
``?fontsize=N``. At 14 an 800x600 window (a 457-pixel-high page in Chromium)
holds 100x24, the game's 80x24; at 16 it held 88x21. A 1280x800 window holds
160x34 at 14 (142x31 at 16)."""
TERMINAL_SIZES = range(1, 1001)
"""The columns, and the rows, a page may ask its game for (in the websocket's
address, ``?width=&height=``, and in its ``resize`` messages); any other
number is brought into this range. A resize to 1000000000 columns once made
the game grow without end (gigabytes, a core), even after its tab closed,
and 0 or a negative size was passed on. A 4K screen at font size 6 holds
about 1000 columns."""
MESSAGE_SHOWN = 60
"""Characters of a malformed websocket message shown in the server's line."""
NO_STORE = {"Cache-Control": "no-store"}
"""The pages' header: a page kept in the back/forward cache would keep its
game's websocket, its table and its match's lock for minutes after the player
left it. Browsers keep no page served so."""
SOCKET_CLOSE_WAIT = 2.0
"""Seconds, on stopping, for a page to answer its websocket's closing."""
GAME_QUIT_WAIT = 3.0
"""Seconds for a game whose page is gone to quit as on Ctrl+Q, before it is
sent SIGTERM, then after as long, SIGKILL."""
STOPPING_QUIT_WAIT = 1.0
"""The same, once the server is stopping: each move is already saved, and a
game stuck writing to a page that does not read (only SIGKILL ends a process
blocked in a write) held the stop for 17 seconds."""
SHUTDOWN_TIMEOUT = 2.0
"""Seconds for any other request in progress once the games are closed."""
MAX_PAGE_MESSAGE = 64 * 1024
"""Bytes a page's websocket message may hold (aiohttp's default is 4 MB):
keys, a resize, a ping are a few dozen. Three million keys in one message
once grew the game by 70 MB a second, and it outlived the server."""
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


@dataclass(eq=False)
class Game:
    """One tab's game: its websocket and the ``ecarte`` process behind it."""

    websocket: web.WebSocketResponse
    service: AppService
    ended: asyncio.Event = field(default_factory=asyncio.Event)
    quit_in_time: bool = False
    """Whether it was stopped as on Ctrl+Q within the time given."""


class EcarteServer(Server):
    """textual-serve's server with our page, a limit on the games running at
    once, our own messages, and a prompt stop that closes the games."""

    def __init__(self, command: str, *, host: str, port: int, max_games: int) -> None:
        super().__init__(command, host=host, port=port, title="Écarté", templates_path=TEMPLATES)
        self.max_games = max_games
        self.games: set[Game] = set()
        self.stopping = False

    @property
    def quit_wait(self) -> float:
        """Seconds a game is given to quit before the next signal."""
        return STOPPING_QUIT_WAIT if self.stopping else GAME_QUIT_WAIT

    @property
    def games_running(self) -> int:
        return len(self.games)

    def initialize_logging(self) -> None:
        # Only warnings and errors, a line each (textual-serve's handler wraps
        # at 80 columns); aiohttp's access log, several lines a page, is off,
        # and say() tells the games starting and ending instead.
        logging.basicConfig(
            level=logging.DEBUG if self.debug else logging.WARNING,
            format="ecarte serve: %(name)s: %(levelname)s: %(message)s",
        )

        logging.getLogger("aiohttp.server").addFilter(malformed_request_line)

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
            access_log=None,
            shutdown_timeout=SHUTDOWN_TIMEOUT,
            print=lambda *_: self.say_listening(),
        )

    def request_exit(self) -> None:
        """Stop (the first Ctrl+C or SIGTERM; a second one changes nothing,
        the stop takes seconds): ``on_shutdown`` closes the games."""
        if self.stopping:
            return
        self.stopping = True
        self.say(_("stopping: closing the games (every match in progress is saved)"))
        raise GracefulExit()

    def say(self, message: str) -> None:
        """A line on standard output; none when no one reads it any more (the
        server's output piped to a program that ended): the server goes on,
        and stops when asked. A BrokenPipeError here once kept Ctrl+C and
        SIGTERM from ever stopping it."""
        with contextlib.suppress(OSError, ValueError):
            print(f"ecarte serve: {message}", flush=True)

    def say_listening(self) -> None:
        where = ngettext(
            "open {url} in a web browser (each tab is its own game, at most {count} game at once).",
            "open {url} in a web browser (each tab is its own game, at most {count} games at once).",
            self.max_games,
        ).format(url=page_url(self.host, self.port), count=self.max_games)
        saved = _("Matches are saved in {folder}. Press Ctrl+C to stop.").format(folder=paths.matches_dir())
        self.say(f"{where}\n{saved}")

    def say_tables(self, started: bool) -> None:
        self.say(tables_words(started, self.games_running, self.max_games))

    def tables_free(self) -> bool:
        return self.games_running < self.max_games

    async def handle_index(self, request: web.Request) -> web.StreamResponse:
        if not self.tables_free():
            # "Try now" keeps the address's ?fontsize=, as the page's own refresh does.
            words = {**busy_page_words(self.max_games), "again_url": request.path_qs}
            busy = aiohttp_jinja2.render_template("busy.html", request, words, status=503)
            busy.headers.update(NO_STORE)
            return busy
        # URLs from the request itself, so that the page works under whatever
        # name or address the browser used to reach us.
        scheme = "wss" if request.secure else "ws"
        context: dict[str, Any] = {
            "font_size": font_size(request.query.get("fontsize", "")),
            "app_websocket_url": f"{scheme}://{request.host}/ws",
            "static_url": "/static/",
            **page_words(),
        }
        page = aiohttp_jinja2.render_template("app_index.html", request, context)
        page.headers.update(NO_STORE)
        return page

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        """textual-serve's, keeping each game so that stopping can close it,
        and telling each game's start and end."""
        if not web.WebSocketResponse().can_prepare(request).ok:
            # A plain GET (typed address, curl, a proxy that drops the Upgrade
            # header): no table is taken. It once took one, logged two
            # tracebacks and closed the connection with no answer.
            raise self.not_a_websocket(request)
        if not same_origin(request) or not self.our_name(request.host):
            raise self.foreign_origin(request)
        if not self.tables_free():
            websocket = web.WebSocketResponse()
            await websocket.prepare(request)
            await websocket.send_str(BACK_TO_THE_PAGE)
            await websocket.close()
            return websocket
        websocket = web.WebSocketResponse(
            heartbeat=15, timeout=SOCKET_CLOSE_WAIT, max_msg_size=MAX_PAGE_MESSAGE
        )

        async def close_websocket() -> None:  # when the game has quit
            await websocket.close()

        game = Game(
            websocket,
            AppService(
                self.command,
                write_bytes=websocket.send_bytes,
                write_str=websocket.send_str,
                close=close_websocket,
                download_manager=self.download_manager,
                debug=self.debug,
            ),
        )
        # Counted before the first await: the table is taken now.
        self.games.add(game)
        self.say_tables(started=True)
        try:
            await websocket.prepare(request)
            await game.service.start(
                terminal_size(to_int(request.query.get("width", "80"), 80)),
                terminal_size(to_int(request.query.get("height", "24"), 24)),
            )
            try:
                await self._process_messages(websocket, game.service)
            finally:
                # The game quits as on Ctrl+Q, and is waited for.
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(game.service.stop(), self.quit_wait)
                    game.quit_in_time = True
        except asyncio.CancelledError:
            await websocket.close()
        except Exception:
            logging.getLogger("ecarte.serve").exception("a game failed")
        finally:
            # Its table is free only once its process is gone.
            # A game that did not quit in time is sent SIGTERM at once.
            await end_process(game.service, self.quit_wait, given_time=not game.quit_in_time)
            self.games.discard(game)
            game.ended.set()
            self.say_tables(started=False)
        return websocket

    async def _process_messages(self, websocket: web.WebSocketResponse, app_service: AppService) -> None:
        """textual-serve's, for a page's messages, but a malformed one (not
        JSON, not a list, a missing or wrong value) is dropped with a line
        naming it, and the game goes on; it once ended the game with a
        traceback. A resize's size is brought into ``TERMINAL_SIZES``."""
        async for message in websocket:
            if message.type != WSMsgType.TEXT:
                continue
            order = page_message(message.data)
            if order is None:
                # Translators: ecarte serve's line when a game's page sends a message it cannot read;
                # {message} is its start, quoted. The message is dropped and the game goes on.
                self.say(
                    _("dropped a malformed message from a game's page: {message}").format(
                        message=shown_message(message.data)
                    )
                )
                continue
            match order:
                case ("stdin", str(data)):
                    await app_service.send_bytes(data.encode("utf-8"))
                case ("resize", int(width), int(height)):
                    await app_service.set_terminal_size(width, height)
                case ("ping", data):
                    await websocket.send_json(["pong", data])
                case ("blur",):
                    await app_service.blur()
                case ("focus",):
                    await app_service.focus()

    def not_a_websocket(self, request: web.Request) -> web.HTTPBadRequest:
        """The answer to a request for the game's websocket that is not one
        (400, a sentence), and the server's line saying so."""
        # Translators: ecarte serve's line for a plain request (not a websocket) to the games' address /ws.
        self.say(
            _(
                "refused a plain request for the games' websocket (/ws); a proxy in front of "
                "the server, if any, must pass on the Upgrade and Connection headers"
            )
        )
        # As the page's own addresses, the one the request used (not request.url,
        # which raises on a malformed Host header).
        url = f"{'https' if request.secure else 'http'}://{request.host}/"
        # Translators: the answer, as plain text, to a web address that only the game's page opens.
        text = _("This address is for the game's page only: open {url} in a web browser.").format(url=url)
        return web.HTTPBadRequest(text=text + "\n", headers=NO_STORE)

    def our_name(self, host: str) -> bool:
        """Whether ``host`` (the request's Host, maybe with its port) names
        this server where it listens on the loopback: a loopback address,
        localhost or the --host given. A page of another site whose name was
        made to resolve to 127.0.0.1 (DNS rebinding) is its own origin, and
        would pass the Origin check alone. Listening on a network, any name
        the machine has may be used."""
        if not is_loopback(self.host):
            return True
        name = host.partition("]")[0].lstrip("[") if host.startswith("[") else host.rpartition(":")[0] or host
        return is_loopback(name) or name.casefold() == self.host.casefold()

    def foreign_origin(self, request: web.Request) -> web.HTTPForbidden:
        """The answer to a game's websocket asked for by a page of another
        site (403), and the server's line saying so."""
        origin = request.headers.get("Origin") or request.host
        # Translators: ecarte serve's line when a page of another web site (its address is
        # {origin}) asks to open a game: refused, since it could play and read the saved matches.
        self.say(
            _("refused a game asked for by a page of another site: {origin}").format(
                origin=shown_message(origin)
            )
        )
        return web.HTTPForbidden(text="403\n", headers=NO_STORE)

    async def on_shutdown(self, app: web.Application) -> None:
        """Closes every game, together, before the server stops."""
        await asyncio.gather(*(self.close_game(game) for game in list(self.games)))

    async def close_game(self, game: Game) -> None:
        # The page shows that the game is closed; its handler then tells the
        # game to quit (handle_websocket), as when the tab closes.
        with contextlib.suppress(TimeoutError, ConnectionError):
            await asyncio.wait_for(game.websocket.close(code=WSCloseCode.GOING_AWAY), SOCKET_CLOSE_WAIT)
        # A game busy thinking may be slow to quit, and one stuck writing to
        # a page that reads nothing keeps its handler from ever getting so
        # far: it is ended from here too (SIGTERM quits as Textual's web
        # driver does, and SIGKILL loses nothing saved); then its handler.
        await end_process(game.service, self.quit_wait)
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(game.ended.wait(), self.quit_wait)


def same_origin(request: web.Request) -> bool:
    """Whether a websocket request comes from our own page: a browser names
    the page's site (``Origin``), and any page of any site open in it could
    otherwise take a table, send keys and read the screen (the saved
    matches, the player's name) on this machine's loopback address. A
    program that is no browser sends no Origin: it reaches the port anyway."""
    origin = request.headers.get("Origin")
    if origin is None:
        return True
    scheme, _sep, site = origin.partition("://")
    return scheme in ("http", "https") and site.casefold() == request.host.casefold()


async def end_process(service: AppService, wait: float = GAME_QUIT_WAIT, *, given_time: bool = False) -> None:
    """Make sure a game's process is gone: given ``wait`` seconds to
    quit (its output read and thrown away meanwhile: a game stuck writing a
    screen for a page that is gone can then take the quit it was sent), then
    SIGTERM, then SIGKILL (at once SIGTERM when it was ``given_time`` to
    quit already). A burst of keys from a page once left a game running,
    unseen, its table counted free and its match locked."""
    process = service._process  # textual-serve keeps it private
    if process is None:
        return
    drain = asyncio.create_task(_read_to_the_end(process.stdout))
    try:
        endings = (signal.SIGTERM, signal.SIGKILL) if given_time else (None, signal.SIGTERM, signal.SIGKILL)
        for ending in endings:
            if ending is not None and process.returncode is None:
                with contextlib.suppress(ProcessLookupError):
                    process.send_signal(ending)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(process.wait(), wait)
                return
    finally:
        drain.cancel()


async def _read_to_the_end(stream: asyncio.StreamReader | None) -> None:
    if stream is None:
        return
    with contextlib.suppress(Exception):
        while await stream.read(64 * 1024):
            pass


def tables_words(started: bool, taken: int, count: int) -> str:
    """The server's line as a tab's game starts or ends, with the tables
    taken of ``count`` (``--max-games``); the plural form follows ``count``
    ("1 of 4 tables taken"), so a language whose words agree with the
    number taken puts them so that they need not ("tables occupées: 1 sur
    4")."""
    if started:
        # Translators: ecarte serve's line when a browser tab starts a game; {count} is --max-games,
        # which chooses the form; word it so that {taken} (0, 1, 2...) needs no agreement of its own.
        message = ngettext(
            "a game started ({taken} of {count} table taken)",
            "a game started ({taken} of {count} tables taken)",
            count,
        )
    else:
        # Translators: ecarte serve's line when a tab's game ends (closed, left or quit).
        message = ngettext(
            "a game ended ({taken} of {count} table taken)",
            "a game ended ({taken} of {count} tables taken)",
            count,
        )
    return message.format(taken=taken, count=count)


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


def font_size(asked: str) -> int:
    """The terminal's font size for ``?fontsize=`` (``asked``): the default
    when it is missing or not a number, else the nearest of ``FONT_SIZES``."""
    size = to_int(asked, DEFAULT_FONT_SIZE)
    return min(max(size, FONT_SIZES.start), FONT_SIZES.stop - 1)


def terminal_size(asked: int) -> int:
    """A number of columns or rows a page asked for, brought into ``TERMINAL_SIZES``."""
    return min(max(asked, TERMINAL_SIZES.start), TERMINAL_SIZES.stop - 1)


def _size(value: object) -> int | None:
    # A whole number (not a boolean); a float as a browser may send, if whole.
    if isinstance(value, bool):
        return None
    if isinstance(value, float) and value.is_integer() and abs(value) < 1e18:
        value = int(value)
    return terminal_size(value) if isinstance(value, int) else None


def page_message(text: str) -> tuple[Any, ...] | None:
    """A websocket message from a game's page as an order: ``("stdin",
    text)``, ``("resize", width, height)`` (brought into ``TERMINAL_SIZES``),
    ``("ping", data)``, ``("blur",)``, ``("focus",)``, or ``("other",)`` for a
    type textual-serve ignores; None for a malformed message."""
    try:
        envelope = json.loads(text)
    except (ValueError, RecursionError):
        return None
    if not isinstance(envelope, list) or not envelope or not isinstance(envelope[0], str):
        return None
    kind, values = envelope[0], envelope[1:]
    if kind == "stdin":
        if not values or not isinstance(values[0], str):
            return None
        try:
            values[0].encode("utf-8")
        except UnicodeEncodeError:  # a lone surrogate, as "\ud800"
            return None
        return ("stdin", values[0])
    if kind == "resize":
        if not values or not isinstance(values[0], dict):
            return None
        width, height = _size(values[0].get("width")), _size(values[0].get("height"))
        if width is None or height is None:
            return None
        return ("resize", width, height)
    if kind == "ping":
        return ("ping", values[0]) if values else None
    if kind in ("blur", "focus"):
        return (kind,)
    return ("other",)


def malformed_request_line(record: logging.LogRecord) -> bool:
    """aiohttp's log of a request it could not read (a line over 8 KB, a
    bad status line, a negative Content-Length) as one line naming the peer
    and the fault, not a traceback; the page gets its 400 either way."""
    error = record.exc_info[1] if record.exc_info else None
    if isinstance(error, HttpProcessingError):
        peer = record.args[0] if isinstance(record.args, tuple) and record.args else None
        # Translators: ecarte serve's line when a browser or program sends a request it cannot
        # read; {peer} is its address, {error} aiohttp's reason, in English. It gets "400 Bad Request".
        record.msg = _("refused a malformed request from {peer}: {error}").format(
            peer=peer or "?", error=shown_message(str(error.message))
        )
        record.args = ()
        record.exc_info = None
        record.exc_text = None
        record.levelno, record.levelname = logging.WARNING, "WARNING"
    return True


def shown_message(text: str) -> str:
    """A malformed message as the server's line shows it: quoted, printable
    (escapes for control characters and lone surrogates), its start and,
    in brackets, its length when it is long."""
    if len(text) > MESSAGE_SHOWN:
        return repr(text[:MESSAGE_SHOWN]) + f"\u2026 ({len(text)})"
    return repr(text)


def page_words() -> dict[str, str]:
    """The words of the game's page, in the player's language (the template
    escapes them)."""
    return {
        "language": i18n.current_language(),
        # Translators: the browser page, while the game starts.
        "shuffling": _("Écarté: shuffling the cards…"),
        # Translators: the browser page's button that starts a game.
        "start": pgettext("button", "Start"),
        # Translators: the browser page once its game has ended: quit, or the server stopped.
        "closed": _(
            "The game is closed, or the server has stopped. A match in progress is saved: "
            "start again (once the server runs again, if it stopped) and choose Continue."
        ),
        "start_again": _("Start again"),
    }


def game_command(language: str | None = None) -> str:
    """The command each tab runs: this same Python and ecarte, the title
    screen (in ``language`` when the server was given ``--lang``). The shell
    that textual-serve runs it with hands over to it (``exec``), so that a
    signal sent to the game reaches the game."""
    words = [sys.executable, "-m", "ecarte"]
    if language is not None:
        words += ["--lang", language]
    return ("exec " if os.name == "posix" else "") + shlex.join(words)


def listen_failure(error: OSError) -> str:
    """Why the server cannot listen, in the player's words where we know them."""
    reasons = {
        errno.EADDRINUSE: _("the port is in use by another program"),
        errno.EADDRNOTAVAIL: _("this machine has no such address"),
        errno.EACCES: _("permission denied (ports below 1024 need privileges)"),
    }
    if isinstance(error, socket.gaierror):
        # The host could not be looked up: its errno is the resolver's code
        # (EAI_NONAME, -2 on Linux), which os.strerror words "Unknown error -2".
        no_such_host = {
            getattr(socket, name, None) for name in ("EAI_NONAME", "EAI_NODATA", "EAI_ADDRFAMILY")
        }
        if error.errno in no_such_host - {None}:
            return _("no such host or address")
        return error.strerror or str(error)
    if error.errno in reasons:
        return reasons[error.errno]
    if error.errno:
        return os.strerror(error.errno)
    return str(error)


def run_serve(args: argparse.Namespace) -> int:
    host: str = args.host
    port: int = args.port
    if not 0 < port < 65536:
        # Translators: ecarte serve's errors keep the option's name (--port, --max-games).
        message = _("--port must be between 1 and 65535, not {value}").format(value=port)
        print(f"ecarte serve: {message}", file=sys.stderr)
        return 2
    if host.startswith("[") and host.endswith("]"):
        host = host[1:-1]  # an IPv6 address as a URL writes it: "[::1]"
    if not host.strip():
        # aiohttp would listen on every address for "", and the page's address
        # would read "http://:8000/": ask for the address the player means.
        message = _(
            "--host must name an address, such as 127.0.0.1 (this machine only) "
            "or 0.0.0.0 (every network this machine is on)"
        )
        print(f"ecarte serve: {message}", file=sys.stderr)
        return 2
    if ":" in host and not _is_ip_address(host):
        # "127.0.0.1:80" was looked up as a host name, and the page's address
        # read "http://[127.0.0.1:80]:8000/".
        message = _("--host takes an address without a port ({value}); the port is --port").format(value=host)
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
    except (OSError, UnicodeError) as error:  # the port is taken, the address is not ours
        # A name with an empty or too long label ("a..b") fails the lookup's
        # encoding (UnicodeError), not the lookup: no such host either.
        reason = listen_failure(error) if isinstance(error, OSError) else _("no such host or address")
        message = _("cannot listen on {url}: {error}").format(url=page_url(host, port), error=reason)
        print(f"ecarte serve: {message}", file=sys.stderr)
        return 2
    return 0


def _is_ip_address(host: str) -> bool:
    try:
        ipaddress.ip_address(host)
    except ValueError:
        return False
    return True
