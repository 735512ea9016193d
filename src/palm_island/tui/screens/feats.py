"""Provides :class:`FeatsScreen`: every feat of the campaign, locked ones included.

For each feat: its name, the goal in words (R29), what its card does once it is
in the deck (each of its four faces: stars, upgrade icons, what it holds, its
actions, R30), and whether this campaign has unlocked it and by which game.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll

from ...i18n import N_, _, feat_goal, feat_name
from ..glyphs import Glyphs
from ..intents import ControlledScreen
from ..render import card_faces
from ..widgets.entries import Entries
from ..widgets.footer import KeyBar, key_bars

if TYPE_CHECKING:
    from ...storage.service import FeatStatus


def feats_text(campaign: str, statuses: list[FeatStatus], cards: object, g: Glyphs) -> Text:
    """All feats in data-file order, the unlocked ones marked ``[x]``, locked ``[ ]``."""
    unlocked = sum(1 for s in statuses if s.unlock is not None)
    text = Text()
    heading = _("Feats of {campaign}: {unlocked} of {total} unlocked").format(
        campaign=campaign, unlocked=unlocked, total=len(statuses)
    )
    text.append(heading + "\n", style="bold")
    joins = _(
        "A feat's card can join the deck of a new game once unlocked "
        "(easy: any number, medium: one, hard: none)."
    )
    text.append(joins + "\n", style="dim")
    for status in statuses:
        feat = status.feat
        text.append("\n")
        mark = "[x]" if status.unlock is not None else "[ ]"
        text.append(f"{mark} {feat.code} {feat_name(feat.code, feat.name)}", style="bold")
        if status.unlock is not None:
            when = status.unlock.unlocked_at[:10]
            by = _("unlocked by game {game} on {date}").format(
                game=status.unlock.game_id, date=when
            )
            text.append(f" {g.dash} {by}")
        else:
            text.append(f" {g.dash} " + _("locked"))
        goal = _("Goal: {goal}").format(goal=feat_goal(feat.code, feat.goal))
        text.append(f"\n  {goal}\n")
        text.append("  " + _("Its card:") + "\n")
        text.append_text(card_faces(cards[feat.card_id], g, indent="    "))  # type: ignore[index]
        text.append("\n")
    return text


class FeatsScreen(ControlledScreen[None]):
    """``escape`` goes back."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "back", N_("Back"))]
    CSS_PATH = Path(__file__).with_name("feats.tcss")

    def compose(self) -> ComposeResult:
        control = self.controller
        assert control.store is not None and control.campaign_name is not None
        statuses = control.store.feat_status(control.campaign_name)
        cards = control.store.feats.catalog.cards
        with VerticalScroll():
            yield Entries(
                feats_text(control.campaign_name, statuses, cards, control.glyphs), id="feats-text"
            )
        yield from key_bars(KeyBar())

    def action_back(self) -> None:
        self.dismiss(None)
