// ← and → go to the previous and next sticker page (the pager's rel=prev and rel=next links),
// except while typing in a field, in a box that scrolls sideways (a wide table or line of code,
// which a keyboard reader scrolls with those keys), or with a modifier held (those keys belong to
// the browser then).
// On a right-to-left page the previous sticker is on the right, so the keys swap.
(function () {
  "use strict";
  document.addEventListener("keydown", function (event) {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    var target = event.target;
    if (target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))) return;
    for (var box = target; box && box !== document.body && box.nodeType === 1; box = box.parentElement) {
      if (box.scrollWidth > box.clientWidth && /(auto|scroll)/.test(getComputedStyle(box).overflowX)) return;
    }
    var rtl = getComputedStyle(document.documentElement).direction === "rtl";
    var rel = event.key === "ArrowLeft" ? (rtl ? "next" : "prev") : event.key === "ArrowRight" ? (rtl ? "prev" : "next") : null;
    var link = rel && document.querySelector("a[rel=" + rel + "]");
    if (!link) return;
    event.preventDefault();
    window.location.href = link.href;
  });
})();
