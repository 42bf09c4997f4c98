"""Reports: matplotlib figures and single-file HTML reports of runs.

* :mod:`.plots` -- the standard figures (VP and coins by turn, margins, win rates);
* :mod:`.html` -- one self-contained HTML page: settings, tables, figures;
* :mod:`.dominion` -- the report of a Dominion simulation;
* :mod:`.poker` -- the report of a poker experiment.

Terminal tables live in :mod:`ludolab.cli.render`. Modules are imported on use.
"""

__all__ = ["dominion", "html", "plots", "poker"]
