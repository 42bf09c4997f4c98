"""The genetic algorithm of document 004, with guards against the winner's curse, for any game.

The loop names no game: ``config.game`` (a name of the game registry) selects the game's
:class:`~ludolab.evolve.problem.Problem` (its genome, its bots, its match task); the operators
are DEAP's (:mod:`ludolab.evolve.operators`) on the genome's rows.

One generation: every genome (elites included) is decoded to a bot and plays the generation's
fresh deals against the opponents (:mod:`ludolab.evolve.fitness`); the generation's best is
*checked* on a fixed sample of other deals (the same for every generation, so checks compare
fairly) and becomes the champion if it checks better than the champion so far; then selection,
crossover, mutation, switch and elitism breed the next population (:mod:`ludolab.evolve.operators`).
At the end the champion is *validated* on a large sample of deals no decision ever saw: those are
the figures to report.

Co-evolution (``coevolve=True``): a new champion that beats every active opponent in a sequential
test joins a hall of leaders, and the fitness opponents become the base opponents plus the last
``hall_size`` leaders.

A run is a pure function of its configuration: all randomness is keyed by ``(seed, generation,
purpose)``, so a resumed run (``resume=True``, from the checkpoint written after every generation)
and a run on several workers give the same champion as one uninterrupted run in one process.
"""

from __future__ import annotations

import hashlib
import json
import os
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

from ludolab.arena.results import probe_folder
from ludolab.errors import LudolabError
from ludolab.evolve import fitness as fit
from ludolab.evolve.genome import Genome
from ludolab.evolve.operators import Rates, next_generation, seeded_random
from ludolab.evolve.problem import Problem, problem_for

CHECKPOINT = "checkpoint.json"
CHECKPOINT_FORMAT = "ludolab-evolve-checkpoint"
#: Settings a resumed run may change; every other setting must match the checkpoint.
RESUMABLE = ("generations", "minutes", "workers", "backend", "address", "validate_games")

#: Co-evolution: a challenger joins the hall when a paired SPRT accepts "score HALL_P1" over
#: "score HALL_P0" against every current opponent, within HALL_MAX_GAMES games each.
HALL_P0, HALL_P1, HALL_MAX_GAMES = 0.5, 0.52, 6000

#: The document's 16 named cards plus Laboratory, our choice for its unrecoverable 17th.
DOC004_CARDS: tuple[str, ...] = (
    "Copper", "Silver", "Gold", "Estate", "Duchy", "Province", "Curse", "Village", "Woodcutter",
    "Festival", "Market", "Smithy", "Council Room", "Witch", "Bureaucrat", "Chapel", "Laboratory",
)

#: Document 004's own settings (``ludolab evolve dominion --doc004``).
DOC004_SETTINGS: dict[str, object] = {
    "population": 40, "generations": 70, "tournament": 4, "elites": 3, "crossover": 0.6,
    "switch": 0.4, "mutation": 0.2, "gene": 1.0, "games": 50, "limits": False,
    "coevolve": False,
}

#: Each game's defaults where they differ from :class:`EvolveConfig`'s (which are Dominion's);
#: see :meth:`EvolveConfig.for_game`. Poker's genome has five short rows (Dominion's ten rows of
#: one cell per card), so it mutates more of each; its run is measured in ``docs/evolve.md``.
GAME_DEFAULTS: dict[str, dict[str, object]] = {
    "dominion": {},
    "poker": {
        "cards": (), "against": ("Loki-1",), "coevolve": False, "population": 24,
        "generations": 16, "switch": 0.0, "mutation": 0.5, "gene": 0.5, "limits": False,
        "games": 4000, "check_games": 20_000, "validate_games": 40_000, "rules": "limit",
    },
}


#: The range of every whole-number setting: a few extra zeros are a one-line error before the
#: run, not a population that fills the memory or a run of years (population x games x
#: generations is the work; the bounds are far above any run the docs measured).
SETTING_BOUNDS: dict[str, tuple[int, int]] = {
    "population": (2, 10_000), "generations": (0, 100_000), "tournament": (1, 10_000),
    "elites": (0, 10_000), "games": (2, 1_000_000), "check_games": (2, 10_000_000),
    "validate_games": (2, 100_000_000), "hall_size": (1, 1_000), "workers": (1, 4096),
}
#: The longest ``minutes`` (a year).
MAX_MINUTES = 525_600


