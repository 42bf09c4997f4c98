"""The cold start on two processes (engine/coldstart.py): when it splits, and the card claims.

A real cold split (an empty numba cache) is what every clean CI clone does at its first Dominion
game, and test_fingerprints.py then checks the games it plays; these tests check the decisions
around it without paying a cold compile.
"""

from __future__ import annotations

import os
import subprocess
import sys

import numpy as np
import pytest

from ludolab.games.dominion.engine import Engine, coldstart, hooks, simple_bot
from ludolab.games.dominion.engine import kernel as K


def test_each_job_is_claimed_once(tmp_path):
    assert coldstart._claim(tmp_path, "card7") is True
    assert coldstart._claim(tmp_path, "card7") is False  # the other process took it
    assert coldstart._claim(tmp_path, "card8") is True
    assert coldstart._claim(tmp_path, "decide") is True


def test_a_missing_claim_folder_compiles_here(tmp_path):
    assert coldstart._claim(tmp_path / "gone", "card7") is True


def _names(ids, decide):
    return [name for name, _ in coldstart._jobs([c for c in ids if hooks.home(c) is not None],
                                                decide)]


def test_a_game_of_plain_cards_and_bots_leaves_the_decision_door_out():
    """The first result of ``ludolab dominion sim`` (Smithy Big Money): the bots' play and buy,
    the condition machine and the rarer cost reductions; no decide, no card effect."""
    smithy = Engine(["Smithy"], 2)
    names = _names(smithy.card_ids, decide=False)
    assert names == ["cond", "buy", "play", "cost_more"]
    assert not hooks.needs_decide(smithy.card_ids)


def test_a_game_with_a_card_that_asks_compiles_the_door_and_its_hooks_once_each():
    ids = Engine(["Witch", "Smithy", "Moat"], 2).card_ids
    assert hooks.needs_decide(ids)
    names = _names(ids, decide=True)
    assert names[0] == "decide" and "effect" in names
    assert {n for n in names if n.startswith("card")} == {"card" + str(c) for c in ids
                                                          if hooks.home(c) is not None}
    assert len(names) == len(set(names))  # each claimed once: never compiled by both


@pytest.mark.parametrize(("value", "cores", "wanted"), [
    ("0", 2, False), ("off", 2, False), ("1", 2, True), (None, 2, True), (None, 1, False),
])
def test_the_split_is_off_by_the_environment_or_on_one_core(monkeypatch, value, cores, wanted):
    if value is None:
        monkeypatch.delenv("LUDOLAB_COMPILE_SPLIT", raising=False)
    else:
        monkeypatch.setenv("LUDOLAB_COMPILE_SPLIT", value)
    monkeypatch.setattr(coldstart.os, "cpu_count", lambda: cores)
    assert coldstart._split_wanted() is wanted


def test_a_warm_kernel_starts_no_second_process(monkeypatch):
    bm = simple_bot("bm", buy=["Province", "Gold", "Silver"])
    Engine([], 2).play([bm, bm], np.zeros(1, np.uint64))  # compiled or loaded here
    assert all(coldstart.cached(fn) for fn in (K.run, K.bot_play, K.cond_test, K.bot_buy))

    def no_process(*args, **kwargs):
        raise AssertionError("a warm kernel started a compiling process")

    monkeypatch.setattr(subprocess, "Popen", no_process)
    monkeypatch.setattr(coldstart, "_done", False)
    coldstart.ensure([])
    assert coldstart._done is True
    rec = Engine(["Smithy"], 2).play([bm, bm], np.arange(20, dtype=np.uint64))
    assert rec.vp.shape == (20, 2)


def test_run_compiles_for_the_types_play_gives_it():
    """_compile_run's call with no game has Engine.play's argument types: one signature. Run in
    a fresh process (numba's cache is warm by now): in this one, earlier tests' step-wise games
    have compiled ``run`` for their own types."""
    code = (
        "import numpy as np\n"
        "from ludolab.games.dominion.engine import Engine, coldstart, simple_bot\n"
        "from ludolab.games.dominion.engine import kernel as K\n"
        "coldstart._compile_run()\n"
        "bm = simple_bot('bm', buy=['Province', 'Gold', 'Silver'])\n"
        "Engine([], 2).play([bm, bm], np.zeros(3, np.uint64))\n"
        "Engine([], 2).play([bm, bm], np.zeros(3, np.uint64), turn_stats=True)\n"
        "print(len(K.run.signatures))\n"
    )
    env = {**os.environ, "LUDOLAB_COMPILE_SPLIT": "0"}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env,
                         timeout=600)
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout.strip() == "1"


def test_a_prestarted_process_given_no_jobs_ends_with_its_parent():
    """prestart()'s process imports the engine, then waits for its jobs on stdin; when the
    parent never asks (a usage error after the CLI started it) the closed pipe ends it."""
    child = coldstart._spawn()
    assert child is not None and child.stdin is not None
    child.stdin.close()
    assert child.wait(timeout=120) == 0


def test_prestart_on_a_warm_kernel_starts_nothing(monkeypatch):
    bm = simple_bot("bm", buy=["Province", "Gold", "Silver"])
    Engine([], 2).play([bm, bm], np.zeros(1, np.uint64))  # compiled or loaded here

    def no_process(*args, **kwargs):
        raise AssertionError("a warm kernel started a compiling process")

    monkeypatch.setattr(subprocess, "Popen", no_process)
    monkeypatch.setattr(coldstart, "_done", False)
    monkeypatch.setattr(coldstart, "_child", None)
    coldstart.prestart()
    assert coldstart._child is None
