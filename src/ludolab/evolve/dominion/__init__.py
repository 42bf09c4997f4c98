"""Dominion in the genetic algorithm: document 004's genome (:mod:`.genome`), its engine task
(:mod:`.fitness`) and the problem the GA loop asks for (:mod:`.problem`)."""
