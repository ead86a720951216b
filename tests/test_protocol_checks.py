"""``ecarte bot`` checks the host's messages as the protocol has them: a
message out of place, a view no deal can show, legal actions that are not
those of the view's position (docs/bot-protocol.md, "Writing a host")."""

from __future__ import annotations

import io
import json
import random
import subprocess
import sys
from typing import Any

import pytest

from ecarte import i18n
from ecarte.ai import make_player
from ecarte.engine import Action, Match, Rules, legal_in_view
from ecarte.protocol.bot import serve
from ecarte.protocol.host import check_command


def hello(seat: int = 0, **rules: Any) -> str:
    return json.dumps(
        {
            "type": "hello",
            "protocol": 1,
            "seat": seat,
            "players": ["a", "b"],
            "rules": {**Rules().to_dict(), **rules},
        }
    )


def decide_at(seat: int, steps: int = 0, deck_seed: int = 3) -> dict[str, Any]:
    """A true ``decide`` for ``seat``: the first decision of a deal, then
    ``steps`` decisions further (each seat playing its first legal action)."""
    match = Match(Rules(), first_dealer=1 - seat)
    deck = list(range(32))
    random.Random(deck_seed).shuffle(deck)
    match.deal(deck)
    taken = 0
    while taken < steps or match.current_player != seat:
        match.apply(match.legal_actions()[0], match.current_player)
        taken += 1
    return {
        "type": "decide",
        "view": match.view(seat).to_json(),
        "legal": [action.to_json() for action in match.legal_actions()],
    }


def in_tricks(seat: int) -> dict[str, Any]:
    """A ``decide`` of the tricks phase for ``seat``, elder, who played
    without exchanging: its lead to the first trick."""
    match = Match(Rules(), first_dealer=1 - seat)
    deck = list(range(32))
    random.Random(3).shuffle(deck)
    match.deal(deck)
    match.apply(Action.parse("play"), seat)
    message = {
        "type": "decide",
        "view": match.view(seat).to_json(),
        "legal": [action.to_json() for action in match.legal_actions()],
    }
    assert message["view"]["phase"] == "tricks"
    return message


def run(lines: list[str], player: str = "classic") -> tuple[int, str]:
    data = "".join(line + "\n" for line in lines).encode()
    out = io.StringIO()
    status = serve(make_player(player, 0), io.BytesIO(data), out)
    return status, out.getvalue()


BYE = json.dumps({"type": "bye"})


def changed(message: dict[str, Any], **view: Any) -> str:
    copy = json.loads(json.dumps(message))
    copy["view"].update(view)
    return json.dumps(copy)


def with_legal(message: dict[str, Any], legal: list[dict[str, Any]]) -> str:
    copy = json.loads(json.dumps(message))
    copy["legal"] = legal
    return json.dumps(copy)


def test_cards_to_play_in_elders_exchange_are_refused_not_played(capsys: pytest.CaptureFixture[str]) -> None:
    # The docs' own example of a host's error: before, the bot answered
    # {"type": "card", "card": ...} with status 0.
    message = decide_at(0)
    assert message["view"]["phase"] == "exchange"
    card = message["view"]["hand"][0]
    status, out = run([hello(), with_legal(message, [{"type": "card", "card": card}]), BYE])
    assert status == 2
    assert out == "", "nothing is answered to a decide that is not the protocol"
    error = capsys.readouterr().err
    assert f"ecarte bot: line 2 from the host: 'legal' lists 'card {card}'" in error
    assert "which the rules do not allow in the view's position (exchange, hand " in error


@pytest.mark.parametrize(
    "rules",
    [
        Rules(max_exchanges=2, ace_high=True),
        Rules(must_trump=False, dealer_must_exchange=True, deal_packets=(2, 3)),
        Rules(games_to_win=2, penalty_adds_to_vole=True),
    ],
)
def test_the_legal_actions_of_true_positions_are_accepted_at_every_decision(rules: Rules) -> None:
    # What a seat sees gives the list the match gives, at every decision of
    # whole matches under several rule sets.
    match = Match(rules, first_dealer=0)
    rng = random.Random(5)
    while not match.is_over:
        if match.current_player is None:
            deck = list(range(32))
            rng.shuffle(deck)
            match.deal(deck)
            continue
        seat = match.current_player
        legal = match.legal_actions()
        assert sorted(map(str, legal_in_view(match.view(seat), rules))) == sorted(map(str, legal))
        # The seat the view's position waits for is the one to move.
        assert match.view(seat).deciding == seat
        assert match.phase == "discard" or match.view(1 - seat).deciding == seat
        match.apply(rng.choice(legal), seat)


