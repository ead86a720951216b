"""The score panel: names, the game score against the target, games won,
the dealer, the tricks of this deal and any liability."""

from __future__ import annotations

from dataclasses import dataclass

from rich.console import RenderableType
from rich.table import Table
from rich.text import Text
from textual.reactive import reactive
from textual.widgets import Static

from ecarte.play.session import MatchSession
from ecarte.text import printable
from ecarte.tui.narration import liability_warning


@dataclass(frozen=True)
class ScoreLook:
    """Everything the panel shows; it is redrawn when this changes."""

    names: tuple[str, str]
    score: tuple[int, int]
    tricks_won: tuple[int, int] | None
    """``None`` before the first deal."""
    games_won: tuple[int, int]
    dealer: int | None
    """``None`` before the first deal and once the match is over."""
    target: int
    games_to_win: int
    warning: str | None

    @classmethod
    def of(cls, session: MatchSession) -> ScoreLook:
        match = session.match
        return cls(
            names=session.names,
            score=(match.score[0], match.score[1]),
            tricks_won=(match.tricks_won[0], match.tricks_won[1]) if match.deals else None,
            games_won=(match.games_won[0], match.games_won[1]),
            dealer=match.dealer if match.deals and not match.is_over else None,
            target=match.rules.target,
            games_to_win=match.rules.games_to_win,
            warning=liability_warning(match, session.names),
        )


class ScorePanel(Static, can_focus=False):
    look: reactive[ScoreLook | None] = reactive(None, init=False)

    def show(self, session: MatchSession) -> None:
        self.look = ScoreLook.of(session)

    def watch_look(self, look: ScoreLook | None) -> None:
        if look is None:
            return
        grid = Table.grid(padding=(0, 1), expand=True)
        grid.add_column(ratio=1, no_wrap=True, overflow="ellipsis")
        grid.add_column(justify="right", width=3)
        grid.add_column(justify="right", width=3)
        grid.add_row(Text(""), Text("pts", style="dim"), Text("trk", style="dim"))
        for seat in (0, 1):
            name = Text(printable(look.names[seat]), style="bold")
            if look.dealer == seat:
                name.append(" (deals)", style="dim")
            tricks = str(look.tricks_won[seat]) if look.tricks_won is not None else "-"
            grid.add_row(name, Text(str(look.score[seat]), style="bold"), Text(tricks))
        lines: list[RenderableType] = [grid]
        games = Text(f"Game to {look.target} · games won {look.games_won[0]}-{look.games_won[1]}")
        if look.games_to_win > 1:
            games.append(f" (match: first to {look.games_to_win})")
        lines.append(games)
        if look.warning:
            lines.append(Text("⚠ " + look.warning, style="bold yellow"))
        # The full width whatever the lines: else the header's columns move
        # when a long line (the liability note) comes or goes.
        table = Table.grid(expand=True)
        for line in lines:
            table.add_row(line)
        self.update(table, layout=False)
