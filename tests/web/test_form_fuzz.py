"""Every field of every form of the web app, fuzzed through the real HTTP app.

The test finds the forms itself: it opens every page the navigation links to, parses each
``<form>`` with :mod:`html.parser` (its target from ``hx-post``/``action``, its method, and every
``input``/``select``/``textarea`` with the value the page gives it), then submits the form again
and again with one field replaced by a hostile or random value, every other field (hidden ones
included, such as a CSRF token) as the page gave it, and an ``Origin`` of the app itself. A page
added later is covered without new code.

Whatever the value, the answer is a page or a refusal (status below 500) with no traceback in it,
and a job started by a value that happens to be valid ends without an internal error. Jobs are
cancelled as soon as they start, so the test stays cheap. Hypothesis is derandomized: the same
values every run.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass, field
from html.parser import HTMLParser
from typing import Any
from urllib.parse import urlencode, urljoin, urlsplit

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ludolab.web import jobs as web_jobs

#: Values that have broken parsers before: empty, huge, signed, non-finite, non-ASCII, markup,
#: control characters, paths, and a megabyte of text.
HOSTILE = [
    "", "-1", "1e999", "nan", "18446744073709551616", "1000000000000", "٣", "\x00",
    "\x1b[2J\n", "<script>alert(1)</script>", "../../../../etc/passwd", "random:-1",
    "mcts:simulations=1000000000000", "uct:time=0", "Big Mony", "x" * 1_000_000,
]

#: The longest value a GET form sends (a megabyte goes in POST bodies only).
MAX_QUERY_VALUE = 16_000

FUZZ = settings(derandomize=True, max_examples=3, deadline=None, database=None,
                suppress_health_check=[HealthCheck.too_slow,
                                       HealthCheck.function_scoped_fixture])


@pytest.fixture(autouse=True)
def _no_memory_release_per_job(monkeypatch: pytest.MonkeyPatch) -> None:
    """The jobs these tests start (about 200, each cancelled at once) skip the server's memory
    release. After every job the server runs a full ``gc.collect()`` (web/jobs.py,
    ``_release_memory``), which walks every object of the process: in the suite's process,
    after two thousand tests, 0.3-1 s a job, 2 minutes of this file's 3 (measured in CI order).
    What these tests check is the answer to each value; the release stays on for every other
    web test."""
    monkeypatch.setattr(web_jobs, "_release_memory", lambda: None)


@dataclass
class Form:
    """A form as the page gives it: where it goes, how, and its fields in order."""

    page: str
    url: str
    method: str
    fields: list[tuple[str, str]] = field(default_factory=list)
    hidden: set[str] = field(default_factory=set)


class _FormParser(HTMLParser):
    """Collects the forms of a page with the value each field would submit as it stands."""

    def __init__(self, page: str) -> None:
        super().__init__(convert_charrefs=True)
        self.page = page
        self.forms: list[Form] = []
        self._form: Form | None = None
        self._select: str | None = None
        self._select_value: str | None = None
        self._select_first: str | None = None
        self._textarea: str | None = None
        self._text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "option" and self._select is not None:
            value = a.get("value", "")
            if self._select_first is None:
                self._select_first = value
            if "selected" in a:
                self._select_value = value
        elif tag == "form":
            target = a.get("hx-post") or a.get("action") or self.page
            method = "post" if "hx-post" in a else (a.get("method") or "get").lower()
            self._form = Form(self.page, urljoin(self.page, target), method)
            self.forms.append(self._form)
        elif self._form is None or "name" not in a or "disabled" in a:
            return
        elif tag == "input":
            kind = a.get("type", "text").lower()
            if kind in ("submit", "button", "reset", "image", "file"):
                return
            if kind in ("checkbox", "radio") and "checked" not in a:
                return
            self._form.fields.append((a["name"], a.get("value", "on" if kind == "checkbox"
                                                      else "")))
            if kind == "hidden":
                self._form.hidden.add(a["name"])
        elif tag == "select":
            self._select, self._select_value, self._select_first = a["name"], None, None
        elif tag == "textarea":
            self._textarea, self._text = a["name"], []

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)

    def handle_data(self, data: str) -> None:
        if self._textarea is not None:
            self._text.append(data)

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self._form = None
        elif tag == "select" and self._select is not None and self._form is not None:
            value = self._select_value if self._select_value is not None else self._select_first
            if value is not None:
                self._form.fields.append((self._select, value))
            self._select = None
        elif tag == "textarea" and self._textarea is not None and self._form is not None:
            self._form.fields.append((self._textarea, "".join(self._text)))
            self._textarea = None


class _LinkParser(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.in_nav = False
        self.links: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "nav":
            self.in_nav = True
        elif tag == "a" and self.in_nav:
            href = dict(attrs).get("href")
            if href and not urlsplit(href).netloc:
                self.links.append(href)

    def handle_endtag(self, tag: str) -> None:
        if tag == "nav":
            self.in_nav = False


def find_forms(client: Any) -> list[Form]:
    """Every form on the home page and on every page its navigation links to."""
    home = client.get("/", headers=_headers(client))
    assert home.status_code == 200
    links = _LinkParser()
    links.feed(home.text)
    forms: list[Form] = []
    for page in dict.fromkeys(["/", *links.links]):
        r = client.get(page, headers=_headers(client))
        assert r.status_code == 200, page
        parser = _FormParser(page)
        parser.feed(r.text)
        forms.extend(parser.forms)
    return forms


def _headers(client: Any) -> dict[str, str]:
    base = urlsplit(str(client.base_url))
    return {"Origin": f"{base.scheme}://{base.netloc}"}


def _submit(client: Any, form: Form, fields: list[tuple[str, str]]) -> Any:
    headers = _headers(client)
    if form.method == "post":  # encoded here: repeated and empty fields go as they are
        body = urlencode(fields).encode()
        headers = {**headers, "Content-Type": "application/x-www-form-urlencoded"}
        return client.post(form.url, content=body, headers=headers, follow_redirects=False)
    # an address holds at most some kilobytes (servers refuse longer ones; so does httpx)
    short = [(k, v[:MAX_QUERY_VALUE]) for k, v in fields]
    return client.get(form.url, params=short, headers=headers, follow_redirects=False)


def _stop_jobs(app: Any) -> None:
    """Cancel every job a valid value started and wait (bounded) until it has ended."""
    jobs = app.state.jobs
    for job in jobs.list():
        job.cancel()
    deadline = time.monotonic() + 120
    while any(j.running for j in jobs.list()) and time.monotonic() < deadline:
        time.sleep(0.02)


def _check(form: Form, name: str, value: str, response: Any, app: Any) -> None:
    shown = value if len(value) <= 40 else value[:37] + "..."
    where = f"{form.method.upper()} {form.url} with {name}={shown!r}"
    assert response.status_code < 500, f"{where}: {response.status_code}"
    assert "Traceback" not in response.text, where
    _stop_jobs(app)
    for job in app.state.jobs.list():
        assert not (job.error or "").startswith("internal error"), f"{where}: {job.error}"


def _with(fields: list[tuple[str, str]], name: str, value: str) -> list[tuple[str, str]]:
    """The fields with the first ``name`` set to ``value`` (added if the page gave none)."""
    out, done = [], False
    for k, v in fields:
        if k == name and not done:
            out.append((k, value))
            done = True
        else:
            out.append((k, v))
    return out if done else [*out, (name, value)]


def _fuzzable(form: Form) -> list[str]:
    """The visible fields, with numbered twins cut to two a form: ``seat0``..``seat9`` (poker)
    or ``seat0``..``seat5`` (Dominion) are one field repeated, read by one parser, so the first
    two of each stand for all (the suite's time grew with every seat the pages gained)."""
    out: list[str] = []
    seen: dict[str, int] = {}
    for n in dict.fromkeys(n for n, _ in form.fields):
        if n in form.hidden:
            continue
        stem = re.sub(r"\d+$", "", n)
        seen[stem] = seen.get(stem, 0) + 1
        if seen[stem] <= 2:
            out.append(n)
    return out


def test_the_forms_are_found(client: Any) -> None:
    """The discovery finds the app's forms and their fields (else the fuzzing would test
    nothing): at least the simulation forms of both games, the evolution and the tournament."""
    urls = {f.url for f in find_forms(client) if f.method == "post"}
    assert {"/dominion/simulate", "/poker/simulate", "/dominion/evolve",
            "/arena/tournament"} <= urls
    fields = {n for f in find_forms(client) for n in _fuzzable(f)}
    assert {"seed", "games", "kingdom", "deals", "population", "text"} <= fields


def test_hostile_values_in_every_field(client: Any, app: Any) -> None:
    for form in find_forms(client):
        for name in _fuzzable(form):
            for value in HOSTILE:
                _check(form, name, value, _submit(client, form, _with(form.fields, name, value)),
                       app)


@FUZZ
@given(data=st.data())
def test_random_text_in_every_field(client: Any, app: Any, data: st.DataObject) -> None:
    for form in find_forms(client):
        for name in _fuzzable(form):
            value = data.draw(st.text(max_size=60), label=f"{form.url} {name}")
            _check(form, name, value, _submit(client, form, _with(form.fields, name, value)), app)


def test_missing_and_repeated_fields(client: Any, app: Any) -> None:
    for form in find_forms(client):
        for name in _fuzzable(form):
            without = [(k, v) for k, v in form.fields if k != name]
            _check(form, name, "(missing)", _submit(client, form, without), app)
            twice = [*form.fields, (name, "1"), (name, "x")]
            _check(form, name, "(repeated)", _submit(client, form, twice), app)
