// The check-in page on the keyboard: type a name, Enter, the next name.
// After Enter checked someone in the box empties and keeps the focus; a row's
// Withdraw asks first; an answer's own buttons (Undo, one of several) clear it.
(function () {
  "use strict";
  var box = document.getElementById("id_q");
  var answer = document.getElementById("checkin-answer");

  function backToTheBox(clear) {
    if (!box) return;
    if (clear) box.value = "";
    box.focus();
  }

  document.body.addEventListener("checkin-done", function () {
    backToTheBox(true);
  });

  function submitterOf(evt) {
    var trigger = evt.detail && evt.detail.triggeringEvent;
    if (!trigger && evt.detail && evt.detail.requestConfig) {
      trigger = evt.detail.requestConfig.triggeringEvent;
    }
    return (trigger && trigger.submitter) || null;
  }

  document.body.addEventListener("htmx:confirm", function (evt) {
    var form = evt.detail.elt;
    if (!form || form.id !== "checkin-form") return;
    var button = submitterOf(evt);
    if (!button || button.name !== "withdraw") return;
    evt.preventDefault();
    if (window.confirm(form.dataset.withdrawQuestion)) evt.detail.issueRequest(true);
  });

  document.body.addEventListener("htmx:afterRequest", function (evt) {
    var form = evt.detail.elt;
    if (!form || form.id !== "checkin-form" || !evt.detail.successful) return;
    var button = submitterOf(evt);
    var fromAnswer = button && answer && answer.contains(button);
    if (fromAnswer) answer.innerHTML = "";
    backToTheBox(fromAnswer);
  });
})();
