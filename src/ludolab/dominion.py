"""Dominion from Python, in a notebook: simulate bots, summarise, plot.

>>> from ludolab import dominion
>>> result = dominion.simulate(["Big Money", "Smithy Big Money"], games=2_000, seed=7)
>>> result.games
2000
>>> sorted(result.bots)
['Big Money', 'Smithy Big Money']
>>> len(result.to_frame()) == result.games   # one row per game (pandas: ludolab[notebook])
True

This module is one of the game facades (:mod:`ludolab.dominion`, :mod:`ludolab.poker`,
:mod:`ludolab.pig`), the layer between ``cli``/``web`` and ``evolve``/``arena``/``report``:
each has ``prepare`` (check everything, play nothing), ``simulate`` (prepare and run), and a
result with ``summary()``, ``print()``, ``to_dict()``, ``to_frame()`` and ``plot()``. It composes
the arena's generic simulation (:mod:`ludolab.arena.simulation`, Dominion through its registered
spec), the terminal tables (:mod:`ludolab.report.terminal`) and the figures
(:mod:`ludolab.report.plots`), so the game package itself imports none of them.

Seating: by default every deal is played in every seating of the bots (``seating="rotate"``:
2 games per deal for 2 bots, 6 for 3, 24 for 4), so each bot gets every seat's shuffles;
``seating="fixed"`` keeps bot *i* in seat *i* (as the documents' own experiments did). The same
bot twice (a mirror match) plays each deal once: the copies keep their seats, so a copy's row is
its seat's row (with a third bot, the copies share the seats evenly). Every interval is computed
over deals.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ludolab.arena import simulation as _sim
from ludolab.arena.simulation import PreparedSimulation, by_bot
from ludolab.errors import LudolabError
from ludolab.evolve.dominion import advise as _advise
from ludolab.evolve.dominion.advise import Advice, AdviseSettings
from ludolab.games.dominion.bots import load_spec, render_bot, xbots
from ludolab.games.dominion.bots.xbots import BASE_BOT
from ludolab.games.dominion.cards import card, card_id
from ludolab.games.dominion.cardstats import card_frame, card_rows
from ludolab.games.dominion.rules import ruleset
from ludolab.games.dominion.task import BotLike
from ludolab.report.terminal import (
    card_stats_text,
    print_card_stats,
    print_simulation,
    simulation_text,
)

__all__ = ["Advice", "AdviseSettings", "CardRanking", "DominionResult", "PreparedSimulation",
           "advise", "by_bot", "prepare", "rank_cards", "simulate"]


class DominionResult(_sim.SimulationResult):
    """A Dominion simulation's records and summaries, printable and plottable."""

    @property
    def kingdom(self) -> list[int]:
        """The kingdom's card ids."""
        return [card_id(name) for name in self.settings.get("kingdom", ())]

    @property
    def rules(self) -> str:
        """The rule-set spec the games were played under."""
        return str(self.settings.get("rules", "official"))

    @property
    def card_stats(self) -> Any:
        """What each bot bought, gained, played and trashed, and when: one tidy row per game,
        bot, card and kind with a non-zero count (a pandas DataFrame; columns ``game``,
        ``deal``, ``bot``, ``seat``, ``card``, ``kind``, ``count``, ``turn`` = the turn of the
        first one). Needs ``simulate(..., card_stats=True)``; see
        :mod:`ludolab.games.dominion.cardstats`."""
        return card_frame(self.records, self.bots, self.settings.get("card_stat_cards", ()))

    def card_rows(self) -> list[dict[str, Any]]:
        """The "what each bot bought" table: per bot and card, bought/gained/played/trashed per
        game, the share of games with a buy and the mean turn of the first buy ([] without
        card statistics)."""
        return card_rows(self.records, self.bots, self.settings.get("card_stat_cards", ()))

    def to_dict(self) -> dict[str, Any]:
        """The JSON summary; with card statistics, their table as ``card_stats`` (one row per
        bot and card) and the recorded cards as ``card_stat_cards``."""
        out = super().to_dict()
        if "card_stat_cards" in self.settings:
            out["card_stats"] = [{k: (None if isinstance(v, float) and not math.isfinite(v)
                                      else v) for k, v in r.items()} for r in self.card_rows()]
        return out

    def summary(self) -> str:
        """A plain-text result table (what the CLI prints, without colours)."""
        rows = self.card_rows()
        return simulation_text(self) + (card_stats_text(rows) if rows else "")

    def print(self, console: Any = None) -> None:
        """Print the result tables with rich (and the card statistics when recorded)."""
        print_simulation(self, console)
        rows = self.card_rows()
        if rows:
            print_card_stats(rows, console)

    def plot(self) -> Any:
        """A matplotlib figure: each bot's win rate and VP margin with 95% intervals over
        deals (:meth:`plot_vp_by_turn` draws the per-turn curves of ``turn_stats=True``)."""
        if not self.games:
            raise LudolabError("no whole deal finished: nothing to plot")
        from ludolab.report import plots  # lazy: matplotlib, fast CLI start

        return plots.plot_bot_results(self.bot_rows(), self.spec.unit)

    def plot_vp_by_turn(self) -> Any:
        """A matplotlib figure of average VP by turn per bot (needs ``turn_stats=True``)."""
        if "turn_vp" not in self.records:
            raise LudolabError("no per-turn data: run simulate(..., turn_stats=True)")
        from ludolab.report import plots  # lazy: matplotlib, fast CLI start

        return plots.plot_vp_by_turn(self.records["turn_vp"], self.records["seating"], self.bots,
                                     turns=self.records["turns"])


