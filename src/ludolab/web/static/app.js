// ludolab pages: charts (uPlot), the bot editor's line numbers and error line, the turn-by-turn
// log, filters and loading a local file into a text box. No data leaves this computer.
(function () {
  "use strict";
  var COLORS = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b"];

  function renderCharts(root) {
    (root || document).querySelectorAll(".uplot-host[data-chart]").forEach(function (host) {
      if (host.dataset.done) return;
      host.dataset.done = "1";
      var spec = JSON.parse(host.dataset.chart);
      var unit = host.dataset.unit || "";
      var data = [spec.x].concat(spec.series.map(function (s) { return s.data; }));
      var xlabel = host.dataset.xlabel || "turn";
      var series = [{ label: xlabel }].concat(spec.series.map(function (s, i) {
        return { label: s.label, stroke: COLORS[i % COLORS.length], width: 2,
                 points: { size: 5 },
                 value: function (u, v) { return v == null ? "-" : v.toFixed(2) + (unit === "%" ? "%" : ""); } };
      }));
      var width = Math.max(280, host.clientWidth || 460);
      new uPlot({ width: width, height: 240, series: series, scales: { x: { time: false } },
                  axes: [{ label: xlabel, incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500] },
                         { label: unit }] }, data, host);
    });
  }

  function gutter(editor) {
    var ta = editor.querySelector("textarea"), g = editor.querySelector(".gutter");
    var n = ta.value.split("\n").length, bad = parseInt(editor.dataset.badLine || "0", 10);
    var out = [];
    for (var i = 1; i <= n; i++) out.push(i === bad ? '<span class="bad">' + i + "</span>" : String(i));
    g.innerHTML = out.join("\n");
    g.scrollTop = ta.scrollTop;
  }

  function setupEditors(root) {
    (root || document).querySelectorAll(".code-editor").forEach(function (ed) {
      if (ed.dataset.ready) return;
      ed.dataset.ready = "1";
      var ta = ed.querySelector("textarea");
      ta.addEventListener("input", function () { gutter(ed); });
      ta.addEventListener("scroll", function () { ed.querySelector(".gutter").scrollTop = ta.scrollTop; });
      gutter(ed);
    });
  }

  function markErrors(target) {
    if (!target || !target.classList || !target.classList.contains("check")) return;
    var ed = document.querySelector('.code-editor[data-editor="' + target.dataset.editor + '"]');
    if (!ed) return;
    var err = target.querySelector(".bot-error");
    ed.dataset.badLine = err && err.dataset.line ? err.dataset.line : "0";
    ed.classList.toggle("has-error", !!err);
    gutter(ed);
  }

  function setupReplay(root) {
    var box = (root || document).querySelector(".replay");
    if (!box || box.dataset.ready) return;
    box.dataset.ready = "1";
    var turns = box.querySelectorAll(".turn"), label = box.querySelector("#turn-label");
    var all = box.querySelector("#show-all"), at = 0;
    function show() {
      turns.forEach(function (t, i) { t.hidden = !all.checked && i !== at; });
      // counted as the log counts: "Turn 3 - P2" is turn 3 of the rounds, not the 6th half-turn
      var t = turns[at];
      label.textContent = all.checked ? "all " + turns.length + " turns" :
        "turn " + t.dataset.round + " of " + label.dataset.rounds + " · " + t.dataset.who;
      box.querySelector("#game-end").hidden = !all.checked && at !== turns.length - 1;
    }
    box.querySelectorAll("[data-step]").forEach(function (b) {
      b.addEventListener("click", function () {
        at = Math.min(turns.length - 1, Math.max(0, at + parseInt(b.dataset.step, 10)));
        all.checked = false; show();
      });
    });
    all.addEventListener("change", show);
    document.addEventListener("keydown", function (e) {
      if (e.target.tagName === "INPUT" || e.target.tagName === "TEXTAREA") return;
      if (e.key === "ArrowRight") box.querySelector('[data-step="1"]').click();
      if (e.key === "ArrowLeft") box.querySelector('[data-step="-1"]').click();
    });
    show();
  }

  function setupFilters(root) {
    (root || document).querySelectorAll("input[data-filter]").forEach(function (inp) {
      if (inp.dataset.ready) return;
      inp.dataset.ready = "1";
      inp.addEventListener("input", function () {
        var q = inp.value.toLowerCase();
        document.querySelectorAll(inp.dataset.filter).forEach(function (el) {
          el.hidden = q && el.textContent.toLowerCase().indexOf(q) < 0;
        });
      });
    });
    (root || document).querySelectorAll("input[type=file][data-load-into]").forEach(function (inp) {
      if (inp.dataset.ready) return;
      inp.dataset.ready = "1";
      inp.addEventListener("change", function () {
        var f = inp.files[0];
        if (!f) return;
        f.text().then(function (t) { document.getElementById(inp.dataset.loadInto).value = t; });
      });
    });
  }

  function setupLoaders(root) {
    (root || document).querySelectorAll("select[data-load-bot]").forEach(function (sel) {
      if (sel.dataset.ready) return;
      sel.dataset.ready = "1";
      sel.addEventListener("change", function () {
        if (!sel.value) return;
        fetch("/dominion/bot-text?name=" + encodeURIComponent(sel.value)).then(function (r) {
          return r.ok ? r.text() : Promise.reject(r.status);
        }).then(function (text) {
          var ta = document.getElementById(sel.dataset.loadBot);
          ta.value = text;
          ta.dispatchEvent(new Event("input", { bubbles: true }));
          sel.value = "";
        });
      });
    });
  }

  // The server's token (see ludolab/web/security.py): every htmx request carries it as a header;
  // forms also carry it as a hidden field. Requests without it that change something get a 403.
  var tokenMeta = document.querySelector('meta[name="csrf-token"]');
  var TOKEN = tokenMeta ? tokenMeta.content : "";
  document.addEventListener("htmx:configRequest", function (e) {
    e.detail.headers["X-CSRF-Token"] = TOKEN;
  });

  function setupBack(root) {
    (root || document).querySelectorAll("a[data-back]").forEach(function (a) {
      if (a.dataset.ready) return;
      a.dataset.ready = "1";
      a.addEventListener("click", function (e) {
        if (window.history.length > 1) { e.preventDefault(); window.history.back(); }
      });
    });
  }

  function setup(root) {
    setupBack(root);
    setupLoaders(root); renderCharts(root); setupEditors(root); setupReplay(root); setupFilters(root); }
  document.addEventListener("DOMContentLoaded", function () { setup(document); });
  document.body.addEventListener("htmx:afterSettle", function (e) { setup(document); markErrors(e.detail.target); });
})();

