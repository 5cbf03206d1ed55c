#!/usr/bin/env python3
"""Checks a built Peel site in headless Chromium, as a person with a browser would use it.

Every page of the site (home, each pack, each sticker, the label review) is opened from file://
and must have: zero axe-core violations for the WCAG 2.0/2.1/2.2 A and AA rules, no console
errors, no link or image that points to a missing file, and images that actually decode. On top:
keyboard focus reaches every sticker of each pack page (Tab through it), animated stickers show
their still poster under prefers-reduced-motion: reduce, the pack filter box filters and
announces, the copy-label button copies, and Hear label and the pack reader speak the right
text in the right language (speechSynthesis replaced by a recorder; hidden when it is removed). The pack viewer (open, arrows, Tab kept inside,
Esc, focus given back, the place kept in the hash), the Pause animations control and the
review filters are driven, with axe run in each of their states. With --peel, a catalog of
hostile long texts is built and no page of it may scroll sideways at 320, 390 or 1280 px.
Screenshots of each page type at phone and desktop widths in light and dark mode are written for
a person to look at.

Usage: gallery_check.py --site DIR --axe axe.min.js --screenshots DIR [--peel PATH --scratch DIR]
Exit status 0 when everything passes; otherwise every failure is printed with its page.
"""

import argparse
import base64
import json
import os
import pathlib
import shutil
import subprocess
import sys
import time
import urllib.parse

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.common.exceptions import TimeoutException
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select, WebDriverWait

WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
WIDTHS = {"phone": 390, "desktop": 1280}
# The narrowest phone in use (iPhone SE 1st gen, small Android): WCAG 1.4.10 reflow asks for 320 CSS px.
REFLOW_WIDTHS = [320, 390, 820, 1280]


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
            self.check_images_sharp(page)

    def check_axe(self, page, color_scheme, state=""):
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
                self.fail(page, f"axe [{color_scheme}{state}] {violation['id']} ({violation['impact']}): {violation['help']}: {node}")

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

    def check_images_sharp(self, page):
        """Each image with a srcset shows a candidate at least as wide as it is drawn (in device
        pixels), unless none is wider: a `sizes` that says less than the drawn width (the builder's
        160px for a preview drawn at 320) makes the browser pick a small file and stretch it."""
        blurry = self.driver.execute_script(
            "const dpr = window.devicePixelRatio;"
            "return Array.from(document.querySelectorAll('img[srcset]')).filter(i => i.complete && i.naturalWidth > 0).map(i => {"
            "  const candidates = i.srcset.split(',').map(c => c.trim().split(/\\s+/)).map(([u, w]) => ({url: new URL(u, document.baseURI).href, w: parseInt(w)}));"
            "  const chosen = candidates.find(c => c.url === i.currentSrc);"
            "  const drawn = i.getBoundingClientRect().width * dpr;"
            "  const widest = Math.max(...candidates.map(c => c.w));"
            "  return chosen && drawn > 0 && chosen.w < widest && chosen.w < drawn * 0.85 ? `${i.currentSrc} (${chosen.w}w) drawn ${Math.round(drawn)} px wide` : null;"
            "}).filter(x => x);")
        for image in blurry:
            self.fail(page, f"image stretched (its sizes says less than it is drawn): {image}")

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

    def check_builder(self, page):
        """A parts pack's builder: with JavaScript its links become labelled radios; the keyboard picks
        another choice, which opens that combination with the choice in the URL query and its label."""
        self.emulate()
        self.open(page)
        label_before = self.driver.find_element(By.ID, "builder-label").text
        radios = self.driver.find_elements(By.CSS_SELECTOR, ".builder-form input[type=radio]")
        if not radios or not all(r.is_displayed() for r in radios):
            self.fail(page, "the builder's radios are not shown with JavaScript")
            return None
        for radio in radios:
            if not self.driver.find_elements(By.CSS_SELECTOR, f"label[for='{radio.get_attribute('id')}']"):
                self.fail(page, f"radio {radio.get_attribute('id')} has no label")
        if "base=" not in self.driver.current_url:
            self.fail(page, f"the choice is not in the URL query: {self.driver.current_url}")
        body = self.driver.find_element(By.TAG_NAME, "body")
        for _ in range(60):
            body.send_keys(Keys.TAB) if _ == 0 else self.driver.switch_to.active_element.send_keys(Keys.TAB)
            if self.driver.switch_to.active_element.get_attribute("type") == "radio":
                break
        else:
            self.fail(page, "Tab never reaches the builder's radios")
            return None
        part = self.driver.switch_to.active_element.get_attribute("name")
        self.driver.switch_to.active_element.send_keys(Keys.ARROW_RIGHT)
        WebDriverWait(self.driver, 5).until(lambda d: d.find_element(By.ID, "builder-label").text != label_before)
        after = self.driver.find_element(By.ID, "builder-label").text
        if "?" not in self.driver.current_url:
            self.fail(page, f"the new choice is not in the URL query: {self.driver.current_url}")
        # The choice loads its page; focus comes back to the part's checked radio there, so the
        # arrow keys go on through the group (it fell to <body>, and a screen reader started over).
        try:
            WebDriverWait(self.driver, 5).until(
                lambda d: d.switch_to.active_element.get_attribute("name") == part and d.switch_to.active_element.is_selected())
        except TimeoutException:
            focused = self.driver.switch_to.active_element
            self.fail(page, f"after a choice, focus is on <{focused.tag_name}> name={focused.get_attribute('name')!r}, not the {part!r} radio")
        self.check_axe(page, "light", " after a choice")
        return {"before": label_before, "after": after, "url": self.driver.current_url.rsplit("/", 1)[-1]}

    def check_transcript(self, page, points):
        """The transcript preview: the sticker at its true point size (CSS px, its layout box before the
        tilt), the conversation's colours following the colour scheme and then the toggle (reached by the
        keyboard), the bubbles and the sticker's repeated label hidden from assistive technology, and axe
        clean in each state."""
        seen = {}
        for scheme in ("light", "dark"):
            self.emulate(color_scheme=scheme)
            self.open(page)
            state = self.driver.execute_script(
                "const t = document.querySelector('.transcript'); if (!t) return null;"
                "t.scrollIntoView(); const img = t.querySelector('.peeled img');"
                "return {width: img.offsetWidth, height: img.offsetHeight, alt: img.alt, complete: img.complete,"
                " bg: getComputedStyle(t).backgroundColor,"
                " hidden: [...t.querySelectorAll('.bubble')].every(b => b.getAttribute('aria-hidden') === 'true'),"
                " bubbles: t.querySelectorAll('.bubble').length}")
            if state is None:
                self.fail(page, "no transcript preview")
                return None
            if (state["width"], state["height"]) != (points, points):
                self.fail(page, f"the sticker in the conversation is {state['width']}×{state['height']} CSS px, not its {points} pt")
            expected = "rgb(0, 0, 0)" if scheme == "dark" else "rgb(255, 255, 255)"
            if state["bg"] != expected:
                self.fail(page, f"[{scheme}] the conversation's background is {state['bg']}, not {expected}")
            if not state["hidden"] or state["bubbles"] < 2:
                self.fail(page, "the bubbles are not hidden from assistive technology")
            # The label is read once, beside the art (the sticker page) or on its card (the pack page):
            # the conversation's copy of the sticker is not read again.
            if state["alt"]:
                self.fail(page, f"the sticker in the conversation repeats its label for screen readers: {state['alt']}")
            self.check_axe(page, scheme, " transcript")
            seen[scheme] = state["bg"]
        # The toggle by keyboard, against the scheme: the dark page asks for light.
        radio = self.driver.find_element(By.ID, "appearance-auto")
        self.driver.execute_script("arguments[0].focus()", radio)
        self.driver.switch_to.active_element.send_keys(Keys.ARROW_RIGHT)
        checked = self.driver.execute_script("return document.querySelector('.appearance-toggle input:checked').value")
        bg = self.driver.execute_script("return getComputedStyle(document.querySelector('.transcript')).backgroundColor")
        if checked != "light" or bg != "rgb(255, 255, 255)":
            self.fail(page, f"the keyboard toggle to light gave {checked} and {bg}")
        self.check_axe(page, "dark", " transcript toggled light")
        return f"{points} pt, {seen['light']} / {seen['dark']}, toggled {checked}"

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

    def check_filter_marks(self, site, page, queries):
        """Each query, typed without the marks its label has (Arabic vowels, Hebrew points), shows
        exactly the sticker it names: pack-filter.js once stripped Latin accents only."""
        self.emulate()
        self.driver.get((site / page).as_uri())
        field = self.driver.find_element(By.ID, "sticker-filter-input")
        found = {}
        for query, slug in queries.items():
            field.send_keys(Keys.CONTROL, "a")
            field.send_keys(Keys.BACKSPACE)
            field.send_keys(query)
            shown = [li.get_attribute("data-slug") for li in self.driver.find_elements(By.CSS_SELECTOR, "#sticker-grid > li") if li.is_displayed()]
            if shown != [slug]:
                self.fail(page, f"filtering by '{query}' shows {shown}, not [{slug}]")
            found[query] = shown
        return found

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

    # -- speech: Hear label and the pack reader ---------------------------------------------

    # Replaces speechSynthesis before the page's scripts run with a recorder: speak() records the
    # text and lang and queues the utterance; __finish() ends the oldest one as a real voice would.
    SPEECH_STUB = """
        window.__spoken = []; window.__queue = [];
        const end = u => u.dispatchEvent(new Event('end'));
        Object.defineProperty(window, 'speechSynthesis', {configurable: true, value: {
            speaking: false, pending: false, paused: false,
            speak(u) { window.__spoken.push({text: u.text, lang: u.lang}); window.__queue.push(u); },
            cancel() { window.__queue.splice(0).forEach(end); },
            pause() { this.paused = true; }, resume() { this.paused = false; }, getVoices() { return []; },
        }});
        window.__finish = () => { const u = window.__queue.shift(); if (u) end(u); };"""
    SPEECH_REMOVED = "delete window.speechSynthesis; delete window.SpeechSynthesisUtterance;"

    def open_with(self, page, script, site=None):
        """Opens `page` with `script` run before any of the page's own."""
        added = self.cdp("Page.addScriptToEvaluateOnNewDocument", {"source": script})
        try:
            self.emulate()
            self.driver.get(((site or self.site) / page).as_uri())
            WebDriverWait(self.driver, 20).until(lambda d: d.execute_script("return document.readyState") == "complete")
        finally:
            self.cdp("Page.removeScriptToEvaluateOnNewDocument", {"identifier": added["identifier"]})

    def speech_controls(self):
        return self.driver.execute_script(
            "return Array.from(document.querySelectorAll('[data-speak], [data-pack-reader]'))"
            ".map(e => ({hidden: e.hidden, shown: e.offsetParent !== null}))")

    def check_speech(self, sticker, pack, site=None, lang=None, label=""):
        """Hear label on a sticker page and on the review's rows, and the pack reader: each speaks the
        right text in the right language; without speechSynthesis every control stays hidden."""
        name = f"{label}{sticker}"
        for page in [sticker, pack, "review/index.html"]:
            self.emulate()
            self.driver.get(((site or self.site) / page).as_uri())
            controls = self.speech_controls()
            if not controls or any(c["hidden"] or not c["shown"] for c in controls):
                self.fail(f"{label}{page}", f"speech controls are not all shown where speechSynthesis exists: {controls}")
            self.open_with(page, self.SPEECH_REMOVED, site)
            if self.driver.execute_script("return 'speechSynthesis' in window"):
                self.fail(f"{label}{page}", "could not remove speechSynthesis before the page loaded")
            controls = self.speech_controls()
            if not controls or any(not c["hidden"] or c["shown"] for c in controls):
                self.fail(f"{label}{page}", f"speech controls are shown without speechSynthesis: {controls}")
            if self.console_errors():
                self.fail(f"{label}{page}", "console errors without speechSynthesis")

        # The sticker page: the label's text, in the pack's language.
        self.open_with(sticker, self.SPEECH_STUB, site)
        lang = lang or self.driver.execute_script("return document.documentElement.lang")  # the site's language
        text = self.driver.find_element(By.ID, "label-text").text
        self.driver.find_element(By.CSS_SELECTOR, "[data-speak]").click()
        spoken = self.driver.execute_script("return window.__spoken")
        if spoken != [{"text": text, "lang": lang}]:
            self.fail(name, f"Hear label spoke {spoken}, not the label '{text}' in '{lang}'")

        # The review page: each row's button speaks that row's label (or file name), in its pack's language.
        self.open_with("review/index.html", self.SPEECH_STUB, site)
        rows = self.driver.execute_script(
            "return Array.from(document.querySelectorAll('#review-rows tr')).map(r => ({text:"
            " (r.querySelector('.review-label > span[dir=auto]') || {}).textContent || r.dataset.label,"
            " lang: (r.querySelector('.review-label [lang]') || document.documentElement).getAttribute('lang')}))")
        buttons = self.driver.find_elements(By.CSS_SELECTOR, "#review-rows [data-speak]")
        for button in buttons:
            self.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
            button.click()
        spoken = self.driver.execute_script("return window.__spoken")
        if len(buttons) != len(rows) or spoken != rows:
            self.fail(f"{label}review/index.html", f"Hear on {len(buttons)} rows spoke {spoken[:3]}…, expected {rows[:3]}…")

        # The pack reader: every label in order, one at a time, the current sticker marked; Stop ends it.
        self.open_with(pack, self.SPEECH_STUB, site)
        expected = self.driver.execute_script(
            "return Array.from(document.querySelectorAll('#sticker-grid > li')).map(li => li.dataset.label || li.dataset.title)")
        # Each label in its own language: an untranslated one's (data-label-lang), else the pack's or the page's.
        expected_langs = self.driver.execute_script(
            "return Array.from(document.querySelectorAll('#sticker-grid > li')).map(li => li.dataset.label"
            " ? (li.dataset.labelLang || null) : ((li.querySelector('.sticker-title [lang]') || {}).lang || null))")
        expected_langs = [own or lang for own in expected_langs]
        play = self.driver.find_element(By.CSS_SELECTOR, "[data-reader-play]")
        play.send_keys(Keys.ENTER)  # keyboard operable
        script = ("return {spoken: window.__spoken.map(s => s.text), langs: window.__spoken.map(s => s.lang),"
                  " marked: Array.from(document.querySelectorAll('#sticker-grid > li.is-speaking')).map(li => li.dataset.label || li.dataset.title),"
                  " status: document.querySelector('[data-reader-status]').textContent}")
        for index, text in enumerate(expected):
            # One label at a time: the next is spoken only when the voice finishes the one before.
            state = self.driver.execute_script(script)
            if state["spoken"] != expected[:index + 1] or state["marked"] != [text] or state["langs"] != expected_langs[:index + 1]:
                self.fail(f"{label}{pack}", f"reading label {index + 1} of {len(expected)} ('{text}' in '{expected_langs[index]}'): {state}")
                break
            self.driver.execute_script("window.__finish()")
        state = self.driver.execute_script(script)
        if state["spoken"] != expected or state["marked"] or state["status"] != f"Read all {len(expected)}.":
            self.fail(f"{label}{pack}", f"after the last label: {state}, expected {expected} and nothing marked")
        self.driver.find_element(By.CSS_SELECTOR, "[data-reader-play]").click()
        self.driver.execute_script("window.__finish()")
        self.driver.find_element(By.CSS_SELECTOR, "[data-reader-pause]").click()
        paused = self.driver.execute_script("return speechSynthesis.paused")
        self.driver.find_element(By.CSS_SELECTOR, "[data-reader-stop]").click()
        before = self.driver.execute_script("return window.__spoken.length")
        self.driver.execute_script("window.__finish(); window.__finish()")
        after = self.driver.execute_script(
            "return {count: window.__spoken.length, marked: document.querySelectorAll('.is-speaking').length,"
            " paused: speechSynthesis.paused, play: document.querySelector('[data-reader-play]').disabled}")
        if not paused or after["count"] != before or after["marked"] or after["paused"] or after["play"]:
            self.fail(f"{label}{pack}", f"Pause then Stop: paused={paused}, then {after} (spoken before Stop: {before})")
        self.check_axe(f"{label}{pack}", "light", state=" (reader used)")
        return f"{len(expected)} labels read in order in '{lang}'; {len(buttons)} review rows"

    # -- viewer, pause control, review filters ----------------------------------------------

    def wait(self, condition, seconds=3):
        try:
            WebDriverWait(self.driver, seconds).until(lambda d: d.execute_script(condition))
            return True
        except Exception:
            return False

    def viewer_state(self):
        return self.driver.execute_script("""
            const d = document.querySelector('[data-viewer]');
            return {open: d.open, inside: d.contains(document.activeElement),
                    counter: d.querySelector('[data-viewer-counter]').textContent, hash: location.hash,
                    active: document.activeElement.getAttribute('href') || document.activeElement.tagName,
                    width: (d.querySelector('[data-viewer-stage] img') || {}).clientWidth || 0,
                    title: d.querySelector('[data-viewer-link]').textContent};""")

    def check_viewer(self, page):
        """Open the viewer from a card, flip with the arrow keys, keep Tab inside, close with Esc,
        and find focus back on the card; a reload with the hash reopens it; Back closes it."""
        self.emulate()
        self.open(page)
        items = self.driver.execute_script(
            "return Array.from(document.querySelectorAll('#sticker-grid > li')).map(li => ({slug: li.dataset.slug,"
            " href: li.querySelector('a').getAttribute('href'), width: Number(li.dataset.largeWidth)}))")
        total = len(items)
        if total < 3:
            return f"skipped: {total} stickers (the check needs 3)"
        self.driver.find_element(By.CSS_SELECTOR, "#sticker-grid > li:first-child a").click()
        self.load_all_images()
        state = self.viewer_state()
        if not state["open"] or not state["inside"]:
            self.fail(page, f"a click on a card does not open the viewer with focus inside: {state}")
            return
        if state["counter"] != f"1 of {total}" or state["hash"] != f"#sticker={items[0]['slug']}":
            self.fail(page, f"the viewer opens at '{state['counter']}', hash {state['hash']}")
        if state["width"] != items[0]["width"]:
            self.fail(page, f"the viewer shows the sticker {state['width']} px wide, not its {items[0]['width']} pt")
        self.check_axe(page, "light", " viewer open")
        self.driver.switch_to.active_element.send_keys(Keys.ARROW_RIGHT)
        self.driver.switch_to.active_element.send_keys(Keys.ARROW_RIGHT)
        state = self.viewer_state()
        if state["counter"] != f"3 of {total}" or state["hash"] != f"#sticker={items[2]['slug']}":
            self.fail(page, f"→ → shows '{state['counter']}' with hash {state['hash']}, not 3 of {total}")
        self.driver.switch_to.active_element.send_keys(Keys.ARROW_LEFT)
        state = self.viewer_state()
        if state["counter"] != f"2 of {total}":
            self.fail(page, f"← shows '{state['counter']}', not 2 of {total}")
        for step in range(12):
            self.driver.switch_to.active_element.send_keys(Keys.TAB)
            if not self.viewer_state()["inside"]:
                self.fail(page, f"Tab {step + 1} takes focus out of the open viewer")
                break
        self.driver.switch_to.active_element.send_keys(Keys.ESCAPE)
        state = self.viewer_state()
        if state["open"]:
            self.fail(page, "Esc does not close the viewer")
        if state["active"] != items[1]["href"]:
            self.fail(page, f"after Esc focus is on {state['active']}, not the card of the sticker shown ({items[1]['href']})")
        self.wait("return location.hash === ''")
        if self.viewer_state()["hash"]:
            self.fail(page, f"the hash stays {self.viewer_state()['hash']} after closing")
        # The place is in the address: a reload with the hash reopens the viewer there.
        self.driver.get(self.url(page) + f"#sticker={items[2]['slug']}")
        self.driver.refresh()
        self.wait("return document.querySelector('[data-viewer]').open")
        state = self.viewer_state()
        if not state["open"] or state["counter"] != f"3 of {total}":
            self.fail(page, f"a reload with #sticker={items[2]['slug']} shows {state}")
        self.check_axe(page, "light", " viewer reopened from the hash")
        self.emulate(color_scheme="dark")
        self.check_axe(page, "dark", " viewer open")
        self.emulate()
        # Back closes a viewer that a click opened.
        self.open(page)
        self.driver.find_element(By.CSS_SELECTOR, "#sticker-grid > li:nth-child(2) a").click()
        self.driver.back()
        if not self.wait("return !document.querySelector('[data-viewer]').open"):
            self.fail(page, "Back does not close the viewer")
        # Without JavaScript the cards are plain links to the sticker pages.
        built = (self.site / page).read_text(encoding="utf-8")
        if f'<a class="sticker-card" href="{items[0]["href"]}">' not in built or not items[0]["href"].endswith("index.html"):
            self.fail(page, "the cards do not link to the sticker pages in the HTML as built")
        return f"opened 1 of {total}, → → 3, ← 2, Tab kept inside, Esc back to {items[1]['href']}, reload reopened 3 of {total}"

    def check_pager_keys(self, page):
        """→ on a sticker page goes to the next sticker's page, not while typing in a field."""
        self.emulate()
        self.open(page)
        following = self.driver.execute_script("const a = document.querySelector('a[rel=next]'); return a && a.href")
        if not following:
            self.fail(page, "no next link to follow with →")
            return
        self.driver.find_element(By.TAG_NAME, "body").send_keys(Keys.ARROW_RIGHT)
        if not self.wait(f"return location.href === {json.dumps(following)}"):
            self.fail(page, f"→ does not open {following} (at {self.driver.current_url})")
        self.open(page)
        self.driver.execute_script("const t = document.createElement('input'); t.id = 'typing'; document.body.append(t); t.focus();")
        self.driver.find_element(By.ID, "typing").send_keys(Keys.ARROW_RIGHT)
        time.sleep(0.3)
        if self.driver.current_url != self.url(page):
            self.fail(page, "→ while typing in a field leaves the page")
        return following

    def motion_state(self, selector):
        return self.driver.execute_script(
            "const b = document.querySelector('[data-motion-toggle]');"
            "return {shown: !!b && !b.hidden, pressed: b && b.getAttribute('aria-pressed'),"
            f" sources: Array.from(document.querySelectorAll({json.dumps(selector)})).map(i => i.currentSrc)}};")

    def check_pause(self, page, selector):
        """The Pause animations control shows every poster, is remembered, and plays again."""
        all_posters = f"return Array.from(document.querySelectorAll({json.dumps(selector)})).every(i => i.currentSrc.includes('-poster'))"
        no_posters = f"return Array.from(document.querySelectorAll({json.dumps(selector)})).every(i => !i.currentSrc.includes('-poster'))"
        self.emulate(reduced_motion="no-preference")
        self.open(page)
        self.driver.execute_script("localStorage.clear()")
        self.open(page)
        self.load_all_images()
        state = self.motion_state(selector)
        if not state["shown"] or state["pressed"] != "false" or not state["sources"]:
            self.fail(page, f"the Pause animations control is not offered: {state}")
            return
        if any("-poster" in source for source in state["sources"]):
            self.fail(page, f"posters show before pausing: {state['sources']}")
        self.driver.find_element(By.CSS_SELECTOR, "[data-motion-toggle]").click()
        self.wait(all_posters)
        state = self.motion_state(selector)
        if state["pressed"] != "true" or not all("-poster" in source for source in state["sources"]):
            self.fail(page, f"after Pause the animations still play: {state}")
        self.check_axe(page, "light", " paused")
        self.open(page)
        self.load_all_images()
        self.wait(all_posters)
        state = self.motion_state(selector)
        if state["pressed"] != "true" or not all("-poster" in source for source in state["sources"]):
            self.fail(page, f"the pause is not remembered after a reload: {state}")
        self.driver.find_element(By.CSS_SELECTOR, "[data-motion-toggle]").click()
        self.wait(no_posters)
        state = self.motion_state(selector)
        if state["pressed"] != "false" or any("-poster" in source for source in state["sources"]):
            self.fail(page, f"Play does not bring the animations back: {state}")
        # With no choice made, reduced motion is the default: the control starts pressed.
        self.driver.execute_script("localStorage.clear()")
        self.emulate(reduced_motion="reduce")
        self.open(page)
        if self.motion_state(selector)["pressed"] != "true":
            self.fail(page, "under prefers-reduced-motion the control does not start paused")
        self.emulate()
        self.driver.execute_script("localStorage.clear()")
        return f"{len(state['sources'])} animations paused, remembered after a reload, played again"

    def review_rows(self):
        return self.driver.execute_script(
            "return Array.from(document.querySelectorAll('#review-rows tr')).filter(r => !r.hidden)"
            ".map(r => ({pack: r.dataset.pack, codes: r.dataset.codes, status: r.dataset.status,"
            " text: (r.textContent + ' ' + r.dataset.codes).toLowerCase()}))")

    def check_review_filters(self, site, page="review/index.html"):
        """Search, pack, code and severity narrow the rows together, land in the address, and come back
        from it. `site` must have findings of more than one code or on some stickers only."""
        def open_review():
            self.driver.get((site / page).as_uri())
            WebDriverWait(self.driver, 20).until(lambda d: d.execute_script("return document.readyState") == "complete")
        self.emulate()
        open_review()
        rows = self.review_rows()
        total = len(rows)
        codes = [o.get_attribute("value") for o in self.driver.find_elements(By.CSS_SELECTOR, "#review-code option") if o.get_attribute("value")]
        packs = [o.get_attribute("value") for o in self.driver.find_elements(By.CSS_SELECTOR, "#review-pack option") if o.get_attribute("value")]
        if not codes or not packs:
            self.fail(page, f"the review filters offer no codes ({codes}) or packs ({packs})")
            return
        code = max(codes, key=lambda c: sum(c in r["codes"].split() for r in rows))
        Select(self.driver.find_element(By.ID, "review-code")).select_by_value(code)
        shown = self.review_rows()
        if not shown or len(shown) >= total or any(code not in r["codes"].split() for r in shown):
            self.fail(page, f"the code filter '{code}' shows {len(shown)} of {total} rows")
            return
        pack = shown[0]["pack"]
        Select(self.driver.find_element(By.ID, "review-pack")).select_by_value(pack)
        words = shown[0]["text"].split()
        word = next((w for w in words if 4 < len(w) <= 20 and w.isalpha()), words[0])
        self.driver.find_element(By.ID, "review-q").send_keys(word.upper())
        severity = shown[0]["status"]
        self.driver.find_element(By.CSS_SELECTOR, f".review-filters [data-filter={severity}]").click()
        shown = self.review_rows()
        wrong = [r for r in shown if r["pack"] != pack or code not in r["codes"].split() or word not in r["text"] or r["status"] != severity]
        if not shown or wrong:
            self.fail(page, f"search '{word}' + pack {pack} + code {code} + {severity}: {len(shown)} rows, {len(wrong)} wrong")
        self.wait("return location.search.includes('q=')")
        query = urllib.parse.urlparse(self.driver.current_url).query
        params = urllib.parse.parse_qs(query)
        expected = {"q": [word.upper()], "pack": [pack], "code": [code], "status": [severity]}
        if params != expected:
            self.fail(page, f"the address keeps {params}, not {expected}")
        self.check_axe(f"{site.name}/{page}", "light", " filtered")
        self.driver.refresh()
        WebDriverWait(self.driver, 20).until(lambda d: d.execute_script("return document.readyState") == "complete")
        restored = self.driver.execute_script(
            "return [document.getElementById('review-q').value, document.getElementById('review-pack').value,"
            " document.getElementById('review-code').value, document.querySelector('.review-filters [aria-pressed=true]').dataset.filter]")
        if restored != [word.upper(), pack, code, severity] or len(self.review_rows()) != len(shown):
            self.fail(page, f"a reload restores {restored} and {len(self.review_rows())} rows, not {len(shown)}")
        # Dark mode, at the top: axe's target-size rule counts a row half scrolled under the sticky
        # filters as "obscured", which scrolling undoes; the page itself is checked unscrolled.
        open_review()
        self.emulate(color_scheme="dark")
        self.check_axe(f"{site.name}/{page}", "dark", " filters")
        self.emulate()
        # The filters stay in view while scrolling (desktop).
        top = self.driver.execute_script(
            "window.scrollTo(0, document.documentElement.scrollHeight);"
            "return document.querySelector('[data-review-controls]').getBoundingClientRect().top")
        if abs(top) > 1:
            self.fail(page, f"the review filters scroll away (top {top} px after scrolling to the end)")
        # Phones: each row is a card, and nothing scrolls sideways.
        self.cdp("Emulation.setDeviceMetricsOverride", {"width": 390, "height": 800, "deviceScaleFactor": 1, "mobile": True})
        open_review()
        layout = self.driver.execute_script(
            "const r = document.querySelector('#review-rows tr');"
            "return {display: getComputedStyle(r).display, wide: document.documentElement.scrollWidth, view: window.innerWidth}")
        self.cdp("Emulation.clearDeviceMetricsOverride")
        if layout["display"] != "grid" or layout["wide"] > layout["view"]:
            self.fail(page, f"at 390 px the review rows are not cards that fit: {layout}")
        return f"{code} + {pack} + '{word}' + {severity} → {len(shown)} of {total}, kept in ?{query}"

    def check_reflow(self, site, label):
        """No page scrolls sideways: at each width, the document is no wider than the window."""
        pages = sorted(str(p.relative_to(site)) for p in site.rglob("index.html"))
        widest = {}
        self.emulate()
        for width in REFLOW_WIDTHS:
            self.cdp("Emulation.setDeviceMetricsOverride", {"width": width, "height": 800, "deviceScaleFactor": 1, "mobile": width < 600})
            for page in pages:
                self.driver.get((site / page).as_uri())
                WebDriverWait(self.driver, 20).until(lambda d: d.execute_script("return document.readyState") == "complete")
                wide = self.driver.execute_script(
                    "const d = document.documentElement; return [d.scrollWidth, d.clientWidth,"
                    " Array.from(document.querySelectorAll('body *')).filter(e => e.getBoundingClientRect().right > d.clientWidth + 1)"
                    ".slice(-3).map(e => e.tagName.toLowerCase() + (e.className ? '.' + String(e.className).split(' ')[0] : ''))]")
                widest[width] = max(widest.get(width, 0), wide[0])
                if wide[0] > wide[1]:
                    self.fail(f"{label}/{page}", f"at {width} px the page is {wide[0]} px wide (scrolls sideways): {wide[2]}")
        self.cdp("Emulation.clearDeviceMetricsOverride")
        return pages, widest

    # -- screenshots -------------------------------------------------------------------------

    # -- languages ---------------------------------------------------------------------------

    def language_trees(self):
        """The folders that hold another language's copy of the site: fr/ when fr/index.html says lang="fr"."""
        trees = []
        for folder in sorted(p for p in self.site.iterdir() if p.is_dir()):
            home = folder / "index.html"
            if home.exists() and f'<html lang="{folder.name}"' in home.read_text(encoding="utf-8")[:400]:
                trees.append(folder.name)
        return trees

    def check_switcher(self, page, languages):
        """The page says its language (and rtl where it is), its hreflang alternates name every
        language once plus x-default, and each switcher link, followed with the keyboard (Tab to it,
        Enter), lands on the same page in that language, which marks itself current."""
        self.emulate()
        self.open(page)
        tree = page.split("/")[0] if page.split("/")[0] in languages[1:] else None
        own = tree or languages[0]
        same = page[len(tree) + 1:] if tree else page
        state = self.driver.execute_script(
            "return {lang: document.documentElement.lang, dir: document.documentElement.dir,"
            " alternates: [...document.querySelectorAll('link[rel=alternate][hreflang]')].map(l => [l.hreflang, l.href]),"
            " links: [...document.querySelectorAll('.language-switcher a')].map(a => ({href: a.href, hreflang: a.hreflang,"
            " lang: a.lang, current: a.getAttribute('aria-current')}))}")
        if state["lang"] != own:
            self.fail(page, f"<html lang> is {state['lang']!r}, not {own!r}")
        rtl = own.split("-")[0] in ("ar", "he", "fa", "ur")
        if (state["dir"] == "rtl") != rtl:
            self.fail(page, f"dir is {state['dir']!r} for {own}")
        expected = {lang: self.url(same if lang == languages[0] else f"{lang}/{same}") for lang in languages}
        expected["x-default"] = self.url(same)
        if dict(state["alternates"]) != expected or len(state["alternates"]) != len(expected):
            self.fail(page, f"hreflang alternates {state['alternates']} are not {expected}")
        if [link["hreflang"] for link in state["links"]] != languages:
            self.fail(page, f"the switcher lists {[l['hreflang'] for l in state['links']]}, not {languages}")
        for link in state["links"]:
            if (link["current"] == "true") != (link["hreflang"] == own):
                self.fail(page, f"aria-current on the {link['hreflang']} link is {link['current']!r}")
            if link["lang"] != link["hreflang"]:
                self.fail(page, f"the {link['hreflang']} link's name is not marked lang={link['hreflang']}")
        followed = []
        for index, link in enumerate(state["links"]):
            self.open(page)
            self.driver.find_element(By.TAG_NAME, "body").click()
            # Tab from the top of the page until the link has focus, then Enter: no mouse, no JavaScript of ours.
            for _ in range(40):
                self.driver.switch_to.active_element.send_keys(Keys.TAB)
                if self.driver.execute_script("return document.activeElement && document.activeElement.href") == link["href"] and \
                        self.driver.execute_script("return document.activeElement.closest('.language-switcher') !== null"):
                    break
            else:
                self.fail(page, f"Tab never reaches the {link['hreflang']} link of the switcher")
                continue
            self.driver.switch_to.active_element.send_keys(Keys.ENTER)
            target = expected[link["hreflang"]]
            if not self.wait(f"return location.href === {json.dumps(target)} && document.readyState === 'complete'"):
                self.fail(page, f"the {link['hreflang']} link goes to {self.driver.current_url}, not {target}")
                continue
            lang = self.driver.execute_script("return document.documentElement.lang")
            current = self.driver.execute_script("const a = document.querySelector('.language-switcher a[aria-current=true]'); return a && a.hreflang")
            if lang != link["hreflang"] or current != link["hreflang"]:
                self.fail(page, f"after the {link['hreflang']} link: lang={lang!r}, current={current!r}")
            followed.append(link["hreflang"])
        return followed

    def screenshot(self, name, page, site=None, widths=None, then=None):
        self.screenshots.mkdir(parents=True, exist_ok=True)
        written = []
        for width_name, width in (widths or WIDTHS).items():
            for scheme in ("light", "dark"):
                self.cdp("Emulation.setDeviceMetricsOverride",
                         {"width": width, "height": 900, "deviceScaleFactor": 1, "mobile": width < 600})
                self.emulate(color_scheme=scheme)
                if site:
                    self.driver.get((site / page).as_uri())
                else:
                    self.open(page)
                self.load_all_images()
                if then:
                    self.driver.execute_script(then)
                    time.sleep(0.3)
                height = self.driver.execute_script("return Math.ceil(document.documentElement.scrollHeight)")
                shot = self.cdp("Page.captureScreenshot", {"format": "png", "captureBeyondViewport": True,
                                                           "clip": {"x": 0, "y": 0, "width": width, "height": min(height, 6000), "scale": 1}})
                path = self.screenshots / f"{name}-{width_name}-{scheme}.png"
                path.write_bytes(base64.b64decode(shot["data"]))
                written.append(path)
        self.cdp("Emulation.clearDeviceMetricsOverride")
        return written


