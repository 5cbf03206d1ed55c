// Filter and sort the review table in place; without JavaScript the full table still shows.
(function () {
  var table = document.querySelector(".review-table");
  var body = table.tBodies[0];
  var rank = { error: 0, warning: 1, clean: 2 };
  document.querySelectorAll(".review-filters button").forEach(function (button) {
    button.addEventListener("click", function () {
      var filter = button.getAttribute("data-filter");
      document.querySelectorAll(".review-filters button").forEach(function (other) {
        other.setAttribute("aria-pressed", String(other === button));
      });
      Array.prototype.forEach.call(body.rows, function (row) {
        row.hidden = filter !== "all" && row.getAttribute("data-status") !== filter;
      });
    });
  });
  table.querySelectorAll("th button").forEach(function (button) {
    button.addEventListener("click", function () {
      var key = button.getAttribute("data-sort");
      var header = button.parentElement;
      var ascending = header.getAttribute("aria-sort") !== "ascending";
      table.querySelectorAll("th").forEach(function (th) { if (th.hasAttribute("aria-sort")) th.setAttribute("aria-sort", "none"); });
      header.setAttribute("aria-sort", ascending ? "ascending" : "descending");
      var rows = Array.prototype.slice.call(body.rows);
      rows.sort(function (a, b) {
        var x = a.getAttribute("data-" + key), y = b.getAttribute("data-" + key), order;
        if (key === "characters") order = Number(x) - Number(y);
        else if (key === "status") order = rank[x] - rank[y];
        else order = x.localeCompare(y);
        return ascending ? order : -order;
      });
      rows.forEach(function (row) { body.appendChild(row); });
    });
  });
})();
