/* Live public pages: poll the tournament's version (ETag/304), swap #live-region
   when it moves; filter rows by name; turn the projector's pages. A poll that
   fails (no network, the results service restarting: 503 with Retry-After) is
   tried again later and later, never before Retry-After, up to half a minute
   apart, and the page carries on by itself once it is answered again. */
(function () {
  "use strict";
  var root = document.querySelector("[data-live-version-url]");
  var FIND_KEY = "manille-find:" + location.pathname;

  /* ---- find a name: hide rows that do not match ---------------------------- */
  /* The twin of clubs.folding.fold, which folds the rows' data-name on the server:
     lower case, no accents, apostrophes or dots ("D’Hondt" → "dhondt"), a hyphen
     read as a space, one space between words. What is typed is found as it is or
     with the spaces left out on both sides ("vandewalle" finds "van de walle"). */
  var LETTERS = {"ø": "o", "đ": "d", "ł": "l", "ı": "i", "æ": "ae", "œ": "oe"};
  function fold(text) {
    return text.replace(/['’‘ʼʹ`´′.·]/g, "").replace(/[\-‐‑‒–—―]/g, " ")
      .normalize("NFKD")
      .replace(/\p{M}/gu, "").toLowerCase()
      .replace(/[øđłıæœ]/g, function (c) { return LETTERS[c]; })
      .split(/\s+/).filter(Boolean).join(" ");
  }
  function foldMatches(q, folded) {
    return folded.indexOf(q) !== -1 ||
      folded.replace(/ /g, "").indexOf(q.replace(/ /g, "")) !== -1;
  }
  function applyFind() {
    var input = document.querySelector("[data-find]");
    if (!input) return;
    var q = fold(input.value);
    var rows = document.querySelectorAll("#live-region tbody tr");
    var shown = 0;
    for (var i = 0; i < rows.length; i++) {
      var tr = rows[i];
      var name = tr.getAttribute("data-name") || fold(tr.textContent);
      var hit = !q || foldMatches(q, name);
      tr.hidden = !hit;
      if (hit) shown++;
    }
    input.setAttribute("aria-describedby", "find-count");
    var count = document.getElementById("find-count");
    if (!count) {
      count = document.createElement("span");
      count.id = "find-count";
      count.className = "muted";
      input.insertAdjacentElement("afterend", count);
    }
    count.textContent = q ? " " + shown + " / " + rows.length : "";
  }

  function bindRegion() {
    var input = document.querySelector("[data-find]");
    if (input) {
      var saved = sessionStorage.getItem(FIND_KEY);
      if (saved && !input.value) input.value = saved;
      input.addEventListener("input", function () {
        sessionStorage.setItem(FIND_KEY, input.value);
        applyFind();
      });
      applyFind();
    }
    var selects = document.querySelectorAll("select[data-autosubmit]");
    for (var i = 0; i < selects.length; i++) {
      selects[i].addEventListener("change", function (e) {
        e.target.form.submit();
      });
    }
    if (location.hash) {
      var row = document.getElementById(location.hash.slice(1));
      if (row) row.classList.add("highlight");
    }
  }

  /* ---- live refresh ---------------------------------------------------------- */
  var status = document.querySelector("[data-live-status]");
  var statusText = status ? status.textContent : "";
  function say(text) { if (status) status.textContent = text; }
  function stamp() {
    var d = new Date();
    return d.toLocaleTimeString(document.documentElement.lang || [], {hour: "2-digit", minute: "2-digit", second: "2-digit"});
  }

  function refresh() {
    return fetch(location.href, {
      headers: {"X-Live-Region": "1"}, cache: "no-store", credentials: "same-origin"
    }).then(function (r) {
      if (!r.ok) throw failure(r);
      return r.text();
    }).then(function (html) {
      var region = document.getElementById("live-region");
      var active = document.activeElement;
      var hadFocus = active && active.matches && active.matches("[data-find]");
      var caret = hadFocus ? active.selectionStart : null;
      region.innerHTML = html;
      bindRegion();
      if (hadFocus) {
        var input = document.querySelector("[data-find]");
        input.focus();
        if (caret !== null) input.setSelectionRange(caret, caret);
      }
      say(root.getAttribute("data-updated-text") || ("✓ " + stamp()));
      document.dispatchEvent(new CustomEvent("live:updated"));
    });
  }

  /* An answer that is not the page's: its Retry-After goes with it. */
  function failure(response) {
    var error = new Error(String(response.status));
    error.retryAfter = parseInt(response.headers.get("Retry-After"), 10) || 0;
    return error;
  }
  var BACKOFF_CAP = 30000; // ms: the longest wait between two failed polls

  if (root) {
    var url = root.getAttribute("data-live-version-url");
    var version = root.getAttribute("data-live-version");
    var etag = null;
    var every = parseInt(root.getAttribute("data-live-poll") || "2500", 10);
    var timer = null;
    var failures = 0; // polls failed in a row
    /* After the n-th failure in a row: every × 2^n give or take a fifth (a
       hall of phones does not come back in step), at most BACKOFF_CAP, never
       less than the server's Retry-After. */
    var backoff = function (error) {
      failures += 1;
      var wait = every * Math.pow(2, failures) * (0.8 + 0.4 * Math.random());
      var floor = ((error && error.retryAfter) || 0) * 1000;
      return Math.round(Math.max(Math.min(BACKOFF_CAP, wait), floor));
    };
    var poll = function () {
      clearTimeout(timer);
      var headers = etag ? {"If-None-Match": etag} : {};
      var wait = null;
      fetch(url, {headers: headers, cache: "no-store", credentials: "omit"})
        .then(function (r) {
          if (r.status === 304) return null;
          if (!r.ok) throw failure(r);
          etag = r.headers.get("ETag");
          return r.json();
        })
        .then(function (data) {
          if (data && String(data.version) !== String(version)) {
            var next = String(data.version);
            return refresh().then(function () { version = next; return true; });
          }
        })
        .then(function (refreshed) {
          // Answered again: live as before (a refresh said so already).
          if (failures && !refreshed) say(statusText);
          failures = 0;
        }, function (error) {
          wait = backoff(error);
          say("…");
        })
        .then(function () {
          timer = setTimeout(poll, wait !== null ? wait
            : document.hidden ? every * 6 : every);
        });
    };
    document.addEventListener("visibilitychange", function () {
      if (!document.hidden) poll();
    });
    timer = setTimeout(poll, every);
  }

  bindRegion();

  /* ---- projector: a screenful at a time, turning every few seconds -----------
     Each panel ("where do I sit?" while a round is under way, then the
     standings) is cut into pages of as many rows as fit the screen, measured on
     the real rows, so any projector works; the title and the header row stay on
     every page. While a round is open a player must find his seat within a
     minute: the seat pages come first, each shown long enough to read and short
     enough that all of them pass within SEAT_CYCLE seconds (the names shrink a
     step when they would not), and between two passes only as many pages of
     the standings as the minute leaves room for, taken up where the last
     pass left them. → / ← (or PageDown / PageUp) turn by hand, space pauses. A
     live update keeps the panel, the page and the rhythm. */
  var screen = document.querySelector("[data-projector]");
  if (!screen) return;
  var SEAT_CYCLE = 60; // seconds: every seat page shown at least once a minute
  var SEAT_MIN = 5; // seconds: the least a page of names stays on screen
  var SCALES = [1, 0.86, 0.72, 0.62]; // the names' sizes, tried in this order
  var seconds = parseFloat(screen.getAttribute("data-seconds")) || 8;
  var pageText = screen.getAttribute("data-page-text") || "{page} / {pages}";
  var pausedNote = document.querySelector("[data-paused]");
  var pauseButton = document.querySelector("[data-page-pause]");
  var bar = document.querySelector("[data-page-progress]");
  var at = {panel: 0, name: "", page: 0, pages: 1};
  // While seats and standings share the screen: the standings' page to show
  // next, how many of them one pass shows and how many it has shown.
  var cycle = {resume: 0, slice: 0, shown: 0, seatSeconds: seconds};
  var paused = false;
  var pageTimer = null; // not the poll's timer: one function scope

  function panels() { return document.querySelectorAll("[data-panel]"); }
  function panelNamed(name) { return document.querySelector('[data-panel="' + name + '"]'); }
  function seatsShareTheScreen() { return !!(panelNamed("draw") && panelNamed("standings")); }
  function itemsOf(panel) {
    return panel.querySelectorAll("tbody > tr, [data-page-items] > li");
  }
  function fits() {
    return document.scrollingElement.scrollHeight <= window.innerHeight;
  }
  function showRange(items, start, size) {
    for (var i = 0; i < items.length; i++) {
      items[i].hidden = i < start || i >= start + size;
    }
  }
  /* How many rows (and, for a list of names, columns) fit: show one row, see
     how much room is left below it, divide by its height. */
  function measure(panel, items) {
    var list = panel.querySelector("[data-page-items]");
    var cols = 1;
    if (list) {
      list.classList.add("paged");
      var em = parseFloat(getComputedStyle(list).fontSize) || 16;
      var wide = parseFloat(getComputedStyle(list).getPropertyValue("--col-min")) || 24;
      cols = Math.max(1, Math.floor((list.clientWidth + 2.5 * em) / (wide * em)));
      list.style.setProperty("--cols", String(cols));
      list.style.setProperty("--rows", "1");
    }
    showRange(items, 0, 1);
    var first = items[0];
    var height = first ? first.getBoundingClientRect().height : 0;
    // The body's bottom, not scrollHeight: that is never less than the window.
    var free = window.innerHeight -
      (document.body.getBoundingClientRect().bottom + window.scrollY);
    var rows = height > 0 ? Math.max(1, 1 + Math.floor(free / height)) : 1;
    return {list: list, rows: rows, cols: cols};
  }
  function letters(a, b) {
    var cap = function (s) { return s.charAt(0).toUpperCase() + s.slice(1); };
    a = a || ""; b = b || "";
    if (a.charAt(0) !== b.charAt(0)) return a.charAt(0).toUpperCase() + "–" + b.charAt(0).toUpperCase();
    return a === b ? cap(a) : cap(a) + "–" + cap(b);
  }
  /* Cut the panel into pages and show page ``at.page``: return the pages. */
  function paginate(panel, items) {
    var fit = measure(panel, items);
    var label = panel.querySelector("[data-page-label]");
    var heading = panel.querySelector("[data-page-letters]");
    var size, start, pages;
    for (;;) { // the labels first: a longer one may take a line of the title
      if (fit.list) fit.list.style.setProperty("--rows", String(fit.rows));
      size = fit.rows * fit.cols;
      pages = Math.max(1, Math.ceil(items.length / size));
      var page = Math.max(0, Math.min(at.page, pages - 1));
      start = page * size;
      if (label) {
        label.textContent = pageText.replace("{page}", String(page + 1))
          .replace("{pages}", String(pages));
      }
      if (heading && items.length) {
        var last = Math.min(start + size, items.length) - 1;
        heading.textContent = letters(items[start].getAttribute("data-key"),
                                      items[last].getAttribute("data-key"));
      }
      showRange(items, start, size);
      if (fit.rows <= 1 || fits()) break;
      fit.rows -= 1;
    }
    return pages;
  }
  /* The seat pages: the largest names whose pages all pass within the minute
     (with the standings' page between two passes), and how long each stays. */
  function paginateSeats(panel, items) {
    var list = panel.querySelector("[data-page-items]");
    var reserve = seatsShareTheScreen() ? seconds : 0;
    var pages = 1;
    // A phone is not a projector: its names stay readable, however many pages.
    var scales = window.innerWidth < 600 ? [1] : SCALES;
    for (var i = 0; i < scales.length; i++) {
      if (list) {
        list.style.fontSize = scales[i] === 1 ? "" : scales[i] + "em";
        list.classList.toggle("dense", scales[i] !== 1);
      }
      pages = paginate(panel, items);
      if (!list || pages * Math.min(seconds, SEAT_MIN) + reserve <= SEAT_CYCLE) break;
    }
    var each = Math.floor((SEAT_CYCLE - reserve) / pages);
    cycle.seatSeconds = Math.min(seconds, Math.max(SEAT_MIN, each));
    var left = SEAT_CYCLE - pages * cycle.seatSeconds;
    cycle.slice = reserve ? Math.max(1, Math.floor(left / seconds)) : 0;
    screen.setAttribute("data-seat-pages", String(pages));
    screen.setAttribute("data-seat-seconds", String(cycle.seatSeconds));
    screen.setAttribute("data-cycle-seconds",
      String(pages * cycle.seatSeconds + cycle.slice * seconds));
    return pages;
  }
  function render() {
    var list = panels();
    if (!list.length) return;
    var index = -1;
    if (at.name) { // after a live update: the same panel, wherever it now is
      for (var i = 0; i < list.length; i++) {
        if (list[i].getAttribute("data-panel") === at.name) index = i;
      }
      if (index < 0) at.page = 0;
    }
    if (index < 0) index = at.panel < list.length ? at.panel : 0;
    at.panel = index;
    at.name = list[index].getAttribute("data-panel");
    for (var j = 0; j < list.length; j++) list[j].hidden = j !== index;
    window.scrollTo(0, 0);
    var panel = list[index];
    var items = itemsOf(panel);
    at.pages = at.name === "draw" ? paginateSeats(panel, items) : paginate(panel, items);
    at.page = Math.max(0, Math.min(at.page, at.pages - 1));
  }
  function pageSeconds() {
    return at.name === "draw" ? cycle.seatSeconds : seconds;
  }
  function restartBar() {
    if (!bar) return;
    bar.style.transition = "none";
    bar.style.width = "0";
    void bar.offsetWidth; // start the new transition from 0
    bar.style.transition = "width " + pageSeconds() + "s linear";
    bar.style.width = "100%";
  }
  function schedule() {
    clearTimeout(pageTimer);
    pageTimer = null;
    if (paused) return;
    pageTimer = setTimeout(advance, pageSeconds() * 1000);
    restartBar();
  }
  function goTo(name, page) {
    var list = panels();
    for (var i = 0; i < list.length; i++) {
      if (list[i].getAttribute("data-panel") === name) at.panel = i;
    }
    at.name = "";
    at.page = page;
    if (name === "standings") cycle.shown = 0;
  }
  /* The page turning by itself: while seats share the screen, every seat page,
     then the standings' next ``cycle.slice`` pages, then the seats again. */
  function advance() {
    if (!seatsShareTheScreen()) { turn(1); return; }
    if (at.name === "draw") {
      if (at.page + 1 < at.pages) at.page += 1;
      else goTo("standings", cycle.resume);
    } else {
      cycle.shown += 1;
      var next = at.page + 1 < at.pages ? at.page + 1 : 0;
      if (cycle.shown >= cycle.slice || next === 0) {
        cycle.resume = next;
        goTo("draw", 0);
      } else {
        at.page = next;
      }
    }
    render();
    if (at.name === "standings" && !cycle.shown) cycle.resume = at.page;
    schedule();
  }
  function turn(step) {
    var count = panels().length || 1;
    at.page += step;
    if (at.page >= at.pages) {
      at.panel = (at.panel + 1) % count;
      at.page = 0;
      at.name = "";
    } else if (at.page < 0) {
      at.panel = (at.panel - 1 + count) % count;
      at.page = Infinity; // the last page of the panel before
      at.name = "";
    }
    cycle.shown = 0;
    render();
    if (at.name === "standings") cycle.resume = at.page;
    schedule();
  }
  function setPaused(value) {
    paused = value;
    if (pausedNote) pausedNote.hidden = !paused;
    if (pauseButton) pauseButton.setAttribute("aria-pressed", String(paused));
    screen.classList.toggle("paused", paused);
    if (paused && bar) {
      bar.style.width = getComputedStyle(bar).width;
      bar.style.transition = "none";
    }
    schedule();
  }

  document.addEventListener("live:updated", render); // same page, same rhythm
  var resizing = false;
  window.addEventListener("resize", function () {
    if (resizing) return;
    resizing = true;
    requestAnimationFrame(function () { resizing = false; render(); });
  });
  document.addEventListener("keydown", function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    var t = e.target;
    if (t && t.closest && t.closest("input, textarea, select")) return;
    if (e.key === "ArrowRight" || e.key === "PageDown") { e.preventDefault(); turn(1); }
    else if (e.key === "ArrowLeft" || e.key === "PageUp") { e.preventDefault(); turn(-1); }
    else if (e.key === " " || e.key === "Spacebar") { e.preventDefault(); setPaused(!paused); }
  });
  var turns = document.querySelectorAll("[data-page-turn]");
  for (var k = 0; k < turns.length; k++) {
    turns[k].addEventListener("click", function (e) {
      e.currentTarget.blur(); // space then pauses, not clicks again
      turn(parseInt(e.currentTarget.getAttribute("data-page-turn"), 10) || 1);
    });
  }
  if (pauseButton) {
    pauseButton.addEventListener("click", function () {
      pauseButton.blur();
      setPaused(!paused);
    });
  }
  var fs = document.querySelector("[data-fullscreen]");
  if (fs) {
    fs.addEventListener("click", function () {
      fs.blur();
      if (document.fullscreenElement) document.exitFullscreen();
      else document.documentElement.requestFullscreen().catch(function () {});
    });
  }
  render();
  schedule();
})();
