"""Provides :class:`ReplayScreen`: watch a finished game move by move.

The viewer shows the same card, stored-resource, status and log widgets as the
game screen, read-only: it only moves an index along the game's states (which the
store or the record file already re-simulated). Keys: ``left``/``,`` back,
``right``/``.`` forward, ``[``/``]`` previous/next round, ``1``-``8`` a round's
start, ``home``/``end``, ``space`` autoplay, ``+``/``-`` speed, ``x`` export,
``a`` the solver's analysis of the game.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.timer import Timer

from ...engine import Catalog, GameState, Move, apply_move, observe, score
from ...i18n import N_, _, deck_colour_name, difficulty_name, pN_
from ...session import Step
from ...text import printable
from ..attached import while_attached
from ..controller import Replay
from ..glyphs import Glyphs
from ..intents import ControlledScreen, LeaveReplay, request
from ..plain import notify_plain
from ..render import action_name, move_details
from ..widgets.card import CardWidget
from ..widgets.footer import KeyBar, key_bars, refresh_keys
from ..widgets.log import MoveLog
from ..widgets.status import StatusBar
from ..widgets.stored import StoredPanel

if TYPE_CHECKING:
    from ..intents import GameControl

SPEEDS = (2.0, 1.0, 0.5, 0.25, 0.1)
"""Autoplay: seconds per move, slowest first."""
EXPORTS = "exports"
EXPORT_NAME = "game-{game}.json"
"""Where ``x`` writes a stored game's record: the same names in every language."""


def round_starts(states: tuple[GameState, ...]) -> dict[int, int]:
    """The index of the first state of each round."""
    starts: dict[int, int] = {}
    for index, state in enumerate(states):
        starts.setdefault(state.round, index)
    return starts


