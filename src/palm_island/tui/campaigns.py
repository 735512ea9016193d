"""Opening the campaign file for the app, and picking the campaign to play in.

Kept out of ``app.py`` so the app stays about navigation: this module decides
which campaign is current (the most recently played one, or a first campaign
called "My island" created on the first run) and turns a damaged file into a
screen instead of a crash.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..storage.errors import LoadError, SaveError

if TYPE_CHECKING:
    from .app import PalmIslandApp

DEFAULT_CAMPAIGN = "My island"
"""The campaign a new player's games go to until they create or choose another."""


def open_store(app: PalmIslandApp) -> LoadError | SaveError | None:
    """Open the file into ``app.store`` and choose a campaign; the error if it failed.

    On failure the app runs as quick games in memory, and the caller shows the
    damaged-file screen, which offers the newest good backup.
    """
    from ..storage.service import Store

    try:
        app.store = Store.open(app.config.data_dir)
        app.store.holds_games = True  # one writer per game: a new game is held at once
    except (LoadError, SaveError) as exc:
        app.store = None
        return exc
    choose_default_campaign(app)
    return None


def choose_default_campaign(app: PalmIslandApp) -> None:
    """The most recently played campaign, creating the first one if there is none
    (one step in the store: windows starting at once all get the same one)."""
    store = app.store
    if store is None:
        return
    app.campaign_name = store.default_campaign(DEFAULT_CAMPAIGN)


def has_unfinished(app: PalmIslandApp) -> bool:
    """Whether the current campaign has a saved game in play ("Continue")."""
    if app.store is None or app.campaign_name is None:
        return False
    return any(c.name == app.campaign_name and c.has_unfinished for c in app.store.campaigns())


def campaign_still_there(app: PalmIslandApp) -> bool:
    """Before anything that uses the current campaign: True if it is still in the
    file. If it was renamed or deleted (from the command line, another window), say
    so, make the most recent campaign current and return False: the caller stops
    and the title (a safe screen) shows the new current campaign."""
    from ..campaign.service import CampaignError
    from .plain import notify_plain

    store, name = app.store, app.campaign_name
    if store is None or name is None:
        return True
    try:
        if any(c.name == name for c in store.campaigns()):
            return True
        choose_default_campaign(app)
    except (LoadError, SaveError, CampaignError) as exc:
        notify_plain(app, f"Cannot read the campaigns: {exc}", severity="error", timeout=8)
        return False
    notify_plain(
        app,
        f"The campaign {name!r} is no longer in the campaign file (renamed or deleted "
        f"elsewhere); now in {app.campaign_name!r}.",
        severity="warning",
        timeout=10,
    )
    app.back_to_title()
    return False
