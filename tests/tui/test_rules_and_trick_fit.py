"""At 80x24, in every language and under rules that differ from the usual
ones in every way, the player reads the rules in force whole (in the score
panel, beside the target) and whose card is whose under the trick, also
while the last trick is shown beside it: no word of the table is cut."""

from __future__ import annotations

from pathlib import Path

import pytest
from game_support import GameApp, scripted_session, settle
from textual.widget import Widget

from ecarte import i18n
from ecarte.engine import Rules
from ecarte.play.names import rules_in_words
from ecarte.tui.game_screen import GameScreen
from ecarte.tui.narration import shown_name

SMALLEST = (80, 24)
EVERY_VARIANT = Rules(
    target=7,
    games_to_win=3,
    ace_high=True,
    deal_packets=(2, 3),
    dealer_must_exchange=True,
    max_exchanges=2,
    must_trump=False,
    penalty_adds_to_vole=True,
    four_all_reset=True,
)


def panel_rows(widget: Widget) -> list[str]:
    """The panel's rows as shown, frame included."""
    return [strip.text for strip in widget.render_lines(widget.region.reset_offset)]


def inside(widget: Widget) -> str:
    """The words inside the panel's frame, its lines joined by spaces."""
    return " ".join(" ".join(row[1:-1].split()) for row in panel_rows(widget)[1:-1] if row[1:-1].strip())


@pytest.mark.parametrize("language", i18n.LANGUAGES)
async def test_the_rules_and_the_tricks_names_are_whole_at_80x24(language: str, tmp_path: Path) -> None:
    i18n.activate(language)
    session, _ = scripted_session(tmp_path, [], first_dealer=1, rules=EVERY_VARIANT)
    app = GameApp(session)
    rules = rules_in_words(EVERY_VARIANT)
    names = [shown_name(name) for name in session.names]
    seen: set[str] = set()
    async with app.run_test(size=SMALLEST) as pilot:
        screen = app.screen
        assert isinstance(screen, GameScreen)
        await settle(pilot)
        for _turn in range(12):
            match = screen.match
            if session.is_over or match.phase not in ("exchange", "tricks"):
                break
            score = screen.query_one("#score")
            assert rules in inside(score), panel_rows(score)
            if match.phase == "exchange":
                await pilot.press("p")
            else:
                table = screen.query_one("#table")
                shown = "\n".join(panel_rows(table))
                assert "…" not in shown, shown
                if match.tricks:
                    for name in names:
                        assert name in shown, shown
                    seen.add("the last trick beside the trick" if match.trick else "a trick taken")
                # The weakest card: the computer takes tricks and leads.
                hand, playable = match.hand(0), match.playable_cards()
                await pilot.press(str([i for i, card in enumerate(hand) if playable >> card & 1][-1] + 1))
            await settle(pilot)
    session.close()
    assert seen == {"the last trick beside the trick", "a trick taken"}, seen


def test_the_rules_in_force_keep_to_two_lines_in_a_short_terminal() -> None:
    """Every variant on took 16 rows of the score panel in German at 80x24,
    pushing the Coach's options off the screen: there the rules are cut
    after whole rules, pointing to F2; the ones that fit stay whole."""
    import textwrap

    from ecarte.tui.widgets.score import rules_within

    rules = "Ace high · dealt 2-2-1 · dealer must exchange: on · 2 exchanges · must trump: off"
    short = rules_within(rules, 28, 2)
    assert len(textwrap.wrap(short, 28)) <= 2
    assert short.endswith("… (F2)") and short.startswith("Ace high · ")
    kept = short.removesuffix(" · … (F2)").split(" · ")
    assert kept == rules.split(" · ")[: len(kept)]  # whole rules, in order
    assert rules_within("Ace high", 28, 2) == "Ace high"  # fits: unchanged


async def test_beside_the_coachs_options_the_rules_make_room_at_80x24(tmp_path: Path) -> None:
    """Coach always on, every variant, German (the longest rules): the
    options are all on the screen, the rules cut to two lines ending
    "… (F2)"; without the Coach's options they are whole again."""
    from dataclasses import replace

    from game_support import INSTANT, until

    from ecarte.tui.hint_panel import HintPanel

    i18n.activate("de")
    try:
        session, _ = scripted_session(tmp_path, [], first_dealer=1, rules=EVERY_VARIANT)
        app = GameApp(session, replace(INSTANT, coach="always"))
        async with app.run_test(size=SMALLEST) as pilot:
            await settle(pilot)
            screen = app.screen
            assert isinstance(screen, GameScreen)
            panel = screen.query_one(HintPanel)
            await until(pilot, lambda: panel.evaluation is not None, rounds=3000)
            await pilot.pause()
            score = screen.query_one("#score")
            assert inside(score).endswith("… (F2)")
            assert panel.region.bottom <= SMALLEST[1] - 2  # above the prompt and footer rows
            shown = " ".join(panel_rows(panel))
            assert panel.evaluation is not None
            assert shown.count("%") == len(panel.evaluation.options)
    finally:
        i18n.activate(i18n.SOURCE_LANGUAGE)
    session.close()