def prepare(
    bots: Sequence[BotLike],
    games: int = 10_000,
    seed: int = 0,
    *,
    kingdom: str | Sequence[str] | None = None,
    rules: str = "official",
    seating: str = "rotate",
    turn_stats: bool = False,
    card_stats: bool = False,
    seats: int | None = None,
) -> PreparedSimulation:
    """Check everything a simulation needs (bots, kingdom, rules, counts) without playing.

    ``seats`` (1-6, default one per bot) fills the seats by repeating the bots in turn; each
    bot's row pools its copies and every seat is rotated (see :func:`simulate`).
    Every user mistake surfaces here as one :class:`LudolabError`, before any game runs.
    """
    options: dict[str, Any] = {"kingdom": kingdom, "rules": rules}
    if card_stats:
        options["card_stats"] = True
    return _sim.prepare("dominion", list(bots), games, seed,
                        options=options, seating=seating,
                        turn_stats=turn_stats, result_type=DominionResult, seats=seats)


def simulate(
    bots: Sequence[BotLike],
    games: int = 10_000,
    seed: int = 0,
    *,
    kingdom: str | Sequence[str] | None = None,
    rules: str = "official",
    seating: str = "rotate",
    turn_stats: bool = False,
    card_stats: bool = False,
    workers: int = 1,
    backend: str = "local",
    address: str | None = None,
    chunk_size: int | None = None,
    progress: Callable[[int, int], None] | None = None,
    seats: int | None = None,
) -> DominionResult:
    """Play ``games`` games between ``bots`` and return a :class:`DominionResult`.

    ``bots``: 1 to 6 bot names (the library), paths to bot files, ``BotSpec`` or ``CompiledBot``.
    ``kingdom``: see :func:`ludolab.games.dominion.kingdom.resolve_kingdom` (default: the cards the
    bots need). ``rules``: a rule-set spec such as ``"official"`` or ``"official,turn_cap=60"``.
    ``workers`` > 1 or ``backend="ray"`` spread chunks over processes through
    :func:`ludolab.arena.runner.run_games`; the records are identical whatever the split.
    Ctrl-C returns the whole deals that finished, with ``interrupted=True``.
    ``card_stats`` records what each bot bought, gained, played and trashed, and when
    (:attr:`DominionResult.card_stats`, :meth:`DominionResult.card_rows`); the games are the
    same games. ``seats`` (up to 6) fills more seats than bots by repeating them in turn
    (``["Big Money", "Witch Big Money"]`` at 6 seats: three copies of each): every seat is
    rotated through the line-up, and each bot has one row pooling its copies' seat-games, with
    intervals over deals.
    """
    prepared = prepare(bots, games, seed, kingdom=kingdom, rules=rules, seating=seating,
                       turn_stats=turn_stats, card_stats=card_stats, seats=seats)
    result = prepared.run(workers=workers, backend=backend, address=address,
                          chunk_size=chunk_size, progress=progress)
    assert isinstance(result, DominionResult)
    return result


# -- the card-strength table: each "BMU + X" bot against Big Money Ultimate -------------------
#: games per card of :func:`rank_cards` by default (about +-2 points at 95% over 1,000 deals)
RANK_GAMES = 2_000
#: the sources whose change invalidates cached rankings: the engine, the cards' homes and rows,
#: the rule sets and the bot language (the X bots themselves are hashed from their buy lists)
_ENGINE_SOURCES = ("games/dominion/engine", "games/dominion/cards", "games/dominion/botcode.py",
                   "games/dominion/rules.py", "games/dominion/bots")


def engine_version() -> str:
    """A hash of the Dominion engine's, the card homes' and the bot language's source files:
    a cached ranking is reused only while it is unchanged."""
    root = Path(__file__).resolve().parent
    digest = hashlib.sha256()
    for rel in _ENGINE_SOURCES:
        path = root / rel
        files = sorted(path.rglob("*.py")) if path.is_dir() else [path]
        for f in files:
            digest.update(str(f.relative_to(root)).encode())
            digest.update(f.read_bytes())
    return digest.hexdigest()[:16]


