"""MatchSession: seeded decks, the autosave, resume and Continue."""

from __future__ import annotations

import os
import random
import stat
from pathlib import Path
from typing import Any

import pytest
from game_support import INSTANT, FailingPlayer, deck, event_at_random, scripted_session

from ecarte.engine import Match, Rules, shuffled_deck
from ecarte.log import LogWriter, replay_file
from ecarte.play.session import HUMAN, MatchSession, OpponentFault, SessionError


@pytest.fixture(autouse=True)
def private_dirs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ECARTE_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("ECARTE_CONFIG_DIR", str(tmp_path / "config"))


def play_decisions(session: MatchSession, count: int, rng: random.Random) -> list[Match]:
    """``count`` decisions by both seats (random legal ones), dealing as due.
    Returns the state after each logged event: ``states[n]`` is the match
    when the log holds the header and ``n`` events."""
    states = [session.match.copy()]
    done = 0
    while done < count and not session.is_over:
        done += event_at_random(session, rng)
        states.append(session.match.copy())
    return states


def test_new_session_writes_a_header_with_seed_and_opponent(tmp_path: Path) -> None:
    session = MatchSession.new(INSTANT, opponent="random", seed=42, directory=tmp_path)
    session.close()
    replay = replay_file(session.log_path)
    assert replay.error is None
    assert replay.header is not None
    assert replay.header.players == ("You", "Computer")
    assert replay.header.extra["seed"] == 42
    assert replay.header.extra["opponent"] == "random"
    assert session.log_path.parent == tmp_path
    assert session.log_path.name.endswith(".ecarte.jsonl")


def test_default_directory_is_the_matches_dir(tmp_path: Path) -> None:
    session = MatchSession.new(INSTANT, opponent="random", seed=1)
    session.close()
    assert session.log_path.parent == tmp_path / "data" / "matches"


def test_decks_and_first_dealer_come_from_the_seed(tmp_path: Path) -> None:
    # The rule: the cut (first dealer) then one shuffled deck per deal, all
    # from random.Random(seed).
    rng = random.Random(5)
    expected_dealer = rng.randrange(2)
    expected_decks = [shuffled_deck(rng) for _ in range(2)]
    session = MatchSession.new(INSTANT, opponent="random", seed=5, directory=tmp_path)
    assert session.match.first_dealer == expected_dealer
    session.deal_next()
    assert session.match.deck == expected_decks[0]
    session.close()


def test_two_sessions_started_the_same_second_get_two_files(tmp_path: Path) -> None:
    first = MatchSession.new(INSTANT, opponent="random", seed=1, directory=tmp_path)
    second = MatchSession.new(INSTANT, opponent="random", seed=1, directory=tmp_path)
    first.close()
    second.close()
    assert first.log_path != second.log_path
    assert len(list(tmp_path.glob("*.ecarte.jsonl"))) == 2


def test_every_decision_is_in_the_log_as_it_happens(tmp_path: Path) -> None:
    session = MatchSession.new(INSTANT, opponent="random", seed=3, directory=tmp_path)
    play_decisions(session, 25, random.Random(1))
    # Not closed: the autosave must already hold everything.
    replay = replay_file(session.log_path)
    assert replay.error is None
    assert replay.match is not None
    assert replay.match.games == session.match.games
    assert replay.match.hands == session.match.hands
    assert replay.match.phase == session.match.phase
    session.close()


def test_an_illegal_action_is_neither_applied_nor_logged(tmp_path: Path) -> None:
    from ecarte.engine import IllegalActionError
    from ecarte.engine.actions import ACCEPT_ACTION

    session, _ = scripted_session(tmp_path, [deck("KH AS 7C KC JS 8S 8D 9D 7S TC 7H KS QS")])
    session.deal_next()
    size = session.log_path.stat().st_size
    with pytest.raises(IllegalActionError, match="not allowed now"):
        session.apply(HUMAN, ACCEPT_ACTION)
    assert session.log_path.stat().st_size == size
    assert session.match.phase == "exchange"
    session.close()