# -- a catalog of hostile long texts -------------------------------------------------------------

LONG_WORD = "Supercalifragilisticexpialidocious" * 4
ARABIC = "قطة برتقالية تبتسم وتلوّح بيدها."


def write_hostile_catalog(content, sample):
    """Titles, labels, tags and pack names written without spaces, right-to-left text, a pack of
    many stickers, an animation and an unreadable image: everything that once widened pages."""
    if content.exists():
        shutil.rmtree(content)
    (content / "long").mkdir(parents=True)
    (content / "rtl").mkdir()
    (content / "site.md").write_text(f"---\ntitle: {LONG_WORD}\ndescription: {LONG_WORD} {LONG_WORD}\n---\n", encoding="utf-8")
    (content / "long" / "pack.md").write_text(
        f"---\ntitle: Pack{LONG_WORD}\nauthor: {LONG_WORD}\nlicense: https://example.com/{LONG_WORD}/{LONG_WORD}\n---\n"
        f"See https://example.com/{LONG_WORD}{LONG_WORD} for {LONG_WORD}.\n", encoding="utf-8")
    arts = sorted((sample / "weather").glob("*.png")) + sorted((sample / "animals").glob("[a-h]*.png"))
    for index, art in enumerate(arts):
        stem = f"s{index:02d}-{LONG_WORD.lower()[:60]}"
        shutil.copy(art, content / "long" / f"{stem}.png")
        (content / "long" / f"{stem}.md").write_text(
            f"---\ntitle: Sticker{index}{LONG_WORD}\nalt: Label{LONG_WORD}\ntags: [{LONG_WORD}, tag{index}]\n---\n"
            f"Description {LONG_WORD}{LONG_WORD}\n", encoding="utf-8")
    shutil.copy(sample / "motion" / "weather-cycle-gif.gif", content / "long" / "z-animated.gif")
    (content / "long" / "z-animated.md").write_text(f"---\ntitle: Animated{LONG_WORD}\nalt: Weather cycle\n---\n", encoding="utf-8")
    (content / "long" / "zz-broken.png").write_bytes(b"\x89PNG\r\n\x1a\n" + b"\0" * 20)
    (content / "long" / "zz-broken.md").write_text("---\nalt: A sticker whose file is broken\n---\n", encoding="utf-8")
    (content / "rtl" / "pack.md").write_text(f"---\ntitle: قطط\nlanguage: ar\nbackground: \"#f4efe6\"\n---\n{ARABIC}\n", encoding="utf-8")
    # The dog's and the fox's labels carry Arabic vowel marks and Hebrew points, which the filter
    # box lets a reader leave out (check_filter_marks).
    labels = {"cat": f"{ARABIC}\ntags: [قطة]", "dog": "كَلْبٌ بُنِّيٌّ يجلس", "fox": "שׁוּעָל אָדֹם"}
    for name, label in labels.items():
        shutil.copy(sample / "animals" / f"{name}.png", content / "rtl" / f"{name}.png")
        (content / "rtl" / f"{name}.md").write_text(f"---\ntitle: {name}\nalt: {label}\n---\n", encoding="utf-8")