// The settings picker of search players (templates/_players.html): the fields give a player
// spec such as "mcts:simulations=50" (only the settings changed from their defaults), which
// "Use" writes into the chosen player field. The page checks the spec when it is sent.
(function () {
  "use strict";
  function specOf(box) {
    var items = [];
    box.querySelectorAll("input[data-param]").forEach(function (inp) {
      var v = inp.value.trim();
      if (v && v !== inp.dataset.default) items.push(inp.dataset.param + "=" + v);
    });
    return box.dataset.player + (items.length ? ":" + items.join(",") : "");
  }
  function setup() {
    document.querySelectorAll(".spec-picker").forEach(function (box) {
      if (box.dataset.ready) return;
      box.dataset.ready = "1";
      var out = box.querySelector(".spec-out");
      box.addEventListener("input", function () { out.textContent = specOf(box); });
      box.querySelector(".spec-use").addEventListener("click", function () {
        var target = document.getElementById(box.querySelector(".spec-target").value);
        if (!target) return;
        if (target.tagName === "TEXTAREA") {
          target.value = (target.value.trim() ? target.value.replace(/\s*$/, "\n") : "") + specOf(box);
        } else {
          target.value = specOf(box);
        }
        target.dispatchEvent(new Event("change", { bubbles: true }));
      });
    });
  }
  document.addEventListener("DOMContentLoaded", setup);
  document.addEventListener("htmx:afterSettle", setup);
})();

