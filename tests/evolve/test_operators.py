"""Operators keep genomes valid, and do what document 004 says they do."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ludolab.errors import LudolabError
from ludolab.evolve.dominion.genome import (
    ALL_ROWS,
    BIT_ROWS,
    ORDER_ROWS,
    REAL_RANGES,
    Genome,
    check_genome,
    layout_for,
    random_genome,
)
from ludolab.evolve.operators import (
    Rates,
    crossover,
    dynamic_mutation,
    mutate,
    next_generation,
    seeded_random,
    switch,
)

DOC_CARDS = [
    "Copper", "Silver", "Gold", "Estate", "Duchy", "Province", "Curse", "Village", "Woodcutter",
    "Festival", "Market", "Smithy", "Council Room", "Witch", "Bureaucrat", "Chapel", "Laboratory",
]
LAYOUT = layout_for(DOC_CARDS)

rates_st = st.builds(
    Rates,
    crossover=st.floats(0, 1),
    switch=st.floats(0, 1),
    mutation=st.floats(0, 1),
    gene=st.floats(0, 1),
    beta=st.floats(0, 3),
    order_crossover=st.booleans(),
)


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 2**32), rates=rates_st, gen=st.integers(0, 80), gens=st.integers(1, 80))
def test_variation_keeps_genomes_valid(seed: int, rates: Rates, gen: int, gens: int) -> None:
    rng = random.Random(seed)
    a, b = random_genome(LAYOUT, rng), random_genome(LAYOUT, rng)
    with seeded_random(seed, gen):
        crossover(a, b, rates)
        for g in (a, b):
            mutate(g, rates, gen, gens)
            switch(g, rates)
    for g in (a, b):
        check_genome(g, LAYOUT)  # raises on a broken permutation, bit or range
        assert all(isinstance(x, int) for r in ORDER_ROWS + BIT_ROWS for x in g.row(r))


def test_layout_is_basics_then_kingdom_in_id_order() -> None:
    assert LAYOUT.names == (
        "Copper", "Silver", "Gold", "Estate", "Duchy", "Province", "Curse", "Bureaucrat",
        "Chapel", "Council Room", "Festival", "Laboratory", "Market", "Smithy", "Village", "Witch",
        "Woodcutter",
    )
    assert LAYOUT.n == 17
    # the play row covers the ten action cards only
    assert [LAYOUT.names[i] for i in LAYOUT.actions] == list(LAYOUT.names[7:])
    assert layout_for(["Smithy", "smithy"]).n == 8


def test_crossover_rate_one_blends_within_parents_and_swaps_bits() -> None:
    rng = random.Random(3)
    a, b = random_genome(LAYOUT, rng), random_genome(LAYOUT, rng)
    a0, b0 = a.copy(), b.copy()
    with seeded_random(1, 2):
        crossover(a, b, Rates(crossover=1.0))
    for r in ("cut_share", "cut_left"):
        for x1, x2, y1, y2 in zip(a0.row(r), b0.row(r), a.row(r), b.row(r), strict=True):
            lo, hi = min(x1, x2), max(x1, x2)
            assert lo - 1e-12 <= y1 <= hi + 1e-12 and lo - 1e-12 <= y2 <= hi + 1e-12
            assert y1 + y2 == pytest.approx(x1 + x2)  # blend keeps the pair's sum
    for r in BIT_ROWS:
        for x1, x2, y1, y2 in zip(a0.row(r), b0.row(r), a.row(r), b.row(r), strict=True):
            assert {y1, y2} == {x1, x2} and (y1, y2) in ((x1, x2), (x2, x1))
    # the document does not cross order rows
    for r in ORDER_ROWS:
        assert a.row(r) == a0.row(r) and b.row(r) == b0.row(r)


def test_zero_rates_change_nothing() -> None:
    g = random_genome(LAYOUT, random.Random(9))
    h, other = g.copy(), random_genome(LAYOUT, random.Random(10))
    z = Rates(crossover=0, switch=0, mutation=0)
    with seeded_random(0, 0):
        crossover(h, other, z)
        mutate(h, z, 0, 10)
        switch(h, z)
    assert h.key() == g.key()


def test_switch_at_full_rate_shuffles_every_order_row() -> None:
    g = random_genome(LAYOUT, random.Random(4))
    h = g.copy()
    with seeded_random(5, 0):
        switch(h, Rates(switch=1.0, gene=1.0))
    for r in ORDER_ROWS:
        assert sorted(h.row(r)) == sorted(g.row(r)) and h.row(r) != g.row(r)


def test_dynamic_mutation_formula_and_shrinking_steps() -> None:
    # alpha = (1 - t/T)^beta; r <= 0.5 moves down, r > 0.5 moves up (document 004, Table 2)
    assert dynamic_mutation(0.6, 0.0, 1.0, 0, 10, r=0.25) == pytest.approx(0.3)
    assert dynamic_mutation(0.6, 0.0, 1.0, 0, 10, r=0.75) == pytest.approx(1 - 0.5 * 0.4)
    # half way: alpha = 0.5, (2r)^0.5 = sqrt(0.5)
    assert dynamic_mutation(0.6, 0.0, 1.0, 5, 10, r=0.25) == pytest.approx(0.6 * 0.5**0.5)
    assert dynamic_mutation(7.0, 2.0, 12.0, 10, 10, r=0.9) == 7.0
    # mean step size shrinks with the generations
    rng = random.Random(0)
    draws = [rng.random() for _ in range(2000)]
    steps = [
        sum(abs(dynamic_mutation(0.5, 0, 1, t, 10, r=r) - 0.5) for r in draws) / len(draws)
        for t in (0, 5, 9)
    ]
    assert steps[0] > steps[1] > steps[2]


def test_next_generation_keeps_elites_and_is_seed_determined() -> None:
    rng = random.Random(11)
    pop = [random_genome(LAYOUT, rng) for _ in range(10)]
    for i, g in enumerate(pop):
        g.fitness = float(i)
    with seeded_random(7, 1):
        nxt = next_generation(pop, Rates(), tournament=4, elites=3, generation=1, generations=5)
    with seeded_random(7, 1):
        again = next_generation(pop, Rates(), tournament=4, elites=3, generation=1, generations=5)
    assert len(nxt) == 10
    assert [g.key() for g in nxt[:3]] == [pop[9].key(), pop[8].key(), pop[7].key()]
    assert [g.key() for g in nxt] == [g.key() for g in again]
    assert all(g.fitness is None for g in nxt)
    for g in nxt:
        check_genome(g, LAYOUT)


def test_genome_round_trips_through_dict_and_rejects_bad_rows() -> None:
    g = random_genome(LAYOUT, random.Random(1))
    assert Genome.from_dict(g.to_dict(), LAYOUT).key() == g.key()
    bad = g.to_dict()
    bad["gain_rank"][0] = bad["gain_rank"][1]
    with pytest.raises(LudolabError, match=r"^genome row gain_rank is not a permutation of 0..16$"):
        Genome.from_dict(bad, LAYOUT)
    bad = g.to_dict()
    bad["cut_left"][3] = 12.5
    msg = r"^genome row cut_left holds a value outside \[2, 12\]$"
    with pytest.raises(LudolabError, match=msg):
        Genome.from_dict(bad, LAYOUT)
    bad = g.to_dict()
    bad["trash_on"][0] = 2
    msg = r"^genome row trash_on holds a value other than 0 or 1$"
    with pytest.raises(LudolabError, match=msg):
        Genome.from_dict(bad, LAYOUT)
    bad = g.to_dict()
    del bad["play_rank"]
    with pytest.raises(LudolabError, match=r"^genome is missing the row"):
        Genome.from_dict(bad, LAYOUT)
    assert set(ALL_ROWS) == set(g.to_dict())
    assert REAL_RANGES["cut_left"] == (2.0, 12.0)
