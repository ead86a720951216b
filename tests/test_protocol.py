"""The bot protocol: ``ecarte bot`` on one side, ``ExternalPlayer`` on the other
(spec/bot-protocol.md)."""

from __future__ import annotations

import io
import json
import os
import random
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from ecarte.ai import make_player
from ecarte.ai.base import Player
from ecarte.engine import Action, Card, Match, Rules, View
from ecarte.protocol import BotFault, ExternalPlayer, resolve_player
from ecarte.protocol.bot import serve
from ecarte.protocol.host import MAX_LINE_BYTES
from ecarte.tournament import MatchOutcome, play_match

ROOT = Path(__file__).resolve().parent.parent
BOTS = ROOT / "tests" / "bots"
PYTHON = sys.executable
TIMEOUT_BOT_LIMIT = 2.5
"""Time given to the bot that never answers: ample for its interpreter to
start and write its last words (at startup), even on a loaded machine."""


def bot_command(script: str, *args: str) -> str:
    return " ".join([PYTHON, str(BOTS / script), *args])


def builtin_bot(name: str, seed: int) -> str:
    return f"{PYTHON} -m ecarte bot {name} --seed {seed}"


class Recorder:
    """Collects what a match log would hold."""

    def __init__(self) -> None:
        self.events: list[tuple[Any, ...]] = []

    def write_deal(self, dealer: int, deck: tuple[Card, ...]) -> None:
        self.events.append(("deal", dealer, tuple(deck)))

    def write_action(self, player: int, action: Action) -> None:
        self.events.append((player, str(action)))


def play(
    players: list[Player], rules: Rules | None = None, deck_seed: int = 1
) -> tuple[MatchOutcome, Recorder]:
    recorder = Recorder()
    outcome = play_match(players, rules or Rules(), 0, random.Random(deck_seed), recorder)
    return outcome, recorder


def process_gone(pid: int | None) -> bool:
    assert pid is not None
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    return False


# ------------------------------------------------------------ a built-in bot through the protocol


@pytest.mark.parametrize("bot_seat", [0, 1])
@pytest.mark.parametrize(
    "rules", [Rules(), Rules(games_to_win=2, ace_high=True, deal_packets=(2, 2, 1), max_exchanges=2)]
)
def test_a_builtin_bot_through_ecarte_bot_plays_exactly_as_in_process(bot_seat: int, rules: Rules) -> None:
    in_process: list[Player] = [make_player("random", 11), make_player("random", 12)]
    bot = ExternalPlayer(builtin_bot("random", 11 + bot_seat))
    through_protocol: list[Player] = [make_player("random", 11), make_player("random", 12)]
    through_protocol[bot_seat] = bot

    expected, expected_log = play(in_process, rules)
    outcome, log = play(through_protocol, rules)

    assert outcome.forfeit is None
    assert log.events == expected_log.events
    assert (outcome.winner, outcome.games, outcome.points) == (
        expected.winner,
        expected.games,
        expected.points,
    )
    assert process_gone(bot.pid), "the bot process must be ended after the match"


@pytest.mark.parametrize("name", ["classic", "expert"])
def test_the_thinking_players_through_ecarte_bot_play_exactly_as_in_process(name: str) -> None:
    try:
        make_player(name, 0)
    except ImportError:
        pytest.skip(f"the {name} player is not written yet")
    rules = Rules(games_to_win=2)
    expected, expected_log = play([make_player(name, 5), make_player("random", 6)], rules, deck_seed=2)
    bot = ExternalPlayer(builtin_bot(name, 5), timeout=30)
    outcome, log = play([bot, make_player("random", 6)], rules, deck_seed=2)
    assert outcome.forfeit is None
    assert log.events == expected_log.events
    assert outcome.games == expected.games


