"""Provides :func:`styled`: a translated sentence whose placeholders are filled with
styled parts (a score in the star's colour), so the sentence stays whole in the
catalog and a translation may move the styled part anywhere in it."""

from __future__ import annotations

import string

from rich.style import Style
from rich.text import Text


def styled(
    template: str, style: str | Style = "", *, words: str | Style = "", **parts: str | Text
) -> Text:
    """``template`` (already translated) with each ``{name}`` replaced by
    ``parts[name]``, a :class:`Text` keeping its own style; ``style`` for the whole,
    ``words`` for the template's own words only."""
    text = Text(style=style)
    for literal, name, _spec, _conversion in string.Formatter().parse(template):
        text.append(literal, style=words or None)
        if name is not None:
            part = parts[name]
            text.append(part if isinstance(part, Text) else Text(part))
    return text
