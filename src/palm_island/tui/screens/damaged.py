"""Provides :class:`DamagedScreen`: the campaign file could not be opened.

Never a crash: the player reads what is wrong and, if a good backup exists, can
restore the newest one. The damaged file is kept (renamed), never deleted. Without
restoring, the app goes on with quick games that are not saved.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, cast

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from ...storage.errors import LoadError, SaveError

if TYPE_CHECKING:
    from ...storage.backups import Backup
    from ..app import PalmIslandApp


class DamagedScreen(ModalScreen[None]):
    """``r`` restores the newest good backup; ``escape`` goes on without saving."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("r", "restore", "Restore backup"),
        Binding("escape", "dismiss", "Continue without saving"),
    ]

    DEFAULT_CSS = """
    DamagedScreen { align: center middle; }
    DamagedScreen > Vertical { width: 72; height: auto; border: thick $error;
        background: $surface; padding: 1 2; }
    DamagedScreen Horizontal { height: auto; margin-top: 1; align: center top; }
    DamagedScreen Button { margin: 0 1; }
    """

    def __init__(self, error: LoadError | SaveError) -> None:
        super().__init__()
        self.error = error
        self.backup: Backup | None = None

    def compose(self) -> ComposeResult:
        from ...storage.service import Store

        app = cast("PalmIslandApp", self.app)
        damaged = isinstance(self.error, LoadError) and self.error.kind == "db_damaged"
        title = "Campaign file is damaged" if damaged else "Campaign file cannot be opened"
        lines = [title, "", str(self.error)]
        if damaged:
            try:
                backups = Store.list_backups(app.config.data_dir)
            except OSError:
                backups = []
            self.backup = backups[0] if backups else None
        if self.backup is not None:
            when = self.backup.taken_at.strftime("%Y-%m-%d %H:%M")
            lines += ["", f"Newest good backup: {self.backup.path.name} ({when} UTC)."]
            lines.append("Restoring keeps the damaged file, renamed, next to it.")
        else:
            lines += ["", "There is no good backup to restore."]
        lines.append("Games played now are not saved.")
        with Vertical():
            yield Static("\n".join(lines), id="damaged-text")
            with Horizontal():
                if self.backup is not None:
                    yield Button("Restore backup (r)", id="restore", variant="warning")
                yield Button("Continue without saving (esc)", id="skip", variant="primary")

    def action_restore(self) -> None:
        """Put the backup in place, keep the damaged file, and open the campaigns."""
        from ...storage.service import Store
        from ..campaigns import open_store

        if self.backup is None:
            return
        app = cast("PalmIslandApp", self.app)
        try:
            kept = Store.restore_backup(self.backup, app.config.data_dir)
        except (OSError, LoadError) as exc:
            self.notify(f"Restore failed: {exc}", severity="error", timeout=8)
            return
        error = open_store(app)
        if error is not None:
            self.notify(f"Still cannot open: {error}", severity="error", timeout=8)
            return
        note = f"Backup restored; damaged file kept as {kept.name}." if kept else "Restored."
        app.notify(note, timeout=8)
        self.dismiss(None)
        app.refresh_title()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "restore":
            self.action_restore()
        else:
            self.dismiss(None)
