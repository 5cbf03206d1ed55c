#!/usr/bin/env python3
"""Page weight of a built site as a 2x screen loads it, measured by headless Chromium.

The site is served on 127.0.0.1 by Python's http.server. For the home page and the largest pack
page, a copy of the page (beside it, so its links work) gets a probe script; Chromium opens it at WIDTHxHEIGHT CSS pixels with a device scale factor of 2
(so srcset picks the 2x candidates) and, once the page has loaded, the probe lists every resource
the page fetched (Resource Timing) and every image inside the first screen (its currentSrc). The
bytes are the files' sizes on disk (what a server without compression transfers):

  - first screen: the HTML, the CSS, the scripts and the images that show without scrolling;
  - fetched: everything Chromium fetched before any scrolling, which with loading="lazy" also
    includes images within Chromium's lazy-load distance below the screen.

usage: page-weight.py SITE_FOLDER [WIDTH HEIGHT]      (default 1280 800)"""
import functools, http.server, json, os, re, subprocess, sys, tempfile, threading, urllib.parse

PROBE = """<script>
addEventListener("load", () => setTimeout(() => {
  const fetched = performance.getEntriesByType("resource").map(entry => entry.name);
  const visible = [...document.images].filter(image => {
    const box = image.getBoundingClientRect();
    return image.currentSrc && box.bottom > 0 && box.top < innerHeight && box.width > 0;
  }).map(image => image.currentSrc);
  const out = document.createElement("pre");
  out.id = "peel-weight";
  out.textContent = JSON.stringify({fetched, visible, images: document.images.length, ratio: devicePixelRatio});
  document.body.append(out);
}, 500));
</script>"""


def serve(site):
    """Serves SITE on a free port of 127.0.0.1 from a background thread; returns the base URL."""
    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *arguments):
            pass
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=site))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{server.server_address[1]}/"


def measure(site, base, page, width, height):
    path = os.path.join(site, page)
    html = open(path, encoding="utf-8").read()
    probe = os.path.join(os.path.dirname(path), "peel-weight-probe.html")
    with open(probe, "w", encoding="utf-8") as out:
        out.write(html.replace("</body>", PROBE + "</body>"))
    try:
        with tempfile.TemporaryDirectory() as profile:
            dom = subprocess.run(["chromium", "--headless", "--disable-gpu", "--no-sandbox", f"--user-data-dir={profile}",
                                  f"--window-size={width},{height}", "--force-device-scale-factor=2", "--hide-scrollbars",
                                  "--virtual-time-budget=10000", "--dump-dom", base + os.path.relpath(probe, site)],
                                 capture_output=True, text=True, timeout=120).stdout
    finally:
        os.remove(probe)
    found = re.search(r'<pre id="peel-weight">(.*?)</pre>', dom, re.S)
    if not found:
        sys.exit(f"{page}: the probe did not report (Chromium's output: {dom[:300]!r})")
    report = json.loads(found.group(1).replace("&quot;", '"').replace("&amp;", "&").replace("&lt;", "<").replace("&gt;", ">"))

    def size(url):
        local = os.path.join(site, urllib.parse.unquote(urllib.parse.urlparse(url).path).lstrip("/"))
        return os.path.getsize(local) if os.path.isfile(local) else 0

    page_bytes = len(html.encode("utf-8"))
    fetched = sorted(set(report["fetched"]))
    non_images = [url for url in fetched if not re.search(r"\.(png|webp|gif|jpe?g|svg)$", url)]
    visible = sorted(set(report["visible"]))
    first_screen = page_bytes + sum(size(url) for url in non_images) + sum(size(url) for url in visible)
    everything = page_bytes + sum(size(url) for url in fetched)
    return {"page": page, "ratio": report["ratio"], "images": report["images"], "visible_images": len(visible),
            "first_screen": first_screen, "fetched_files": len(fetched) + 1, "fetched": everything,
            "html": page_bytes, "css_js": sum(size(url) for url in non_images)}


def main():
    site = sys.argv[1]
    width, height = (int(sys.argv[2]), int(sys.argv[3])) if len(sys.argv) > 3 else (1280, 800)
    catalog = json.load(open(os.path.join(site, "catalog.json")))
    # The pack with the most stickers; of those, the one with the largest art (the heaviest thumbnails).
    largest = max(catalog["packs"], key=lambda pack: (len(pack["stickers"]), pack.get("size_pixels") or 0))
    pages = [("home page", "index.html"), (f"pack page ({len(largest['stickers'])} stickers)", largest["page"])]
    base = serve(site)
    print(f"Page weight at {width}×{height} CSS px, device scale factor 2 (Chromium):")
    print()
    print("| page | images on the page | in the first screen | first screen (HTML + CSS + JS + those images) | fetched before scrolling |")
    print("|---|---|---|---|---|")
    for label, page in pages:
        row = measure(site, base, page, width, height)
        print(f"| {label} | {row['images']} | {row['visible_images']} | {row['first_screen'] / 1024:.1f} KB "
              f"(HTML {row['html'] / 1024:.1f} KB, CSS + JS {row['css_js'] / 1024:.1f} KB) | "
              f"{row['fetched'] / 1024:.1f} KB in {row['fetched_files']} files |")


if __name__ == "__main__":
    main()
