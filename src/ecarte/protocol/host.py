"""The host side of the bot protocol: a ``Player`` that is an external program.

``ExternalPlayer`` starts the bot's command as a child process (in its own
process group, so it and anything it starts can be killed), sends it
``hello``, one ``decide`` per decision, ``result`` after each game and
``bye`` at the end (``docs/bot-protocol.md``). Everything that can go wrong
with the bot (an answer that is not a legal action, a line that is not JSON,
no answer in time, the bot's exit) raises ``BotFault``: its ``kind`` names the
fault and its message carries the bot's last standard-error lines. The
caller turns a fault into a forfeit; the child process is always cleaned up.
"""

from __future__ import annotations

import collections
import contextlib
import json
import os
import queue
import select
import shlex
import shutil
import signal
import subprocess
import threading
import time
from collections.abc import Sequence
from typing import IO, Any

from ecarte.ai.base import Player, make_player
from ecarte.engine import Action, ActionError, Rules, View
from ecarte.log.format import JsonTextError, load_json

PROTOCOL_VERSION = 1
DEFAULT_TIMEOUT = 10.0
"""Seconds a bot has to answer a ``decide`` (the protocol's default)."""
STDERR_LINES_KEPT = 20
MAX_LINE_BYTES = 1 << 20
"""A longer answer is garbage (and must not exhaust the host's memory)."""
COMMAND_PREFIX = "cmd:"
KILLED_WAIT = 3.0
"""Seconds to wait, at most, for a killed bot to end and its pipes to close."""


class BotFault(Exception):
    """A bot broke the protocol; the match is lost by forfeit.

    ``kind`` is one of ``illegal``, ``garbage``, ``timeout``, ``exited``;
    ``problem`` says what happened in a sentence; ``stderr`` holds the bot's
    last standard-error lines. ``str(fault)`` is the whole message for a user.
    """

    def __init__(self, kind: str, problem: str, bot: str, stderr: Sequence[str] = ()) -> None:
        self.kind = kind
        self.problem = problem
        self.bot = bot
        self.stderr = list(stderr)
        super().__init__(self.message)

    @property
    def message(self) -> str:
        text = f"bot {self.bot!r} forfeits ({self.kind}): {self.problem}"
        if self.stderr:
            shown = "\n".join(f"  | {line}" for line in self.stderr)
            text += f"\nits last standard error lines:\n{shown}"
        else:
            text += "\n(it wrote nothing on standard error)"
        return text

    def __reduce__(self) -> tuple[Any, ...]:
        # Faults travel between processes in a parallel tournament.
        return (BotFault, (self.kind, self.problem, self.bot, self.stderr))


_EOF = object()


