/* The round clock on the projector, the desk, a table's phone and "where do I
   sit?": ask the clock's JSON (data-clock-url) now and then, and count down
   by this device's own clock, corrected by its offset from the server's (the
   answer carries the server's time; half the round trip is allowed for). A
   poll that fails is tried again later and later (never before Retry-After, at
   most half a minute apart), as live.js does; the countdown goes on meanwhile.
   Elements marked data-clock-when-over show once the clock has run out. */
(function () {
  "use strict";
  var BACKOFF_CAP = 30000; // ms

  function text(seconds) {
    seconds = Math.max(0, seconds);
    var h = Math.floor(seconds / 3600), m = Math.floor(seconds % 3600 / 60);
    var s = seconds % 60;
    var mm = h ? (m < 10 ? "0" : "") + m : String(m);
    return (h ? h + ":" : "") + mm + ":" + (s < 10 ? "0" : "") + s;
  }

  function warningFor(left) {
    if (left <= 0) return "over";
    if (left <= 120) return "last";
    if (left <= 300) return "five";
    if (left <= 600) return "ten";
    return "";
  }

  function Clock(root) {
    this.root = root;
    this.url = root.getAttribute("data-clock-url");
    this.every = parseInt(root.getAttribute("data-clock-poll") || "15000", 10);
    this.time = root.querySelector("[data-clock-time]");
    this.note = root.querySelector("[data-clock-note]");
    this.state = null;
    this.offset = 0; // server time − this device's time, in ms
    this.failures = 0;
    this.timer = null;
    this.ticker = null;
    this.shownNote = null;
    var self = this;
    document.addEventListener("visibilitychange", function () {
      if (!document.hidden) self.poll();
    });
    this.poll();
  }

  Clock.prototype.backoff = function (error) {
    this.failures += 1;
    var wait = this.every * Math.pow(2, this.failures) * (0.8 + 0.4 * Math.random());
    var floor = ((error && error.retryAfter) || 0) * 1000;
    return Math.round(Math.max(Math.min(BACKOFF_CAP, wait), floor));
  };

  Clock.prototype.poll = function () {
    var self = this;
    clearTimeout(this.timer);
    var sent = Date.now();
    var wait = null;
    fetch(this.url, {cache: "no-store", credentials: "same-origin",
                     headers: {"Accept": "application/json"}})
      .then(function (r) {
        if (!r.ok) {
          var error = new Error(String(r.status));
          error.retryAfter = parseInt(r.headers.get("Retry-After"), 10) || 0;
          throw error;
        }
        return r.json();
      })
      .then(function (data) {
        var received = Date.now();
        if (typeof data.server_time === "number") {
          self.offset = data.server_time - (sent + received) / 2;
        }
        self.state = data;
        self.failures = 0;
        self.render();
      }, function (error) {
        wait = self.backoff(error);
      })
      .then(function () {
        var next = wait !== null ? wait : document.hidden ? self.every * 6 : self.every;
        self.timer = setTimeout(function () { self.poll(); }, next);
      });
  };

  /* Seconds left now: counted here while running, as answered otherwise. */
  Clock.prototype.left = function () {
    var s = this.state;
    if (s.status === "running" && typeof s.ends_at === "number") {
      var now = Date.now() + this.offset;
      return Math.max(0, Math.ceil((s.ends_at - now) / 1000));
    }
    return s.seconds_left || 0;
  };

  Clock.prototype.render = function () {
    var s = this.state, root = this.root, self = this;
    clearTimeout(this.ticker);
    if (!s || s.status === "none") {
      root.hidden = true;
      return;
    }
    root.hidden = false;
    var left = this.left();
    var status = s.status;
    if (status === "running" && left <= 0) status = "over";
    var warning = status === "not_started" ? "" : warningFor(left);
    if (status === "over") warning = "over";
    this.time.textContent = text(left);
    root.setAttribute("data-status", status);
    root.setAttribute("data-warning", warning);
    var note = root.getAttribute("data-text-" + (status === "paused" ? "paused"
      : status === "not_started" ? "not-started" : warning)) || "";
    if (note !== this.shownNote) { // the live region speaks a change only
      this.note.textContent = note;
      this.shownNote = note;
    }
    var over = status === "over";
    var marked = document.querySelectorAll("[data-clock-when-over]");
    for (var i = 0; i < marked.length; i++) marked[i].hidden = !over;
    if (status === "running") {
      if (left <= 0) { // time by this clock: the server says so a moment later
        clearTimeout(this.timer);
        this.timer = setTimeout(function () { self.poll(); }, 1500);
        return;
      }
      var ms = (s.ends_at - (Date.now() + this.offset)) % 1000;
      this.ticker = setTimeout(function () { self.render(); }, (ms > 0 ? ms : 1000) + 20);
    }
  };

  var roots = document.querySelectorAll("[data-clock-url]");
  for (var i = 0; i < roots.length; i++) new Clock(roots[i]);
})();
