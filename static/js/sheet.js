// Keyboard helper for the score sheet: a trump key jumps to side A's points,
// side B is shown as the rest of the deal, and focus returns to the entry row;
// and the keys of the sheet and the results desk (previous, next, go to a table).
(function () {
  "use strict";

  function labels() {
    var el = document.getElementById("trump-keys");
    return el ? JSON.parse(el.textContent) : {};
  }

  function sheetTotal() {
    var sheet = document.getElementById("sheet");
    return sheet ? parseInt(sheet.dataset.total, 10) || 60 : 60;
  }

  function formOf(el) {
    return el.getAttribute("form") || "deal-form";
  }

  function showB(input) {
    var row = input.closest("tr");
    var out = row && row.querySelector("[data-points-b]");
    if (!out) return;
    var value = parseInt(input.value, 10);
    var total = sheetTotal();
    out.textContent = isNaN(value) || value < 0 || value > total ? "" : String(total - value);
  }

  document.addEventListener("input", function (event) {
    var el = event.target;
    if (el.matches && el.matches("[data-trump]")) {
      var text = el.value.trim();
      var name = labels()[text] || labels()[text.toLowerCase()];
      var hint = el.parentElement.querySelector(".trump-hint");
      if (hint) hint.textContent = name || "";
      if (name) {
        var next = document.querySelector('[data-after-trump][form="' + formOf(el) + '"]');
        if (next) {
          next.focus();
          if (next.select) next.select();
        }
      }
    } else if (el.matches && el.matches("[data-points-a]")) {
      showB(el);
    }
  });

  function refreshEntry() {
    var a = document.querySelector("#sheet [data-points-a]");
    if (a) showB(a);
    var trump = document.querySelector("#sheet [data-trump]");
    if (trump) {
      var hint = trump.parentElement.querySelector(".trump-hint");
      var text = trump.value.trim();
      var name = labels()[text] || labels()[text.toLowerCase()];
      if (hint) hint.textContent = name || "";
    }
  }

  function focusEntry() {
    var target =
      document.querySelector("#sheet .field-error input, #sheet .field-error select") ||
      document.querySelector("#sheet [data-autofocus]") ||
      document.getElementById("confirm-sheet");
    if (target) {
      target.focus();
      if (target.select) target.select();
    }
    refreshEntry();
  }

  // The desk's queue (desk_queue.js) keeps the entry row across its answers.
  window.manilleSheet = {focusEntry: focusEntry, refreshEntry: refreshEntry, labels: labels};

  document.addEventListener("DOMContentLoaded", focusEntry);
  document.addEventListener("htmx:afterSettle", focusEntry);

  // Keys of the results desk and the sheet, listed in their "?" help
  // (templates/scoring/_keys.html). They act only outside a box being typed in:
  // Esc leaves the box. "?" also works in the trump and table boxes, which
  // never hold one.
  function typing(el) {
    if (!el || !el.tagName) return false;
    var tag = el.tagName;
    return tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA" || el.isContentEditable;
  }

  // Leaving the sheet waits until the deals typed are saved.
  function go(href) {
    var queue = window.manilleDeskQueue;
    if (queue) queue.whenIdle(function () { window.location.assign(href); });
    else window.location.assign(href);
  }

  function follow(selector) {
    var link = document.querySelector(selector);
    if (!link) return false;
    go(link.href);
    return true;
  }

  function toggleHelp() {
    var help = document.getElementById("keys-help");
    if (!help) return false;
    help.open = !help.open;
    if (help.open) help.querySelector("summary").focus();
    return true;
  }

  function gotoTable() {
    var box = document.querySelector("[data-goto-table]");
    if (!box) return false;
    box.focus();
    box.select();
    return true;
  }

  document.addEventListener("keydown", function (event) {
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
    var el = event.target;
    var key = event.key;
    if (key === "Escape") {
      var help = document.getElementById("keys-help");
      if (help && help.open) help.open = false;
      if (typing(el)) el.blur();
      return;
    }
    if (key === "?" && el.matches && el.matches("[data-trump], [data-goto-table]")) {
      if (toggleHelp()) event.preventDefault();
      return;
    }
    if ((key === "t" || key === "/") && el.matches && el.matches("[data-goto-table]")) {
      event.preventDefault(); // already there: the box takes digits only
      el.select();
      return;
    }
    if (typing(el)) return;
    var done = false;
    if (key === "?") done = toggleHelp();
    else if (key === "t" || key === "/") done = gotoTable();
    else if (key === "[") done = follow('[data-key="prev"]');
    else if (key === "]") done = follow('[data-key="next"]');
    else if (key === "n") done = follow('[data-key="next-open"]');
    else if (key === "d") done = follow('[data-key="desk"]');
    else if (/^[0-5]$/.test(key)) {
      var filters = document.querySelectorAll("#desk-filters > a");
      var link = filters[parseInt(key, 10)];
      if (link) {
        go(link.href);
        done = true;
      }
    }
    if (done) event.preventDefault();
  });
})();
