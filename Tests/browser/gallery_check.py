#!/usr/bin/env python3
"""Checks a built Peel site in headless Chromium, as a person with a browser would use it.

Every page of the site (home, each pack, each sticker, the label review) is opened from file://
and must have: zero axe-core violations for the WCAG 2.0/2.1/2.2 A and AA rules, no console
errors, no link or image that points to a missing file, and images that actually decode. On top:
keyboard focus reaches every sticker of each pack page (Tab through it), animated stickers show
their still poster under prefers-reduced-motion: reduce, the pack filter box filters and
announces, and the copy-label button copies. Screenshots of each page type at phone and desktop
widths in light and dark mode are written for a person to look at.

Usage: gallery_check.py --site DIR --axe axe.min.js --screenshots DIR
Exit status 0 when everything passes; otherwise every failure is printed with its page.
"""

import argparse
import base64
import json
import os
import pathlib
import sys
import time
import urllib.parse

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
WIDTHS = {"phone": 390, "desktop": 1280}


class Checker:
    def __init__(self, site: pathlib.Path, axe_source: str, screenshots: pathlib.Path):
        self.site = site.resolve()
        self.axe_source = axe_source
        self.screenshots = screenshots
        self.failures = []
        self.counts = {"pages": 0, "axe_runs": 0, "links": 0, "images": 0}
        options = webdriver.ChromeOptions()
        options.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
        for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                         "--window-size=1280,900", "--hide-scrollbars", "--force-color-profile=srgb",
                         "--disable-extensions", "--no-first-run", "--lang=en-US"]:
            options.add_argument(argument)
        options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
        service = Service(executable_path=os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver"))
        self.driver = webdriver.Chrome(service=service, options=options)
        self.driver.set_script_timeout(60)

    # -- helpers -----------------------------------------------------------------------------

    def fail(self, page, message):
        self.failures.append(f"{page}: {message}")

    def url(self, relative):
        return (self.site / relative).as_uri()

    def open(self, relative):
        self.driver.get(self.url(relative))
        WebDriverWait(self.driver, 20).until(lambda d: d.execute_script("return document.readyState") == "complete")

    def cdp(self, command, params=None):
        return self.driver.execute_cdp_cmd(command, params or {})

    def emulate(self, color_scheme="light", reduced_motion="no-preference"):
        self.cdp("Emulation.setEmulatedMedia", {"features": [
            {"name": "prefers-color-scheme", "value": color_scheme},
            {"name": "prefers-reduced-motion", "value": reduced_motion},
        ]})

    def console_errors(self):
        return [entry for entry in self.driver.get_log("browser") if entry.get("level") == "SEVERE"]

    def load_all_images(self):
        """Lazy images below the fold would never load in a check; make them eager and wait."""
        self.driver.execute_script("document.querySelectorAll('img[loading=lazy]').forEach(i => i.loading = 'eager')")
        WebDriverWait(self.driver, 20).until(
            lambda d: d.execute_script("return Array.from(document.images).every(i => i.complete)"))
        # decoding=async images may be complete but not yet painted: wait for decode and two frames.
        self.driver.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            "Promise.all(Array.from(document.images).map(i => i.decode().catch(() => null)))"
            ".then(() => requestAnimationFrame(() => requestAnimationFrame(() => done(true))));")

    # -- per page ----------------------------------------------------------------------------

    def pages(self):
        return sorted(str(p.relative_to(self.site)) for p in self.site.rglob("index.html"))

    def check_page(self, page, color_scheme="light"):
        self.emulate(color_scheme)
        self.driver.get_log("browser")  # drop what earlier pages logged
        self.open(page)
        self.counts["pages"] += 1
        self.load_all_images()
        # The page's own console, read before axe-core runs (axe's work is not the page's).
        for entry in self.console_errors():
            self.fail(page, f"console error: {entry.get('message')}")
        self.check_axe(page, color_scheme)
        if color_scheme == "light":
            self.check_references(page)
            self.check_images_decode(page)

    def check_axe(self, page, color_scheme):
        self.driver.execute_script(self.axe_source)
        result = self.driver.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            "axe.run(document, {runOnly: {type: 'tag', values: arguments[0]}, resultTypes: ['violations'],"
            " preload: false})"
            ".then(r => done({violations: r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,"
            " nodes: v.nodes.map(n => n.target.join(' ') + ' — ' + n.failureSummary)}))}))"
            ".catch(e => done({error: String(e)}));", WCAG_TAGS)
        self.counts["axe_runs"] += 1
        if "error" in result:
            self.fail(page, f"axe-core did not run: {result['error']}")
            return
        for violation in result["violations"]:
            for node in violation["nodes"]:
                self.fail(page, f"axe [{color_scheme}] {violation['id']} ({violation['impact']}): {violation['help']}: {node}")

    def check_references(self, page):
        """Every href and src (and srcset candidate) that is not an external URL names a file that exists."""
        references = self.driver.execute_script("""
            const out = [];
            document.querySelectorAll('a[href], link[href]').forEach(e => out.push(e.getAttribute('href')));
            document.querySelectorAll('img[src], script[src]').forEach(e => out.push(e.getAttribute('src')));
            document.querySelectorAll('img[srcset], source[srcset]').forEach(e =>
                e.getAttribute('srcset').split(',').forEach(c => out.push(c.trim().split(/\\s+/)[0])));
            return out;""")
        base = self.site / page
        for reference in references:
            parsed = urllib.parse.urlparse(reference)
            if parsed.scheme in ("http", "https", "mailto"):
                continue
            if parsed.scheme:
                self.fail(page, f"link with unexpected scheme: {reference}")
                continue
            if not parsed.path:  # a fragment on this page
                fragment = parsed.fragment
                if fragment and not self.driver.find_elements(By.ID, fragment):
                    self.fail(page, f"link to a missing #{fragment}")
                continue
            target = (base.parent / urllib.parse.unquote(parsed.path)).resolve()
            self.counts["links"] += 1
            if not str(target).startswith(str(self.site)):
                self.fail(page, f"link leaves the site: {reference}")
            elif not target.is_file():
                self.fail(page, f"broken link or image: {reference}")

    def check_images_decode(self, page):
        broken = self.driver.execute_script(
            "return Array.from(document.images).filter(i => !(i.naturalWidth > 0)).map(i => i.currentSrc || i.src)")
        self.counts["images"] += len(self.driver.find_elements(By.TAG_NAME, "img"))
        for source in broken:
            self.fail(page, f"image does not decode: {source}")

    # -- behaviours --------------------------------------------------------------------------

    def check_keyboard(self, page):
        """Tab from the top of the page: every sticker card must take focus, with a visible outline."""
        self.emulate()
        self.open(page)
        cards = self.driver.execute_script("return Array.from(document.querySelectorAll('.sticker-card')).map(a => a.href)")
        if not cards:
            self.fail(page, "no sticker cards to tab to")
            return
        reached, outlines = set(), set()
        body = self.driver.find_element(By.TAG_NAME, "body")
        body.click()
        total = len(self.driver.find_elements(By.CSS_SELECTOR, "a[href], button, input, [tabindex]"))
        for _ in range(total + 5):
            self.driver.switch_to.active_element.send_keys(Keys.TAB)
            info = self.driver.execute_script(
                "const e = document.activeElement; const s = getComputedStyle(e);"
                "return {card: e.classList.contains('sticker-card'), href: e.href || '', outline: s.outlineStyle + ' ' + s.outlineWidth};")
            if info["card"]:
                reached.add(info["href"])
                outlines.add(info["outline"])
        missing = [href for href in cards if href not in reached]
        if missing:
            self.fail(page, f"Tab never reaches {len(missing)} of {len(cards)} stickers, e.g. {missing[0]}")
        if any(outline.startswith("none") or outline.endswith(" 0px") for outline in outlines):
            self.fail(page, f"a focused sticker card has no visible outline: {outlines}")
        return len(reached)

    def check_reduced_motion(self, page):
        """An animated sticker's preview plays by default and is its still poster under reduced motion."""
        self.emulate(reduced_motion="no-preference")
        self.open(page)
        selector = ".sticker-preview img"
        moving = self.driver.execute_script(f"return document.querySelector('{selector}').currentSrc")
        self.emulate(reduced_motion="reduce")
        self.open(page)
        self.load_all_images()
        still = self.driver.execute_script(f"return document.querySelector('{selector}').currentSrc")
        swatches = self.driver.execute_script(
            "return Array.from(document.querySelectorAll('.swatch img')).map(i => i.currentSrc)")
        self.emulate()
        if "-poster" in moving:
            self.fail(page, f"the preview shows the poster without reduced motion: {moving}")
        if not still.endswith("-poster.png"):
            self.fail(page, f"under prefers-reduced-motion: reduce the preview is {still}, not its poster")
        if not swatches or not all("-poster" in source for source in swatches):
            self.fail(page, f"background swatches do not use the poster under reduced motion: {swatches}")
        return still

    def check_filter(self, page):
        self.emulate()
        self.open(page)
        box = self.driver.find_element(By.CSS_SELECTOR, "[data-sticker-filter]")
        if not box.is_displayed():
            self.fail(page, "the filter box is not shown when JavaScript runs")
            return
        field = self.driver.find_element(By.ID, "sticker-filter-input")
        label = self.driver.find_element(By.CSS_SELECTOR, "label[for=sticker-filter-input]").text
        items = self.driver.find_elements(By.CSS_SELECTOR, "#sticker-grid > li")
        total = len(items)
        # A word from the last sticker's label (sidecar text): it must match that one and fewer than all.
        words = [w for w in items[-1].get_attribute("data-search").split() if len(w) > 3]
        word = max(words, key=lambda w: len(w)) if words else items[-1].get_attribute("data-search").split()[0]

        def visible():
            return [li for li in self.driver.find_elements(By.CSS_SELECTOR, "#sticker-grid > li") if li.is_displayed()]

        field.send_keys(word.upper())  # case does not matter
        shown = visible()
        if not shown or len(shown) >= total:
            self.fail(page, f"filtering by '{word}' shows {len(shown)} of {total} stickers")
        if any(word.lower() not in li.get_attribute("data-search").lower() for li in shown):
            self.fail(page, f"filtering by '{word}' shows a sticker that does not match")
        status = self.driver.find_element(By.CSS_SELECTOR, "[data-filter-status]")
        try:
            WebDriverWait(self.driver, 3).until(lambda d: status.text == f"Showing {len(shown)} sticker{'s' if len(shown) != 1 else ''} of {total}")
        except Exception:
            self.fail(page, f"the live region says '{status.text}' after filtering")
        field.clear()
        field.send_keys("zzqx-no-such-sticker")
        if visible():
            self.fail(page, "a query that matches nothing still shows stickers")
        if not self.driver.find_element(By.CSS_SELECTOR, "[data-filter-empty]").is_displayed():
            self.fail(page, "no 'No sticker matches' message when nothing matches")
        field.send_keys(Keys.CONTROL, "a")
        field.send_keys(Keys.BACKSPACE)
        if len(visible()) != total:
            self.fail(page, "clearing the box does not bring every sticker back")
        # Without JavaScript the box stays hidden and every sticker shows.
        hidden = self.driver.execute_script("return document.querySelector('[data-sticker-filter]').outerHTML")
        if " hidden" not in self.html_as_built(page, "data-sticker-filter"):
            self.fail(page, "the filter box is not hidden in the HTML (it does nothing without JavaScript)")
        return f"'{word}' → {len(shown)} of {total} ({label})"

    def html_as_built(self, page, marker):
        text = (self.site / page).read_text(encoding="utf-8")
        line = next((line for line in text.splitlines() if marker in line), "")
        return line

    def check_copy(self, page):
        self.emulate()
        self.open(page)
        label = self.driver.find_element(By.ID, "label-text").text
        button = self.driver.find_element(By.CSS_SELECTOR, "[data-copy] button")
        if not button.is_displayed():
            self.fail(page, "the copy button is not shown when JavaScript runs")
            return
        button.click()
        status = self.driver.find_element(By.CSS_SELECTOR, "[data-copy] [role=status]")
        try:
            WebDriverWait(self.driver, 3).until(lambda d: status.text != "")
        except Exception:
            pass
        if status.text != "Label copied.":
            self.fail(page, f"after Copy label the status says '{status.text}'")
        # Paste into a fresh field: the clipboard must hold the label.
        self.driver.execute_script(
            "const t = document.createElement('textarea'); t.id = 'paste-target'; document.body.append(t); t.focus();")
        target = self.driver.find_element(By.ID, "paste-target")
        target.send_keys(Keys.CONTROL, "v")
        pasted = target.get_attribute("value")
        if pasted != label:
            self.fail(page, f"the clipboard holds '{pasted}', not the label '{label}'")
        return pasted

    # -- screenshots -------------------------------------------------------------------------

    def screenshot(self, name, page):
        self.screenshots.mkdir(parents=True, exist_ok=True)
        written = []
        for width_name, width in WIDTHS.items():
            for scheme in ("light", "dark"):
                self.cdp("Emulation.setDeviceMetricsOverride",
                         {"width": width, "height": 900, "deviceScaleFactor": 1, "mobile": width < 600})
                self.emulate(color_scheme=scheme)
                self.open(page)
                self.load_all_images()
                height = self.driver.execute_script("return Math.ceil(document.documentElement.scrollHeight)")
                shot = self.cdp("Page.captureScreenshot", {"format": "png", "captureBeyondViewport": True,
                                                           "clip": {"x": 0, "y": 0, "width": width, "height": min(height, 6000), "scale": 1}})
                path = self.screenshots / f"{name}-{width_name}-{scheme}.png"
                path.write_bytes(base64.b64decode(shot["data"]))
                written.append(path)
        self.cdp("Emulation.clearDeviceMetricsOverride")
        return written


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", required=True, type=pathlib.Path)
    parser.add_argument("--axe", required=True, type=pathlib.Path)
    parser.add_argument("--screenshots", required=True, type=pathlib.Path)
    args = parser.parse_args()

    started = time.monotonic()
    checker = Checker(args.site, args.axe.read_text(encoding="utf-8"), args.screenshots)
    try:
        driver = checker.driver
        version = driver.capabilities.get("browserVersion", "?")
        axe_version = None
        pages = checker.pages()
        packs = [p for p in pages if p.count("/") == 1 and not p.startswith("review/")]
        stickers = [p for p in pages if p.count("/") == 2]
        kinds = {"home": "index.html" in pages, "pack": bool(packs), "sticker": bool(stickers), "review": "review/index.html" in pages}
        for kind, present in kinds.items():
            if not present:
                checker.fail(kind, "the site has no page of this type")

        for page in pages:
            checker.check_page(page)
        axe_version = driver.execute_script("return window.axe && axe.version")
        # Dark mode has its own colours: run axe on one page of each type in it too.
        for page in ["index.html", packs[0], stickers[0], "review/index.html"]:
            checker.check_page(page, color_scheme="dark")

        reached = {page: checker.check_keyboard(page) for page in packs}
        # Animated stickers by what the build measured (catalog.json), not by the page's markup.
        catalog = json.loads((checker.site / "catalog.json").read_text(encoding="utf-8"))
        animated = [s["page"] for pack in catalog["packs"] for s in pack["stickers"] if s["frames"] > 1]
        if not animated:
            checker.fail("sticker", "no animated sticker page to check reduced motion on")
        posters = {page: checker.check_reduced_motion(page) for page in animated}
        filtered = {page: checker.check_filter(page) for page in packs}
        still = next(p for p in stickers if p not in animated)
        copied = checker.check_copy(still)

        shots = []
        shots += checker.screenshot("home", "index.html")
        shots += checker.screenshot("pack", packs[0])
        shots += checker.screenshot("sticker", still)
        shots += checker.screenshot("sticker-animated", animated[0])
        shots += checker.screenshot("review", "review/index.html")
    finally:
        checker.driver.quit()

    print(f"Chromium {version}, axe-core {axe_version}, rules tagged {', '.join(WCAG_TAGS)}")
    print(f"Pages: {len(pages)} ({len(packs)} pack, {len(stickers)} sticker, home, review); axe runs: {checker.counts['axe_runs']} "
          f"(every page in light mode, one per type in dark); {checker.counts['links']} links and sources resolved; "
          f"{checker.counts['images']} images decoded")
    for page, count in reached.items():
        print(f"Keyboard: Tab reaches {count} stickers on {page}")
    for page, poster in posters.items():
        print(f"Reduced motion: {page} shows {pathlib.Path(poster).name}")
    for page, summary in filtered.items():
        print(f"Filter: {page}: {summary}")
    print(f"Copy label: {still}: pasted '{copied}'")
    print(f"Screenshots ({len(shots)}):")
    for path in shots:
        print(f"  {path}")
    seconds = time.monotonic() - started
    if checker.failures:
        print(f"\n{len(checker.failures)} failed checks:", file=sys.stderr)
        for failure in checker.failures:
            print(f"  {failure}", file=sys.stderr)
        print(f"0 passed, {len(checker.failures)} failed ({seconds:.0f} s)")
        return 1
    print(f"Browser checks passed in {seconds:.0f} s.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
