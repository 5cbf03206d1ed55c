/// The script `peel serve` adds to every HTML page it sends (never to the built files): it
/// listens for build events, reloads the page when a new site is published, and shows build
/// failures and content errors in an overlay. Every text goes in with `textContent`.
enum LiveReloadScript {
    static let path = "/__peel/live-reload.js"
    static let eventsPath = "/__peel/events"

    /// The tag injected before `</body>`; `generation` is the site the page was read from.
    static func tag(generation: Int) -> String {
        "<script src=\"\(path)\" data-generation=\"\(generation)\"></script>"
    }

    /// Adds the tag before the last `</body>`, or at the end when there is none.
    static func inject(into html: String, generation: Int) -> String {
        let tag = tag(generation: generation)
        guard let range = html.range(of: "</body>", options: [.backwards, .caseInsensitive]) else { return html + tag }
        return html.replacingCharacters(in: range.lowerBound..<range.lowerBound, with: tag + "\n")
    }

    static let source = #"""
    // Added by `peel serve` only: reloads this page after each build and shows build errors.
    (function () {
      "use strict";
      var script = document.currentScript;
      var generation = Number(script && script.getAttribute("data-generation"));
      var overlay = null;

      function hide() {
        if (overlay) { overlay.remove(); overlay = null; }
      }

      function show(status) {
        hide();
        overlay = document.createElement("section");
        overlay.id = "peel-build-status";
        overlay.setAttribute("role", "alert");
        overlay.setAttribute("aria-label", "Peel build status");
        overlay.style.cssText = "position:fixed;inset:auto 0 0 0;z-index:2147483647;max-height:60vh;overflow:auto;" +
          "margin:0;padding:1rem 1.25rem;background:#3b0a0a;color:#fff;border-top:4px solid #ff6b6b;" +
          "font:15px/1.45 system-ui,sans-serif;box-shadow:0 -4px 24px rgba(0,0,0,.4)";
        var heading = document.createElement("p");
        heading.style.cssText = "margin:0 0 .5rem;font-weight:700;font-size:1.05rem";
        heading.textContent = (status.state === "failed" ? "\u26a0 " : "") + status.title;
        var details = document.createElement("pre");
        details.style.cssText = "margin:0 0 .75rem;white-space:pre-wrap;font:13px/1.5 ui-monospace,monospace;color:#fff";
        details.textContent = status.messages.join("\n");
        var hint = document.createElement("p");
        hint.style.cssText = "margin:0 0 .75rem;color:#ffd7d7";
        hint.textContent = "Fix the file and save: the page reloads by itself.";
        var close = document.createElement("button");
        close.type = "button";
        close.textContent = "Dismiss";
        close.style.cssText = "font:inherit;padding:.3rem .9rem;border:2px solid #fff;border-radius:6px;background:transparent;color:#fff;cursor:pointer";
        close.addEventListener("click", hide);
        overlay.append(heading, details, hint, close);
        document.body.appendChild(overlay);
      }

      // This page's file in the site: "pack/sticker/index.html".
      function currentFile() {
        var path = decodeURIComponent(location.pathname).replace(/^\/+/, "");
        return path === "" || path.slice(-1) === "/" ? path + "index.html" : path;
      }

      if (!window.EventSource) return;
      var source = new EventSource("/__peel/events");
      source.addEventListener("status", function (event) {
        var status = JSON.parse(event.data);
        if (status.generation !== generation) {
          // The next generation names the files it changed: a page not among them stays.
          if (status.generation === generation + 1 && Array.isArray(status.changed) &&
              status.changed.indexOf(currentFile()) === -1) {
            generation = status.generation;
          } else {
            source.close();
            location.reload();
            return;
          }
        }
        if (status.state === "ok") hide(); else show(status);
      });
    })();
    """#
}