def test_resume_after_the_log_was_cut_in_the_middle_of_a_deal(tmp_path: Path) -> None:
    original = MatchSession.new(INSTANT, opponent="random", seed=11, directory=tmp_path)
    states = play_decisions(original, 200, random.Random(2))
    original.close()
    lines = original.log_path.read_bytes().splitlines(keepends=True)
    assert len(lines) == len(states)  # the header, then one line per event
    # The first moment of the second deal when elder is to play a card.
    events = next(
        n
        for n, state in enumerate(states)
        if len(state.deals) == 2 and state.phase == "tricks" and state.trick
    )
    cut = tmp_path / "cut.ecarte.jsonl"
    cut.write_bytes(b"".join(lines[: events + 1]))
    snapshot = states[events]

    resumed, notice = MatchSession.resume(cut, INSTANT)
    assert notice is None
    assert resumed.match.phase == "tricks"
    assert resumed.match.hands == snapshot.hands
    assert resumed.match.trick == snapshot.trick
    assert resumed.match.current_player == snapshot.current_player
    assert resumed.match.score == snapshot.score
    assert resumed.names == ("You", "Computer")
    assert resumed.seed == 11
    # The deals after it are the ones the uninterrupted match had: the
    # seed's generator goes on where it was.
    while not resumed.deal_due and not resumed.is_over:
        seat = resumed.to_move
        assert seat is not None
        resumed.apply(seat, resumed.match.legal_actions()[0])
    if not resumed.is_over:
        resumed.deal_next()
        rng = random.Random(11)
        rng.randrange(2)
        decks = [shuffled_deck(rng) for _ in range(3)]
        assert resumed.match.deck == decks[2]
    resumed.close()
    replay = replay_file(cut)
    assert replay.error is None
    assert replay.match is not None
    assert replay.match.games == resumed.match.games


def test_resume_drops_a_torn_last_line_with_a_notice(tmp_path: Path) -> None:
    original = MatchSession.new(INSTANT, opponent="random", seed=4, directory=tmp_path)
    states = play_decisions(original, 5, random.Random(3))
    original.close()
    with original.log_path.open("ab") as file:
        file.write(b'{"type": "card", "pla')  # a write cut short by a crash
    resumed, notice = MatchSession.resume(original.log_path, INSTANT)
    assert notice is not None
    assert "half-written line" in notice and "dropped" in notice
    # Which file, and where its bytes went, by name (a player has several logs).
    assert str(original.log_path) in notice and f"{original.log_path.name}.torn" in notice
    assert resumed.match.hands == states[-1].hands
    assert resumed.match.phase == states[-1].phase
    # Nothing lost: the torn bytes are kept beside the log.
    torn = original.log_path.with_name(original.log_path.name + ".torn")
    assert torn.read_bytes() == b'{"type": "card", "pla'
    # And the log goes on cleanly from there.
    seat = resumed.to_move
    assert seat is not None
    resumed.apply(seat, resumed.match.legal_actions()[0])
    resumed.close()
    assert replay_file(original.log_path).error is None


def test_resume_refuses_a_corrupt_log_without_touching_it(tmp_path: Path) -> None:
    bad = tmp_path / "bad.ecarte.jsonl"
    bad.write_bytes(b'{"format": "ecarte-log", "version": 1}\n{"type": "nonsense"}\n')
    before = bad.read_bytes()
    with pytest.raises(SessionError):
        MatchSession.resume(bad, INSTANT)
    assert bad.read_bytes() == before


