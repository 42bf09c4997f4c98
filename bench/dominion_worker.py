"""The timing side of ``bench/dominion.py``: the workload table and a worker process.

``bench/dominion.py`` starts this file as a subprocess per source tree (``PYTHONPATH=<tree>/src``,
the same interpreter), so one workload table times the working tree and a baseline commit alike.
Only names both trees know are used here (``Engine(kingdom, players, rules)``, ``Engine.play``,
``Engine.trace``, ``simple_bot``, ``PRESETS``, ``core.rng.game_seeds``), and a workload whose cards
a tree lacks is skipped with a note rather than failing.

Protocol: one JSON object per line on stdin, one JSON answer per line on stdout.

* ``{"op": "hello"}`` -> ``{"ludolab": <path of the imported package>}``
* ``{"op": "warm", "workloads": [names]}`` -> ``{"seconds": s, "skips": {name: reason}}``
  (builds each workload's engine and bots and plays a few games: compiled or loaded from the
  cache before any timing)
* ``{"op": "time", "workload": name, "games": n}`` -> ``{"rate": games per CPU second}``: one
  repeat, timed with this process's CPU time (``time.process_time``), so machine load costs it
  less than wall time would.

``python bench/dominion_worker.py --first-result`` is the other mode: it prints a JSON line when
the first ``dominion sim``-like batch (a Big Money mirror, 100 games) has its result, then one
after ``Engine.compile()`` has compiled (or loaded) the rest of the kernel, each with this
process's CPU time and its finished child processes' (a cold start compiles half the kernel in a
second process). The parent times it from the process start, with an empty ``NUMBA_CACHE_DIR``
for the cold figure.
"""

from __future__ import annotations

import json
import resource
import sys
import time
from dataclasses import dataclass

# -- the workload table ------------------------------------------------------------------------
# Bots are ``simple_bot`` keyword arguments (plain names, so every tree can build them). A row
# names the cards it needs beyond the base set in ``needs``: a tree without one of them (the
# baseline, for cards added later) skips the row with a note.

_BM = {"name": "Big Money", "buy": ["Province", "Gold", "Silver"]}
_WITCH = {"name": "Witch BM", "buy": ["Province", "Witch", "Gold", "Silver"],
          "limits": {"Witch": 2}}
_VILLAGE_SMITHY = {"name": "Village/Smithy", "buy": ["Province", "Gold", "Smithy", "Village",
                                                     "Silver"],
                   "play": ["Village", "Smithy"], "limits": {"Smithy": 3, "Village": 3}}
_MARKET_SMITHY = {"name": "Market/Smithy", "buy": ["Province", "Gold", "Market", "Smithy",
                                                   "Silver"],
                  "limits": {"Smithy": 2, "Market": 4}}
_MIXED = [
    _VILLAGE_SMITHY,
    {"name": "Militia/Market", "buy": ["Province", "Gold", "Market", "Militia", "Silver"],
     "limits": {"Militia": 1, "Market": 4}},
    {"name": "Remodel/Workshop", "buy": ["Province", "Gold", "Remodel", "Workshop", "Silver"],
     "limits": {"Remodel": 1, "Workshop": 2}},
    {"name": "Cellar/Mine/Moat", "buy": ["Province", "Gold", "Mine", "Moat", "Cellar", "Merchant",
                                         "Silver"],
     "limits": {"Mine": 1, "Moat": 1, "Cellar": 1, "Merchant": 2}},
]
_INTRIGUE_ATTACKS = ["Torturer", "Masquerade", "Minion", "Swindler"]


def _attack_bot(card: str, copies: int) -> dict:
    return {"name": f"{card} BM", "buy": ["Province", "Gold", card, "Silver"],
            "limits": {card: copies}}


_FAMILIAR = {"name": "Familiar BM", "buy": ["Province", "Gold", "Familiar", "Potion", "Silver"],
             "limits": {"Familiar": 2, "Potion": 1}}


