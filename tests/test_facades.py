"""The game facades (ludolab.dominion, ludolab.poker, ludolab.pig) have one shape: prepare,
simulate, and a result with summary, print, to_dict, to_frame and plot."""

from __future__ import annotations

import inspect
import io
from typing import Any

import numpy as np
import pytest
from matplotlib.figure import Figure
from rich.console import Console

from ludolab import dominion, pig, poker
from ludolab.errors import LudolabError

pytest.importorskip("pandas")  # to_frame's optional extra (ludolab[notebook])

FACADES = {"dominion": dominion, "poker": poker, "pig": pig}
RESULT_METHODS = ("summary", "print", "to_dict", "to_frame", "plot", "bot_rows")
RUN_OPTIONS = ("workers", "backend", "address", "chunk_size", "progress")


@pytest.mark.parametrize("name", FACADES)
def test_every_facade_has_the_same_shape(name: str) -> None:
    facade = FACADES[name]
    assert callable(facade.prepare) and callable(facade.simulate)
    simulate = inspect.signature(facade.simulate).parameters
    # (bots, count, seed, *, game options, run options): the count is games, or poker's deals
    assert list(simulate)[:3:2] == ["bots", "seed"]
    assert all(simulate[o].kind is inspect.Parameter.KEYWORD_ONLY for o in RUN_OPTIONS)
    result_type = inspect.signature(facade.simulate).return_annotation
    cls = getattr(facade, result_type)
    assert all(callable(getattr(cls, m)) for m in RESULT_METHODS)


def _results() -> list[tuple[str, Any]]:
    return [
        ("dominion", dominion.simulate(["Big Money", "Smithy Big Money"], games=40, seed=7)),
        ("poker", poker.simulate(["raise", "call"], deals=30, seed=3)),
        ("pig", pig.simulate(["hold:20", "hold:25"], games=40, seed=1, goal=30)),
    ]


def test_results_print_frame_and_plot_alike() -> None:
    for name, result in _results():
        bots = list(result.bots)
        # one row per game; the bot in each seat by name, per-seat columns by seat
        frame = result.to_frame()
        assert len(frame) == result.games, name
        np.testing.assert_array_equal(frame["index"].to_numpy(), result.records["index"])
        seats = result.records["seating"].shape[1]
        for s in range(seats):
            want = [bots[b] for b in result.records["seating"][:, s]]
            assert frame[f"bot_{s + 1}"].tolist() == want, name
        # the same tables as text and on a console
        text = result.summary()
        assert all(b in text for b in bots), name
        out = io.StringIO()
        result.print(Console(file=out, width=120))
        assert all(b in out.getvalue() for b in bots), name
        fig = result.plot()
        assert isinstance(fig, Figure) and fig.axes, name
        assert result.to_dict()["bots"] == bots, name


def test_pig_facade_checks_before_playing() -> None:
    with pytest.raises(LudolabError, match="goal must be a whole number of at least 1, got 0"):
        pig.prepare(["hold:20", "hold:25"], goal=0)
    with pytest.raises(LudolabError, match="the number of games must be at least 1, got 0"):
        pig.prepare(["hold:20", "hold:25"], games=0)


def test_pig_facade_is_the_arena_simulation() -> None:
    # the facade adds no luck of its own: the records are the arena's for the same seed
    from ludolab.arena.simulation import simulate

    mine = pig.simulate(["hold:20", "random"], games=60, seed=4, goal=30)
    arena = simulate("pig", ["hold:20", "random"], games=60, seed=4, options={"goal": 30})
    np.testing.assert_array_equal(mine.records["returns"], arena.records["returns"])
    assert mine.goal == 30
