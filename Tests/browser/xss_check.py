#!/usr/bin/env python3
"""Proves in headless Chromium that a hostile catalog cannot run script on the site Peel builds.

Writes a content folder whose site title, description, intro and footer, pack titles, authors,
licences and descriptions, sticker titles, labels, tags and descriptions, and file and folder
names all carry script payloads (every payload, if it ever ran, sets window.__pwned or calls
alert), builds it with the real `peel` binary, and opens every generated page from file://. On
each page it checks that:

  * no payload ran: window.__pwned is undefined, alert/confirm/prompt were never called (they are
    hooked before any page script runs), the title was not rewritten;
  * no link or image points at a javascript:, vbscript: or data: URL, and no element carries an
    on* event attribute or a <script> other than the theme's own (the .js files of Templates/,
    loaded from the site's assets/ folder; no inline script at all);
  * the payload text is visible as text where the page shows that field;
  * every local link and image resolves to a file that exists, and every image actually loads
    (file names with spaces, Unicode, #, ?, %, & must be percent-encoded correctly).

A control page with a real injection is checked first, so the harness is shown to catch one.

usage: xss_check.py --peel PATH/TO/peel --scratch DIR
"""
import argparse
import json
import os
import pathlib
import shutil
import subprocess
import sys
import time
import unicodedata
import urllib.parse

# The theme's own scripts: every .js file of the default theme, and nothing else, may be loaded.
THEME_SCRIPTS = {path.name for path in (pathlib.Path(__file__).resolve().parents[2] / "Templates").glob("*.js")}

from selenium import webdriver
from selenium.common.exceptions import NoAlertPresentException
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service

ROOT = pathlib.Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "Tests" / "PeelKitTests" / "Fixtures"

# Each payload would set window.__pwned (or alert) if it reached the page as markup or script.
PWN = "window.__pwned=1"
PAYLOADS = {
    "script": f"<script>{PWN}</script>",
    "img": f'"><img src=x onerror="{PWN}">',
    "svg": f"'><svg onload={PWN}>",
    "close": f"</script><script>{PWN}</script>",
    "style": f"</style></title></textarea><script>alert(1)</script>",
    "js-url": f"javascript:{PWN}",
    "mustache": "{{site.title}} {{{descriptionHTML}}}",
    "formula": "=HYPERLINK(\"http://x\")",
    # A quote followed by a combining mark is one Character that is not a quote: an escaper that
    # compares Characters (swift-mustache's) leaves the quote raw and the attribute ends there.
    "combining": f'"\u0301 onload={PWN} onerror={PWN} x=\u0301 \'\u0301 onload={PWN} x=\u0301',
}
# The visible text each field must show, exactly as written (HTML collapses runs of spaces).
SITE_TITLE = f"Site </title>{PAYLOADS['script']} & co"
SITE_DESCRIPTION = f"Description {PAYLOADS['img']}"
PACK_TITLE = f"Pack {PAYLOADS['svg']} {PAYLOADS['combining']}"
PACK_AUTHOR = f"Author {PAYLOADS['close']}"
PACK_LICENSE = f"License {PAYLOADS['style']}"
STICKER_TITLE = f"Title {PAYLOADS['img']}"
STICKER_ALT = f"Label {PAYLOADS['script']} {PAYLOADS['svg']} {PAYLOADS['combining']}"
TAG = f"tag {PAYLOADS['close']}"
MUSTACHE_TITLE = f"Moustache {PAYLOADS['mustache']}"

MARKDOWN_BODY = f"""Intro with `{PAYLOADS['script']}` as code and a [link](javascript:{PWN}) and
[another](JaVaScRiPt:alert(1)) and ![image](javascript:alert(1)) and <javascript:alert(1)>.

<script>{PWN}</script>

<img src=x onerror="{PWN}">

<iframe src="javascript:{PWN}"></iframe>

<a href="javascript:{PWN}">raw link</a> <div onmouseover="{PWN}">hover</div>

[data link](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)

Entity-encoded: &lt;script&gt;{PWN}&lt;/script&gt; and &#60;img src=x onerror={PWN}&#62;
"""