def rank_cache_dir() -> Path:
    """Where rankings are cached: ``$LUDOLAB_CACHE_DIR/card-rank``, else the user's cache folder
    (``$XDG_CACHE_HOME`` or ``~/.cache``) ``/ludolab/card-rank``."""
    env = os.environ.get("LUDOLAB_CACHE_DIR")
    if env:
        return Path(env).expanduser() / "card-rank"
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base).expanduser() / "ludolab" / "card-rank"


@dataclass
class CardRanking:
    """The card-strength table: one row per card, best win rate first.

    Each row: ``card``, ``set``, ``cost``, ``bot`` (the X bot's name), ``placement`` (its buy
    entry and where it sits), ``games``, ``deals``, ``wins``, ``ties``, ``win_rate`` and
    ``win_ci`` (95% interval over deals: the games of a deal share its shuffles), ``tie_rate``,
    ``mean_margin`` and ``margin_ci`` (VP against the best Big Money Ultimate), ``cached``.
    """

    rows: list[dict[str, Any]]
    players: int
    rules: str
    games: int
    seed: int
    engine: str
    seconds: float = 0.0

    @property
    def cached(self) -> int:
        """Rows read from the cache rather than played."""
        return sum(1 for r in self.rows if r["cached"])

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready form: the settings and the rows (intervals as two-number lists)."""
        rows = [{k: (list(v) if isinstance(v, tuple) else v) for k, v in r.items()}
                for r in self.rows]
        return {"players": self.players, "rules": self.rules, "games_per_card": self.games,
                "seed": self.seed, "engine": self.engine, "opponent": BASE_BOT,
                "seating": "rotate", "seconds": round(self.seconds, 3), "cards": rows}

    def summary(self) -> str:
        """The table as plain text."""
        lines = [f"BMU + X against Big Money Ultimate: {self.players} players, rules "
                 f"{self.rules}, {self.games:,} games per card (95% intervals over deals)",
                 f"{'#':>3}  {'card':<16} {'win %':>6}  {'95% CI':<13} {'tie %':>5} "
                 f"{'margin':>6}  placement"]
        for i, r in enumerate(self.rows, 1):
            lo, hi = r["win_ci"]
            lines.append(f"{i:>3}  {r['card']:<16} {100 * r['win_rate']:6.2f}  "
                         f"{100 * lo:5.2f}-{100 * hi:5.2f}  {100 * r['tie_rate']:5.2f} "
                         f"{r['mean_margin']:+6.2f}  {r['placement']}")
        return "\n".join(lines)

    def to_frame(self) -> Any:
        """The rows as a pandas DataFrame (ludolab[notebook])."""
        import pandas as pd  # lazy: ludolab[notebook] is optional

        return pd.DataFrame(self.rows)


def rank_cards(
    *,
    players: int = 2,
    sets: Sequence[str] | None = None,
    cards: Sequence[str] | None = None,
    rules: str = "official",
    games: int = RANK_GAMES,
    seed: int = 0,
    cache: bool = True,
    cache_dir: str | Path | None = None,
    workers: int = 1,
    progress: Callable[[int, int], None] | None = None,
) -> CardRanking:
    """Play every card's X bot (``"BMU + X"``, :mod:`ludolab.games.dominion.bots.xbots`) against
    Big Money Ultimate and rank the cards by the X bot's win rate.

    ``players``: 2 to 4 (the X bot and ``players - 1`` Big Money Ultimates), every deal played in
    every distinct seating. ``sets``/``cards`` choose the cards (default: every card with rules
    in the engine). A card's result is cached on disk by (card, its bot, rules, players, games,
    seed, :func:`engine_version`), so a second run is instant (``cache=False`` plays again and
    refreshes it). ``progress(done, total)`` counts games over all cards.
    """
    if not isinstance(players, int) or not 2 <= players <= 4:
        raise LudolabError(f"players must be 2, 3 or 4 (the X bot against Big Money "
                           f"Ultimates), got {players}")
    if games < 1:
        raise LudolabError(f"the number of games per card must be at least 1, got {games}")
    chosen = xbots.xbot_cards(sets)
    if cards:
        wanted = [xbots.xbot_card(xbots.PREFIX + str(c)) for c in cards]
        chosen = [c for c in chosen if c in wanted]
        if not chosen:
            raise LudolabError("none of the chosen cards is in the chosen sets")
    if not chosen:
        raise LudolabError("no card of the chosen sets has its rules in the engine yet")
    rule_spec = ruleset(rules).spec()
    version = engine_version()
    folder = Path(cache_dir) if cache_dir is not None else rank_cache_dir()
    base = render_bot(load_spec(BASE_BOT))
    total = games * len(chosen)
    rows: list[dict[str, Any]] = []
    started = time.perf_counter()
    for k, name in enumerate(chosen):
        spec = xbots.xbot_spec(name)
        key = json.dumps({"card": name, "bot": render_bot(spec), "base": base,
                          "rules": rule_spec, "players": players, "games": games,
                          "seed": seed, "engine": version}, sort_keys=True)
        digest = hashlib.sha256(key.encode()).hexdigest()[:20]
        path = folder / f"{name.replace(' ', '_')}-{digest}.json"
        row = _read_cached(path) if cache else None
        if row is None:
            bots: list[BotLike] = [spec, *([BASE_BOT] * (players - 1))]

            def step(done: int, _total: int, _at: int = k * games) -> None:
                if progress is not None:
                    progress(_at + done, total)

            result = simulate(bots, games, seed, rules=rules, workers=workers, progress=step)
            if result.interrupted:
                raise KeyboardInterrupt
            row = _rank_row(name, result)
            _write_cached(path, row)
            row["cached"] = False
        else:
            row["cached"] = True
        rows.append(row)
        if progress is not None:
            progress((k + 1) * games, total)
    rows.sort(key=lambda r: (-r["win_rate"], r["card"]))
    return CardRanking(rows, players, rule_spec, games, seed, version,
                       time.perf_counter() - started)


def _rank_row(name: str, result: DominionResult) -> dict[str, Any]:
    """The X bot's line of a ranking from its simulation (bot 0 is the X bot)."""
    r = result.bot_rows()[0]
    c = card(name)
    return {"card": c.name, "set": c.set, "cost": c.cost, "bot": r["bot"],
            "placement": xbots.placement(name).text(), "games": r["games"], "deals": r["deals"],
            "wins": r["wins"], "ties": r["ties"], "win_rate": r["win_rate"],
            "win_ci": tuple(r["win_ci"]), "tie_rate": r["tie_rate"],
            "mean_margin": r["mean_margin"], "margin_ci": tuple(r["margin_ci"])}


