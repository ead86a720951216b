"""How long the player waits for a hint (target: shown within 500 ms at the
median).

Two measures:

1. ``hint_for``, the panel's worker, at every decision with a choice of
   seat 0 in a 10-deal match (expert against classic): the autosave read
   and replayed, the seat's memory rebuilt, every option valued at the
   analysis budget.
2. In the app (Textual's Pilot, headless): ``h`` pressed at each of the
   player's decisions with a choice in a match against the random player,
   timed from the key to the numbers on screen.

    python benchmarks/hint.py [DECISIONS_IN_THE_APP] [SEED]
"""

from __future__ import annotations

import asyncio
import os
import statistics
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

from analyse import write_ten_deal_match
from ecarte.engine import Match
from ecarte.log import replay_file
from ecarte.log.format import EventType
from ecarte.tui.hint_panel import HintPanel, Position, hint_for


def prefix_logs(path: Path, folder: Path) -> list[tuple[Path, Position]]:
    """A log cut before each of seat 0's decisions with a choice."""
    replay = replay_file(path)
    assert replay.header is not None
    lines = path.read_text(encoding="utf-8").splitlines()
    match = Match(replay.header.rules, replay.header.first_dealer)
    cuts = []
    for event in replay.events:
        if event.type == EventType.DEAL:
            assert event.deck is not None
            match.deal(event.deck)
            continue
        assert event.action is not None
        if event.player == 0 and len(match.legal_actions()) > 1:
            cut = folder / f"cut{event.line}.ecarte.jsonl"
            cut.write_text("\n".join(lines[: event.line - 1]) + "\n", encoding="utf-8")
            cuts.append((cut, Position(len(match.deals), match.view(0))))
        match.apply(event.action, event.player)
    return cuts


def summary(label: str, seconds: list[float]) -> None:
    ms = sorted(1000 * value for value in seconds)
    p95 = ms[min(len(ms) - 1, round(0.95 * (len(ms) - 1)))]
    print(
        f"{label}: {len(ms)} hints, median {statistics.median(ms):.0f} ms, "
        f"95th percentile {p95:.0f} ms, max {ms[-1]:.0f} ms"
    )


async def in_the_app(count: int, seed: int, folder: Path) -> list[float]:
    os.environ["ECARTE_DATA_DIR"] = str(folder / "data")
    os.environ["ECARTE_CONFIG_DIR"] = str(folder / "config")
    from ecarte.play.session import HUMAN, MatchSession
    from ecarte.play.settings import Settings
    from ecarte.tui.game_screen import GameScreen

    settings = replace(Settings(), speed="instant", coach="request")
    session = MatchSession.new(settings, opponent="random", seed=seed, directory=folder)

    from textual.app import App

    class Bench(App[None]):
        def on_mount(self) -> None:
            self.push_screen(GameScreen(session, settings))

    times: list[float] = []
    worker_times: list[float] = []
    app = Bench()
    async with app.run_test(size=(120, 40)) as pilot:
        while len(times) < count and not session.is_over:
            screen = app.screen
            if not isinstance(screen, GameScreen) or not screen.awaiting_human:
                if not isinstance(screen, GameScreen):
                    await pilot.press("enter")  # a deal's summary
                await pilot.pause(0.01)
                continue
            legal = session.match.legal_actions()
            if len(legal) > 1:
                panel = screen.query_one(HintPanel)
                started = time.perf_counter()
                await pilot.press("h")
                while panel.evaluation is None:
                    await pilot.pause(0.005)
                times.append(time.perf_counter() - started)
                assert panel.last_seconds is not None
                worker_times.append(panel.last_seconds)
            screen._apply(HUMAN, legal[0])
            await pilot.pause()
    summary("in the app, the worker alone", worker_times)
    return times


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    print(f"python benchmarks/hint.py {count} {seed}   (load average {os.getloadavg()[0]:.1f})")
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        path = folder / "ten.ecarte.jsonl"
        write_ten_deal_match(path, seed)
        seconds = []
        for cut, position in prefix_logs(path, folder):
            started = time.perf_counter()
            result = hint_for(cut, position)
            seconds.append(time.perf_counter() - started)
            assert not isinstance(result, str), result
        summary("hint_for, 10-deal match, seat 0", seconds)
        summary("in the app, key to numbers", asyncio.run(in_the_app(count, seed, folder)))


if __name__ == "__main__":
    main()
