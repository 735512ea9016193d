"""Provides :class:`CampaignScreen`: choose, create, rename or delete a campaign.

A campaign keeps its own feats and history (R29). The chosen campaign becomes the
app's current one: new games and Continue use it. Deleting asks first, because it
removes the campaign's games and feats.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from ...campaign.service import CampaignError
from ...i18n import N_, _, ngettext
from ...storage.errors import LoadError, SaveError
from ..attached import while_attached
from ..intents import (
    CampaignChosen,
    CampaignDeleted,
    CampaignRenamed,
    ControlledScreen,
    request,
)
from ..plain import fit, notify_plain, plain
from ..widgets.footer import KeyBar, key_bars
from ..widgets.tap_list import TapList
from .ask import AskScreen, InputScreen

if TYPE_CHECKING:
    from ...campaign.model import CampaignSummary

_ERRORS = (CampaignError, LoadError, SaveError, KeyError)


GLUE = "\xa0"
"""A no-break space: a figure stays with its word when a narrow list wraps the line
("best -" and "3 games" never split across rows)."""


NAME_CELLS = 28
"""The widest a campaign's name is shown; a longer one is cut with an ellipsis."""


def campaign_line(
    summary: CampaignSummary, current: bool, ellipsis: str = "…", name_cells: int = NAME_CELLS
) -> Text:
    """The campaign's name (in a column ``name_cells`` wide), games, best score and
    feats on a line (a list's option)."""
    best = "-" if summary.best is None else str(summary.best)
    flags = " " + _("(in play)").replace(" ", GLUE) if summary.has_unfinished else ""
    flags += " " + _("[modified]").replace(" ", GLUE) if summary.modified else ""
    mark = "*" if current else " "
    # Translators: {count} is right-aligned in three cells; keep the words after it short
    games = ngettext("{count} game", "{count} games", summary.games)
    games = games.format(count=str(summary.games).rjust(3, GLUE)).replace(" ", GLUE)
    feats = ngettext("{count} feat", "{count} feats", summary.feats)
    feats = feats.format(count=summary.feats).replace(" ", GLUE)
    best_part = _("best {score}").format(score=best.rjust(3, GLUE)).replace(" ", GLUE)
    name = fit(summary.name, name_cells, ellipsis)  # by cells: CJK and accents stay aligned
    return plain(f"{mark} {name} {games}  {best_part}  {feats}{flags}")


class CampaignScreen(ControlledScreen[None]):
    """``enter`` plays in the highlighted campaign; ``c`` create, ``r`` rename, ``d`` delete."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("c", "create", N_("Create")),
        Binding("r", "rename", N_("Rename")),
        Binding("d", "delete", N_("Delete")),
        Binding("escape", "back", N_("Back")),
    ]

    CSS_PATH = Path(__file__).with_name("campaign.tcss")

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(_("Campaigns (* = current). Each keeps its own feats and history."))
            yield TapList(id="campaigns")
            yield Static(
                # Translators: the keys (enter, c, r, d) stay as they are
                _("enter: play in it  c: create  r: rename  d: delete"),
                id="campaign-help",
            )
        yield from key_bars(KeyBar())

    @while_attached
    def on_mount(self) -> None:
        self.reload()

    def reload(self) -> None:
        control = self.controller
        assert control.store is not None
        options = self.query_one("#campaigns", TapList)
        summaries = control.store.campaigns()
        # the name column as wide as the longest name (up to NAME_CELLS): the room
        # left is the longer words' of a translation, which would wrap otherwise
        name_cells = min(NAME_CELLS, max((cell_len(s.name) for s in summaries), default=0))
        options.show_options(
            Option(
                campaign_line(
                    summary,
                    summary.name == control.campaign_name,
                    control.glyphs.ellipsis,
                    name_cells,
                ),
                id=summary.name,
            )
            for summary in summaries
        )
        names = [summary.name for summary in summaries]
        if names:
            current = control.campaign_name
            options.highlighted = names.index(current) if current in names else 0
        options.focus()

    def _highlighted(self) -> str | None:
        options = self.query_one("#campaigns", OptionList)
        if options.highlighted is None:
            return None
        return options.get_option_at_index(options.highlighted).id

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        name = event.option.id
        if name is not None:
            request(self, CampaignChosen(name))
        notify_plain(self, _("Playing in {campaign}.").format(campaign=event.option.id))
        self.dismiss(None)

    def action_back(self) -> None:
        self.dismiss(None)

    def action_create(self) -> None:
        """Ask for a name; an empty or taken one keeps the dialog open and says why."""

        def create(name: str) -> str | None:
            store = self.controller.store
            if store is None:
                return _("The campaign file is not open.")
            if not name:
                return _("A campaign needs a name: type one, or escape to cancel.")
            try:
                store.create_campaign(name)
            except _ERRORS as exc:
                return name_refused(exc)
            return None

        def created(name: str | None) -> None:
            if name is not None:
                request(self, CampaignChosen(name))
                self.reload()

        self.app.push_screen(InputScreen(_("Name of the new campaign:"), submit=create), created)

    def action_rename(self) -> None:
        old = self._highlighted()
        if old is None:
            return

        def rename(name: str) -> str | None:
            store = self.controller.store
            if store is None:
                return _("The campaign file is not open.")
            if not name:
                return _("A campaign needs a name: type one, or escape to cancel.")
            if name == old:
                return None
            try:
                store.rename_campaign(old, name)
            except _ERRORS as exc:
                return name_refused(exc)
            return None

        def renamed(name: str | None) -> None:
            if name is None:
                return
            request(self, CampaignRenamed(old, name))
            self.reload()

        asked = _("New name for {campaign}:").format(campaign=old)
        self.app.push_screen(InputScreen(asked, old, submit=rename), renamed)

    def action_delete(self) -> None:
        name = self._highlighted()
        if name is None:
            return

        def delete(yes: bool | None, *, force: bool = False) -> None:
            from ...storage.repositories import CampaignInUseError

            control = self.controller
            if not yes or control.store is None:
                return
            try:
                control.store.delete_campaign(name, confirm=True, force=force)
            except CampaignInUseError as exc:
                # A game of it is open in a window: say which, and ask again.
                again = _(
                    "{reason}.\nDelete it anyway? That window's game is lost with the campaign."
                ).format(reason=capitalised(exc))
                self.app.push_screen(
                    AskScreen(again, _("Delete anyway")), lambda yes: delete(yes, force=True)
                )
                return
            except _ERRORS as exc:
                notify_plain(self, str(exc), severity="error", timeout=8)
                return
            request(self, CampaignDeleted(name))
            self.reload()

        question = _(
            "Delete campaign {campaign}?\nIts games, history and feats are removed for good."
        ).format(campaign=name)
        self.app.push_screen(AskScreen(question, _("Delete")), delete)


def capitalised(exc: Exception) -> str:
    """An error's message as a sentence's start (its first letter a capital)."""
    text = str(exc)
    return text[:1].upper() + text[1:]


def name_refused(exc: Exception) -> str:
    """Why a name cannot be used, and what to do."""
    return _("{reason}: choose another name.").format(reason=capitalised(exc))
