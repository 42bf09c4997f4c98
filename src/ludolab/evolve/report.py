"""Outputs of an evolution run: the fitness plot, the champion's bot file and a JSON summary."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from matplotlib.figure import Figure

from ludolab.evolve.ga import EvolveResult, GenerationStats


def plot_history(history: Sequence[GenerationStats], path: str | Path, title: str = "",
                 unit: str = "VP") -> Path:
    """Save a PNG of best and mean fitness by generation, with the champion's checked margin.

    Fitness is the mean score margin on each generation's own deals (noisy, and biased upwards for
    the best: it is what selection saw); the champion line is its margin on the fixed check deals.
    """
    gens = [h.generation for h in history]
    fig = Figure(figsize=(7, 4.2), dpi=120)  # the object API: no pyplot state, no backend
    ax = fig.subplots()
    ax.plot(gens, [h.best for h in history], label="best fitness", color="tab:blue")
    ax.plot(gens, [h.mean for h in history], label="mean fitness", color="tab:gray")
    ax.plot(gens, [h.champion_margin for h in history], label="champion (check deals)",
            color="tab:red", linestyle="--")
    ax.axhline(0.0, color="black", linewidth=0.6)
    ax.set_xlabel("generation")
    ax.set_ylabel(f"mean margin ({unit})")
    ax.set_title(title or "Evolution of the score margin")
    ax.grid(alpha=0.3)
    ax.legend(loc="lower right")
    fig.tight_layout()
    out = Path(path)
    fig.savefig(out)
    return out


def summary_dict(result: EvolveResult) -> dict[str, Any]:
    """A JSON-ready summary of a run (settings, history, champion, validated figures)."""
    champ = result.champion
    return {
        "config": result.config.to_dict(),
        "cards": list(result.layout.names),
        "generations_done": result.generations_done,
        "interrupted": result.interrupted,
        "seconds": round(result.seconds, 2),
        "champion": None if champ is None else {
            "generation": champ.generation,
            "check": champ.check.to_dict(),
            "genome": champ.genome.to_dict(),
        },
        "validation": result.validation.to_dict() if result.validation else None,
        "hall": result.hall,
        "history": [h.to_dict() for h in result.history],
    }


def write_outputs(result: EvolveResult, out: str | Path) -> dict[str, Path]:
    """Write ``champion.toml`` (a bot file ``ludolab <game> sim`` reads), ``fitness.png`` and
    ``summary.json`` into ``out``; returns the paths by kind."""

    outdir = Path(out)
    outdir.mkdir(parents=True, exist_ok=True)
    paths: dict[str, Path] = {}
    problem = result.problem
    if result.champion_spec is not None and problem is not None:
        p = outdir / "champion.toml"
        p.write_text(problem.render(result.champion_spec))
        paths["bot"] = p
    if result.history:
        unit = problem.unit if problem is not None else "VP"
        paths["plot"] = plot_history(result.history, outdir / "fitness.png", unit=unit)
    p = outdir / "summary.json"
    p.write_text(json.dumps(summary_dict(result), indent=1))
    paths["summary"] = p
    return paths