class ReplayScreen(ControlledScreen[None]):
    """The replay viewer (see the module docstring for keys)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        # key bar words of their own (a language's "Move" and "Play" run long)
        Binding("left,comma", "step(-1)", pN_("key bar", "Move"), key_display="←"),
        Binding("right,full_stop", "step(1)", pN_("key bar", "Move"), key_display="→"),
        Binding("left_square_bracket", "round(-1)", N_("Round"), key_display="["),
        Binding("right_square_bracket", "round(1)", N_("Round"), key_display="]"),
        Binding("home", "goto(0)", N_("Start"), show=False),
        Binding("end", "goto(-1)", N_("End"), show=False),
        # one of the two is on: check_action
        Binding("space", "autoplay('play')", pN_("key bar", "Play")),
        Binding("space", "autoplay('pause')", N_("Pause")),
        Binding("plus,equals_sign", "speed(1)", N_("Faster"), key_display="+", show=False),
        Binding("minus", "speed(-1)", N_("Slower"), key_display="-", show=False),
        Binding("x", "export", N_("Export"), show=False),  # in the help; the footer fits 80
        Binding("a", "analysis", N_("Analysis")),
        Binding("escape,b", "back", N_("Back")),
        *(
            Binding(str(n), f"round_start({n})", N_("Go to the start of that round"), show=False)
            for n in range(1, 9)
        ),
    ]

    CSS_PATH = Path(__file__).with_name("replay.tcss")

    def __init__(self, controller: GameControl, replay: Replay) -> None:
        super().__init__(controller)
        self.replay = replay
        self.index = 0
        self.speed = 1
        self.timer: Timer | None = None
        self.starts = round_starts(replay.states)
        # The log shows what each move did, as in the game (events are not stored).
        self.steps: list[Step] = []
        for state, move in zip(replay.states, replay.moves, strict=False):
            transition = apply_move(state, move)
            self.steps.append(Step(move, transition.state, tuple(transition.events)))

    @property
    def last(self) -> int:
        return len(self.replay.states) - 1

    def compose(self) -> ComposeResult:
        g = self.glyphs
        record = self.replay.record
        yield StatusBar(g, id="status")
        with Horizontal(id="cards"):
            for position in (1, 2, 3):
                yield CardWidget(position, g, id=f"card-{position}", playable=False)
        with Horizontal(id="lower"):
            yield StoredPanel(g, id="stored")
            title = _("Replay of {name}: seed {seed}, {colour} deck, {difficulty}.").format(
                name=printable(self.replay.name),
                seed=record.seed,
                colour=deck_colour_name(record.deck_colour),
                difficulty=difficulty_name(record.setup.difficulty),
            )
            yield MoveLog(title, id="log")
        yield from key_bars(KeyBar(compact=True, show_command_palette=False))  # fits 80 columns

    @while_attached
    def on_mount(self) -> None:
        self.show_index()

    def show_index(self) -> None:
        state = self.replay.states[self.index]
        view = observe(state)
        upcoming = self.replay.moves[self.index] if self.index < self.last else None
        for position in (1, 2, 3):
            widget = self.query_one(f"#card-{position}", CardWidget)
            card_view = view.top[position - 1] if len(view.top) >= position else None
            note = None
            if upcoming is not None and acted_on(upcoming) == position:
                note = next_move_note(upcoming, self.glyphs)
            widget.show(card_view, (), note, selected=False)
        self.query_one("#stored", StoredPanel).show(state)
        # playing or not: the key bar says
        where = _("move {index}/{last}").format(index=self.index, last=self.last)
        self.query_one("#status", StatusBar).show(view, score(state).total, where)
        self.query_one("#log", MoveLog).show(self.steps[: self.index])
        refresh_keys(self)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """``space`` is listed (and works) as Play while paused, as Pause while playing."""
        if action == "autoplay" and parameters:
            return (parameters[0] == "pause") == (self.timer is not None)
        return True

    @property
    def glyphs(self) -> Glyphs:
        return self.controller.glyphs

    # Moving ---------------------------------------------------------------------------

    def goto(self, index: int) -> None:
        index = max(0, min(self.last, index))
        if index != self.index:
            self.index = index
            self.show_index()

    def action_goto(self, index: int) -> None:
        self.goto(self.last if index < 0 else index)

    def action_step(self, delta: int) -> None:
        self.goto(self.index + delta)

    def action_round(self, delta: int) -> None:
        """``]``: the next round's start; ``[``: this round's start, or the previous one's."""
        starts = sorted(self.starts.values())
        if delta > 0:
            later = [i for i in starts if i > self.index]
            self.goto(later[0] if later else self.last)
        else:
            earlier = [i for i in starts if i < self.index]
            self.goto(earlier[-1] if earlier else 0)

    def action_round_start(self, number: int) -> None:
        if number in self.starts:
            self.goto(self.starts[number])

    # Autoplay ---------------------------------------------------------------------------

    def action_autoplay(self, what: str = "toggle") -> None:
        """Start or stop autoplay (``what`` names which, for the key bar's label)."""
        if self.timer is not None:
            self.timer.stop()
            self.timer = None
        else:
            if self.index == self.last:
                self.index = 0
            self.timer = self.set_interval(SPEEDS[self.speed], self._tick)
        self.show_index()

    def _tick(self) -> None:
        if self.index >= self.last:
            self.action_autoplay()  # stop at the end
            return
        self.goto(self.index + 1)

    def action_speed(self, delta: int) -> None:
        self.speed = max(0, min(len(SPEEDS) - 1, self.speed + delta))
        if self.timer is not None:
            self.timer.stop()
            self.timer = self.set_interval(SPEEDS[self.speed], self._tick)
        seconds = f"{SPEEDS[self.speed]:g}"
        notify_plain(self, _("Autoplay: {seconds} s a move").format(seconds=seconds), timeout=2)
        self.show_index()

    # Export, back -------------------------------------------------------------------------

    def export_path(self) -> Path:
        from ...storage.paths import data_dir

        control = self.controller
        folder = (
            control.store.directory
            if control.store is not None
            else data_dir(control.config.data_dir)
        )
        game_id = self.replay.game_id
        if game_id:
            name = EXPORT_NAME.format(game=game_id)
        else:  # a record file's own name
            name = Path(self.replay.name).stem + Path(EXPORT_NAME).suffix
        return folder / EXPORTS / name

    def action_analysis(self) -> None:
        """Where this game lost stars, by the solver: the end screen's analysis."""
        from .analysis import AnalysisScreen

        replay = self.replay  # a stored game's analysis is kept with it (and read back)
        self.app.push_screen(
            AnalysisScreen(self.controller, replay.states[0], replay.moves, replay.game_id)
        )

    def action_export(self) -> None:
        """Write the game as a record file in the data dir's ``exports/`` folder."""
        from ...storage.errors import SaveError
        from ...storage.loading import export_record

        try:
            path = self.export_path()
            export_record(self.replay.record, path, make_parent=True)
        except (OSError, SaveError) as exc:
            message = _("Export failed: {reason}").format(reason=exc)
            notify_plain(self, message, severity="error", timeout=8)
            return
        notify_plain(self, _("Exported to {path}").format(path=path), timeout=10)

    def action_back(self) -> None:
        """Back to the screen below (the history, or the title)."""
        if self.timer is not None:
            self.timer.stop()
        request(self, LeaveReplay())
        self.dismiss(None)


def load_replay(path: Path, catalog: Catalog) -> Replay:
    """A record file, validated and re-simulated as an import is.

    Raises:
        LoadError: with the one-line reason (a ``ValueError``).
    """
    from ...records import replay as replay_states
    from ...storage.loading import import_record_file

    record, _final = import_record_file(path, catalog)
    states = tuple(replay_states(record, catalog))
    moves = tuple(Move.parse(text) for text in record.moves)
    return Replay(record, states, moves, None, path.name)


def acted_on(move: Move) -> int:
    """The card (1 or 2) a move is played on; a discard is always card 1's."""
    return 1 if move.kind == "discard" else move.card


def next_move_note(move: Move, g: Glyphs) -> str:
    """The lines under the card the replay's next move is played on: the move on a
    line of its own, under its heading (a card is 22 columns wide at 80, and
    ``▶ siguiente: descartar al fondo`` is not)."""
    what = _("discard to back") if move.kind == "discard" else action_name(move.kind)
    heading = _("{marker} next:").format(marker=g.selected)  # the marker as on the table
    return "\n".join([heading, f"  {what}", *(f"  {d}" for d in move_details(move))])