def test_the_host_sends_hello_decide_result_and_bye(tmp_path: Path) -> None:
    transcript = tmp_path / "messages.jsonl"
    rules = Rules(games_to_win=2, target=3)
    bot = ExternalPlayer(bot_command("recorder.py", str(transcript)), name="recorder")
    outcome, _ = play([make_player("random", 3), bot], rules, deck_seed=5)

    messages = [json.loads(line) for line in transcript.read_text().splitlines()]
    hello = messages[0]
    assert hello == {
        "type": "hello",
        "protocol": 1,
        "seat": 1,
        "players": ["random", "recorder"],
        "rules": rules.to_dict(),
    }
    assert set(hello["rules"]) == set(Rules().to_dict()), "hello holds every variant key"
    assert messages[-1] == {"type": "bye"}
    results = [message for message in messages if message["type"] == "result"]
    # One result per game played; the last names the match's winner.
    assert len(results) == sum(outcome.games_won)
    assert results[-1] == {"type": "result", "games": outcome.games, "winner": outcome.winner}
    assert all(result["winner"] is None for result in results[:-1])
    decides = [message for message in messages if message["type"] == "decide"]
    assert len(decides) == outcome.decisions[1]
    for decide in decides:
        view = View.from_json(decide["view"])
        assert view.seat == 1
        assert decide["legal"] and all(Action.from_json(action) for action in decide["legal"])


# ------------------------------------------------------------ faults forfeit the match


FAULTS = [
    (
        "garbage.py",
        "garbage",
        "its answer 'I fold, you win' is refused: not valid JSON",
        "garbage bot: answering nonsense now",
    ),
    (
        "illegal.py",
        "illegal",
        "which is not a legal action now",
        "which I do not hold",
    ),
    ("timeout.py", "timeout", f"no answer within {TIMEOUT_BOT_LIMIT:g} s", "timeout bot: thinking very hard"),
    (
        "nested.py",
        "garbage",
        "its answer '[[[[",
        "nested bot: answering brackets now",
    ),
    ("crash.py", "exited", "it exited with status 1", "RuntimeError: crash bot: something went badly wrong"),
    ("exit.py", "exited", "it exited with status 0", "exit bot: I have had enough"),
]


@pytest.mark.parametrize(("script", "kind", "problem", "last_words"), FAULTS)
@pytest.mark.parametrize("bot_seat", [0, 1])
def test_a_faulty_bot_forfeits_with_a_message_naming_the_fault(
    script: str, kind: str, problem: str, last_words: str, bot_seat: int
) -> None:
    # Only the bot that never answers gets a short time limit: the others
    # must fail for their own fault even on a slow machine.
    limit = TIMEOUT_BOT_LIMIT if kind == "timeout" else 10.0
    bot = ExternalPlayer(bot_command(script), timeout=limit, name=script)
    players: list[Player] = [make_player("random", 1), make_player("random", 2)]
    players[bot_seat] = bot

    outcome, _ = play(players)

    assert outcome.forfeit is not None
    assert outcome.forfeit.seat == bot_seat
    assert outcome.forfeit.kind == kind
    assert problem in outcome.forfeit.message
    assert f"bot {script!r} forfeits ({kind})" in outcome.forfeit.message
    assert last_words in outcome.forfeit.message, "the message shows the bot's last standard error lines"
    assert outcome.winner == 1 - bot_seat, "the other side wins the match"
    assert process_gone(bot.pid)


@pytest.mark.parametrize(
    ("answer", "found"),
    [("null", "null"), ("[]", "a list"), ('"play"', '"play"'), ("5", "5"), ("false", "false")],
)
def test_an_answer_of_json_that_is_not_an_object_is_named_as_json_names_it(
    answer: str, found: str, tmp_path: Path
) -> None:
    # Bot authors write JSON, maybe not Python: "not NoneType", "not list"
    # and "not str" named the answer's type in Python's words.
    script = tmp_path / "not_an_object.py"
    script.write_text(
        "import sys\n"
        "sys.stdin.readline(); sys.stdin.readline()\n"
        f"print({answer!r}, flush=True)\n"
        "sys.stdin.readline()\n"
    )
    bot = ExternalPlayer(f"{PYTHON} {script}", timeout=10, name="bot")
    outcome, _ = play([bot, make_player("random", 1)])
    assert outcome.forfeit is not None and outcome.forfeit.kind == "illegal"
    first_line = outcome.forfeit.message.splitlines()[0]
    assert first_line.endswith(
        f"its answer {answer!r} is not an action: an action is a JSON object with a 'type', not {found}"
    ), first_line


