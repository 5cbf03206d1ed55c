// The pack page's viewer: flip through the stickers in a modal dialog, each at the size Messages
// shows it, with its label and findings. Keys: ← → (and Home, End), Esc to close; swipe on touch;
// full screen where the browser allows it. The place is kept in the address (#sticker=slug), so a
// reload or Back reopens it. Progressive enhancement: without this script every card is a plain
// link to its sticker page, and the dialog is never shown.
(function () {
  "use strict";
  // Peel writes this script's words in English: on a page in another language they carry lang="en",
  // so a screen reader reads them with an English voice.
  // English on a page in another language is marked so, and laid out left to right on a
  // right-to-left page ("1 of 2" read as "of 2 1" otherwise).
  function sayInEnglish(element, text) {
    element.textContent = text;
    if (!text || /^en(-|$)/i.test(document.documentElement.lang || "en")) {
      element.removeAttribute("lang");
      element.removeAttribute("dir");
    } else {
      element.lang = "en";
      element.dir = "ltr";
    }
  }
  var dialog = document.querySelector("[data-viewer]");
  var grid = document.getElementById("sticker-grid");
  if (!dialog || !grid || typeof dialog.showModal !== "function") return;
  var stage = dialog.querySelector("[data-viewer-stage]");
  var counter = dialog.querySelector("[data-viewer-counter]");
  // A visually hidden live region: a flip says where ("2 of 3"), what (the title) and its label,
  // not the position alone, since focus stays on the button pressed.
  var announcer = dialog.querySelector("[data-viewer-announce]");
  var link = dialog.querySelector("[data-viewer-link]");
  var size = dialog.querySelector("[data-viewer-size]");
  var label = dialog.querySelector("[data-viewer-label]");
  var findings = dialog.querySelector("[data-viewer-findings]");
  var previous = dialog.querySelector("[data-viewer-prev]");
  var next = dialog.querySelector("[data-viewer-next]");
  var close = dialog.querySelector("[data-viewer-close]");
  var fullscreen = dialog.querySelector("[data-viewer-fullscreen]");
  var zoom = dialog.querySelector("[data-viewer-zoom]");
  // The pack's own language (its language: in a site of one language), for its titles and labels
  // only: on the dialog it also marked the theme's English buttons as that language.
  var textLang = dialog.getAttribute("data-text-lang");
  function setLang(element, tag) {
    if (tag) element.lang = tag; else element.removeAttribute("lang");
  }
  var enlarged = false;   // true size by default; Enlarge shows the art as large as the stage allows
  var PREFIX = "#sticker=";
  var current = null;   // the <li> shown
  var pushed = false;   // opening added a history entry, so closing goes Back to remove it

  function cards() {
    return Array.prototype.filter.call(grid.querySelectorAll("li[data-slug]"), function (item) { return !item.hidden; });
  }
  function bySlug(slug) {
    return Array.prototype.find.call(grid.querySelectorAll("li[data-slug]"), function (item) { return item.getAttribute("data-slug") === slug; });
  }
  function slugInHash() {
    var hash = window.location.hash;
    return hash.indexOf(PREFIX) === 0 ? decodeURIComponent(hash.slice(PREFIX.length)) : null;
  }
  function setHash(item, push) {
    var url = window.location.href.split("#")[0] + PREFIX + encodeURIComponent(item.getAttribute("data-slug"));
    if (push) window.history.pushState({ viewer: true }, "", url);
    else window.history.replaceState(window.history.state, "", url);
  }

  function show(item) {
    current = item;
    var list = cards();
    var index = list.indexOf(item);
    sayInEnglish(counter, (index + 1) + " of " + list.length);
    var art = item.querySelector(".art-card");
    stage.className = "viewer-stage " + (art ? art.className.replace("sticker-art", "").trim() : "") + (enlarged ? " viewer-enlarged" : "");
    stage.style.setProperty("--art-bg", art ? art.style.getPropertyValue("--art-bg") : "");
    stage.textContent = "";
    var width = item.getAttribute("data-large-width");
    var height = item.getAttribute("data-large-height");
    if (item.hasAttribute("data-readable")) {
      var picture = document.createElement("picture");
      if (item.hasAttribute("data-poster")) {
        var source = document.createElement("source");
        source.setAttribute("media", "(prefers-reduced-motion: reduce)");
        source.setAttribute("srcset", item.getAttribute("data-poster"));
        picture.appendChild(source);
      }
      var image = document.createElement("img");
      image.src = item.getAttribute("data-large");
      image.width = Number(width);
      image.height = Number(height);
      image.alt = item.getAttribute("data-label") || "";
      // A label not yet translated is the default language's: its language goes with it.
      if (item.getAttribute("data-label-lang") || textLang) image.lang = item.getAttribute("data-label-lang") || textLang;
      image.dir = "auto";
      picture.appendChild(image);
      stage.appendChild(picture);
      if (window.peelMotion) window.peelMotion.apply(stage);
      sayInEnglish(size, enlarged ? "Enlarged; Messages shows it at " + width + " × " + height + " pt."
                                  : "Shown at " + width + " × " + height + " pt, the size Messages shows it.");
    } else {
      var missing = document.createElement("span");
      missing.className = "art-missing";
      sayInEnglish(missing, "Image can’t be read");
      stage.appendChild(missing);
      size.textContent = "";
    }
    link.textContent = item.getAttribute("data-title");
    setLang(link, item.getAttribute("data-title-lang") || textLang);
    link.href = item.querySelector("a").getAttribute("href");
    var text = item.getAttribute("data-label");
    if (text) {
      label.textContent = text;
      setLang(label, item.getAttribute("data-label-lang") || textLang);
    } else {
      sayInEnglish(label, "No label yet.");
    }
    label.classList.toggle("label-missing", !text);
    if (announcer) announce(counter, link, label);
    findings.textContent = "";
    var template = item.querySelector("template[data-findings]");
    if (template) findings.appendChild(template.content.cloneNode(true));
    // At either end the button says it does nothing (aria-disabled) but stays focusable: disabling
    // the focused Next on the last sticker dropped focus to <body>, and a screen reader lost its place.
    previous.setAttribute("aria-disabled", String(index <= 0));
    next.setAttribute("aria-disabled", String(index >= list.length - 1));
  }

  // Each part keeps its own language (English counter, the pack's title and label), so a screen
  // reader switches voice inside the one announcement. Set while the dialog is closed, it is not
  // spoken on opening: the dialog's name (the title) is.
  function announce() {
    var parts = Array.prototype.slice.call(arguments);
    announcer.textContent = "";
    parts.forEach(function (part, index) {
      var span = document.createElement("span");
      var text = part.textContent.trim();
      span.textContent = text + (index < parts.length - 1 && !/[.!?…。؟]$/.test(text) ? "." : "");
      if (part.lang) span.lang = part.lang;
      span.dir = part === counter && part.dir ? part.dir : "auto";
      announcer.appendChild(span);
      announcer.appendChild(document.createTextNode(" "));
    });
  }

  function open(item, push) {
    show(item);
    if (!dialog.open) {
      dialog.showModal();
      close.focus();
    }
    setHash(item, push);
    pushed = pushed || push;
  }

  function step(delta) {
    var list = cards();
    var index = list.indexOf(current) + delta;
    if (index < 0 || index >= list.length) return;
    open(list[index], false);
  }

  // Closes the dialog and gives focus back to the card of the sticker last shown.
  function hide() {
    if (!dialog.open) return;
    if (document.fullscreenElement && document.exitFullscreen) document.exitFullscreen();
    dialog.close();
    var item = current;
    current = null;
    if (item) {
      var cardLink = item.querySelector("a");
      cardLink.focus();
    }
  }
  function dismiss() {
    if (pushed && slugInHash()) {
      pushed = false;
      window.history.back();   // popstate then hides the dialog
      hide();
    } else {
      window.history.replaceState(window.history.state, "", window.location.href.split("#")[0]);
      hide();
    }
  }

  grid.addEventListener("click", function (event) {
    var anchor = event.target.closest("a.sticker-card");
    if (!anchor || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    open(anchor.closest("li"), true);
  });
  zoom.addEventListener("click", function () {
    enlarged = !enlarged;
    zoom.setAttribute("aria-pressed", String(enlarged));
    if (current) show(current);
  });
  previous.addEventListener("click", function () { step(-1); });
  next.addEventListener("click", function () { step(1); });
  close.addEventListener("click", dismiss);
  dialog.addEventListener("cancel", function (event) { event.preventDefault(); dismiss(); });
  // A click on the backdrop (outside the dialog's box) closes it, as a lightbox does.
  dialog.addEventListener("click", function (event) {
    if (event.target !== dialog) return;
    var box = dialog.getBoundingClientRect();
    var inside = event.clientX >= box.left && event.clientX <= box.right && event.clientY >= box.top && event.clientY <= box.bottom;
    if (!inside) dismiss();
  });

  dialog.addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    // Right to left, the previous sticker is on the right.
    var back = getComputedStyle(dialog).direction === "rtl" ? 1 : -1;
    if (event.key === "ArrowLeft") { step(back); event.preventDefault(); }
    else if (event.key === "ArrowRight") { step(-back); event.preventDefault(); }
    else if (event.key === "Home") { step(-cards().indexOf(current)); event.preventDefault(); }
    else if (event.key === "End") { step(cards().length - 1 - cards().indexOf(current)); event.preventDefault(); }
    else if (event.key === "Tab") {
      // Keep focus inside the dialog: from the last control back to the first, and the reverse.
      var focusable = Array.prototype.filter.call(dialog.querySelectorAll("a[href], button"), function (element) {
        return !element.disabled && !element.hidden && element.getClientRects().length > 0;
      });
      if (!focusable.length) return;
      var first = focusable[0], last = focusable[focusable.length - 1];
      if (event.shiftKey && document.activeElement === first) { last.focus(); event.preventDefault(); }
      else if (!event.shiftKey && document.activeElement === last) { first.focus(); event.preventDefault(); }
    }
  });

  // Swipe: a mostly sideways move of 50 px or more flips (right to left is "next").
  var start = null;
  stage.addEventListener("touchstart", function (event) {
    start = event.touches.length === 1 ? { x: event.touches[0].clientX, y: event.touches[0].clientY } : null;
  }, { passive: true });
  stage.addEventListener("touchend", function (event) {
    if (!start || !event.changedTouches.length) return;
    var dx = event.changedTouches[0].clientX - start.x, dy = event.changedTouches[0].clientY - start.y;
    start = null;
    if (Math.abs(dx) >= 50 && Math.abs(dx) > Math.abs(dy) * 1.5) step(dx < 0 ? 1 : -1);
  });

  if (dialog.requestFullscreen && document.fullscreenEnabled) {
    fullscreen.hidden = false;
    fullscreen.addEventListener("click", function () {
      if (document.fullscreenElement) document.exitFullscreen();
      else dialog.requestFullscreen().catch(function () { /* refused: stay in the page */ });
    });
    document.addEventListener("fullscreenchange", function () {
      fullscreen.setAttribute("aria-pressed", String(document.fullscreenElement === dialog));
    });
    fullscreen.setAttribute("aria-pressed", "false");
  }

  // The address decides: a #sticker= hash opens (or moves) the viewer, none closes it.
  function follow() {
    var slug = slugInHash();
    var item = slug && bySlug(slug);
    if (item) {
      if (item.hidden) return;
      show(item);
      if (!dialog.open) { dialog.showModal(); close.focus(); }
    } else {
      pushed = false;
      hide();
    }
  }
  window.addEventListener("popstate", follow);
  window.addEventListener("hashchange", follow);
  follow();
})();
