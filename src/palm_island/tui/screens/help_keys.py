"""The help's key tables, built from the screens' ``BINDINGS``: a key bound on a screen
is in the help by construction, and only the words that explain it are written here.

Screens are imported when the help is drawn, not at import time: they are loaded
lazily by the app (the help is one of them), and some import this package.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from textual.binding import Binding, BindingType
from textual.dom import DOMNode

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
    groups = [digit_run(keys), "arrows" if any(k in ARROWS for k in keys) else ""]
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
    return keys[0] if len(keys) == 1 else f"{', '.join(keys[:-1])} or {keys[-1]}"


@dataclass(frozen=True)
class Row:
    """A line of the game's key table: the actions it explains (an action's name alone
    stands for all its arguments) and what they do."""

    actions: tuple[str, ...]
    words: str

    def keys(self, bindings: Sequence[Binding]) -> str:
        per_action = [keys_of(bindings, spec) for spec in self.actions]
        if len(self.actions) == 1 and "(" not in self.actions[0]:
            return by_kind(per_action[0])  # a family: select(1), select(2)
        if all(len(keys) == 1 for keys in per_action):
            return " ".join(keys[0] for keys in per_action)
        return "; ".join(" or ".join(keys) for keys in per_action)


GAME_ROWS: tuple[Row, ...] = (
    Row(("select",), "select card 1 or card 2 (card 3: look only)"),
    Row(("act('store')", "act('rotate')", "act('flip')"), "store, rotate, flip the selected card"),
    Row(("act('discard')",), "discard card 1"),
    Row(("peek",), "peek at the other side of the selected card"),
    Row(("hint",), "hint: the solver's move here and its expected score"),
    Row(("undo", "redo"), "undo; redo (as far back as you like)"),
    Row(("leave",), "back to the title; the game is kept (Continue)"),
    Row(("help",), "this help"),
    Row(("command_palette",), "command palette: game commands, themes"),
    Row(("request_quit",), "quit (asks first while a game is in progress)"),
    Row(("choice",), "in a choice: pick, move, choose; escape cancels"),
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
        if len(keys) > 22:  # too wide for the column: the words go on the next line
            lines += [f" {keys}", f" {'':<22} {row.words}"]
        else:
            lines.append(f" {keys:<22} {row.words}")
    return "\n".join(lines)


@dataclass(frozen=True)
class Section:
    """A screen's keys in the help: ``words`` say what an action does where its
    footer description is too short (keyed by action, or action name for a family)."""

    label: str
    screen: str
    words: dict[str, str]
    note: str = ""


SECTIONS: tuple[Section, ...] = (
    Section(
        "Title",
        "title.TitleScreen",
        {
            "entry('campaign')": "campaigns",
            "app.focus_previous": "previous entry",
            "app.focus_next": "next entry",
        },
        "digits type the seed, backspace deletes one; tab, shift+tab move, enter chooses",
    ),
    Section("New game", "setup.SetupScreen", {"difficulty": "difficulty"}),
    Section(
        "Difficulty",
        "setup.DifficultySet",
        {
            "next_button": "next",
            "previous_button": "previous",
            "leave": "on to the feats",
        },
    ),
    Section("Feat list", "setup.FeatList", {"tick": "tick the feat"}),
    Section("Deck preview", "preview.PreviewScreen", {}),
    Section("Tutorial", "tutorial.TutorialScreen", {"next": "next step"}),
    Section("Peek", "peek.PeekScreen", {"close": "put the card back"}),
    Section(
        "End of game",
        "end.EndScreen",
        {
            "copy_share": "copy the result line",
            "finish('again')": "same deal again",
            "finish('undo')": "undo the last move",
            "scroll_cards": "scroll the cards",
        },
        "undo is not for a game saved in a campaign: its result is final",
    ),
    Section("Saved games", "saved_games.SavedGamesScreen", {}),
    Section("Campaigns", "campaign.CampaignScreen", {}),
    Section("Feats", "feats.FeatsScreen", {}),
    Section("Statistics", "stats.StatsScreen", {}),
    Section(
        "History",
        "history.HistoryScreen",
        {"replay": "replay the game", "import_file": "import a record file"},
    ),
    Section(
        "Replay",
        "replay.ReplayScreen",
        {
            "step": "step back/forward",
            "round": "round back/forward",
            "goto": "first/last move",
            "autoplay": "play/pause",
            "speed": "speed",
            "round_start": "start of a round",
        },
        "the card the next move is played on says what it will be"
        ' ("next: rotate", and how it is paid)',
    ),
    Section("Analysis", "analysis.AnalysisScreen", {}),
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
        words = section.words.get(spec, binding.description.lower())
        items.append((keys_of(bindings, spec), words))
    return items


def section_text(section: Section) -> str:
    parts = []
    for keys, words in section_items(section):
        parts.append(f"{listed(keys)} {words}")
    body = ", ".join(parts) + (f"; {section.note}" if section.note else "")
    # one line: the help wraps it to its width, the rest under the keys (Entries)
    return f" {section.label:<14}  {body}"


def sections_text() -> str:
    return "\n".join(section_text(section) for section in SECTIONS)
