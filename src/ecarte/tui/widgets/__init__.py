"""The game screen's pieces: the hands, the table, the score panel, the history."""

from .hand import CardSlot, HandView
from .history import HistoryLog
from .score import ScorePanel
from .table import OpponentView, TableView

__all__ = ["CardSlot", "HandView", "HistoryLog", "OpponentView", "ScorePanel", "TableView"]