# File names: payload characters, spaces, Unicode (NFC and NFD) and characters URLs must escape.
STICKER_FILES = [
    "<script>alert(1)<script> & co.png",
    '"><img src=x onerror=alert(1)>.png',
    "space and #hash ?query %25 &amp.png",
    unicodedata.normalize("NFC", "café ☀️ NFC.png"),
    unicodedata.normalize("NFD", "café NFD.png"),
    "javascript:alert(1).png",
]
PACK_FOLDERS = ["<svg onload=alert(1)> pack", "Ünïcödé #? %20 pack"]


def yaml_quote(text):
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


LANGUAGE = 'en" onload="' + PWN
FOOTER = f"Footer `{PAYLOADS['script']}` and {PAYLOADS['script']} [x](javascript:{PWN})"
FOOTER_TEXT = f"Footer {PAYLOADS['script']}"


def write_content(content):
    """Writes the hostile catalog; returns, per sticker source path, the texts its page must show."""
    if content.exists():
        shutil.rmtree(content)
    content.mkdir(parents=True)
    site_front = {"title": SITE_TITLE, "description": SITE_DESCRIPTION, "language": LANGUAGE,
                  "base_url": PAYLOADS["js-url"], "footer": FOOTER}
    (content / "site.md").write_text(front_matter(site_front) + MARKDOWN_BODY, encoding="utf-8")
    art = [FIXTURES / "catalog/pets/cat.png", FIXTURES / "catalog/pets/turtle.gif", FIXTURES / "catalog/pets/dog.jpg",
           FIXTURES / "animated/weather-cycle.png"]
    expected = {}
    for pack_index, folder in enumerate(PACK_FOLDERS):
        pack = content / folder
        pack.mkdir()
        pack_front = {"title": f"{PACK_TITLE} {pack_index}", "author": PACK_AUTHOR, "license": PACK_LICENSE, "size": "small"}
        (pack / "pack.md").write_text(front_matter(pack_front) + MARKDOWN_BODY, encoding="utf-8")
        for index, name in enumerate(STICKER_FILES):
            art_file = art[index % len(art)]
            stem, _ = os.path.splitext(name)
            image = stem + art_file.suffix
            shutil.copyfile(art_file, pack / image)
            source = unicodedata.normalize("NFC", f"{folder}/{image}")
            if index == len(STICKER_FILES) - 1:
                # No sidecar: the missing-sidecar finding names the hostile file on its page.
                expected[source] = ["missing-sidecar", f"{folder}/{image}", f"Download original ({image})"]
                continue
            title = MUSTACHE_TITLE if index == 1 else f"{STICKER_TITLE} {index}"
            alt = f"{STICKER_ALT} {index}"
            (pack / (stem + ".md")).write_text(
                f"---\nalt: {yaml_quote(alt)}\ntitle: {yaml_quote(title)}\n"
                f"tags: [{yaml_quote(TAG)}, {yaml_quote(PAYLOADS['formula'])}]\n---\n" + MARKDOWN_BODY, encoding="utf-8")
            expected[source] = [title, alt, TAG, PAYLOADS["formula"], PAYLOADS["script"], f"Download original ({image})"]
    return expected


def front_matter(fields):
    return "---\n" + "".join(f"{key}: {yaml_quote(value)}\n" for key, value in fields.items()) + "---\n"


HOOKS = """
window.__alerts = [];
for (const name of ['alert', 'confirm', 'prompt', 'print']) {
  window[name] = function (message) { window.__alerts.push(name + ': ' + message); };
}
"""

PAGE_FACTS = """
const abs = (value) => new URL(value, document.baseURI).href;
const urls = [];
for (const element of document.querySelectorAll('[href]')) urls.push(['href', element.getAttribute('href')]);
for (const element of document.querySelectorAll('[src]')) urls.push(['src', element.getAttribute('src')]);
for (const element of document.querySelectorAll('[srcset]'))
  for (const part of element.getAttribute('srcset').split(',')) urls.push(['srcset', part.trim().split(/\\s+/)[0]]);
const handlers = [];
for (const element of document.querySelectorAll('*'))
  for (const attribute of element.attributes)
    if (attribute.name.toLowerCase().startsWith('on')) handlers.push(element.tagName + ' ' + attribute.name);
return {
  pwned: typeof window.__pwned,
  alerts: window.__alerts || ['hooks missing'],
  title: document.title,
  text: document.body ? document.body.innerText : '',
  urls: urls.map(([kind, value]) => [kind, value, abs(value)]),
  scripts: Array.from(document.scripts).map((s) => s.getAttribute('src') || 'inline: ' + s.textContent.slice(0, 80)),
  handlers: handlers,
  lang: document.documentElement.getAttribute('lang'),
};
"""