// Form errors next to their field: an error fragment naming a field (data-field) is also shown
// beside that field of the form that was sent, which is marked invalid until it changes.
document.addEventListener("htmx:afterSwap", function (e) {
  "use strict";
  var err = e.detail.target && e.detail.target.querySelector && e.detail.target.querySelector(".error[data-field]");
  var form = e.detail.requestConfig && e.detail.requestConfig.elt && e.detail.requestConfig.elt.closest
    ? e.detail.requestConfig.elt.closest("form") : null;
  document.querySelectorAll(".field-error").forEach(function (x) { x.remove(); });
  document.querySelectorAll("[aria-invalid=true]").forEach(function (x) { x.removeAttribute("aria-invalid"); });
  if (!err || !form) return;
  var field = form.querySelector('[name="' + err.dataset.field + '"]');
  if (!field) return;
  var note = document.createElement("span");
  note.className = "field-error";
  note.setAttribute("role", "status");
  note.textContent = err.textContent;
  field.setAttribute("aria-invalid", "true");
  (field.closest("label") || field).insertAdjacentElement("afterend", note);
  field.addEventListener("input", function () { note.remove(); field.removeAttribute("aria-invalid"); }, { once: true });
});

// Bot editors in the browser: each editor's draft is kept in localStorage (a reload, or coming
// back tomorrow, finds it), "Download .toml" saves the editor's text as a file, and a file
// loaded into a text box is checked at once (an input event, as typing would).
(function () {
  "use strict";
  function key(ta) { return "ludolab.draft." + location.pathname + "." + ta.id; }
  function setup() {
    var showingJob = /[?&]job=/.test(location.search);
    document.querySelectorAll(".code-editor textarea").forEach(function (ta) {
      if (ta.dataset.drafts) return;
      ta.dataset.drafts = "1";
      var saved = null;
      try { saved = window.localStorage.getItem(key(ta)); } catch (e) { saved = null; }
      if (saved && !showingJob && saved !== ta.value) {
        ta.value = saved;
        ta.dispatchEvent(new Event("input", { bubbles: true }));
      }
      ta.addEventListener("input", function () {
        try { window.localStorage.setItem(key(ta), ta.value); } catch (e) { /* full or off */ }
      });
    });
    document.querySelectorAll("[data-download-text]").forEach(function (b) {
      if (b.dataset.ready) return;
      b.dataset.ready = "1";
      b.addEventListener("click", function () {
        var text = document.getElementById(b.dataset.downloadText).value;
        var m = /^\s*name\s*=\s*"([^"]*)"/m.exec(text);
        var name = (m ? m[1] : "bot").toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "") || "bot";
        var a = document.createElement("a");
        a.href = URL.createObjectURL(new Blob([text], { type: "application/toml" }));
        a.download = name + ".toml";
        document.body.appendChild(a); a.click(); a.remove();
      });
    });
    document.querySelectorAll("input[type=file][data-load-into]").forEach(function (inp) {
      if (inp.dataset.checks) return;
      inp.dataset.checks = "1";
      inp.addEventListener("change", function () {
        var f = inp.files[0];
        if (!f) return;
        f.text().then(function (t) {
          var box = document.getElementById(inp.dataset.loadInto);
          box.value = t;
          box.dispatchEvent(new Event("input", { bubbles: true }));
        });
      });
    });
  }
  document.addEventListener("DOMContentLoaded", setup);
  document.addEventListener("htmx:afterSettle", setup);
})();

