/* Live public pages: poll the tournament's version (ETag/304), swap #live-region
   when it moves; filter rows by name; drive the projector's auto-scroll. */
(function () {
  "use strict";
  var root = document.querySelector("[data-live-version-url]");
  var FIND_KEY = "manille-find:" + location.pathname;

  /* ---- find a name: hide rows that do not match ---------------------------- */
  function applyFind() {
    var input = document.querySelector("[data-find]");
    if (!input) return;
    var q = input.value.trim().toLowerCase();
    var rows = document.querySelectorAll("#live-region tbody tr");
    var shown = 0;
    for (var i = 0; i < rows.length; i++) {
      var tr = rows[i];
      var name = tr.getAttribute("data-name") || tr.textContent.toLowerCase();
      var hit = !q || name.indexOf(q) !== -1;
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
  function say(text) { if (status) status.textContent = text; }
  function stamp() {
    var d = new Date();
    return d.toLocaleTimeString(document.documentElement.lang || [], {hour: "2-digit", minute: "2-digit", second: "2-digit"});
  }

  function refresh() {
    return fetch(location.href, {
      headers: {"X-Live-Region": "1"}, cache: "no-store", credentials: "same-origin"
    }).then(function (r) {
      if (!r.ok) throw new Error(String(r.status));
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

  if (root) {
    var url = root.getAttribute("data-live-version-url");
    var version = root.getAttribute("data-live-version");
    var etag = null;
    var every = parseInt(root.getAttribute("data-live-poll") || "2500", 10);
    var timer = null;
    var poll = function () {
      clearTimeout(timer);
      var headers = etag ? {"If-None-Match": etag} : {};
      fetch(url, {headers: headers, cache: "no-store", credentials: "omit"})
        .then(function (r) {
          if (r.status === 304) return null;
          if (!r.ok) throw new Error(String(r.status));
          etag = r.headers.get("ETag");
          return r.json();
        })
        .then(function (data) {
          if (data && String(data.version) !== String(version)) {
            var next = String(data.version);
            return refresh().then(function () { version = next; });
          }
        })
        .catch(function () { say("…"); })
        .then(function () {
          timer = setTimeout(poll, document.hidden ? every * 6 : every);
        });
    };
    document.addEventListener("visibilitychange", function () {
      if (!document.hidden) poll();
    });
    timer = setTimeout(poll, every);
  }

  bindRegion();

  /* ---- projector: show each panel in turn, scrolling it slowly -------------- */
  var screen = document.querySelector("[data-projector]");
  if (!screen) return;
  var params = new URLSearchParams(location.search);
  var speed = parseFloat(params.get("speed") || "40"); // pixels per second
  var pause = parseFloat(params.get("pause") || "5") * 1000;
  var current = 0;
  var phase = "hold";
  var since = performance.now();
  var last = since;
  var pos = 0;

  function panels() { return document.querySelectorAll("[data-panel]"); }
  function show(index) {
    var list = panels();
    if (!list.length) return;
    current = index % list.length;
    for (var i = 0; i < list.length; i++) list[i].hidden = i !== current;
    pos = 0;
    window.scrollTo(0, 0);
  }
  function bottom() {
    return window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2;
  }
  function tick(now) {
    var dt = now - last;
    last = now;
    if (phase === "hold" && now - since > pause) {
      phase = bottom() ? "end" : "scroll";
      since = now;
    } else if (phase === "scroll") {
      pos += speed * dt / 1000;
      window.scrollTo(0, Math.floor(pos));
      if (bottom()) { phase = "end"; since = now; }
    } else if (phase === "end" && now - since > pause) {
      show(current + 1);
      phase = "hold";
      since = now;
    }
    requestAnimationFrame(tick);
  }
  document.addEventListener("live:updated", function () {
    var list = panels();
    for (var i = 0; i < list.length; i++) list[i].hidden = i !== current;
    window.scrollTo(0, Math.floor(pos));
  });
  show(0);
  requestAnimationFrame(tick);
  var fs = document.querySelector("[data-fullscreen]");
  if (fs) {
    fs.addEventListener("click", function () {
      if (document.fullscreenElement) document.exitFullscreen();
      else document.documentElement.requestFullscreen().catch(function () {});
    });
  }
})();
