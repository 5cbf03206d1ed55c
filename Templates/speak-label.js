// "Hear label": speaks a sticker's label with the browser's speech synthesis (the Web Speech API),
// in the language of its pack or page, so a reviewer hears roughly what VoiceOver will say. On a
// pack page, "Read this pack aloud" speaks every label in order, as a VoiceOver user hears them
// swiping through the pack, and marks the sticker being read; Pause and Stop control it. Nothing
// speaks until a button is pressed. The controls are in the page hidden and shown only here, where
// speech synthesis exists, so a browser without it never shows a broken button.
(function () {
  "use strict";
  // Peel writes this script's words in English: on a page in another language they carry lang="en",
  // so a screen reader reads them with an English voice.
  function sayInEnglish(element, text) {
    element.textContent = text;
    if (!text || /^en(-|$)/i.test(document.documentElement.lang || "en")) element.removeAttribute("lang");
    else element.lang = "en";
  }
  if (!("speechSynthesis" in window) || typeof window.SpeechSynthesisUtterance !== "function") return;
  var reader = null;

  // The language to speak in: the button's data-speak-lang, else that of the text's element
  // (its nearest lang attribute: a pack's `language:`, or the page's <html lang>).
  function languageOf(element, given) {
    if (given) return given;
    var holder = element && element.closest("[lang]");
    return holder ? holder.getAttribute("lang") : document.documentElement.getAttribute("lang") || "";
  }

  // Stops whatever is being said; a paused synthesizer would stay paused for the next label.
  function silence() {
    if (window.speechSynthesis.paused) window.speechSynthesis.resume();
    window.speechSynthesis.cancel();
  }

  function utterance(text, lang) {
    var spoken = new window.SpeechSynthesisUtterance(text);
    if (lang) spoken.lang = lang;
    return spoken;
  }

  // One label: data-speak names the element holding it (an id), or is empty and data-speak-text holds it.
  document.querySelectorAll("[data-speak]").forEach(function (button) {
    button.hidden = false;
    button.addEventListener("click", function () {
      var source = button.getAttribute("data-speak") ? document.getElementById(button.getAttribute("data-speak")) : null;
      var text = source ? source.textContent : button.getAttribute("data-speak-text") || "";
      if (reader) reader.stop();
      silence();
      window.speechSynthesis.speak(utterance(text.trim(), languageOf(source || button, button.getAttribute("data-speak-lang"))));
    });
  });

  // The pack reader: every sticker of the grid, in order.
  var box = document.querySelector("[data-pack-reader]");
  var grid = document.getElementById("sticker-grid");
  if (!box || !grid) return;
  var play = box.querySelector("[data-reader-play]");
  var pause = box.querySelector("[data-reader-pause]");
  var stop = box.querySelector("[data-reader-stop]");
  // "Reading 3 of 9." is shown but not announced (it would talk over the voice reading the labels);
  // the end of a reading ("Stopped.", "Read all 9.") is, in the live region beside it.
  var status = box.querySelector("[data-reader-status]");
  var progress = box.querySelector("[data-reader-progress]") || status;
  var items = Array.prototype.slice.call(grid.children);
  if (!play || !pause || !stop || !status || items.length === 0) return;
  var run = 0; // which reading an utterance belongs to: a stopped reading's late "end" events are ignored
  var current = null;

  function mark(item) {
    if (current) current.classList.remove("is-speaking");
    current = item;
    if (item) {
      item.classList.add("is-speaking");
      item.scrollIntoView({block: "nearest"});
    }
  }

  function finish(message) {
    var hadFocus = document.activeElement === pause || document.activeElement === stop;
    run += 1;
    mark(null);
    play.disabled = false;
    pause.disabled = true;
    stop.disabled = true;
    pause.setAttribute("aria-pressed", "false");
    if (progress !== status) sayInEnglish(progress, "");
    sayInEnglish(status, message);
    if (hadFocus) play.focus();
  }

  function speakFrom(index, reading) {
    if (reading !== run) return;
    if (index >= items.length) { finish("Read all " + items.length + "."); return; }
    var item = items[index];
    var label = item.getAttribute("data-label");
    var text = label || item.getAttribute("data-title") || "";
    mark(item);
    if (progress !== status) sayInEnglish(status, "");
    sayInEnglish(progress, "Reading " + (index + 1) + " of " + items.length + ".");
    // The label's own language (data-label-lang: an untranslated one), else the pack's or the
    // page's; a sticker without a label is read by its title, in the title's language.
    var given = label ? item.getAttribute("data-label-lang") : null;
    var holder = label ? box : (item.querySelector(".sticker-title [lang]") || box);
    var spoken = utterance(text, languageOf(holder, given || box.getAttribute("data-speak-lang")));
    function next() { speakFrom(index + 1, reading); }
    spoken.addEventListener("end", next);
    spoken.addEventListener("error", next);
    window.speechSynthesis.speak(spoken);
  }

  reader = {stop: function () { if (!stop.disabled) finish("Stopped."); }};
  box.hidden = false;
  play.addEventListener("click", function () {
    silence();
    run += 1;
    play.disabled = true;
    pause.disabled = false;
    stop.disabled = false;
    pause.setAttribute("aria-pressed", "false");
    speakFrom(0, run);
    stop.focus();
  });
  pause.addEventListener("click", function () {
    var paused = pause.getAttribute("aria-pressed") === "true";
    if (paused) window.speechSynthesis.resume(); else window.speechSynthesis.pause();
    pause.setAttribute("aria-pressed", paused ? "false" : "true");
  });
  stop.addEventListener("click", function () {
    finish("Stopped.");
    silence();
  });
})();
