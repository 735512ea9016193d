"""The help's key tables, built from the screens' ``BINDINGS``: a key bound on a screen
is in the help by construction, and only the words that explain it are written here.

Screens are imported when the help is drawn, not at import time: they are loaded
lazily by the app (the help is one of them), and some import this package. The
words are marked here (``N_``) and translated when the help is drawn; a screen's
own key descriptions come translated from its ``BINDINGS``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from rich.cells import cell_len
from textual.binding import Binding, BindingType
from textual.dom import DOMNode

from ...i18n import N_, _, key_label

SHOWN_AS: dict[str, str] = {
    "question_mark": "?",
    "left_square_bracket": "[",
    "right_square_bracket": "]",
    "comma": ",",
    "full_stop": ".",
    "plus": "+",
    "minus": "-",
    "equals_sign": "=",
}
"""How the help writes a key whose Textual name is a word."""

ARROWS = ("left", "right", "up", "down")


def shown(key: str) -> str:
    return SHOWN_AS.get(key, key)


def own_bindings(node: type[DOMNode]) -> list[Binding]:
    """The bindings ``node`` declares itself (not those it inherits)."""
    declared: list[BindingType] = node.__dict__.get("BINDINGS", [])
    return [b for b in declared if isinstance(b, Binding)]


def action_name(action: str) -> str:
    return action.split("(", 1)[0]


def matches(spec: str, action: str) -> bool:
    """``spec`` names the action exactly, or its name for every argument."""
    return spec == action or ("(" not in spec and spec == action_name(action))


def keys_of(bindings: Iterable[Binding], spec: str) -> list[str]:
    """The keys bound to ``spec``, shown as the help writes them, in binding order."""
    keys: list[str] = []
    for binding in bindings:
        if matches(spec, binding.action):
            keys += [shown(k.strip()) for k in binding.key.split(",") if shown(k) not in keys]
    return keys


def digit_run(keys: Sequence[str]) -> str:
    """The digits among ``keys``: ``1 2``, or ``1-9`` for a run of three or more."""
    digits = sorted(int(k) for k in keys if k.isdigit())
    if len(digits) >= 3 and digits == list(range(digits[0], digits[-1] + 1)):
        return f"{digits[0]}-{digits[-1]}"
    return " ".join(map(str, digits))


def by_kind(keys: Sequence[str]) -> str:
    """Digits, ``arrows``, then the rest sorted (``1 2, arrows, j k l``) when there are
    digits or arrows; else ``either``."""
    if not any(k.isdigit() or k in ARROWS for k in keys):
        return either(keys)
    # Translators: the arrow keys, in a list of keys (1 2, arrows, j k l)
    groups = [digit_run(keys), _("arrows") if any(k in ARROWS for k in keys) else ""]
    groups.append(" ".join(sorted(k for k in keys if not k.isdigit() and k not in ARROWS)))
    return ", ".join(g for g in groups if g)


def listed(keys: Sequence[str]) -> str:
    """A screen's keys for one item: ``a, b or c``; with digits or punctuation, which
    a comma would blur: the digits' run, then the rest in binding order (``left , right .``)."""
    if not any(k.isdigit() or (len(k) == 1 and not k.isalnum()) for k in keys):
        return either(keys)
    rest = " ".join(k for k in keys if not k.isdigit())
    return " ".join(part for part in (digit_run(keys), rest) if part)


def either(keys: Sequence[str]) -> str:
    """``a``, ``a or b``, ``a, b or c``."""
    if len(keys) == 1:
        return keys[0]
    # Translators: keys, the last of a list (a, b or c); the keys stay as they are
    return _("{keys} or {last}").format(keys=", ".join(keys[:-1]), last=keys[-1])


@dataclass(frozen=True)
class Row:
    """A line of the game's key table: the actions it explains (an action's name alone
    stands for all its arguments) and what they do."""

    actions: tuple[str, ...]
    words: str
    """English, marked with ``N_``: :func:`_` where shown."""

    def keys(self, bindings: Sequence[Binding]) -> str:
        per_action = [keys_of(bindings, spec) for spec in self.actions]
        if len(self.actions) == 1 and "(" not in self.actions[0]:
            return by_kind(per_action[0])  # a family: select(1), select(2)
        if all(len(keys) == 1 for keys in per_action):
            return " ".join(keys[0] for keys in per_action)
        return "; ".join(either(keys) for keys in per_action)


GAME_ROWS: tuple[Row, ...] = (
    Row(("select",), N_("select card 1 or card 2 (card 3: look only)")),
    Row(
        ("act('store')", "act('rotate')", "act('flip')"),
        N_("store, rotate, flip the selected card"),
    ),
    Row(("act('discard')",), N_("discard card 1")),
    Row(("peek",), N_("peek at the other side of the selected card")),
    Row(("hint",), N_("hint: the solver's move here and its expected score")),
    Row(("undo", "redo"), N_("undo; redo (as far back as you like)")),
    Row(("leave",), N_("back to the title; the game is kept (Continue)")),
    Row(("help",), N_("this help")),
    Row(("command_palette",), N_("command palette: game commands, themes")),
    Row(("request_quit",), N_("quit (asks first while a game is in progress)")),
    Row(("choice",), N_("in a choice: pick, move, choose; escape cancels")),
)
"""The game screen's keys (with the app's), one line per row, in this order."""


