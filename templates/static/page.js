/* rulebook: a game page's contents list at hand, and its glossary terms' definitions.
   Progressive enhancement: without this script the contents list stands before the rules and
   a term links to its glossary entry; with it, the list is a bar on a phone that opens on a
   tap (beside the text on a wide screen, by the stylesheet alone), it names the section being
   read, and a term opens its definition on tap, click or Enter (hover and focus show it too,
   by the stylesheet). No framework, no network. */
(function () {
  "use strict";

  var toc = document.getElementById("toc");
  var toggle = toc && toc.querySelector(".toc-toggle");
  var list = toc && document.getElementById("toc-list");
  if (toc && toggle && list) {
    document.documentElement.classList.add("has-toc-bar");
    toggle.hidden = false;
    var current = toggle.querySelector(".toc-current");
    var setOpen = function (open) {
      toggle.setAttribute("aria-expanded", open ? "true" : "false");
      toc.classList.toggle("is-open", open);
    };
    toggle.addEventListener("click", function () {
      setOpen(toggle.getAttribute("aria-expanded") !== "true");
    });
    // Choosing a section, or Escape, closes the list on a phone.
    toc.addEventListener("click", function (e) {
      if (e.target.closest && e.target.closest("a")) { setOpen(false); }
    });
    document.addEventListener("click", function (e) {
      if (toc.classList.contains("is-open") && !toc.contains(e.target)) { setOpen(false); }
    });
    toc.addEventListener("keydown", function (e) {
      if (e.key === "Escape" && toc.classList.contains("is-open")) {
        setOpen(false);
        toggle.focus();
      }
    });
    // The section being read: marked in the list, named on the bar.
    var links = Array.prototype.slice.call(list.querySelectorAll("ol a[href^='#']"));
    var targets = links.map(function (a) { return document.getElementById(a.getAttribute("href").slice(1)); });
    var mark = function () {
      var line = window.innerHeight * 0.25;
      var at = -1;
      for (var i = 0; i < targets.length; i++) {
        if (targets[i] && targets[i].getBoundingClientRect().top <= line) { at = i; }
      }
      links.forEach(function (a, i) {
        if (i === at) { a.setAttribute("aria-current", "location"); } else { a.removeAttribute("aria-current"); }
      });
      current.textContent = at >= 0 ? links[at].textContent : "";
    };
    var pending = false;
    window.addEventListener("scroll", function () {
      if (!pending) {
        pending = true;
        window.requestAnimationFrame(function () { pending = false; mark(); });
      }
    }, { passive: true });
    mark();
  }

  // The address's fragment, decoded; as written when it is no valid percent-encoding (a
  // "#%" typed or pasted): decodeURIComponent would throw, and stop the rest of this script.
  function fragment() {
    var raw = location.hash.slice(1);
    try { return decodeURIComponent(raw); } catch (e) { return raw; }
  }

  // An address inside a folded example round (a step's #example-<name>-<n>) opens it.
  function unfold() {
    var id = fragment();
    var target = id && document.getElementById(id);
    var fold = target && target.closest ? target.closest("details") : null;
    if (fold && !fold.open) {
      fold.open = true;
      target.scrollIntoView();
    }
  }
  window.addEventListener("hashchange", unfold);
  unfold();

  // Printing shows what the screen folds (the stylesheet does it where the browser knows
  // ::details-content; this, where it does not); the folds close again afterwards.
  var opened = [];
  window.addEventListener("beforeprint", function () {
    opened = Array.prototype.filter.call(document.querySelectorAll("article details:not([open])"),
                                         function (d) { d.open = true; return true; });
  });
  window.addEventListener("afterprint", function () {
    opened.forEach(function (d) { d.open = false; });
    opened = [];
  });

  // Glossary terms: a tap or Enter opens the definition (a second one, or Escape, closes it);
  // the link still leads to the glossary for a middle click or a new tab.
  var open = null;
  function close() {
    if (open) {
      open.classList.remove("is-open");
      open.querySelector(".term").setAttribute("aria-expanded", "false");
      open = null;
    }
  }
  function place(wrap) {
    // The definition stays on the screen: moved back from whichever edge it would cross.
    var tip = wrap.querySelector(".term-tip");
    tip.style.transform = "";
    if (getComputedStyle(tip).position === "fixed") { return; }  // a phone's card: placed by the stylesheet
    var box = tip.getBoundingClientRect();
    var margin = 8;
    var shift = 0;
    if (box.right > window.innerWidth - margin) { shift = window.innerWidth - margin - box.right; }
    if (box.left + shift < margin) { shift = margin - box.left; }
    if (shift) { tip.style.transform = "translateX(" + shift + "px)"; }
  }
  document.addEventListener("click", function (e) {
    var link = e.target.closest ? e.target.closest("a.term") : null;
    if (!link) {
      if (open && !(e.target.closest && e.target.closest(".term-tip"))) { close(); }
      return;
    }
    if (e.ctrlKey || e.metaKey || e.shiftKey || e.button !== 0) { return; }
    e.preventDefault();
    var wrap = link.parentNode;
    if (open === wrap) { close(); return; }
    close();
    wrap.classList.add("is-open");
    link.setAttribute("aria-expanded", "true");
    open = wrap;
    place(wrap);
  });
  document.addEventListener("keydown", function (e) {
    if (e.key === "Escape" && open) {
      var link = open.querySelector(".term");
      close();
      link.focus();
    }
  });
  Array.prototype.forEach.call(document.querySelectorAll("a.term"), function (link) {
    link.setAttribute("aria-expanded", "false");
    link.addEventListener("focus", function () { place(link.parentNode); });
    link.addEventListener("mouseenter", function () { place(link.parentNode); });
  });
})();
