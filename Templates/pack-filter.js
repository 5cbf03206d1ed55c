// Filters the pack's sticker grid as you type, by label, title and tag, best matches first: a
// whole word beats the start of a word, which beats a match inside one, and the title counts
// more than the label and tags. What is typed is kept in the address (?q=), so a reload or a
// shared link shows the same stickers. Progressive enhancement: the box is hidden until this
// script runs, and without it every sticker shows. Works offline and from file:// (the words to
// match are in each card's data-search and data-title attributes).
(function () {
  "use strict";
  // Peel writes this script's words in English: on a page in another language they carry lang="en",
  // so a screen reader reads them with an English voice.
  function sayInEnglish(element, text) {
    element.textContent = text;
    if (!text || /^en(-|$)/i.test(document.documentElement.lang || "en")) element.removeAttribute("lang");
    else element.lang = "en";
  }
  var box = document.querySelector("[data-sticker-filter]");
  var grid = document.getElementById("sticker-grid");
  if (!box || !grid) return;
  var input = box.querySelector("input");
  var status = box.querySelector("[data-filter-status]");
  var empty = document.querySelector("[data-filter-empty]");
  var items = Array.prototype.slice.call(grid.children);
  var timer = null;

  // Marks a reader may leave out: Latin accents, Hebrew points and cantillation, Arabic vowel
  // marks (harakat, the superscript alef, Quranic marks) and the tatweel that stretches a word:
  // typing "قطة" finds "قِطَّةٌ", "שלום" finds "שָׁלוֹם", as "creme" finds "crème".
  var MARKS = /[\u0300-\u036f\u0591-\u05bd\u05bf\u05c1\u05c2\u05c4\u05c5\u05c7\u0610-\u061a\u0640\u064b-\u065f\u0670\u06d6-\u06dc\u06df-\u06e4\u06e7\u06e8\u06ea-\u06ed]/g;
  function normalise(text) {
    return text.toLocaleLowerCase().normalize("NFD").replace(MARKS, "");
  }
  function words(text) {
    return normalise(text).split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  }
  var entries = items.map(function (item, index) {
    var haystack = normalise(item.getAttribute("data-search") || "");
    return { item: item, index: index, haystack: haystack,
             title: words(item.getAttribute("data-title") || ""), all: words(haystack) };
  });

  // How well one typed word matches: 0 means not at all (the sticker is hidden).
  function wordScore(entry, word) {
    if (entry.haystack.indexOf(word) === -1) return 0;
    var score = 1;
    entry.all.forEach(function (candidate) {
      if (candidate === word) score = Math.max(score, 4);
      else if (candidate.indexOf(word) === 0) score = Math.max(score, 2);
    });
    if (entry.title.indexOf(word) !== -1) score += 4;
    return score;
  }

  function count(n) { return n === 1 ? "1 sticker" : n + " stickers"; }

  function remember(value) {
    if (!window.history.replaceState) return;
    var url = new URL(window.location.href);
    if (value) url.searchParams.set("q", value); else url.searchParams.delete("q");
    window.history.replaceState(window.history.state, "", url.href);
  }

  function apply() {
    var typed = normalise(input.value).split(/\s+/).filter(Boolean);
    var shown = [];
    entries.forEach(function (entry) {
      var total = 0;
      var match = typed.every(function (word) {
        var score = wordScore(entry, word);
        total += score;
        return score > 0;
      });
      entry.item.hidden = !match;
      entry.score = total;
      if (match) shown.push(entry);
    });
    // Best first; equal scores keep the pack's order (and no words restores it).
    shown.sort(function (a, b) { return b.score - a.score || a.index - b.index; });
    var order = shown.concat(entries.filter(function (entry) { return entry.item.hidden; }));
    order.forEach(function (entry) { grid.appendChild(entry.item); });
    if (empty) empty.hidden = shown.length !== 0;
    // Announce and remember once typing pauses, not on every key.
    clearTimeout(timer);
    timer = setTimeout(function () {
      sayInEnglish(status, typed.length ? "Showing " + count(shown.length) + " of " + items.length : "Showing all " + count(items.length));
      remember(input.value.trim());
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
