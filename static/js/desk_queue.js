/* The results desk's queue: no deal typed is lost, however slow the server.

   Every deal typed on a score sheet (trump, points, Enter) gets a random key and
   joins a queue kept in localStorage (per table and entry copy); the entry row is
   cleared at once for the next deal. The queue is sent in order, one save at a
   time, each with the sheet's last known version and its key; the server saves a
   key once, so a save sent again after a lost answer or a reload never counts
   twice. Each answer's sheet replaces the page's, keeping what is being typed.
   A refused deal or someone else's save stops the queue: the deal goes back into
   the entry row with the server's message (or, while the next deal is being typed,
   waits beside its row for "Correct" or "Discard"); nothing is dropped but by the
   director's choice. Buttons that post (confirm, events, remove) and the keys that
   leave the page wait until the queue is empty. Without JavaScript the form posts
   as a plain form. */
(function () {
  "use strict";

  var bar = document.getElementById("desk-queue");
  if (!bar) return;
  var T = JSON.parse(document.getElementById("desk-queue-text").textContent);
  var STORE = "manille-desk:" + bar.dataset.table + ":" + bar.dataset.copy;
  var ENTRY_FIELDS = [
    "declarer", "trump", "passed", "blind", "knocks", "points_a", "points_b",
    "revoke", "tricks_a", "tens_a", "aces_a", "kings_a", "queens_a", "jacks_a",
    "reason"
  ];
  var CLEARED = ENTRY_FIELDS.filter(function (n) { return n !== "declarer"; });

  var queue = load();
  var inflight = null;
  var offline = 0;          // failed attempts in a row (no answer, 5xx, logged out)
  var loggedOut = false;
  var retryTimer = null;
  var retryAt = 0;
  var held = null;          // the key of a failed deal put back into the entry row
  var draft = null;         // what was being typed while a deal is corrected
  var knownVersion = 0;
  var latestSheet = null;   // an answer not yet shown (the entry row is being edited)
  var afterIdle = [];       // what waits for the queue to empty
  var flash = "";

  /* ---- helpers ------------------------------------------------------------ */
  function fmt(text, params) {
    return String(text).replace(/%\((\w+)\)s/g, function (m, name) {
      return params && params[name] != null ? String(params[name]) : "";
    });
  }
  function plural(one, many, count) {
    return fmt(count === 1 ? T[one] : T[many], {count: count});
  }
  function load() {
    try {
      var items = JSON.parse(localStorage.getItem(STORE) || "[]");
      return Array.isArray(items) ? items : [];
    } catch (e) { return []; }
  }
  function save() {
    try {
      if (queue.length) localStorage.setItem(STORE, JSON.stringify(queue));
      else localStorage.removeItem(STORE);
    } catch (e) { /* storage full or private: the queue lives in the page */ }
  }
  function newKey() {
    var bytes = new Uint8Array(16);
    (window.crypto || window.msCrypto).getRandomValues(bytes);
    return "d" + Array.prototype.map.call(bytes, function (b) {
      return ("0" + b.toString(16)).slice(-2);
    }).join("");
  }
  function sheetEl() { return document.getElementById("sheet"); }
  function form() { return document.getElementById("deal-form"); }
  function entryRow() { return document.getElementById("entry-row"); }
  function field(name) {
    var f = form();
    return f ? f.elements.namedItem(name) : null;
  }
  function csrf() {
    var el = document.querySelector("#sheet [name=csrfmiddlewaretoken]") ||
      document.querySelector("[name=csrfmiddlewaretoken]");
    return el ? el.value : "";
  }
  function noteVersion(root) {
    var v = parseInt((root || sheetEl() || {dataset: {}}).dataset.version, 10);
    if (!isNaN(v) && v > knownVersion) knownVersion = v;   // versions only grow
  }
  function currentGame() {
    var el = sheetEl();
    return el && el.dataset.currentGame ? el.dataset.currentGame : "";
  }
  function busy() { return queue.length > 0 || inflight !== null; }
  function blocked() {
    return queue.some(function (i) { return i.state !== "queued"; });
  }

  /* ---- the entry row ------------------------------------------------------ */
  function valueOf(el) {
    if (!el) return null;
    if (el.type === "checkbox") return el.checked ? "on" : "";
    return el.value;
  }
  function setValue(el, value) {
    if (!el) return;
    if (el.type === "checkbox") el.checked = !!value;
    else el.value = value == null ? "" : value;
  }
  function readEntry() {
    var values = {};
    ENTRY_FIELDS.forEach(function (name) {
      var v = valueOf(field(name));
      if (v !== null) values[name] = v;
    });
    var number = field("number");
    values.number = number ? number.value : "";
    var game = field("game");
    values.game = game ? game.value : "";
    return values;
  }
  function dirty(values) {
    return CLEARED.some(function (name) {
      return values[name] !== undefined && String(values[name]).trim() !== "";
    });
  }
  function focusState() {
    var el = document.activeElement;
    if (!el || !el.name || !entryRow() || !entryRow().contains(el)) return null;
    var state = {name: el.name};
    try { state.start = el.selectionStart; state.end = el.selectionEnd; } catch (e) { /* no caret */ }
    return state;
  }
  function restoreFocus(state) {
    var el = state && field(state.name);
    if (!el || !entryRow() || !entryRow().contains(el)) {
      // Its row is gone (every game has ended): focus what comes next.
      var lost = !document.activeElement || document.activeElement === document.body;
      if ((state || lost) && window.manilleSheet) window.manilleSheet.focusEntry();
      return;
    }
    el.focus();
    try {
      if (state.start != null) el.setSelectionRange(state.start, state.end);
    } catch (e) { /* no caret */ }
  }
  function writeEntry(values) {
    ENTRY_FIELDS.forEach(function (name) {
      if (values[name] !== undefined) setValue(field(name), values[name]);
    });
    refreshHints();
  }
  function refreshHints() {
    var api = window.manilleSheet;
    if (api) api.refreshEntry();
  }
  function clearEntry(declarer) {
    CLEARED.forEach(function (name) { setValue(field(name), ""); });
    var number = field("number");
    if (number) number.value = "";
    var d = field("declarer");
    if (d && declarer !== null && declarer !== undefined) d.value = String(declarer);
    refreshHints();
    var trump = field("trump");
    if (trump) trump.focus();
  }
  function lastNewDeal() {
    for (var i = queue.length - 1; i >= 0; i--) if (!queue[i].fields.number) return queue[i];
    return null;
  }
  function nextDeclarer() {
    var last = lastNewDeal();
    return last ? 1 - (parseInt(last.fields.declarer, 10) || 0) : null;
  }
  function showNextNumber() {
    var row = entryRow();
    if (!row || (field("number") && field("number").value)) return;
    var th = row.querySelector("th");
    if (!th) return;
    if (!th.dataset.serverNumber) th.dataset.serverNumber = th.textContent.trim();
    var base = parseInt(th.dataset.serverNumber, 10);
    var pending = queue.filter(function (i) {
      return !i.fields.number && i.fields.game === currentGame();
    }).length;
    if (!isNaN(base)) th.textContent = String(base + pending);
  }

  /* ---- what a deal looks like while it waits ------------------------------ */
  function summary(fields) {
    var keys = T.symbols || {};
    var trump = (fields.trump || "").trim();
    var sign = keys[trump] || keys[trump.toLowerCase()] || trump;
    var parts = [sign];
    var total = parseInt((sheetEl() || {dataset: {}}).dataset.total, 10) || 60;
    if (fields.points_a !== undefined && fields.points_a !== "") {
      var a = parseInt(fields.points_a, 10);
      var b = fields.points_b !== undefined && fields.points_b !== "" ? fields.points_b :
        (isNaN(a) || a < 0 || a > total ? "?" : String(total - a));
      parts.push(fields.points_a + "–" + b);
    }
    ["knocks", "tricks_a", "tens_a", "aces_a", "kings_a", "queens_a", "jacks_a"].forEach(function (name) {
      if (fields[name]) parts.push(label(name) + " " + fields[name]);
    });
    ["passed", "blind"].forEach(function (name) { if (fields[name]) parts.push(label(name)); });
    if (fields.revoke !== undefined && fields.revoke !== "") parts.push(label("revoke"));
    if (fields.number) parts.unshift(fmt(T.changing, {number: fields.number}));
    return parts.join(" · ");
  }
  function label(name) {
    var el = field(name);
    return el ? (el.getAttribute("aria-label") || name) : name;
  }

  /* ---- sending, one save at a time ---------------------------------------- */
  function pump() {
    if (inflight) return;
    var item = queue[0];
    if (!item) { idle(); render(); return; }
    if (item.state !== "queued") return;   // the director decides first
    var f = form();
    var url = item.url || (f && f.action);
    if (!url) return;
    inflight = item;
    item.state = "queued";
    var body = new URLSearchParams();
    Object.keys(item.fields).forEach(function (name) { body.set(name, item.fields[name]); });
    // A new deal goes to the game in play now: the one typed before may have ended.
    if (!item.fields.number && currentGame()) body.set("game", currentGame());
    body.set("version", String(knownVersion));
    body.set("key", item.key);
    body.set("csrfmiddlewaretoken", csrf());
    render();
    // No answer within 20 s counts as none: the same key is sent again later.
    var abort = window.AbortController ? new AbortController() : null;
    var timer = setTimeout(function () { if (abort) abort.abort(); }, 20000);
    fetch(url, {
      method: "POST", body: body, credentials: "same-origin", cache: "no-store",
      headers: {"HX-Request": "true", "X-CSRFToken": csrf()},
      signal: abort ? abort.signal : undefined
    }).then(function (r) {
      return r.text().then(function (text) { return {response: r, text: text}; });
    }).then(function (answer) {
      clearTimeout(timer);
      inflight = null;
      answered(item, answer.response, answer.text);
    }, function () {
      clearTimeout(timer);
      inflight = null;
      later(false);
    });
  }

  function later(logout) {
    offline += 1;
    loggedOut = logout;
    var seconds = Math.min(15, Math.pow(2, Math.min(offline, 4)) - 1);
    retryAt = Date.now() + seconds * 1000;
    clearTimeout(retryTimer);
    retryTimer = setTimeout(function () {
      retryTimer = null;
      if (loggedOut) refresh(); else pump();
    }, seconds * 1000);
    render();
  }

  // Logged out, or a stale CSRF token: read the sheet again (a login in another
  // tab gives the page a new token), then send.
  function refresh() {
    fetch(window.location.href, {
      credentials: "same-origin", cache: "no-store", headers: {"HX-Request": "true"}
    }).then(function (r) { return r.text(); }).then(function (text) {
      var root = parse(text);
      if (!root) { later(true); return; }
      loggedOut = false;
      offline = 0;
      noteVersion(root);
      show(root, false);
      pump();
    }, function () { later(true); });
  }

  function parse(text) {
    var doc = new DOMParser().parseFromString(text, "text/html");
    return doc.getElementById("sheet");
  }

  function messages(root) {
    var out = [];
    var top = root.querySelector("#sheet-error");
    if (top) out.push(top.textContent.trim());
    root.querySelectorAll("#entry-row td.field-error").forEach(function (td) {
      var text = Array.prototype.map.call(td.querySelectorAll(".errorlist li"), function (li) {
        return li.textContent.trim();
      }).join(" ");
      if (text) out.push((td.dataset.label ? td.dataset.label + ": " : "") + text);
    });
    root.querySelectorAll(".entry-errors .errorlist li").forEach(function (li) {
      out.push(li.textContent.trim());
    });
    return out.join(" ") || T.refused_unknown;
  }

  function answered(item, response, text) {
    var root = parse(text);
    if (!root) {                       // a login page, a proxy's or server's error
      later(response.status === 403 || response.redirected || response.status === 401);
      return;
    }
    offline = 0;
    loggedOut = false;
    noteVersion(root);
    if (response.ok) {
      drop(item);
      show(root, false);
      pump();
      return;
    }
    var conflict = response.status === 409 && root.querySelector("#conflict");
    item.state = conflict ? "conflict" : "refused";
    item.message = conflict ? "" : messages(root);
    save();
    var current = readEntry();
    if (!dirty(current) && !current.number) {
      // The row is free: the deal goes back into it, the server's message beside
      // its field (as a plain save shows it); the deals after it wait. It stays
      // in the stored queue until saved again or discarded.
      held = item.key;
      show(root, true);
    } else {
      show(root, false);
    }
    render();
  }

  function drop(item) {
    queue = queue.filter(function (i) { return i.key !== item.key; });
    save();
  }

  /* ---- showing the server's sheet, keeping what is typed ------------------- */
  function show(root, whole) {
    var old = sheetEl();
    if (!old) return;
    var typed = readEntry();
    var focus = focusState();
    if (!whole && typed.number && field("number")) {
      // A deal is being changed in its own row: show the answer once it is saved.
      latestSheet = root;
      document.querySelectorAll("#sheet input[name=version]").forEach(function (el) {
        el.value = String(knownVersion);
      });
      render();
      return;
    }
    latestSheet = null;
    var fresh = document.importNode(root, true);
    old.replaceWith(fresh);
    if (window.htmx) window.htmx.process(fresh);
    noteVersion(fresh);
    if (whole) {
      if (window.manilleSheet) window.manilleSheet.focusEntry();
    } else {
      // The answer's messages belong to the deal it refused, shown on its own
      // row: not to the entry row, which holds what is typed now.
      fresh.querySelectorAll("#entry-row .field-error").forEach(function (el) {
        el.classList.remove("field-error");
      });
      fresh.querySelectorAll("#entry-row .errorlist, .entry-errors, #sheet-error").forEach(function (el) {
        el.remove();
      });
      if (dirty(typed)) writeEntry(typed);
      else {
        var d = nextDeclarer();
        if (d !== null && field("declarer")) field("declarer").value = String(d);
        refreshHints();
      }
      restoreFocus(focus);
    }
    render();
  }

  /* ---- typing a deal ------------------------------------------------------ */
  function knownTrump(text) {
    var keys = T.symbols || {};
    var labels = window.manilleSheet ? window.manilleSheet.labels() : {};
    text = (text || "").trim();
    return !!(keys[text] || keys[text.toLowerCase()] || labels[text] || labels[text.toLowerCase()]);
  }

  document.addEventListener("submit", function (event) {
    var f = event.target;
    if (f && f.id !== "deal-form" && (f.method || "").toLowerCase() === "get" && busy()) {
      event.preventDefault();    // e.g. "go to table": after the deals are saved
      whenIdle(function () { f.submit(); });
      return;
    }
    if (!f || f.id !== "deal-form" || f !== form()) return;
    var submitter = event.submitter;
    if (submitter && submitter.hasAttribute("formaction")) return;   // remove a deal
    event.preventDefault();
    var values = readEntry();
    if (!dirty(values) && !values.number) {   // Enter on an empty row
      var trump = field("trump");
      if (trump) trump.focus();
      return;
    }
    var trumpBox = field("trump");
    if (trumpBox && !knownTrump(values.trump)) {
      var hint = trumpBox.parentElement.querySelector(".trump-hint");
      if (hint) hint.textContent = T.trump_first;
      trumpBox.focus();
      trumpBox.select();
      return;
    }
    var fields = {};
    Object.keys(values).forEach(function (name) {
      if (values[name] !== "" && values[name] !== null) fields[name] = values[name];
    });
    var copy = f.elements.namedItem("copy");
    if (copy) fields.copy = copy.value;
    var item = {key: newKey(), fields: fields, url: f.action, state: "queued", message: ""};
    var place = held ? queue.indexOf(itemByKey(held)) : -1;
    if (place >= 0) queue[place] = item;   // the corrected deal keeps its place
    else queue.push(item);
    held = null;
    save();
    var resume = draft;
    draft = null;
    if (values.number && latestSheet) {
      var pending = latestSheet;
      clearEntry(null);
      show(pending, false);
    } else {
      clearEntry(values.number ? null : 1 - (parseInt(values.declarer, 10) || 0));
    }
    if (resume) {
      writeEntry(resume);
      var box = field("trump");
      if (box) box.focus();
    }
    showNextNumber();
    render();
    pump();
  }, true);

  /* ---- the director's choices --------------------------------------------- */
  function itemByKey(key) {
    return queue.filter(function (i) { return i.key === key; })[0] || null;
  }

  bar.addEventListener("click", choose);
  document.addEventListener("click", function (event) {
    var el = event.target.closest && event.target.closest("#sheet [data-queue-action]");
    if (el && !bar.contains(el)) choose(event);   // the bar has its own listener
  });

  function choose(event) {
    var el = event.target.closest("[data-queue-action]");
    if (!el) return;
    event.preventDefault();
    var action = el.dataset.queueAction;
    var item = el.dataset.key ? itemByKey(el.dataset.key) : null;
    if (action === "correct" && item) {
      var typed = readEntry();
      if (dirty(typed) && !held) draft = typed;
      held = item.key;
      clearEntry(null);
      writeEntry(item.fields);
      var box = field("trump");
      if (box) { box.focus(); if (box.select) box.select(); }
    } else if (action === "discard" && item) {
      if (held === item.key) { held = null; clearEntry(null); }
      drop(item);
    } else if (action === "skip") {   // the deal in the entry row is not wanted
      var skipped = held && itemByKey(held);
      if (skipped) drop(skipped);
      held = null;
      clearEntry(null);
      if (draft) { writeEntry(draft); draft = null; }
    } else if (action === "after-theirs" || action === "discard-all") {
      if (held) { held = null; clearEntry(null); }
      if (action === "after-theirs") {
        queue.forEach(function (i) { if (i.state === "conflict") i.state = "queued"; });
      } else {
        queue = queue.filter(function (i) { return i.state !== "conflict"; });
      }
      save();
    } else if (action === "retry") {
      clearTimeout(retryTimer);
      retryTimer = null;
      if (loggedOut) {       // logged in again elsewhere: read the sheet's new token first
        refresh();
        return;
      }
    }
    render();
    pump();
  }

  /* ---- waiting for the queue: posting buttons and leaving the page --------- */
  function idle() {
    if (busy()) return;
    var waiting = afterIdle;
    afterIdle = [];
    if (waiting.length) {
      flash = "";
      waiting[waiting.length - 1]();
    }
  }
  function whenIdle(run) {
    if (!busy()) { run(); return; }
    afterIdle = [run];
    flash = blocked() ? T.wait_blocked : T.wait;
    render();
  }

  document.addEventListener("htmx:confirm", function (event) {
    if (!busy() || !event.detail || event.detail.verb === "get") return;
    var elt = event.detail.elt;
    if (!elt || !elt.closest || !elt.closest("#sheet")) return;
    event.preventDefault();
    var id = elt.id || (elt.querySelector && elt.querySelector("button[id]") ? elt.querySelector("button[id]").id : "");
    whenIdle(function () {
      var again = id && document.getElementById(id);
      if (again) again.click();
    });
  });

  document.addEventListener("click", function (event) {
    if (!busy() || event.defaultPrevented || event.button !== 0 ||
        event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
    var link = event.target.closest && event.target.closest("a[href]");
    if (!link || link.hasAttribute("hx-get") || link.target) return;
    event.preventDefault();
    whenIdle(function () { window.location.assign(link.href); });
  });

  window.addEventListener("beforeunload", function (event) {
    if (!queue.length && !inflight) return;
    event.preventDefault();
    event.returnValue = "";   // the queue is kept, but say so before leaving
  });

  document.addEventListener("htmx:afterSettle", function () {
    noteVersion();
    showNextNumber();
    render();
  });
  window.addEventListener("online", function () {
    clearTimeout(retryTimer);
    retryTimer = null;
    pump();
  });
  window.addEventListener("storage", function (event) {
    if (event.key === STORE && !inflight) { queue = load(); render(); pump(); }
  });

  /* ---- what the director sees --------------------------------------------- */
  function button(action, text, key, secondary) {
    var b = document.createElement("button");
    b.type = "button";
    b.className = "button small" + (secondary ? " secondary" : "");
    b.dataset.queueAction = action;
    if (key) b.dataset.key = key;
    b.textContent = text;
    return b;
  }

  function pendingRows() {
    document.querySelectorAll("#sheet tr.pending-row").forEach(function (tr) { tr.remove(); });
    var row = entryRow();
    var columns = row ? row.children.length : 0;
    queue.forEach(function (item, index) {
      var tr = document.createElement("tr");
      tr.className = "pending-row " + item.state + (item === inflight ? " sending" : "");
      tr.dataset.key = item.key;
      var th = document.createElement("th");
      th.className = "num";
      th.scope = "row";
      th.textContent = "…";
      var td = document.createElement("td");
      td.colSpan = Math.max(columns - 1, 1) + 10;
      var what = document.createElement("span");
      what.className = "pending-deal";
      what.textContent = summary(item.fields);
      var state = document.createElement("span");
      state.className = "pending-state";
      if (item.state === "refused") {
        state.textContent = fmt(T.refused, {message: item.message});
        state.setAttribute("role", "alert");
      } else if (item.state === "conflict") {
        state.textContent = T.conflict_row;
      } else {
        state.textContent = item === inflight ? T.sending : (blocked() ? T.waiting_blocked : T.waiting);
      }
      if (item.key === held) state.textContent = T.correcting;
      td.appendChild(what);
      td.appendChild(document.createTextNode(" "));
      td.appendChild(state);
      if (item.key === held) {
        td.appendChild(button("discard", T.discard, item.key, true));
      } else if (item.state === "refused") {
        td.appendChild(button("correct", T.correct, item.key, false));
        td.appendChild(button("discard", T.discard, item.key, true));
      } else if (item.state !== "queued" || (blocked() && index > 0)) {
        td.appendChild(button("discard", T.discard, item.key, true));
      }
      tr.appendChild(th);
      tr.appendChild(td);
      if (row) row.parentNode.insertBefore(tr, row);
    });
    return !!row;
  }

  function render() {
    var inRows = pendingRows();
    var text = bar.querySelector(".desk-queue-text");
    var actions = bar.querySelector(".desk-queue-actions");
    while (actions.firstChild) actions.removeChild(actions.firstChild);
    var count = queue.length;
    var conflict = queue.some(function (i) { return i.state === "conflict"; });
    var refused = queue.some(function (i) { return i.state === "refused"; });
    var line = "";
    if (conflict) {
      line = plural("conflict_one", "conflict_many", queue.filter(function (i) {
        return i.state === "conflict";
      }).length);
      actions.appendChild(button("after-theirs", T.after_theirs, null, false));
      actions.appendChild(button("discard-all", T.discard_mine, null, true));
    } else if (held) {
      line = count > 1 ? plural("held_one", "held_many", count - 1) : T.held_none;
      actions.appendChild(button("skip", T.skip, null, true));
    } else if (refused) {
      line = plural("refused_one", "refused_many", count);
    } else if (count && offline) {
      var seconds = Math.max(0, Math.ceil((retryAt - Date.now()) / 1000));
      line = fmt(loggedOut ? T.logged_out : T.offline, {count: count, seconds: seconds});
      actions.appendChild(button("retry", T.retry, null, false));
    } else if (count) {
      line = plural("saving_one", "saving_many", count);
    }
    if (!inRows && count) {
      line += " " + queue.map(function (i) { return summary(i.fields); }).join("; ");
    }
    if (flash && busy()) line = flash + " " + line;
    text.textContent = line;
    bar.hidden = !line;
    bar.classList.toggle("warn", conflict || refused || !!offline || !!held);
    place();
    showNextNumber();
  }

  // The count sits under the game being typed, where the director looks; with no
  // entry row, after the sheet.
  function place() {
    var row = entryRow();
    var wrap = row && row.closest(".table-wrap");
    var anchor = wrap || sheetEl();
    if (anchor && anchor.nextSibling !== bar) anchor.parentNode.insertBefore(bar, anchor.nextSibling);
  }

  // A reload or a lost connection kept the queue: send what is left.
  queue.forEach(function (item) { if (item.state === "sending") item.state = "queued"; });
  noteVersion();
  render();
  pump();
  setInterval(function () { if (offline && queue.length) render(); }, 1000);

  window.manilleDeskQueue = {busy: busy, whenIdle: whenIdle};
})();
