"""Serve the local web app: simulate, replay, browse, run tournaments, evolve and play in a browser."""

from __future__ import annotations

import re
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
    allow_host: list[str] = typer.Option(
        [], "--allow-host", help="A host name the browser may use for this server besides "
        "localhost, 127.0.0.1 and [::1] (repeatable; needed with --host 0.0.0.0 and a name)."),
    data_dir: Path = typer.Option(
        None, "--data-dir", help="Where finished jobs are kept (default: $LUDOLAB_DATA_DIR, "
        "else $XDG_DATA_HOME/ludolab, else ~/.local/share/ludolab)."),
    keep: int = typer.Option(500, "--keep", help="Keep the last N finished results, remove "
                             "older ones (0 = keep all)."),
    max_queued: int = typer.Option(20, "--max-queued", help="Jobs that may wait in the queue; "
                                   "a run beyond it is refused (429) until one starts."),
    jobs_at_once: int = typer.Option(1, "--jobs", help="Jobs run at once; the others wait, "
                                     "queued (each job uses --workers processes)."),
    confirm_minutes: float = typer.Option(
        10.0, "--confirm-minutes", help="Ask to confirm a run estimated to take longer."),
) -> None:
    """Start the local web app and print its address (Ctrl-C stops it)."""
    import uvicorn  # lazy: the web stack loads only for this command, fast CLI start

    from ludolab.web.app import create_app  # lazy: heavy, fast CLI start

    if not 0 <= port <= 65535:
        fail(f"--port must be 0 to 65535, got {port}")
    if workers < 0:
        fail(f"--workers must be 0 (all cores) or more, got {workers}")
    if keep < 0:
        fail(f"--keep must be 0 (keep all) or more, got {keep}")
    if not 1 <= jobs_at_once <= 64:
        fail(f"--jobs must be 1 to 64, got {jobs_at_once}")
    if not 0 <= max_queued <= 10_000:
        fail(f"--max-queued must be 0 to 10,000, got {max_queued}")
    if not (confirm_minutes >= 0 and confirm_minutes < float("inf")):
        fail(f"--confirm-minutes must be a number of minutes, 0 or more, got {confirm_minutes}")
    for name in allow_host:
        if not re.fullmatch(r"[A-Za-z0-9.-]{1,253}|\[[0-9A-Fa-f:.]{2,45}\]", name):
            fail(f"--allow-host takes a host name such as mybox.local, got {name!r}")
    from ludolab.web.jobs import default_data_dir  # lazy, as above
    from ludolab.web.security import allowed_hosts  # lazy, as above

    data = data_dir if data_dir is not None else default_data_dir()
    try:
        (data / "web-jobs").mkdir(parents=True, exist_ok=True, mode=0o700)
    except OSError as exc:
        fail(f"cannot use the data folder {data}: {exc.strerror or exc}")
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
        typer.echo(f"warning: listening on {host}: other computers can reach this page; it "
                   f"answers to the host names {', '.join(sorted(allowed_hosts(host, allow_host)))}"
                   " (add one with --allow-host NAME)", err=True)
    if open_browser:
        threading.Timer(0.8, webbrowser.open, args=(url,)).start()
    app = create_app(results, workers or None, bind_host=host, allow_hosts=allow_host,
                     data_dir=data, max_running=jobs_at_once, keep=keep or None,
                     max_queued=max_queued,
                     confirm_seconds=60 * confirm_minutes)
    config = uvicorn.Config(app, log_level="warning")
    uvicorn.Server(config).run(sockets=[sock])
