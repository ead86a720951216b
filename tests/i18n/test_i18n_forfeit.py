"""Why the opponent forfeited is kept beside the match log (the ``.forfeit``
file) in the same words whatever the player's language, while the table
tells the player in theirs."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest
from game_support import GameApp, scripted_session, settle

from ecarte import i18n
from ecarte.engine import Action, IllegalActionError, Rules, View
from ecarte.play.session import COMPUTER, MatchSession, forfeit_path
from ecarte.tui.game_screen import GameScreen


class AnswersTheKing:
    """An opponent that answers the king at its first decision, when the
    king may not be announced: an action that is not legal."""

    name = "cheat"

    def start_match(self, seat: int, rules: Rules) -> None:
        pass

    def decide(self, view: View, legal: Sequence[Action]) -> Action:
        return Action.parse("king")


def refused_by_the_engine(session: MatchSession) -> None:
    """The engine refuses the opponent's (legal-looking) move, in the words
    of the player's language, as a rule the game loop did not foresee would."""
    apply = session.apply

    def refusing(seat: int, action: Action) -> None:
        if seat == COMPUTER:
            raise IllegalActionError(i18n._("the exchange is over"))
        apply(seat, action)

    session.apply = refusing  # type: ignore[method-assign]


async def forfeit_in(language: str, tmp_path: Path, engine_refuses: bool) -> tuple[str, list[str]]:
    """The ``.forfeit`` file's text and the History, after the opponent's
    first decision (the computer is elder) forfeits the match."""
    i18n.activate(language)
    session, _ = scripted_session(tmp_path / language, [], first_dealer=0)
    if engine_refuses:
        refused_by_the_engine(session)
    else:
        session.opponent = AnswersTheKing()
    app = GameApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert session.is_over and session.winner == 0
        screen = next(screen for screen in app.screen_stack if isinstance(screen, GameScreen))
        history = [entry.plain for entry in screen.history_entries]
    session.close()
    return forfeit_path(session.log_path).read_text(encoding="utf-8"), history


@pytest.mark.parametrize("engine_refuses", [False, True], ids=["illegal answer", "refused by the engine"])
async def test_the_forfeit_file_is_the_same_in_swedish(engine_refuses: bool, tmp_path: Path) -> None:
    english, __ = await forfeit_in("en", tmp_path, engine_refuses)
    swedish, history = await forfeit_in("sv", tmp_path, engine_refuses)
    assert english.strip()
    assert swedish == english
    # The player reads it in Swedish.
    told = i18n._("{name} forfeits the match.").format(name=i18n._("Computer"))
    assert told != "Computer forfeits the match." and told in history
    if engine_refuses:
        reason = i18n._("the exchange is over")
        assert reason != "the exchange is over"
        assert any(reason in line for line in history) and reason not in swedish