@dataclass(frozen=True)
class Workload:
    """One bench row: a kingdom, its seats and how many games per timing (``games // per``)."""

    title: str
    kingdom: tuple[str, ...] | str  # card names, or "preset:<name>" from kingdom.PRESETS
    bots: tuple[dict, ...]
    per: int = 1  # games per timing = --games // per (4-player games are ~4x longer)
    trace: bool = False  # time Engine.trace (one game per call, --games // 100 of them)
    rules: str | None = None
    needs: tuple[str, ...] = ()  # cards beyond the base set; a tree without them skips the row
    default: bool = True  # in the default run (else only by --workload)
    vs_bm: float | None = None  # the floor of this row's rate / the Big Money mirror's, if any
    card_stats: bool = False  # Engine.play(card_stats=True): per-card statistics recorded
    deck_stats: bool = False  # Engine.play(deck_stats=True): decks by turn, supply and trash
    of: str | None = None  # the same games without recording (its rate is compared)


WORKLOADS: dict[str, Workload] = {
    "bm": Workload("Big Money mirror (2p)", (), (_BM, _BM)),
    "witch": Workload("Witch Big Money mirror (2p)", ("Witch",), (_WITCH, _WITCH)),
    "engine4": Workload("First Game, Village/Smithy-style (4p)", "preset:first-game",
                        (_VILLAGE_SMITHY, _MARKET_SMITHY, _VILLAGE_SMITHY, _MARKET_SMITHY),
                        per=4),
    "mixed4": Workload("First Game, mixed + Militia (4p)", "preset:first-game", tuple(_MIXED),
                       per=4),
    "traced": Workload("Big Money mirror, traced", (), (_BM, _BM), trace=True),
    # Rows for the card sets to come: skipped on a tree that lacks their cards.
    # The Intrigue table seats Torturer, Masquerade, Minion and Swindler money bots.
    # The rows with a floor against the Big Money mirror seat plain-list bots, as that mirror
    # and the Witch row do (Province, Gold, the card, Silver): the floor is about the engine
    # ("not a slower engine"), and a bot's buy conditions (the library's
    # money >= 15, gains_to_end rules, evaluated by the condition machine at every buy) would
    # count the bot's thinking against it. The "-library" rows seat the library's bots.
    "colony": Workload(
        "Colony Big Money mirror (2p)", (),
        ({"name": "Colony BM", "buy": ["Colony", "Platinum", "Province", "Gold", "Silver"]},) * 2,
        rules="colony=yes", needs=("Colony", "Platinum"), vs_bm=0.4),
    "colony-library": Workload(
        "Colony Big Money mirror, library bot (2p)", (),
        ({"library": "Colony Big Money", "name": "Colony BM",
          "buy": ["Colony", "Platinum", "Province", "Gold", "Silver"]},) * 2,
        rules="colony=yes", needs=("Colony", "Platinum"), default=False),
    "wharf": Workload("Wharf mirror (2p)", ("Wharf",), (_attack_bot("Wharf", 2),) * 2,
                      needs=("Wharf",), vs_bm=0.5),
    "wharf-library": Workload("Wharf mirror, library bot (2p)", ("Wharf",),
                              ({"library": "Wharf Big Money", **_attack_bot("Wharf", 2)},) * 2,
                              needs=("Wharf",), default=False),
    # Hinterlands' money workhorse: a gain, a sift, a draw to five and a trash every play
    "jack": Workload("Jack of All Trades mirror (2p)", ("Jack of All Trades",),
                     (_attack_bot("Jack of All Trades", 2),) * 2,
                     needs=("Jack of All Trades",), vs_bm=0.4),
    "jack-library": Workload("Jack of All Trades mirror, library bot (2p)",
                             ("Jack of All Trades",),
                             ({"library": "Jack of All Trades",
                               **_attack_bot("Jack of All Trades", 2)},) * 2,
                             needs=("Jack of All Trades",), default=False),
    # Coffers (Guilds): Butcher and Plaza bank Coffers that each buy spends for a better card
    "coffers": Workload("Butcher/Plaza (Coffers) mirror (2p)", ("Butcher", "Plaza"),
                        ({"name": "Butcher/Plaza", "buy": ["Province", "Gold", "Butcher", "Plaza",
                                                           "Silver"],
                          "limits": {"Butcher": 1, "Plaza": 2}},) * 2,
                        needs=("Butcher", "Plaza"), vs_bm=0.4),
    "coffers-library": Workload("Butcher and Plaza/Baker (Coffers), library bots (2p)",
                                ("Butcher", "Plaza", "Baker"),
                                ({"library": "Butcher Big Money", **_attack_bot("Butcher", 2)},
                                 {"library": "Plaza/Baker", **_attack_bot("Plaza", 2)}),
                                needs=("Butcher", "Plaza", "Baker"), default=False),
    # Alchemy: costs with a Potion (kernel.within's record path), a Potion played most turns;
    # two Familiars and one Potion a seat, as the Witch row's two Witches
    "familiar": Workload("Familiar mirror (2p)", ("Familiar",), (_FAMILIAR,) * 2,
                         needs=("Familiar",), vs_bm=0.4),
    "familiar-library": Workload("Familiar mirror, library bot (2p)", ("Familiar",),
                                 ({"library": "Familiar", **_FAMILIAR},) * 2,
                                 needs=("Familiar",), default=False),
    # a game whose costs change (kernel.cost's second path): Bridge played most turns
    "bridge": Workload("Bridge Big Money mirror (2p)", ("Bridge",), (_attack_bot("Bridge", 2),) * 2,
                       needs=("Bridge",), default=False),
    "intrigue4": Workload("Intrigue attack table (4p)",
                          tuple(_INTRIGUE_ATTACKS),
                          tuple(_attack_bot(c, 2) for c in _INTRIGUE_ATTACKS),
                          per=4, needs=tuple(_INTRIGUE_ATTACKS)),
    # Per-card statistics recorded: the same games as their row without ("of").
    "bm+cards": Workload("Big Money mirror, card statistics on", (), (_BM, _BM),
                         card_stats=True, of="bm"),
    "witch+cards": Workload("Witch BM mirror, card statistics on", ("Witch",), (_WITCH, _WITCH),
                            card_stats=True, of="witch"),
    "mixed4+cards": Workload("First Game mixed (4p), card statistics on", "preset:first-game",
                             tuple(_MIXED), per=4, card_stats=True, of="mixed4"),
    # Deck records (each seat's cards after each turn, the supply and trash at the end; they
    # bring the per-turn statistics with them): the same games as their row without ("of").
    "bm+decks": Workload("Big Money mirror, deck records on", (), (_BM, _BM),
                         deck_stats=True, of="bm"),
    "witch+decks": Workload("Witch BM mirror, deck records on", ("Witch",), (_WITCH, _WITCH),
                            deck_stats=True, of="witch"),
    "mixed4+decks": Workload("First Game mixed (4p), deck records on", "preset:first-game",
                             tuple(_MIXED), per=4, deck_stats=True, of="mixed4"),
}


