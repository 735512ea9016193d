"""Provides :class:`EndScreen`: the score of a finished game (R25-R28).

Shows the total, the village rank from the score chart, the tie-breaks (upgrade
icons, stored resources) and every card's part. Dismisses with what to do next:
``"again"`` (same deal), ``"new"`` (new deal), ``"title"`` or ``"undo"``.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Button, Static

from ...engine import ScoreBreakdown, VillageRank, score
from ...i18n import N_, _, card_spec_name, feat_goal, feat_name, ngettext, rank_title
from ...session import GameSession
from ...solver.daily import daily_date
from ..attached import while_attached
from ..glyphs import Glyphs
from ..intents import ControlledScreen
from ..plain import notify_plain
from ..render import orientation_name, resources
from ..styled import styled
from ..widgets.buttons import GameButton
from ..widgets.footer import KeyBar, key_bars
from ..widgets.result import ResultLines

if TYPE_CHECKING:
    from ..intents import GameControl


class EndScreen(ControlledScreen[str]):
    """Keys: ``g`` same deal again, ``n`` new deal, ``t`` title, ``u`` undo the last move,
    ``a`` analysis of the game, ``c`` copy the daily deal's share line."""

    # short labels: with all of them "q Quit" still fits an 80-column key bar (the
    # buttons and the help say them in full)
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("a", "analysis", N_("Analysis")),
        Binding("c", "copy_share", N_("Copy")),
        Binding("g", "finish('again')", N_("Again")),
        Binding("n", "finish('new')", N_("New deal")),
        Binding("t,escape", "finish('title')", N_("Title")),
        Binding("u", "finish('undo')", N_("Undo")),
        # the card rows scroll by keys from the start, whatever has the focus (at
        # 80x24 a third of them show)
        Binding("down", "scroll_cards('down')", N_("Scroll down"), show=False),
        Binding("up", "scroll_cards('up')", N_("Scroll up"), show=False),
        Binding("pagedown", "scroll_cards('page_down')", N_("Page down"), show=False),
        Binding("pageup", "scroll_cards('page_up')", N_("Page up"), show=False),
        Binding("home", "scroll_cards('home')", N_("Top"), show=False),
        Binding("end", "scroll_cards('end')", N_("Bottom"), show=False),
    ]

    CSS_PATH = Path(__file__).with_name("end.tcss")

    def __init__(self, controller: GameControl, session: GameSession) -> None:
        super().__init__(controller)
        self.session = session
        self.breakdown = score(session.state)

    def compose(self) -> ComposeResult:
        control = self.controller
        g = control.glyphs
        with Horizontal(id="top"):
            yield Static(summary(self.breakdown, self.session, g), id="summary")
            ranks = self.session.state.catalog.ranks
            yield Static(chart_text(ranks, self.breakdown.total, g), id="chart")
        unlocked = unlocked_text(self.session, self._usable_feats())
        if unlocked is not None:
            yield Static(unlocked, id="unlocked")
        # a daily deal's share line, however resumed; never for a practice game
        day = None if self.session.practice else daily_date(self.session.seed)
        total, rank = self.breakdown.total, self.breakdown.rank
        pars = control.pars if control.config.compute_par else None
        yield ResultLines(self.session, total, rank, day, g, pars, id="result")
        with VerticalScroll(id="breakdown"):
            tracker = self.session.state.catalog.cards[-1].code
            yield Static(card_table(self.breakdown, g, skip=tracker), id="cards")
        with Horizontal(id="buttons"):
            # Translators: (g), (n), (t) are the keys: they stay as they are
            yield GameButton(_("Same deal again (g)"), id="again", variant="primary")
            yield GameButton(_("New deal (n)"), id="new")
            yield GameButton(_("Title (t)"), id="title")
        buttons = frozenset({"finish('again')", "finish('new')", "finish('title')"})
        yield from key_bars(KeyBar(compact=True, on_screen=buttons))  # the buttons' keys

    def _usable_feats(self) -> list[str] | None:
        """The feats a new game in this game's campaign can use; None for a quick game."""
        control = self.controller
        campaign = self.session.campaign
        if control.store is None or not campaign:
            return None
        try:
            codes = control.store.campaign(campaign).unlocked
        except KeyError:
            return None
        names = {feat.code: feat_name(feat.code, feat.name) for feat in control.store.feats.feats}
        return [f"{code} {names.get(code, '')}".strip() for code in codes]

    @while_attached
    def on_mount(self) -> None:
        for button in self.query("#again").results(Button):
            button.focus()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """A saved campaign game's result is committed: no undo key for it; only a
        daily deal has a line to share."""
        if action == "finish" and parameters == ("undo",):
            return self.session.can_undo
        if action == "copy_share":
            shown = list(self.query("#result").results(ResultLines))
            return bool(shown) and shown[0].day is not None
        return True

    def action_analysis(self) -> None:
        """Where the game lost stars, by the solver (computed on its own screen)."""
        from .analysis import AnalysisScreen

        game_id = self.session.game_id  # a stored game keeps its analysis
        self.app.push_screen(
            AnalysisScreen(self.controller, self.session.start, self.session.moves, game_id)
        )

    def action_copy_share(self) -> None:
        share = self.query_one("#result", ResultLines).share
        if share is not None:
            from ..clipboard import clipboard_reachable

            self.app.copy_to_clipboard(share)
            if clipboard_reachable():
                notify_plain(self, _("Copied: {share}").format(share=share), timeout=4)
            else:  # the copy cannot reach a clipboard here: never claim it did
                notify_plain(
                    self,
                    _(
                        "This terminal does not let a program copy: select the share line "
                        "with the mouse to copy it."
                    ),
                    timeout=8,
                )

    def action_scroll_cards(self, how: str) -> None:
        """Scroll the card rows: ``down``, ``up``, ``page_down``, ``page_up``, ``home``, ``end``."""
        rows = self.query_one("#breakdown", VerticalScroll)
        match how:
            case "down":
                rows.scroll_down(animate=False)
            case "up":
                rows.scroll_up(animate=False)
            case "page_down":
                rows.scroll_page_down(animate=False)
            case "page_up":
                rows.scroll_page_up(animate=False)
            case "home":
                rows.scroll_home(animate=False)
            case "end":
                rows.scroll_end(animate=False)

    def action_finish(self, choice: str) -> None:
        self.dismiss(choice)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(str(event.button.id))


