"""How cards look on screen: a short label (``10♥``), a small face, a back.

Hearts and diamonds are red. With ``symbols`` off the suits are plain
letters (``10H``) for terminals without the suit symbols. Everything here
returns Rich ``Text``: nothing is parsed as markup.
"""

from __future__ import annotations

from rich.style import Style
from rich.text import Text

from ecarte.engine import Card, card_label
from ecarte.engine.cards import RANK_LABELS, SUIT_NAMES, SUIT_SYMBOLS, SUITS, rank_of, suit_of

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
    style = suit_style(suit_of(card))
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


def card_face(
    card: Card, symbols: bool = True, *, dim: bool = False, frame: str = "", large: bool = False
) -> Text:
    """A small card, three lines high and five wide (``large``: five by seven)::

        ┌───┐      ┌─────┐
        │10♥│      │10   │
        └───┘      │  ♥  │
                   │   10│
                   └─────┘

    ``frame`` styles the border (selection, playable) separately from the face.
    """
    border = Style.parse(frame) if frame else Style(dim=dim)
    face_style = suit_style(suit_of(card)) + (DIM if dim else Style())
    if not large:
        label = card_text(card, symbols, dim=dim)
        label.pad_right(3 - label.cell_len)
        face = Text()
        face.append("┌───┐\n", style=border)
        face.append("│", style=border)
        face.append_text(label)
        face.append("│\n", style=border)
        face.append("└───┘", style=border)
        return face
    rank = RANK_LABELS[rank_of(card)]
    sign = SUIT_SYMBOLS[suit_of(card)] if symbols else SUITS[suit_of(card)]
    rows = (f"{rank:<5}", f"{sign:^5}", f"{rank:>5}")
    face = Text("┌─────┐\n", style=border)
    for row in rows:
        face.append("│", style=border)
        face.append(row, style=face_style)
        face.append("│\n", style=border)
    face.append("└─────┘", style=border)
    return face


def card_back(large: bool = False) -> Text:
    """The back of a card, same size as ``card_face``."""
    if large:
        return Text("┌─────┐\n│▒▒▒▒▒│\n│▒▒▒▒▒│\n│▒▒▒▒▒│\n└─────┘", style=BACK)
    return Text("┌───┐\n│▒▒▒│\n└───┘", style=BACK)


def empty_slot(label: str = "", large: bool = False) -> Text:
    """Where a card will go (the trick's empty half), dotted."""
    if large:
        inner = label[:5].center(5)
        return Text(f"┌┄┄┄┄┄┐\n┊     ┊\n┊{inner}┊\n┊     ┊\n└┄┄┄┄┄┘", style=DIM)
    inner = label[:3].center(3)
    return Text(f"┌┄┄┄┐\n┊{inner}┊\n└┄┄┄┘", style=DIM)


def letters(text: str) -> str:
    """Text with the suit symbols replaced by letters (for an engine message
    shown in the plain-letter card style)."""
    return text.translate(_LETTERS)


_LETTERS = str.maketrans(SUIT_SYMBOLS, SUITS)
