"""The game screen's pieces: the hands, the table, the score panel."""

from .hand import CardSlot, HandView
from .score import ScorePanel
from .table import OpponentView, TableView

__all__ = ["CardSlot", "HandView", "OpponentView", "ScorePanel", "TableView"]
