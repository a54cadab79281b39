// Olio social events: small progressive enhancements. The pages work without script.
(function () {
  "use strict";
  function confirmAttend(event) {
    if (!window.confirm("Attend this event?")) {
      event.preventDefault();
    }
  }
  function highlightTags() {
    var tags = document.querySelectorAll("a.tag");
    for (var i = 0; i < tags.length && i < 5; i++) {
      tags[i].className += " popular";
    }
  }
  function wireForms() {
    var attend = document.getElementById("attend-form");
    if (attend) {
      attend.addEventListener("submit", confirmAttend);
    }
  }
  document.addEventListener("DOMContentLoaded", function () {
    highlightTags();
    wireForms();
  });
})();
