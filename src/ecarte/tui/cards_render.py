"""How cards look on screen: a short label (``10♥``), a small face, a back.

Hearts and diamonds are red. With ``symbols`` off the suits are plain
letters (``10H``) for terminals without the suit symbols. Everything here
returns Rich ``Text``: nothing is parsed as markup.
"""

from __future__ import annotations

from rich.style import Style
from rich.text import Text

from ecarte.engine import Card, card_label
from ecarte.engine.cards import SUIT_NAMES, SUIT_SYMBOLS, SUITS

RED_SUITS = (1, 2)
"""Hearts and diamonds (suit indexes)."""

RED = Style(color="bright_red", bold=True)
BLACK = Style(bold=True)
BACK = Style(color="blue")
DIM = Style(dim=True)

FACE_WIDTH = 5
"""Columns of a small card face, borders included: ``│10♥│``."""


def suit_style(suit: int) -> Style:
    return RED if suit in RED_SUITS else BLACK


def suit_text(suit: int, symbols: bool = True, *, name: bool = False) -> Text:
    """The suit sign, coloured; with ``name`` the word too: ``♥ hearts``."""
    sign = SUIT_SYMBOLS[suit] if symbols else SUITS[suit]
    text = Text(sign, style=suit_style(suit))
    if name:
        text.append(f" {SUIT_NAMES[suit]}", style=suit_style(suit))
    return text


def card_text(card: Card, symbols: bool = True, *, dim: bool = False) -> Text:
    """The card's label in its colour: ``10♥`` in red, ``K♠`` in bold."""
    style = suit_style(card >> 3)
    if dim:
        style = style + DIM
    return Text(card_label(card, symbols), style=style)


def cards_text(cards: list[Card], symbols: bool = True, separator: str = " ") -> Text:
    text = Text()
    for index, card in enumerate(cards):
        if index:
            text.append(separator)
        text.append_text(card_text(card, symbols))
    return text


def card_face(card: Card, symbols: bool = True, *, dim: bool = False, frame: str = "") -> Text:
    """A small card, three lines high and five wide::

        ┌───┐
        │10♥│
        └───┘

    ``frame`` styles the border (selection, playable) separately from the face.
    """
    border = Style.parse(frame) if frame else Style(dim=dim)
    label = card_text(card, symbols, dim=dim)
    label.pad_right(3 - label.cell_len)
    face = Text()
    face.append("┌───┐\n", style=border)
    face.append("│", style=border)
    face.append_text(label)
    face.append("│\n", style=border)
    face.append("└───┘", style=border)
    return face


def card_back() -> Text:
    """The back of a card, same size as ``card_face``."""
    back = Text()
    back.append("┌───┐\n", style=BACK)
    back.append("│▒▒▒│\n", style=BACK)
    back.append("└───┘", style=BACK)
    return back


def empty_slot(label: str = "") -> Text:
    """Where a card will go (the trick's empty half), dotted."""
    inner = label[:3].center(3)
    return Text(f"┌┄┄┄┐\n┊{inner}┊\n└┄┄┄┘", style=DIM)


def letters(text: str) -> str:
    """Text with the suit symbols replaced by letters (for an engine message
    shown in the plain-letter card style)."""
    return text.translate(str.maketrans(dict(zip(SUIT_SYMBOLS, SUITS, strict=True))))