def _read_cached(path: Path) -> dict[str, Any] | None:
    """A cached row, or None when absent or unreadable (then the card is played again)."""
    try:
        row = json.loads(path.read_text(encoding="utf-8"))
        row["win_ci"], row["margin_ci"] = tuple(row["win_ci"]), tuple(row["margin_ci"])
        return dict(row)
    except (OSError, ValueError, KeyError, TypeError):
        return None


def _write_cached(path: Path, row: dict[str, Any]) -> None:
    """Save a row atomically (a rename); a cache that cannot be written is skipped silently:
    it only saves time."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(f".{os.getpid()}.tmp")
        tmp.write_text(json.dumps({k: (list(v) if isinstance(v, tuple) else v)
                                   for k, v in row.items()}), encoding="utf-8")
        tmp.replace(path)
    except OSError:
        pass


# -- the kingdom advisor ---------------------------------------------------------------------
def advise(
    kingdom: str | Sequence[str],
    *,
    minutes: float | None = None,
    evaluations: int | None = None,
    players: int = 2,
    rules: str = "official",
    against: Sequence[str] = (),
    bots_dir: str | Path | None = None,
    seed: int = 0,
    workers: int = 1,
    settings: AdviseSettings | None = None,
    progress: Callable[[str, int, int], None] | None = None,
) -> Advice:
    """The strongest bot the advisor finds for a kingdom, with its win rates and why.

    Candidates that fit the kingdom (library bots, ``bots_dir``'s files, ``against`` bots, X-bots
    and pair bots) are ranked by short duplicate-seated tournaments; a genetic search seeded with
    the best plays for score against a field of the strongest and Big Money Ultimate; the
    champion meets the best candidates and Big Money Ultimate on fresh deals
    (:mod:`ludolab.evolve.dominion.advise`). The budget is ``evaluations`` (the same seed gives
    the same bot) or ``minutes`` (default 5) turned into evaluations; ``Advice.evaluations`` says
    how many ran. ``progress(stage, done, total)`` follows the stages.

    >>> from ludolab import dominion
    >>> advice = dominion.advise("first-game", evaluations=16, seed=1,
    ...                          settings=dominion.AdviseSettings.small())
    >>> advice.bot.name in advice.text, advice.evaluations
    (True, 16)
    >>> [r["opponent"] for r in advice.rates][-1]
    'Big Money Ultimate'
    """
    return _advise.advise(kingdom, minutes=minutes, evaluations=evaluations, players=players,
                          rules=rules, against=against, bots_dir=bots_dir, seed=seed,
                          workers=workers, settings=settings, progress=progress)