def test_unfinished_finds_the_newest_undecided_match(tmp_path: Path) -> None:
    assert MatchSession.unfinished(tmp_path) is None
    finished = MatchSession.new(INSTANT, opponent="random", seed=8, directory=tmp_path)
    play_decisions(finished, 10_000, random.Random(8))
    assert finished.is_over
    finished.close()
    assert MatchSession.unfinished(tmp_path) is None
    going = MatchSession.new(INSTANT, opponent="random", seed=9, directory=tmp_path)
    play_decisions(going, 3, random.Random(9))
    going.close()
    assert MatchSession.unfinished(tmp_path) == going.log_path
    (tmp_path / "junk.ecarte.jsonl").write_bytes(b"\xff\xfe not a log")
    assert MatchSession.unfinished(tmp_path) == going.log_path


def test_a_failing_opponent_is_a_fault_and_a_forfeit(tmp_path: Path) -> None:
    session, _ = scripted_session(tmp_path, [deck("KH AS 7C KC JS 8S 8D 9D 7S TC 7H KS QS")], first_dealer=0)
    session.opponent = FailingPlayer()
    session.deal_next()
    assert session.to_move == 1
    with pytest.raises(OpponentFault, match="exited"):
        session.opponent_decision()
    session.declare_forfeit("bot 'crashy' forfeits (exited)")
    assert session.is_over
    assert session.winner == HUMAN
    session.close()
    # The forfeited match is decided: Continue does not offer it again, and
    # opening it shows the result.
    assert MatchSession.unfinished(tmp_path) is None
    again, _ = MatchSession.resume(session.log_path, INSTANT)
    assert again.is_over and again.winner == HUMAN
    assert again.forfeit == "bot 'crashy' forfeits (exited)"
    again.close()


def test_an_opponent_answering_an_illegal_action_is_a_fault(tmp_path: Path) -> None:
    session, player = scripted_session(
        tmp_path, [deck("KH AS 7C KC JS 8S 8D 9D 7S TC 7H KS QS")], first_dealer=0
    )
    session.deal_next()
    from ecarte.engine.actions import ACCEPT_ACTION

    player.decide = lambda view, legal: ACCEPT_ACTION  # type: ignore[method-assign]
    with pytest.raises(OpponentFault, match="not a legal action"):
        session.opponent_decision()
    session.close()


def test_unknown_opponent_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(
        SessionError,
        match=r"opponent must be one of easy, normal, expert, classic, .*random or cmd:COMMAND, "
        r'not "grandmaster"',
    ):
        MatchSession.new(INSTANT, opponent="grandmaster", directory=tmp_path)
    assert not list(tmp_path.glob("*"))


def test_a_bot_command_that_does_not_exist_is_a_clear_error(tmp_path: Path) -> None:
    # The command named once (it was three times: "cannot start the bot
    # '/no/such/bot': the bot command '/no/such/bot': ...").
    with pytest.raises(SessionError) as refused:
        MatchSession.new(INSTANT, opponent="cmd:/no/such/bot --fast", directory=tmp_path)
    assert str(refused.value) == (
        "the bot command '/no/such/bot --fast': '/no/such/bot' is not a program that can be run"
    )
    assert not list(tmp_path.glob("*"))


def test_rules_are_those_given_and_kept_by_a_rematch(tmp_path: Path) -> None:
    rules = Rules(target=7, ace_high=True)
    session = MatchSession.new(INSTANT, opponent="random", rules=rules, seed=2, directory=tmp_path)
    again = session.rematch()
    assert again.rules == rules
    assert again.log_path != session.log_path
    session.close()
    again.close()


def test_a_failing_autosave_stops_writing_but_not_the_match(tmp_path: Path) -> None:
    session = MatchSession.new(INSTANT, opponent="random", seed=6, directory=tmp_path)
    play_decisions(session, 3, random.Random(6))
    written = session.log_path.read_bytes()

    def full_disk(*args: object) -> None:
        raise OSError(28, "No space left on device")

    writer = LogWriter.append(session.log_path)
    writer.write_action = full_disk  # type: ignore[method-assign]
    session._recorder.writer.close()
    session._recorder.writer = writer
    play_decisions(session, 2, random.Random(7))
    assert session.save_error is not None and "No space left" in session.save_error
    # What was saved is untouched and still a valid match to resume.
    assert session.log_path.read_bytes() == written
    session.close()
    assert replay_file(session.log_path).error is None


