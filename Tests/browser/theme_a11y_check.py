#!/usr/bin/env python3
"""Accessibility checks of the default theme that need content the sample catalog does not have.

Builds a small catalog in the scratch folder from the sample's art: a label over Messages' limit and
a sticker without one, an Arabic pack (language: ar) on an English site that also has Arabic pages,
an animated sticker shown through Markdown (site intro, pack description, a sidecar), and enough
stickers for the review table to scroll. Then, in headless Chromium:

  review-dark-contrast   dark mode: over-limit counts and "No label" text are 4.5:1 or more (1.4.3)
  viewer-focus-at-end    Next pressed until the last sticker keeps focus on a button (2.4.3)
  review-focus-obscured  Shift+Tab up the review table at 1024×480: no focused element entirely
                         under the sticky filters and headers (2.4.11)
  viewer-reflow          the viewer at 320×256 (400 % zoom): no text squeezed into a tiny scroll
                         box, the sticker not over its title (1.4.10)
  markdown-animation     a sticker shown through Markdown shows its poster under reduced motion and
                         after Pause, and the page offers Pause (2.2.2)
  pause-name             the pressed Pause animations keeps its name (no "✓" in it)
  label-once             a sticker page's conversation preview does not read the label again
  rtl-viewer             the Arabic viewer's text keeps its distance from the dialog's edge
  review-lang            Arabic pack names in the Pack filter and the Hear buttons carry lang="ar"
  reader-live            the pack reader's end-of-reading status is a live region, its progress not
  viewer-announce        flipping announces the position, title and label
  forced-colors          art backgrounds and swatches keep their colours; a pressed filter looks pressed
  swatch-text-size       with the reader's text at 150 % and 200 %, a swatch's warning covers neither its
                         name nor the art and stays inside the swatch (1.4.4)
  no-js-review           without JavaScript the review's filter and sort buttons are not shown
  visitor-layouts        at 320 px the pressed Pause toggle in the theme's longest language wraps, not
                         scrolls the page (1.4.10); ← and → scroll a focused wide code box rather than
                         leave the page (2.1.1); the reader's font size reaches body text (1.4.4); on a
                         phone held sideways the review's filters do not stick; a card's long badge
                         stays in its card
  not-found-page         served below a host's root as GitHub Pages does (404.html for every
                         missing address), a missing address two folders deep shows the styled
                         404 page, every link on it answers, and axe finds nothing

Usage: theme_a11y_check.py --peel PATH --axe axe.min.js [--scratch DIR] [--sample DIR] [--only NAME,...]
Exit status 0 when everything passes; otherwise every failure is printed.
"""

import argparse
import functools
import json
import http.server
import os
import pathlib
import shutil
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

LONG_LABEL = ("A yellow face laughing so hard that two big blue tears fly out from both eyes while its mouth "
              "hangs wide open in a huge grin, shoulders shaking, completely unable to stop")
ARABIC_PACK = "حيوانات"
# Where the not-found-page check serves the site on its local host, as on a GitHub project page.
HOST_PATH = "/gallery/"

CONTRAST = """
function lum(c) { var m = c.match(/[\\d.]+/g).map(Number);
  return [0, 1, 2].map(i => { var v = m[i] / 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); })
    .reduce((a, v, i) => a + v * [0.2126, 0.7152, 0.0722][i], 0); }
function bg(e) { while (e) { var b = getComputedStyle(e).backgroundColor;
  if (b !== 'rgba(0, 0, 0, 0)' && b !== 'transparent') return b; e = e.parentElement; } return 'rgb(255, 255, 255)'; }
return Array.from(document.querySelectorAll(arguments[0])).map(e => { var f = getComputedStyle(e).color, b = bg(e),
  x = lum(f), y = lum(b); return [e.className, e.textContent.trim().slice(0, 30), f, b, (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05)]; });
"""


