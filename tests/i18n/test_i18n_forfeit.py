"""Why the opponent forfeited is kept beside the match log (the ``.forfeit``
file) in the same words whatever the player's language, while the table
(the History and the match-over window) tells the player in theirs: a bot's
fault, an illegal answer, a bug in a built-in player (its own text kept
inside our sentence), the engine's refusal."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest
from game_support import GameApp, scripted_session, settle
from textual.widgets import Static

from ecarte import i18n
from ecarte.engine import Action, IllegalActionError, Rules, View
from ecarte.i18n import N_, Deferred
from ecarte.play import autosave
from ecarte.play.session import COMPUTER, MatchSession, forfeit_path
from ecarte.protocol.host import BotFault
from ecarte.tui.deal_summary import MatchOverScreen
from ecarte.tui.game_screen import GameScreen


class AnswersTheKing:
    """An opponent that answers the king at its first decision, when the
    king may not be announced: an action that is not legal."""

    name = "cheat"

    def start_match(self, seat: int, rules: Rules) -> None:
        pass

    def decide(self, view: View, legal: Sequence[Action]) -> Action:
        return Action.parse("king")


class TimesOut(AnswersTheKing):
    """A protocol bot that does not answer in time (its fault as the host
    reports it)."""

    def decide(self, view: View, legal: Sequence[Action]) -> Action:
        problem = Deferred(
            N_("no answer within {seconds} s to a decide in the {phase} phase"), seconds="2", phase="tricks"
        )
        raise BotFault("timeout", problem, "cmd:slow-bot", ["thinking..."])


class Crashes(AnswersTheKing):
    """A built-in player with a bug."""

    def decide(self, view: View, legal: Sequence[Action]) -> Action:
        raise ZeroDivisionError("division by zero")


def refused_by_the_engine(session: MatchSession) -> None:
    """The engine refuses the opponent's (legal-looking) move, in the words
    of the player's language, as a rule the game loop did not foresee would."""
    apply = session.apply

    def refusing(seat: int, action: Action) -> None:
        if seat == COMPUTER:
            raise IllegalActionError(i18n._("the exchange is over"))
        apply(seat, action)

    session.apply = refusing  # type: ignore[method-assign]


OPPONENTS = {"illegal answer": AnswersTheKing, "a bot's fault": TimesOut, "a bug": Crashes}


async def forfeit_in(language: str, tmp_path: Path, opponent: str) -> tuple[str, list[str], str]:
    """The ``.forfeit`` file's text, the History and the match-over window's
    text, after the opponent's first decision (the computer is elder)
    forfeits the match."""
    i18n.activate(language)
    session, _ = scripted_session(tmp_path / language, [], first_dealer=0)
    if opponent == "refused by the engine":
        refused_by_the_engine(session)
    else:
        session.opponent = OPPONENTS[opponent]()
    app = GameApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.pause()
        assert session.is_over and session.winner == 0
        screen = next(screen for screen in app.screen_stack if isinstance(screen, GameScreen))
        history = [entry.plain for entry in screen.history_entries]
        assert isinstance(app.screen, MatchOverScreen)
        window = "\n".join(str(widget.render()) for widget in app.screen.query(Static))
    session.close()
    return forfeit_path(session.log_path).read_text(encoding="utf-8"), history, window


def in_swedish(english: str, **values: str) -> str:
    """``english``'s Swedish words, checked to differ from the English."""
    swedish = i18n._(english).format(**values)
    assert swedish != english.format(**values), english
    return swedish


@pytest.mark.parametrize("opponent", [*OPPONENTS, "refused by the engine"])
async def test_the_forfeit_file_is_the_same_in_swedish(opponent: str, tmp_path: Path) -> None:
    english, __, ___ = await forfeit_in("en", tmp_path, opponent)
    swedish, history, window = await forfeit_in("sv", tmp_path, opponent)
    assert english.strip()
    assert swedish == english
    # The player reads it in Swedish.
    told = i18n._("{name} forfeits the match.").format(name=i18n._("Computer"))
    assert told != "Computer forfeits the match." and told in history
    if opponent == "refused by the engine":
        reason = i18n._("the exchange is over")
        assert reason != "the exchange is over"
        assert any(reason in line for line in history) and reason not in swedish
        # The match-over window says so in Swedish too (whatever the move was).
        said = in_swedish("the opponent answered {action}, which is not a legal action now", action="\0")
        start, end = said.split("\0")
        assert start in window and end in window and end not in swedish
        return
    if opponent == "illegal answer":
        said = in_swedish("the opponent answered {action}, which is not a legal action now", action="king")
    elif opponent == "a bug":
        # The error keeps its own (English) text, inside a Swedish sentence.
        said = in_swedish("the opponent's player stopped with an error: {error}", error="division by zero")
        assert "division by zero" in english
    else:
        problem = in_swedish(
            "no answer within {seconds} s to a decide in the {phase} phase", seconds="2", phase="tricks"
        )
        said = in_swedish(
            "bot {bot} forfeits ({kind}): {problem}",
            bot="'cmd:slow-bot'",
            kind=i18n._("timeout"),
            problem=problem,
        )
        assert i18n._("timeout") != "timeout"
        assert in_swedish("its last standard error lines:") in window and "  | thinking..." in window
        assert "no answer within 2 s" in english and "thinking..." in english
    assert said not in english
    assert any(said in line for line in history), history
    assert said in window


def test_an_empty_or_unreadable_forfeit_file_is_told_in_the_language(tmp_path: Path) -> None:
    i18n.activate("de")
    log = tmp_path / "match.ecarte.jsonl"
    forfeit_path(log).write_text("\n", encoding="utf-8")
    assert autosave.read_forfeit(log) == i18n._("the opponent forfeited this match; no reason was kept")
    forfeit_path(log).write_bytes(b"x" * (64 * 1024 + 1))  # there, but too large to be read
    assert autosave.read_forfeit(log) == i18n._("the opponent forfeited this match")
    assert i18n._("the opponent forfeited this match") != "the opponent forfeited this match"
