// Keyboard helper for the score sheet: a trump key jumps to side A's points,
// side B is shown as the rest of the deal, and focus returns to the entry row.
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

  function focusEntry() {
    var target =
      document.querySelector("#sheet .field-error input, #sheet .field-error select") ||
      document.querySelector("#sheet [data-autofocus]") ||
      document.getElementById("confirm-sheet");
    if (target) {
      target.focus();
      if (target.select) target.select();
    }
    var a = document.querySelector("#sheet [data-points-a]");
    if (a) showB(a);
    var trump = document.querySelector("#sheet [data-trump]");
    if (trump && trump.value) {
      var hint = trump.parentElement.querySelector(".trump-hint");
      var name = labels()[trump.value.trim()] || labels()[trump.value.trim().toLowerCase()];
      if (hint) hint.textContent = name || "";
    }
  }

  document.addEventListener("DOMContentLoaded", focusEntry);
  document.addEventListener("htmx:afterSettle", focusEntry);
})();
