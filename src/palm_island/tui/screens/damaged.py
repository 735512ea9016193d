"""Provides :class:`DamagedScreen`: the campaign file could not be opened.

Never a crash: the player reads what is wrong and, if a good backup exists, can
restore the newest one. The damaged file is kept (renamed), never deleted. Without
restoring, the app goes on with quick games that are not saved.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.css.query import NoMatches
from textual.widgets import Button, OptionList, Static
from textual.widgets.option_list import Option

from ...i18n import N_, _
from ...storage.errors import LoadError, SaveError
from ..intents import ControlledModal, ReopenFile, request
from ..plain import notify_plain, plain, plain_lines
from ..widgets.buttons import GameButton
from ..widgets.footer import key_bars
from ..widgets.tap_list import TapList

if TYPE_CHECKING:
    from ...storage.backups import Backup
    from ..intents import GameControl


class DamagedScreen(ControlledModal[None]):
    """``r`` restores the newest good backup; ``escape`` goes on without saving."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("r", "restore", N_("Restore backup")),
        Binding("escape", "dismiss", N_("Continue without saving")),
    ]

    CSS_PATH = Path(__file__).with_name("damaged.tcss")

    def __init__(self, controller: GameControl, error: LoadError | SaveError) -> None:
        super().__init__(controller)
        self.error = error
        self.backups: list[Backup] = []
        """Every good backup, newest first, each with what it holds."""

    @property
    def backup(self) -> Backup | None:
        """The backup ``r`` restores: the highlighted one (the newest at first)."""
        if not self.backups:
            return None
        try:
            index = self.query_one("#backups", OptionList).highlighted
        except NoMatches:
            index = None
        return self.backups[index if index is not None else 0]

    def compose(self) -> ComposeResult:
        from ...storage.service import Store

        control = self.controller
        damaged = isinstance(self.error, LoadError) and self.error.kind == "db_damaged"
        title = _("Campaign file is damaged") if damaged else _("Campaign file cannot be opened")
        lines = [title, "", str(self.error)]
        if damaged:
            try:
                self.backups = Store.list_backups(control.config.data_dir)
            except (OSError, LoadError) as exc:
                self.backups = []
                lines += ["", str(exc)]
        if self.backups:
            lines += ["", _("Good backups, newest first (what each holds):")]
        else:
            lines += ["", _("There is no good backup to restore.")]
        with Vertical():
            yield Static(plain_lines("\n".join(lines)), id="damaged-text")
            if self.backups:
                yield TapList(
                    *(Option(plain(b.describe()), id=b.path.name) for b in self.backups),
                    id="backups",
                )
                yield Static(
                    plain_lines(
                        _("Restoring keeps the damaged file, renamed, next to it.")
                        + "\n"
                        + _("Games played without restoring are not saved.")
                    )
                )
            else:
                yield Static(plain_lines(_("Games played now are not saved.")))
            with Horizontal():
                if self.backups:
                    restore = _("Restore backup (r)")
                    yield GameButton(restore, id="restore", variant="warning")
                skip = _("Continue without saving (esc)")
                yield GameButton(skip, id="skip", variant="primary")
        yield from key_bars()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.action_restore()

    def action_restore(self) -> None:
        """Put the backup in place, keep the damaged file, and open the campaigns."""
        from ...storage.service import Store

        chosen = self.backup
        if chosen is None:
            return
        control = self.controller
        try:
            kept = Store.restore_backup(chosen, control.config.data_dir)
        except (OSError, LoadError) as exc:
            failed = _("Restore failed: {reason}").format(reason=exc)
            notify_plain(self, failed, severity="error", timeout=8)
            return
        request(self, ReopenFile())
        error = control.file_problem
        if error is not None:
            failed = _("Still cannot open: {reason}").format(reason=error)
            notify_plain(self, failed, severity="error", timeout=8)
            return
        if kept:
            note = _("Backup restored; damaged file kept as {name}.").format(name=kept.name)
        else:
            note = _("Restored.")
        notify_plain(self.app, note, timeout=8)
        self.dismiss(None)  # the title rebuilds its menu as it shows again

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "restore":
            self.action_restore()
        else:
            self.dismiss(None)
