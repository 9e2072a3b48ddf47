// The new-tournament form's "Start from": choosing a preset fills, in place, every
// field it sets (from the page's #preset-data) and its phase rows (its
// <template id="preset-phases-CODE">), and says in a line what it sets. The
// event's name, address, date and venue are left as typed. Without this script the
// same choice asks the server for the page filled (?preset=CODE).
(function () {
  "use strict";
  var chooser = document.getElementById("preset-chooser");
  var data = document.getElementById("preset-data");
  var form = document.querySelector("form.settings-form");
  if (!chooser || !data || !form) return;
  var presets = JSON.parse(data.textContent);
  var select = chooser.querySelector("select[name=preset]");
  var line = document.getElementById("preset-line");
  var chosen = form.querySelector("input[name=preset]");
  var rows = form.querySelector(".phase-table tbody");
  var total = form.querySelector("input[name=phases-TOTAL_FORMS]");

  function setValue(field, value) {
    if (field.type === "checkbox") {
      field.checked = value === true;
    } else {
      field.value = value === null || value === undefined ? "" : String(value);
    }
  }

  function fill(code) {
    var preset = presets[code];
    if (!preset) return;
    Object.keys(preset.values).forEach(function (name) {
      var field = form.elements.namedItem(name);
      if (field && !field.disabled) setValue(field, preset.values[name]);
    });
    var template = document.getElementById("preset-phases-" + code);
    if (template && rows && total) {
      rows.replaceChildren(template.content.cloneNode(true));
      total.value = template.getAttribute("data-total");
    }
    if (chosen) chosen.value = code;
    if (line) line.textContent = preset.line;
    // An earlier refusal of the choice no longer applies.
    chooser.querySelectorAll(".errorlist").forEach(function (list) { list.remove(); });
    chooser.querySelectorAll(".field-error").forEach(function (field) {
      field.classList.remove("field-error");
    });
  }

  select.addEventListener("change", function () { fill(select.value); });
  chooser.addEventListener("submit", function (event) {
    event.preventDefault();
    fill(select.value);
  });
})();