class ExternalPlayer:
    """A protocol bot run as a child process, one fresh process per match.

    Before ``start_match`` the caller may set ``players`` (the two names sent
    in ``hello``). After each game call ``game_over``; at the end ``close``
    (which sends ``bye`` and always ends the process)."""

    def __init__(self, command: str, timeout: float = DEFAULT_TIMEOUT, name: str | None = None) -> None:
        if not timeout > 0:  # NaN too
            raise ValueError(f"a bot's time limit must be above 0 seconds, not {timeout:g}")
        self.argv = split_command(command)
        self.command = command
        self.name = name or COMMAND_PREFIX + command
        self.timeout = timeout
        self.players: tuple[str, str] | None = None
        self.seat = 0
        self.pid: int | None = None
        """The process id of the latest bot process (for diagnosis)."""
        self._process: subprocess.Popen[bytes] | None = None
        self._answers: queue.Queue[object] = queue.Queue()
        self._stderr: collections.deque[str] = collections.deque(maxlen=STDERR_LINES_KEPT)
        self._threads: list[threading.Thread] = []

    # ------------------------------------------------------------ the Player protocol

    def start_match(self, seat: int, rules: Rules) -> None:
        self.close()
        self.seat = seat
        self._start()
        players = list(self.players or (("other", self.name) if seat else (self.name, "other")))
        self._send(
            {
                "type": "hello",
                "protocol": PROTOCOL_VERSION,
                "seat": seat,
                "players": players,
                "rules": rules.to_dict(),
            }
        )

    def decide(self, view: View, legal: Sequence[Action]) -> Action:
        if self._process is None:
            raise RuntimeError("decide before start_match")
        stray = self._stray_line()
        if stray is not None:
            raise self._fault("garbage", f"it wrote a line without being asked: {_shorten(stray)}")
        self._send(
            {"type": "decide", "view": view.to_json(), "legal": [action.to_json() for action in legal]}
        )
        line = self._read_answer(view.phase)
        try:
            answer = load_json(line)
        except JsonTextError as error:
            reason = str(error).removeprefix("not valid JSON: ")
            raise self._fault("garbage", f"its answer is not JSON: {_shorten(line)}; {reason}") from None
        try:
            action = Action.from_json(answer)
        except ActionError as error:
            raise self._fault("illegal", f"its answer {_shorten(line)} is not an action: {error}") from None
        if action not in legal:
            allowed = ", ".join(str(item) for item in legal[:12]) + (" ..." if len(legal) > 12 else "")
            raise self._fault(
                "illegal", f"it answered '{action}', which is not a legal action now (legal: {allowed})"
            )
        return action

    # ------------------------------------------------------------ the rest of the protocol

    def game_over(self, games: Sequence[Sequence[int]], winner: int | None) -> None:
        """Send ``result``: the score of each game so far and the match's winner."""
        self._send({"type": "result", "games": [list(score) for score in games], "winner": winner})

    def close(self) -> None:
        """Say ``bye`` and end the process (and its process group)."""
        process = self._process
        if process is None:
            return
        self._process = None
        if process.poll() is None:
            try:
                self._send_to(process, {"type": "bye"}, timeout=0.5)
                if process.stdin is not None:
                    process.stdin.close()
                process.wait(timeout=1.0)
            except (OSError, BotFault, subprocess.TimeoutExpired):
                pass
        _kill_group(process)
        self._finish(process)

    def __enter__(self) -> ExternalPlayer:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __del__(self) -> None:
        process = getattr(self, "_process", None)
        if process is not None:
            _kill_group(process)

    # ------------------------------------------------------------ process plumbing

    def _start(self) -> None:
        self._answers = queue.Queue()
        self._stderr = collections.deque(maxlen=STDERR_LINES_KEPT)
        try:
            process = subprocess.Popen(
                self.argv,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                start_new_session=os.name == "posix",
            )
        except OSError as error:
            raise BotFault(
                "exited", f"it could not be started: {error.strerror or error}", self.name
            ) from None
        self._process = process
        self.pid = process.pid
        assert process.stdout is not None and process.stderr is not None
        self._threads = [
            threading.Thread(target=_read_lines, args=(process.stdout, self._answers), daemon=True),
            threading.Thread(target=_keep_lines, args=(process.stderr, self._stderr), daemon=True),
        ]
        for thread in self._threads:
            thread.start()

    def _finish(self, process: subprocess.Popen[bytes]) -> None:
        # The pipes close when the process group is gone; the threads then end.
        for thread in self._threads:
            thread.join(timeout=1.0)
        for stream in (process.stdin, process.stdout, process.stderr):
            if stream is not None:
                with contextlib.suppress(OSError):
                    stream.close()
        # The group was killed: the wait is short, but a loaded machine may
        # take a moment to end it, and an unreaped bot would linger as a zombie.
        with contextlib.suppress(subprocess.TimeoutExpired):
            process.wait(timeout=KILLED_WAIT)

    def _send(self, message: dict[str, Any]) -> None:
        if self._process is None:
            raise RuntimeError("no bot process: start_match first")
        self._send_to(self._process, message, self.timeout)

    def _send_to(self, process: subprocess.Popen[bytes], message: dict[str, Any], timeout: float) -> None:
        data = (json.dumps(message, separators=(",", ":")) + "\n").encode()
        stdin = process.stdin
        assert stdin is not None
        try:
            if os.name == "posix":
                _write_within(stdin.fileno(), data, timeout)
            else:
                stdin.write(data)
                stdin.flush()
        except TimeoutError:
            raise self._fault("timeout", f"it did not read its input for {timeout:g} s") from None
        except OSError:
            raise self._fault("exited", self._exit_story(process)) from None

    def _read_answer(self, phase: str) -> str:
        try:
            item = self._answers.get(timeout=self.timeout)
        except queue.Empty:
            raise self._fault(
                "timeout", f"no answer within {self.timeout:g} s to a decide in the {phase} phase"
            ) from None
        if item is _EOF:
            assert self._process is not None
            raise self._fault("exited", self._exit_story(self._process))
        if isinstance(item, bytes):
            return self._decode(item)
        raise self._fault("garbage", str(item))

    def _decode(self, raw: bytes) -> str:
        try:
            return raw.decode("utf-8").rstrip("\r\n")
        except UnicodeDecodeError:
            raise self._fault("garbage", f"its answer is not UTF-8 text: {raw[:60]!r}") from None

    def _stray_line(self) -> str | None:
        try:
            item = self._answers.get_nowait()
        except queue.Empty:
            return None
        if item is _EOF or not isinstance(item, bytes):
            # Keep end-of-output and oversize notices for the next read.
            self._answers.put(item)
            return None
        return raw_text(item)

    def _exit_story(self, process: subprocess.Popen[bytes]) -> str:
        try:
            status = process.wait(timeout=1.0)
        except subprocess.TimeoutExpired:
            return "it closed its standard output"
        # Let the stderr reader catch the last words the bot wrote.
        if len(self._threads) > 1:
            self._threads[1].join(timeout=1.0)
        if status < 0:
            try:
                signal_name = signal.Signals(-status).name
            except ValueError:
                signal_name = f"signal {-status}"
            return f"it was killed by {signal_name}"
        return f"it exited with status {status}"

    def _fault(self, kind: str, problem: str) -> BotFault:
        process = self._process
        if kind in ("timeout", "garbage", "illegal") and process is not None:
            # A faulty bot is finished: stop it now, then gather its last words.
            _kill_group(process)
            if len(self._threads) > 1:
                # Ends as soon as the killed bot's stderr closes; the limit is for
                # a grandchild that escaped the group and keeps it open.
                self._threads[1].join(timeout=KILLED_WAIT)
        return BotFault(kind, problem, self.name, list(self._stderr))


