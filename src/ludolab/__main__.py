"""``python -m ludolab`` runs the command line."""

from ludolab.cli.main import main

main()