LOAD_IMAGES = """
const done = arguments[arguments.length - 1];
// An empty src is a neutralised Markdown image (![x](javascript:...)): nothing to load.
const images = Array.from(document.images).filter((image) => (image.getAttribute('src') || '') !== '');
for (const image of images) { image.loading = 'eager'; }
const deadline = Date.now() + 10000;
(function wait() {
  if (images.every((image) => image.complete) || Date.now() > deadline) {
    done(images.filter((image) => !(image.complete && image.naturalWidth > 0)).map((image) => image.currentSrc || image.src));
  } else { setTimeout(wait, 20); }
})();
"""


def make_driver():
    options = Options()
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--allow-file-access-from-files", "--no-first-run", "--no-default-browser-check"]:
        options.add_argument(argument)
    options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
    options.set_capability("unhandledPromptBehavior", "ignore")
    service = Service(executable_path=shutil.which("chromedriver") or "/usr/bin/chromedriver")
    driver = webdriver.Chrome(options=options, service=service)
    driver.set_page_load_timeout(30)
    driver.set_script_timeout(15)
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": HOOKS})
    return driver


def open_page(driver, path):
    driver.get(path.as_uri())
    time.sleep(0.05)  # let onload/onerror handlers of injected markup fire
    try:
        alert = driver.switch_to.alert
        text = alert.text
        alert.dismiss()
        return {"native_alert": text}
    except NoAlertPresentException:
        pass
    facts = driver.execute_script(PAGE_FACTS)
    facts["broken_images"] = driver.execute_async_script(LOAD_IMAGES)
    time.sleep(0.05)
    facts.update(driver.execute_script("return {pwned_after: typeof window.__pwned, alerts_after: window.__alerts};"))
    return facts


def problems_on(path, facts, site):
    """Every way the page at `path` fails, as readable lines."""
    out = []
    if "native_alert" in facts:
        return [f"a native alert opened: {facts['native_alert']!r}"]
    if facts["pwned"] != "undefined" or facts["pwned_after"] != "undefined":
        out.append("a payload ran: window.__pwned is set")
    if facts["alerts"] or facts["alerts_after"]:
        out.append(f"a payload called {facts['alerts'] or facts['alerts_after']}")
    if SITE_TITLE not in facts["title"] and path.name != "control.html":
        out.append(f"the document title lost the site title's text: {facts['title']!r}")
    for script in facts["scripts"]:
        name = script.rsplit("/", 1)[-1]
        if not (script.endswith(f"assets/{name}") and name in THEME_SCRIPTS):
            out.append(f"unexpected script: {script}")
    for handler in facts["handlers"]:
        out.append(f"event handler attribute: {handler}")
    for kind, written, absolute in facts["urls"]:
        scheme = urllib.parse.urlsplit(absolute).scheme.lower()
        if scheme in ("javascript", "vbscript", "data"):
            out.append(f"{kind}={written!r} is a {scheme}: URL")
        elif scheme == "file":
            target = pathlib.Path(urllib.parse.unquote(urllib.parse.urlsplit(absolute).path))
            if not target.exists():
                out.append(f"{kind}={written!r} leads to {target}, which does not exist")
            elif site not in target.resolve().parents:
                out.append(f"{kind}={written!r} leads outside the site: {target}")
        elif scheme not in ("http", "https", "mailto"):
            out.append(f"{kind}={written!r} has the unexpected scheme {scheme!r}")
    for image in facts["broken_images"]:
        out.append(f"image does not load: {image}")
    return out