def raw_text(raw: bytes) -> str:
    return raw.decode("utf-8", errors="replace").rstrip("\r\n")


def _shorten(text: str, limit: int = 80) -> str:
    text = text.strip()
    return repr(text if len(text) <= limit else text[:limit] + "...")


def _write_within(fd: int, data: bytes, timeout: float) -> None:
    """Write all of ``data`` or raise ``TimeoutError``: a bot that never reads
    must not block the host once the pipe's buffer is full."""
    deadline = time.monotonic() + timeout
    view = memoryview(data)
    os.set_blocking(fd, False)
    while view:
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            raise TimeoutError
        _, writable, _ = select.select([], [fd], [], remaining)
        if not writable:
            continue
        try:
            written = os.write(fd, view)
        except BlockingIOError:
            continue
        view = view[written:]


def _read_lines(stream: IO[bytes], answers: queue.Queue[object]) -> None:
    try:
        while True:
            line = stream.readline(MAX_LINE_BYTES)
            if not line:
                break
            if not line.endswith(b"\n") and len(line) >= MAX_LINE_BYTES:
                answers.put(f"it wrote a line longer than {MAX_LINE_BYTES} bytes")
                return
            answers.put(line)
    except (OSError, ValueError):
        pass
    answers.put(_EOF)


def _keep_lines(stream: IO[bytes], lines: collections.deque[str]) -> None:
    try:
        for raw in stream:
            lines.append(raw_text(raw[:1000]))
    except (OSError, ValueError):
        pass


def _kill_group(process: subprocess.Popen[bytes]) -> None:
    """End the bot and whatever it started (its own process group)."""
    if os.name == "posix":
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(process.pid, signal.SIGKILL)
    elif process.poll() is None:
        process.kill()


def split_command(command: str) -> list[str]:
    """The argv of a ``cmd:`` command line; ``ValueError`` says what is wrong."""
    try:
        argv = shlex.split(command)
    except ValueError as error:
        raise ValueError(f"cannot read the bot command {command!r}: {error}") from None
    if not argv:
        raise ValueError("the bot command is empty: write cmd:COMMAND, e.g. 'cmd:python3 mybot.py'")
    return argv


def check_command(command: str) -> None:
    """``ValueError`` if the command cannot be run at all (said before a
    tournament starts, rather than as a forfeit in every match)."""
    program = split_command(command)[0]
    if shutil.which(program) is None:
        raise ValueError(f"the bot command {command!r}: {program!r} is not a program that can be run")


def resolve_player(name: str, seed: int = 0, timeout: float = DEFAULT_TIMEOUT) -> Player:
    """A player by name: a built-in (``random``, ``classic``, ``expert``...)
    or ``cmd:COMMAND`` for an external program speaking the protocol.
    ``ValueError`` for an unknown name or an unreadable command."""
    if name.startswith(COMMAND_PREFIX):
        return ExternalPlayer(name[len(COMMAND_PREFIX) :], timeout=timeout)
    try:
        return make_player(name, seed)
    except ImportError as error:
        raise ValueError(f"player {name!r} is not available: {error}") from None


def game_over(player: Player, games: Sequence[Sequence[int]], winner: int | None) -> None:
    """Tell a player a game is over, if it is one that listens (a bot)."""
    listener = getattr(player, "game_over", None)
    if callable(listener):
        listener(games, winner)


def close_player(player: Player) -> None:
    closer = getattr(player, "close", None)
    if callable(closer):
        closer()
