"""Poker in the genetic algorithm: a Loki-1 style bot's thresholds as a genome (:mod:`.genome`),
heads-up duplicate hands as fitness (:mod:`.fitness`), the problem the GA loop asks for
(:mod:`.problem`)."""
