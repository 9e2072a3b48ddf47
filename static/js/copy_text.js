// A button with data-copy="<id>" copies that field's text to the clipboard and
// says so for two seconds (data-copied); where the clipboard is refused (an
// address without https) the text is selected for the reader's own Ctrl+C.
(function () {
  "use strict";
  document.querySelectorAll("button[data-copy]").forEach(function (button) {
    var field = document.getElementById(button.getAttribute("data-copy"));
    if (!field) return;
    var label = button.textContent;
    function done() {
      button.textContent = button.getAttribute("data-copied") || label;
      window.setTimeout(function () { button.textContent = label; }, 2000);
    }
    button.addEventListener("click", function () {
      field.focus();
      field.select();
      if (navigator.clipboard && window.isSecureContext) {
        navigator.clipboard.writeText(field.value).then(done, function () {
          document.execCommand("copy");
          done();
        });
      } else {
        document.execCommand("copy");
        done();
      }
    });
  });
})();