def game_bindings() -> list[Binding]:
    """The game screen's bindings, the app's, and the command palette's key."""
    from textual.app import App

    from ..app_keys import APP_BINDINGS
    from .game import GameScreen

    palette = Binding(App.COMMAND_PALETTE_BINDING, "command_palette")
    app_keys = [b for b in APP_BINDINGS if isinstance(b, Binding)]
    return [*own_bindings(GameScreen), *app_keys, palette]


def game_table() -> str:
    bindings = game_bindings()
    lines = []
    for row in GAME_ROWS:
        keys = row.keys(bindings)
        words = _(row.words)
        if len(keys) > 22:  # too wide for the column: the words go on the next line
            lines += [f" {keys}", f" {'':<22} {words}"]
        else:
            lines.append(f" {keys:<22} {words}")
    return "\n".join(lines)


@dataclass(frozen=True)
class Section:
    """A screen's keys in the help: ``words`` say what an action does where its
    footer description is too short (keyed by action, or action name for a family).
    The label, words and note are English, marked with ``N_``: :func:`_` where shown."""

    label: str
    screen: str
    words: dict[str, str]
    note: str = ""


SECTIONS: tuple[Section, ...] = (
    Section(
        N_("Title"),
        "title.TitleScreen",
        {  # the key bar's words are short: the help says them whole
            "entry('new')": N_("new game"),
            "entry('daily')": N_("daily deal"),
            "toggle_colour": N_("deck colour"),
            "entry('campaign')": N_("campaigns"),
            "app.focus_previous": N_("previous entry"),
            "app.focus_next": N_("next entry"),
        },
        N_("digits type the seed, backspace deletes one; tab, shift+tab move, enter chooses"),
    ),
    Section(N_("New game"), "setup.SetupScreen", {"difficulty": N_("difficulty")}),
    Section(
        N_("Difficulty"),
        "setup.DifficultySet",
        {
            "next_button": N_("next"),
            "previous_button": N_("previous"),
            "leave": N_("on to the feats"),
        },
    ),
    Section(N_("Feat list"), "setup.FeatList", {"tick": N_("tick the feat")}),
    Section(N_("Deck preview"), "preview.PreviewScreen", {}),
    Section(N_("Tutorial"), "tutorial.TutorialScreen", {"next": N_("next step")}),
    Section(N_("Peek"), "peek.PeekScreen", {"close": N_("put the card back")}),
    Section(
        N_("End of game"),
        "end.EndScreen",
        {
            "copy_share": N_("copy the result line"),
            "finish('again')": N_("same deal again"),
            "finish('undo')": N_("undo the last move"),
            "scroll_cards": N_("scroll the cards"),
        },
        N_("undo is not for a game saved in a campaign: its result is final"),
    ),
    Section(N_("Saved games"), "saved_games.SavedGamesScreen", {}),
    Section(N_("Campaigns"), "campaign.CampaignScreen", {}),
    Section(N_("Feats"), "feats.FeatsScreen", {}),
    Section(N_("Statistics"), "stats.StatsScreen", {}),
    Section(
        N_("History"),
        "history.HistoryScreen",
        {"replay": N_("replay the game"), "import_file": N_("import a record file")},
    ),
    Section(
        N_("Replay"),
        "replay.ReplayScreen",
        {
            "step": N_("step back/forward"),
            "round": N_("round back/forward"),
            "goto": N_("first/last move"),
            "autoplay": N_("play/pause"),
            "speed": N_("speed"),
            "round_start": N_("start of a round"),
        },
        N_(
            "the card the next move is played on says what it will be"
            ' ("next: rotate", and how it is paid)'
        ),
    ),
    Section(N_("Analysis"), "analysis.AnalysisScreen", {}),
)
"""Every other screen with keys of its own, in the help's order (a test checks that
none is left out)."""


def screen_class(path: str) -> type[DOMNode]:
    import importlib

    module, name = path.rsplit(".", 1)
    found: type[DOMNode] = getattr(importlib.import_module(f"{__package__}.{module}"), name)
    return found


def section_items(section: Section) -> list[tuple[list[str], str]]:
    """(keys, words) per action of the screen, in binding order; a family of actions
    (``step(-1)``, ``step(1)``) is one item when ``words`` names the family."""
    bindings = own_bindings(screen_class(section.screen))
    items: list[tuple[list[str], str]] = []
    done: set[str] = set()
    for binding in bindings:
        name = action_name(binding.action)
        spec = name if name in section.words else binding.action
        if spec in done:
            continue
        done.add(spec)
        described = key_label(binding.description).lower()
        words = _(section.words[spec]) if spec in section.words else described
        items.append((keys_of(bindings, spec), words))
    return items


def section_text(section: Section, label_cells: int = 14) -> str:
    parts = []
    for keys, words in section_items(section):
        parts.append(f"{listed(keys)} {words}")
    note = _(section.note) if section.note else ""
    body = ", ".join(parts) + (f"; {note}" if note else "")
    # one line: the help wraps it to its width, the rest under the keys (Entries)
    label = _(section.label)
    return f" {label}{' ' * (label_cells - cell_len(label))}  {body}"


def sections_text() -> str:
    """Every section, its label in a column as wide as the widest translated one."""
    cells = max(cell_len(_(section.label)) for section in SECTIONS)
    return "\n".join(section_text(section, max(14, cells)) for section in SECTIONS)