@dataclass
class EvolveConfig:
    """Every setting of a run.

    Document 004's values are the defaults of tournament (4), elites (3) and the three rates
    (crossover 0.6, switch 0.4, mutation 0.2). Changed from the document, because they find a
    far stronger champion in minutes (measured in ``docs/evolve.md``): population 80 (document:
    40) and 120 generations (70), 100 games per fitness and opponent (50), ``gene`` 0.1 (the
    document changes every cell of a touched row, 1.0), copy limits in the genome, and
    co-evolution against a hall of 5 leaders (the document plays Big Money only).

    ``game`` names the game (a game registry name with a genome, :data:`~ludolab.evolve.problem.
    PROBLEMS`); the defaults above are Dominion's, :meth:`for_game` gives another game's.
    ``cards`` and ``limits`` are Dominion's (poker refuses them). ``games`` counts games per
    opponent, two per deal (poker: hands, a duplicate deal being two).
    """

    cards: tuple[str, ...] = DOC004_CARDS
    against: tuple[str, ...] = ("Big Money",)
    coevolve: bool = True
    hall_size: int = 5
    population: int = 80
    generations: int = 120
    tournament: int = 4
    elites: int = 3
    crossover: float = 0.6
    switch: float = 0.4
    mutation: float = 0.2
    gene: float = 0.1
    beta: float = 1.0
    order_crossover: bool = False
    limits: bool = True
    games: int = 100
    check_games: int = 1000
    validate_games: int = 10_000
    seed: int = 0
    rules: str = "official"
    workers: int = 1
    backend: str = "local"
    address: str | None = None
    minutes: float | None = None
    game: str = "dominion"
    fitness: str = "mean"
    """How margins against several opponents make one fitness: ``mean`` (all weigh alike,
    document 004) or ``min`` (the worst opponent's; the champion is then also checked on it)."""

    @classmethod
    def for_game(cls, game: str, **settings: Any) -> EvolveConfig:
        """A configuration for ``game``: its defaults (:data:`GAME_DEFAULTS`) under
        ``settings`` (None values are left to the defaults)."""
        d: dict[str, Any] = dict(GAME_DEFAULTS.get(game, {}))
        d.update({k: v for k, v in settings.items() if v is not None})
        return cls(game=game, **d)

    def __post_init__(self) -> None:
        self.cards = tuple(self.cards)
        self.against = tuple(self.against)
        if not self.against:
            raise LudolabError("give at least one opponent to evolve against")
        for name, (lo, hi) in SETTING_BOUNDS.items():
            v = getattr(self, name)
            if isinstance(v, bool) or not isinstance(v, int):
                raise LudolabError(f"{name.replace('_', ' ')} must be a whole number, got {v!r}")
            if not lo <= v <= hi:
                raise LudolabError(f"{name.replace('_', ' ')} must be from {lo:,} to {hi:,}, "
                                   f"got {v:,}")
        if self.elites >= self.population:
            raise LudolabError(
                f"elites ({self.elites}) must be fewer than the population ({self.population})"
            )
        if self.tournament > self.population:
            raise LudolabError(
                f"tournament size ({self.tournament}) exceeds the population ({self.population})"
            )
        if self.fitness not in fit.FITNESS:
            raise LudolabError(f"unknown fitness {self.fitness!r}; choose from "
                               + ", ".join(fit.FITNESS))
        if self.minutes is not None and not 0 < self.minutes <= MAX_MINUTES:  # nan fails too
            raise LudolabError(f"minutes must be more than 0 and at most {MAX_MINUTES:,} (a "
                               f"year), got {self.minutes:g}")
        self.rates  # noqa: B018 (validates the rates)

    @property
    def rates(self) -> Rates:
        """The variation rates."""
        return Rates(self.crossover, self.switch, self.mutation, self.gene, self.beta,
                     self.order_crossover)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready settings."""
        d = asdict(self)
        d["cards"] = list(self.cards)
        d["against"] = list(self.against)
        return d

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> EvolveConfig:
        """Rebuild from :meth:`to_dict` (unknown keys are an error)."""
        names = {f.name for f in fields(cls)}
        unknown = sorted(set(d) - names)
        if unknown:
            raise LudolabError(f"unknown evolve setting(s): {', '.join(unknown)}")
        return cls(**d)

    def summary(self) -> str:
        """A one-line description of the settings that shape the search."""
        return (
            f"population {self.population}, tournament {self.tournament}, "
            f"{self.generations} generations, crossover {self.crossover:g}, "
            f"switch {self.switch:g}, mutation {self.mutation:g}, gene {self.gene:g}, "
            f"elites {self.elites}, {self.games} games per fitness, rules {self.rules}"
        )


@dataclass
class GenerationStats:
    """What one generation found (fitness = mean margin on the generation's deals)."""

    generation: int  # 1-based
    best: float
    mean: float
    best_win_rate: float
    champion_margin: float  # the champion's margin on the check deals
    champion_win_rate: float
    champion_generation: int
    new_champion: bool
    opponents: list[str]
    seconds: float  # elapsed since the start of the run
    new_leader: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready stats."""
        return asdict(self)


@dataclass
class Champion:
    """The best strategy so far, with its figures on the check deals."""

    genome: Genome
    generation: int
    check: fit.Validation

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {"genome": self.genome.to_dict(), "generation": self.generation,
                "check": self.check.to_dict()}

    @classmethod
    def from_dict(cls, d: dict[str, Any], problem: Problem) -> Champion:
        """Rebuild from :meth:`to_dict`."""
        return cls(problem.genome_from_dict(d["genome"]), int(d["generation"]),
                   fit.Validation.from_dict(d["check"]))


@dataclass
class EvolveResult:
    """The outcome of a run."""

    config: EvolveConfig
    layout: Any
    champion: Champion | None
    champion_spec: Any
    """The champion as the game's bot data (Dominion: a ``BotSpec``; poker: a ``PokerBot``)."""
    history: list[GenerationStats]
    validation: fit.Validation | None
    hall: list[str] = field(default_factory=list)
    interrupted: bool = False
    seconds: float = 0.0
    generations_done: int = 0
    problem: Problem | None = None


class _Run:
    """The state of one run, checkpointed after every generation."""

    def __init__(self, config: EvolveConfig, problem: Problem | None = None) -> None:
        self.config = config
        self.problem = problem if problem is not None else problem_for(config)
        self.layout = self.problem.layout
        self.runner = fit.Runner(config.workers, config.backend, config.address)
        self.base_names: list[str] = list(self.problem.base_names)
        self.base_bots = list(self.problem.base_bots)
        self.population: list[Genome] = []
        self.next_generation = 0
        self.history: list[GenerationStats] = []
        self.champion: Champion | None = None
        self.hall: list[Genome] = []
        self.elapsed_before = 0.0
        self._check_cache: dict[Any, fit.Validation] = {}
        self.tried: list[str] = []  # co-evolution: behaviours that challenged the hall

    # -- decoding ---------------------------------------------------------------------------
    def spec(self, genome: Genome, name: str, generation: int) -> Any:
        """Decode a genome to the game's bot."""
        return self.problem.decode(genome, name, generation)

    def compiled(self, genome: Genome, name: str, generation: int) -> Any:
        """Decode and compile a genome."""
        return self.problem.compile(self.spec(genome, name, generation))

    # -- opponents --------------------------------------------------------------------------
    def opponents(self) -> tuple[list[str], list[Any]]:
        """Fitness opponents now: the base ones plus the last ``hall_size`` leaders."""
        names, bots = list(self.base_names), list(self.base_bots)
        if self.config.coevolve:
            first = max(0, len(self.hall) - self.config.hall_size)
            for k in range(first, len(self.hall)):
                names.append(f"Leader {k + 1}")
                bots.append(self.compiled(self.hall[k], f"Leader {k + 1}", 0))
        return names, bots

    # -- checkpoint -------------------------------------------------------------------------
    def to_dict(self, elapsed: float) -> dict[str, Any]:
        return {
            "format": CHECKPOINT_FORMAT,
            "version": 1,
            "config": self.config.to_dict(),
            "cards": list(self.layout.names),
            "next_generation": self.next_generation,
            "population": [g.to_dict() for g in self.population],
            "history": [h.to_dict() for h in self.history],
            "champion": self.champion.to_dict() if self.champion else None,
            "hall": [g.to_dict() for g in self.hall],
            "tried": list(self.tried),
            "elapsed": elapsed,
        }

    def load(self, d: dict[str, Any]) -> None:
        self.next_generation = int(d["next_generation"])
        self.population = [self.problem.genome_from_dict(g) for g in d["population"]]
        self.history = [GenerationStats(**h) for h in d["history"]]
        self.champion = Champion.from_dict(d["champion"], self.problem) if d["champion"] else None
        self.hall = [self.problem.genome_from_dict(g) for g in d["hall"]]
        self.tried = [str(x) for x in d.get("tried", [])]
        self.elapsed_before = float(d.get("elapsed", 0.0))


def read_checkpoint(path: str | Path) -> dict[str, Any]:
    """The checkpoint of a run directory (or file), checked for format (one-line errors)."""
    p = Path(path)
    if p.is_dir():
        p = p / CHECKPOINT
    if not p.exists():
        raise LudolabError(f"{p}: no checkpoint to resume from")
    try:
        d = json.loads(p.read_text(encoding="utf-8"))
    except OSError as exc:
        raise LudolabError(f"{p}: not a readable checkpoint ({exc.strerror or exc})") from None
    except UnicodeDecodeError as exc:
        raise LudolabError(f"{p}: not a readable checkpoint (not UTF-8 text at byte "
                           f"{exc.start + 1})") from None
    except json.JSONDecodeError as exc:
        raise LudolabError(f"{p}: not a readable checkpoint ({exc})") from None
    except RecursionError:  # json recurses once per level of nesting
        raise LudolabError(f"{p}: not a readable checkpoint (nested too deeply)") from None
    if not isinstance(d, dict) or d.get("format") != CHECKPOINT_FORMAT:
        raise LudolabError(f"{p}: not a ludolab evolve checkpoint")
    for key, kinds in _CHECKPOINT_FIELDS.items():
        if key not in d:
            raise LudolabError(f"{p}: damaged checkpoint: {key!r} is missing")
        value = d[key]
        if isinstance(value, bool) or not isinstance(value, kinds):
            raise LudolabError(f"{p}: damaged checkpoint: {key!r} has the wrong type "
                               f"({type(value).__name__})")
    if not d["population"] or not all(isinstance(g, dict) for g in d["population"]):
        raise LudolabError(f"{p}: damaged checkpoint: 'population' holds no genomes")
    if not all(isinstance(h, dict) for h in (*d["history"], *d["hall"])):
        raise LudolabError(f"{p}: damaged checkpoint: 'history' or 'hall' holds a non-record")
    return d


#: What :func:`read_checkpoint` requires of a checkpoint, key by key (the types JSON gives).
_CHECKPOINT_FIELDS: dict[str, type | tuple[type, ...]] = {
    "config": dict,
    "cards": list,
    "next_generation": int,
    "population": list,
    "history": list,
    "champion": (dict, type(None)),
    "hall": list,
}


def resume_config(checkpoint: dict[str, Any], changes: dict[str, Any],
                  game: str | None = None) -> EvolveConfig:
    """The checkpoint's configuration with ``changes`` applied (only :data:`RESUMABLE` ones).

    A change to any other setting is an error naming it: the run would no longer be the same run.
    With ``game``, a checkpoint of another game's run is an error naming the command to use.
    """
    base = EvolveConfig.from_dict(checkpoint["config"])
    if game is not None and base.game != game:
        raise LudolabError(f"the checkpoint holds a {base.game} run, not a {game} run; resume it "
                           f"with 'ludolab evolve {base.game} --resume'")
    d = base.to_dict()
    for k, v in changes.items():
        if v is None and k not in ("minutes", "address"):
            continue
        cur = d.get(k)
        if isinstance(cur, list):
            v = list(v)
        if k not in RESUMABLE and v != cur:
            raise LudolabError(
                f"--{k.replace('_', '-')} {v!r} differs from the checkpoint's {cur!r}; "
                "a resumed run keeps its settings (only "
                + ", ".join("--" + r.replace("_", "-") for r in RESUMABLE) + " may change)"
            )
        d[k] = v
    return EvolveConfig.from_dict(d)


def _write_json(path: Path, data: dict[str, Any]) -> None:
    tmp = path.with_suffix(path.suffix + ".tmp")
    tmp.write_text(json.dumps(data, indent=1))
    os.replace(tmp, path)


def evolve(
    config: EvolveConfig,
    out: str | Path | None = None,
    *,
    resume: bool = False,
    initial: Sequence[Genome] | None = None,
    progress: Callable[[GenerationStats], None] | None = None,
    on_validation: Callable[[str], None] | None = None,
    problem: Problem | None = None,
    validate: bool = True,
) -> EvolveResult:
    """Run the genetic algorithm and validate its champion.

    ``out``: a directory for the checkpoint written after every generation (``checkpoint.json``);
    with ``resume=True`` the run continues from it (``config`` must match it, see
    :func:`resume_config`). ``initial`` replaces the random first population (genomes over
    the card list of ``config.cards``; fewer than the population size are topped up with random
    ones). ``progress`` is called after every generation. Ctrl-C stops after the
    current generation's work is lost but the finished ones are kept: the champion so far is
    validated and returned with ``interrupted=True``. ``config.minutes`` stops starting new
    generations once that much time has passed (the final validation comes on top).
    ``problem`` replaces the game's problem built from ``config`` (a caller with its own
    opponents, e.g. the kingdom advisor's field); ``validate=False`` skips the final validation
    (a caller that measures the champion itself, on its own fresh deals).
    """
    run = _Run(config, problem)
    outdir = Path(out) if out is not None else None
    if outdir is not None:
        try:  # before the first generation: a finished run is never lost to an unwritable folder
            outdir.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise LudolabError(f"cannot use {outdir} as the run folder: {exc.strerror}") from None
        if not os.access(outdir, os.W_OK | os.X_OK):
            raise LudolabError(f"cannot use {outdir} as the run folder: it is not writable")
        probe_folder(outdir, f"cannot use {outdir} as the run folder")
    if resume:
        if outdir is None:
            raise LudolabError("resuming needs the run directory (--out)")
        d = read_checkpoint(outdir)
        saved = EvolveConfig.from_dict(d["config"])
        for k in (f.name for f in fields(EvolveConfig)):
            if k not in RESUMABLE and getattr(saved, k) != getattr(config, k):
                raise LudolabError(
                    f"{outdir / CHECKPOINT}: setting {k} is {getattr(saved, k)!r} there but "
                    f"{getattr(config, k)!r} now"
                )
        try:
            run.load(d)
        except (KeyError, TypeError, ValueError) as exc:
            raise LudolabError(f"{outdir / CHECKPOINT}: damaged checkpoint ({exc!r})") from None
    start = time.perf_counter()
    interrupted = False
    c = config

    def elapsed() -> float:
        return run.elapsed_before + time.perf_counter() - start

    try:
        if not run.population and run.next_generation == 0:
            seeds_in = [g.copy() for g in (initial or [])][: c.population]
            for g in seeds_in:
                run.problem.check_genome(g)
            with seeded_random(c.seed, 0, 1):
                run.population = seeds_in + [
                    run.problem.random_genome() for _ in range(c.population - len(seeds_in))
                ]
        while run.next_generation < c.generations:
            if c.minutes is not None and run.history and elapsed() >= 60.0 * c.minutes:
                break
            _one_generation(run)
            run.history[-1].seconds = elapsed()
            if outdir is not None:
                _write_json(outdir / CHECKPOINT, run.to_dict(elapsed()))
            if progress:
                progress(run.history[-1])
    except KeyboardInterrupt:
        interrupted = True
    validation = None
    champion_spec = None
    if run.champion is not None:
        champion_spec = run.spec(run.champion.genome, "Evolved champion",
                                 run.champion.generation)
    if run.champion is not None and validate:
        try:
            if on_validation:
                on_validation(f"validating the champion on {c.validate_games:,} fresh games "
                              f"against each of {', '.join(run.base_names)}")
            seeds = fit.deal_seeds(c.seed, fit.PURPOSE_VALIDATE, 0, (c.validate_games + 1) // 2)
            task = run.problem.match_task([run.problem.compile(champion_spec)], run.base_bots,
                                          seeds, c.validate_games)
            validation = fit.validate_task(task, run.base_names, run.runner)
        except KeyboardInterrupt:
            interrupted = True
    return EvolveResult(
        config=c, layout=run.layout, champion=run.champion, champion_spec=champion_spec,
        history=run.history, validation=validation,
        hall=[f"Leader {k + 1}" for k in range(len(run.hall))], interrupted=interrupted,
        seconds=elapsed(), generations_done=run.next_generation, problem=run.problem,
    )


def _one_generation(run: _Run) -> None:
    """Evaluate the population on fresh deals, update the champion, breed the next population."""
    c = run.config
    gen = run.next_generation  # 0-based
    names, opponents = run.opponents()
    seeds = fit.deal_seeds(c.seed, fit.PURPOSE_FITNESS, gen, (c.games + 1) // 2)
    bots = [run.compiled(g, f"g{gen + 1}-{k}", gen + 1) for k, g in enumerate(run.population)]
    task = run.problem.match_task(bots, opponents, seeds, c.games)
    records = run.runner.play(task)
    margins = fit.FITNESS[c.fitness](records, len(bots), len(opponents), c.games)
    wins = (records["outcome"] == 2).reshape(len(bots), -1).mean(axis=1)
    for g, m in zip(run.population, margins, strict=True):
        g.fitness = float(m)
    best_k = int(max(range(len(bots)), key=lambda k: (margins[k], -k)))
    cand = run.population[best_k]
    new_champion = False
    new_leader = None
    spec = run.spec(cand, "candidate", gen + 1)
    key = run.problem.behaviour(spec)
    if c.coevolve:
        # the champion is the newest leader: a candidate must beat every current opponent
        digest = _digest(key)
        if digest not in run.tried:
            run.tried.append(digest)
            new_leader = _try_leader(run, cand, opponents, names, gen)
            if new_leader is not None:
                run.champion = Champion(cand.copy(), gen + 1, _check(run, spec, key))
                new_champion = True
    if not c.coevolve or not run.hall:  # no leader yet: the best on the check deals
        check = _check(run, spec, key)
        if run.champion is None or (fit.figure(check, c.fitness)
                                    > fit.figure(run.champion.check, c.fitness)):
            run.champion = Champion(cand.copy(), gen + 1, check)
            new_champion = True
    champ = run.champion
    run.history.append(GenerationStats(
        generation=gen + 1, best=float(margins[best_k]), mean=float(margins.mean()),
        best_win_rate=float(wins[best_k]), champion_margin=fit.figure(champ.check, c.fitness),
        champion_win_rate=champ.check.win_rate, champion_generation=champ.generation,
        new_champion=new_champion, opponents=names, seconds=0.0, new_leader=new_leader,
    ))
    with seeded_random(c.seed, gen + 1, 0):
        run.population = next_generation(run.population, c.rates, c.tournament, c.elites,
                                          gen + 1, c.generations)
    run.next_generation = gen + 1


def _check(run: _Run, spec: Any, key: Any) -> fit.Validation:
    """A strategy's figures on the fixed check deals against the base opponents (cached)."""
    c = run.config
    check = run._check_cache.get(key)
    if check is None:
        check_seeds = fit.deal_seeds(c.seed, fit.PURPOSE_CHECK, 0, (c.check_games + 1) // 2)
        task = run.problem.match_task([run.problem.compile(spec)], run.base_bots, check_seeds,
                                      c.check_games)
        check = fit.validate_task(task, run.base_names, run.runner)
        run._check_cache[key] = check
    return check


def _digest(key: Any) -> str:
    """A short stable name of a behaviour (what a bot does), for the checkpoint."""
    return hashlib.sha256(repr(key).encode()).hexdigest()[:16]


def _try_leader(run: _Run, cand: Genome, opponents: Sequence[Any], names: Sequence[str],
                gen: int) -> str | None:
    """Co-evolution: the candidate joins the hall if it beats every active opponent (SPRT)."""
    c = run.config
    bot = run.compiled(cand, "challenger", gen + 1)
    for k, (opp, name) in enumerate(zip(opponents, names, strict=True)):
        def make(seeds: Any, n: int, opp: Any = opp) -> fit.MatchTask:
            return run.problem.match_task([bot], [opp], seeds, n)

        result = fit.challenge_task(make, name, c.seed, p0=HALL_P0, p1=HALL_P1,
                                    max_games=HALL_MAX_GAMES, batch=400, runner=run.runner,
                                    stage=gen * 64 + k)
        if not result.passed:
            return None
    run.hall.append(cand.copy())
    return f"Leader {len(run.hall)}"
