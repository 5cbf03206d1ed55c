// Filters and sorts the review table in place: a text search, a pack, a finding code, a
// translation state (missing or out of date, in any or one language) and a severity, all combined
// and kept in the address (?q=&pack=&code=&translation=&status=), so a reload or a shared link
// shows the same rows. Without JavaScript the full table still shows.
(function () {
  "use strict";
  var table = document.querySelector(".review-table");
  if (!table) return;
  var body = table.tBodies[0];
  var rows = Array.prototype.slice.call(body.rows);
  var rank = { error: 0, warning: 1, clean: 2 };
  var form = document.querySelector("[data-review-search]");
  var controls = document.querySelector("[data-review-controls]");
  var status = document.querySelector("[data-review-status]");
  var query = form.querySelector("[name=q]");
  // Not on a pack's own page of a review split by pack.
  var pack = form.querySelector("[name=pack]");
  var code = form.querySelector("[name=code]");
  // Only on a site with more than one language.
  var translation = form.querySelector("[name=translation]");
  var buttons = Array.prototype.slice.call(document.querySelectorAll(".review-filters button"));
  // Catalog findings about one pack (pack.md, a stray file in its folder) follow the Pack filter;
  // those about the whole site stay.
  var packFindings = Array.prototype.slice.call(document.querySelectorAll(".catalog-findings li[data-pack]"));
  var severity = "all";
  var timer = null;

  // Marks a reader may leave out: Latin accents, Hebrew points and cantillation, Arabic vowel
  // marks (harakat, the superscript alef, Quranic marks) and the tatweel that stretches a word:
  // typing "قطة" finds "قِطَّةٌ", "שלום" finds "שָׁלוֹם", as "creme" finds "crème".
  var MARKS = /[\u0300-\u036f\u0591-\u05bd\u05bf\u05c1\u05c2\u05c4\u05c5\u05c7\u0610-\u061a\u0640\u064b-\u065f\u0670\u06d6-\u06dc\u06df-\u06e4\u06e7\u06e8\u06ea-\u06ed]/g;
  function normalise(text) {
    return text.toLocaleLowerCase().normalize("NFD").replace(MARKS, "");
  }
  // A pack written in another language (its language:) is named in it in the Pack filter too, as
  // in the rows, so a screen reader reads it with the right voice.
  if (pack) Array.prototype.forEach.call(pack.options, function (option) {
    var row = option.value && body.querySelector("tr[data-pack='" + CSS.escape(option.value) + "'] .review-pack[lang]");
    if (row) option.lang = row.lang;
  });
  var haystacks = rows.map(function (row) { return normalise(row.textContent + " " + row.getAttribute("data-codes")); });

  function count(n) { return n === 1 ? "1 sticker" : n + " stickers"; }

  function remember() {
    if (!window.history.replaceState) return;
    var url = new URL(window.location.href);
    [["q", query.value.trim()], ["pack", pack ? pack.value : ""], ["code", code.value], ["translation", translation ? translation.value : ""],
     ["status", severity === "all" ? "" : severity]]
      .forEach(function (pair) { if (pair[1]) url.searchParams.set(pair[0], pair[1]); else url.searchParams.delete(pair[0]); });
    window.history.replaceState(window.history.state, "", url.href);
  }

  function apply(immediately) {
    var words = normalise(query.value).split(/\s+/).filter(Boolean);
    var shown = 0;
    rows.forEach(function (row, index) {
      var match = (severity === "all" || row.getAttribute("data-status") === severity)
        && (!pack || !pack.value || row.getAttribute("data-pack") === pack.value)
        && (!code.value || (" " + row.getAttribute("data-codes") + " ").indexOf(" " + code.value + " ") !== -1)
        && (!translation || !translation.value
            || (" " + row.getAttribute("data-translations") + " ").indexOf(" " + translation.value + " ") !== -1)
        && words.every(function (word) { return haystacks[index].indexOf(word) !== -1; });
      row.hidden = !match;
      if (match) shown += 1;
    });
    packFindings.forEach(function (item) { item.hidden = !!(pack && pack.value && item.getAttribute("data-pack") !== pack.value); });
    buttons.forEach(function (button) { button.setAttribute("aria-pressed", String(button.getAttribute("data-filter") === severity)); });
    clearTimeout(timer);
    var report = function () {
      status.textContent = shown === rows.length ? "Showing all " + count(rows.length) : "Showing " + count(shown) + " of " + rows.length;
      remember();
    };
    if (immediately) report(); else timer = setTimeout(report, 300);
  }

  // Start from the address.
  var params = new URLSearchParams(window.location.search);
  query.value = params.get("q") || "";
  function choose(select, value) {
    if (value && Array.prototype.some.call(select.options, function (option) { return option.value === value; })) select.value = value;
  }
  if (pack) choose(pack, params.get("pack"));
  choose(code, params.get("code"));
  if (translation) choose(translation, params.get("translation"));
  if (rank.hasOwnProperty(params.get("status"))) severity = params.get("status");

  // The search, the Show buttons and the sortable headers do nothing without this script: the
  // page is written with them hidden (the headers as plain text) and they appear here.
  controls.hidden = false;
  form.hidden = false;
  form.addEventListener("submit", function (event) { event.preventDefault(); });
  query.addEventListener("input", function () { apply(false); });
  if (pack) pack.addEventListener("change", function () { apply(true); });
  code.addEventListener("change", function () { apply(true); });
  if (translation) translation.addEventListener("change", function () { apply(true); });
  buttons.forEach(function (button) {
    button.addEventListener("click", function () {
      severity = button.getAttribute("data-filter");
      apply(true);
    });
  });
  apply(true);

  // The column headers stick under the filters; they need to know how tall the filters are. They
  // can only while the table fits its page: the wrapper then stops being a scroll box ("fits"),
  // which it must stay when the table is wider (many languages on a tablet), or the page itself
  // scrolls sideways.
  var wrap = table.parentElement;
  // The header row's height too: the page keeps that much room above a focused row (scroll-padding
  // in style.css), so Shift+Tab never leaves the focused link under the sticky layer.
  function measure() {
    document.documentElement.style.setProperty("--review-controls-height", controls.offsetHeight + "px");
    wrap.classList.remove("fits");
    wrap.classList.toggle("fits", table.offsetWidth <= wrap.clientWidth);
    document.documentElement.style.setProperty("--review-head-height", (table.tHead ? table.tHead.offsetHeight : 0) + "px");
  }
  measure();
  window.addEventListener("resize", measure);

  table.querySelectorAll("th[data-sort]").forEach(function (header) {
    var button = document.createElement("button");
    button.type = "button";
    button.setAttribute("data-sort", header.getAttribute("data-sort"));
    while (header.firstChild) button.appendChild(header.firstChild);
    header.appendChild(button);
    header.removeAttribute("data-sort");
    header.setAttribute("aria-sort", "none");
  });
  measure();   // the buttons make the header row a little taller
  table.querySelectorAll("th button").forEach(function (button) {
    button.addEventListener("click", function () {
      var key = button.getAttribute("data-sort");
      var header = button.parentElement;
      var ascending = header.getAttribute("aria-sort") !== "ascending";
      table.querySelectorAll("th").forEach(function (th) { if (th.hasAttribute("aria-sort")) th.setAttribute("aria-sort", "none"); });
      header.setAttribute("aria-sort", ascending ? "ascending" : "descending");
      var sorted = rows.slice();
      sorted.sort(function (a, b) {
        var x = a.getAttribute("data-" + key), y = b.getAttribute("data-" + key), order;
        if (key === "characters") order = Number(x) - Number(y);
        else if (key === "status") order = rank[x] - rank[y];
        else order = x.localeCompare(y);
        return ascending ? order : -order;
      });
      sorted.forEach(function (row) { body.appendChild(row); });
    });
  });
})();
