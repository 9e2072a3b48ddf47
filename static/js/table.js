/* The table's phone page: who holds the phone, the games, a deal form made of
   buttons, acceptance by the opponents. It never loses a deal: every write gets a
   random key and waits in a queue kept in localStorage (per table code) until the
   server has it; the queue is sent in order, one write at a time, each with the
   sheet's last known version; a resent key is answered "replayed" and saved once.
   The sheet is polled every 2.5 s (ETag, 304) so two phones see each other.
   No answer, or the results service restarting (503, Retry-After), is "try
   again": the deals stay queued, polls and sends wait longer each time (never
   less than Retry-After, 15 s at most), and all goes on by itself once the
   server answers.
   Nothing typed leaves the queue without the player's choice: when the other
   phone saved first (a conflict), or finished the game a deal was typed for,
   the queue stops and asks, by the keypad, where the player looks; every deal
   not sent yet is listed there too, whatever game it was typed for. */
(function () {
  "use strict";
  var root = document.getElementById("table-app");
  if (!root) return;

  function data(id) {
    var el = document.getElementById(id);
    return el ? JSON.parse(el.textContent) : null;
  }
  var config = data("table-config");
  var T = data("table-strings");
  var state = data("table-data");
  var PREFIX = "manille-table:" + config.code + ":";
  var QUEUE_KEY = PREFIX + "queue";
  var SEAT_KEY = PREFIX + "seat";

  /* ---- small helpers ----------------------------------------------------- */
  function fmt(text, params) {
    return String(text).replace(/%\((\w+)\)s/g, function (m, name) {
      return params && params[name] != null ? String(params[name]) : "";
    });
  }
  function $(id) { return document.getElementById(id); }
  function h(tag, attrs, children) {
    var el = document.createElement(tag);
    if (attrs) {
      for (var name in attrs) {
        if (!Object.prototype.hasOwnProperty.call(attrs, name)) continue;
        var value = attrs[name];
        if (value === null || value === undefined || value === false) continue;
        if (name === "class") el.className = value;
        else if (name === "text") el.textContent = value;
        else el.setAttribute(name, value === true ? "" : String(value));
      }
    }
    (children || []).forEach(function (child) {
      if (child === null || child === undefined || child === false) return;
      el.appendChild(typeof child === "string" || typeof child === "number"
        ? document.createTextNode(String(child)) : child);
    });
    return el;
  }
  function clear(el) { while (el.firstChild) el.removeChild(el.firstChild); }
  function load(key, fallback) {
    try {
      var raw = localStorage.getItem(key);
      return raw === null ? fallback : JSON.parse(raw);
    } catch (e) { return fallback; }
  }
  function store(key, value) {
    try { localStorage.setItem(key, JSON.stringify(value)); } catch (e) { /* full or private */ }
  }
  function newKey() {
    var bytes = new Uint8Array(16);
    window.crypto.getRandomValues(bytes);
    var out = "";
    for (var i = 0; i < bytes.length; i++) out += ("0" + bytes[i].toString(16)).slice(-2);
    return out;
  }
  function csrf() {
    var match = document.cookie.match(/(?:^|;\s*)csrftoken=([^;]+)/);
    return match ? decodeURIComponent(match[1]) : "";
  }
  var SUITS = {};
  config.suits.forEach(function (s) { SUITS[s.trump] = s; });
  function sideLetter(side) { return side === 1 ? T.letter_b : T.letter_a; }

  /* ---- what the page holds ------------------------------------------------ */
  var queue = load(QUEUE_KEY, []);
  if (!Array.isArray(queue)) queue = [];
  queue.forEach(function (item) { if (item.status === "sending") item.status = "queued"; });
  var seat = load(SEAT_KEY, null);
  var choosing = false;
  var inflight = null;
  var offline = false;
  var refused = null;
  var etag = null;
  var formError = null;
  var confirmingUndo = null;
  var rejecting = {};
  // Personal codes typed for an acceptance: by scope while typed, by write's key
  // once sent. Kept in memory only, never in the stored queue.
  var typedCodes = {};
  var sentCodes = {};
  var codeErrors = {};  // scope -> the refusal of the code typed
  var handing = {};     // scope of an acceptance -> the opponent holding the phone
  var handedBack = null; // {name, holder}: an acceptance just sent
  var notice = null;    // a message for the keypad's alert (not tied to a deal)
  var draft = freshDraft(0);
  var SHOWN = 3;        // deals of the game in play shown unfolded
  var openOlder = {};

  function freshDraft(side) {
    return {trump: null, declarer: null, passed: false, blind: false, knocks: 0,
            side: side || 0, digits: "", revoke: null};
  }
  function saveQueue() { store(QUEUE_KEY, queue); }
  function seats() { return state.seats || []; }
  function seatName(number) {
    var found = seats().filter(function (s) { return s.seat === number; })[0];
    return found ? found.name : fmt(T.seat, {seat: number});
  }
  function game(number) {
    return (state.games || []).filter(function (g) { return g.number === number; })[0] || null;
  }
  function currentGame() { return state.current_game ? game(state.current_game) : null; }
  function pendingDeals(number) {
    return queue.filter(function (i) { return i.action === "deal" && i.game === number; });
  }
  function rules() { return state.rules || {}; }
  function maxKnocks() {
    var m = rules().max_knocks;
    return m === null || m === undefined ? 10 : m;
  }

  /* ---- the queue: sent in order, one at a time ---------------------------- */
  function enqueue(action, seatNumber, fields, extra) {
    var item = {key: newKey(), action: action, seat: seatNumber, fields: fields,
                status: "queued", message: ""};
    for (var name in extra || {}) if (name !== "secret") item[name] = extra[name];
    if (extra && extra.secret) sentCodes[item.key] = extra.secret;  // not stored
    queue.push(item);
    saveQueue();
    render();
    pump();
  }

  function pump() {
    if (inflight || refused || Date.now() < resumeAt) return;
    var item = null;
    for (var i = 0; i < queue.length; i++) {
      if (waiting(queue[i])) return; // the player decides first
      if (queue[i].status === "queued") { item = queue[i]; break; }
    }
    if (!item) return;
    if (endedFor(item)) {
      // Its game ended meanwhile (on the other phone): not sent, not moved on
      // to the next game, until the player says so.
      item.status = "ended";
      saveQueue();
      render();
      return;
    }
    inflight = item;
    var body = new URLSearchParams();
    for (var name in item.fields) body.set(name, item.fields[name]);
    body.set("key", item.key);
    body.set("seat", String(item.seat));
    body.set("version", String(state.version));
    if (sentCodes[item.key]) body.set("personal_code", sentCodes[item.key]);
    fetch(config.urls[item.action], {
      method: "POST", body: body, credentials: "same-origin", cache: "no-store",
      headers: {"X-CSRFToken": csrf(), "Accept": "application/json"}
    }).then(function (r) {
      var tag = r.headers.get("ETag");
      var wait = retryAfter(r);
      return r.json().then(function (json) { return {status: r.status, body: json, etag: tag, wait: wait}; },
                           function () { return {status: r.status, body: null, wait: wait}; });
    }).then(function (answer) {
      inflight = null;
      answered(item, answer);
    }, function () {
      inflight = null;
      offline = true;
      backoff(0);
      render();
    });
  }

  function waiting(item) { return item.status === "conflict" || item.status === "ended"; }
  function endedFor(item) {
    if (item.action !== "deal" || (item.fields && item.fields.number)) return false;
    var g = game(item.game);
    return !!(g && g.finished);
  }

  function drop(item) {
    queue = queue.filter(function (i) { return i !== item && i.key !== item.key; });
    saveQueue();
  }

  function answered(item, answer) {
    var body = answer.body || {};
    if (answer.status < 500) answeredAgain();
    if (answer.status === 200 && body.state) {
      offline = false;
      drop(item);
      // The write's answer is the sheet's state, tagged: the next poll is a 304.
      if (answer.etag && body.state.version >= state.version) etag = answer.etag;
      setState(body.state);
      render();
      pump();
      return;
    }
    if (body.refused) {            // the code may not write now (403, 404, 429)
      offline = false;
      refused = body;
      render();
      return;
    }
    if (body.state) setState(body.state);
    if (answer.status === 409 && !body.error) {   // the other phone saved first
      offline = false;
      if (item.action === "accept") {
        // The result may have changed: the opponent looks at it again.
        drop(item);
        notice = T.accept_again;
        render();
        pump();
        return;
      }
      item.status = "conflict";
      saveQueue();
      render();
      return;
    }
    if ((answer.status === 422 || answer.status === 409) && body.error) {
      offline = false;
      if (body.error.code === "game_over" && item.action === "deal") {
        item.status = "ended";    // the game was finished on the other phone
        saveQueue();
        render();
        return;
      }
      refuse(item, body.error);
      render();
      pump();
      return;
    }
    offline = true;                 // a server or proxy error: try again later
    backoff(answer.wait);
    render();
  }

  function pristine() {
    return !draft.trump && !draft.digits && draft.revoke === null && !draft.knocks &&
      !draft.passed && !draft.blind;
  }

  function refuse(item, error) {
    if (item.action === "deal" && item.draft && pristine()) {
      // The deal comes back into the form, the engine's message beside it.
      drop(item);
      draft = item.draft;
      formError = error.message;
      return;
    }
    if (item.action === "deal") {
      item.status = "refused";
      item.message = error.message;
      saveQueue();
      return;
    }
    drop(item);
    if (item.action === "accept" && error.field === "personal_code" && item.scope) {
      // The same opponent types the code again, where it was typed.
      handing[item.scope] = item.player;
      codeErrors[item.scope] = error.message;
      return;
    }
    formError = error.message;
  }

  /* ---- the sheet's state: polled, and answered by every write ------------- */
  function setState(next) {
    if (!next || typeof next.version !== "number") return;
    if (next.version < state.version) return; // an older answer arriving late
    state = next;
  }

  /* ---- trying again: later each time, never before the server's Retry-After */
  var EVERY = config.poll || 2500;
  var BACKOFF_CAP = 15000;  // ms: the longest wait between two tries
  var failures = 0;         // polls and sends failed in a row
  var resumeAt = 0;         // no poll or timed send before this (ms)
  var pollTimer = null;

  function retryAfter(response) {
    return parseInt(response.headers.get("Retry-After"), 10) || 0;
  }
  function backoff(seconds) {
    // EVERY × 2^(n-1) after the n-th failure give or take a fifth (the hall's
    // phones spread out), at most BACKOFF_CAP, at least the server's Retry-After.
    // One moment for the poll and the sends alike: the next try is both.
    failures += 1;
    var wait = EVERY * Math.pow(2, failures - 1) * (0.8 + 0.4 * Math.random());
    wait = Math.round(Math.max(Math.min(BACKOFF_CAP, wait), (seconds || 0) * 1000));
    resumeAt = Math.max(resumeAt, Date.now() + wait);
  }
  function answeredAgain() { failures = 0; resumeAt = 0; }
  function schedulePoll(wait) {
    clearTimeout(pollTimer);
    pollTimer = setTimeout(poll, wait);
  }

  function poll() {
    if (refused && refused.code === "unknown") return; // the table is gone: stop
    if (document.hidden) { schedulePoll(EVERY); return; }
    var early = resumeAt - Date.now();
    if (early > 0) { schedulePoll(early); return; }  // not before the next try
    if (offline) pump();  // what waits is sent too: the first answer ends the wait
    var headers = {"Accept": "application/json"};
    if (etag) headers["If-None-Match"] = etag;
    fetch(config.urls.state, {headers: headers, credentials: "same-origin", cache: "no-store"})
      .then(function (r) {
        if (r.status === 304) {
          answeredAgain();
          if (offline) { offline = false; render(); pump(); }
          return;
        }
        var wait = retryAfter(r);
        return r.json().then(function (body) {
          if (r.ok && body.state) {
            answeredAgain();
            etag = r.headers.get("ETag");
            refused = null;
            setState(body.state);
            offline = false;
            render();
            pump();
          } else if (body && body.refused) {
            answeredAgain();
            refused = body;
            offline = false;
            render();
          } else {
            throw {wait: wait};   // 503 while the service restarts, a 5xx
          }
        }, function () { throw {wait: wait}; });  // not JSON: a proxy's page
      })
      .then(function () {
        if (!(refused && refused.code === "unknown")) schedulePoll(EVERY);
      }, function (failure) {
        if (!offline) { offline = true; render(); }
        backoff(failure && failure.wait);
        schedulePoll(Math.max(0, resumeAt - Date.now()));
      });
  }

  /* ---- rendering ----------------------------------------------------------- */
  function render() {
    renderHead();
    renderBanner();
    renderChooser();
    renderAcceptance();
    renderGames();
    renderForm();
    renderUnsent();
    root.dataset.ready = "1";
    root.dataset.version = String(state.version);
    root.dataset.queued = String(queue.length);
  }

  function renderHead() {
    var badge = $("table-state");
    badge.textContent = state.table_state_label || "";
    badge.dataset.state = state.table_state || "";
    badge.hidden = !state.table_state; // nothing entered at the table yet
    var holder = $("holder");
    holder.hidden = !seat || choosing;
    if (seat) $("holder-name").textContent = fmt(T.held_by, {name: seatName(seat)});
  }

  function renderBanner() {
    var banner = $("banner");
    var unsent = queue.filter(function (i) { return i.status === "queued"; }).length;
    var text = "";
    var kind = "";
    if (refused) { text = refused.refused; kind = refused.code === "confirmed" ? "done" : "refused"; }
    else if (offline && unsent) { text = T.offline; kind = "offline"; }
    else if (offline) { text = T.no_connection; kind = "offline"; }
    else if (state.table_state === "disputed") { text = T.disputed; kind = "disputed"; }
    banner.textContent = text;
    banner.dataset.kind = kind;
    banner.hidden = !text;
  }

  function renderChooser() {
    var known = seat && seats().some(function (s) { return s.seat === seat; });
    var show = choosing || !known;
    $("seat-chooser").hidden = !show;
    var box = $("seat-buttons");
    clear(box);
    seats().forEach(function (s) {
      box.appendChild(h("button", {
        type: "button", "class": "seat-button", "data-seat": s.seat,
        "aria-pressed": s.seat === seat ? "true" : "false"
      }, [h("b", {text: s.name}), s.club ? h("small", {text: s.club}) : null]));
    });
  }

  function summary(item) {
    var f = item.fields;
    var parts = [];
    if (item.action === "delete") return T.undo + " · " + fmt(T.deal, {number: f.number});
    if (item.action === "accept") {
      return fmt(f.accepted === "1" ? T.accept_as : T.reject_as, {name: seatName(+f.player || item.seat)});
    }
    var suit = SUITS[f.trump];
    if (suit) parts.push(suit.symbol || suit.name);
    if (f.points_a !== undefined) parts.push(T.side_a + " " + f.points_a);
    if (f.points_b !== undefined) parts.push(T.side_b + " " + f.points_b);
    if (f.revoke !== "" && f.revoke !== undefined) parts.push(T.revoke + " " + fmt(T.revoke_by, {side: sideLetter(+f.revoke)}));
    return parts.join(" · ");
  }

  function say(text) {
    // The keypad's live region: written only when its words change, so a poll
    // re-rendering the page does not announce it again.
    var alert = $("keypad-alert");
    if (alert.textContent !== (text || "")) alert.textContent = text || "";
  }

  function unsentItems() {
    return queue.filter(function (i) { return i.action !== "accept"; });
  }

  function unsentRow(item) {
    var status = item === inflight ? T.sending
      : item.status === "refused" ? T.refused
      : item.status === "ended" ? T.not_sent : T.unsent;
    var row = h("li", {"class": "deal-row pending " + item.status, "data-key": item.key}, [
      h("span", {"class": "deal-no", text: fmt(T.game_short, {number: item.game || ""})}),
      h("span", {"class": "deal-summary", text: summary(item)}),
      h("span", {"class": "deal-status", text: status})
    ]);
    if (item.status === "refused") {
      row.appendChild(h("span", {"class": "deal-error", text: item.message}));
      row.appendChild(h("span", {"class": "deal-actions"}, [
        h("button", {type: "button", "class": "button small", "data-action": "correct", "data-key": item.key, text: T.correct}),
        h("button", {type: "button", "class": "button small secondary", "data-action": "discard", "data-key": item.key, text: T.discard})
      ]));
    }
    return row;
  }

  function renderUnsent() {
    var box = $("unsent");
    // By the keypad while the deal form shows; under the games when it does not.
    var form = $("deal-form");
    var home = form.hidden ? $("unsent-home") : form;
    if (box.parentNode !== home) {
      if (home === form) form.insertBefore(box, $("save-deal"));
      else home.appendChild(box);
    }
    var items = unsentItems();
    var conflict = queue.filter(waiting)[0] || null;
    var refusedItem = items.filter(function (i) { return i.status === "refused"; })[0];
    var text = "";
    if (conflict && conflict.status === "conflict") text = T.conflict;
    else if (conflict) {
      text = fmt(T.ended, {game: conflict.game});
    } else if (refusedItem) text = fmt(T.refused_deal, {game: refusedItem.game, message: refusedItem.message});
    else if (notice) text = notice;
    say(text);
    var panel = $("conflict");
    clear(panel);
    panel.hidden = !conflict;
    if (conflict) {
      panel.dataset.kind = conflict.status;
      panel.appendChild(h("p", {"class": "conflict-deal"}, [
        h("b", {text: fmt(T.game, {number: conflict.game || ""})}), " ", summary(conflict)
      ]));
      var actions = h("div", {"class": "actions"});
      if (conflict.status === "conflict") {
        actions.appendChild(h("button", {type: "button", "class": "button", "data-action": "resend", "data-key": conflict.key, text: T.send_anyway}));
      } else {
        var next = currentGame();
        if (next && next.number !== conflict.game) {
          actions.appendChild(h("button", {type: "button", "class": "button", "data-action": "move", "data-key": conflict.key,
            "data-game": next.number, text: fmt(T.move_to, {game: next.number})}));
        }
      }
      actions.appendChild(h("button", {type: "button", "class": "button secondary", "data-action": "discard", "data-key": conflict.key, text: T.discard}));
      panel.appendChild(actions);
    }
    var list = $("unsent-deals");
    clear(list);
    $("unsent-list").hidden = !items.length;
    $("unsent-title").textContent = fmt(T.unsent_title, {count: items.length});
    items.forEach(function (item) { list.appendChild(unsentRow(item)); });
  }

  function either(names) {
    // "A", "A or B", "A, B or C"
    if (names.length < 2) return names.join("");
    return fmt(T.either, {first: names.slice(0, -1).join(", "), last: names[names.length - 1]});
  }

  function acceptancePanel(title, result, allowed, gameNumber) {
    var scope = gameNumber === null ? "table" : String(gameNumber);
    var pending = queue.filter(function (i) {
      return i.action === "accept" && String(i.fields.game || "table") === scope;
    })[0];
    var panel = h("div", {"class": "accept-panel card", "data-accept": scope}, [
      h("h2", {text: title})
    ]);
    if (pending) {
      panel.appendChild(result);
      panel.appendChild(h("p", {"class": "pending", text: T.unsent}));
      return panel;
    }
    var player = handing[scope];
    if (player && allowed.indexOf(player) < 0) player = handing[scope] = null;
    if (!player) {
      // Step 1: the phone goes to the other side; its player says who they are.
      panel.appendChild(result);
      panel.appendChild(h("p", {"class": "hand-over", text: fmt(T.give_phone, {
        names: either(allowed.map(seatName))
      })}));
      var who = h("div", {"class": "accept-buttons", role: "group", "aria-label": T.who_accepts});
      allowed.forEach(function (n) {
        who.appendChild(h("button", {
          type: "button", "class": "hand-button", "data-action": "hand",
          "data-game": scope, "data-seat": n
        }, [h("b", {text: fmt(T.i_am, {name: seatName(n)})})]));
      });
      panel.appendChild(who);
      return panel;
    }
    // Step 2: the opponent, holding the phone, accepts or rejects.
    var name = seatName(player);
    panel.appendChild(h("p", {"class": "hand-over", text: fmt(T.check_result, {name: name})}));
    panel.appendChild(result);
    if (state.asks_personal_code) {
      var codeId = "personal-code-" + scope;
      panel.appendChild(h("div", {"class": "personal-code-box"}, [
        h("label", {"for": codeId, text: fmt(T.personal_code, {name: name})}),
        h("input", {id: codeId, type: "password", "data-personal-code": scope,
                    autocomplete: "off", autocapitalize: "characters", spellcheck: "false",
                    maxlength: 8, size: 6, "class": "personal-code"})
      ]));
      panel.querySelector("input").value = typedCodes[scope] || "";
      if (codeErrors[scope]) {
        panel.appendChild(h("p", {"class": "error", role: "alert", text: codeErrors[scope]}));
      }
    }
    var buttons = h("div", {"class": "accept-buttons"});
    buttons.appendChild(h("button", {
      type: "button", "class": "button accept", "data-action": "accept",
      "data-game": scope, "data-seat": player, text: fmt(T.accept_as, {name: name})
    }));
    if (!rejecting[scope]) {
      buttons.appendChild(h("button", {
        type: "button", "class": "button secondary", "data-action": "reject-open",
        "data-game": scope, text: T.reject
      }));
    }
    panel.appendChild(buttons);
    if (rejecting[scope]) {
      var id = "reason-" + scope;
      var reject = h("div", {"class": "reject-box"}, [
        h("label", {"for": id, text: T.reason}),
        h("textarea", {id: id, rows: 2, maxlength: 500, "data-reason": scope})
      ]);
      reject.querySelector("textarea").value = rejecting[scope].reason || "";
      reject.appendChild(h("button", {
        type: "button", "class": "button danger", "data-action": "reject",
        "data-game": scope, "data-seat": player, text: fmt(T.reject_as, {name: name})
      }));
      reject.appendChild(h("button", {
        type: "button", "class": "button secondary", "data-action": "reject-cancel",
        "data-game": scope, text: T.cancel
      }));
      panel.appendChild(reject);
    }
    panel.appendChild(h("button", {
      type: "button", "class": "link not-me", "data-action": "hand-back",
      "data-game": scope, text: fmt(T.not_me, {name: name})
    }));
    return panel;
  }

  function resultLine(g) {
    var winner = g.winner === 0 ? g.names_a : g.winner === 1 ? g.names_b : null;
    return h("p", {"class": "result-line"}, [
      h("span", {"class": "score"}, [g.score_a + " – " + g.score_b]), " ",
      winner ? fmt(T.won_by, {names: winner}) : T.draw
    ]);
  }

  function renderAcceptance() {
    var box = $("acceptance");
    var focused = document.activeElement && document.activeElement.dataset
      ? document.activeElement.dataset.reason : undefined;
    Object.keys(rejecting).forEach(function (scope) {
      var area = box.querySelector('[data-reason="' + scope + '"]');
      if (area) rejecting[scope].reason = area.value;
    });
    var typing = document.activeElement && document.activeElement.dataset
      ? document.activeElement.dataset.personalCode : undefined;
    Array.prototype.forEach.call(box.querySelectorAll("[data-personal-code]"), function (input) {
      typedCodes[input.dataset.personalCode] = input.value;
    });
    clear(box);
    if (!seat || refused) return;
    if (handedBack) {
      box.appendChild(h("p", {"class": "handed-back", role: "status", text: fmt(
        handedBack.accepted ? T.give_back : T.give_back_rejected,
        {name: handedBack.name, holder: handedBack.holder})}));
    }
    (state.games || []).forEach(function (g) {
      if (!g.needs_acceptance) return;
      box.appendChild(acceptancePanel(
        fmt(T.game, {number: g.number}) + " · " + T.accept_title,
        resultLine(g), g.may_accept || [], g.number));
    });
    if (state.table_needs_acceptance) {
      var lines = h("div", {}, (state.games || []).map(function (g) {
        return h("p", {}, [h("b", {text: fmt(T.game, {number: g.number}) + ": "}), resultLine(g)]);
      }));
      box.appendChild(acceptancePanel(T.accept_table_title, lines, state.table_may_accept || [], null));
    }
    if (focused !== undefined) {
      var again = box.querySelector('[data-reason="' + focused + '"]');
      if (again) again.focus();
    }
    if (typing !== undefined) {
      var field = box.querySelector('[data-personal-code="' + typing + '"]');
      if (field) field.focus();
    }
  }

  function dealRow(d) {
    var suit = SUITS[d.trump] || {};
    var marks = [];
    if (d.factor && d.factor > 1) marks.push("×" + d.factor);
    if (d.blind) marks.push(T.blind);
    if (d.passed) marks.push(T.passed);
    if (d.revoke !== null && d.revoke !== undefined) marks.push(T.revoke + " " + sideLetter(d.revoke));
    return h("li", {"class": "deal-row", "data-deal": d.number}, [
      h("span", {"class": "deal-no", text: d.number}),
      h("span", {"class": "deal-trump" + (suit.red ? " red-suit" : "") + (suit.symbol ? "" : " no-trump"),
                 title: suit.name || ""},
        [suit.symbol || suit.name || d.trump]),
      h("span", {"class": "deal-points", text: d.points_a + "–" + d.points_b}),
      h("span", {"class": "deal-marks", text: marks.join(" ")}),
      h("span", {"class": "deal-score num", text: String(d.score_a)}),
      h("span", {"class": "deal-score num", text: String(d.score_b)})
    ]);
  }

  function pendingRow(item, number) {
    var row = h("li", {"class": "deal-row pending " + item.status, "data-key": item.key}, [
      h("span", {"class": "deal-no", text: number}),
      h("span", {"class": "deal-summary", text: summary(item)}),
      h("span", {"class": "deal-status", text: item.status === "refused" ? T.refused : T.unsent})
    ]);
    // What to do about it is asked by the keypad (renderUnsent).
    if (item.status === "refused") row.appendChild(h("span", {"class": "deal-error", text: item.message}));
    return row;
  }

  function gameBlock(g, current) {
    var count = (state.games || []).length;
    var aWon = g.finished && g.winner === 0, bWon = g.finished && g.winner === 1;
    var head = h("div", {"class": "game-head"}, [
      h("h2", {text: fmt(T.game_of, {number: g.number, count: count}) +
        (rules().target ? " · " + fmt(T.target, {target: rules().target}) : "")}),
      h("div", {"class": "sides"}, [
        h("p", {"class": "side" + (aWon ? " won" : "")}, [
          h("span", {"class": "side-letter", text: T.letter_a}),
          h("span", {"class": "side-names", text: g.names_a}),
          h("strong", {"class": "side-total", "data-total": "a", text: String(g.score_a)})
        ]),
        h("p", {"class": "side" + (bWon ? " won" : "")}, [
          h("span", {"class": "side-letter", text: T.letter_b}),
          h("span", {"class": "side-names", text: g.names_b}),
          h("strong", {"class": "side-total", "data-total": "b", text: String(g.score_b)})
        ])
      ])
    ]);
    var list = h("ol", {"class": "deal-list"});
    var deals = g.deals || [];
    // The game in play keeps its last deals in sight and the deal form close to
    // the top; the earlier ones fold away (a tap shows them).
    var folded = current && deals.length > SHOWN ? deals.length - SHOWN : 0;
    var older = null;
    if (folded) {
      older = h("ol", {"class": "deal-list"});
      deals.slice(0, folded).forEach(function (d) { older.appendChild(dealRow(d)); });
    }
    deals.slice(folded).forEach(function (d) { list.appendChild(dealRow(d)); });
    var n = deals.length;
    pendingDeals(g.number).forEach(function (item) { list.appendChild(pendingRow(item, ++n)); });
    var children = [head];
    if (g.finished) {
      children.push(h("p", {"class": "game-over"}, [
        h("b", {text: T.finished}), " · ",
        g.winner === 0 ? fmt(T.won_by, {names: g.names_a})
          : g.winner === 1 ? fmt(T.won_by, {names: g.names_b}) : T.draw
      ]));
    }
    if (g.acceptance) {
      var a = g.acceptance;
      children.push(h("p", {"class": "acceptance-line " + (a.accepted ? "accepted" : "rejected")},
        [fmt(a.accepted ? T.accepted_by : T.rejected_by, {name: a.name}) + (a.reason ? ": " + a.reason : "")]));
    }
    if (older) {
      var fold = h("details", {"class": "older-deals"}, [
        h("summary", {text: fmt(T.earlier, {count: folded})}), older
      ]);
      if (openOlder[g.number]) fold.open = true;
      children.push(fold);
    }
    if (n) children.push(list);
    else children.push(h("p", {"class": "muted", text: T.no_deals}));
    var attrs = {"class": "game card" + (current ? " current" : "") + (g.finished ? " finished" : ""),
                 id: "game-" + g.number, "data-game": g.number};
    if (current) return h("article", attrs, children);
    // Other games fold away: their result shows, their deals on a tap.
    return h("details", attrs, [
      h("summary", {}, [h("b", {text: fmt(T.game, {number: g.number})}), " ",
        g.names_a + " " + g.score_a + " – " + g.score_b + " " + g.names_b]),
    ].concat(children));
  }

  function renderGames() {
    var box = $("games");
    var open = {};
    box.querySelectorAll("details.game[open]").forEach(function (d) { open[d.dataset.game] = true; });
    openOlder = {};
    box.querySelectorAll("details.older-deals[open]").forEach(function (d) {
      openOlder[d.closest(".game").dataset.game] = true;
    });
    clear(box);
    var current = currentGame();
    var games = state.games || [];
    var shown = current ? current.number : (games.length ? games[games.length - 1].number : null);
    games.forEach(function (g) {
      if (g.number === shown) return;
      if (!current || g.number < current.number || (g.deals && g.deals.length)) {
        var block = gameBlock(g, false);
        if (open[g.number]) block.open = true;
        box.appendChild(block);
      }
    });
    games.forEach(function (g) {
      if (g.number === shown) box.appendChild(gameBlock(g, true));
    });
  }

  function nextDeclarer(g) {
    var deals = (g.deals || []).slice();
    var pend = pendingDeals(g.number);
    if (pend.length) return 1 - (+pend[pend.length - 1].fields.declarer || 0);
    return deals.length ? 1 - (deals[deals.length - 1].declarer || 0) : 0;
  }

  function pressed(selector, test) {
    root.querySelectorAll(selector).forEach(function (b) {
      b.setAttribute("aria-pressed", test(b) ? "true" : "false");
    });
  }

  function renderForm() {
    var form = $("deal-form");
    var g = currentGame();
    var ready = seat && !choosing && !refused && seats().some(function (s) { return s.seat === seat; });
    form.hidden = !ready || !g;
    $("all-played").hidden = !ready || !!g;
    var lastDeal = lastDealTarget();
    $("undo-box").hidden = !ready || !lastDeal;
    $("undo-confirm").hidden = !confirmingUndo;
    if (confirmingUndo) {
      $("undo-question").textContent = fmt(T.undo_confirm, {number: confirmingUndo.number, game: confirmingUndo.game});
    }
    if (!g) return;
    var count = (g.deals || []).length + pendingDeals(g.number).length;
    $("deal-title").textContent = fmt(T.game, {number: g.number}) + " · " + fmt(T.deal, {number: count + 1});
    var r = rules();
    var declarer = draft.declarer === null ? nextDeclarer(g) : draft.declarer;
    pressed("[data-trump]", function (b) { return b.dataset.trump === draft.trump; });
    pressed("[data-declarer]", function (b) { return +b.dataset.declarer === declarer; });
    pressed("[data-side]", function (b) { return +b.dataset.side === draft.side; });
    pressed("[data-revoke]", function (b) {
      return b.dataset.revoke === (draft.revoke === null ? "" : String(draft.revoke));
    });
    $("passed-toggle").hidden = r.passed === false;
    $("blind-toggle").hidden = !r.blind;
    $("passed-toggle").setAttribute("aria-pressed", draft.passed ? "true" : "false");
    $("blind-toggle").setAttribute("aria-pressed", draft.blind ? "true" : "false");
    $("knocks-option").hidden = maxKnocks() === 0;
    $("knocks").textContent = String(draft.knocks);
    root.querySelector('[data-knock="-1"]').disabled = draft.knocks <= 0;
    root.querySelector('[data-knock="1"]').disabled = draft.knocks >= maxKnocks();
    root.querySelectorAll('[data-names="a"]').forEach(function (el) { el.textContent = g.names_a; });
    root.querySelectorAll('[data-names="b"]').forEach(function (el) { el.textContent = g.names_b; });
    var typed = draft.digits;
    $("points-typed").textContent = typed === "" ? "—" : typed;
    var other = "";
    if (typed !== "") {
      var value = parseInt(typed, 10);
      var rest = config.total - value;
      other = fmt(T.other_side, {side: sideLetter(1 - draft.side), points: rest >= 0 ? rest : "—"});
    }
    $("points-other").textContent = other;
    var error = $("form-error");
    error.textContent = formError || "";
    error.hidden = !formError;
  }

  function lastDealTarget() {
    var pend = queue.filter(function (i) { return i.action === "deal" && i !== inflight; });
    if (pend.length) {
      var item = pend[pend.length - 1];
      var g = game(item.game);
      return {game: item.game, number: (g ? g.deals.length : 0) + pendingDeals(item.game).length, item: item};
    }
    var games = (state.games || []).filter(function (x) { return x.deals && x.deals.length; });
    if (!games.length) return null;
    var last = games[games.length - 1];
    return {game: last.number, number: last.deals[last.deals.length - 1].number, item: null};
  }

  /* ---- what the player does -------------------------------------------------- */
  function submitDeal() {
    var g = currentGame();
    if (!g || !seat) return;
    if (!draft.trump) { formError = T.choose_trump; render(); return; }
    if (draft.digits === "" && draft.revoke === null) { formError = T.type_points; render(); return; }
    var declarer = draft.declarer === null ? nextDeclarer(g) : draft.declarer;
    var fields = {
      game: String(g.number), trump: draft.trump, declarer: String(declarer),
      passed: draft.passed ? "true" : "false", blind: draft.blind ? "true" : "false",
      knocks: String(draft.knocks), revoke: draft.revoke === null ? "" : String(draft.revoke)
    };
    if (draft.digits !== "") fields[draft.side === 0 ? "points_a" : "points_b"] = draft.digits;
    var kept = JSON.parse(JSON.stringify(draft));
    kept.declarer = declarer;
    formError = null;
    notice = null;
    handedBack = null;
    draft = freshDraft(draft.side);
    enqueue("deal", seat, fields, {game: g.number, draft: kept});
  }

  function focusIn(scope, action) {
    var target = root.querySelector('[data-accept="' + scope + '"] [data-action="' + action + '"]');
    if (target) target.focus();
  }

  function itemByKey(key) {
    return queue.filter(function (i) { return i.key === key; })[0] || null;
  }

  root.addEventListener("click", function (event) {
    var b = event.target.closest ? event.target.closest("button") : null;
    if (!b || !root.contains(b)) return;
    var ds = b.dataset;
    if (ds.seat && b.classList.contains("seat-button")) {
      seat = +ds.seat;
      store(SEAT_KEY, seat);
      choosing = false;
    } else if (ds.trump) {
      draft.trump = draft.trump === ds.trump ? null : ds.trump;
      if (formError === T.choose_trump) formError = null;
    } else if (ds.declarer !== undefined) {
      draft.declarer = +ds.declarer;
    } else if (ds.toggle) {
      draft[ds.toggle] = !draft[ds.toggle];
    } else if (ds.knock) {
      draft.knocks = Math.max(0, Math.min(maxKnocks(), draft.knocks + (+ds.knock)));
    } else if (ds.side !== undefined) {
      draft.side = +ds.side;
    } else if (ds.digit) {
      if (ds.digit === "back") draft.digits = draft.digits.slice(0, -1);
      else if (draft.digits.length < 2) draft.digits = draft.digits === "0" ? ds.digit : draft.digits + ds.digit;
      if (formError === T.type_points) formError = null;
    } else if (ds.revoke !== undefined) {
      draft.revoke = ds.revoke === "" ? null : +ds.revoke;
    } else if (ds.action === "change-seat") {
      choosing = true;
    } else if (ds.action === "undo") {
      var target = lastDealTarget();
      confirmingUndo = target;
    } else if (ds.action === "undo-no") {
      confirmingUndo = null;
    } else if (ds.action === "undo-yes") {
      var t = confirmingUndo;
      confirmingUndo = null;
      if (t && t.item) {
        if (t.item !== inflight) drop(t.item);
      } else if (t) {
        enqueue("delete", seat, {game: String(t.game), number: String(t.number)}, {game: t.game});
        return;
      }
    } else if (ds.action === "hand") {
      handing[ds.game] = +ds.seat;
      notice = null;
      render();
      focusIn(ds.game, "accept");  // the opponent's next step, for a keyboard too
      return;
    } else if (ds.action === "hand-back") {
      delete handing[ds.game];
      delete typedCodes[ds.game];
      delete codeErrors[ds.game];
      delete rejecting[ds.game];
      render();
      focusIn(ds.game, "hand");
      return;
    } else if (ds.action === "accept" || ds.action === "reject") {
      var scope = ds.game;
      var reason = "";
      if (ds.action === "reject") {
        var area = root.querySelector('[data-reason="' + scope + '"]');
        reason = area ? area.value.trim().slice(0, 500) : "";
      }
      var input = root.querySelector('[data-personal-code="' + scope + '"]');
      var typed = input ? input.value.trim() : "";
      delete rejecting[scope];
      delete handing[scope];
      delete typedCodes[scope];
      delete codeErrors[scope];
      notice = null;
      // Sent as the phone's holder (seat), for the player it was handed to.
      handedBack = {name: seatName(+ds.seat), holder: seatName(seat), accepted: ds.action === "accept"};
      enqueue("accept", seat, {
        game: scope === "table" ? "" : scope,
        accepted: ds.action === "accept" ? "1" : "0",
        reason: reason,
        player: String(+ds.seat)
      }, {game: scope === "table" ? null : +scope, scope: scope, player: +ds.seat,
          secret: typed});
      return;
    } else if (ds.action === "move") {
      var moved = itemByKey(ds.key);
      if (moved && moved.status === "ended") {
        moved.game = +ds.game;
        moved.fields.game = String(+ds.game);
        moved.status = "queued";
        saveQueue();
      }
      render();
      pump();
      return;
    } else if (ds.action === "reject-open") {
      rejecting[ds.game] = {reason: ""};
    } else if (ds.action === "reject-cancel") {
      delete rejecting[ds.game];
    } else if (ds.action === "resend") {
      var again = itemByKey(ds.key);
      if (again) { again.status = "queued"; saveQueue(); }
      render();
      pump();
      return;
    } else if (ds.action === "discard") {
      var gone = itemByKey(ds.key);
      if (gone && gone !== inflight) drop(gone);
      render();
      pump();
      return;
    } else if (ds.action === "correct") {
      var wrong = itemByKey(ds.key);
      if (wrong && wrong.draft && !pristine()) {
        formError = T.finish_first;  // never over a deal being typed
      } else if (wrong && wrong.draft) {
        draft = wrong.draft;
        formError = wrong.message;
        drop(wrong);
        $("deal-form").scrollIntoView({block: "start"});
      }
    } else {
      return;
    }
    render();
  });

  $("deal-form").addEventListener("submit", function (event) {
    event.preventDefault();
    submitDeal();
  });

  /* ---- keep trying ---------------------------------------------------------- */
  window.addEventListener("online", function () {
    answeredAgain(); offline = false; render(); pump(); poll();
  });
  window.addEventListener("offline", function () { offline = true; render(); });
  document.addEventListener("visibilitychange", function () { if (!document.hidden) poll(); });
  schedulePoll(EVERY);
  setInterval(function () {
    if (!inflight && queue.some(function (i) { return i.status === "queued"; })) pump();
  }, 3000);
  window.addEventListener("storage", function (event) {
    // Another tab of this phone on the same table: take its queue.
    if (event.key === QUEUE_KEY) { queue = load(QUEUE_KEY, []); render(); }
  });

  render();
  pump();
})();