def write(path, text):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def write_catalog(content, sample):
    if content.exists():
        shutil.rmtree(content)
    # base_url: the 404 page needs it (its links start from the site's root on its host).
    write(content / "site.md", f"---\ntitle: Theme checks\nlanguages: [en, ar]\nbase_url: https://stickers.example{HOST_PATH}\n---\n"
          "Our favourite: ![The weather turning](motion/cycle.gif), beside a still one: ![A grinning face](motion/still.png)\n")
    write(content / "site.ar.md", "---\ntitle: فحوص\ntranslated_from: Theme checks\n---\n")
    # Faces: a label over the limit, one missing, titles to hear in the viewer.
    write(content / "faces" / "pack.md", "---\ntitle: Faces\nsize: large\n---\n")
    write(content / "faces" / "pack.ar.md", "---\ntitle: وجوه\ntranslated_from: Faces\n---\n")
    faces = sorted((sample / "faces").glob("*.png"))
    for index, art in enumerate(faces):
        shutil.copy(art, content / "faces" / art.name)
        title = art.stem.replace("-", " ").capitalize()
        if index == 0:
            front = f"title: {title}\nalt: {LONG_LABEL}\n"
        elif index == 1:
            front = f"title: {title}\n"
        else:
            front = f"title: {title}\nalt: A yellow face, {art.stem.replace('-', ' ')}\n"
        write(content / "faces" / f"{art.stem}.md", f"---\n{front}order: {index + 1}\n---\n")
    # An animated sticker shown through Markdown; the pack's cover is still.
    write(content / "motion" / "pack.md", "---\ntitle: Motion\ncover: still\n---\nThe loop: ![The weather turning](cycle.gif)\n")
    shutil.copy(sample / "faces" / "grinning.png", content / "motion" / "still.png")
    write(content / "motion" / "still.md", "---\nalt: A grinning face\norder: 1\n---\nIts friend: ![The weather turning](cycle.gif)\n")
    shutil.copy(sample / "motion" / "weather-cycle-gif.gif", content / "motion" / "cycle.gif")
    write(content / "motion" / "cycle.md", "---\nalt: Sun, cloud, rain and snow in turn\norder: 2\n---\n")
    # A pack written in Arabic on an English site.
    write(content / "arabic" / "pack.md", f"---\ntitle: {ARABIC_PACK}\nlanguage: ar\n---\n")
    for name, title in [("cat", "قطة"), ("dog", "كلب"), ("fox", "ثعلب")]:
        shutil.copy(sample / "animals" / f"{name}.png", content / "arabic" / f"{name}.png")
        write(content / "arabic" / f"{name}.md", f"---\ntitle: {title}\nalt: وجه {title} يبتسم\n---\n")
    # Enough rows for the review table to scroll under its sticky filters.
    write(content / "weather" / "pack.md", "---\ntitle: Weather\n---\n")
    for art in sorted((sample / "weather").glob("*.png")) + sorted((sample / "animals").glob("[h-u]*.png")):
        shutil.copy(art, content / "weather" / art.name)
        write(content / "weather" / f"{art.stem}.md", f"---\nalt: The {art.stem} symbol, drawn in bright colours\n---\n")


def build(peel, content, site):
    if site.exists():
        shutil.rmtree(site)
    # Exit status 1 is expected: a label is missing and one is too long, on purpose.
    result = subprocess.run([str(peel), "build", str(content), "-o", str(site)], capture_output=True, text=True,
                            env={**os.environ, "CI": "true"})
    if result.returncode not in (0, 1) or not (site / "index.html").is_file():
        raise SystemExit(f"building the theme catalog failed ({result.returncode}):\n{result.stdout}\n{result.stderr}")


