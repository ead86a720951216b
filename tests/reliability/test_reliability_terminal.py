"""The terminal closing under the app (its window closed, an ssh link
dropped): the app ends within seconds, loses no decision, and Continue
resumes the match.

The app here has no controlling terminal, so closing the terminal sends it
no SIGHUP: the case of ``make play``, where make leads the session, gets the
hangup and waits for the app to end. Before, the app then ran on forever,
reading nothing from the dead terminal at full speed."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from reliability_support import PtyApp

from ecarte.log import replay_file
from ecarte.play.session import LOG_SUFFIX, MatchSession
from ecarte.tui.app import HUNG_UP_STATUS


@pytest.mark.slow
@pytest.mark.deadline(60)
def test_the_app_ends_when_its_terminal_closes_and_continue_resumes(tmp_path: Path) -> None:
    config, data = tmp_path / "config", tmp_path / "data"
    app = PtyApp(["play", "--seed", "4"], config, data)
    try:
        app.wait_for("Table", within=30)
        for key in "pe1111":  # a few moves, whatever they do
            app.keys(key)
            time.sleep(0.1)
        [log] = (data / "matches").glob(f"*{LOG_SUFFIX}")
        written = log.read_bytes()
        app.hang_up()
        try:
            app.process.wait(timeout=15)
        except Exception:
            pytest.fail("the app still runs 15 s after its terminal closed")
    finally:
        app.kill()
    assert app.process.returncode == HUNG_UP_STATUS
    assert log.read_bytes().startswith(written), "every decision written before stays as it was"
    replay = replay_file(log)
    assert replay.error is None
    assert len(replay.events) >= written.count(b"\n") - 1, "and is read back (the header is no event)"
    assert MatchSession.unfinished(data / "matches") == log, "Continue offers the match"
    session, _ = MatchSession.resume(log)
    try:
        assert session.match.deals == replay.match.deals if replay.match else False
    finally:
        session.close()
