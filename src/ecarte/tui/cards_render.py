"""How cards look on screen: a short label (``10♥``), a small face, a back.

Hearts and diamonds are red, except under ``NO_COLOR``: Textual then draws
in shades of grey, where red on black is nearly invisible, so every card is
drawn in the terminal's own colour and nothing is dimmed (what is playable
shows by its heavy frame, never by colour alone). With ``symbols`` off the
suits are plain letters (``10H``, in the player's language) for terminals
without the suit symbols.
Everything here returns Rich ``Text``: nothing is parsed as markup.
"""

from __future__ import annotations

import os

from rich.style import Style
from rich.text import Text

from ecarte.engine import Card, card_label
from ecarte.engine.cards import SUIT_SYMBOLS, rank_label, rank_of, suit_letter, suit_name, suit_of, suit_sign

RED_SUITS = (1, 2)
"""Hearts and diamonds (suit indexes)."""

RED = Style(color="bright_red", bold=True)
BLACK = Style(bold=True)
BACK = Style(color="blue")
DIM = Style(dim=True)

FACE_WIDTH = 5
"""Columns of a small card face, borders included: ``│10♥│``."""


def colour_wanted() -> bool:
    """False when the ``NO_COLOR`` variable is set (as Textual reads it)."""
    return "NO_COLOR" not in os.environ


def suit_style(suit: int) -> Style:
    return RED if suit in RED_SUITS and colour_wanted() else BLACK


def tint(style: str) -> Style:
    """``style`` (such as ``"bold cyan"``), without its colours under ``NO_COLOR``."""
    parsed = Style.parse(style) if style else Style()
    return parsed if colour_wanted() else Style(bold=parsed.bold, underline=parsed.underline)


def dim_style(dim: bool) -> Style:
    """Faded, unless fading would leave the card unreadable (``NO_COLOR``)."""
    return DIM if dim and colour_wanted() else Style()


def suit_text(suit: int, symbols: bool = True, *, name: bool = False) -> Text:
    """The suit sign, coloured; with ``name`` the word too: ``♥ hearts``."""
    text = Text(suit_sign(suit, symbols), style=suit_style(suit))
    if name:
        text.append(f" {suit_name(suit)}", style=suit_style(suit))
    return text


def card_text(card: Card, symbols: bool = True, *, dim: bool = False) -> Text:
    """The card's label in its colour: ``10♥`` in red, ``K♠`` in bold."""
    return Text(card_label(card, symbols), style=suit_style(suit_of(card)) + dim_style(dim))


def cards_text(cards: list[Card], symbols: bool = True, separator: str = " ") -> Text:
    text = Text()
    for index, card in enumerate(cards):
        if index:
            text.append(separator)
        text.append_text(card_text(card, symbols))
    return text


LIGHT_FRAME = "┌─┐│└┘"
HEAVY_FRAME = "┏━┓┃┗┛"
"""The frame of a card that may be played now: it stands out by its shape,
whatever the colours."""


def card_face(
    card: Card,
    symbols: bool = True,
    *,
    dim: bool = False,
    frame: str = "",
    large: bool = False,
    heavy: bool = False,
) -> Text:
    """A small card, three lines high and five wide (``large``: five by seven)::

        ┌───┐      ┌─────┐
        │10♥│      │10   │
        └───┘      │  ♥  │
                   │   10│
                   └─────┘

    ``frame`` styles the border (selection, playable) separately from the
    face; ``heavy`` draws it in heavy lines (``┏━━━┓``).
    """
    border = tint(frame) if frame else dim_style(dim)
    face_style = suit_style(suit_of(card)) + dim_style(dim)
    top_left, line, top_right, side, bottom_left, bottom_right = tuple(HEAVY_FRAME if heavy else LIGHT_FRAME)
    width = 5 if large else 3
    face = Text(f"{top_left}{line * width}{top_right}\n", style=border)
    if not large:
        label = card_text(card, symbols, dim=dim)
        label.pad_right(3 - label.cell_len)
        face.append(side, style=border)
        face.append_text(label)
        face.append(f"{side}\n", style=border)
    else:
        rank = rank_label(rank_of(card))
        sign = suit_sign(suit_of(card), symbols)
        for row in (f"{rank:<5}", f"{sign:^5}", f"{rank:>5}"):
            face.append(side, style=border)
            face.append(row, style=face_style)
            face.append(f"{side}\n", style=border)
    face.append(f"{bottom_left}{line * width}{bottom_right}", style=border)
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


def signs_as_letters(text: str) -> str:
    """``letters``, and the Coach's marks as the plain-letter style draws
    them (★ as *, ≈ as ~): for a help that describes what the screen shows."""
    return letters(text).replace("★", "*").replace("≈", "~")


def letters(text: str) -> str:
    """Text with the suit symbols replaced by the language's suit letters
    (for an engine message shown in the plain-letter card style)."""
    return text.translate(str.maketrans(SUIT_SYMBOLS, "".join(suit_letter(suit) for suit in range(4))))
