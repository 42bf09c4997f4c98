"""Genetic operators of document 004, on the rows of any genome (:mod:`ludolab.evolve.genome`).

Every operator reads which rows are orders, bits and reals from the genome's ``SCHEMA``, so the
same operators evolve a Dominion buy list and a poker bot's thresholds.

Selection, uniform crossover, blend crossover, shuffle (the document's "switch") and bit flips are
DEAP's (:mod:`deap.tools`); written here are only what DEAP lacks: the document's dynamic
(non-uniform) mutation of real values, the row-wise application of each operator with its rate,
the clipping of blended values to their range, and the assembly of a generation with elitism.

All randomness comes from the ``random`` module (DEAP draws from it); the GA seeds it per
generation with :func:`seeded_random`, so a run is a pure function of its seed.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass

from deap import tools

from ludolab.core import rng as krng
from ludolab.errors import LudolabError
from ludolab.evolve.genome import Genome

PURPOSE_VARIATION = krng.purpose("evolve/variation")


@contextmanager
def seeded_random(seed: int, *keys: int) -> Iterator[None]:
    """Seed the global ``random`` module from keyed words, restoring its state afterwards.

    DEAP's operators draw from the global generator; this makes every generation's draws a pure
    function of ``(seed, keys)`` without disturbing anyone else's use of ``random``.
    """
    state = random.getstate()
    word = krng.keyed_u64(seed, krng.TABLE, PURPOSE_VARIATION, 0)
    for k in keys:
        word = krng.mix64(word ^ (k & krng.MASK64))
    random.seed(word)
    try:
        yield
    finally:
        random.setstate(state)


@dataclass(frozen=True)
class Rates:
    """The variation parameters (document 004's values as defaults).

    ``crossover``, ``switch`` and ``mutation`` are the per-row probabilities of the document: each
    row of a pair (crossover) or of an individual (switch, mutation) is touched with that
    probability. ``gene`` is the probability that a touched row's cell changes (the document
    changes every cell: 1.0). ``beta`` shapes the dynamic mutation (document: 1).
    ``order_crossover`` also crosses the order rows with DEAP's uniform partially matched
    crossover, which keeps them permutations (the document does not cross them).
    """

    crossover: float = 0.6
    switch: float = 0.4
    mutation: float = 0.2
    gene: float = 1.0
    beta: float = 1.0
    order_crossover: bool = False

    def __post_init__(self) -> None:
        for name in ("crossover", "switch", "mutation", "gene"):
            v = getattr(self, name)
            if not 0.0 <= v <= 1.0:
                raise LudolabError(f"{name} rate must be between 0 and 1, got {v:g}")
        if self.beta < 0:
            raise LudolabError(f"beta must be 0 or more, got {self.beta:g}")


def dynamic_mutation(
    x: float, lo: float, hi: float, generation: int, generations: int, beta: float = 1.0,
    r: float | None = None,
) -> float:
    """Document 004's dynamic mutation of a real value in ``[lo, hi]``.

    With ``alpha = (1 - generation / generations) ** beta`` (``generation`` counted from 0, so
    alpha is 1 at the start and shrinks towards 0) and ``r`` uniform in [0, 1):
    ``r <= 0.5`` gives ``lo + (2r)**alpha * (x - lo)`` (a move down), otherwise
    ``hi - (2 - 2r)**alpha * (hi - x)`` (a move up). At alpha = 1 the new value is uniform on the
    chosen side of ``x``; as alpha falls the moves shrink, so late generations refine.

    >>> dynamic_mutation(0.5, 0.0, 1.0, 0, 10, r=0.25)   # alpha 1: halfway down to lo
    0.25
    >>> dynamic_mutation(0.5, 0.0, 1.0, 10, 10, r=0.25)  # alpha 0: no move at the end
    0.5
    """
    if r is None:
        r = random.random()
    frac = min(max(generation / generations, 0.0), 1.0) if generations > 0 else 1.0
    alpha = (1.0 - frac) ** beta
    if r <= 0.5:  # noqa: SIM108 (the two cases of the document's formula)
        y = lo + (2.0 * r) ** alpha * (x - lo)
    else:
        y = hi - (2.0 - 2.0 * r) ** alpha * (hi - x)
    return min(max(y, lo), hi)


def crossover(g1: Genome, g2: Genome, rates: Rates) -> None:
    """Cross two genomes in place, row by row (each row with probability ``rates.crossover``).

    Bit rows: DEAP's uniform crossover (each cell swapped with probability 1/2, Table 1 left).
    Real rows: DEAP's blend crossover with alpha 0 (``y1 = r x1 + (1-r) x2``, Table 1 right),
    clipped to the row's range. Order rows: only with ``rates.order_crossover``, DEAP's uniform
    partially matched crossover, which keeps both rows permutations.
    """
    schema = g1.SCHEMA
    for name in schema.bit_rows:
        if random.random() < rates.crossover:
            tools.cxUniform(g1.row(name), g2.row(name), 0.5)
    for name in schema.real_rows:
        if random.random() < rates.crossover:
            a, b = g1.row(name), g2.row(name)
            tools.cxBlend(a, b, 0.0)
            lo, hi = schema.real_ranges[name]
            a[:] = [min(max(v, lo), hi) for v in a]
            b[:] = [min(max(v, lo), hi) for v in b]
    if rates.order_crossover:
        for name in schema.order_rows:
            if random.random() < rates.crossover and len(g1.row(name)) > 1:
                tools.cxUniformPartialyMatched(g1.row(name), g2.row(name), 0.5)


def mutate(g: Genome, rates: Rates, generation: int, generations: int) -> None:
    """Mutate in place: each bit and real row with probability ``rates.mutation``.

    In a touched row each cell changes with probability ``rates.gene``: a bit is redrawn 0 or 1
    with equal chance (DEAP's bit flip at half that rate, the same distribution), a real value
    gets :func:`dynamic_mutation`.
    """
    schema = g.SCHEMA
    for name in schema.bit_rows:
        if random.random() < rates.mutation:
            tools.mutFlipBit(g.row(name), rates.gene / 2.0)
    for name in schema.real_rows:
        if random.random() < rates.mutation:
            lo, hi = schema.real_ranges[name]
            row = g.row(name)
            for i, x in enumerate(row):
                if random.random() < rates.gene:
                    row[i] = dynamic_mutation(x, lo, hi, generation, generations, rates.beta)


def switch(g: Genome, rates: Rates) -> None:
    """The document's switch on order rows: each row with probability ``rates.switch`` has every
    cell swapped, with probability ``rates.gene``, with a random other cell (DEAP's
    ``mutShuffleIndexes``). Rows stay permutations."""
    for name in g.SCHEMA.order_rows:
        row = g.row(name)
        if random.random() < rates.switch and len(row) > 1:
            tools.mutShuffleIndexes(row, rates.gene)


def select(population: Sequence[Genome], k: int, tournament: int) -> list[Genome]:
    """``k`` parents by tournament selection on fitness (DEAP's ``selTournament``), as copies."""
    chosen = tools.selTournament(list(population), k, tournament, fit_attr="fitness")
    return [g.copy() for g in chosen]


def best(population: Sequence[Genome], k: int) -> list[Genome]:
    """The ``k`` fittest genomes (DEAP's ``selBest``; ties keep population order), as copies."""
    return [g.copy() for g in tools.selBest(list(population), k, fit_attr="fitness")]


def next_generation(
    population: Sequence[Genome], rates: Rates, tournament: int, elites: int,
    generation: int, generations: int,
) -> list[Genome]:
    """Breed the next population: selection, crossover, mutation, switch, then elitism.

    ``population`` must carry fitness values. The ``elites`` fittest genomes pass unchanged;
    the rest of the new population are the tournament-selected parents after variation. New
    genomes have no fitness (every genome, elites included, is evaluated again on the next
    generation's fresh seeds).
    """
    size = len(population)
    if any(g.fitness is None for g in population):
        raise ValueError("next_generation needs a fully evaluated population")
    keep = best(population, min(elites, size))
    children = select(population, size - len(keep), tournament)
    for a, b in zip(children[::2], children[1::2], strict=False):
        crossover(a, b, rates)
    for c in children:
        mutate(c, rates, generation, generations)
        switch(c, rates)
    out = keep + children
    for g in out:
        g.fitness = None
    return out