def test_a_decision_out_of_turn_is_refused_by_the_engine_and_not_logged(tmp_path: Path) -> None:
    from ecarte.engine import IllegalActionError
    from ecarte.engine.actions import PROPOSE_ACTION
    from ecarte.play.session import COMPUTER

    # The human is elder (the computer deals first): only the human decides now.
    session, _ = scripted_session(tmp_path, [deck("KH AS 7C KC JS 8S 8D 9D 7S TC 7H KS QS")], first_dealer=1)
    session.deal_next()
    size = session.log_path.stat().st_size
    with pytest.raises(IllegalActionError):
        session.apply(COMPUTER, PROPOSE_ACTION)
    assert session.log_path.stat().st_size == size
    assert session.match.phase == "exchange" and session.match.proposals == 0
    session.close()


def _log_naming_a_bot(tmp_path: Path, marker: Path) -> Path:
    """An unfinished match log whose header names a ``cmd:`` opponent that
    would leave ``marker`` behind if it were ever started."""
    import json
    import shlex
    import sys

    session = MatchSession.new(INSTANT, opponent="random", seed=5, directory=tmp_path)
    play_decisions(session, 3, random.Random(5))
    session.close()
    lines = session.log_path.read_text(encoding="utf-8").splitlines()
    header = json.loads(lines[0])
    program = f"open({str(marker)!r}, 'w').write('started')"
    header["opponent"] = f"cmd:{shlex.quote(sys.executable)} -c {shlex.quote(program)}"
    session.log_path.write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n", encoding="utf-8")
    return session.log_path


def test_resume_never_starts_a_bot_program_named_only_by_the_log(tmp_path: Path) -> None:
    marker = tmp_path / "bot-was-started"
    path = _log_naming_a_bot(tmp_path / "matches", marker)
    # Continue picks this log by itself: it must not run the program in it.
    assert MatchSession.unfinished(tmp_path / "matches") == path
    session, _ = MatchSession.resume(path, INSTANT)
    try:
        assert not marker.exists()
        assert session.opponent_level == INSTANT.opponent
        assert session.notice is not None
        assert "not started" in session.notice and "-c" in session.notice
        assert session.match.deals  # the match itself goes on where it stopped
    finally:
        session.close()


def test_resume_with_a_bot_in_the_settings_falls_back_to_normal(tmp_path: Path) -> None:
    from dataclasses import replace

    marker = tmp_path / "bot-was-started"
    path = _log_naming_a_bot(tmp_path / "matches", marker)
    settings = replace(INSTANT, opponent="cmd:some-other-bot")
    session, _ = MatchSession.resume(path, settings)
    try:
        assert not marker.exists()
        assert session.opponent_level == "normal"
        assert session.notice is not None and "normal" in session.notice
    finally:
        session.close()


def test_resume_starts_again_the_bot_the_player_named_on_this_runs_command_line(tmp_path: Path) -> None:
    """``ecarte play --opponent cmd:…``, Esc to the title, Continue: the
    same bot goes on (the player named it, in this run); a log naming
    another bot still gets a level in its place."""
    import shlex
    import sys

    from ecarte.play.session import opponent_to_resume

    bot = f"cmd:{shlex.quote(sys.executable)} {shlex.quote(str(Path('examples/random_bot.py').resolve()))}"
    assert opponent_to_resume(bot, INSTANT, trusted_bot=bot) == (bot, None)
    assert opponent_to_resume("cmd:otherbot", INSTANT, trusted_bot=bot)[0] == INSTANT.opponent
    going = MatchSession.new(INSTANT, opponent=bot, seed=4, directory=tmp_path)
    going.close()
    session, _ = MatchSession.resume(going.log_path, INSTANT, trusted_bot=bot)
    try:
        assert session.opponent_level == bot and session.notice is None
    finally:
        session.close()
    session, _ = MatchSession.resume(going.log_path, INSTANT)
    try:
        assert session.opponent_level == INSTANT.opponent and session.notice is not None
    finally:
        session.close()


