"""The score panel: names, the game score against the target, games won,
the dealer, the tricks of this deal and any liability."""

from __future__ import annotations

import textwrap
from dataclasses import dataclass

from rich.console import RenderableType
from rich.table import Table
from rich.text import Text
from textual.reactive import reactive
from textual.widgets import Static

from ecarte.i18n import _
from ecarte.play.names import rules_in_words
from ecarte.play.session import MatchSession
from ecarte.tui.narration import liability_warning, shown_name


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
    rules: str = ""
    """The rules in force besides the target and the match's length (said
    on the line above), in words: "Ace high · must trump: off"."""

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
            rules=rules_in_words(match.rules),
        )


TALL_ENOUGH = 36
"""From this terminal height on, the rules in force are written whole even
beside the Coach's options."""
RULES_LINES = 2
"""Lines the rules in force may take in a shorter terminal."""


def rules_within(rules: str, width: int, most: int) -> str:
    """``rules`` ("Ace high · must trump: off · …") on at most ``most``
    lines of ``width`` cells: whole if it fits, else the first rules that
    do, then "… (F2)" (the rules screen, F2, lists them all)."""
    if width <= 0 or len(textwrap.wrap(rules, width)) <= most:
        return rules
    parts = rules.split(" · ")
    kept: list[str] = []
    for part in parts:
        candidate = " · ".join([*kept, part, "… (F2)"])
        if len(textwrap.wrap(candidate, width)) > most:
            break
        kept.append(part)
    return " · ".join([*kept, "… (F2)"])


class ScorePanel(Static, can_focus=False):
    look: reactive[ScoreLook | None] = reactive(None, init=False)

    def show(self, session: MatchSession) -> None:
        self.look = ScoreLook.of(session)

    def on_resize(self) -> None:
        self.redraw()

    def redraw(self) -> None:
        """Laid out again for what is around it (its width, the Coach's options)."""
        self.watch_look(self.look)

    def watch_look(self, look: ScoreLook | None) -> None:
        if look is None:
            return
        grid = Table.grid(padding=(0, 1), expand=True)
        grid.add_column(ratio=1, no_wrap=True, overflow="ellipsis")
        grid.add_column(justify="right", width=3)
        grid.add_column(justify="right", width=3)
        # Translators: the score's column heads, 3 columns each: points, tricks.
        grid.add_row(Text(""), Text(_("pts"), style="dim"), Text(_("trk"), style="dim"))
        # Translators: beside the dealer's name in the score panel.
        role = " " + _("(deals)")
        # The name's column: the panel less the two figures' (3 cells and a
        # space each). A long name is cut there, never the "(deals)" beside it.
        room = self.content_region.width - 8
        for seat in (0, 1):
            cells = max(4, room - Text(role).cell_len) if look.dealer == seat and room > 0 else None
            name = Text(shown_name(look.names[seat], cells), style="bold")
            if look.dealer == seat:
                name.append(role, style="dim")
            tricks = str(look.tricks_won[seat]) if look.tricks_won is not None else "-"
            grid.add_row(name, Text(str(look.score[seat]), style="bold"), Text(tricks))
        lines: list[RenderableType] = [grid]
        won = f"{look.games_won[0]}-{look.games_won[1]}"
        # Translators: a line of the score panel, about 28 columns.
        games = Text(_("Game to {target} · games won {won}").format(target=look.target, won=won))
        if look.games_to_win > 1:
            games.append(" " + _("(match: first to {count})").format(count=look.games_to_win))
        lines.append(games)
        if look.rules:
            # On as many lines as it takes (the History gives way), except
            # beside the Coach's options in a short terminal: there at most
            # RULES_LINES, ending "… (F2)" (every variant on took 16 rows in
            # German at 80x24 and pushed the options off the screen).
            crowded = self.app.size.height < TALL_ENOUGH and bool(self.screen.query("HintPanel.-shown"))
            width = self.content_region.width
            rules = rules_within(look.rules, width, RULES_LINES) if crowded else look.rules
            lines.append(Text(rules, style="dim"))
        if look.warning:
            lines.append(Text("⚠ " + look.warning, style="bold yellow"))
        # The full width whatever the lines: else the header's columns move
        # when a long line (the liability note) comes or goes.
        table = Table.grid(expand=True)
        for line in lines:
            table.add_row(line)
        # With layout: the panel grows when a warning needs more lines (a
        # match of several games has a line more to show beside it).
        self.update(table)