def build_hostile_site(peel, scratch, sample):
    content = scratch / "hostile-content"
    site = (scratch / "hostile-site").resolve()
    write_hostile_catalog(content, sample)
    if site.exists():
        shutil.rmtree(site)
    # Exit status 1 is expected: the catalog has an unreadable image on purpose.
    result = subprocess.run([str(peel), "build", str(content), "-o", str(site)], capture_output=True, text=True,
                            env={**os.environ, "CI": "true"})
    if result.returncode not in (0, 1) or not (site / "index.html").is_file():
        raise SystemExit(f"building the hostile catalog failed ({result.returncode}):\n{result.stdout}\n{result.stderr}")
    return site


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", required=True, type=pathlib.Path)
    parser.add_argument("--axe", required=True, type=pathlib.Path)
    parser.add_argument("--screenshots", required=True, type=pathlib.Path)
    parser.add_argument("--peel", type=pathlib.Path, help="the peel binary, to build the hostile catalog")
    parser.add_argument("--scratch", type=pathlib.Path, default=pathlib.Path(".build-browser"))
    parser.add_argument("--sample", type=pathlib.Path, default=pathlib.Path("content"))
    args = parser.parse_args()

    started = time.monotonic()
    checker = Checker(args.site, args.axe.read_text(encoding="utf-8"), args.screenshots)
    try:
        driver = checker.driver
        version = driver.capabilities.get("browserVersion", "?")
        axe_version = None
        pages = checker.pages()
        # Other languages' trees (fr/, ar/) repeat the default language's pages: checked apart.
        trees = checker.language_trees()
        translated = [p for p in pages if p.split("/")[0] in trees]
        pages = [p for p in pages if p not in translated]
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
        # Every page of every other language (the sample's French and Arabic), and in dark, as for
        # the default language, one page of each type in each: dark mode's colours are the
        # theme's, the same in every language, and Arabic's right-to-left pages are covered so.
        for page in translated:
            checker.check_page(page)
        for tree in trees:
            for page in ["index.html", packs[0], stickers[0], "review/index.html"]:
                if f"{tree}/{page}" in translated:
                    checker.check_page(f"{tree}/{page}", color_scheme="dark")
        switched = {}
        if trees:
            # In the order site.md declares them, as the home page's switcher lists them.
            checker.emulate()
            checker.open("index.html")
            languages = checker.driver.execute_script("return [...document.querySelectorAll('.language-switcher a')].map(a => a.hreflang)")
            if sorted(languages[1:]) != sorted(trees):
                checker.fail("index.html", f"the switcher lists {languages}, the site has trees {trees}")
            for page in [stickers[0], f"{trees[0]}/{stickers[0]}", f"{trees[-1]}/{packs[0]}", f"{trees[-1]}/index.html"]:
                switched[page] = checker.check_switcher(page, languages)

        reached = {page: checker.check_keyboard(page) for page in packs}
        # Animated stickers by what the build measured (catalog.json), not by the page's markup.
        catalog = json.loads((checker.site / "catalog.json").read_text(encoding="utf-8"))
        animated = [s["page"] for pack in catalog["packs"] for s in pack["stickers"] if s["frames"] > 1]
        if not animated:
            checker.fail("sticker", "no animated sticker page to check reduced motion on")
        posters = {page: checker.check_reduced_motion(page) for page in animated}
        filtered = {page: checker.check_filter(page) for page in packs}
        builders = [p for p in pages if p.endswith("/builder/index.html")]
        if not builders:
            checker.fail("builder", "the sample catalog has no parts pack builder")
        built = {page: checker.check_builder(page) for page in builders}
        # The transcript preview on a sticker page of each size class and on each pack page.
        transcripts, covered = {}, set()
        for pack in catalog["packs"]:
            points = pack["size_pixels"] // 3
            transcripts[pack["page"]] = checker.check_transcript(pack["page"], points)
            first = next((s["page"] for s in pack["stickers"] if s.get("width")), None)
            if first and pack["size"] not in covered:
                covered.add(pack["size"])
                transcripts[first] = checker.check_transcript(first, points)
        still = next(p for p in stickers if p not in animated)
        copied = checker.check_copy(still)
        spoken = {"sample": checker.check_speech(still, packs[0])}
        # In Arabic, the weather pack mixes translated labels with untranslated English ones.
        spoken["sample ar"] = checker.check_speech("ar/weather/sun/index.html", "ar/weather/index.html", lang="ar", label="ar/")
        viewed = {page: checker.check_viewer(page) for page in packs}
        paged = checker.check_pager_keys(still)
        animated_pack = next(p for p in packs if any(a.startswith(p.split("/")[0] + "/") for a in animated))
        paused = {animated[0]: checker.check_pause(animated[0], ".sticker-preview img, .swatch img"),
                  animated_pack: checker.check_pause(animated_pack, "#sticker-grid img[src*=weather]")}
        reflow = {"sample": checker.check_reflow(checker.site, "sample")}
        hostile, marks = None, None
        if args.peel:
            hostile = build_hostile_site(args.peel, args.scratch, args.sample)
            reflow["hostile"] = checker.check_reflow(hostile, "hostile")
        # The sample catalog is clean; the hostile one has findings of several codes to filter by.
        reviewed = checker.check_review_filters(hostile or checker.site)
        if hostile:
            marks = checker.check_filter_marks(hostile, "rtl/index.html", {"كلب": "dog", "שועל": "fox"})
            spoken["hostile rtl"] = checker.check_speech("rtl/cat/index.html", "rtl/index.html", site=hostile, lang="ar", label="hostile/")
        if hostile:
            for page in ["index.html", "long/index.html", "rtl/index.html", "review/index.html"] + \
                    [p for p in reflow["hostile"][0] if p.startswith("long/s00") or p.startswith("rtl/cat") or "broken" in p]:
                checker.emulate()
                checker.driver.get((hostile / page).as_uri())
                checker.check_axe(f"hostile/{page}", "light")

        shots = []
        shots += checker.screenshot("home", "index.html")
        shots += checker.screenshot("pack", packs[0])
        shots += checker.screenshot("sticker", still)
        shots += checker.screenshot("sticker-animated", animated[0])
        shots += checker.screenshot("review", "review/index.html")
        shots += checker.screenshot("viewer", packs[0], then="document.querySelector('#sticker-grid > li:nth-child(2) a').click()")
        # A translated pack's pages in each other language (the sample's weather pack is translated).
        # The pack most translated into the first other language: the fewest "not yet translated" badges.
        translated_pack = min(packs, key=lambda p: (checker.site / trees[0] / p).read_text(encoding="utf-8").count("badge-translation")) if trees else None
        for tree in trees:
            sticker_page = next(p for p in translated if p.startswith(f"{tree}/{translated_pack.split('/')[0]}/") and p.count("/") == 3)
            shots += checker.screenshot(f"{tree}-home", f"{tree}/index.html")
            shots += checker.screenshot(f"{tree}-pack", f"{tree}/{translated_pack}")
            shots += checker.screenshot(f"{tree}-sticker", sticker_page)
        if hostile:
            narrow = {"320": 320, "phone": 390, "desktop": 1280}
            long_sticker = next(p for p in reflow["hostile"][0] if p.startswith("long/s00"))
            shots += checker.screenshot("hostile-home", "index.html", site=hostile, widths=narrow)
            shots += checker.screenshot("hostile-pack", "long/index.html", site=hostile, widths=narrow)
            shots += checker.screenshot("hostile-sticker", long_sticker, site=hostile, widths=narrow)
            shots += checker.screenshot("hostile-broken", "long/zz-broken/index.html", site=hostile, widths=narrow)
            shots += checker.screenshot("hostile-rtl", "rtl/cat/index.html", site=hostile, widths=narrow)
            shots += checker.screenshot("hostile-review", "review/index.html", site=hostile, widths={"320": 320})
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
    for page, summary in built.items():
        print(f"Builder: {page}: {summary}")
    for page, summary in transcripts.items():
        print(f"Transcript preview: {page}: {summary}")
    if marks:
        print(f"Filter without marks: hostile/rtl/index.html: {marks}")
    print(f"Copy label: {still}: pasted '{copied}'")
    for name, summary in spoken.items():
        print(f"Hear label ({name}): {summary}")
    for page, summary in viewed.items():
        print(f"Viewer: {page}: {summary}")
    print(f"Arrow keys: {still} → {paged}")
    print(f"Languages: {', '.join(trees) or 'none'} besides the default; {len(translated)} translated pages in light, one of each type in dark")
    for page, followed in switched.items():
        print(f"Language switcher: {page} → {', '.join(followed)} (Tab, Enter), same page in each")
    for page, summary in paused.items():
        print(f"Pause animations: {page}: {summary}")
    print(f"Review filters: {reviewed}")
    for label, (checked, widest) in reflow.items():
        print(f"No sideways scroll ({label} catalog): {len(checked)} pages at {', '.join(f'{w} px (widest {widest[w]})' for w in REFLOW_WIDTHS)}")
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
