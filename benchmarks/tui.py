"""How quickly the app answers: run ``python benchmarks/tui.py``.

Runs the real ``ecarte`` in a pseudo-terminal of 80x24, as a player's
terminal would, and prints medians of:
- start-up: from starting ``ecarte`` to the title screen drawn (target < 1 s);
- keypress: from a key sent to the screen showing its effect (target
  < 50 ms), on two keys whose effect is a text to wait for: the replay
  viewer's → (one event forward: status line, narration and board redrawn),
  a settings choice's → (the play speed changes in place) and, at the card
  table, a card key in the discard (the card picked or put back, the count
  of chosen cards redrawn).

Figures depend on the machine and its load; compare runs on the same machine.
"""

from __future__ import annotations

import argparse
import contextlib
import fcntl
import os
import pty
import random
import re
import select
import shutil
import signal
import statistics
import struct
import sys
import tempfile
import termios
import time
from pathlib import Path

from ecarte.engine import Match, Rules, shuffled_deck
from ecarte.log import LogWriter

ANSI = re.compile(rb"\x1b(\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|P[^\x1b]*\x1b\\|[@-Z\\-_])")
COLUMNS, ROWS = 80, 24


class Terminal:
    """``ecarte`` running in a pseudo-terminal, with what it has drawn."""

    def __init__(self, arguments: list[str], env: dict[str, str]) -> None:
        self.started = time.perf_counter()
        pid, fd = pty.fork()
        if pid == 0:  # the child: size the terminal, then become ecarte
            fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLUMNS, 0, 0))
            os.execvpe(arguments[0], arguments, env)
        self.pid, self.fd = pid, fd
        self.output = b""

    def wait_for(self, text: str, since: int, timeout: float = 30.0) -> float:
        """Seconds until ``text`` appears in what was drawn after byte ``since``."""
        wanted = text.encode()
        deadline = time.perf_counter() + timeout
        while True:
            if wanted in ANSI.sub(b"", self.output[since:]):
                return time.perf_counter()
            remaining = deadline - time.perf_counter()
            if remaining <= 0:
                raise TimeoutError(f"{text!r} not drawn within {timeout} s")
            ready, _, _ = select.select([self.fd], [], [], remaining)
            if ready:
                try:
                    chunk = os.read(self.fd, 65536)
                except OSError:
                    raise TimeoutError(f"ecarte ended before drawing {text!r}") from None
                self.output += chunk
                self.answer_queries(chunk)

    def drain(self, seconds: float) -> None:
        """Read what is drawn for ``seconds``."""
        with contextlib.suppress(TimeoutError):
            self.wait_for("\0", len(self.output), timeout=seconds)

    def answer_queries(self, chunk: bytes) -> None:
        # Textual asks the terminal a few questions at start; a real terminal
        # answers, and so do we, so that nothing waits for a timeout.
        if b"\x1b[6n" in chunk:
            os.write(self.fd, f"\x1b[{ROWS};1R".encode())

    def press(self, key: bytes) -> int:
        """Send a key; returns where its effect starts in the output."""
        mark = len(self.output)
        os.write(self.fd, key)
        return mark

    def close(self) -> None:
        try:
            os.write(self.fd, b"\x11")  # Ctrl+Q
            deadline = time.perf_counter() + 10
            while time.perf_counter() < deadline:
                finished, _ = os.waitpid(self.pid, os.WNOHANG)
                if finished:
                    break
                ready, _, _ = select.select([self.fd], [], [], 0.1)
                if ready:
                    with contextlib.suppress(OSError):
                        os.read(self.fd, 65536)
            else:
                os.kill(self.pid, signal.SIGKILL)
                os.waitpid(self.pid, 0)
        finally:
            os.close(self.fd)


def write_long_log(path: Path, seed: int) -> int:
    """A whole match of random legal play; returns its number of events."""
    rng = random.Random(seed)
    rules = Rules(target=5)
    match = Match(rules, first_dealer=rng.randrange(2))
    events = 0
    with LogWriter.create(path, ("You", "Computer"), match.first_dealer, rules) as writer:
        while not match.is_over:
            if match.current_player is None:
                deck = shuffled_deck(rng)
                writer.write_deal(match.next_dealer, deck)
                match.deal(deck)
            else:
                seat = match.current_player
                action = rng.choice(match.legal_actions())
                writer.write_action(seat, action)
                match.apply(action)
            events += 1
    return events