def test_a_bot_that_cannot_be_started_is_a_fault_naming_the_command() -> None:
    bot = ExternalPlayer("/nonexistent/ecarte-bot --fast")
    with pytest.raises(BotFault) as caught:
        bot.start_match(0, Rules())
    assert caught.value.kind == "exited"
    assert "could not be started" in str(caught.value)
    assert "/nonexistent/ecarte-bot --fast" in str(caught.value)


def test_the_stderr_kept_is_the_last_twenty_lines(tmp_path: Path) -> None:
    script = tmp_path / "chatty.py"
    script.write_text(
        "import sys\nfor n in range(100):\n    print(f'line {n}', file=sys.stderr)\nsys.stderr.flush()\n"
        "sys.stdin.readline()\nsys.stdin.readline()\n"
    )
    bot = ExternalPlayer(f"{PYTHON} {script}", timeout=5)
    outcome, _ = play([bot, make_player("random", 1)])
    assert outcome.forfeit is not None and outcome.forfeit.kind == "exited"
    assert "line 99" in outcome.forfeit.message and "line 80" in outcome.forfeit.message
    assert "line 79" not in outcome.forfeit.message


def test_a_bot_that_starts_a_child_has_its_whole_process_group_ended(tmp_path: Path) -> None:
    pid_file = tmp_path / "child.pid"
    script = tmp_path / "parent.py"
    script.write_text(
        "import subprocess, sys, pathlib\n"
        "child = subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(60)'])\n"
        f"pathlib.Path({str(pid_file)!r}).write_text(str(child.pid))\n"
        "sys.stdin.readline(); sys.stdin.readline()\n"
        "print('nonsense', flush=True)\n"
        "import time; time.sleep(60)\n"
    )
    bot = ExternalPlayer(f"{PYTHON} {script}")
    outcome, _ = play([bot, make_player("random", 1)])
    assert outcome.forfeit is not None and outcome.forfeit.kind == "garbage"
    child = int(pid_file.read_text())
    # The child is killed with the group; it may linger a moment as a zombie of init.
    for _ in range(50):
        if process_gone(child) or _is_zombie(child):
            break
        subprocess.run(["sleep", "0.05"], check=True)
    assert process_gone(child) or _is_zombie(child)


