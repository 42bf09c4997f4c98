"""What every genome is to the genetic algorithm: named rows of three kinds.

The operators (:mod:`ludolab.evolve.operators`, DEAP's) know three kinds of row: an **order** (a
permutation, changed by shuffles and partially matched crossover), **bits** (uniform crossover,
bit flips) and **reals** in a range (blend crossover, dynamic mutation). A game's genome
(:mod:`ludolab.evolve.dominion.genome`, :mod:`ludolab.evolve.poker.genome`) is a class whose
fields are such rows and whose class attribute ``SCHEMA`` says which row is which; that is all
the operators and the GA loop read, so a new game needs a genome class and no change here.

>>> s = Schema(order_rows=(), bit_rows=("flags",), real_rows=("x",), real_ranges={"x": (0, 1)})
>>> s.rows
('flags', 'x')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, Protocol

__all__ = ["Genome", "Schema"]


@dataclass(frozen=True)
class Schema:
    """The rows of a genome class by kind, and the range of each real row (inclusive).

    The order of the names is the order in which the operators visit the rows (and so draw
    their random numbers): changing it changes every run.
    """

    order_rows: tuple[str, ...]
    bit_rows: tuple[str, ...]
    real_rows: tuple[str, ...]
    real_ranges: Mapping[str, tuple[float, float]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        missing = [r for r in self.real_rows if r not in self.real_ranges]
        if missing:
            raise ValueError(f"real rows without a range: {', '.join(missing)}")

    @property
    def rows(self) -> tuple[str, ...]:
        """Every row: orders, then bits, then reals."""
        return (*self.order_rows, *self.bit_rows, *self.real_rows)


class Genome(Protocol):
    """A genome as the GA sees it (each game's genome class has these members)."""

    SCHEMA: ClassVar[Schema]
    fitness: float | None

    def row(self, name: str) -> list[Any]:
        """A row by name (the list itself: operators change it in place)."""
        ...

    def copy(self) -> Genome:
        """A deep copy, fitness kept."""
        ...

    def key(self) -> tuple[tuple[Any, ...], ...]:
        """A hashable form of the rows."""
        ...

    def to_dict(self) -> dict[str, list[Any]]:
        """The rows as JSON-ready lists (no fitness)."""
        ...
