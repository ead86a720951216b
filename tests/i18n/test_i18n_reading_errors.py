"""What the readers say is wrong with a file, in the reader's language: a
broken match log (``ecarte check``, the log reader, the JSON reader), a file
that cannot be read (``ecarte.safefile``), a decision or a view that is not
the protocol's. Where a program reads (``--json``, a report saved to a
file) the words stay English."""

from __future__ import annotations

import os
import pickle
from collections.abc import Iterator
from pathlib import Path

import pytest

from ecarte import i18n
from ecarte.cli import main
from ecarte.engine import Action, ActionError, View, ViewError
from ecarte.i18n import translated, translated_error
from ecarte.log import LogFileError, replay_bytes, replay_file
from ecarte.log.check import check_report, report_json
from ecarte.play.settings import load_settings
from ecarte.safefile import FileRefused, read_regular_file

# A header of a later version of the format: line 1 is refused.
LATER_VERSION = b'{"format": "ecarte-log", "version": 2}\n'
VERSION_REASON = "this is a version 2 log; this ecarte reads version 1"


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    i18n.activate("en")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_check_says_in_swedish_why_a_log_is_invalid(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "later.ecarte.jsonl"
    log.write_bytes(LATER_VERSION)
    status, out, _ = run(capsys, "--lang", "sv", "check", str(log))
    assert status == 1
    assert "OGILTIG på rad 1: detta är en logg av version 2; detta ecarte läser version 1" in out
    assert VERSION_REASON not in out


def test_check_json_keeps_the_english_reason_in_any_language(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "later.ecarte.jsonl"
    log.write_bytes(LATER_VERSION)
    outputs = [run(capsys, "--lang", language, "check", "--json", str(log)) for language in ("sv", "en")]
    assert outputs[0] == outputs[1]
    assert VERSION_REASON in outputs[0][1]


def test_a_missing_file_is_named_in_german(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    missing = tmp_path / "gone.ecarte.jsonl"
    status, out, err = run(capsys, "--lang", "de", "check", str(missing))
    assert (status, out) == (2, "")
    assert err == f"ecarte check: {missing}: diese Datei gibt es nicht\n"


def test_a_folder_given_as_a_log_is_named_in_finnish(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, _, err = run(capsys, "--lang", "fi", "check", str(tmp_path))
    assert status == 2
    assert err == f"ecarte check: {tmp_path}: ei tavallinen tiedosto vaan kansio\n"


def test_a_report_made_in_swedish_keeps_the_english_reason() -> None:
    # The app saves reports (and analyses) while the player's language is
    # active: what goes into the file is the English text.
    i18n.activate("sv")
    replay = replay_bytes(LATER_VERSION)
    assert replay.error is not None
    assert replay.error.message == VERSION_REASON
    assert VERSION_REASON in report_json(check_report(replay))
    assert translated(replay.error.message) == "detta är en logg av version 2; detta ecarte läser version 1"


def test_a_reason_inside_a_reason_is_translated_whole() -> None:
    # A last line cut short wraps the JSON reader's own reason.
    header = (
        b'{"format": "ecarte-log", "version": 1, "players": ["A", "B"], "first_dealer": 0, "rules": {}}\n'
    )
    replay = replay_bytes(header + b'{"type": "deal", "dealer": 0, "deck": 5}')
    assert replay.error is not None
    english = str(replay.error.message)
    assert english == "a 'deal' needs 'deck', a string of the 32 card codes; found 5"
    i18n.activate("nb")
    assert (
        translated(replay.error.message) == "en 'deal' trenger 'deck', en streng med de 32 kortkodene; fant 5"
    )
    i18n.activate("nl")
    torn = replay_bytes(header + b'{"type": "deal", "dealer": 0, "deck": "AS')
    assert torn.error is not None and torn.truncated_last_line
    shown = translated(torn.error.message)
    assert shown.startswith(
        "de laatste regel is afgebroken (geen regeleinde aan het eind, en geen volledige JSON): "
    )
    assert "geen geldige JSON: " in shown


def refused_log(tmp_path: Path, size: int) -> tuple[Path, LogFileError]:
    big = tmp_path / "big.ecarte.jsonl"
    with open(big, "wb") as file:
        file.truncate(size)
    with pytest.raises(LogFileError) as refused:
        replay_file(big)
    return big, refused.value


def test_a_log_well_over_the_limit_is_measured_in_megabytes(tmp_path: Path) -> None:
    _, error = refused_log(tmp_path, 12_500_000)
    assert "the file is 12.5 MB; at most 10 MB is read" in str(error)


def test_a_log_too_large_is_refused_in_french(tmp_path: Path) -> None:
    big, error = refused_log(tmp_path, 10_000_001)
    # Just over the limit, in bytes: "10 MB; at most 10 MB" would contradict itself.
    assert "the file is 10,000,001 bytes; at most 10,000,000 bytes is read" in str(error)
    i18n.activate("fr")
    assert translated_error(error) == (
        f"{big}: le fichier fait 10\u00a0000\u00a0001 octets; au plus 10\u00a0000\u00a0000 octets sont lus "
        "(un journal de match de cette taille est refusé plutôt que lu)"
    )


def test_a_fifo_is_named_in_dutch(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    with pytest.raises(FileRefused) as refused:
        read_regular_file(fifo, 100)
    assert refused.value.reason == "not a regular file but a FIFO (named pipe)"
    i18n.activate("nl")
    assert translated(refused.value.reason) == "geen gewoon bestand maar een FIFO (named pipe)"


def test_the_settings_warning_says_in_swedish_what_the_file_is(tmp_path: Path) -> None:
    settings = tmp_path / "settings.toml"
    settings.mkdir()
    i18n.activate("sv")
    _, warning = load_settings(settings)
    assert warning is not None
    assert "inte en vanlig fil utan en mapp" in warning
    assert "a directory" not in warning


def test_an_action_that_is_not_the_protocols_is_told_in_french() -> None:
    with pytest.raises(ActionError) as refused:
        Action.from_json({"type": "discard", "cards": ["AS", "AS"]})
    assert str(refused.value) == "a 'discard' action names a card twice"
    i18n.activate("fr")
    assert translated_error(refused.value) == "une action 'discard' nomme une carte deux fois"


def test_a_view_that_is_not_the_protocols_is_told_in_german() -> None:
    with pytest.raises(ViewError) as refused:
        View.from_json([])
    assert str(refused.value) == "a view is a JSON object"
    i18n.activate("de")
    assert translated_error(refused.value) == "eine Ansicht ist ein JSON-Objekt"


def test_a_deferred_reason_pickles_with_its_template() -> None:
    # A tournament's worker sends its errors back to be shown.
    with pytest.raises(ActionError) as refused:
        Action.parse("")
    message = pickle.loads(pickle.dumps(i18n.message_of(refused.value)))
    i18n.activate("sv")
    assert translated(message) == "en tom sträng är ingen handling"


EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "classic-vs-random.ecarte.jsonl"
CARD_REASON = "is not a card: a card is a rank (K Q J A T 9 8 7) then a suit (S H D C), e.g. 'TH'"


def broken_example(tmp_path: Path, line: int, old: str, new: str) -> Path:
    lines = EXAMPLE.read_text(encoding="utf-8").splitlines(keepends=True)
    assert old in lines[line - 1]
    lines[line - 1] = lines[line - 1].replace(old, new)
    log = tmp_path / "broken.ecarte.jsonl"
    log.write_text("".join(lines), encoding="utf-8")
    return log


def test_a_card_that_is_no_card_is_explained_in_german_and_french(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = broken_example(tmp_path, 5, '"card":"JS"', '"card":"ZZ"')
    status, out, _ = run(capsys, "--lang", "de", "check", str(log))
    assert status == 1
    # The codes of the log stay the log's: K Q J A T 9 8 7, S H D C.
    assert (
        "UNGÜLTIG in Zeile 5: card: 'ZZ' ist keine Karte: eine Karte ist ein Rang (K Q J A T 9 8 7), "
        "dann eine Farbe (S H D C), z. B. 'TH'"
    ) in out
    _, out, _ = run(capsys, "--lang", "fr", "check", str(log))
    assert "'ZZ' n'est pas une carte: une carte est une valeur (K Q J A T 9 8 7) puis une couleur" in out
    assert CARD_REASON not in out
    # What a program reads keeps the English.
    _, out, _ = run(capsys, "--lang", "fr", "check", "--json", str(log))
    assert f"card: 'ZZ' {CARD_REASON}" in out


def test_a_bad_deck_is_explained_in_french(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad_card = broken_example(tmp_path, 2, '"deck":"QC ', '"deck":"XX ')
    _, out, _ = run(capsys, "--lang", "fr", "check", str(bad_card))
    assert "INVALIDE à la ligne 2: le jeu de la donne: 'XX' n'est pas une carte: " in out
    assert CARD_REASON not in out
    twice = broken_example(tmp_path, 2, '"deck":"QC ', '"deck":"AS ')
    _, out, _ = run(capsys, "--lang", "fr", "check", str(twice))
    assert "le jeu de la donne: le jeu contient AS deux fois" in out
    short = broken_example(tmp_path, 2, '"deck":"QC 8D ', '"deck":"QC,8D ')
    _, out, _ = run(capsys, "--lang", "sv", "check", str(short))
    assert "givens kortlek: en kortlek har 32 kort åtskilda med enkla mellanslag; fann 31 element" in out


HEADER = (
    b'{"format": "ecarte-log", "version": 1, "players": ["Ann", "Bob"], "first_dealer": 0, "rules": {}}\n'
)


@pytest.mark.parametrize(
    ("language", "digits", "lines"),
    [
        ("en", "an integer of 5,000 digits", "the file has 120,001 lines"),
        ("fr", "un entier de 5\u00a0000 chiffres", "le fichier a 120\u00a0001 lignes"),
        ("de", "eine ganze Zahl mit 5\u00a0000 Ziffern", "die Datei hat 120\u00a0001 Zeilen"),
    ],
)
def test_a_count_in_a_reason_sets_its_thousands_apart_as_the_language_does(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], language: str, digits: str, lines: str
) -> None:
    """In French or German "5,000" reads as five; the space they use
    between thousands is drawn as a space, not as an escape."""
    big = tmp_path / "big.ecarte.jsonl"
    big.write_bytes(HEADER + b'{"type": "deal", "x": ' + b"9" * 5000 + b"}\n")
    many = tmp_path / "many.ecarte.jsonl"
    many.write_bytes(HEADER + b"{}\n" * 120_000)
    __, out, ___ = run(capsys, "--lang", language, "check", str(big))
    assert digits in out, out
    assert "\\xa0" not in out
    __, ___, err = run(capsys, "--lang", language, "check", str(many))
    assert lines in err, err
    # What a program reads keeps the English figure.
    __, out, ___ = run(capsys, "--lang", language, "check", "--json", str(big))
    assert "an integer of 5,000 digits" in out