# -- the worker --------------------------------------------------------------------------------
_SEED = 12345


class _Built:
    def __init__(self, w: Workload, engine: object, bots: list) -> None:
        self.w, self.engine, self.bots = w, engine, bots


def _build(w: Workload) -> _Built | str:
    """The workload's engine and bots on this tree, or why this tree cannot run it."""
    from ludolab.games.dominion.cards import card_id
    from ludolab.games.dominion.engine import Engine, simple_bot
    from ludolab.games.dominion.kingdom import PRESETS

    for name in w.needs:
        try:
            card_id(name)
        except Exception:  # whatever an unknown card raises on that tree
            return f"no {name}"
    if w.card_stats:
        import inspect

        if "card_stats" not in inspect.signature(Engine.play).parameters:
            return "no card statistics"
    if w.deck_stats:
        import inspect

        if "deck_stats" not in inspect.signature(Engine.play).parameters:
            return "no deck records"
    if isinstance(w.kingdom, str):
        kingdom = list(PRESETS[w.kingdom.removeprefix("preset:")])
    else:
        kingdom = list(w.kingdom)
    try:
        engine = Engine(kingdom, len(w.bots), w.rules)
        bots = [_bot(spec, simple_bot) for spec in w.bots]
    except Exception as e:  # a card or rule this tree lacks, in its own words
        return f"cannot build it ({type(e).__name__}: {e})"
    return _Built(w, engine, bots)


