// One "Pause animations" control per page (WCAG 2.2.2). Animated stickers carry a still poster in a
// <source media="(prefers-reduced-motion: reduce)">; pausing points every such source at all media
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

  // Stickers shown through Markdown (![spin](spin.gif) in site.md, pack.md or a sidecar) are a bare
  // <img> of the published original, with no poster source. An animated sticker's still poster is
  // published beside its original as <name>-poster.png, and only an animated one has it: where that
  // file loads, the image gets the same <picture> and poster <source> as the theme's own images, so
  // reduced motion and Pause stop it too, and the page offers Pause. (Without script such an image
  // plays; a poster source written by the build would cover that.)
  function posterOf(image) {
    var src = image.getAttribute("src") || "";
    if (/^([a-z][a-z0-9+.-]*:|\/\/|#)/i.test(src)) return null;   // an address elsewhere: not a sticker
    var match = /^((?:[^?#]*\/)?)([^\/?#]+)\.(gif|png|apng|webp|avif)$/i.exec(src);
    return match ? match[1] + match[2] + "-poster.png" : null;
  }
  function posterProse(found) {
    Array.prototype.forEach.call(document.querySelectorAll(".prose img"), function (image) {
      if (image.parentNode.nodeName === "PICTURE") return;
      var poster = posterOf(image);
      if (!poster) return;
      var probe = new Image();
      probe.onload = function () {
        if (image.parentNode.nodeName === "PICTURE") return;
        var picture = document.createElement("picture");
        var source = document.createElement("source");
        source.setAttribute("media", QUERY);
        source.setAttribute("srcset", poster);
        image.parentNode.insertBefore(picture, image);
        picture.appendChild(source);
        picture.appendChild(image);
        apply(picture);
        found();
      };
      probe.src = poster;
    });
  }

  window.peelMotion = { apply: apply, paused: paused };
  var count = apply(document);
  posterProse(function () { if (button) button.hidden = false; });
  if (!button) return;
  button.hidden = count === 0;
  button.addEventListener("click", function () {
    remember(paused() ? "playing" : "paused");
    apply(document);
  });
  if (reduced.addEventListener) reduced.addEventListener("change", function () { apply(document); });
})();
