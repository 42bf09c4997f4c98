"""Evolve: a genetic algorithm that finds Dominion strategies (document 004) or poker bots."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import typer

from ludolab.cli.common import console, err_console, fail
from ludolab.core.rng import check_seed
from ludolab.errors import LudolabError
from ludolab.games.dominion.bots import describe_bot
from ludolab.games.dominion.cards import CARDS, card_id
from ludolab.games.dominion.kingdom import resolve_kingdom

app = typer.Typer(no_args_is_help=True, add_completion=False, pretty_exceptions_enable=False)

_RUN_HELP = "Run-defining settings must match the checkpoint when resuming."


def _split(values: list[str] | None) -> list[str]:
    out: list[str] = []
    for v in values or []:
        out.extend(x.strip() for x in v.split(",") if x.strip())
    return out


def _cards(text: str | None) -> tuple[str, ...] | None:
    """Card names from ``--cards``: a comma list (basic cards allowed), a preset or random:SEED."""
    if text is None:
        return None

    names = [x.strip() for x in text.split(",")]
    if len(names) == 1 and names[0] and not _is_card(names[0]):
        return tuple(CARDS[c].name for c in resolve_kingdom(names[0]))
    out: list[str] = []
    for n in names:
        if not n:
            fail("--cards has an empty card name")
        name = CARDS[card_id(n)].name
        if name in out:
            fail(f"--cards lists {name} twice")
        out.append(name)
    return tuple(out)


def _is_card(text: str) -> bool:
    try:
        card_id(text)
    except LudolabError:
        return False
    return True


def _line(h: Any, total: int) -> str:
    mins, secs = divmod(int(h.seconds), 60)
    champ = (f"champion {h.champion_margin:+6.2f} (win {100 * h.champion_win_rate:5.1f}%, "
             f"gen {h.champion_generation})")
    flag = " *" if h.new_champion else "  "
    leader = f"  [{h.new_leader} joins the hall]" if h.new_leader else ""
    return (f"gen {h.generation:>3}/{total}  best {h.best:+6.2f}  mean {h.mean:+6.2f}  "
            f"{champ}{flag} {mins:d}:{secs:02d}{leader}")


@app.command()
def dominion(
    against: list[str] = typer.Option(None, "--against", "-a", help="Opponent bot(s): library names or bot files; repeat or comma-separate for a list (default: Big Money)."),
    cards: str = typer.Option(None, "--cards", "-c", help="The card list: comma-separated names (basic cards optional), a kingdom preset or random:SEED (default: document 004's 16 cards plus Laboratory)."),
    coevolve: bool = typer.Option(None, "--coevolve/--no-coevolve", help="Co-evolve against a hall of leaders: a champion joins by beating every current opponent in an SPRT (default on)."),
    hall_size: int = typer.Option(None, "--hall-size", help="Newest leaders kept as fitness opponents with --coevolve (default 5)."),
    population: int = typer.Option(None, "--population", help="Genomes per generation (default 80; document 004: 40)."),
    generations: int = typer.Option(None, "--generations", "-g", help="Generations (default 120; document 004: 70)."),
    tournament: int = typer.Option(None, "--tournament", help="Tournament size of the selection (default 4)."),
    elites: int = typer.Option(None, "--elites", help="Best genomes kept unchanged (default 3)."),
    crossover: float = typer.Option(None, "--crossover", help="Per-row crossover rate (default 0.6)."),
    switch: float = typer.Option(None, "--switch", help="Per-row switch rate of the order rows (default 0.4)."),
    mutation: float = typer.Option(None, "--mutation", help="Per-row mutation rate (default 0.2)."),
    limits: bool = typer.Option(None, "--limits/--no-limits", help="Copy limits in the genome (default on; not in document 004)."),
    doc004: bool = typer.Option(False, "--doc004", help="Document 004's settings exactly (population 40, 70 generations, 50 games, every cell, no limits, Big Money only); other options override."),
    gene: float = typer.Option(None, "--gene", help="Share of a touched row's cells that change (default 0.1; document 004: 1)."),
    games: int = typer.Option(None, "--games", "-n", help="Games per fitness against each opponent, half in each seat (default 100; document 004: 50)."),
    check_games: int = typer.Option(None, "--check-games", help="Games checking a new champion on fixed deals (default 1000)."),
    validate_games: int = typer.Option(None, "--validate-games", help="Fresh games validating the final champion against each opponent (default 10000)."),
    seed: int = typer.Option(None, "--seed", "-s", help="Master seed: same seed, same champion (default 0)."),
    rules: str = typer.Option(None, "--rules", "-r", help="Rule set (default official)."),
    workers: int = typer.Option(None, "--workers", "-w", help="Processes (default 0 = all cores)."),
    backend: str = typer.Option(None, "--backend", help="local or ray."),
    address: str = typer.Option(None, "--address", help="Ray cluster address (default: a local one)."),
    minutes: float = typer.Option(None, "--minutes", "-m", help="Stop starting generations after this many minutes."),
    out: Path = typer.Option(Path("evolve-run"), "--out", "-o", help="Directory for the checkpoint, champion.toml, fitness.png and summary.json."),
    resume: bool = typer.Option(False, "--resume", help="Continue the run in --out from its checkpoint. " + _RUN_HELP),
    challenge: list[str] = typer.Option(None, "--challenge", help="After the run, test the champion head to head against these bots with an SPRT."),
) -> None:
    """Evolve a Dominion strategy against opponents; validate it on fresh games; save the bot."""
    from ludolab.evolve import ga  # lazy: heavy, fast CLI start
    from ludolab.evolve.report import write_outputs  # lazy: heavy, fast CLI start

    if seed is not None:
        seed = check_seed(seed)
    given: dict[str, Any] = {
        "cards": _cards(cards), "against": tuple(_split(against)) or None, "coevolve": coevolve,
        "hall_size": hall_size, "population": population, "generations": generations,
        "tournament": tournament, "elites": elites, "crossover": crossover, "switch": switch,
        "mutation": mutation, "gene": gene, "limits": limits, "games": games, "check_games": check_games,
        "validate_games": validate_games, "seed": seed, "rules": rules, "workers": workers,
        "backend": backend, "address": address, "minutes": minutes,
    }
    if doc004:
        for k, v in ga.DOC004_SETTINGS.items():
            if given.get(k) is None:
                given[k] = v
    if generations is not None and generations < 0:
        fail(f"--generations must be 0 or more, got {generations}")
    if workers is not None and workers < 0:
        fail(f"--workers must be 0 (all cores) or more, got {workers}")
    if workers is not None or not resume:
        given["workers"] = workers or os.cpu_count() or 1
    if resume:
        checkpoint = ga.read_checkpoint(out)
        changes = {k: v for k, v in given.items() if v is not None}
        if "minutes" not in changes:
            changes["minutes"] = None
        config = ga.resume_config(checkpoint, changes, game="dominion")
    else:
        if (out / ga.CHECKPOINT).exists():
            fail(f"{out} already holds a run; use --resume to continue it or another --out")
        config = ga.EvolveConfig(**{k: v for k, v in given.items() if v is not None})

    challengers = [_challenger(bot, config) for bot in _split(challenge)]  # before the run
    console.print(
        f"[bold]Evolving[/bold] against {', '.join(config.against)}"
        f"{' with co-evolution' if config.coevolve else ''} over {len(config.cards)} cards "
        f"(seed {config.seed}): {config.summary()}"
    )
    result = _evolve(config, out, resume, _line)
    if result is None:
        return
    paths = write_outputs(result, out)
    _report(result, paths)
    for spec in challengers:
        _challenge(result, config, spec)


def _evolve(config: Any, out: Path, resume: bool, line: Any, initial: Any = None) -> Any:
    """Run the GA with a line per generation (``line(history, generations)``); say how to resume
    an interrupted run. The result, or None when no generation finished (said on the console)."""
    from ludolab.evolve import ga  # lazy: heavy, fast CLI start

    result = ga.evolve(
        config, out, resume=resume, initial=initial,
        progress=lambda h: console.print(line(h, config.generations), highlight=False),
        on_validation=lambda msg: err_console.print(f"[dim]{msg}...[/dim]"),
    )
    if result.interrupted:
        err_console.print(f"interrupted after {result.generations_done} generation(s); "
                          f"resume with --resume --out {out}")
    if result.champion_spec is None:
        console.print("no generation finished: nothing to report")
        return None
    return result


def _report(result: Any, paths: dict[str, Path]) -> None:
    champ = result.champion
    console.print()
    console.print(describe_bot(result.champion_spec), highlight=False)
    console.print()
    console.print(f"champion from generation {champ.generation}; on the check deals: "
                  f"{champ.check.line()}", highlight=False)
    v = result.validation
    if v is not None:
        console.print("[bold]validated[/bold] on fresh games: " + v.line(), highlight=False)
        if len(v.by_opponent) > 1:
            for row in v.by_opponent:
                console.print(f"  vs {row['opponent']}: win {100 * row['wins'] / row['games']:.1f}%"
                              f", margin {row['margin']:+.2f}", highlight=False)
    mins, secs = divmod(int(result.seconds), 60)
    console.print(f"{result.generations_done} generations in {mins}:{secs:02d}; wrote "
                  + ", ".join(str(p) for p in paths.values()), highlight=False)


def _challenger(who: str, config: Any) -> Any:
    """The bot of a ``--challenge``, checked before the run: an unknown name (with the nearest
    library name), or a bot needing cards the run's card list lacks, fails at once rather than
    after hours of evolution."""
    from ludolab.evolve.dominion import fitness as fit  # lazy: heavy, fast CLI start

    spec = fit.load_opponent(who)
    have = {card_id(c) for c in config.cards}
    extra = [c for c in fit.compile_spec(spec).cards_needed
             if CARDS[c].is_kingdom and c not in have]
    if extra:
        fail(f"--challenge {spec.name!r} needs {', '.join(CARDS[c].name for c in extra)}, which "
             "the card list does not have")
    return spec


def _challenge(result: Any, config: Any, spec: Any) -> None:
    from ludolab.evolve.dominion import fitness as fit  # lazy: heavy, fast CLI start

    opp = fit.compile_spec(spec)
    layout = result.layout
    runner = fit.Runner(config.workers, config.backend, config.address)
    res = fit.challenge(fit.compile_spec(result.champion_spec), opp, spec.name,
                        list(layout.kingdom), config.rules, config.seed, runner=runner)
    console.print(f"challenge vs {spec.name}: champion is [bold]{res.decision}[/bold] after "
                  f"{res.games:,} games, score {res.score:.3f} "
                  f"[{res.score_ci[0]:.3f}, {res.score_ci[1]:.3f}]", highlight=False)
    console.print(f"  {res.detail}", highlight=False)


@app.command()
def poker(
    against: list[str] = typer.Option(None, "--against", "-a", help="Opponent bot(s): library names, bot files or baselines; repeat or comma-separate (default: Loki-1)."),
    population: int = typer.Option(None, "--population", help="Genomes per generation (default 24)."),
    generations: int = typer.Option(None, "--generations", "-g", help="Generations (default 16)."),
    deals: int = typer.Option(None, "--deals", "-n", help="Duplicate deals per fitness against each opponent, each played in both seats (default 2000)."),
    check_deals: int = typer.Option(None, "--check-deals", help="Fixed duplicate deals checking a new champion (default 10000)."),
    validate_deals: int = typer.Option(None, "--validate-deals", help="Fresh duplicate deals validating the final champion (default 20000)."),
    mutation: float = typer.Option(None, "--mutation", help="Per-row mutation rate (default 0.5)."),
    gene: float = typer.Option(None, "--gene", help="Share of a touched row's values that change (default 0.5)."),
    fitness: str = typer.Option(None, "--fitness", help="With several opponents: mean (all weigh alike; default) or min (the worst opponent's small bets per hand)."),
    seed: int = typer.Option(None, "--seed", "-s", help="Master seed: same seed, same champion (default 0)."),
    rules: str = typer.Option(None, "--rules", "-r", help="Rule set (default limit)."),
    workers: int = typer.Option(None, "--workers", "-w", help="Processes (default 1; 0 = all cores)."),
    minutes: float = typer.Option(None, "--minutes", "-m", help="Stop starting generations after this many minutes."),
    out: Path = typer.Option(Path("evolve-poker"), "--out", "-o", help="Directory for the checkpoint, champion.toml, fitness.png and summary.json."),
    resume: bool = typer.Option(False, "--resume", help="Continue the run in --out from its checkpoint. " + _RUN_HELP),
) -> None:
    """Evolve a Loki-1 style poker bot's thresholds in heads-up duplicate matches; save the bot."""
    from ludolab.evolve import ga  # lazy: heavy, fast CLI start
    from ludolab.evolve.report import write_outputs  # lazy: heavy, fast CLI start

    for flag, value in (("--deals", deals), ("--check-deals", check_deals),
                        ("--validate-deals", validate_deals)):
        if value is not None and value < 1:
            fail(f"{flag} must be at least 1, got {value}")
    if workers is not None and workers < 0:
        fail(f"--workers must be 0 (all cores) or more, got {workers}")
    given: dict[str, Any] = {
        "against": tuple(_split(against)) or None, "population": population,
        "generations": generations, "games": None if deals is None else 2 * deals,
        "check_games": None if check_deals is None else 2 * check_deals,
        "validate_games": None if validate_deals is None else 2 * validate_deals,
        "mutation": mutation, "gene": gene, "fitness": fitness,
        "seed": None if seed is None else check_seed(seed),
        "rules": rules, "minutes": minutes,
        "workers": None if workers is None else (workers or os.cpu_count() or 1),
    }
    initial = None
    if resume:
        checkpoint = ga.read_checkpoint(out)
        changes = {**{k: v for k, v in given.items() if v is not None}, "minutes": minutes}
        config = ga.resume_config(checkpoint, changes, game="poker")
    else:
        if (out / ga.CHECKPOINT).exists():
            fail(f"{out} already holds a run; use --resume to continue it or another --out")
        config = ga.EvolveConfig.for_game("poker", **given)
        initial = _poker_start()
    problem = ga.problem_for(config)  # unknown opponents and rules fail here, before the banner
    console.print(f"[bold]Evolving[/bold] a Loki-1 style bot against {', '.join(config.against)}"
                  f" (seed {config.seed}): {problem.summary()}")
    result = _evolve(config, out, resume, _poker_line, initial=initial)
    if result is None:
        return
    paths = write_outputs(result, out)
    console.print()
    console.print(result.champion_spec.describe(), highlight=False)
    champ = result.champion
    console.print(f"\nchampion from generation {champ.generation}; on the check deals: "
                  f"{_sb(champ.check)}", highlight=False)
    if result.validation is not None:
        console.print("[bold]validated[/bold] on fresh duplicate deals: "
                      + _sb(result.validation), highlight=False)
    mins, secs = divmod(int(result.seconds), 60)
    console.print(f"{result.generations_done} generations in {mins}:{secs:02d}; wrote "
                  + ", ".join(str(p) for p in paths.values()), highlight=False)


def _poker_start() -> list[Any]:
    """The first population's seeds: the library's Loki-1 bots (the rest is random)."""
    from ludolab.evolve.poker.genome import genome_from_bot  # lazy: heavy, fast CLI start
    from ludolab.games.poker.bots import library  # lazy: heavy, fast CLI start

    return [genome_from_bot(b) for b in library() if b.kind == "loki1"]


def _sb(v: Any) -> str:
    """Small bets per hand with the interval over duplicate deals."""
    lo, hi = v.margin_ci
    return (f"{v.margin:+.4f} sb/hand [{lo:+.4f}, {hi:+.4f}] over {v.games // 2:,} duplicate "
            f"deals ({v.games:,} hands), pots won {100 * v.win_rate:.1f}%")


def _poker_line(h: Any, total: int) -> str:
    mins, secs = divmod(int(h.seconds), 60)
    flag = " *" if h.new_champion else "  "
    return (f"gen {h.generation:>3}/{total}  best {h.best:+.4f}  mean {h.mean:+.4f}  champion "
            f"{h.champion_margin:+.4f} sb/hand (gen {h.champion_generation}){flag} "
            f"{mins:d}:{secs:02d}")
