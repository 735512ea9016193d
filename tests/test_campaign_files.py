"""Moving a campaign: ``export --campaign NAME FILE`` and ``import FILE`` recreate it
in another data folder with the same games, the same finish times and the same
feats, earned again from the games by the campaign rules (never the file's word);
a bad file is refused with a specific error and changes nothing."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from palm_island.campaign.service import CampaignError
from palm_island.cli import main
from palm_island.storage.errors import LoadError
from palm_island.storage.service import Store

GOLDEN = Path(__file__).parent / "data" / "golden"
FIXTURES = Path(__file__).parent / "data" / "db"
EARNING = ["g01-hard-earns-FT1", "g02-hard-earns-FT2", "g03-hard-earns-FT3-FT4-FT5"]
USING = ["g06-medium-FT5", "g08-medium-FT4"]
"""Games that earn feats, then games that use them (a game may use only feats the
games before it unlocked)."""


def golden(name: str) -> dict[str, Any]:
    record: dict[str, Any] = json.loads((GOLDEN / f"{name}.json").read_text())
    return record


def campaign_text(names: list[str], **changes: Any) -> dict[str, Any]:
    """A campaign file of the golden games ``names``, finished a day apart in that order."""
    games = [
        {
            "started_at": f"2026-11-{day:02d}T09:00:00.000+00:00",
            "finished_at": f"2026-11-{day:02d}T09:30:00.000+00:00",
            "hints": day % 3,
            "practice": False,
            "record": golden(name),
        }
        for day, name in enumerate(names, start=1)
    ]
    content = {
        "format": "palm-island/campaign",
        "schema_version": 1,
        "app_version": "0.1.0",
        "name": "Golden",
        "created_at": "2026-10-31T08:00:00.000+00:00",
        "games": games,
    }
    content.update(changes)
    return content


def write(path: Path, content: object) -> Path:
    path.write_text(json.dumps(content))
    return path


def snapshot(folder: Path, name: str) -> tuple[Any, ...]:
    """What a player sees of a campaign: its games (moves, setup, score, rank, dates,
    hints) in order, and its feats with the game (by place) that earned each."""
    with Store.open(folder) as store:
        history = store.history(name)
        games = []
        for entry in history:
            row = store.game(entry.game_id)
            games.append(
                (
                    row.record.deal,
                    row.record.moves,
                    row.record.setup.difficulty,
                    row.record.setup.feats,
                    entry.score,
                    entry.rank,
                    row.started_at,
                    entry.finished_at,
                    row.hints,
                )
            )
        ids = [entry.game_id for entry in history]
        campaign = store.campaign(name)
        feats = tuple((u.feat, ids.index(u.game_id), u.unlocked_at) for u in campaign.unlocks)
        checks = store.verify_campaign(name)
        return campaign.created_at, tuple(games), feats, bool(checks) and all(c.ok for c in checks)


@pytest.fixture
def folders(tmp_path: Path) -> Iterator[tuple[Path, Path]]:
    yield tmp_path / "here", tmp_path / "there"


def test_a_campaign_moves_with_its_games_finish_times_and_feats(
    folders: tuple[Path, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Import a campaign file of golden games into one folder, export it, import the
    export into a fresh folder: the same games, finish times, hints and feats."""
    here, there = folders
    source = write(tmp_path / "golden.json", campaign_text(EARNING + USING))
    assert main(["--data-dir", str(here), "import", str(source)]) == 0
    assert "feats unlocked: FT1, FT2, FT3, FT4, FT5" in capsys.readouterr().out
    moved = tmp_path / "moved.json"
    assert main(["--data-dir", str(here), "export", "--campaign", "Golden", str(moved)]) == 0
    assert main(["--data-dir", str(there), "import", str(moved)]) == 0
    first, second = snapshot(here, "Golden"), snapshot(there, "Golden")
    assert first == second
    created, games, feats, _ = second
    assert created == "2026-10-31T08:00:00.000+00:00"
    assert [game[7] for game in games] == [
        f"2026-11-{day:02d}T09:30:00.000+00:00" for day in range(1, 6)
    ]
    assert [game[3] for game in games] == [(), (), (), ("FT5",), ("FT4",)]
    assert [(code, place) for code, place, _ in feats] == [
        ("FT1", 0),
        ("FT2", 1),
        ("FT3", 2),
        ("FT4", 2),
        ("FT5", 2),
    ]
    assert all(at == games[place][7] for _, place, at in feats)  # unlocked as it finished