def expected_text(relative):
    """Payload texts every page of its kind must show (sticker pages get theirs from the catalog)."""
    texts = [SITE_TITLE, FOOTER_TEXT]
    parts = relative.parts
    if relative == pathlib.Path("index.html"):
        texts += [SITE_DESCRIPTION, PAYLOADS["script"], f"{PACK_TITLE} 0", f"{PACK_TITLE} 1"]
    elif parts[0] == "review":
        texts += [f"{STICKER_ALT} 0", f"{STICKER_TITLE} 0", MUSTACHE_TITLE, f"{PACK_TITLE} 1"]
    elif len(parts) == 2:
        texts += [PACK_TITLE, PACK_AUTHOR, PACK_LICENSE, PAYLOADS["script"], f"{STICKER_TITLE} 0", MUSTACHE_TITLE]
    elif len(parts) == 3:
        texts += [PACK_TITLE]
    return texts


def flat(text):
    return " ".join(unicodedata.normalize("NFC", text).split())


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--peel", required=True)
    parser.add_argument("--scratch", required=True)
    args = parser.parse_args()
    scratch = pathlib.Path(args.scratch).resolve()
    scratch.mkdir(parents=True, exist_ok=True)
    content, site = scratch / "content", scratch / "site"
    expected_by_source = write_content(content)
    if site.exists():
        shutil.rmtree(site)

    build = subprocess.run([args.peel, "build", str(content), "-o", str(site)], capture_output=True, text=True,
                           env={**os.environ, "CI": "true"})
    if build.returncode not in (0, 1) or not (site / "index.html").exists():
        print(f"peel build failed ({build.returncode}):\n{build.stdout}{build.stderr}")
        return 1
    print(build.stdout.strip())

    # Which texts each sticker page must show, by the page catalog.json gives for its source.
    catalog = json.loads((site / "catalog.json").read_text(encoding="utf-8"))
    expected_by_page = {}
    for pack in catalog["packs"]:
        for sticker in pack["stickers"]:
            source = unicodedata.normalize("NFC", sticker["source"])
            expected_by_page[sticker["page"]] = expected_by_source.pop(source, ["(source not written by this test)"])
    failures = [f"catalog.json: no sticker for {source!r}" for source in expected_by_source]

    driver = make_driver()
    try:
        # The control: a page with a real injection must be caught, or the checks prove nothing.
        control = scratch / "control.html"
        control.write_text(f'<!doctype html><title>control</title><p>x</p><img src=x onerror="{PWN}">'
                           f'<script>alert("control")</script>', encoding="utf-8")
        caught = problems_on(control, open_page(driver, control), scratch)
        if not any("payload ran" in p for p in caught) or not any("called" in p or "native alert" in p for p in caught):
            failures.append(f"control.html: the harness did not notice the payloads that ran: {caught}")

        pages = sorted(site.rglob("*.html"))
        for page in pages:
            relative = page.relative_to(site)
            facts = open_page(driver, page)
            problems = problems_on(page, facts, site)
            if "native_alert" not in facts:
                text = flat(facts["text"])
                wanted = expected_text(relative) + expected_by_page.pop(relative.as_posix(), [])
                problems += [f"payload text not visible as text: {w!r}" for w in wanted if flat(w) not in text]
                # site.md's language: is checked as a BCP 47 tag: the hostile value is refused (a
                # warning), never written into <html lang>, and the default 'en' is used instead.
                if facts["lang"] != "en":
                    problems.append(f"<html lang> is not 'en' (the hostile language: must be refused): {facts['lang']!r}")
            failures += [f"{relative}: {problem}" for problem in problems]
    finally:
        driver.quit()
    failures += [f"{page}: listed in catalog.json but not generated" for page in expected_by_page]

    expected_pages = 2 + len(PACK_FOLDERS) * (1 + len(STICKER_FILES))
    if len(pages) != expected_pages:
        failures.append(f"expected {expected_pages} pages, found {len(pages)}")

    if failures:
        print(f"XSS browser check FAILED ({len(failures)} problems):")
        for failure in failures:
            print(f"  {failure}")
        return 1
    print(f"XSS browser check passed: {len(pages)} pages opened in Chromium; no script ran, every payload shows as "
          f"text, every link and image resolves.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