class Checks:
    def __init__(self, site, axe_source):
        self.site = site.resolve()
        self.axe_source = axe_source
        self.failures = []
        self.passed = []
        options = webdriver.ChromeOptions()
        options.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
        for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                         "--window-size=1280,900", "--hide-scrollbars", "--force-color-profile=srgb", "--lang=en-US"]:
            options.add_argument(argument)
        service = Service(executable_path=os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver"))
        self.driver = webdriver.Chrome(service=service, options=options)
        self.driver.set_script_timeout(60)

    # -- helpers ---------------------------------------------------------------------------

    def fail(self, check, message):
        self.failures.append(f"{check}: {message}")

    def js(self, script, *args):
        return self.driver.execute_script(script, *args)

    def cdp(self, command, params=None):
        return self.driver.execute_cdp_cmd(command, params or {})

    def viewport(self, width, height):
        self.cdp("Emulation.setDeviceMetricsOverride", {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})

    def media(self, **features):
        self.cdp("Emulation.setEmulatedMedia", {"features": [{"name": k.replace("_", "-"), "value": v} for k, v in features.items()]})

    def reset(self):
        self.cdp("Emulation.clearDeviceMetricsOverride")
        self.media(prefers_color_scheme="light", prefers_reduced_motion="no-preference", forced_colors="none")
        self.cdp("Emulation.setScriptExecutionDisabled", {"value": False})

    def open(self, page):
        self.driver.get((self.site / page).as_uri())
        WebDriverWait(self.driver, 20).until(lambda d: d.execute_script("return document.readyState") == "complete")

    def wait(self, condition, seconds=3):
        try:
            WebDriverWait(self.driver, seconds).until(lambda d: d.execute_script(condition))
            return True
        except Exception:
            return False

    def axe(self, check, rules=None):
        self.js(self.axe_source)
        options = {"runOnly": {"type": "rule", "values": rules}} if rules else \
            {"runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]}}
        result = self.driver.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            "axe.run(document, Object.assign({resultTypes: ['violations']}, arguments[0]))"
            ".then(r => done(r.violations.map(v => v.id + ': ' + v.nodes.map(n => n.target.join(' ')).join(', '))))"
            ".catch(e => done(['axe did not run: ' + e]));", options)
        for violation in result:
            self.fail(check, f"axe {violation}")

    def open_viewer(self, page):
        self.open(page)
        self.driver.find_element(By.CSS_SELECTOR, ".sticker-card").send_keys(Keys.ENTER)
        if not self.wait("return document.querySelector('[data-viewer]').open"):
            raise RuntimeError(f"the viewer does not open on {page}")

    # -- the checks ------------------------------------------------------------------------

    def review_dark_contrast(self):
        self.media(prefers_color_scheme="dark")
        self.open("review/index.html")
        cells = self.js(CONTRAST, ".over-limit, .label-missing-inline")
        kinds = {cell[0] for cell in cells}
        if kinds != {"numeric over-limit", "label-missing-inline"}:
            self.fail("review-dark-contrast", f"the catalog should show an over-limit count and a missing label: {kinds}")
        for cls, text, fg, bg, ratio in cells:
            if ratio < 4.5:
                self.fail("review-dark-contrast", f"'{text}' ({cls}) is {fg} on {bg} = {ratio:.2f}:1 in dark mode")
        self.axe("review-dark-contrast", ["color-contrast"])
        self.media(prefers_color_scheme="light")
        self.open("review/index.html")
        for cls, text, fg, bg, ratio in self.js(CONTRAST, ".over-limit, .label-missing-inline"):
            if ratio < 4.5:
                self.fail("review-dark-contrast", f"'{text}' ({cls}) is {fg} on {bg} = {ratio:.2f}:1 in light mode")
        return f"{len(cells)} cells ≥ 4.5:1 in dark and light"

    def viewer_focus_at_end(self):
        self.open_viewer("faces/index.html")
        total = self.js("return document.querySelectorAll('#sticker-grid > li').length")
        for name, selector, key in [("Next", "[data-viewer-next]", None), ("Previous", "[data-viewer-prev]", None)]:
            self.js(f"document.querySelector('{selector}').focus()")
            for _ in range(total + 1):
                ActionChains(self.driver).send_keys(Keys.ENTER).perform()
            state = self.js("var e = document.activeElement; return {tag: e.tagName, inside: e.closest('dialog') !== null,"
                            " counter: document.querySelector('[data-viewer-counter]').textContent,"
                            " ends: e.getAttribute('aria-disabled'), focusable: !e.disabled}")
            expected = f"{total} of {total}" if name == "Next" else f"1 of {total}"
            if state["counter"] != expected:
                self.fail("viewer-focus-at-end", f"Enter on {name} reached '{state['counter']}', not {expected}")
            if state["tag"] != "BUTTON" or not state["inside"]:
                self.fail("viewer-focus-at-end", f"at '{state['counter']}' after {name}, focus fell to {state['tag']}")
            elif state["ends"] != "true":
                self.fail("viewer-focus-at-end", f"{name} at the end is not marked aria-disabled: {state}")
        self.axe("viewer-focus-at-end")
        return f"focus stays on Next at {total} of {total} and on Previous at 1 of {total}"

    def review_focus_obscured(self):
        self.viewport(1024, 480)
        self.open("review/index.html")
        stops = self.js("return document.querySelectorAll('#review-rows a, #review-rows button:not([hidden])').length")
        for _ in range(stops + 40):
            ActionChains(self.driver).send_keys(Keys.TAB).perform()
        hidden, seen = [], 0
        for _ in range(stops):
            ActionChains(self.driver).key_down(Keys.SHIFT).send_keys(Keys.TAB).key_up(Keys.SHIFT).perform()
            covered = self.js("""var e = document.activeElement, r = e.getBoundingClientRect();
                if (!e.closest('#review-rows')) return null;
                var points = [[r.left + 2, r.top + 2], [r.right - 2, r.top + 2], [r.left + 2, r.bottom - 2],
                              [r.right - 2, r.bottom - 2], [r.left + r.width / 2, r.top + r.height / 2]];
                return points.every(p => { var t = document.elementFromPoint(p[0], p[1]); return !t || (t !== e && !e.contains(t)); })
                  ? e.textContent.trim().slice(0, 40) + ' at y=' + Math.round(r.top) : false;""")
            if covered is not None:
                seen += 1
            if covered:
                hidden.append(covered)
        self.reset()
        if seen < 20:
            self.fail("review-focus-obscured", f"only {seen} focus stops in the table: too few to test")
        if hidden:
            self.fail("review-focus-obscured", f"{len(hidden)} of {seen} focused elements entirely under the sticky layer, e.g. {hidden[:3]}")
        return f"{seen} focus stops, none hidden at 1024×480"

    def viewer_reflow(self):
        results = []
        for width, height in [(320, 256), (1280, 256), (640, 512)]:
            self.viewport(width, height)
            self.open_viewer("faces/index.html")
            m = self.js("""var t = document.querySelector('.viewer-text'), i = document.querySelector('.viewer-stage img'),
                h = document.querySelector('.viewer-title'), d = document.querySelector('[data-viewer]');
                var a = i.getBoundingClientRect(), b = h.getBoundingClientRect();
                var overlap = a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
                return {box: t.clientHeight, content: t.scrollHeight, img: a.bottom, title: b.top, overlap: overlap,
                        sideways: d.scrollWidth > d.clientWidth + 1}""")
            if m["content"] > m["box"] + 1:
                self.fail("viewer-reflow", f"{width}×{height}: the title and label sit in a {m['box']} px scroll box holding {m['content']} px")
            if m["overlap"]:
                self.fail("viewer-reflow", f"{width}×{height}: the sticker (bottom {m['img']:.0f}) covers the title (top {m['title']:.0f})")
            if m["sideways"]:
                self.fail("viewer-reflow", f"{width}×{height}: the viewer scrolls sideways")
            results.append(f"{width}×{height}")
        self.reset()
        return "text not squeezed, sticker clear of the title at " + ", ".join(results)

    def markdown_animation(self):
        # The animated sticker's images (the still one on the home page is checked apart).
        prose = ("return Array.from(document.querySelectorAll('.prose img[alt=\"The weather turning\"]'))"
                 ".map(i => i.currentSrc.split('/').pop())")
        still = ("return Array.from(document.querySelectorAll('.prose img[alt=\"A grinning face\"]'))"
                 ".map(i => i.currentSrc.split('/').pop() + (i.parentNode.nodeName === 'PICTURE' ? ' in a picture' : ''))")
        shown = "var b = document.querySelector('[data-motion-toggle]'); return !!b && !b.hidden"
        summary = []
        for page in ["index.html", "motion/index.html", "motion/still/index.html"]:
            self.media(prefers_reduced_motion="no-preference")
            self.open(page)
            self.js("localStorage.clear()")
            self.open(page)
            self.wait(shown)
            before = self.js(prose)
            if not before or not all(src == "cycle.gif" for src in before):
                self.fail("markdown-animation", f"{page}: the Markdown image does not play by default: {before}")
            if not self.js(shown):
                self.fail("markdown-animation", f"{page}: no Pause animations button on a page with an animation")
                continue
            self.driver.find_element(By.CSS_SELECTOR, "[data-motion-toggle]").click()
            self.wait(prose.replace("return ", "return ") + ".every(s => s.endsWith('-poster.png'))")
            paused = self.js(prose)
            if not all(src.endswith("-poster.png") for src in paused):
                self.fail("markdown-animation", f"{page}: after Pause the Markdown image still plays: {paused}")
            self.js("localStorage.clear()")
            self.media(prefers_reduced_motion="reduce")
            self.open(page)
            self.wait(prose + ".every(s => s.endsWith('-poster.png'))")
            reduced = self.js(prose)
            if not all(src.endswith("-poster.png") for src in reduced):
                self.fail("markdown-animation", f"{page}: under reduced motion the Markdown image plays: {reduced}")
            if page == "index.html" and self.js(still) != ["still.png"]:
                self.fail("markdown-animation", f"{page}: a still sticker in Markdown was changed: {self.js(still)}")
            summary.append(page)
        self.media(prefers_reduced_motion="no-preference")
        return "poster under reduced motion and after Pause on " + ", ".join(summary)

    def pause_name(self):
        self.open("motion/index.html")
        self.js("localStorage.clear()")
        self.open("motion/index.html")
        button = self.driver.find_element(By.CSS_SELECTOR, "[data-motion-toggle]")
        names = [button.accessible_name]
        button.click()
        self.wait("return document.querySelector('[data-motion-toggle]').getAttribute('aria-pressed') === 'true'")
        names.append(button.accessible_name)
        self.js("localStorage.clear()")
        if names != ["Pause animations", "Pause animations"]:
            self.fail("pause-name", f"the toggle's accessible name changes when pressed: {names}")
        return f"named {names[1]!r} pressed and not"

    def label_once(self):
        self.open("faces/cool/index.html")
        label = self.js("return document.getElementById('label-text').textContent")
        tree = self.cdp("Accessibility.getFullAXTree")["nodes"]
        named = [n.get("role", {}).get("value") for n in tree if not n.get("ignored") and n.get("name", {}).get("value") == label]
        images = [role for role in named if role == "image"]
        if len(images) > 1:
            self.fail("label-once", f"the label is read as {len(images)} images' names on the sticker page: {named}")
        return f"the label is named by {named}"

    def rtl_viewer(self):
        gaps = {}
        self.viewport(1100, 800)
        for page in ["faces/index.html", "ar/faces/index.html"]:
            self.open_viewer(page)
            gaps[page] = self.js("""var g = document.querySelector('dialog').getBoundingClientRect(),
                l = document.querySelector('.viewer-label').getBoundingClientRect(), c = document.querySelector('.viewer-counter').getBoundingClientRect(),
                rtl = getComputedStyle(document.querySelector('dialog')).direction === 'rtl';
                return {rtl: rtl, edge: Math.round(rtl ? l.left - g.left : g.right - l.right),
                        counter: Math.round(rtl ? g.right - c.right : c.left - g.left)}""")
        self.reset()
        ltr, rtl = gaps["faces/index.html"], gaps["ar/faces/index.html"]
        if not rtl["rtl"]:
            self.fail("rtl-viewer", "the Arabic pack page's viewer is not right to left")
        if abs(ltr["edge"] - rtl["edge"]) > 2 or abs(ltr["counter"] - rtl["counter"]) > 2:
            self.fail("rtl-viewer", f"the viewer is not mirrored right to left: left to right {ltr}, right to left {rtl}")
        return f"label {rtl['edge']} px from the outer edge, counter {rtl['counter']} px from the start, both directions"

    def review_lang(self):
        self.open("review/index.html")
        options = self.js("return Array.from(document.querySelectorAll('#review-pack option')).map(o => [o.textContent, o.lang])")
        arabic = [o for o in options if o[0] == ARABIC_PACK]
        if not arabic or arabic[0][1] != "ar":
            self.fail("review-lang", f"the Pack filter's Arabic pack has no lang=ar: {options}")
        names = self.js("return Array.from(document.querySelectorAll('#review-rows tr[data-pack=arabic] .speak-button .visually-hidden [dir]'))"
                        ".map(s => [s.textContent, s.lang])")
        if not names or any(lang != "ar" for _, lang in names):
            self.fail("review-lang", f"the Hear buttons' Arabic titles have no lang=ar: {names}")
        return f"option {arabic}, {len(names)} Hear buttons in Arabic"

    def reader_live(self):
        self.open("faces/index.html")
        state = self.js("""var s = document.querySelector('[data-reader-status]'), p = document.querySelector('[data-reader-progress]');
            function live(e) { return !!e.closest('[role=status], [aria-live=polite], [aria-live=assertive]'); }
            return {status: s && live(s), progress: p ? live(p) : null}""")
        if not state["status"]:
            self.fail("reader-live", "the pack reader's status ('Stopped.', 'Read all 9.') is not a live region")
        if state["progress"]:
            self.fail("reader-live", "the reader's 'Reading 3 of 9.' is a live region: it would talk over the voice")
        return "end of reading announced, progress shown only"

    def viewer_announce(self):
        self.open_viewer("faces/index.html")
        ActionChains(self.driver).send_keys(Keys.ARROW_RIGHT).perform()
        expected = self.js("var li = document.querySelectorAll('#sticker-grid > li')[1]; return [li.dataset.title, li.dataset.label || 'No label yet.']")
        ActionChains(self.driver).send_keys(Keys.ARROW_RIGHT).perform()
        expected = self.js("var li = document.querySelectorAll('#sticker-grid > li')[2]; return [li.dataset.title, li.dataset.label]")
        said = self.js("return Array.from(document.querySelector('dialog[open]').querySelectorAll("
                       "'[aria-live]:not([aria-live=off]), [role=status]')).map(e => e.textContent.trim()).join(' | ')")
        total = self.js("return document.querySelectorAll('#sticker-grid > li').length")
        for part in [f"3 of {total}"] + expected:
            if part not in said:
                self.fail("viewer-announce", f"after → → the live region says '{said}', without '{part}'")
        self.axe("viewer-announce")
        return f"'{said}'"

    def forced_colors(self):
        self.media(forced_colors="active", prefers_color_scheme="dark")
        self.open("faces/cool/index.html")
        swatches = self.js("return Array.from(document.querySelectorAll('.swatch')).map(e => { var s = getComputedStyle(e);"
                           " return s.backgroundColor + ' ' + s.backgroundImage; })")
        if len(set(swatches)) < len(swatches):
            self.fail("forced-colors", f"the background swatches look alike in forced colours: {swatches}")
        self.open("review/index.html")
        style = ("var s = getComputedStyle(arguments[0]), b = getComputedStyle(arguments[0], '::before');"
                 " return [s.color, s.backgroundColor, s.borderColor, s.borderWidth, s.outlineStyle, s.fontWeight, s.textDecorationLine, b.content].join('|')")
        on = self.js(style, self.driver.find_element(By.CSS_SELECTOR, ".review-filters [aria-pressed=true]"))
        off = self.js(style, self.driver.find_element(By.CSS_SELECTOR, ".review-filters [aria-pressed=false]"))
        if on == off:
            self.fail("forced-colors", f"a pressed and an unpressed Show filter look the same in forced colours: {on}")
        self.media(forced_colors="none", prefers_color_scheme="light")
        return f"{len(set(swatches))} distinct swatches; pressed filter {on.split('|')[1]} vs {off.split('|')[1]}"

    def art_card_forced(self):
        """The light card dark art gets in dark mode stays light in forced colours."""
        self.media(forced_colors="active", prefers_color_scheme="dark")
        self.open("faces/cool/index.html")
        card = self.js("return getComputedStyle(document.querySelector('.sticker-preview')).forcedColorAdjust")
        self.media(forced_colors="none", prefers_color_scheme="light")
        if card != "none":
            self.fail("forced-colors", f"the sticker's card is repainted in forced colours (forced-color-adjust: {card})")
        return card

    def swatch_text_size(self):
        """With the reader's text at 150 % and 200 % (Chrome's font size, text-only zoom), a swatch's
        warning covers neither its name nor the art, and stays inside the swatch (1.4.4). The
        warning is put on the Black swatch here, as the art checks would."""
        self.viewport(1280, 900)
        self.open("faces/cool/index.html")
        found = []
        for size in ("150%", "200%"):
            boxes = self.js(
                "document.documentElement.style.fontSize = arguments[0];"
                "var swatch = document.querySelectorAll('.swatch')[1], warning = swatch.querySelector('.swatch-warning');"
                "if (!warning) { warning = document.createElement('span'); warning.className = 'swatch-warning';"
                " warning.textContent = '\u26a0 Shape vanishes here: 0 % visible'; swatch.appendChild(warning); }"
                "function box(e) { var r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; }"
                "return {swatch: box(swatch), warning: box(warning), name: box(swatch.querySelector('.swatch-name')),"
                " art: box(swatch.querySelector('img'))};", size)
            def overlap(a, b):
                return a[0] < b[2] - 1 and b[0] < a[2] - 1 and a[1] < b[3] - 1 and b[1] < a[3] - 1
            def inside(a, b):
                return a[0] >= b[0] - 1 and a[1] >= b[1] - 1 and a[2] <= b[2] + 1 and a[3] <= b[3] + 1
            if overlap(boxes["warning"], boxes["name"]) or overlap(boxes["warning"], boxes["art"]):
                self.fail("swatch-text-size", f"at {size} text the warning covers the name or the art: {boxes}")
            if not inside(boxes["warning"], boxes["swatch"]) or not inside(boxes["name"], boxes["swatch"]):
                self.fail("swatch-text-size", f"at {size} text the warning or the name runs out of its swatch: {boxes}")
            found.append(f"{size}: swatch {boxes['swatch'][3] - boxes['swatch'][1]:.0f} px tall")
        return "; ".join(found)

    def no_js_review(self):
        self.cdp("Emulation.setScriptExecutionDisabled", {"value": True})
        self.open("review/index.html")
        shown = [b.text for b in self.driver.find_elements(By.CSS_SELECTOR, ".review-filters button, .review-table th button") if b.is_displayed()]
        bar = self.js("var c = document.querySelector('[data-review-controls]'); return c ? c.getBoundingClientRect().height : 0")
        headers = self.js("return Array.from(document.querySelectorAll('.review-table thead th')).map(th => th.textContent.trim())")
        self.cdp("Emulation.setScriptExecutionDisabled", {"value": False})
        if shown:
            self.fail("no-js-review", f"without JavaScript these buttons show and do nothing: {shown}")
        if bar:
            self.fail("no-js-review", f"without JavaScript an empty sticky bar {bar:.0f} px tall stays over the table")
        if "Sticker" not in headers or "Characters" not in headers:
            self.fail("no-js-review", f"without JavaScript the column headers lost their names: {headers}")
        self.open("review/index.html")
        working = [b.text for b in self.driver.find_elements(By.CSS_SELECTOR, ".review-filters button, .review-table th button") if b.is_displayed()]
        if len(working) < 8:
            self.fail("no-js-review", f"with JavaScript the filter and sort buttons do not all show: {working}")
        sort = self.driver.find_element(By.CSS_SELECTOR, ".review-table th button[data-sort=characters]")
        sort.click()
        sorted_by = self.js("var h = document.querySelector('th[aria-sort=ascending]'); return [h && h.textContent.trim(),"
                            " Array.from(document.querySelectorAll('#review-rows tr')).map(r => Number(r.dataset.characters))]")
        if sorted_by[0] != "Characters" or sorted_by[1] != sorted(sorted_by[1]):
            self.fail("no-js-review", f"sorting by Characters does not work: {sorted_by[0]}")
        self.axe("no-js-review")
        return f"hidden without JavaScript; {len(working)} shown with it, sorting works"

    def visitor_layouts(self):
        found = []
        # The theme's longest "Pause animations", pressed (with its check mark), at 320 px.
        strings = [json.loads(path.read_text(encoding="utf-8")) for path in sorted(pathlib.Path("Templates").glob("strings.*.json"))]
        longest = max((table.get("pauseAnimations", "") for table in strings), key=len)
        if not longest:
            self.fail("visitor-layouts", "no pauseAnimations string in Templates/strings.*.json")
        self.viewport(320, 640)
        self.media(prefers_reduced_motion="reduce")
        self.open("motion/index.html")
        self.wait("var b = document.querySelector('[data-motion-toggle]'); return b && b.getAttribute('aria-pressed') === 'true'")
        width = self.js("document.querySelector('[data-motion-toggle]').textContent = arguments[0];"
                        "return document.documentElement.scrollWidth", longest)
        if width > 320:
            self.fail("visitor-layouts", f"the pressed Pause toggle {longest!r} makes the page {width} px wide at 320")
        found.append(f"toggle {len(longest)} characters: page {width} px")
        self.media(prefers_reduced_motion="no-preference")

        # A wide code box on a sticker page: → scrolls it, the page stays.
        self.viewport(1280, 900)
        self.open("faces/cool/index.html")
        here = self.driver.current_url
        self.js("var pre = document.createElement('pre'); pre.id = 'wide'; pre.tabIndex = 0;"
                "pre.style.overflowX = 'auto'; pre.style.maxWidth = '200px';"
                "pre.textContent = 'x'.repeat(400); document.querySelector('main').appendChild(pre); pre.focus();")
        ActionChains(self.driver).send_keys(Keys.ARROW_RIGHT).perform()
        time.sleep(0.3)
        if self.driver.current_url != here:
            self.fail("visitor-layouts", f"→ in a focused wide code box left the page for {self.driver.current_url}")
        else:
            found.append("→ stays in a code box")

        # The reader's font size (twice the default): body text follows the root's size.
        sizes = self.js("document.documentElement.style.fontSize = '200%';"
                        "return [getComputedStyle(document.documentElement).fontSize, getComputedStyle(document.body).fontSize]")
        if sizes[0] != sizes[1]:
            self.fail("visitor-layouts", f"with the reader's font size at 200 % body text stays {sizes[1]} (root {sizes[0]})")
        found.append(f"body {sizes[1]} at 200 %")

        # A phone held sideways: the review's filters and headers do not stick over the rows.
        self.viewport(844, 390)
        self.open("review/index.html")
        stuck = self.js("return Array.from(document.querySelectorAll('.review-controls, .review-table thead th'))"
                        ".filter(e => getComputedStyle(e).position === 'sticky').length")
        if stuck:
            self.fail("visitor-layouts", f"at 844 × 390 {stuck} review controls or headers stick over the rows")
        found.append("review not sticky at 844 × 390")

        # A card's long badge (an Italian "may be out of date") stays inside its card.
        self.viewport(1280, 900)
        self.open("faces/index.html")
        boxes = self.js("var card = document.querySelector('.sticker-card'), badge = document.createElement('span');"
                        "badge.className = 'badge badge-translation'; badge.textContent = 'Potrebbe non essere aggiornata';"
                        "card.appendChild(badge); var c = card.getBoundingClientRect(), b = badge.getBoundingClientRect();"
                        "return [c.left, c.right, b.left, b.right]")
        if boxes[2] < boxes[0] - 1 or boxes[3] > boxes[1] + 1:
            self.fail("visitor-layouts", f"a long badge runs out of its card: card {boxes[:2]}, badge {boxes[2:]}")
        found.append("badge inside its card")
        return "; ".join(found)


ALL = ["review_dark_contrast", "viewer_focus_at_end", "review_focus_obscured", "viewer_reflow", "markdown_animation",
       "pause_name", "label_once", "rtl_viewer", "review_lang", "reader_live", "viewer_announce", "forced_colors",
       "art_card_forced", "swatch_text_size", "no_js_review", "visitor_layouts"]


class StaticHost(http.server.SimpleHTTPRequestHandler):
    """The site below HOST_PATH, and 404.html with status 404 for any missing address (GitHub Pages)."""

    def send_error(self, code, message=None, explain=None):
        page = pathlib.Path(self.directory) / HOST_PATH.strip("/") / "404.html"
        if code != 404 or not page.is_file():
            return super().send_error(code, message, explain)
        body = page.read_bytes()
        self.send_response(404)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


def not_found_page(checks):
    host = checks.site.parent / "theme-host"
    shutil.rmtree(host, ignore_errors=True)
    (host / HOST_PATH.strip("/")).parent.mkdir(parents=True, exist_ok=True)
    (host / HOST_PATH.strip("/")).symlink_to(checks.site)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(StaticHost, directory=str(host)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    origin = f"http://127.0.0.1:{server.server_address[1]}"
    try:
        missing = f"{origin}{HOST_PATH}faces/gone/nowhere.html"
        try:
            urllib.request.urlopen(missing)
            checks.fail("not-found-page", "the missing address answered 200")
        except urllib.error.HTTPError as error:
            if error.code != 404 or b"noindex" not in error.read():
                checks.fail("not-found-page", f"expected the site's 404 page with status 404, got {error.code}")
        checks.driver.get(missing)
        WebDriverWait(checks.driver, 20).until(lambda d: d.execute_script("return document.readyState") == "complete")
        styled = checks.js("return document.styleSheets.length > 0 && document.styleSheets[0].cssRules.length > 20 && "
                           "getComputedStyle(document.querySelector('.site-header')).display !== 'inline'")
        if not styled:
            checks.fail("not-found-page", "the theme's style sheet did not load two folders deep")
        links = checks.js("return Array.from(document.querySelectorAll('a[href], link[href], script[src]'))"
                          ".map(e => e.href || e.src).filter(u => u.startsWith(location.origin) && !u.includes('#'))")
        for link in sorted(set(links)):
            try:
                urllib.request.urlopen(link)
            except urllib.error.HTTPError as error:
                checks.fail("not-found-page", f"{link} answers {error.code}")
        if len(links) < 6:
            checks.fail("not-found-page", f"only {len(links)} links on the page: {links}")
        checks.axe("not-found-page")
        return f"{len(set(links))} links answer from {HOST_PATH}faces/gone/"
    finally:
        server.shutdown()


Checks.not_found_page = not_found_page
ALL.append("not_found_page")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--peel", required=True, type=pathlib.Path)
    parser.add_argument("--axe", required=True, type=pathlib.Path)
    parser.add_argument("--scratch", type=pathlib.Path, default=pathlib.Path(".build-browser"))
    parser.add_argument("--sample", type=pathlib.Path, default=pathlib.Path("content"))
    parser.add_argument("--only", default="", help="comma-separated check names (default: all)")
    args = parser.parse_args()
    started = time.monotonic()
    content, site = args.scratch / "theme-content", args.scratch / "theme-site"
    write_catalog(content, args.sample)
    build(args.peel, content, site)
    checks = Checks(site, args.axe.read_text(encoding="utf-8"))
    names = [n.replace("-", "_") for n in args.only.split(",") if n] or ALL
    try:
        for name in names:
            before = len(checks.failures)
            try:
                summary = getattr(checks, name)()
            except Exception as error:  # one check's crash must not hide the others' results
                checks.fail(name, f"crashed: {type(error).__name__}: {str(error).splitlines()[0] if str(error) else ''}")
                summary = None
            finally:
                checks.reset()
            status = "ok" if len(checks.failures) == before else "FAILED"
            print(f"{name.replace('_', '-'):24} {status}{': ' + summary if summary and status == 'ok' else ''}")
    finally:
        checks.driver.quit()
    seconds = time.monotonic() - started
    if checks.failures:
        print(f"\n{len(checks.failures)} failed theme checks:", file=sys.stderr)
        for failure in checks.failures:
            print(f"  {failure}", file=sys.stderr)
        return 1
    print(f"Theme accessibility checks passed in {seconds:.0f} s.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