def time_discard_keys(command: list[str], env: dict[str, str], presses: int) -> list[float]:
    """Seconds from a card key to the discard count redrawn, at the card table.

    Needs a deal where an exchange is accepted: the player proposes (as elder)
    or accepts the computer's proposal (as dealer), and seeds are tried in turn
    until the (random) opponent's answer leads to the discard."""
    prompts = ((b"Propose an exchange (e)", b"e"), (b"Computer proposes: accept (a)", b"a"))
    for seed in range(1, 40):
        terminal = Terminal([*command, "play", "--opponent", "random", "--seed", str(seed)], env)
        try:
            with contextlib.suppress(TimeoutError):
                terminal.wait_for("Menu (Esc)", 0, timeout=5)
                terminal.drain(1.5)  # the computer's first decision, at the default pace
                drawn = ANSI.sub(b"", terminal.output)
                keys = [key for prompt, key in prompts if prompt in drawn]
                if not keys:
                    continue
                mark = terminal.press(keys[0])
                terminal.wait_for("Chosen: 0", mark, timeout=5)
                time.sleep(0.5)
                times = []
                for index in range(presses):
                    mark = terminal.press(b"1")
                    sent = time.perf_counter()
                    times.append(terminal.wait_for(f"Chosen: {1 - index % 2}", mark) - sent)
                return times
        finally:
            terminal.close()
    return []


def ecarte_command() -> list[str]:
    found = shutil.which("ecarte", path=str(Path(sys.executable).parent))
    return [found] if found else [sys.executable, "-m", "ecarte"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--starts", type=int, default=10, help="start-ups to time (default 10)")
    parser.add_argument("--keys", type=int, default=40, help="keypresses to time (default 40)")
    options = parser.parse_args()

    with tempfile.TemporaryDirectory() as folder:
        env = dict(os.environ)
        env.update(
            ECARTE_CONFIG_DIR=str(Path(folder) / "config"),
            ECARTE_DATA_DIR=str(Path(folder) / "data"),
            TERM="xterm-256color",
            COLUMNS=str(COLUMNS),
            LINES=str(ROWS),
        )
        command = ecarte_command()

        starts = []
        for _ in range(options.starts):
            terminal = Terminal(command, env)
            try:
                starts.append(terminal.wait_for("New match", 0) - terminal.started)
            finally:
                terminal.close()

        log = Path(folder) / "match.ecarte.jsonl"
        events = write_long_log(log, seed=1)
        presses = min(options.keys, events)
        terminal = Terminal([*command, "replay", str(log)], env)
        steps = []
        try:
            terminal.wait_for(f"Event 0 of {events}", 0)
            time.sleep(0.5)  # let the first frame settle
            for position in range(1, presses + 1):
                mark = terminal.press(b"\x1b[C")  # →
                sent = time.perf_counter()
                steps.append(terminal.wait_for(f"Event {position} of {events}", mark) - sent)
        finally:
            terminal.close()

        terminal = Terminal(command, env)
        choices = []
        speeds = ["fast", "instant", "slow", "normal"]
        try:
            terminal.wait_for("New match", 0)
            mark = terminal.press(b"s")
            terminal.wait_for("Rules of the match", mark)
            terminal.press(b"\t\t")  # from the name to the opponent, to the play speed
            time.sleep(0.5)
            for index in range(presses):
                mark = terminal.press(b"\x1b[C")  # →
                sent = time.perf_counter()
                choices.append(terminal.wait_for(f"◀ {speeds[index % 4]} (", mark) - sent)
        finally:
            terminal.close()

        discards = time_discard_keys(command, env, presses)

    print(f"ecarte in a {COLUMNS}x{ROWS} pseudo-terminal ({' '.join(command)})")
    print(
        f"start-up to the title screen drawn: median {statistics.median(starts) * 1000:.0f} ms "
        f"(min {min(starts) * 1000:.0f}, max {max(starts) * 1000:.0f}; {len(starts)} runs; target < 1000 ms)"
    )
    timed = [
        ("replay viewer →", steps),
        ("settings choice →", choices),
        ("game: card key in the discard", discards),
    ]
    for what, times in timed:
        if not times:
            print(f"keypress to its effect drawn ({what}): not measured (no seed reached the discard)")
            continue
        print(
            f"keypress to its effect drawn ({what}): median {statistics.median(times) * 1000:.1f} ms "
            f"(min {min(times) * 1000:.1f}, max {max(times) * 1000:.1f}; {len(times)} keys; target < 50 ms)"
        )


if __name__ == "__main__":
    main()
