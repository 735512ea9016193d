"""Provides :class:`StatsScreen`: the current campaign's statistics.

Games, best and average score, how many games reached each village rank (R27),
feats unlocked, and the score history as a sparkline (``campaign.stats``).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.widgets import Static

from ...campaign.stats import sparkline, sparkline_caption
from ...i18n import _
from ...text import printable
from ..intents import ControlledScreen
from ..plain import fit
from ..widgets.footer import KeyBar, key_bars

if TYPE_CHECKING:
    from ...campaign.model import CampaignStats

HISTORY_WIDTH = 60
"""Games the score history draws (the newest); its caption speaks of the same."""


def stats_text(
    name: str, stats: CampaignStats, *, ascii_only: bool, feat_names: dict[str, str] | None = None
) -> Text:
    text = Text()
    text.append("Statistics\n", style="bold underline")
    text.append(f"Campaign {fit(name, 60, pad=False)}\n\n", style="bold")
    best = "-" if stats.best is None else str(stats.best)
    average = "-" if stats.average is None else f"{stats.average:.1f}"
    text.append(f"Games finished  {stats.games}\nBest score      {best}\n")
    text.append(f"Average score   {average}\n\n")
    text.append("Village ranks\n", style="bold")
    for rank, count in stats.ranks:
        text.append(f"  {printable(rank):<24} {count:>3}\n")
    names = feat_names or {}
    unlocked = ", ".join(names.get(code, code) for code in stats.feats_unlocked) or "none yet"
    text.append(f"\nFeats unlocked  {len(stats.feats_unlocked)} of {stats.feats_total}: ")
    text.append(f"{unlocked}\n\n")
    text.append("Score history (oldest to newest)\n", style="bold")
    if stats.scores:
        line = sparkline(stats.scores, HISTORY_WIDTH, ascii_only=ascii_only)
        text.append(f"  {line}\n", style="green")
        arrow = "->" if ascii_only else "→"
        caption = sparkline_caption(stats.scores, HISTORY_WIDTH, arrow=arrow)
        text.append(f"  {caption}\n", style="dim")
    else:
        text.append("  no finished games yet\n", style="dim")
    return text


class StatsScreen(ControlledScreen[None]):
    """``escape`` goes back."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "back", _("Back"))]
    CSS_PATH = Path(__file__).with_name("stats.tcss")

    def compose(self) -> ComposeResult:
        control = self.controller
        assert control.store is not None and control.campaign_name is not None
        stats = control.store.statistics(control.campaign_name)
        with VerticalScroll():
            yield Static(
                stats_text(
                    control.campaign_name,
                    stats,
                    ascii_only=control.config.ascii_only,
                    feat_names={feat.code: feat.name for feat in control.store.feats.feats},
                ),
                id="stats",
            )
        yield from key_bars(KeyBar())

    def action_back(self) -> None:
        self.dismiss(None)
