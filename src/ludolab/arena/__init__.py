"""The arena: many games of any registered game, and what they say.

It asks :mod:`ludolab.core.registry` what a game is (its task, records, score and margin) and
never names a game. Its modules (listed in ``__all__``, imported on use):

* :mod:`.simulation` -- a line-up of bots over many games, summaries with intervals over deals;
* :mod:`.tournament` -- tournament files (``ludolab arena run``): schedules, SPRT, ratings;
* :mod:`.schedules` -- who sits where: rotations, duplicate tables, round robins;
* :mod:`.runner` -- play games on every core or a Ray cluster, records, results files
  (:mod:`.chunks`, :mod:`.pool`, :mod:`.ray_backend` are its backends);
* :mod:`.core_task` -- any :mod:`ludolab.core` game as a runner task;
* :mod:`.stats`, :mod:`.sprt`, :mod:`.ratings`, :mod:`.aivat` -- the statistics;
* :mod:`.results` -- JSON and Parquet outputs.
"""

__all__ = ["aivat", "chunks", "core_task", "ratings", "results", "runner", "schedules",
           "simulation", "sprt", "stats", "tournament"]