// The kingdom picker (templates/_kingdom_picker.html): a preset, random:sets=... or the ticked
// cards go into the kingdom field; the server checks what it gets.
(function () {
  "use strict";
  function setup() {
    document.querySelectorAll("#kingdom-picker").forEach(function (box) {
      if (box.dataset.ready) return;
      box.dataset.ready = "1";
      var target = document.getElementById(box.dataset.target);
      function put(v) { target.value = v; target.dispatchEvent(new Event("change", { bubbles: true })); }
      box.querySelectorAll(".kp-preset").forEach(function (b) {
        b.addEventListener("click", function () { put(b.dataset.value); });
      });
      box.querySelector("#kp-random").addEventListener("click", function () {
        var sets = Array.prototype.map.call(box.querySelectorAll(".kp-set:checked"), function (x) { return x.value; });
        put(sets.length ? "random:sets=" + sets.join(",") : "random");
      });
      // a card in two printings (Smithy in both editions) is one choice: its boxes move together
      box.querySelectorAll(".kp-card input").forEach(function (inp) {
        inp.addEventListener("change", function () {
          box.querySelectorAll(".kp-card input").forEach(function (other) {
            if (other.value === inp.value) other.checked = inp.checked;
          });
        });
      });
      function ticked() {
        var cards = [];
        box.querySelectorAll(".kp-card input:checked").forEach(function (x) {
          if (cards.indexOf(x.value) < 0) cards.push(x.value);
        });
        return cards;
      }
      // ten cards are a kingdom: the tenth tick writes them into the field and closes the picker
      // (open, it makes the page thousands of pixels tall and pushes the results out of sight)
      box.addEventListener("change", function (e) {
        if (!e.target.closest(".kp-card") || !e.target.checked) return;
        var cards = ticked();
        if (cards.length === 10) { put(cards.join(", ")); box.open = false; }
      });
      box.querySelector("#kp-cards").addEventListener("click", function () {
        var cards = ticked();
        if (cards.length) { put(cards.join(", ")); box.open = false; }
      });
    });
  }
  document.addEventListener("DOMContentLoaded", setup);
})();

// Results in sight: a run button's job panel is scrolled into view (on a phone the form is
// long, and an open kingdom picker is thousands of pixels), the picker is closed, and a line
// above the panel says the job began (it stays while the panel reloads itself).
(function () {
  "use strict";
  document.addEventListener("htmx:beforeRequest", function (e) {
    var elt = e.detail.elt, form = elt && elt.closest ? elt.closest("form") : null;
    if (!form || (form.getAttribute("hx-target") || "") !== "#job-area") return;
    form.querySelectorAll("details.picker[open]").forEach(function (d) { d.open = false; });
  });
  document.addEventListener("htmx:afterSwap", function (e) {
    var area = e.detail.target;
    if (!area || area.id !== "job-area") return;
    var panel = area.querySelector(".job");
    if (!panel) return;
    var title = panel.querySelector("h2");
    var note = document.createElement("p");
    note.className = "job-begun";
    note.id = "job-begun";
    note.setAttribute("role", "status");
    var at = new Date().toLocaleTimeString();
    note.textContent = "Job started at " + at + (title ? ": " + title.textContent.trim() : "") +
      " (also on the Jobs page).";
    area.insertBefore(note, area.firstChild);
    note.scrollIntoView({ block: "start" });
  });
})();

