"""One player grammar for every game: a library bot, a bot file, ``my:NAME`` (My bots, the web
page's folder), the generic searches ``mc:``/``uct:`` and the game's own search; ``ismcts`` is
Dominion's search by another name and a one-line hint elsewhere."""

from __future__ import annotations

from pathlib import Path

import pytest

from clitools import run
from ludolab.core import paths

LIBRARY = Path(__file__).resolve().parents[2] / "src/ludolab/games/dominion/bots/library"


@pytest.fixture
def my_bots(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A data directory whose My bots hold one bot, "My Smithy", as the web page saves it (file
    named by the slug of the bot's name)."""
    monkeypatch.setenv("LUDOLAB_DATA_DIR", str(tmp_path / "data"))
    folder = tmp_path / "data" / "bots"
    folder.mkdir(parents=True)
    text = (LIBRARY / "smithy-big-money.toml").read_text(encoding="utf-8")
    (folder / "my-smithy.toml").write_text(
        text.replace('name = "Smithy Big Money"', 'name = "My Smithy"'), encoding="utf-8")
    return folder


def test_the_data_directory_follows_the_web_apps_rule(monkeypatch, tmp_path) -> None:
    monkeypatch.setenv("LUDOLAB_DATA_DIR", str(tmp_path))
    assert paths.my_bots_dir() == tmp_path / "bots"
    monkeypatch.delenv("LUDOLAB_DATA_DIR")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert paths.default_data_dir() == tmp_path / "xdg" / "ludolab"
    monkeypatch.setenv("XDG_DATA_HOME", "relative/ignored")
    assert paths.default_data_dir() == Path.home() / ".local" / "share" / "ludolab"


def test_a_my_bot_is_seated_from_the_command_line(capsys, my_bots: Path) -> None:
    code, out, err = run(capsys, "dominion", "sim", "my:My Smithy", "Big Money", "-n", "40")
    assert code == 0, err
    assert "My Smithy" in out and "Big Money" in out


def test_an_unknown_my_bot_is_one_line_naming_the_folder_and_the_nearest(capsys,
                                                                        my_bots: Path) -> None:
    code, out, err = run(capsys, "dominion", "sim", "my:My Smithie", "Big Money", "-n", "40")
    assert code == 2 and out == ""
    line = err.strip()
    assert len(line.splitlines()) == 1
    assert "no bot 'My Smithie' in My bots; did you mean my:my-smithy?" in line
    assert str(my_bots) in line


def test_a_tournament_file_seats_a_my_bot(capsys, my_bots: Path, tmp_path: Path) -> None:
    t = tmp_path / "t.toml"
    t.write_text('game = "dominion"\nplayers = ["my:My Smithy", "Big Money"]\ngames = 40\n')
    code, out, err = run(capsys, "arena", "run", str(t), "-w", "1")
    assert code == 0, err
    assert "My Smithy" in out


def test_the_generic_search_plays_a_dominion_seat(capsys) -> None:
    """``uct:``/``mc:`` search Dominion through the generic game API (slow: one short game)."""
    code, out, err = run(capsys, "dominion", "log", "mc:simulations=2", "Big Money", "--seed", "1")
    assert code == 0, err
    assert out.startswith("Dominion, 2 players: P1 mc:simulations=2, P2 Big Money\n")
    assert "P1 buys" in out


def test_ismcts_is_dominions_search_by_another_name(capsys) -> None:
    from ludolab.games.dominion.search import DominionSearchPlayer
    from ludolab.games.dominion.task import resolve_bots

    names, seated = resolve_bots(["ismcts:simulations=30", "Big Money"])
    assert isinstance(seated[0], DominionSearchPlayer) and names[0].startswith("mcts:")
    assert seated[0].simulations == 30


@pytest.mark.parametrize(("argv", "words"), [
    (("pig", "match", "--p1", "ismcts", "-n", "2"),
     ["unknown pig player 'ismcts'", "pig takes mc: and uct:"]),
    (("pig", "match", "--p1", "mcts:simulations=5", "-n", "2"),
     ["mcts: is Dominion's search; pig takes mc: and uct:"]),
    (("pig", "match", "--p1", "my:Foo", "-n", "2"), ["my: seats a bot file of My bots"]),
    (("poker", "sim", "ismcts", "call", "-n", "5"),
     ["ismcts is not a poker player: poker takes mc: and uct:"]),
])
def test_a_search_a_game_cannot_seat_is_one_line_saying_what_to_use(capsys, argv, words) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1
    for w in words:
        assert w in err


def test_a_generic_search_sits_at_a_poker_table(capsys) -> None:
    """``mc:``/``uct:`` at the table of ``poker sim``: the hands go through the generic API on
    the engine's cards, duplicate seating kept (each deal in both seatings)."""
    import json

    code, out, err = run(capsys, "poker", "sim", "uct:simulations=10", "Loki-1", "-n", "6",
                         "--json")
    assert code == 0, err
    doc = json.loads(out)
    assert [r["bot"] for r in doc["by_bot"]] == ["uct:simulations=10", "Loki-1"]
    assert doc["hands"] == 12


@pytest.mark.parametrize("seats", [2, 3])
def test_bots_at_the_generic_table_play_the_engines_very_hands(seats: int) -> None:
    """A table of bots alone, played through the generic API (:class:`BotSeat` asking the
    compiled bot kernel with the engine's view, history and decision keys), gives the compiled
    engine's records hand for hand: what a bot does beside a search player is what it does at
    the compiled table."""
    import numpy as np

    from ludolab.arena.schedules import rotation
    from ludolab.games.poker.generic import BotSeat, GenericPokerTask
    from ludolab.games.poker.spec import PokerTask, resolve_players

    names, matrix = resolve_players(["Loki-1", "Loki-2", "random:0.2:0.5"][:seats])
    schedule = rotation(seats)
    indices = np.arange(12 * schedule.games_per_deal)
    engine = PokerTask(matrix, "limit", 11, schedule).run(indices)
    generic = GenericPokerTask([BotSeat(row, n) for row, n in zip(matrix, names, strict=True)],
                               "limit", 11, schedule).run(indices)
    assert sorted(engine) == sorted(generic)
    for key in engine:
        assert np.array_equal(np.asarray(engine[key]), np.asarray(generic[key])), key
