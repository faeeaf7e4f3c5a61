/* rulebook: the numbers page shows one configuration (players and variant) at a time.
   Progressive enhancement: without this script every configuration is on the page, reached
   from a list of links; with it the list becomes a menu, the chosen one is shown alone, its
   address (#numbers-<variant>-<players>) can be shared, and a status line tells a screen
   reader what is shown now. The words come from the page, so it works in every language. */
(function () {
  "use strict";

  // The address's fragment, decoded; as written when it is no valid percent-encoding (a
  // "#%" typed or pasted): decodeURIComponent would throw, and stop the rest of this script.
  function fragment() {
    var raw = location.hash.slice(1);
    try { return decodeURIComponent(raw); } catch (e) { return raw; }
  }

  function init() {
    var picker = document.querySelector("[data-numbers-picker]");
    if (!picker) { return; }
    var select = picker.querySelector("select");
    var status = picker.querySelector("[data-numbers-status]");
    var groups = Array.prototype.slice.call(document.querySelectorAll(".numbers-group"));
    var index = document.querySelector(".numbers-index");
    var known = {};
    groups.forEach(function (g) { known[g.id] = g; });

    function show(id, announce) {
      if (!known[id]) { return; }
      groups.forEach(function (g) { g.hidden = g.id !== id; });
      select.value = id;
      if (announce && status) {
        status.textContent = select.options[select.selectedIndex].textContent;
      }
    }

    function fromAddress() {
      var id = fragment();
      return known[id] ? id : null;
    }

    picker.hidden = false;
    if (index) { index.hidden = true; }
    show(fromAddress() || picker.getAttribute("data-chosen"), false);
    select.addEventListener("change", function () {
      show(select.value, true);
      if (window.history && window.history.replaceState) {
        window.history.replaceState(null, "", "#" + select.value);
      }
    });
    window.addEventListener("hashchange", function () {
      var id = fromAddress();
      if (id) { show(id, true); }
    });
    window.addEventListener("beforeprint", function () {
      groups.forEach(function (g) { g.hidden = false; });
    });
    window.addEventListener("afterprint", function () { show(select.value, false); });
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", init);
  } else {
    init();
  }
}());