// "One game with its log" on Simulate: the game log of one game of the form's seats, kingdom,
// rules and seed (a bot editor's seat must be kept in My bots first: the log takes specs).
(function () {
  "use strict";
  document.addEventListener("click", function (e) {
    var a = e.target.closest ? e.target.closest("#one-game") : null;
    if (!a) return;
    var form = document.getElementById("sim-form");
    if (!form) return;
    e.preventDefault();
    var q = [], n = 0, editor = "";
    for (var i = 0; i < 6; i++) {
      var f = form.querySelector('[name="seat' + i + '"]');
      var v = f ? f.value.trim() : "";
      if (!v) continue;
      if (v.indexOf("editor:") === 0) editor = v;
      q.push("bot" + n + "=" + encodeURIComponent(v)); n++;
    }
    var old = document.getElementById("one-game-note");
    if (old) old.remove();
    if (editor) {
      var note = document.createElement("span");
      note.id = "one-game-note"; note.className = "field-error"; note.setAttribute("role", "status");
      note.textContent = editor + " cannot go to the game log: save it to My bots and seat it as my:NAME";
      a.insertAdjacentElement("afterend", note);
      return;
    }
    ["seed", "kingdom", "rules"].forEach(function (k) {
      var f = form.querySelector('[name="' + k + '"]');
      if (f && f.value.trim()) q.push(k + "=" + encodeURIComponent(f.value.trim()));
    });
    if (!form.querySelector('[name="seed"]').value.trim()) q.push("seed=0");
    window.location.href = "/dominion/replay?" + q.join("&");
  });
})();

