// The phase rows of the tournament form: the settings of pools and of a knockout
// show only on a phase of that draw (those of pool advancement only when it
// advances by its pools), as the draw or the advancement changes. The server
// renders each row as it stands and drops what a hidden field holds, so without
// this script a change of draw shows its settings once saved.
(function () {
  "use strict";
  var form = document.querySelector("form.settings-form");
  if (!form) return;

  function listed(element, attribute, value) {
    var list = element.getAttribute(attribute);
    return list !== null && list.split(" ").indexOf(value) !== -1;
  }

  function valueOf(prefix, name) {
    var field = form.elements.namedItem(prefix + "-" + name);
    return field ? field.value : "";
  }

  function sync() {
    form.querySelectorAll("[data-show-for], [data-hide-for]").forEach(function (el) {
      var phase = el.closest("[data-phase]");
      if (!phase) return;
      var prefix = phase.getAttribute("data-phase");
      var draw = valueOf(prefix, "draw_method");
      var shown = true;
      if (el.hasAttribute("data-show-for")) shown = listed(el, "data-show-for", draw);
      if (el.hasAttribute("data-hide-for")) shown = shown && !listed(el, "data-hide-for", draw);
      if (el.hasAttribute("data-advancement")) {
        shown = shown && listed(el, "data-advancement", valueOf(prefix, "advancement"));
      }
      el.hidden = !shown;
    });
  }

  form.addEventListener("change", function (event) {
    var name = event.target.name || "";
    var match = /^(.*)-(draw_method|advancement|pool_size)$/.exec(name);
    if (!match) return;
    // The rounds of pools follow their size: left empty, saving fills them in.
    if (valueOf(match[1], "draw_method") === "pools" && match[2] !== "advancement") {
      var rounds = form.elements.namedItem(match[1] + "-rounds");
      if (rounds) rounds.value = "";
    }
    sync();
  });
  sync();
})();
