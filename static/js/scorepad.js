// The score pad's keyboard and page helpers: focus the deal's first box, a trump
// letter (or suit sign) picks the trump and jumps to the points, digits pick a
// player in a row of player buttons; on a phone, the keypad types the numbers; on
// the new-game page, show only the house settings and help of the chosen variant.
(function () {
  "use strict";

  // Letter or suit sign → trump value, in the page's language.
  function trumpKeys() {
    var el = document.getElementById("pad-trump-keys");
    return el ? JSON.parse(el.textContent) : {};
  }

  function typing(el) {
    return el && el.tagName === "INPUT" && el.type !== "radio" && el.type !== "checkbox";
  }

  function focusFirst() {
    var form = document.getElementById("pad-deal");
    if (!form) return;
    var target =
      form.querySelector(".field-error input:not([type=hidden])") ||
      form.querySelector("[data-autofocus]:checked") ||
      form.querySelector("[data-autofocus]");
    if (target) {
      target.focus();
      if (target.select) target.select();
    }
  }

  function pickTrump(form, key) {
    var keys = trumpKeys();
    var trump = keys[key] || keys[key.toLowerCase()];
    if (!trump) return false;
    var radios = form.querySelectorAll('[data-field="trump"] input[type=radio]');
    for (var i = 0; i < radios.length; i++) {
      if (radios[i].value === trump) {
        radios[i].checked = true;
        var next = form.querySelector("[data-after-trump]");
        if (next) {
          next.focus();
          if (next.select) next.select();
        }
        return true;
      }
    }
    return false;
  }

  function pickNth(group, key) {
    var n = parseInt(key, 10);
    if (isNaN(n) || n < 1) return false;
    var radios = group.querySelectorAll("input[type=radio]");
    if (n > radios.length) return false;
    radios[n - 1].checked = true;
    radios[n - 1].focus();
    return true;
  }

  document.addEventListener("keydown", function (event) {
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
    var form = document.getElementById("pad-deal");
    var el = event.target;
    if (!form || !form.contains(el) || typing(el) || event.key.length !== 1) return;
    if (pickTrump(form, event.key)) {
      event.preventDefault();
      return;
    }
    var group = el.closest && el.closest('[data-field="declarer"], [data-field="revoke"]');
    if (group && pickNth(group, event.key)) event.preventDefault();
  });

  // The keypad (on a phone): digits go into the number box last tapped, the
  // points first; the phone's own keyboard stays closed (inputmode "none"), a
  // keyboard plugged in still types.
  var target = null;
  function keypadShown() {
    var pad = document.getElementById("pad-keypad");
    return !!pad && getComputedStyle(pad).display !== "none";
  }
  function setTarget(input) {
    if (target) target.classList.remove("pad-target");
    target = input;
    if (target) target.classList.add("pad-target");
  }
  function bindKeypad() {
    var form = document.getElementById("pad-deal");
    if (!form || !keypadShown()) return;
    var boxes = form.querySelectorAll("input.pad-number");
    boxes.forEach(function (box) {
      box.setAttribute("inputmode", "none"); // no phone keyboard; keys still type
      box.addEventListener("focus", function () { setTarget(box); });
      box.addEventListener("click", function () { setTarget(box); });
    });
    setTarget(
      form.querySelector(".field-error input.pad-number") ||
      form.querySelector("input.pad-number[data-after-trump]") ||
      boxes[0] || null
    );
    document.getElementById("pad-keypad").addEventListener("click", function (event) {
      var key = event.target.closest("[data-digit]");
      if (!key || !target) return;
      var digit = key.getAttribute("data-digit");
      var value = target.value;
      if (digit === "back") value = value.slice(0, -1);
      else if (value === "0") value = digit;
      else if (value.replace("-", "").length < 3) value += digit;
      target.value = value;
      target.dispatchEvent(new Event("input", {bubbles: true}));
    });
    // Choosing the trump (or a player) moves on to the points, as a letter does.
    form.addEventListener("change", function (event) {
      if (event.target.closest('[data-field="trump"]')) {
        setTarget(form.querySelector("input.pad-number[data-after-trump]") || target);
      }
    });
  }

  // On the new-game page: the house settings and help of the chosen variant only.
  function showVariant() {
    var form = document.getElementById("pad-new");
    if (!form) return;
    var chosen = form.querySelector("input[name=variant]:checked");
    var code = chosen ? chosen.value : "";
    form.querySelectorAll("[data-variants]").forEach(function (input) {
      var box = input.closest(".field");
      if (box) box.hidden = code !== "" && input.dataset.variants.split(" ").indexOf(code) < 0;
    });
    form.querySelectorAll("[data-variant-help]").forEach(function (item) {
      item.hidden = item.dataset.variantHelp !== code;
    });
  }

  // Choosing another club before any name is typed reloads the page with that
  // club's members to link the players to.
  function reloadForClub(select) {
    var form = document.getElementById("pad-new");
    var typed = Array.prototype.some.call(
      form.querySelectorAll(".pad-seat input"),
      function (input) { return input.value.trim() !== ""; }
    );
    if (typed) return;
    var chosen = form.querySelector("input[name=variant]:checked");
    var query = new URLSearchParams();
    if (select.value) query.set("club", select.value);
    if (chosen) query.set("variant", chosen.value);
    window.location.search = query.toString();
  }

  document.addEventListener("change", function (event) {
    if (event.target.name === "variant") showVariant();
    if (event.target.name === "club" && event.target.closest("#pad-new")) {
      reloadForClub(event.target);
    }
  });
  document.addEventListener("DOMContentLoaded", function () {
    showVariant();
    bindKeypad();
    focusFirst();
  });
})();
