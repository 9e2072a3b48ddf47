/* The prize-giving on the keyboard: Space or Enter gives the prize shown (the
   next winner is called), Backspace takes the last one back, and when winners
   pick from the table 1–9, 0, a–z choose the prize with that key. Each key
   submits the screen's own form (htmx posts it and swaps the screen; without
   htmx the form posts and the page comes back), one at a time: a key pressed
   while the answer is on its way is dropped, so a held key gives one prize. */
(function () {
  "use strict";
  var busy = 0; // when the answer awaited was asked for (0: none awaited)
  var PATIENCE = 8000; // ms: an answer lost on the way frees the keys after this

  function screen() { return document.getElementById("giving"); }
  function send(form) {
    if (!form || (busy && Date.now() - busy < PATIENCE)) return false;
    var button = form.querySelector("button[type=submit]");
    if (button && button.disabled) return false;
    busy = Date.now();
    if (form.requestSubmit) form.requestSubmit(); else form.submit();
    return true;
  }

  function free() { busy = 0; }
  document.body.addEventListener("htmx:afterRequest", free);
  document.body.addEventListener("htmx:sendError", free);
  document.body.addEventListener("htmx:afterSwap", free);

  document.addEventListener("keydown", function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey || e.repeat) return;
    var root = screen();
    if (!root) return;
    var t = e.target;
    if (t && t.closest && t.closest("input, textarea, select, [contenteditable]")) return;
    // A focused button or link answers Space and Enter itself (it is what the
    // director tabbed to); only the big button's keys are ours everywhere.
    var onControl = t && t.closest && t.closest("button, a");
    var give = root.querySelector("form[data-give]");
    if (e.key === " " || e.key === "Enter") {
      if (onControl && !(give && give.contains(t))) return;
      e.preventDefault();
      send(give);
    } else if (e.key === "Backspace") {
      e.preventDefault();
      send(root.querySelector("form[data-undo]"));
    } else if (e.key.length === 1) {
      var pick = root.querySelector('form[data-pick-key="' + e.key.toLowerCase() + '"]');
      if (pick) {
        e.preventDefault();
        send(pick);
      }
    }
  });
})();
