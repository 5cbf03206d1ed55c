// One "Pause animations" control per page (WCAG 2.2.2). Animated stickers carry a still poster in a
// <source media="(prefers-reduced-motion: reduce)"> (the theme's images, and the build writes one for
// an animated sticker shown through Markdown: ![spin](spin.gif)); pausing points every such source at all media
// (the poster shows), playing at none (the animation shows). The choice is remembered in
// localStorage; until the reader makes one, the reduced-motion setting decides, as without script.
(function () {
  "use strict";
  var KEY = "peel-motion";
  var QUERY = "(prefers-reduced-motion: reduce)";
  var button = document.querySelector("[data-motion-toggle]");
  var reduced = window.matchMedia ? window.matchMedia(QUERY) : { matches: false };

  function stored() {
    try { return window.localStorage.getItem(KEY); } catch (error) { return null; }
  }
  function remember(value) {
    try { window.localStorage.setItem(KEY, value); } catch (error) { /* private mode: this page only */ }
  }
  function paused() {
    var choice = stored();
    return choice ? choice === "paused" : reduced.matches;
  }

  // Sources made by the theme keep their authored media in data-motion-media, so playing again
  // after a pause restores exactly what the template wrote.
  function apply(root) {
    var stop = paused();
    var sources = (root || document).querySelectorAll("source[data-motion-media], source[media='" + QUERY + "']");
    Array.prototype.forEach.call(sources, function (source) {
      if (!source.hasAttribute("data-motion-media")) source.setAttribute("data-motion-media", source.getAttribute("media"));
      source.setAttribute("media", stored() ? (stop ? "all" : "not all") : source.getAttribute("data-motion-media"));
    });
    document.documentElement.classList.toggle("motion-paused", stop);
    if (button) button.setAttribute("aria-pressed", String(stop));
    return sources.length;
  }

  window.peelMotion = { apply: apply, paused: paused };
  var count = apply(document);
  if (!button) return;
  button.hidden = count === 0;
  button.addEventListener("click", function () {
    remember(paused() ? "playing" : "paused");
    apply(document);
  });
  if (reduced.addEventListener) reduced.addEventListener("change", function () { apply(document); });
})();