def _is_zombie(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().split(") ")[1].startswith("Z")
    except OSError:
        return True


# ------------------------------------------------------------ naming players


def test_resolve_player_knows_builtins_and_commands() -> None:
    assert resolve_player("random", 4).name == "random"
    external = resolve_player("cmd:python3 my bot.py", 0)
    assert isinstance(external, ExternalPlayer)
    assert external.argv == ["python3", "my", "bot.py"]
    assert resolve_player("cmd:python3 'my bot.py'", 0).argv == ["python3", "my bot.py"]  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("nobody", "unknown player 'nobody'"),
        ("cmd:", "the bot command is empty"),
        ("cmd:python3 'unclosed", "cannot read the bot command"),
    ],
)
def test_resolve_player_rejects_bad_names_with_a_message(name: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        resolve_player(name, 0)


# ------------------------------------------------------------ the bot side: ecarte bot


def hello(seat: Any = 0, protocol: Any = 1, **rules: Any) -> str:
    """A host's ``hello``: every rule, the defaults but for ``rules``."""
    every_rule = {**Rules().to_dict(), **rules}
    return json.dumps(
        {"type": "hello", "protocol": protocol, "seat": seat, "players": ["a", "b"], "rules": every_rule}
    )


def a_decide() -> tuple[str, list[Action]]:
    match = Match(Rules(), first_dealer=1)
    deck = list(range(32))
    random.Random(3).shuffle(deck)
    match.deal(deck)
    legal = match.legal_actions()
    message = {"type": "decide", "view": match.view(0).to_json(), "legal": [a.to_json() for a in legal]}
    return json.dumps(message), legal


def run_serve(lines: list[str] | bytes) -> tuple[int, list[str]]:
    data = lines if isinstance(lines, bytes) else "".join(line + "\n" for line in lines).encode()
    out = io.StringIO()
    status = serve(make_player("random", 0), io.BytesIO(data), out)
    return status, out.getvalue().splitlines()


def test_ecarte_bot_answers_each_decide_with_one_legal_action_and_ends_at_bye() -> None:
    decide, legal = a_decide()
    status, answers = run_serve(
        [
            hello(),
            decide,
            json.dumps({"type": "result", "games": [[5, 2]], "winner": 0}),
            decide,
            json.dumps({"type": "bye"}),
        ]
    )
    assert status == 0
    assert len(answers) == 2
    assert all(Action.from_json(json.loads(answer)) in legal for answer in answers)


@pytest.mark.parametrize(
    ("lines", "message"),
    [
        (["this is not json"], "line 1 from the host: not valid JSON: a value was expected at column 1"),
        (['{"type": "bye", "type": "hello"}'], 'the key "type" appears twice'),
        (["[" * 200_000], "line 1 from the host: the JSON is nested too deeply"),
        (
            # Deep enough to break a careless message, not Python's parser.
            [hello(), '{"type": "decide", "view": ' + "[" * 150 + "]" * 150 + "}"],
            "line 2 from the host: the JSON is nested too deeply (more than 100 levels)",
        ),
        (['{"type": "hello", "seat": NaN}'], "NaN is not a JSON number"),
        ([hello(), "[1, 2]"], "line 2 from the host: not a JSON object"),
        ([a_decide()[0]], "'decide' before 'hello'"),
        ([hello(), json.dumps({"type": "shuffle"})], 'unknown message type "shuffle"'),
        ([json.dumps({"type": "hello", "protocol": 2, "seat": 0, "rules": {}})], "protocol version 2"),
        ([hello(target=500)], "rule 'target' must be an integer from 1 to 99"),
        # A seat or a version that only equals an integer is not one.
        ([hello(seat=1.0)], "line 1 from the host: 'hello' needs 'seat', 0 or 1"),
        ([hello(seat=True)], "line 1 from the host: 'hello' needs 'seat', 0 or 1"),
        # The version as the host's JSON has it: true, null, "1", not Python's True, None, '1'.
        ([hello(protocol=True)], "line 1 from the host: protocol version true; this bot speaks version 1"),
        ([hello(protocol=None)], "line 1 from the host: protocol version null; this bot speaks version 1"),
        ([hello(protocol="1")], 'line 1 from the host: protocol version "1"; this bot speaks version 1'),
        ([hello(protocol=1.0)], "protocol version 1.0; this bot speaks version 1"),
        # The rules in force, every one: a default for one left out could differ from the host's.
        (
            [json.dumps({"type": "hello", "protocol": 1, "seat": 0, "players": ["a", "b"]})],
            "'hello' needs 'rules', an object holding every rule in force",
        ),
        (
            [json.dumps({"type": "hello", "protocol": 1, "seat": 0, "players": [], "rules": {"target": 5}})],
            "'hello' needs every rule in 'rules'; missing: games_to_win, ace_high",
        ),
        # A huge value is quoted by its start, end and length.
        (
            [json.dumps({"type": "x" * 100_000})],
            'unknown message type "xxxxxxxxxxxxxxxxxxxxxxxx...xxxxxxxx" (100,000 characters)',
        ),
        (
            [json.dumps({"type": None})],
            "unknown message type null; the host sends hello, decide, result and bye",
        ),
        (
            [hello(), json.dumps({"type": "decide", "view": {"seat": 0}, "legal": [{"type": "play"}]})],
            "view key",
        ),
        (
            [hello(), json.dumps({"type": "decide", "view": json.loads(a_decide()[0])["view"], "legal": []})],
            "'legal', a non-empty list",
        ),
        ([hello()], "closed the input without saying 'bye'"),
    ],
)
def test_ecarte_bot_stops_on_what_is_not_the_protocol(
    lines: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status, _ = run_serve(lines)
    assert status == 2
    error = capsys.readouterr().err
    assert message in error
    assert "Traceback" not in error


def test_ecarte_bot_names_legal_actions_that_contradict_the_view(capsys: pytest.CaptureFixture[str]) -> None:
    # Well-formed, but the legal actions are the answer's while the view is
    # elder's exchange: the host is told before the player is asked.
    decide = json.loads(a_decide()[0])
    decide["legal"] = [{"type": "refuse"}, {"type": "accept"}]
    data = "".join(line + "\n" for line in [hello(), json.dumps(decide)]).encode()
    out = io.StringIO()
    status = serve(make_player("expert", 0), io.BytesIO(data), out)
    assert status == 2
    assert out.getvalue() == ""
    error = capsys.readouterr().err
    assert "line 2 from the host: 'legal' lists 'refuse', which the rules do not allow" in error
    assert "(exchange, hand " in error
    assert "Traceback" not in error


def test_ecarte_bot_tells_a_player_failing_on_the_hosts_position(capsys: pytest.CaptureFixture[str]) -> None:
    class Failing:
        name = "failing"

        def start_match(self, seat: int, rules: Rules) -> None:
            pass

        def decide(self, view: View, legal: Sequence[Action]) -> Action:
            raise IndexError("no such card")

    data = "".join(line + "\n" for line in [hello(), a_decide()[0], json.dumps({"type": "bye"})]).encode()
    out = io.StringIO()
    status = serve(Failing(), io.BytesIO(data), out)
    assert status == 2
    assert out.getvalue() == ""
    error = capsys.readouterr().err
    assert "line 2 from the host: the player could not decide" in error
    assert "IndexError: no such card" in error


def test_ecarte_bot_rejects_bytes_that_are_not_utf8(capsys: pytest.CaptureFixture[str]) -> None:
    status, _ = run_serve(b"\xff\xfe{}\n")
    assert status == 2
    assert "not UTF-8" in capsys.readouterr().err


def test_ecarte_bot_command_exits_2_without_a_traceback_on_garbage() -> None:
    result = subprocess.run(
        [PYTHON, "-m", "ecarte", "bot", "random"],
        input="hello?\n",
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert result.returncode == 2
    assert "ecarte bot: line 1 from the host: not valid JSON" in result.stderr
    assert "Traceback" not in result.stderr
    assert result.stdout == ""


def test_ecarte_bot_command_survives_a_line_of_200000_brackets() -> None:
    # json.loads alone would raise RecursionError: a traceback, not a message.
    result = subprocess.run(
        [PYTHON, "-m", "ecarte", "bot", "random"],
        input=hello() + "\n" + "[" * 200_000 + "\n",
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert result.returncode == 2
    assert "ecarte bot: line 2 from the host: the JSON is nested too deeply" in result.stderr
    assert "Traceback" not in result.stderr
    assert result.stdout == ""


def test_ecarte_bot_reads_a_line_up_to_the_hosts_limit_and_refuses_one_byte_more(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The host's limit for a bot's line, 1 MiB, holds for the host's lines too."""
    line = hello()
    at_the_limit = line + " " * (MAX_LINE_BYTES - len(line))
    status, _ = run_serve([at_the_limit, json.dumps({"type": "bye"})])
    assert status == 0
    assert capsys.readouterr().err == ""
    status, answers = run_serve([at_the_limit + " ", json.dumps({"type": "bye"})])
    assert (status, answers) == (2, [])
    assert capsys.readouterr().err == (
        "ecarte bot: line 1 from the host is longer than 1,048,576 bytes, the most allowed\n"
    )


def _address_space_of_1_gib() -> None:
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="needs /dev/zero")
def test_ecarte_bot_command_stops_at_an_endless_line_in_bounded_memory() -> None:
    """`ecarte bot random < /dev/zero` grew to 5 GB and never stopped
    (here, under a 1 GiB limit, it ended in a MemoryError traceback)."""
    with open("/dev/zero", "rb") as zeros:
        result = subprocess.run(
            [PYTHON, "-m", "ecarte", "bot", "random"],
            stdin=zeros,
            capture_output=True,
            text=True,
            timeout=30,
            preexec_fn=_address_space_of_1_gib,
        )
    assert result.returncode == 2
    assert result.stderr == (
        "ecarte bot: line 1 from the host is longer than 1,048,576 bytes, the most allowed\n"
    )
    assert result.stdout == ""


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs Linux's /dev/full")
@pytest.mark.parametrize("how", ["full", "closed"])
def test_ecarte_bot_command_says_in_one_line_that_it_cannot_answer(how: str) -> None:
    """Standard output on a full disk gave an OSError traceback; closed
    (`>&-`), an AttributeError one."""
    decide, _ = a_decide()
    host = "".join(line + "\n" for line in (hello(), decide, json.dumps({"type": "bye"})))
    with open("/dev/full", "w") as full:
        result = subprocess.run(
            [PYTHON, "-m", "ecarte", "bot", "random"],
            input=host,
            stdout=full if how == "full" else subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            preexec_fn=None if how == "full" else (lambda: os.close(1)),
            text=True,
            timeout=30,
        )
    reason = "No space left on device" if how == "full" else "it is closed"
    assert result.returncode == 1
    assert result.stderr == f"ecarte bot: cannot write to standard output: {reason}\n"


def test_ecarte_bot_command_with_its_input_closed_says_so() -> None:
    result = subprocess.run(
        [PYTHON, "-m", "ecarte", "bot", "random"],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=30,
        preexec_fn=lambda: os.close(0),
    )
    assert result.returncode == 2
    assert result.stderr == "ecarte bot: cannot read standard input: it is closed\n"


def test_ecarte_bot_command_names_an_unknown_player() -> None:
    result = subprocess.run(
        [PYTHON, "-m", "ecarte", "bot", "grandmaster"], input="", capture_output=True, text=True, timeout=30
    )
    assert result.returncode == 2
    assert "unknown player 'grandmaster'" in result.stderr


# ------------------------------------------------------------ the example bot in the docs


def test_the_example_random_bot_plays_whole_matches() -> None:
    for seat in (0, 1):
        bot = ExternalPlayer(f"{PYTHON} {ROOT / 'examples' / 'random_bot.py'}", timeout=5)
        players: list[Player] = [make_player("random", 9), make_player("random", 9)]
        players[seat] = bot
        outcome, log = play(players, Rules(games_to_win=2), deck_seed=seat)
        assert outcome.forfeit is None
        assert max(outcome.games_won) == 2
        assert any(event[0] == seat for event in log.events), "the bot made decisions"


def test_the_bot_in_the_user_guide_really_works(tmp_path: Path) -> None:
    guide = (ROOT / "docs" / "bot-protocol.md").read_text()
    code = guide.split("```python\n", 1)[1].split("```", 1)[0]
    script = tmp_path / "guide_bot.py"
    script.write_text(code)
    outcome, _ = play([ExternalPlayer(f"{PYTHON} {script}", timeout=5), make_player("random", 1)])
    assert outcome.forfeit is None


def test_the_messages_shown_in_the_user_guide_are_valid() -> None:
    guide = (ROOT / "docs" / "bot-protocol.md").read_text()
    blocks = [block.split("```", 1)[0].strip() for block in guide.split("```json\n")[1:]]
    hello_message, decide_message = (json.loads(block) for block in blocks[:2])
    assert hello_message["rules"] == Rules().to_dict()
    view = View.from_json(decide_message["view"])
    assert len(view.hand) == 5 and view.phase == "exchange"
    assert [Action.from_json(action) for action in decide_message["legal"]] == [
        Action.parse("propose"),
        Action.parse("play"),
    ]
