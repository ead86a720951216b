"""The coach's hint at the game table (``docs/analysis.md``): every option of
the player's decision, ranked by its chance of winning the match, the best
marked.

The numbers are the evaluator's (``analysis.match_analysis.hint``), the
expert's own valuation from what the player's seat has seen: the match's
autosave is read and replayed in a thread worker, so the table never
freezes, and the result comes back as a ``HintPanel.Ready`` message. A
hint shown for a decision marks that decision's log line (``"hint": true``,
through ``MatchSession.note_hint``), so the match counts as assisted.

The ``coach`` setting: ``off`` (the key only says so), ``request`` (a hint
on ``h``, gone once the decision is made) or ``always`` (the chances stay
beside the options, refreshed at each decision).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual import on, work
from textual.message import Message
from textual.widgets import Static

from ecarte.ai.coach import model_for
from ecarte.ai.evaluator import Evaluation
from ecarte.analysis.option_words import discarded_cards, keep_the_hand, option_word
from ecarte.engine import Action, IllegalActionError, Match, Phase, View
from ecarte.engine.actions import CARD, DISCARD, KING, KING_ACTION
from ecarte.i18n import N_, _, translated_error
from ecarte.play.names import level_name

from .base import is_open
from .cards_render import card_text
from .styled import styled

if TYPE_CHECKING:
    from ecarte.play.session import MatchSession

HUMAN = 0
"""The player's seat in the app (``play.session.HUMAN``)."""
OFF_MESSAGE = N_("The coach is off: turn it on in Settings (Coach) to see what each option is worth.")


def option_text(
    action: Action,
    symbols: bool = True,
    *,
    verb: bool = True,
    trump: int | None = None,
    ace_high: bool = False,
) -> Text:
    """An option as the player knows it (``analysis.option_words``), its
    cards coloured. ``verb=False``: a discard as its cards alone (where the
    decision says they are discards and room is short)."""
    if action.type == CARD:
        return card_text(action.card, symbols)
    if action.type == DISCARD:
        cards = discarded_cards(action, trump, ace_high)
        if not cards:
            return Text(keep_the_hand())
        shown = Text(" ").join(card_text(card, symbols) for card in cards)
        if not verb:
            return shown
        return styled(_("Discard {cards}"), cards=shown)
    return Text(option_word(action))


EXACT = 1e-9
"""Within this of 100% (or 0%) a chance is certain: an average of wins only
may miss 100 by a rounding error of the floats."""


def chance_text(win: float) -> str:
    """A win chance in four cells: "100%" and "  0%" only when certain (every
    sample won, or none), ">99%" and " <1%" for the chances that rounding
    would make look certain."""
    if win >= 100 - EXACT:
        return "100%"
    if win <= EXACT:
        return "  0%"
    shown = f"{win:3.0f}%"
    # Decided on the rounded text: 0.5 rounds (to even) to 0, 99.5 to 100.
    return {"100%": ">99%", "  0%": " <1%"}.get(shown, shown)


def bar(win: float, width: int) -> Text:
    """A bar of ``width`` cells filled to ``win`` percent (eighths of a
    cell): full or empty only when the chance is shown as certain."""
    eighths = round(max(0.0, min(100.0, win)) / 100.0 * width * 8)
    if win < 100 - EXACT:
        eighths = min(eighths, width * 8 - 1)
    if win > EXACT:
        eighths = max(eighths, 1)
    full, part = divmod(eighths, 8)
    text = "█" * full + ("▏▎▍▌▋▊▉"[part - 1] if part else "")
    return Text(text.ljust(width, "·"), style="green")


FORCED_MESSAGE = N_("Only one legal move: nothing to choose.")


MARK_AND_PERCENT = 8
"""Cells of a hint line beside its label and bar: the mark ("★ ", 2), the
chance (" 41%" as "  41%", 5) and one cell to spare at the edge."""
BAR_LEAST = 3
"""A bar narrower than this says nothing: the line goes without one."""


