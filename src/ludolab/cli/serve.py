"""Serve the local web app: simulate, replay, browse, run tournaments, evolve and play in a browser."""

from __future__ import annotations

import socket
import threading
import webbrowser
from pathlib import Path

import typer

from ludolab.cli.common import fail

app = typer.Typer(add_completion=False, pretty_exceptions_enable=False, invoke_without_command=True)


@app.callback()
def serve(
    port: int = typer.Option(8000, "--port", "-p", help="Port to listen on (0: any free port)."),
    host: str = typer.Option("127.0.0.1", "--host", help="Address to bind (default: this computer only)."),
    open_browser: bool = typer.Option(False, "--open", help="Open the page in the default browser."),
    results: Path = typer.Option(None, "--results", help="Also write every finished job's results into this folder."),
    workers: int = typer.Option(0, "--workers", "-w", help="Processes per job (0 = all cores)."),
) -> None:
    """Start the local web app and print its address (Ctrl-C stops it)."""
    import uvicorn  # lazy: the web stack loads only for this command, fast CLI start

    from ludolab.web.app import create_app  # lazy: heavy, fast CLI start

    if not 0 <= port <= 65535:
        fail(f"--port must be 0 to 65535, got {port}")
    if workers < 0:
        fail(f"--workers must be 0 (all cores) or more, got {workers}")
    if results is not None:
        if results.exists() and not results.is_dir():
            fail(f"--results {results} is a file, not a folder")
        results.mkdir(parents=True, exist_ok=True)
    sock = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as exc:
        fail(f"cannot listen on {host}:{port}: {exc.strerror}")
    shown_host = f"[{host}]" if ":" in host else host
    url = f"http://{shown_host}:{sock.getsockname()[1]}/"
    typer.echo(f"ludolab web app at {url}  (Ctrl-C to stop)")
    if host not in ("127.0.0.1", "localhost", "::1"):
        typer.echo(f"warning: listening on {host}: other computers can reach this page", err=True)
    if open_browser:
        threading.Timer(0.8, webbrowser.open, args=(url,)).start()
    config = uvicorn.Config(create_app(results, workers or None), log_level="warning")
    uvicorn.Server(config).run(sockets=[sock])