def _computer_lines(path: Path) -> list[dict[str, Any]]:
    import json

    events = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()[1:]]
    return [event for event in events if event["type"] != "deal" and event["player"] == 1]


def test_a_continue_against_another_level_is_recorded_and_counted_against_who_played(
    tmp_path: Path,
) -> None:
    """A log names a bot that Continue does not start: the settings' level
    plays on. The log says so on the computer's next decision, and the
    record, the Replay list and the next Continue go by who played."""
    from dataclasses import replace

    from ecarte.analysis.stats import summarise_log
    from ecarte.log.opponents import level_of_record, levels_played
    from ecarte.tui.replay_screen import summarize_log

    path = _log_naming_a_bot(tmp_path / "matches", tmp_path / "bot-was-started")
    bot = replay_file(path).header.extra["opponent"]  # type: ignore[union-attr]
    before = len(_computer_lines(path))
    settings = replace(INSTANT, opponent="random")
    session, _ = MatchSession.resume(path, settings)
    play_decisions(session, 40, random.Random(8))
    session.close()

    lines = _computer_lines(path)
    assert len(lines) > before + 1, "the computer decided again after the Continue"
    assert "opponent" not in str(lines[:before])
    assert lines[before]["opponent"] == "random"  # its first decision after the Continue
    assert all("opponent" not in line for line in lines[before + 1 :])
    replay = replay_file(path)
    assert replay.error is None  # the key is one the rules ignore
    assert replay.header is not None
    played = levels_played(replay.header.extra, replay.events)
    assert played == [(bot, before), ("random", len(lines) - before)]
    assert level_of_record(played) == "random"  # it took most of the computer's decisions

    summary = summarise_log(path, path.read_bytes(), path.stat().st_mtime)
    assert summary is not None and summary.level == "random"
    players = summarize_log(path).players
    assert players.index("bot") < players.index("then") < players.index("Random")

    # The next Continue takes up the match against random, with no notice.
    if not replay.match or not replay.match.is_over:
        again, _ = MatchSession.resume(path, settings)
        try:
            assert again.opponent_level == "random" and again.notice is None
        finally:
            again.close()


def test_the_record_counts_a_match_against_the_level_of_most_decisions() -> None:
    from ecarte.log.opponents import level_of_record

    assert level_of_record([]) is None
    assert level_of_record([("cmd:bot", 9), ("normal", 3)]) == "cmd:bot"
    assert level_of_record([("cmd:bot", 3), ("normal", 9)]) == "normal"
    assert level_of_record([("cmd:bot", 4), ("normal", 4)]) == "cmd:bot"  # a tie: who began


def test_resume_keeps_the_bot_the_settings_name() -> None:
    from dataclasses import replace

    from ecarte.play.session import opponent_to_resume

    settings = replace(INSTANT, opponent="cmd:mybot --fast")
    assert opponent_to_resume("cmd:mybot --fast", settings) == ("cmd:mybot --fast", None)
    assert opponent_to_resume("expert", settings) == ("expert", None)
    level, notice = opponent_to_resume("cmd:otherbot", settings)
    assert level == "normal" and notice is not None


