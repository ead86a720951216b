"""``LogWriter`` (durable, never overwrites) and ``resume_log`` (continue a
match after a crash without losing a byte)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from ecarte.engine import Match, Rules, card_action, discard_action, parse_card, shuffled_deck
from ecarte.engine.actions import ACCEPT_ACTION, PROPOSE_ACTION
from ecarte.engine.cards import card_code
from ecarte.log import LogFileError, LogWriter, replay_file, resume_log, writer
from ecarte.play.loop import MatchRunner
from match_support import FirstLegal
from test_log_support import RandomChoices, play_random_match

PLAYERS = ("Zoë", "Computer")


def test_header_holds_every_rule_and_the_extra_keys(tmp_path: Path) -> None:
    path = tmp_path / "new" / "folder" / "m.ecarte.jsonl"
    rules = Rules(target=7, ace_high=True)
    with LogWriter.create(path, PLAYERS, 1, rules, extra={"levels": ["human", "expert"], "time": "12:00"}):
        pass
    header = json.loads(path.read_text(encoding="utf-8"))
    assert header["format"] == "ecarte-log" and header["version"] == 1
    assert header["players"] == list(PLAYERS) and header["first_dealer"] == 1
    assert header["rules"] == rules.to_dict()
    assert set(header["rules"]) == set(Rules().to_dict())
    assert header["levels"] == ["human", "expert"] and header["time"] == "12:00"
    # Names stay readable in the file.
    assert "Zoë".encode() in path.read_bytes()
    replay = replay_file(path)
    assert replay.error is None and replay.header is not None
    assert replay.header.players == PLAYERS and replay.header.rules == rules
    assert replay.header.extra == {"levels": ["human", "expert"], "time": "12:00"}


def test_create_refuses_to_overwrite(tmp_path: Path) -> None:
    path = tmp_path / "m.ecarte.jsonl"
    path.write_text("precious\n", encoding="utf-8")
    with pytest.raises(FileExistsError):
        LogWriter.create(path, PLAYERS, 0, Rules())
    assert path.read_text(encoding="utf-8") == "precious\n"


@pytest.mark.parametrize(
    ("players", "first_dealer", "extra"),
    [
        (("", "B"), 0, None),
        (("A", "B"), 2, None),
        (("A", "B"), 0, {"rules": {}}),
        (("A", "B"), 0, {"format": "x"}),
        (("A\udc80", "B"), 0, None),
    ],
)
def test_create_refuses_a_header_it_cannot_write_and_leaves_no_file(
    tmp_path: Path, players: tuple[str, str], first_dealer: int, extra: dict[str, object] | None
) -> None:
    path = tmp_path / "m.ecarte.jsonl"
    with pytest.raises(ValueError):
        LogWriter.create(path, players, first_dealer, Rules(), extra=extra)
    assert not path.exists()


def test_events_are_written_as_the_format_says(tmp_path: Path) -> None:
    path = tmp_path / "m.ecarte.jsonl"
    match = Match(Rules(), first_dealer=0)
    deck = shuffled_deck(random.Random(3))
    with LogWriter.create(path, PLAYERS, 0, Rules()) as log:
        log.write_deal(0, deck)
        match.deal(deck)
        log.write_action(1, PROPOSE_ACTION)
        log.write_action(0, ACCEPT_ACTION)
        discards = match.hand(1)[:2]
        log.write_action(1, discard_action(discards))
        log.write_action(0, discard_action([]))
        log.write_action(1, card_action(parse_card("KS")))
    lines = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    assert lines[1] == {"type": "deal", "dealer": 0, "deck": " ".join(card_code(card) for card in deck)}
    assert lines[2] == {"type": "propose", "player": 1}
    assert lines[3] == {"type": "accept", "player": 0}
    assert lines[4]["type"] == "discard" and lines[4]["player"] == 1 and len(lines[4]["cards"]) == 2
    assert lines[5] == {"type": "discard", "player": 0, "cards": []}
    assert lines[6] == {"type": "card", "player": 1, "card": "KS"}
    assert path.read_bytes().endswith(b"\n")


def test_every_line_is_synced_before_the_call_returns(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    synced: list[int] = []
    monkeypatch.setattr(writer, "_sync_file", lambda handle: synced.append(handle))
    path = tmp_path / "m.ecarte.jsonl"
    log = LogWriter.create(path, PLAYERS, 0, Rules())
    assert len(synced) == 1 and path.read_bytes().count(b"\n") == 1
    log.write_deal(0, shuffled_deck(random.Random(1)))
    # Readable by another process at once, without closing the writer.
    assert len(synced) == 2 and path.read_bytes().count(b"\n") == 2
    log.close()
    assert log.closed
    with pytest.raises(ValueError, match="closed"):
        log.write_deal(1, shuffled_deck(random.Random(2)))


def write_whole_match(path: Path, durable: bool) -> None:
    """A whole random match through a writer: the same events whatever ``durable``."""
    rng = random.Random(8)
    match = Match(Rules(games_to_win=2), first_dealer=1)
    chooser = RandomChoices(rng)
    with LogWriter.create(path, PLAYERS, 1, match.rules, {"match": 3}, durable=durable) as log:
        MatchRunner(match, (chooser, chooser), lambda: shuffled_deck(rng), log).run()


def test_a_writer_that_is_not_durable_writes_the_same_bytes(tmp_path: Path) -> None:
    write_whole_match(tmp_path / "durable.ecarte.jsonl", durable=True)
    write_whole_match(tmp_path / "fast.ecarte.jsonl", durable=False)
    fast = (tmp_path / "fast.ecarte.jsonl").read_bytes()
    assert fast == (tmp_path / "durable.ecarte.jsonl").read_bytes()
    replay = replay_file(tmp_path / "fast.ecarte.jsonl")
    assert replay.error is None and replay.match is not None and replay.match.is_over


def test_a_writer_that_is_not_durable_flushes_each_line_and_syncs_once_at_close(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    synced: list[int] = []
    monkeypatch.setattr(writer, "_sync_file", lambda handle: synced.append(handle))
    path = tmp_path / "m.ecarte.jsonl"
    log = LogWriter.create(path, PLAYERS, 0, Rules(), durable=False)
    log.write_deal(0, shuffled_deck(random.Random(1)))
    log.write_action(1, PROPOSE_ACTION)
    # Each line is in the file at once (another process can follow the match)...
    assert path.read_bytes().count(b"\n") == 3
    # ... but none was fsynced yet: that happens once, at the end.
    assert synced == []
    log.close()
    assert len(synced) == 1
    log.close()
    assert len(synced) == 1, "closing twice syncs once"


def test_append_ends_an_open_last_line_first(tmp_path: Path) -> None:
    path = tmp_path / "m.ecarte.jsonl"
    with LogWriter.create(path, PLAYERS, 0, Rules()):
        pass
    path.write_bytes(path.read_bytes().rstrip(b"\n"))
    deck = shuffled_deck(random.Random(5))
    replay, log = resume_log(path)
    with log:
        log.write_deal(0, deck)
    replay = replay_file(path)
    assert replay.error is None and len(replay.events) == 1


def _torn_log(tmp_path: Path) -> tuple[Path, bytes, bytes]:
    path = tmp_path / "m.ecarte.jsonl"
    play_random_match(random.Random(11), path, Rules(), max_events=30)
    whole = path.read_bytes()
    torn = b'{"type":"card","pla'
    path.write_bytes(whole + torn)
    return path, whole, torn


def test_resume_cuts_a_torn_last_line_and_keeps_it_aside(tmp_path: Path) -> None:
    path, whole, torn = _torn_log(tmp_path)
    before = replay_file(path)
    assert before.truncated_last_line and before.error is not None
    replay, log = resume_log(path)
    assert replay.error is None and replay.events == 30
    assert path.read_bytes() == whole
    assert (tmp_path / "m.ecarte.jsonl.torn").read_bytes() == torn
    # The match goes on from the replayed state and the log stays valid.
    match = replay.match
    assert match is not None
    with log:
        MatchRunner(
            match, (FirstLegal(), FirstLegal()), lambda: shuffled_deck(random.Random(len(match.deals))), log
        ).run()
    final = replay_file(path)
    assert final.error is None and final.match is not None and final.match.winner == match.winner


def test_a_second_torn_line_does_not_overwrite_the_first(tmp_path: Path) -> None:
    path, whole, torn = _torn_log(tmp_path)
    resume_log(path)[1].close()
    path.write_bytes(whole + b'{"ty')
    resume_log(path)[1].close()
    assert (tmp_path / "m.ecarte.jsonl.torn").read_bytes() == torn
    assert (tmp_path / "m.ecarte.jsonl.torn.2").read_bytes() == b'{"ty'
    assert path.read_bytes() == whole


@pytest.mark.parametrize(
    "damage",
    [
        b'{"type":"dance","player":0}\n',  # a bad event, not a torn write
        b'{"type":"card","player":1,"card":"ZZ"}',  # complete JSON but wrong: not torn
        b"[1]",  # complete JSON, not an object: no write of an event was cut to this
        b'{"type":"propose","player":1,"player":1}',  # whole JSON, a key twice
        b"[" * 101 + b"]" * 101,  # whole JSON, too deep
        b"\n\n",
    ],
)
def test_resume_refuses_any_other_error_and_touches_nothing(tmp_path: Path, damage: bytes) -> None:
    path, whole, _ = _torn_log(tmp_path)
    path.write_bytes(whole + damage)
    with pytest.raises(LogFileError, match="cannot continue"):
        resume_log(path)
    assert path.read_bytes() == whole + damage
    assert not (tmp_path / "m.ecarte.jsonl.torn").exists()


def test_resume_refuses_a_torn_header(tmp_path: Path) -> None:
    path = tmp_path / "m.ecarte.jsonl"
    path.write_bytes(b'{"format":"ecarte-log","vers')
    with pytest.raises(LogFileError):
        resume_log(path)
    assert path.read_bytes() == b'{"format":"ecarte-log","vers'


def test_resume_of_a_missing_file(tmp_path: Path) -> None:
    with pytest.raises(LogFileError, match="no such file"):
        resume_log(tmp_path / "gone.ecarte.jsonl")


FULL = Path("/dev/full")
"""Linux's device on which every write fails as on a full disk (ENOSPC)."""


@pytest.mark.skipif(not FULL.exists(), reason="no /dev/full here")
def test_a_writer_whose_disk_filled_closes_without_raising_again(tmp_path: Path) -> None:
    """The line that failed stays in the buffer: leaving the table closed
    the log, which flushed it again and crashed the app with a traceback."""
    log = LogWriter(FULL, open(FULL, "wb"), durable=False)  # noqa: SIM115 (the writer closes it)
    with pytest.raises(OSError):
        log.write_action(0, PROPOSE_ACTION)
    log.close()
    assert log.closed


@pytest.mark.skipif(not FULL.exists(), reason="no /dev/full here")
def test_a_log_that_cannot_be_begun_on_a_full_disk_leaves_no_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each New match on a full disk left an empty log, named as damaged
    at every start: the failed close kept the file from being removed."""
    import builtins

    def full_disk(path: Path, mode: str) -> object:
        builtins.open(path, mode).close()  # the name is taken, as by the real open
        return builtins.open(FULL, "wb")

    monkeypatch.setattr(writer, "open", full_disk, raising=False)
    path = tmp_path / "20261207-152005.ecarte.jsonl"
    with pytest.raises(OSError):
        LogWriter.create(path, ("You", "Computer"), 0, Rules())
    assert not path.exists()
