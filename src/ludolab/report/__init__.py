"""Reports: everything ludolab shows -- terminal tables, matplotlib figures, HTML reports.

* :mod:`.terminal` -- the rich tables the CLI and the facades print (and their plain text);
* :mod:`.plots` -- the standard figures (VP and coins by turn, margins, win rates);
* :mod:`.html` -- one self-contained HTML page: settings, tables, figures;
* :mod:`.dominion` -- the report of a Dominion simulation;
* :mod:`.poker` -- the report of a poker experiment.

Modules are imported on use.
"""

__all__ = ["dominion", "html", "plots", "poker", "terminal"]