def summary(breakdown: ScoreBreakdown, session: GameSession, g: Glyphs) -> Text:
    text = Text()
    over = _("Game over {dash} {score} {star}")
    text.append(over.format(dash=g.dash, score=breakdown.total, star=g.star), style="bold")
    text.append(f"  {g.sep}  ")
    rank = Text(rank_title(breakdown.rank), style="bold")
    text.append_text(styled(_("village built: {rank}"), rank=rank))
    icons = f"{g.upgrade}{breakdown.upgrade_icons}"
    text.append("\n" + _("Upgrade icons {icons}").format(icons=icons) + f" {g.sep} ")
    held = resources(breakdown.stored_resources, g)
    text.append_text(styled(_("stored resources {resources}"), resources=held))
    undos, turns = session.undo_count, session.turn
    said = (
        ngettext("{turns} turn", "{turns} turns", turns).format(turns=turns),
        ngettext("{undos} undo", "{undos} undos", undos).format(undos=undos),
        _("seed {seed}").format(seed=session.seed),
    )
    text.append("\n" + f" {g.sep} ".join(said), style="dim")
    return text


def unlocked_text(session: GameSession, usable: list[str] | None) -> Text | None:
    """Feats this game unlocked in its campaign (R29) and the feats a new game there
    can now use; None for a quick game."""
    feats = session.newly_unlocked
    if usable is None and not feats:
        return None
    text = Text()
    if feats:
        unlocked = ngettext("Feat unlocked!", "Feats unlocked!", len(feats))
        text.append(unlocked + " ", style="bold")
        text.append(
            "; ".join(
                f"{feat.code} {feat_name(feat.code, feat.name)} ({feat_goal(feat.code, feat.goal)})"
                for feat in feats
            )
        )
        text.append("\n")
    if usable is not None:
        listed = ", ".join(usable) or _("no feats yet (see Feats on the title)")
        text.append(_("A new game can now use: {feats}").format(feats=listed))
    return text


def chart_text(ranks: Sequence[VillageRank], total: int, g: Glyphs) -> Text:
    """The score chart's bands, best first; the band reached is marked in text (R27)."""
    text = Text(_("Score chart") + "\n", style="bold")
    reached = next((band for band in ranks if total >= band.min), ranks[-1] if ranks else None)
    for band in ranks:
        here = band is reached
        line = Text(f"{g.selected if here else ' '} {band.min:>3}+ {rank_title(band.title)}")
        if here:
            line.stylize("bold reverse")
        text.append_text(line)
        text.append("\n")
    text.rstrip()
    return text


def card_table(breakdown: ScoreBreakdown, g: Glyphs, *, skip: str = "") -> Table:
    """Every card's stars, upgrade icons and stored resources, best cards first."""
    table = Table(box=None, pad_edge=False, expand=False, header_style="bold")
    # A card's name and face whole on one line in every language: on a phone the
    # last column's title wraps instead (its cells are short: "—", "1▲S").
    table.add_column(_("Card"), no_wrap=True)
    table.add_column(_("Face"), no_wrap=True)
    table.add_column(g.star, justify="right")
    table.add_column(g.upgrade, justify="right")
    table.add_column(_("Stored, holds"))
    for card in sorted(breakdown.cards, key=lambda c: (-c.stars, -c.upgrades, c.code)):
        if card.code == skip:  # the round tracker scores nothing
            continue
        table.add_row(
            f"{card.code} {card_spec_name(card.code, card.name)}",
            orientation_name(card.orientation, g),
            str(card.stars),
            str(card.upgrades),
            resources(card.holds, g, empty="") if card.stored else Text(g.dash, style="dim"),
        )
    return table
