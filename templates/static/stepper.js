/* rulebook: the example rounds as a step-through. Progressive enhancement: the page lists
   every step without this script (and in print); with it, an example shows one step at a
   time, with previous/next buttons, the arrow keys, a step counter and an address per step
   (#<example>-<step>) that can be shared. A step shows only what is known by then: what
   follows the steps in the page (the results, the verdict, the story's end) waits for the
   last step, and is announced there. A trick's hands before it are drawn here, from the deal
   and the tricks (handsBefore). The words come from the page (data-label-*), so it
   works in every language; no framework, no network. */
(function () {
  "use strict";

  var reduceMotion = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;

  function fill(template, n, total) {
    return template.replace("{n}", String(n)).replace("{total}", String(total));
  }

  function button(cls, label, text) {
    var b = document.createElement("button");
    b.type = "button";
    b.className = "stepper-button " + cls;
    b.setAttribute("aria-label", label);
    b.title = label;
    var icon = document.createElement("span");
    icon.setAttribute("aria-hidden", "true");
    icon.textContent = text;
    b.appendChild(icon);
    return b;
  }

  function Stepper(example) {
    var list = example.querySelector(".tv-steps");
    if (!list) { return null; }
    var steps = Array.prototype.slice.call(list.children).filter(function (li) { return li.id; });
    if (!steps.length) { return null; }
    var d = example.dataset;
    var total = steps.length;
    var moves = steps.filter(function (li) { return li.dataset.step !== "0"; }).length;
    var current = 0;
    var all = false;

    var nav = document.createElement("div");
    nav.className = "stepper-nav no-print";
    nav.setAttribute("role", "group");
    nav.setAttribute("aria-label", d.labelNav || "");
    /* Buttons in reading order: in right-to-left text "previous" sits on the right, and its
       arrow points right, the way back. */
    var prev = button("stepper-prev", d.labelPrev || "", "");
    var next = button("stepper-next", d.labelNext || "", "");
    var counter = document.createElement("p");
    counter.className = "stepper-counter";
    counter.setAttribute("aria-live", "polite");
    var shown = document.createElement("span");
    shown.setAttribute("aria-hidden", "true");
    var spoken = document.createElement("span");
    spoken.className = "visually-hidden";
    counter.appendChild(shown);
    counter.appendChild(spoken);
    var toggle = document.createElement("button");
    toggle.type = "button";
    toggle.className = "stepper-toggle";
    toggle.setAttribute("aria-pressed", "false");
    toggle.textContent = d.labelAll || "";
    nav.appendChild(prev);
    nav.appendChild(counter);
    nav.appendChild(next);
    nav.appendChild(toggle);
    list.parentNode.insertBefore(nav, list);
    var hasOutcome = !!list.nextElementSibling;
    example.classList.add("is-stepping");

    function show(i, options) {
      current = Math.max(0, Math.min(total - 1, i));
      steps.forEach(function (li, k) {
        li.classList.toggle("is-current", k === current);
      });
      var atEnd = current === total - 1;
      example.classList.toggle("is-before-end", !atEnd && !all);
      /* The counter counts the moves, as the steps' own labels do; the deal before them is
         move 0, and is spoken by its name. */
      var n = Number(steps[current].dataset.step);
      var label = steps[current].querySelector(".tv-label");
      shown.textContent = n + " / " + moves;
      spoken.textContent = (n === 0 && label ? label.textContent
                            : fill(d.labelCounter || "{n} / {total}", n, moves))
        + (atEnd && hasOutcome && d.labelOutcome ? " " + d.labelOutcome : "");
      /* aria-disabled, not disabled: a disabled button would drop the keyboard focus. */
      prev.setAttribute("aria-disabled", current === 0 ? "true" : "false");
      next.setAttribute("aria-disabled", current === total - 1 ? "true" : "false");
      if (options && options.address) {
        history.replaceState(null, "", "#" + steps[current].id);
      }
      if (options && options.focus) {
        steps[current].focus({ preventScroll: true });
      }
      if (options && options.scroll) {
        var top = nav.getBoundingClientRect().top;
        if (top < 0 || top > window.innerHeight * 0.6) {
          nav.scrollIntoView({ block: "start", behavior: reduceMotion ? "auto" : "smooth" });
        }
      }
    }

    function setAll(on) {
      all = on;
      example.classList.toggle("is-stepping", !on);
      example.classList.toggle("is-before-end", !on && current < total - 1);
      toggle.setAttribute("aria-pressed", on ? "true" : "false");
      toggle.textContent = on ? (d.labelOne || "") : (d.labelAll || "");
      prev.hidden = next.hidden = counter.hidden = on;
    }

    steps.forEach(function (li) { li.tabIndex = -1; });
    prev.addEventListener("click", function () { show(current - 1, { address: true }); });
    next.addEventListener("click", function () { show(current + 1, { address: true }); });
    toggle.addEventListener("click", function () { setAll(!all); });
    example.addEventListener("keydown", function (e) {
      if (all || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) { return; }
      var t = e.target;
      if (t && (t.tagName === "INPUT" || t.tagName === "TEXTAREA" || t.isContentEditable)) { return; }
      /* The arrow pointing the way the text reads goes forward: left in Arabic. */
      var rtl = getComputedStyle(example).direction === "rtl";
      var forward = rtl ? "ArrowLeft" : "ArrowRight";
      var back = rtl ? "ArrowRight" : "ArrowLeft";
      var to = null;
      if (e.key === forward) { to = current + 1; }
      else if (e.key === back) { to = current - 1; }
      else if (e.key === "Home") { to = 0; }
      else if (e.key === "End") { to = total - 1; }
      if (to === null) { return; }
      e.preventDefault();
      show(to, { address: true });
    });

    show(0);
    return {
      owns: function (id) {
        for (var k = 0; k < total; k++) { if (steps[k].id === id) { return k; } }
        return -1;
      },
      go: function (k) {
        if (all) { setAll(false); }
        show(k, { scroll: false });
        steps[k].scrollIntoView({ block: "start", behavior: "auto" });
      },
    };
  }

  /* A trick's plays (its plays line's items) by the seat that made them. */
  function playsBySeat(li) {
    var out = {};
    Array.prototype.forEach.call(li.querySelectorAll(".plays li[data-seat]"), function (play) {
      out[play.dataset.seat] = play;
    });
    return out;
  }

  /* Each trick's table, drawn from the example's template of the seats (their names, badges
     and words) and the step's plays line and points: the page carries the seats once, not a
     table of them per trick. Print shows the plays line alone, as without this script. */
  function trickTables(example) {
    var template = example.querySelector("template.tv-table-template");
    if (!template) { return; }
    Array.prototype.forEach.call(example.querySelectorAll(".tv-step[data-points]"), function (li) {
      var table = template.content.firstElementChild.cloneNode(true);
      var label = li.querySelector(".tv-label").textContent;
      table.setAttribute("aria-label", table.dataset.label.replace("{step}", label));
      table.removeAttribute("data-label");
      table.querySelector(".tv-trick").textContent = label;
      var points = li.dataset.points.split(" ");
      var plays = playsBySeat(li);
      var leader = li.querySelector(".plays li[data-seat]");
      Array.prototype.forEach.call(table.querySelectorAll(".tv-seat"), function (seat, k) {
        var play = plays[seat.dataset.seat] || null;
        var role = seat.querySelector(".tv-role");
        if (play !== leader) {  /* the badge goes, and the space before it */
          var before = role.previousSibling;
          if (before && before.nodeType === 3) { before.textContent = before.textContent.replace(/\s+$/, ""); }
          role.remove();
        }
        var line = seat.querySelector(".tv-play");
        if (!play) {
          line.remove();
        } else {
          var wins = play.classList.contains("wins");
          seat.classList.add("is-changed");
          if (wins) { seat.classList.add("is-active", "is-winner"); }
          var order = line.querySelector(".tv-order");
          order.textContent = play.querySelector(".tv-order").textContent;
          order.after(" ", play.querySelector(".card").cloneNode(true));
          if (!wins) {
            var badge = line.querySelector(".tv-wins");
            badge.previousSibling.remove();
            badge.remove();
          }
        }
        seat.querySelector(".tv-score .num").textContent = points[k];
      });
      var notes = li.querySelector(".tv-notes") || li.querySelector(".tv-move");
      notes.after(table);
    });
  }

  /* Each trick's hands before it, under a fold: the hands the play began with (the deal's
     last column, or the starting position) less the cards of the tricks before, plus the
     cards drawn from a stock after them, the card of this trick marked. The page carries the hands once; a table per trick would triple it. */
  function handsBefore(example) {
    var label = example.dataset.labelHands;
    var start = example.querySelector("table.hands.deal, table.hands.start");
    if (!label || !start) { return; }
    var hands = {};
    var rows = [];
    Array.prototype.forEach.call(start.querySelectorAll("tbody tr[data-seat]"), function (tr) {
      var cells = tr.querySelectorAll("td.cards");
      var cards = cells.length ? cells[cells.length - 1].querySelectorAll(".card") : [];
      hands[tr.dataset.seat] = Array.prototype.slice.call(cards);
      rows.push({ seat: tr.dataset.seat, name: tr.querySelector("th").textContent });
    });
    Array.prototype.forEach.call(example.querySelectorAll(".tv-step"), function (li) {
      var table = li.querySelector(".tv-table-trick");
      if (!table) { return; }
      var played = {};
      var plays = playsBySeat(li);
      Object.keys(plays).forEach(function (seat) {
        played[seat] = plays[seat].querySelector(".card").outerHTML;
      });
      var details = document.createElement("details");
      details.className = "tv-hands";
      var summary = document.createElement("summary");
      summary.textContent = label;
      details.appendChild(summary);
      var tbody = document.createElement("tbody");
      rows.forEach(function (row) {
        var tr = document.createElement("tr");
        tr.dataset.seat = row.seat;
        var th = document.createElement("th");
        th.scope = "row";
        th.textContent = row.name;
        var td = document.createElement("td");
        td.className = "cards";
        var hand = hands[row.seat] || [];
        var gone = -1;
        hand.forEach(function (card, k) {
          if (k) { td.appendChild(document.createTextNode(" ")); }
          var copy = card.cloneNode(true);
          if (gone < 0 && card.outerHTML === played[row.seat]) {
            gone = k;
            var mark = document.createElement("mark");
            mark.className = "tv-played";
            mark.appendChild(copy);
            copy = mark;
          }
          td.appendChild(copy);
        });
        if (gone >= 0) { hand.splice(gone, 1); }
        tr.appendChild(th);
        tr.appendChild(td);
        tbody.appendChild(tr);
      });
      var hTable = document.createElement("table");
      hTable.className = "hands";
      hTable.setAttribute("data-pagefind-ignore", "");
      hTable.appendChild(tbody);
      details.appendChild(hTable);
      table.parentNode.insertBefore(details, table.nextSibling);
      // a game with a stock: the cards drawn after this trick join the drawers' hands
      Array.prototype.forEach.call(li.querySelectorAll(".tv-draw[data-seat]"), function (draw) {
        var card = draw.querySelector(".card");
        if (card && hands[draw.dataset.seat]) { hands[draw.dataset.seat].push(card); }
      });
    });
  }

  var steppers = [];
  Array.prototype.forEach.call(document.querySelectorAll(".example[data-stepper]"), function (ex) {
    trickTables(ex);
    handsBefore(ex);
    var s = Stepper(ex);
    if (s) { steppers.push(s); }
  });

  // The address's fragment, decoded; as written when it is no valid percent-encoding (a
  // "#%" typed or pasted): decodeURIComponent would throw, and stop the rest of this script.
  function fragment() {
    var raw = location.hash.slice(1);
    try { return decodeURIComponent(raw); } catch (e) { return raw; }
  }

  function followAddress() {
    var id = fragment();
    if (!id) { return; }
    for (var k = 0; k < steppers.length; k++) {
      var at = steppers[k].owns(id);
      if (at >= 0) { steppers[k].go(at); return; }
    }
  }
  window.addEventListener("hashchange", followAddress);
  followAddress();
})();
