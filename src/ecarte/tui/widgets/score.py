"""The score panel: names, the game score against the target, games won,
the dealer, the tricks of this deal and any liability."""

from __future__ import annotations

from rich.console import RenderableType
from rich.table import Table
from rich.text import Text
from textual.widgets import Static

from ecarte.play.session import MatchSession
from ecarte.text import printable
from ecarte.tui.narration import liability_warning


class ScorePanel(Static, can_focus=False):
    _signature: tuple[object, ...] | None = None

    def show(self, session: MatchSession) -> None:
        match = session.match
        signature = (
            tuple(match.score),
            tuple(match.tricks_won),
            tuple(match.games_won),
            match.dealer,
            match.liable,
            match.phase,
            len(match.deals),
        )
        if signature == self._signature:
            return
        self._signature = signature
        rules = match.rules
        grid = Table.grid(padding=(0, 1), expand=True)
        grid.add_column(ratio=1, no_wrap=True, overflow="ellipsis")
        grid.add_column(justify="right", width=3)
        grid.add_column(justify="right", width=3)
        grid.add_row(Text(""), Text("pts", style="dim"), Text("trk", style="dim"))
        for seat in (0, 1):
            name = Text(printable(session.names[seat]), style="bold")
            if match.deals and match.dealer == seat and not match.is_over:
                name.append(" (deals)", style="dim")
            tricks = str(match.tricks_won[seat]) if match.deals else "-"
            grid.add_row(name, Text(str(match.score[seat]), style="bold"), Text(tricks))
        lines: list[RenderableType] = [grid]
        games = Text(f"Game to {rules.target} · games won {match.games_won[0]}-{match.games_won[1]}")
        if rules.games_to_win > 1:
            games.append(f" (match: first to {rules.games_to_win})")
        lines.append(games)
        warning = liability_warning(match, session.names)
        if warning:
            lines.append(Text("⚠ " + warning, style="bold yellow"))
        table = Table.grid()
        for line in lines:
            table.add_row(line)
        self.update(table, layout=False)
