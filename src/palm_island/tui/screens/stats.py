"""Provides :class:`StatsScreen`: the current campaign's statistics.

Games, best and average score, how many games reached each village rank (R27),
feats unlocked, and the score history as a sparkline (``campaign.stats``).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.widgets import Static

from ...campaign.stats import sparkline, sparkline_caption
from ...i18n import N_, _, feat_name, rank_title
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
    text.append(_("Statistics") + "\n", style="bold underline")
    campaign = _("Campaign {name}").format(name=fit(name, 60, pad=False))
    text.append(campaign + "\n\n", style="bold")
    best = "-" if stats.best is None else str(stats.best)
    average = "-" if stats.average is None else f"{stats.average:.1f}"
    labels = (_("Games finished"), _("Best score"), _("Average score"), _("Feats unlocked"))
    width = max(cell_len(label) for label in labels) + 2  # a column of values

    def row(label: str, value: str) -> str:
        return label + " " * (width - cell_len(label)) + value

    text.append(row(labels[0], str(stats.games)) + "\n" + row(labels[1], best) + "\n")
    text.append(row(labels[2], average) + "\n\n")
    text.append(_("Village ranks") + "\n", style="bold")
    for rank, count in stats.ranks:
        title = rank_title(printable(rank))
        text.append(f"  {title}{' ' * max(0, 24 - cell_len(title))} {count:>3}\n")
    names = feat_names or {}
    listed = ", ".join(feat_name(code, names.get(code, code)) for code in stats.feats_unlocked)
    counted = _("{count} of {total}").format(
        count=len(stats.feats_unlocked), total=stats.feats_total
    )
    text.append("\n" + row(labels[3], counted) + ": ")
    text.append((listed or _("none yet")) + "\n\n")
    text.append(_("Score history (oldest to newest)") + "\n", style="bold")
    if stats.scores:
        line = sparkline(stats.scores, HISTORY_WIDTH, ascii_only=ascii_only)
        text.append(f"  {line}\n", style="green")
        arrow = "->" if ascii_only else "→"
        caption = sparkline_caption(stats.scores, HISTORY_WIDTH, arrow=arrow)
        text.append(f"  {caption}\n", style="dim")
    else:
        text.append("  " + _("no finished games yet") + "\n", style="dim")
    return text


class StatsScreen(ControlledScreen[None]):
    """``escape`` goes back."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "back", N_("Back"))]
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