def _bot(spec: dict, simple_bot: object) -> object:
    """A workload seat: the library bot ``spec["library"]`` where this tree has it, else
    ``simple_bot`` of the rest of ``spec``."""
    spec = dict(spec)
    name = spec.pop("library", None)
    if name is not None:
        try:
            from ludolab.games.dominion.bots import load_bot

            return load_bot(name)
        except Exception:  # an older tree: no such library bot
            pass
    return simple_bot(**spec)  # type: ignore[operator]


def _play(b: _Built, seeds: object) -> None:
    if b.w.trace:
        for s in seeds:
            b.engine.trace(b.bots, int(s))
    elif b.w.card_stats:
        b.engine.play(b.bots, seeds, card_stats=True)
    elif b.w.deck_stats:
        b.engine.play(b.bots, seeds, deck_stats=True)
    else:
        b.engine.play(b.bots, seeds)


def _serve() -> None:
    import numpy as np

    np.seterr(all="ignore")
    from ludolab.core import rng

    built: dict[str, _Built] = {}

    def answer(obj: dict) -> None:
        sys.stdout.write(json.dumps(obj) + "\n")
        sys.stdout.flush()

    for line in sys.stdin:
        req = json.loads(line)
        op = req["op"]
        if op == "hello":
            import ludolab

            answer({"ludolab": ludolab.__file__})
        elif op == "warm":
            t0 = time.perf_counter()
            skips = {}
            for name in req["workloads"]:
                b = _build(WORKLOADS[name])
                if isinstance(b, str):
                    skips[name] = b
                    continue
                built[name] = b
                _play(b, rng.game_seeds(_SEED, 0, 2 if b.w.trace else 10))
            answer({"seconds": time.perf_counter() - t0, "skips": skips})
        elif op == "time":
            b = built[req["workload"]]
            games = max(1, req["games"] // (100 if b.w.trace else b.w.per))
            seeds = rng.game_seeds(_SEED, 0, games)
            t0 = time.process_time()
            _play(b, seeds)
            answer({"rate": games / (time.process_time() - t0)})
        else:
            answer({"error": f"unknown op {op!r}"})


def _first_result() -> None:
    """Time to the first sim-like batch result, then the rest of the kernel (``Engine.compile``)."""
    t0 = time.perf_counter()
    c0 = time.process_time()
    import numpy as np

    from ludolab.core import rng
    from ludolab.games.dominion.engine import Engine, simple_bot

    t_import = time.perf_counter() - t0
    bm = simple_bot("Big Money", buy=["Province", "Gold", "Silver"])
    with np.errstate(all="ignore"):
        Engine([], 2).play([bm, bm], rng.game_seeds(_SEED, 0, 100))
    print(json.dumps({"import": t_import, "first": time.perf_counter() - t0,
                      "first_cpu": time.process_time() - c0,
                      "first_child_cpu": _children_cpu()}), flush=True)
    Engine.compile()  # whatever the first batch did not compile (step-wise play, keyed draws)
    print(json.dumps({"all": time.perf_counter() - t0, "all_cpu": time.process_time() - c0,
                      "all_child_cpu": _children_cpu()}), flush=True)


def _children_cpu() -> float:
    """CPU seconds of this process's finished child processes (a cold start compiles half the
    kernel in one: ``engine/coldstart.py``)."""
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


if __name__ == "__main__":
    if sys.argv[1:] == ["--first-result"]:
        _first_result()
    else:
        _serve()