def last_too_close(shown: Sequence[str], within_noise: Sequence[bool]) -> int:
    """The rank of the last option, best first, marked too close to call
    (0: none). ``shown`` is each option's chance as written beside it,
    ``within_noise`` whether the samples can tell it from the best. Marked:
    an option within the noise or shown with the best's chance; every option
    ranked above a marked one; and one shown with a marked one's chance."""
    marked = [rank for rank in range(1, len(shown)) if within_noise[rank] or shown[rank] == shown[0]]
    last = max(marked, default=0)
    while last and last + 1 < len(shown) and shown[last + 1] == shown[last]:
        last += 1
    return last


def hint_lines(
    evaluation: Evaluation,
    width: int,
    symbols: bool = True,
    legal: int | None = None,
    trump: int | None = None,
    ace_high: bool = False,
) -> Text:
    """The ranked options of a hint, one a line, in ``width`` cells: a mark
    for the best, the option, a bar and the win chance. An option is shown
    whole wherever it can be: a discard by its cards alone when "Discard"
    would not leave room for them, the bar left out before a label is cut
    (discards cut short look alike)."""
    ranked = evaluation.ranked()
    room = max(4, width - MARK_AND_PERCENT)

    def labels_of(verb: bool) -> list[Text]:
        return [
            option_text(option.action, symbols, verb=verb, trump=trump, ace_high=ace_high)
            for option in ranked
        ]

    labels = labels_of(verb=True)
    if max(label.cell_len for label in labels) > room - BAR_LEAST - 1:
        labels = labels_of(verb=False)
    label_width = min(max(label.cell_len for label in labels), room)
    bar_width = room - label_width - 1
    lines = Text()
    close_mark = "≈ " if symbols else "~ "
    # An option the samples cannot tell from the best is marked so: the
    # star alone would call a coin toss. So is one shown with the best's
    # chance, however precise the samples: the panel shows them alike. And
    # so is every option ranked above a marked one, or shown with its chance:
    # "≈ J♣ 86%" above an unmarked "Q♠ 86%" read as a contradiction (J♣'s
    # samples were only more spread).
    last_close = last_too_close(
        [chance_text(option.win) for option in ranked],
        [evaluation.within_noise(evaluation.options.index(option)) for option in ranked],
    )
    any_close = last_close > 0
    for index, (option, label) in enumerate(zip(ranked, labels, strict=True)):
        if index:
            lines.append("\n")
        best = index == 0
        close = 0 < index <= last_close
        if best:
            lines.append("★ " if symbols else "* ", style="bold yellow")
        else:
            lines.append(close_mark if close else "  ", style="yellow")
        label = label.copy()
        label.truncate(label_width, pad=True)
        if best:
            label.stylize("bold")
        lines.append_text(label)
        if bar_width >= BAR_LEAST:
            lines.append(" ")
            lines.append_text(bar(option.win, bar_width))
        lines.append(" " + chance_text(option.win), style="bold" if best else "")
    if any_close:
        lines.append(
            # Translators: under the coach's options (28 columns at 80x24): the options marked
            # {mark} (≈, or ~ without suit symbols) are as good as the best within the sampling error.
            "\n" + _("{mark}too close to call").format(mark=close_mark),
            style="dim",
        )
    if legal is not None and legal > len(ranked):
        lines.append(
            "\n"
            # Translators: under the coach's discards (28 columns at 80x24: one line), listed under
            # the heading "by the cards discarded": the search weighs only the most promising of
            # the legal discards.
            + _("({count} most promising of {legal})").format(count=len(ranked), legal=legal),
            style="dim",
        )
    return lines


