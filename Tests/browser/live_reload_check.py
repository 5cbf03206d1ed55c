#!/usr/bin/env python3
"""`peel serve` in a real browser: opens a sticker page of a copy of a catalog in headless
Chromium, saves the sticker's sidecar with a new label several times in a row (same-size edits
among them), and checks that the open page shows each label by itself, through the live-reload
event stream (a chunked text/event-stream read by the browser's EventSource), with no console
errors. Speed is measured by Benchmarks/serve-latency.sh; the 10 s allowed here only catches a
page that never reloads.

usage: live_reload_check.py --peel PEEL --catalog FOLDER --scratch FOLDER
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import time

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--peel", required=True)
    parser.add_argument("--catalog", required=True)
    parser.add_argument("--scratch", required=True)
    args = parser.parse_args()

    work = os.path.join(args.scratch, "live-reload")
    shutil.rmtree(work, ignore_errors=True)
    shutil.copytree(args.catalog, os.path.join(work, "content"))
    sidecar = os.path.join(work, "content", "pets", "cat.md")
    server = subprocess.Popen([os.path.abspath(args.peel), "serve", "--port", "0", "--no-art-checks", "content"], cwd=work,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                              env=dict(os.environ, CI="true"))
    port = None
    started = time.time()
    while port is None and time.time() < started + 60:
        line = server.stdout.readline()
        if not line:
            break
        match = re.search(r"127\.0\.0\.1:(\d+)/", line)
        if match:
            port = int(match.group(1))
    if port is None:
        server.kill()
        sys.exit("live-reload: peel serve did not start")

    options = Options()
    options.add_argument("--headless=new")
    options.add_argument("--no-sandbox")
    options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(options=options, service=Service(shutil.which("chromedriver") or "/usr/bin/chromedriver"))
    failures = []
    try:
        driver.get(f"http://127.0.0.1:{port}/pets/cat/")
        time.sleep(1)
        # The last two are the same length, saved 0.3 s apart: a reload keyed on size would miss one.
        for label in ["A ginger cat, edited live", "A ginger cat, edited again 1", "A ginger cat, edited again 2"]:
            with open(sidecar, encoding="utf-8") as file:
                text = file.read()
            with open(sidecar, "w", encoding="utf-8") as file:
                file.write(re.sub(r"(?m)^alt: .*$", "alt: " + label, text, count=1))
            saved = time.time()
            while label not in driver.page_source:
                if time.time() > saved + 10:
                    failures.append(f"the open page never showed '{label}'")
                    break
                time.sleep(0.05)
            else:
                print(f"live-reload: '{label}' shown {time.time() - saved:.2f} s after saving")
            time.sleep(0.3)
        errors = sorted({entry["message"] for entry in driver.get_log("browser") if entry["level"] == "SEVERE"})
        failures += [f"console: {message}" for message in errors[:3]]
    finally:
        driver.quit()
        server.terminate()
        server.wait(timeout=10)
    if failures:
        sys.exit("live-reload: " + "; ".join(failures))
    print("live-reload: every edit reached the open page")


if __name__ == "__main__":
    main()
