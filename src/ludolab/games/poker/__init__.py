"""Fixed-limit Texas hold'em for 2 to 10 seats: cards, rules, a compiled evaluator and engine,
the generic-API adapter and the registry spec (bots, CLI and experiments live in ``bots``).

Importing this package compiles nothing; ``evaluator`` and ``engine`` compile (numba, cached) on
first import. The contract between the engine and the bots is ``docs/design/poker.md``.
"""