def test_unfinished_replays_a_log_again_only_when_it_changed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import os

    from ecarte.play import autosave

    going = MatchSession.new(INSTANT, opponent="random", seed=9, directory=tmp_path)
    play_decisions(going, 3, random.Random(9))
    going.close()
    real = autosave.read_log_file
    replayed: list[Path] = []

    def counting(path: Path, visitor: Any) -> Any:
        replayed.append(path)
        return real(path, visitor)

    monkeypatch.setattr(autosave, "read_log_file", counting)
    assert MatchSession.unfinished(tmp_path) == going.log_path
    assert MatchSession.unfinished(tmp_path) == going.log_path
    assert replayed == [going.log_path]
    # Finished elsewhere (another run): it changed, so it is read again.
    finished = MatchSession.new(INSTANT, opponent="random", seed=8, directory=tmp_path / "other")
    play_decisions(finished, 10_000, random.Random(8))
    finished.close()
    going.log_path.write_bytes(finished.log_path.read_bytes())
    stamp = going.log_path.stat()
    os.utime(going.log_path, ns=(stamp.st_atime_ns, stamp.st_mtime_ns + 10**9))
    assert MatchSession.unfinished(tmp_path) is None
    assert replayed == [going.log_path, going.log_path]


def test_every_player_the_app_can_make_is_an_accepted_opponent_and_named_when_refused(
    tmp_path: Path,
) -> None:
    from ecarte.ai import player_names
    from ecarte.play.settings import check_opponent

    with pytest.raises(ValueError) as refused:
        check_opponent("grandmaster")
    for name in player_names():
        assert check_opponent(name) == name
        assert name in str(refused.value)
    assert "cmd:COMMAND" in str(refused.value)
    # A new match refuses a bad name with the same words, before writing anything.
    with pytest.raises(SessionError) as from_session:
        MatchSession.new(INSTANT, opponent="grandmaster", directory=tmp_path)
    assert str(from_session.value) == str(refused.value)
    assert not list(tmp_path.glob("*"))


def test_a_fifo_where_the_matches_folder_should_be_is_named_as_such(tmp_path: Path) -> None:
    """No match can be saved there: the reason names the path and what it
    is, rather than a search for a free file name that could never succeed."""
    folder = tmp_path / "matches"
    os.mkfifo(folder)
    with pytest.raises(SessionError) as raised:
        MatchSession.new(INSTANT, opponent="random", seed=1, directory=folder)
    message = str(raised.value)
    assert str(folder) in message and "not a folder but a FIFO (named pipe)" in message
    assert stat.S_ISFIFO(folder.stat().st_mode)  # left as it was


def test_a_matches_folder_that_is_a_link_to_nothing_is_named_as_such(tmp_path: Path) -> None:
    """Not taken for a folder to be made: the link is named, and left."""
    folder = tmp_path / "matches"
    folder.symlink_to(tmp_path / "unplugged-disk")
    with pytest.raises(SessionError) as raised:
        MatchSession.new(INSTANT, opponent="random", seed=1, directory=folder)
    message = str(raised.value)
    assert str(folder) in message and "symbolic link" in message and "does not exist" in message
    assert folder.is_symlink() and not (tmp_path / "unplugged-disk").exists()


def test_a_disk_that_fills_mid_match_is_said_in_words_and_leaving_still_works(tmp_path: Path) -> None:
    """The notice read "the autosave stopped ([Errno 28] No space left on
    device)", naming no file; leaving the table then crashed the app, the
    log's close failing on the same line again."""
    import errno

    session = MatchSession.new(INSTANT, opponent="random", seed=3, directory=tmp_path)
    writer = session._recorder.writer
    assert writer._file is not None
    real = writer._file

    class FullDisk:
        """The log's own file, on a disk with no room left."""

        def write(self, data: bytes) -> int:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

        def __getattr__(self, name: str) -> Any:
            return getattr(real, name)

    writer._file = FullDisk()  # type: ignore[assignment]
    play_decisions(session, 3, random.Random(1))
    assert session.save_error == (
        f"the autosave stopped ({session.log_path}: {os.strerror(errno.ENOSPC)}); "
        "this match is not saved from here on"
    )
    session.close()  # as leaving the table does: no error
