"""The rules of écarté: pure, with no I/O and no user interface.

Start with ``Match`` (the state machine), ``Rules`` (the variants) and
``Action`` (a decision). Cards are ints; see ``cards``.

Each rule is a pure function that ``Match`` and the computer players both
call: ``exchange`` (discards, the end of the exchange, liability), ``king``
(when the trump king may be announced), ``scoring`` (trick points, the end
of a game, the next dealer, the four-all reset, a deal's end) and
``tricks`` (the allowed replies, who wins a trick, what a reply shows).
"""

from .actions import Action, ActionError, ActionType, card_action, discard_action
from .cards import (
    Card,
    CardError,
    card_code,
    card_label,
    deck_string,
    parse_card,
    parse_deck,
    shuffled_deck,
)
from .match import (
    ANSWER,
    DEAL,
    DISCARD_PHASE,
    EXCHANGE,
    OVER,
    TRICKS,
    DealError,
    DealRecord,
    DealTally,
    IllegalActionError,
    Match,
    card_actions,
    deck_for,
    legal_in_view,
    tally_deals,
    view_problem,
)
from .rules import Rules, RulesError
from .view import Phase, Trick, View, ViewError

__all__ = [
    "ANSWER",
    "DEAL",
    "DISCARD_PHASE",
    "EXCHANGE",
    "OVER",
    "TRICKS",
    "Action",
    "ActionError",
    "ActionType",
    "Card",
    "CardError",
    "DealError",
    "DealRecord",
    "DealTally",
    "IllegalActionError",
    "Match",
    "Phase",
    "Rules",
    "RulesError",
    "Trick",
    "View",
    "ViewError",
    "card_action",
    "card_actions",
    "card_code",
    "card_label",
    "deck_for",
    "deck_string",
    "discard_action",
    "legal_in_view",
    "parse_card",
    "parse_deck",
    "shuffled_deck",
    "tally_deals",
    "view_problem",
]
