// Filters the pack's sticker grid as you type, by label, title and tag. Progressive enhancement:
// the box is hidden until this script runs, and without it every sticker shows. Works offline
// and from file:// (the words to match are in each card's data-search attribute).
(function () {
  "use strict";
  var box = document.querySelector("[data-sticker-filter]");
  var grid = document.getElementById("sticker-grid");
  if (!box || !grid) return;
  var input = box.querySelector("input");
  var status = box.querySelector("[data-filter-status]");
  var empty = document.querySelector("[data-filter-empty]");
  var items = Array.prototype.slice.call(grid.children);
  var timer = null;

  function normalise(text) {
    return text.toLocaleLowerCase().normalize("NFD").replace(/[\u0300-\u036f]/g, "");
  }
  var haystacks = items.map(function (item) { return normalise(item.getAttribute("data-search") || ""); });

  function count(n) { return n === 1 ? "1 sticker" : n + " stickers"; }

  function apply() {
    var words = normalise(input.value).split(/\s+/).filter(Boolean);
    var shown = 0;
    items.forEach(function (item, index) {
      var match = words.every(function (word) { return haystacks[index].indexOf(word) !== -1; });
      item.hidden = !match;
      if (match) shown += 1;
    });
    if (empty) empty.hidden = shown !== 0;
    // Announce once typing pauses, not on every key.
    clearTimeout(timer);
    timer = setTimeout(function () {
      status.textContent = words.length ? "Showing " + count(shown) + " of " + items.length : "Showing all " + count(items.length);
    }, 300);
  }

  box.hidden = false;
  input.addEventListener("input", apply);
  var query = new URLSearchParams(window.location.search).get("q");
  if (query) {
    input.value = query;
    apply();
  }
})();