def test_a_played_campaign_moves_too(
    folders: tuple[Path, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A campaign file written from a store a player's games made (the oldest database
    fixture, upgraded): recreated whole in a fresh folder, its unfinished game named
    as not written."""
    here, there = folders
    here.mkdir()
    shutil.copy(FIXTURES / "campaign.v1.db", here / "campaign.db")
    out = tmp_path / "fixture.json"
    assert main(["--data-dir", str(here), "export", "--campaign", "Fixture", str(out)]) == 0
    assert "1 unfinished game not written" in capsys.readouterr().out
    assert main(["--data-dir", str(there), "import", str(out)]) == 0
    first, second = snapshot(here, "Fixture"), snapshot(there, "Fixture")
    assert first[1:3] == second[1:3]
    assert [f for f, _, _ in second[2]] == ["FT1", "FT2"]
    assert second[3]  # verify: every feat's proof game earns it


def test_import_as_another_name_and_a_taken_name_is_refused(
    folders: tuple[Path, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    here, _ = folders
    source = write(tmp_path / "golden.json", campaign_text(EARNING[:1]))
    assert main(["--data-dir", str(here), "import", str(source)]) == 0
    assert main(["--data-dir", str(here), "import", str(source)]) == 1
    assert "already exists" in capsys.readouterr().err
    assert main(["--data-dir", str(here), "import", str(source), "--as", "Copy"]) == 0
    assert snapshot(here, "Copy")[1:3] == snapshot(here, "Golden")[1:3]
    with Store.open(here, read_only=True) as store:
        assert store.game(store.history("Copy")[0].game_id).record.setup.campaign == "Copy"


def test_feats_are_earned_again_never_read_from_the_file(
    folders: tuple[Path, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A file whose games use feats the games before them did not unlock is refused,
    naming the game; a doctored score is refused (replay decides); a feat list is not
    a field."""
    here, _ = folders
    early = campaign_text(USING[:1] + EARNING)  # FT5 used before anything earned it
    assert main(["--data-dir", str(here), "import", str(write(tmp_path / "a.json", early))]) == 1
    err = capsys.readouterr().err
    assert "game 1" in err and "FT5 not unlocked" in err
    claims = campaign_text(EARNING[:1], feats=["FT1", "FT2", "FT3"])
    assert main(["--data-dir", str(here), "import", str(write(tmp_path / "b.json", claims))]) == 1
    assert "feats" in capsys.readouterr().err
    doctored = campaign_text(EARNING[:1])
    doctored["games"][0]["record"]["result"]["score"] = 999
    assert main(["--data-dir", str(here), "import", str(write(tmp_path / "c.json", doctored))]) == 1
    assert "game 1: record says score 999" in capsys.readouterr().err
    with Store.open(here, read_only=True) as store:
        assert store.campaigns() == []


BAD_FILES: list[tuple[str, object, str]] = [
    ("not JSON", "{", "not JSON"),
    ("deeply nested", "nested", "not readable JSON"),
    ("a record, with --as", "record", "not a campaign file"),
    ("a newer version", {"schema_version": 2}, "newer palm-island"),
    ("a bad date", {"created_at": "yesterday"}, "created_at"),
    ("an unfinished game", "unfinished", "not finished"),
    ("finished before started", "backwards", "finished before it started"),
    ("a name with a bidi control", {"name": "Ana\u202e"}, "name"),
    ("too many games field type", {"games": {"a": 1}}, "games"),
]


@pytest.mark.parametrize(("what", "change", "says"), BAD_FILES, ids=[b[0] for b in BAD_FILES])
def test_bad_campaign_files_are_refused_specifically(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], what: str, change: object, says: str
) -> None:
    folder = tmp_path / "data"
    content: Any = campaign_text(EARNING[:2])
    extra: list[str] = []
    if change == "{":
        content = "{"
    elif change == "nested":
        content = (
            '{"format": "palm-island/campaign", "games": ' + "[" * 100_000 + "]" * 100_000 + "}"
        )
    elif change == "record":
        content, extra = golden(EARNING[0]), ["--as", "Other"]
    elif change == "unfinished":
        content["games"][1]["record"]["moves"] = content["games"][1]["record"]["moves"][:10]
        del content["games"][1]["record"]["result"]
    elif change == "backwards":
        content["games"][0]["started_at"] = "2026-12-01T00:00:00.000+00:00"
    elif isinstance(change, dict):
        content.update(change)
    path = tmp_path / "bad.json"
    path.write_text(content if isinstance(content, str) else json.dumps(content))
    assert main(["--data-dir", str(folder), "import", str(path), *extra]) != 0
    err = capsys.readouterr().err
    assert says in err, err
    with Store.open(folder, read_only=True) as store:
        assert store.campaigns() == [] and store.history(None) == []


def mutations() -> st.SearchStrategy[tuple[list[str | int], object]]:
    """A path into the file and a value to put there."""
    paths = st.sampled_from(
        [
            ["name"],
            ["created_at"],
            ["schema_version"],
            ["games", 0, "finished_at"],
            ["games", 0, "hints"],
            ["games", 1, "practice"],
            ["games", 1, "record", "moves", 3],
            ["games", 0, "record", "deal", 0],
            ["games", 0, "record", "setup", "feats"],
            ["games", 1, "record", "setup", "difficulty"],
            ["games", 1, "record", "result", "rank"],
            ["games", 0, "record"],
            ["games"],
        ]
    )
    values = st.one_of(
        st.none(),
        st.booleans(),
        st.integers(min_value=-(2**70), max_value=2**70),
        st.text(max_size=20),
        st.lists(st.text(max_size=4), max_size=3),
        st.sampled_from(["FT1", "easy", "S1", "CH1", "2026-13-01T00:00:00+00:00"]),
    )
    return st.tuples(paths, values)


def mutate(content: Any, path: list[str | int], value: object) -> None:
    *parents, last = path
    for key in parents:
        content = content[key]
    content[last] = value


@pytest.mark.slow
@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(change=mutations())
def test_fuzzed_files_import_whole_or_not_at_all(
    tmp_path_factory: pytest.TempPathFactory, change: tuple[list[str | int], object]
) -> None:
    """Any one field changed: either the import is refused with a message and leaves
    the folder with no campaign, or it stores a campaign whose feats are exactly what
    its games earn (verify passes)."""
    folder = tmp_path_factory.mktemp("fuzz")
    content = campaign_text(EARNING[:2])
    mutate(content, *change)
    path = write(folder / "fuzzed.json", content)
    with Store.open(folder / "data") as store:
        before = store.campaigns()
        try:
            name, _, _ = store.import_campaign(path)
        except (LoadError, CampaignError) as exc:
            assert str(exc)
            assert store.campaigns() == before == []
            return
        assert all(check.ok for check in store.verify_campaign(name))
