"""The ``ludolab`` command line: thin typer apps that parse, call the library and print."""
