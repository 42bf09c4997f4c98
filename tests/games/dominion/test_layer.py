"""The card layer (engine/hooks.py): a home holds only its rule; the layer compiles, guards and
registers it, and a warm cache still compiles nothing."""

from __future__ import annotations

import importlib
import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from ludolab.core import jitcache
from ludolab.games.dominion.cards import CARDS
from ludolab.games.dominion.engine import hooks
from ludolab.games.dominion.engine import kernel as K


def _files(module_name: str) -> set[str]:
    module = importlib.import_module(module_name)
    return {p.name for p in jitcache.compiled_sources(module)}


def test_a_home_depends_on_the_compiled_files_it_draws_on_and_nothing_else():
    """Moat uses only the kernel (and, through it, the random-number generator); Thief inlines
    Bandit's attack; Monkey reads the waiting effects through _waiting. The card table and the
    layer itself compile nothing, so editing them keeps every home's cache."""
    assert _files("ludolab.games.dominion.cards.base.moat") == {"kernel.py", "rngjit.py"}
    assert _files("ludolab.games.dominion.cards.base.thief") == {"kernel.py", "rngjit.py",
                                                                 "bandit.py"}
    assert _files("ludolab.games.dominion.cards.seaside.monkey") == {"kernel.py", "rngjit.py",
                                                                     "_waiting.py"}


def test_a_home_imported_directly_is_guarded():
    """Importing a home (as a test does) guards its cache before anything compiles: the stamp
    beside its cache records the digest of exactly its compiled dependencies."""
    module = importlib.import_module("ludolab.games.dominion.cards.base.militia")
    assert module.__name__ in jitcache._guarded
    stamp = jitcache.cache_dirs(module.__file__)[0] / "militia.deps.sha256"
    if stamp.exists():  # a read-only checkout writes no stamp; then numba recompiles anyway
        digest = stamp.read_text()
        jitcache.guard(module.__file__, jitcache.compiled_sources(module))
        assert stamp.read_text() == digest


def test_every_home_declares_only_hooks_the_table_calls():
    """Each home's compiled functions named for a hook slot are what hooks.addresses reads; a
    home has no other header (no guard call of its own, no imported numba decorator)."""
    for card in CARDS:
        module = hooks.home(card.id)
        if module is None:
            continue
        text = Path(module.__file__).read_text()
        assert "_jitcache" not in text and "@njit" not in text, card.name
        for name, _codes in hooks.HOOKS:
            fn = getattr(module, name, None)
            assert fn is None or hasattr(fn, "py_func"), (card.name, name)


def test_hook_rejects_a_name_or_arity_the_table_would_never_call():
    def plya(S, I, F, p, c, group, mask):  # a typo: no slot has this name
        return 0

    def play(S, I, F, p, c):  # the play slot takes seven arguments
        return 0

    with pytest.raises(TypeError, match="named for its slot"):
        hooks.hook(plya)
    with pytest.raises(TypeError, match="takes 7 arguments"):
        hooks.hook(play)


def test_guard_module_finds_the_dependencies_of_a_package_module(tmp_path, monkeypatch):
    """A module that imports compiled functions and constants from a sibling is guarded against
    that sibling: changing the sibling drops the module's cache entries."""
    pkg = tmp_path / "layerpkg"
    (pkg / "__pycache__").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "dep.py").write_text("from numba import njit\nK = 3\n\n\n@njit(cache=True)\n"
                                "def f(x):\n    return x + K\n")
    (pkg / "plain.py").write_text("W = 1\n")
    (pkg / "mod.py").write_text(textwrap.dedent("""
        from ludolab.core import jitcache
        from layerpkg.dep import K, f
        from layerpkg.plain import W
        from numba import njit
        jitcache.guard_module(__name__)


        @njit(cache=True)
        def g(x):
            return f(x) + K + W
    """))
    monkeypatch.syspath_prepend(str(tmp_path))
    entry = pkg / "__pycache__" / "mod.g-9.py311.nbi"
    entry.write_text("stale")
    mod = importlib.import_module("layerpkg.mod")
    try:
        assert [p.name for p in jitcache.compiled_sources(mod)] == ["dep.py"]
        assert not entry.exists()  # first sight: no stamp, the entry goes
        entry.write_text("fresh")
        jitcache.guard(mod.__file__, jitcache.compiled_sources(mod))
        assert entry.exists()  # unchanged dependency: kept
        (pkg / "dep.py").write_text((pkg / "dep.py").read_text().replace("K = 3", "K = 4"))
        jitcache.guard(mod.__file__, jitcache.compiled_sources(mod))
        assert not entry.exists()  # the sibling changed: dropped
    finally:
        for name in ("layerpkg.mod", "layerpkg.dep", "layerpkg.plain", "layerpkg"):
            sys.modules.pop(name, None)
            jitcache._guarded.discard(name)


_GAME = """
import json, sys
import numpy as np
from numba.core import event as ev
from ludolab.games.dominion.engine import Engine, simple_bot
compiled = []
class Listener(ev.Listener):
    def on_start(self, e):
        compiled.append(e.data["dispatcher"].py_func.__module__ + "."
                        + e.data["dispatcher"].py_func.__name__)
    def on_end(self, e):
        pass
ev.register("numba:compile", Listener())
kingdom = ["Witch", "Moat", "Throne Room", "Militia", "Library", "Village", "Smithy",
           "Market", "Cellar", "Chapel"]
bot = simple_bot("b", buy=["Province", "Witch", "Gold", "Throne Room", "Militia", "Moat",
                           "Library", "Silver"])
rec = Engine(kingdom, 2).play([bot, bot], np.arange(4, dtype=np.uint64))
print(json.dumps({"compiled": compiled, "vp": rec.vp.tolist()}))
"""


def _run_game() -> dict:
    env = {**os.environ, "LUDOLAB_COMPILE_SPLIT": "0"}
    out = subprocess.run([sys.executable, "-c", _GAME], capture_output=True, text=True, env=env,
                         timeout=1200)
    assert out.returncode == 0, out.stderr[-2000:]
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_a_fresh_process_with_a_filled_cache_compiles_nothing():
    """numba's disk cache still serves the homes the layer compiles: a game with Witch, Moat,
    Throne Room, Militia and Library played in a fresh process once the cache is filled (the
    first run here fills whatever is missing) sees no numba compile event, and plays the same
    games."""
    first = _run_game()
    second = _run_game()
    assert second["compiled"] == []
    assert second["vp"] == first["vp"]
    assert int(K.NHOOK) == len(hooks.HOOKS)