@pytest.mark.parametrize(
    ("lines", "said"),
    [
        ([hello(), hello()], "line 2 from the host: a second 'hello'"),
        (
            [hello(seat=1), json.dumps(decide_at(0))],
            "the view's 'seat' is 0, but 'hello' gave this bot seat 1",
        ),
        (
            [hello(), changed(decide_at(0), hand=["KH", "KH", "9S", "TD", "7C"])],
            "the view shows the card KH twice",
        ),
        ([hello(), changed(decide_at(0), score=[-1, 0])], "the view's 'score' is [-1, 0]: in a game to 5"),
        ([hello(), changed(decide_at(0), score=[5, 0])], "each is from 0 to 4"),
        ([hello(), changed(decide_at(0), games_won=[1, 0])], "the view's 'games_won' is [1, 0]"),
        (
            [hello(), changed(decide_at(0), hand=decide_at(0)["view"]["hand"][:2])],
            "the view's hand holds 2 cards",
        ),
        (
            # Elder's exchange shown to the dealer: it is not the dealer's decision.
            [hello(), changed(decide_at(0), dealer=0)],
            "in the view's position (exchange) seat 1 decides, not this bot's seat 0",
        ),
        ([hello(), json.dumps({"type": "result", "games": "x", "winner": 0})], "'result' needs 'games'"),
        (
            [hello(), json.dumps({"type": "result", "games": [[5, 3]], "winner": 7})],
            "'result' needs 'winner'",
        ),
        (
            [hello(), json.dumps({"type": "result", "games": [[5, -3]], "winner": 0})],
            "'result' needs 'games'",
        ),
        ([json.dumps({"type": "result", "games": [], "winner": None})], "'result' before 'hello'"),
        ([hello(), with_legal(decide_at(0), [{"type": "play"}])], "'legal' leaves out 'propose'"),
    ],
)
def test_a_host_message_out_of_place_or_impossible_stops_the_bot(
    lines: list[str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out = run([*lines, BYE])
    assert status == 2
    assert out == ""
    error = capsys.readouterr().err
    assert said in error
    assert error.startswith("ecarte bot: line ")
    assert "Traceback" not in error


def test_a_legal_card_not_in_the_hand_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    message = in_tricks(0)
    hand = set(message["view"]["hand"])
    stranger = next(code for code in ("7S", "8S", "9S", "TS", "AS", "JS") if code not in hand)
    status, out = run(
        [hello(), with_legal(message, [*message["legal"], {"type": "card", "card": stranger}]), BYE]
    )
    assert status == 2 and out == ""
    assert f"'legal' lists 'card {stranger}', which the rules do not allow" in capsys.readouterr().err


def test_a_true_result_and_a_second_decide_after_the_king_are_accepted() -> None:
    message = in_tricks(0)
    status, out = run(
        [hello(), json.dumps(message), json.dumps({"type": "result", "games": [[5, 3]], "winner": None}), BYE]
    )
    assert status == 0
    assert len(out.splitlines()) == 1


def test_a_truncated_line_is_told_at_its_real_column(capsys: pytest.CaptureFixture[str]) -> None:
    # The line's end used to count as a line of its own: "column 1".
    status, _ = run([hello(), '{"type":"bye"'])
    assert status == 2
    assert "line 2 from the host: not valid JSON: ',' was expected at column 14" in capsys.readouterr().err


def test_the_json_readers_words_are_in_the_language_asked(capsys: pytest.CaptureFixture[str]) -> None:
    template = "not valid JSON: ',' was expected at column {column}"
    try:
        i18n.activate("fr")
        expected = i18n._(template).format(column=14)
        status, _ = run([hello(), '{"type":"bye"'])
    finally:
        i18n.activate(i18n.SOURCE_LANGUAGE)
    assert expected != template.format(column=14), "the catalog translates it (as ecarte check shows it)"
    assert status == 2
    assert expected in capsys.readouterr().err


def test_a_missing_program_is_named_once() -> None:
    with pytest.raises(ValueError) as caught:
        check_command("/nonexistent/ecarte-bot")
    message = str(caught.value)
    assert message == "the bot command '/nonexistent/ecarte-bot' is not a program that can be run"
    with pytest.raises(
        ValueError, match=r"'/nonexistent/ecarte-bot --fast': '/nonexistent/ecarte-bot' is not"
    ):
        check_command("/nonexistent/ecarte-bot --fast")


@pytest.mark.parametrize(
    ("protocol", "shown"), [(True, "true"), (None, "null"), ("1", '"1"'), ({"v": 1}, '{"v": 1}')]
)
def test_ecarte_bot_quotes_a_wrong_protocol_version_as_json(protocol: Any, shown: str) -> None:
    # "protocol": true was told as "protocol version True", in Python's words.
    line = json.dumps({"type": "hello", "protocol": protocol, "seat": 0, "rules": {}})
    result = subprocess.run(
        [sys.executable, "-m", "ecarte", "--lang", "en", "bot", "expert"],
        input=line + "\n",
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr == (
        f"ecarte bot: line 1 from the host: protocol version {shown}; this bot speaks version 1\n"
    )