// The bot editor completes what is being typed: a card name of the registry (inside quotes,
// "Fishing V" -> Fishing Village, and a card feature's argument: count(Smi -> Smithy) or a
// word of the condition language (tot -> total_money; also in a table entry's when = "..."),
// offered as buttons under the editor; a click, or Tab for the first, puts it in.
(function () {
  "use strict";
  function fragment(ta) {
    var before = ta.value.slice(0, ta.selectionStart);
    var line = before.slice(before.lastIndexOf("\n") + 1);
    var quote = line.lastIndexOf('"'), open = (line.split('"').length - 1) % 2 === 1;
    if (!open) return null;
    var inside = line.slice(quote + 1);
    var cut = inside.search(/\s(if|limit)\s/i);
    var cond = /^\s*when\s*=/.test(line);  // a table entry's condition: when = "..."
    if (cut < 0 && !cond) return { text: inside, kind: "card" };  // "CARD ...: the card named
    // a card feature's argument (count(Smi -> Smithy, names with spaces too), else a word
    var arg = /\(\s*([A-Za-z' ]*)$/.exec(inside);
    if (arg) return { text: arg[1], kind: "card" };
    var word = /[A-Za-z_]+$/.exec(inside);
    return word ? { text: word[0], kind: "word" } : null;
  }
  function show(ed) {
    var ta = ed.querySelector("textarea");
    var box = document.getElementById("complete" + ed.dataset.editor);
    if (!box) return;
    box.textContent = "";
    var f = fragment(ta);
    if (!f || f.text.length < 2) return;
    var data = JSON.parse(ed.dataset.words);
    var pool = f.kind === "card" ? data.cards : data.words, low = f.text.toLowerCase();
    var hits = pool.filter(function (w) { return w.toLowerCase().indexOf(low) === 0 && w !== f.text; }).slice(0, 8);
    hits.forEach(function (w) {
      var b = document.createElement("button");
      b.type = "button"; b.className = "secondary small completion"; b.textContent = w;
      b.addEventListener("click", function () { put(ta, f.text, w); box.textContent = ""; ta.focus(); });
      box.appendChild(b);
    });
  }
  function put(ta, typed, word) {
    var at = ta.selectionStart;
    ta.value = ta.value.slice(0, at - typed.length) + word + ta.value.slice(at);
    ta.selectionStart = ta.selectionEnd = at - typed.length + word.length;
    ta.dispatchEvent(new Event("input", { bubbles: true }));
  }
  function setup() {
    document.querySelectorAll(".code-editor[data-words]").forEach(function (ed) {
      if (ed.dataset.completes) return;
      ed.dataset.completes = "1";
      var ta = ed.querySelector("textarea");
      ta.addEventListener("input", function () { show(ed); });
      ta.addEventListener("keydown", function (e) {
        if (e.key !== "Tab") return;
        var first = document.querySelector("#complete" + ed.dataset.editor + " .completion");
        if (first) { e.preventDefault(); first.click(); }
      });
    });
  }
  document.addEventListener("DOMContentLoaded", setup);
  document.addEventListener("htmx:afterSettle", setup);
})();

// "Download DominionSim XML" under a bot editor: the server writes the editor's bot as
// DominionSim XML (the same export as `ludolab dominion export`); the page saves the file and
// lists under the editor what the XML could not carry (or the bot's mistake, with its line).
(function () {
  "use strict";
  var meta = document.querySelector('meta[name="csrf-token"]');
  document.addEventListener("click", function (e) {
    var b = e.target.closest ? e.target.closest("[data-export-xml]") : null;
    if (!b) return;
    var which = b.dataset.exportXml, ta = document.getElementById("bot" + which);
    var list = document.getElementById("export-notes" + which);
    var body = new URLSearchParams();
    body.set("editor", which);
    body.set("bot" + which, ta.value);
    fetch("/dominion/bot/export", { method: "POST", body: body,
      headers: { "X-CSRF-Token": meta ? meta.content : "", "HX-Request": "true" } }).then(function (r) {
      return r.ok ? r.json() : r.text().then(function (t) { return Promise.reject(t); });
    }).then(function (out) {
      list.textContent = "";
      var head = document.createElement("li");
      head.className = "dim";
      head.textContent = out.notes.length ? "Exported " + out.filename + "; what DominionSim's XML cannot carry:" :
        "Exported " + out.filename + ": everything carried over.";
      list.appendChild(head);
      out.notes.forEach(function (n) {
        var li = document.createElement("li"); li.className = "export-note"; li.textContent = n; list.appendChild(li);
      });
      var a = document.createElement("a");
      a.href = URL.createObjectURL(new Blob([out.xml], { type: "application/xml" }));
      a.download = out.filename;
      document.body.appendChild(a); a.click(); a.remove();
    }, function (text) {
      var div = document.createElement("div");
      div.innerHTML = text;  // our own error fragment: one line
      list.textContent = "";
      var li = document.createElement("li"); li.className = "error";
      li.textContent = (div.textContent || "the export failed").trim();
      list.appendChild(li);
    });
  });
})();

// The bot editor highlights the bot language as it is typed: TOML keys and sections, strings,
// and inside an entry ("Smithy limit 1 if count(Smithy) < deck_size / 15") its card names (from
// the card registry), keywords (if, limit, and, or, not), the condition language's words,
// numbers and operators. A <pre> under a textarea whose own text is transparent: the caret,
// selection and typing stay the textarea's; the colours are the <pre>'s.
(function () {
  "use strict";
  var KEYWORDS = ["if", "limit", "and", "or", "not", "true", "false"];
  var PLAIN_KEYS = ["name", "description", "source"];
  function esc(s) { return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;"); }
  function span(cls, s) { return '<span class="' + cls + '">' + esc(s) + "</span>"; }
  function matcher(ed) {
    if (ed._hl) return ed._hl;
    var data = JSON.parse(ed.dataset.words || '{"cards": [], "words": []}');
    var cards = data.cards.slice().sort(function (a, b) { return b.length - a.length; });
    var quoted = cards.map(function (c) { return c.replace(/[.*+?^${}()|[\]\\']/g, "\\$&"); });
    var words = {};
    data.words.forEach(function (w) { words[w.toLowerCase()] = KEYWORDS.indexOf(w) >= 0 ? "hl-kw" : "hl-fn"; });
    KEYWORDS.forEach(function (w) { words[w] = "hl-kw"; });
    ed._hl = { card: quoted.length ? new RegExp("^(?:" + quoted.join("|") + ")(?![A-Za-z_])", "i") : null,
               words: words };
    return ed._hl;
  }
  // an entry's text: card names, words, numbers, operators
  function entry(text, m) {
    var out = "", i = 0;
    while (i < text.length) {
      var rest = text.slice(i), hit;
      var prev = i > 0 ? text[i - 1] : " ";
      if (m.card && /[^A-Za-z_]/.test(prev) && (hit = m.card.exec(rest))) {
        out += span("hl-card", hit[0]); i += hit[0].length; continue;
      }
      if ((hit = /^[A-Za-z_]+/.exec(rest))) {
        var cls = m.words[hit[0].toLowerCase()];
        out += cls ? span(cls, hit[0]) : esc(hit[0]); i += hit[0].length; continue;
      }
      if ((hit = /^\d+(?:\.\d+)?/.exec(rest))) { out += span("hl-num", hit[0]); i += hit[0].length; continue; }
      if ((hit = /^(?:<=|>=|==|!=|[<>+\-*\/])/.exec(rest))) { out += span("hl-op", hit[0]); i += hit[0].length; continue; }
      out += esc(text[i]); i += 1;
    }
    return out;
  }
  function line(text, m) {
    var t = /^(\s*)(#.*)$/.exec(text);
    if (t) return esc(t[1]) + span("hl-com", t[2]);
    t = /^(\s*)(\[\[?[A-Za-z_.]+\]\]?)(.*)$/.exec(text);
    if (t) return esc(t[1]) + span("hl-key", t[2]) + esc(t[3]);
    var out = "", i = 0, key = "";
    var k = /^(\s*)([A-Za-z_][A-Za-z0-9_]*)(\s*=)/.exec(text);
    if (k) { out = esc(k[1]) + span("hl-key", k[2]) + esc(k[3]); i = k[0].length; key = k[2]; }
    while (i < text.length) {
      var c = text[i];
      if (c === '"') {
        var j = text.indexOf('"', i + 1);
        var end = j < 0 ? text.length : j + 1;
        var inner = text.slice(i + 1, j < 0 ? text.length : j);
        out += span("hl-str", '"') + (PLAIN_KEYS.indexOf(key) >= 0 ? span("hl-str", inner) : entry(inner, m)) +
          (j < 0 ? "" : span("hl-str", '"'));
        i = end; continue;
      }
      if (c === "#") { out += span("hl-com", text.slice(i)); break; }
      var n = /^\d+(?:\.\d+)?/.exec(text.slice(i));
      if (n && /[^A-Za-z_]/.test(i > 0 ? text[i - 1] : " ")) { out += span("hl-num", n[0]); i += n[0].length; continue; }
      var w = /^(true|false)(?![A-Za-z_])/.exec(text.slice(i));
      if (w) { out += span("hl-kw", w[0]); i += w[0].length; continue; }
      out += esc(c); i += 1;
    }
    return out;
  }
  function paint(ed) {
    var ta = ed.querySelector("textarea"), pre = ed.querySelector("pre.hl");
    if (!ta || !pre) return;
    var m = matcher(ed);
    pre.innerHTML = ta.value.split("\n").map(function (l) { return line(l, m); }).join("\n") + "\n ";
    pre.scrollTop = ta.scrollTop; pre.scrollLeft = ta.scrollLeft;
  }
  function setup() {
    document.querySelectorAll(".code-editor[data-words]").forEach(function (ed) {
      if (ed.dataset.highlights) return;
      ed.dataset.highlights = "1";
      var ta = ed.querySelector("textarea");
      var wrap = document.createElement("div");
      wrap.className = "hl-wrap";
      var pre = document.createElement("pre");
      pre.className = "hl"; pre.setAttribute("aria-hidden", "true");
      ta.parentNode.insertBefore(wrap, ta);
      wrap.appendChild(pre); wrap.appendChild(ta);
      ed.classList.add("highlighted");
      ta.addEventListener("input", function () { paint(ed); });
      ta.addEventListener("scroll", function () { pre.scrollTop = ta.scrollTop; pre.scrollLeft = ta.scrollLeft; });
      paint(ed);
    });
  }
  document.addEventListener("DOMContentLoaded", setup);
  document.addEventListener("htmx:afterSettle", setup);
})();