def king_note(evaluation: Evaluation, match: Match) -> str | None:
    """What the king's line beside the cards means: a card played now keeps
    the king quiet, and announcing may win the game on the spot (asked of
    the engine, on a copy of ``match`` at the player's decision)."""
    if not any(option.action.type == KING for option in evaluation.options):
        return None
    after = match.copy()
    try:
        after.apply(KING_ACTION, HUMAN)
    except IllegalActionError:
        return None  # a hint of a decision already made
    if after.deals[-1].ended_game is not None:
        # Translators: under the coach's options (28 columns at 80x24): announcing the king
        # (1 point) reaches the game's target at once.
        return _("(announcing wins the game now)")
    # Translators: under the coach's options (28 columns at 80x24): the card lines are
    # plays that leave the king unannounced.
    return _("(cards: king kept quiet)")


@dataclass(frozen=True)
class Position:
    """The decision a hint is about: the deal and what the player sees."""

    deals: int
    view: View


def hint_for(session_log: Any, position: Position) -> Evaluation | str:
    """The hint for ``position`` from the autosave at ``session_log``, or
    why there is none (a sentence). Slow: call it in a worker."""
    from ecarte.analysis.match_analysis import hint
    from ecarte.log import LogFileError, replay_file

    try:
        replay = replay_file(session_log)
    except LogFileError as error:
        return _("No hint: the autosave cannot be read ({error}).").format(error=translated_error(error))
    match = replay.match
    if (
        match is None
        or match.current_player != HUMAN
        or len(match.deals) != position.deals
        or match.view(HUMAN) != position.view
    ):
        return _("No hint: the match's autosave does not reach this decision.")
    # The seed comes from the position (``ai.coach.decision_seed``): the
    # numbers are those `ecarte analyse` gives this decision.
    evaluation = hint(replay)
    return evaluation if evaluation is not None else _("No decision of yours is due.")


def coach_subtitle(opponent: str | None) -> str:
    """Under the Coach's options: whom its chances are reckoned against
    ("against Easy": the rest of the match valued as that opponent plays
    it); nothing for an opponent it has no model of (a bot)."""
    if opponent is None or not model_for(opponent)[1]:
        return ""
    return _("against {level}").format(level=level_name(opponent))


