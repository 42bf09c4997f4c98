"""Evolution: a genetic algorithm that finds better bots, bots being readable data.

* :mod:`.ga` -- the generational loop, hall of fame, checkpoints (``ludolab evolve``);
* :mod:`.genome` -- a bot file as a genome, and back;
* :mod:`.operators` -- mutation and crossover (DEAP-style operators);
* :mod:`.fitness` -- fitness through the arena's runner and statistics;
* :mod:`.report` -- the run's figures and summary.

Modules are imported on use.
"""

__all__ = ["fitness", "ga", "genome", "operators", "report"]
