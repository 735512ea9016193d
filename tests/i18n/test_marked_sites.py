"""Every place that hands words to a player marks them, found by reading the source:
a message, a help text or an error given as a plain English literal (or an f-string
with English in it) fails, wherever it is, so a new one cannot slip in unmarked.
And every marking can be extracted: a ``_()`` inside an f-string is invisible to
the extractor, and a module that rebinds ``_`` (``line, _ = ...``) breaks it."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "src" / "palm_island"
SCOPE = (
    "cli.py",
    "arguments.py",
    "exits.py",
    "progress_bar.py",
    "os_reasons.py",
    "commands",
    "storage",
    "campaign/service.py",
    "web",
    "tui/commands.py",
    "tui/textual_words.py",
    "tui/language_choice.py",
    "tui/feat_words.py",
    "tui/styled.py",
    "tui/screens/game.py",
    "tui/widgets/status.py",
    "tui/widgets/log.py",
    "tui/render.py",
    "tui/options.py",
    "tui/widgets/card.py",
    "tui/widgets/stored.py",
    "tui/widgets/choice.py",
    "tui/widgets/hint.py",
    "tui/hints.py",
    "tui/why.py",
    "tui/screens/end.py",
    "tui/widgets/result.py",
    "tui/screens/help.py",
    "tui/screens/confirm.py",
    "tui/screens/ask.py",
    "tui/screens/damaged.py",
    "tui/screens/peek.py",
    "tui/screens/stats.py",
    "tui/screens/feats.py",
    "tui/screens/title.py",
    "tui/screens/title_store.py",
    "tui/screens/campaign.py",
    "tui/screens/preview.py",
    "tui/screens/setup.py",
    "tui/screens/help_keys.py",
    "tui/screens/too_small.py",
    "tui/holding.py",
    "tui/widgets/touch_keys.py",
    "tui/widgets/tap_list.py",
    "tui/widgets/buttons.py",
    "tui/widgets/footer.py",
    "tui/fitted.py",
    "tui/layout.py",
    "tui/attached.py",
    "tui/exit_guard.py",
    "tui/clipboard.py",
    "tui/plain.py",
    "tui/screens/history.py",
    "tui/screens/saved_games.py",
    "tui/screens/replay.py",
    "tui/screens/analysis.py",
    "tui/analysis.py",
    "tui/widgets/analysis.py",
    "campaign/stats.py",
    "solver/daily.py",
    "tui/app.py",
    "tui/controller",
    "tui/par.py",
    "tui/screens/tutorial.py",
    "tui/widgets/lesson.py",
)
"""What is translated so far: the command line. The screens (tui/) and the browser
page (web/) join as they are marked (docs/i18n.md)."""
NOT_FOR_PLAYERS = {
    "web/assets.py": "the vendored files' check: for developers (make web-vendor, tests)",
}
"""Modules of a folder in SCOPE whose words reach no player, and why."""
DATA_CONSTANTS = {("web/key_strength.py", "WORD_LIST")}
"""Module constants that hold data made of words, not words for a player: the
common words a key is checked against."""

SITES: dict[str, tuple[tuple[int, ...] | None, tuple[str, ...]]] = {
    "print": (None, ()),
    "fail": ((0,), ()),
    "say": ((0,), ()),
    "error": ((0,), ()),  # parser.error
    "ArgumentTypeError": ((0,), ()),
    "ValueError": ((0,), ()),
    "LoadError": ((2,), ("message",)),
    "SaveError": ((1,), ("message",)),
    "TargetExists": ((1,), ("message",)),
    "input": ((0,), ()),
    "progress": ((0,), ()),
    "add_argument": ((), ("help", "metavar")),
    "add_parser": ((), ("help", "description", "usage", "epilog")),
    "add_subparsers": ((), ("title", "metavar", "help", "description")),
    "ArgumentParser": ((), ("description", "usage", "epilog")),
    # The screens (tui/): notices, widgets' text, a Rich Text's parts, palette entries.
    "notify": ((0,), ("title",)),
    "notify_plain": ((1,), ()),
    "Static": ((0,), ()),
    "Label": ((0,), ()),
    "Button": ((0,), ("label",)),
    "GameButton": ((0,), ("label",)),
    "Text": ((0,), ()),
    "append": ((0,), ()),
    "update": ((0,), ()),
    "SystemCommand": ((0, 1), ()),
    # The controller's notices (tell), the questions and prompts the app and screens ask.
    "tell": ((0,), ()),
    "_tell": ((0,), ()),
    "AskScreen": ((0, 1), ()),
    "InputScreen": ((0,), ()),
    "AskPractice": ((0,), ()),
    "add_column": ((0,), ()),
    "add_columns": (None, ()),
    # The server's console (serve) and the reasons it refuses a key or an address.
    "warning": ((0,), ()),
    "KeyFileError": ((0,), ()),
    "Part": ((2,), ()),
    # The storage's and the campaign rules' errors, and an error class's own message.
    "CampaignError": ((0,), ()),
    "FolderGone": ((0,), ()),
    "StaleGameError": ((1,), ()),
    "CatalogError": ((2,), ()),
    "__init__": ((0, 1), ()),
    "LoadedSettings": ((1,), ()),
}
"""Call name -> (positional arguments, keywords) that carry player-facing words."""
MARKERS = {"_", "ngettext", "pgettext", "N_"}


def words(text: str) -> bool:
    """Whether ``text`` has English in it (the program's name and options aside)."""
    bare = re.sub(r"palm-island|--[a-z-]+|\$[A-Z_]+", "", text)
    return re.search(r"[A-Za-z]{2,}", bare) is not None


def unmarked(node: ast.expr) -> Iterator[ast.expr]:
    """The literals with words that reach the player through ``node`` unmarked."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str) and words(node.value):
        yield node
    elif isinstance(node, ast.JoinedStr):
        for part in node.values:
            if isinstance(part, ast.Constant) and words(str(part.value)):
                yield node
                return
    elif isinstance(node, ast.Call) and name_of(node.func) in {"printable", "str", "repr"}:
        for arg in node.args:
            yield from unmarked(arg)
    elif isinstance(node, ast.BinOp):
        yield from unmarked(node.left)
        yield from unmarked(node.right)
    elif isinstance(node, ast.IfExp):
        yield from unmarked(node.body)
        yield from unmarked(node.orelse)


def literal_text(node: ast.expr) -> str:
    """A literal's text, an f-string's placeholders as ``{}``."""
    if isinstance(node, ast.Constant):
        return str(node.value)
    if isinstance(node, ast.JoinedStr):
        return "".join(str(p.value) if isinstance(p, ast.Constant) else "{}" for p in node.values)
    return ast.unparse(node)


def name_of(func: ast.expr) -> str:
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return ""


def modules() -> list[Path]:
    found: list[Path] = []
    for entry in SCOPE:
        path = PACKAGE / entry
        found += sorted(path.rglob("*.py")) if path.is_dir() else [path]
    return [path for path in found if path.relative_to(PACKAGE).as_posix() not in NOT_FOR_PLAYERS]


def problems(source: str, where: str) -> list[str]:
    found: list[str] = []
    tree = ast.parse(source)
    imports_marker = any(
        isinstance(node, ast.ImportFrom) and any(alias.name == "_" for alias in node.names)
        for node in ast.walk(tree)
    )
    for node in ast.walk(tree):
        hidden = any(
            k.arg == "help" and isinstance(k.value, ast.Attribute) and k.value.attr == "SUPPRESS"
            for k in getattr(node, "keywords", [])
        )
        if isinstance(node, ast.Call) and name_of(node.func) in SITES and not hidden:
            indexes, keywords = SITES[name_of(node.func)]
            args = (
                node.args
                if indexes is None
                else [node.args[i] for i in indexes if i < len(node.args)]
            )
            args += [k.value for k in node.keywords if k.arg in keywords]
            for arg in args:
                found += [f"{where}:{n.lineno}: unmarked words" for n in unmarked(arg)]
        if isinstance(node, ast.Return) and node.value is not None:
            found += [
                f"{where}:{n.lineno}: unmarked words returned"
                for n in unmarked(node.value)
                if "://" not in ast.unparse(n)  # an address, not words
                and not FILE_NAME.fullmatch(literal_text(n))
            ]
        if isinstance(node, ast.JoinedStr):
            for inner in ast.walk(node):
                if isinstance(inner, ast.Call) and name_of(inner.func) in MARKERS:
                    found.append(f"{where}:{inner.lineno}: marked inside an f-string")
        stored = isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store)
        if stored and imports_marker and getattr(node, "id", "") == "_":
            found.append(f"{where}:{getattr(node, 'lineno', 0)}: rebinds _")
    for statement in tree.body:  # module constants: words there are marked with N_
        if isinstance(statement, ast.Assign | ast.AnnAssign) and statement.value is not None:
            targets = statement.targets if isinstance(statement, ast.Assign) else [statement.target]
            if any((where, ast.unparse(target)) in DATA_CONSTANTS for target in targets):
                continue
            for value in unmarked_constants(statement.value):
                if isinstance(value, ast.Constant) and sentence(value.value):
                    found.append(f"{where}:{value.lineno}: unmarked constant")
    return sorted(found, key=lambda line: int(line.split(":")[1]))


def unmarked_constants(node: ast.expr) -> Iterator[ast.expr]:
    """The constants of a module-level value (inside its dicts, tuples and lists),
    but those inside a marker's call."""
    if isinstance(node, ast.Call) and name_of(node.func) in MARKERS:
        return
    yield node
    for child in ast.iter_child_nodes(node):
        if isinstance(child, ast.expr):
            yield from unmarked_constants(child)


SQL = re.compile(r"\s*(CREATE|SELECT|INSERT|UPDATE|DELETE|PRAGMA|EXISTS|ALTER|DROP) |id, ")
"""A statement or a part of one (a column list): the storage's SQL, not words."""
FILE_NAME = re.compile(r"[\w{}.:-]+\.(db|json|jsonl|txt|lock)")
"""A file name (``campaign.{kind}.db``) a function returns: not words."""


def sentence(value: object) -> bool:
    """Whether a constant is words for a player: two words or more, not a path,
    an identifier, a style or a command (those stay as they are)."""
    if not isinstance(value, str) or SQL.match(value):
        return False
    bare = re.sub(r"palm-island \w+|<[^>]+>|Palm Island", "", value)  # a command, tags, the name
    return re.search(r"[A-Za-z]{2,} [A-Za-z]{2,}", bare) is not None


def test_the_checks_find_each_kind() -> None:
    planted = (
        "from ..i18n import _\n"
        "print('plain words')\n"
        "fail(printable(f'game {n} gone'))\n"
        "parser.add_argument('--x', help='unmarked help')\n"
        "print(f'{_(\"hidden\")}')\n"
        "line, _ = pair\n"
        "print(_('fine'), f'  {name}: {value}')\n"
        "parser.add_argument('--seed', help=_('fine'), metavar='N')\n"
        "notify_plain(self, f'Not saved: {exc}')\n"
        "text.append(f'{sep}Score ', style='bold')\n"
        "NOTE = 'Card 3 is only for planning'\n"
        "KEPT = {'hard': N_('Hard allows none'), 'medium': 'One at most'}\n"
        "def deal():\n    return f'seed {seed}'\n"
        "log.warning('a game did not quit')\n"
        "raise KeyFileError(f'{shown} is empty; write the key in it')\n"
        "Part(end, bits, 'a repeat of letters')\n"
        "WORD_LIST = 'password secret letmein'\n"
        "TABLE = 'CREATE TABLE game (id INTEGER)'\n"
        "def name():\n    return f'campaign.{kind}.db'\n"
        "def why():\n    return f'campaign.{kind}.db is damaged'\n"
        "raise CampaignError(f'a campaign named {name!r} already exists')\n"
        "super().__init__('', f'{problem}; nothing more is saved')\n"
        "raise FolderGone(f'the data folder {folder} was deleted')\n"
        "raise StaleGameError(game_id, 'move saved elsewhere')\n"
        "raise CatalogError(where, '', 'missing from this installation')\n"
        "LoadedSettings(Settings(), f'{why}; using the default settings')\n"
    )
    found = problems(planted, "planted.py")
    assert [f.split(":", 2)[1:] for f in found] == [
        ["2", " unmarked words"],
        ["3", " unmarked words"],
        ["4", " unmarked words"],
        ["5", " marked inside an f-string"],
        ["6", " rebinds _"],
        ["9", " unmarked words"],
        ["10", " unmarked words"],
        ["11", " unmarked constant"],
        ["12", " unmarked constant"],
        ["14", " unmarked words returned"],
        ["15", " unmarked words"],
        ["16", " unmarked words"],
        ["17", " unmarked words"],
        ["18", " unmarked constant"],
        ["23", " unmarked words returned"],
        ["24", " unmarked words"],
        ["25", " unmarked words"],
        ["26", " unmarked words"],
        ["27", " unmarked words"],
        ["28", " unmarked words"],
        ["29", " unmarked words"],
    ]


def test_only_the_named_data_and_modules_are_passed_over() -> None:
    """A data constant is passed over in its own module only; every module of a
    folder in SCOPE is read but those said to reach no player."""
    data = "WORD_LIST = 'password secret letmein'\n"
    assert problems(data, "web/key_strength.py") == []
    assert problems(data, "web/server.py") == ["web/server.py:1: unmarked constant"]
    read = {path.relative_to(PACKAGE).as_posix() for path in modules()}
    web = {path.relative_to(PACKAGE).as_posix() for path in (PACKAGE / "web").glob("*.py")}
    assert web - read == set(NOT_FOR_PLAYERS) & web


def test_every_site_in_scope_is_marked() -> None:
    found: list[str] = []
    for path in modules():
        found += problems(path.read_text(encoding="utf-8"), str(path.relative_to(PACKAGE)))
    assert found == [], "\n".join(found)
