"""A translated sentence with styled pieces in it (a card in its colour):
the catalog holds the whole sentence with named places, ``{card}``, and the
pieces are put in as Rich ``Text``, so no sentence is cut into fragments."""

from __future__ import annotations

import re
from collections.abc import Mapping

from rich.text import Text

Piece = Text | str | int

_PLACE = re.compile(r"\{(\w+)\}")


def styled(
    template: str, style: str = "", values: Mapping[str, Piece] | None = None, **pieces: Piece
) -> Text:
    """``template`` (already translated, its own words in ``style``) with
    each ``{name}`` replaced by its piece: a ``Text`` keeps its style, anything else is plain text. A place
    with no piece is left as written, so a bad translation shows, not fails."""
    pieces = {**(values or {}), **pieces}
    text = Text()
    position = 0
    for found in _PLACE.finditer(template):
        text.append(template[position : found.start()], style=style)
        piece = pieces.get(found.group(1))
        if piece is None:
            text.append(found.group(), style=style)
        elif isinstance(piece, Text):
            text.append_text(piece)
        else:
            text.append(str(piece))
        position = found.end()
    text.append(template[position:], style=style)
    return text
