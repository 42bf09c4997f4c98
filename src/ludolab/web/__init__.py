"""``ludolab serve``: a local web app over the library (FastAPI, Jinja2 templates, htmx).

Thin like the CLI: the pages parse forms, call the library through one adapter module per game
(:mod:`ludolab.web.games`), run long jobs in the background through the arena's runners
(:mod:`ludolab.web.jobs`) and render the results. Start it with ``ludolab serve`` or
:func:`ludolab.web.app.create_app`.
"""
