"""ludolab: a laboratory for game strategies.

Packages, from the bottom up: :mod:`ludolab.core` (the generic game API),
:mod:`ludolab.players` (game-independent players), :mod:`ludolab.games` (Pig, Dominion),
:mod:`ludolab.arena` (many games, statistics), :mod:`ludolab.evolve` (genetic algorithms),
:mod:`ludolab.report` and :mod:`ludolab.cli`.
"""

__version__ = "0.1.0"

#: The mark ludolab leaves in the files it writes (a JSON summary's first key ``generator``, an
#: HTML report's ``<meta name="generator">``), so a later run may replace its own files but never
#: a file of the user's without ``--force`` (:func:`ludolab.arena.results.check_output`).
GENERATOR = "ludolab"
HTML_GENERATOR_TAG = f'<meta name="generator" content="{GENERATOR}">'