class HintPanel(Static):
    """The coach's panel beside the table (shown only with something to say)."""

    DEFAULT_CSS = """
    HintPanel {
        height: auto;
        max-height: 11;
        border: round $warning;
        padding: 0 1;
        display: none;
    }
    HintPanel.-shown { display: block; }
    """

    class Ready(Message):
        """A hint computed in the worker, for the position it was asked for."""

        def __init__(self, position: Position, result: Evaluation | str, seconds: float) -> None:
            super().__init__()
            self.position = position
            self.result = result
            self.seconds = seconds

    def __init__(
        self, session: MatchSession, mode: str, symbols: bool = True, *, id: str | None = None
    ) -> None:
        super().__init__(id=id)
        self.session = session
        self.mode = mode
        self.symbols = symbols
        self.position: Position | None = None
        """The player's decision now (``None`` when it is not the player's turn)."""
        self.asked: Position | None = None
        """The position a hint was asked for (being computed or shown)."""
        self.evaluation: Evaluation | None = None
        """The hint shown, for ``asked``."""
        self.forced = False
        """Whether ``asked`` has a single legal move (its hint is no help)."""
        self.last_seconds: float | None = None
        """How long the last hint took, from the request to the numbers."""
        self._requested_at = 0.0

    def on_mount(self) -> None:
        self.border_title = _("Coach")
        self.border_subtitle = coach_subtitle(self.session.opponent_level)

    # ------------------------------------------------------------ the flow

    def _now(self, awaiting: bool) -> Position | None:
        match = self.session.match
        if not awaiting or not match.deals:
            return None
        return Position(len(match.deals), match.view(HUMAN))

    def follow(self, awaiting: bool) -> None:
        """The table was redrawn: forget a hint of a decision made, and
        with the coach always on, ask for the new decision's."""
        position = self._now(awaiting)
        if position == self.position:
            return
        self.position = position
        if self.asked is not None and self.asked != position:
            self.asked = None
            self.evaluation = None
            self._hide()
        if position is not None and self.mode == "always":
            self._ask(position)

    def request(self) -> None:
        """The ``h`` key: a hint for the decision due."""
        if self.mode == "off":
            self.notify(_(OFF_MESSAGE), title=_("Coach"), timeout=5)
            return
        if self.position is None:
            self.notify(
                _("There is no decision of yours to give a hint for now."), title=_("Coach"), timeout=4
            )
            return
        if self.asked == self.position:
            # Already shown, or on its way; with the Coach always on, h
            # would otherwise seem to do nothing.
            if self.mode == "always":
                self.notify(
                    _("The Coach is always on: the chances it shows are this decision's."),
                    title=_("Coach"),
                    timeout=4,
                )
            return
        self._ask(self.position)

    def _ask(self, position: Position) -> None:
        legal = self.session.match.legal_actions()
        self.asked = position
        self.evaluation = None
        self._requested_at = time.perf_counter()
        self.forced = len(legal) == 1
        if self.forced:
            # Said at once; the chance of winning follows (a forced move is
            # no help, so it does not make the match assisted).
            self._show(Text(_(FORCED_MESSAGE), style="italic"))
        else:
            self._show(Text(_("Weighing the options…"), style="italic"))
        self._compute(position)

    @work(thread=True, exclusive=True, group="hint", exit_on_error=False)
    def _compute(self, position: Position) -> None:
        try:
            result = hint_for(self.session.log_path, position)
        except Exception as error:  # the coach's failure must never end the match
            result = _("No hint: {error}").format(error=f"{type(error).__name__}: {error}")
        self.post_message(self.Ready(position, result, time.perf_counter() - self._requested_at))

    @on(Ready)
    def _ready(self, message: Ready) -> None:
        message.stop()
        if not is_open(self):
            return  # the table closed while the hint was computed
        if message.position != self.asked or message.position != self.position:
            return  # a decision already made: the hint is stale
        self.last_seconds = message.seconds
        if isinstance(message.result, str):
            self._show(Text(message.result, style="italic"))
            return
        self.evaluation = message.result
        if not self.forced:
            self.session.note_hint()
        self._draw()

    def on_resize(self) -> None:
        if self.evaluation is not None:
            self._draw()

    # ------------------------------------------------------------ drawing

    def _draw(self) -> None:
        if self.evaluation is None:
            return
        width = max(16, self.size.width or 28)
        # Forced by the rules, not by how many options the search valued (a
        # discard search may value one of several legal discards).
        if self.forced and len(self.evaluation.options) == 1:
            (only,) = self.evaluation.options
            text = Text(_(FORCED_MESSAGE) + "\n", style="italic")
            text.append(_("Chance to win the match: {chance}").format(chance=chance_text(only.win).strip()))
            self._show(text)
            return
        discarding = self.evaluation.phase == Phase.DISCARD
        discards = len(self.session.match.legal_actions()) if discarding else None
        # A discard may be shown by its cards alone: the heading says they
        # are the cards thrown away, not those kept.
        heading = _("Chance to win the match, by the cards discarded:") if discarding else None
        text = Text((heading or _("Chance to win the match:")) + "\n", style="dim")
        match = self.session.match
        text.append_text(
            hint_lines(self.evaluation, width, self.symbols, discards, match.trump, match.rules.ace_high)
        )
        note = king_note(self.evaluation, match)
        if note:
            text.append("\n" + note, style="dim")
        self._show(text)

    def _show(self, content: Text) -> None:
        self.update(content)
        self._shown(True)

    def _hide(self) -> None:
        self.update("")
        self._shown(False)

    def _shown(self, shown: bool) -> None:
        if self.has_class("-shown") == shown:
            return
        self.set_class(shown, "-shown")
        # The score panel above makes room for the options in a short
        # terminal (it writes the rules in force shorter while they show).
        from .widgets.score import ScorePanel

        for panel in self.screen.query(ScorePanel):
            panel.redraw()
