"""The host side of the bot protocol: a ``Player`` that is an external program.

``ExternalPlayer`` starts the bot's command as a child process (in its own
process group, so it and anything it starts can be killed), sends it
``hello``, one ``decide`` per decision, ``result`` after each game and
``bye`` at the end (``docs/bot-protocol.md``). Everything that can go wrong
with the bot (an answer that is not a legal action, a line that is not JSON,
no answer in time, the bot's exit) raises ``BotFault``: its ``kind`` names the
fault and its message carries the bot's last standard-error lines. The
message is a ``Deferred`` text: English in a file or JSON, in the player's
language where it is shown (the bot's own words and what it sent stay as
they are). The caller turns a fault into a forfeit; the child process is
always cleaned up.

Nothing here waits on a bot without a deadline: its output is read by one
thread that polls both pipes and stops when told (so closing never blocks,
even when a grandchild keeps the pipes open), writes give up after the time
limit, and a broken pipe is the bot's fault, never the host's death.
``docs/reliability.md`` lists these promises and the tests that hold them.
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
import uuid
from collections.abc import Sequence
from pathlib import Path
from typing import IO, Any

from ecarte.ai.base import Player, make_player, player_names
from ecarte.engine import Action, ActionError, Rules, View
from ecarte.engine.quoting import quoted
from ecarte.i18n import N_, Deferred, _, message_of, trimmed
from ecarte.log.format import JsonTextError, load_json

PROTOCOL_VERSION = 1
DEFAULT_TIMEOUT = 10.0
"""Seconds a bot has to answer a ``decide`` (the protocol's default)."""
STDERR_LINES_KEPT = 20
STDERR_LINE_CHARS = 1000
"""Each kept standard-error line is cut to this; the rest of a longer one
(300 MB without a newline, say) is read and thrown away."""
MAX_LINE_BYTES = 1 << 20
"""A longer answer is garbage (and must not exhaust the host's memory)."""
COMMAND_PREFIX = "cmd:"
KILLED_WAIT = 3.0
"""Seconds to wait, at most, for a killed bot to end and its pipes to close."""
EXIT_POLL = 0.1
"""Seconds between checks, while waiting for an answer, that the bot lives."""
BYE_WAIT = 1.0
"""Seconds a bot has to end by itself after ``bye`` before it is killed."""
TOKEN_VARIABLE = "ECARTE_BOT_TOKEN"
"""Set, to a value unique to each bot process, in its environment: whatever
the bot starts inherits it, so its descendants can be found and ended even
when they left its process group (``setsid``) and its parent is gone."""
FAULT_KINDS = (
    # Translators: the kind of a bot's fault, in "bot 'cmd:x' forfeits (timeout): ...": an
    # answer that is not a legal action, an answer that is not the protocol, no answer in
    # time, the bot's end.
    N_("illegal"),
    N_("garbage"),
    N_("timeout"),
    N_("exited"),
)


class BotFault(Exception):
    """A bot broke the protocol; the match is lost by forfeit.

    ``kind`` is one of ``FAULT_KINDS``; ``problem`` says what happened in a
    sentence (a ``Deferred`` text); ``stderr`` holds the bot's last
    standard-error lines; ``where`` (set by whoever knows the match, a
    ``Deferred`` text such as "game 1, deal 2, trick 3") the decision it
    failed at. ``message`` is the whole message for a user, in English
    (``str(fault)`` too); ``message.translated()`` in the player's language.
    The bot's own words (its last lines) are kept as it wrote them: whoever
    draws the message on a terminal passes it through ``ecarte.text.printable``.
    """

    def __init__(
        self, kind: str, problem: str, bot: str, stderr: Sequence[str] = (), where: str | None = None
    ) -> None:
        self.kind = kind
        self.problem = problem
        self.bot = bot
        self.stderr = list(stderr)
        self.where = where
        super().__init__(self.message)

    @property
    def message(self) -> Deferred:
        if self.where is None:
            fault = Deferred(
                # Translators: {bot} is the bot as named on the command line, in quotes; {kind}
                # the kind of fault; {problem} what happened.
                N_("bot {bot} forfeits ({kind}): {problem}"),
                bot=repr(self.bot),
                kind=Deferred(self.kind),
                problem=self.problem,
            )
        else:
            fault = Deferred(
                # Translators: as "bot {bot} forfeits ({kind}): {problem}"; {where} is the
                # decision it failed at ("game 1, deal 2, trick 3").
                N_("bot {bot} forfeits ({kind}) at {where}: {problem}"),
                bot=repr(self.bot),
                kind=Deferred(self.kind),
                where=self.where,
                problem=self.problem,
            )
        return Deferred("{fault}\n{last_words}", fault=fault, last_words=last_words(self.stderr))

    def at(self, where: str) -> BotFault:
        """This fault, told as failing at ``where`` (the game, deal and trick)."""
        return BotFault(self.kind, self.problem, self.bot, self.stderr, where)

    def __reduce__(self) -> tuple[Any, ...]:
        # Faults travel between processes in a parallel tournament.
        return (BotFault, (self.kind, self.problem, self.bot, self.stderr, self.where))


def last_words(stderr: Sequence[str]) -> Deferred:
    """A bot's last standard-error lines under a heading (or a line saying
    there were none): what follows a fault's own line in its message."""
    if not stderr:
        return Deferred(N_("(it wrote nothing on standard error)"))
    return Deferred(
        "{heading}\n{lines}",
        heading=Deferred(N_("its last standard error lines:")),
        lines="\n".join(f"  | {line}" for line in stderr),
    )


_EOF = object()


class ExternalPlayer:
    """A protocol bot run as a child process, one fresh process per match.

    Before ``start_match`` the caller may set ``players`` (the two names sent
    in ``hello``). After each game call ``game_over``; at the end ``close``
    (which sends ``bye`` and always ends the process)."""

    def __init__(self, command: str, timeout: float = DEFAULT_TIMEOUT, name: str | None = None) -> None:
        if not timeout > 0:  # NaN too
            raise ValueError(
                _("a bot's time limit must be above 0 seconds, not {value}").format(value=f"{timeout:g}")
            )
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
        self._pump: _Pump | None = None
        self._token = ""

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
            raise self._fault(
                "garbage",
                # Translators: {line} is what the bot wrote, quoted as it is.
                Deferred(N_("it wrote a line without being asked: {line}"), line=quoted(stray.strip())),
            )
        self._send(
            {"type": "decide", "view": view.to_json(), "legal": [action.to_json() for action in legal]}
        )
        line = self._read_answer(view.phase)
        try:
            answer = load_json(line)
        except JsonTextError as error:
            raise self._fault(
                "garbage",
                # Translators: {answer} is the bot's line as it is; {reason} the JSON reader's
                # words, as ecarte check gives them ("not valid JSON: ',' was expected at column 14").
                Deferred(
                    N_("its answer {answer} is refused: {reason}"),
                    answer=quoted(line.strip()),
                    reason=message_of(error),
                ),
            ) from None
        try:
            action = Action.from_json(answer)
        except ActionError as error:
            raise self._fault(
                "illegal",
                # Translators: {answer} is the bot's line as it is; {error} says why.
                Deferred(
                    N_("its answer {answer} is not an action: {error}"),
                    answer=quoted(line.strip()),
                    error=message_of(error),
                ),
            ) from None
        if action not in legal:
            allowed = ", ".join(str(item) for item in legal[:12]) + (" ..." if len(legal) > 12 else "")
            raise self._fault(
                "illegal",
                # Translators: {action} and {legal} are the protocol's codes ("card KS", "king").
                Deferred(
                    N_("it answered '{action}', which is not a legal action now (legal: {legal})"),
                    action=str(action),
                    legal=allowed,
                ),
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
                process.wait(timeout=BYE_WAIT)
            except (OSError, ValueError, BotFault, subprocess.TimeoutExpired):
                pass
        self._end(process)

    def __enter__(self) -> ExternalPlayer:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __del__(self) -> None:
        process = getattr(self, "_process", None)
        if process is not None:
            _kill_all(process, getattr(self, "_token", ""))

    # ------------------------------------------------------------ process plumbing

    def _start(self) -> None:
        self._answers = queue.Queue()
        self._stderr = collections.deque(maxlen=STDERR_LINES_KEPT)
        self._token = uuid.uuid4().hex
        environment = {**os.environ, TOKEN_VARIABLE: self._token}
        try:
            process = subprocess.Popen(
                self.argv,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                env=environment,
                start_new_session=os.name == "posix",
            )
        except OSError as error:
            raise BotFault(
                "exited",
                # Translators: {error} is the system's reason ("No such file or directory").
                Deferred(N_("it could not be started: {error}"), error=str(error.strerror or error)),
                self.name,
            ) from None
        self._process = process
        self.pid = process.pid
        assert process.stdout is not None and process.stderr is not None
        self._pump = _Pump(process.stdout, process.stderr, self._answers, self._stderr)

    def _end(self, process: subprocess.Popen[bytes]) -> None:
        """Kill the bot and all it started, stop reading its pipes, reap it:
        each step has a deadline, so this never hangs."""
        _kill_all(process, self._token)
        if self._pump is not None:
            self._pump.stop(timeout=KILLED_WAIT)
        if process.stdin is not None:
            with contextlib.suppress(OSError, ValueError):
                process.stdin.close()
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
            raise self._fault(
                "timeout", Deferred(N_("it did not read its input for {seconds} s"), seconds=trimmed(timeout))
            ) from None
        except (OSError, ValueError):
            # EPIPE: the bot is gone or closed its standard input.
            raise self._fault("exited", self._exit_story(process, "input")) from None

    def _read_answer(self, phase: str) -> str:
        process = self._process
        assert process is not None
        deadline = time.monotonic() + self.timeout
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise self._fault(
                    "timeout",
                    # Translators: {phase} is the protocol's name of the phase (exchange, discard,
                    # tricks...); 'decide' is the protocol's message.
                    Deferred(
                        N_("no answer within {seconds} s to a decide in the {phase} phase"),
                        seconds=trimmed(self.timeout),
                        phase=str(phase),
                    ),
                )
            try:
                item = self._answers.get(timeout=min(remaining, EXIT_POLL))
                break
            except queue.Empty:
                pass
            if process.poll() is not None:
                # The bot is gone, though something it started may hold its
                # output open (no end of file): what it wrote is there by now.
                try:
                    item = self._answers.get(timeout=EXIT_POLL)
                except queue.Empty:
                    item = _EOF
                break
            if _reader_gone(process):
                # It closed its input after the decide reached the pipe: it
                # will never read the next message, so it is not waited for.
                try:
                    item = self._answers.get(timeout=EXIT_POLL)
                    break
                except queue.Empty:
                    raise self._fault("exited", self._exit_story(process, "input")) from None
        if item is _EOF:
            assert self._process is not None
            raise self._fault("exited", self._exit_story(self._process, "output"))
        if isinstance(item, bytes):
            return self._decode(item)
        assert isinstance(item, str)  # the pump's notice of a line too long
        raise self._fault("garbage", item)

    def _decode(self, raw: bytes) -> str:
        try:
            return raw.decode("utf-8").rstrip("\r\n")
        except UnicodeDecodeError:
            raise self._fault(
                "garbage", Deferred(N_("its answer is not UTF-8 text: {answer}"), answer=repr(raw[:60]))
            ) from None

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

    def _exit_story(self, process: subprocess.Popen[bytes], stream: str) -> Deferred:
        try:
            status = process.wait(timeout=1.0)
        except subprocess.TimeoutExpired:
            if stream == "input":
                return Deferred(N_("it closed its standard input (it is still running: it is ended now)"))
            return Deferred(N_("it closed its standard output (it is still running: it is ended now)"))
        # Let the reader catch the last words the bot wrote on stderr.
        if self._pump is not None:
            self._pump.drain(timeout=1.0)
        if status < 0:
            try:
                signal_name = signal.Signals(-status).name
            except ValueError:
                signal_name = f"signal {-status}"
            # Translators: {signal} is the signal's name (SIGKILL, SIGSEGV).
            return Deferred(N_("it was killed by {signal}"), signal=signal_name)
        return Deferred(N_("it exited with status {status}"), status=status)

    def _fault(self, kind: str, problem: str) -> BotFault:
        process = self._process
        if process is not None:
            # A faulty bot is finished: end it and all it started now (a
            # bot that closed a pipe may still be running), then gather its
            # last words, which are in the pipe when it is gone.
            _kill_all(process, self._token)
            if self._pump is not None:
                self._pump.drain(timeout=KILLED_WAIT)
        return BotFault(kind, problem, self.name, list(self._stderr))


def raw_text(raw: bytes) -> str:
    return raw.decode("utf-8", errors="replace").rstrip("\r\n")


def _reader_gone(process: subprocess.Popen[bytes]) -> bool:
    """Whether the bot closed its standard input: Linux and the BSDs flag
    the write end of a pipe without a reader with POLLERR."""
    stdin = process.stdin
    if stdin is None or not hasattr(select, "poll"):
        return False
    try:
        poller = select.poll()
        poller.register(stdin.fileno(), select.POLLOUT)
        return any(events & select.POLLERR for _, events in poller.poll(0))
    except (OSError, ValueError):  # already closed here
        return False


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
        __, writable, __ = select.select([], [fd], [], remaining)
        if not writable:
            continue
        try:
            written = os.write(fd, view)
        except BlockingIOError:
            continue
        view = view[written:]


class _Pump:
    """One thread reading a bot's standard output and error. Output lines go
    to ``answers`` (a line over ``MAX_LINE_BYTES`` is a notice, then the
    rest of the output is ignored), then ``_EOF``; the last standard-error
    lines go to ``stderr``, each cut to ``STDERR_LINE_CHARS``. Memory stays
    bounded whatever the bot writes. The pipes are polled, never read
    blindly, so ``stop`` ends the thread even while a grandchild that
    escaped keeps them open, and the thread closes them itself."""

    POLL = 0.05

    def __init__(
        self,
        stdout: IO[bytes],
        stderr: IO[bytes],
        answers: queue.Queue[object],
        lines: collections.deque[str],
    ) -> None:
        self._streams = {stdout.fileno(): stdout, stderr.fileno(): stderr}
        self._out = stdout.fileno()
        self._answers = answers
        self._lines = lines
        self._partial = {stdout.fileno(): bytearray(), stderr.fileno(): bytearray()}
        self._oversize = False
        self._stopping = threading.Event()
        self._stderr_done = threading.Event()
        self._thread = threading.Thread(target=self._run, name="bot-pipes", daemon=True)
        self._thread.start()

    def stop(self, timeout: float) -> None:
        """Read what is left for at most ``timeout`` seconds, then stop."""
        self._stderr_done.wait(timeout)
        self._stopping.set()
        self._thread.join(timeout=1.0)

    def drain(self, timeout: float) -> None:
        """Wait (at most ``timeout``) until the bot's standard error has ended."""
        self._stderr_done.wait(timeout)

    def _run(self) -> None:
        open_fds = set(self._streams)
        try:
            while open_fds and not self._stopping.is_set():
                if os.name == "posix":
                    ready, __, __ = select.select(list(open_fds), [], [], self.POLL)
                else:  # pragma: no cover - no select on Windows pipes: read in turn
                    ready = list(open_fds)
                for fd in ready:
                    try:
                        chunk = os.read(fd, 1 << 16)
                    except OSError:
                        chunk = b""
                    if chunk:
                        self._take(fd, chunk)
                    else:
                        open_fds.discard(fd)
                        self._ended(fd)
        finally:
            for fd in open_fds:
                self._ended(fd)
            for stream in self._streams.values():
                with contextlib.suppress(OSError, ValueError):
                    stream.close()

    def _ended(self, fd: int) -> None:
        rest = bytes(self._partial[fd])
        self._partial[fd].clear()
        if fd == self._out:
            if rest and not self._oversize:
                self._answers.put(rest)
            self._answers.put(_EOF)
        else:
            if rest:
                self._lines.append(raw_text(rest[:STDERR_LINE_CHARS]))
            self._stderr_done.set()

    def _take(self, fd: int, chunk: bytes) -> None:
        partial = self._partial[fd]
        limit = MAX_LINE_BYTES if fd == self._out else STDERR_LINE_CHARS
        while chunk:
            newline = chunk.find(b"\n")
            piece, chunk = (chunk, b"") if newline < 0 else (chunk[: newline + 1], chunk[newline + 1 :])
            room = limit + 1 - len(partial)
            if room > 0:
                partial += piece[:room]
            if newline < 0:
                if fd == self._out and len(partial) > limit and not self._oversize:
                    self._oversize = True
                    self._answers.put(
                        Deferred(N_("it wrote a line longer than {count} bytes"), count=MAX_LINE_BYTES)
                    )
                return
            if fd == self._out:
                if not self._oversize:
                    self._answers.put(bytes(partial))
            else:
                self._lines.append(raw_text(bytes(partial[:STDERR_LINE_CHARS])))
            partial.clear()


def _kill_all(process: subprocess.Popen[bytes], token: str) -> None:
    """End the bot, its process group, and every process it started that
    left the group (found by its descendants' parent links and by the token
    in their environment, where the system shows them: Linux's ``/proc``)."""
    if os.name != "posix":  # pragma: no cover
        if process.poll() is None:
            process.kill()
        return
    strays = _strays(process.pid, token)
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(process.pid, signal.SIGKILL)
    own = {os.getpid(), os.getpgrp()}
    for __ in range(5):  # bounded: a process that cannot be killed must not hold us
        if not strays - own:
            break
        for pid in strays - own:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.kill(pid, signal.SIGKILL)
        # One may have forked between the scan and the kill: scan again,
        # until none is left (killed processes no longer count, below).
        strays = _strays(None, token)


_PROC = Path("/proc")


def _strays(root: int | None, token: str) -> set[int]:
    """Running processes below ``root`` in the process tree, and those whose
    environment carries the bot's ``token``, in one pass over ``/proc``
    (Linux; elsewhere none are found). Processes already ended (zombies)
    are left out."""
    marker = f"{TOKEN_VARIABLE}={token}".encode() if token else None
    parents: dict[int, list[int]] = {}
    found: set[int] = set()
    try:
        names = os.listdir(_PROC)
    except OSError:
        return found
    for name in names:
        if not name.isdigit():
            continue
        pid = int(name)
        try:
            fields = (_PROC / name / "stat").read_bytes().rsplit(b")", 1)[1].split()
            if fields[0] in (b"Z", b"X"):
                continue
            parents.setdefault(int(fields[1]), []).append(pid)
            if marker is not None and marker in (_PROC / name / "environ").read_bytes().split(b"\0"):
                found.add(pid)
        except (OSError, IndexError, ValueError):
            continue
    todo = [root] if root is not None else []
    while todo:
        for child in parents.get(todo.pop(), []):
            if child not in found:
                found.add(child)
                todo.append(child)
    if root is not None:
        found.discard(root)
    return found


def split_command(command: str) -> list[str]:
    """The argv of a ``cmd:`` command line; ``ValueError`` says what is wrong."""
    try:
        argv = shlex.split(command)
    except ValueError as error:
        # Translators: {command} is the command as typed, in quotes; {error} says why (in English).
        raise ValueError(
            _("cannot read the bot command {command}: {error}").format(command=quoted(command), error=error)
        ) from None
    if not argv:
        # Translators: keep cmd:COMMAND and the example as they are.
        raise ValueError(_("the bot command is empty: write cmd:COMMAND, e.g. 'cmd:python3 mybot.py'"))
    return argv


def check_command(command: str) -> None:
    """``ValueError`` if the command cannot be run at all (said before a
    tournament starts, rather than as a forfeit in every match)."""
    argv = split_command(command)
    program = argv[0]
    if shutil.which(program) is None:
        if len(argv) == 1:
            # Translators: {command} is the command as typed, in quotes (a program alone).
            raise ValueError(
                _("the bot command {command} is not a program that can be run").format(
                    command=quoted(command)
                )
            )
        # Translators: {command} is the command as typed, {program} its first word, both in quotes.
        raise ValueError(
            _("the bot command {command}: {program} is not a program that can be run").format(
                command=quoted(command), program=quoted(program)
            )
        )


def resolve_player(name: str, seed: int = 0, timeout: float = DEFAULT_TIMEOUT) -> Player:
    """A player by name: a built-in (``random``, ``classic``, ``expert``...)
    or ``cmd:COMMAND`` for an external program speaking the protocol.
    ``ValueError`` for an unknown name or an unreadable command."""
    if name.startswith(COMMAND_PREFIX):
        return ExternalPlayer(name[len(COMMAND_PREFIX) :], timeout=timeout)
    if name not in player_names():
        # Where a program may play too, say how to name one: "python3 bot.py"
        # alone was refused with the built-in names only.
        raise ValueError(
            # Translators: {name} is the name as typed, in quotes; keep cmd:COMMAND as it is.
            _(
                "unknown player {name}; the players are: {players}, or cmd:COMMAND for a program "
                "speaking the bot protocol"
            ).format(name=quoted(name), players=", ".join(player_names()))
        )
    try:
        return make_player(name, seed)
    except ImportError as error:
        # Translators: {name} is the player's name, in quotes; {error} the reason (in English).
        raise ValueError(
            _("player {name} is not available: {error}").format(name=quoted(name), error=error)
        ) from None


def game_over(player: Player, games: Sequence[Sequence[int]], winner: int | None) -> None:
    """Tell a player a game is over, if it is one that listens (a bot)."""
    listener = getattr(player, "game_over", None)
    if callable(listener):
        listener(games, winner)


def close_player(player: Player) -> None:
    closer = getattr(player, "close", None)
    if callable(closer):
        closer()
