// "Copy label" on sticker pages: copies the accessibility label with the Clipboard API, or with
// the older copy command where that is unavailable (some browsers on file://), and says what
// happened in a live region. Without JavaScript the button stays hidden; the label is plain text.
(function () {
  "use strict";
  // Peel writes this script's words in English: on a page in another language they carry lang="en",
  // so a screen reader reads them with an English voice.
  function sayInEnglish(element, text) {
    element.textContent = text;
    if (!text || /^en(-|$)/i.test(document.documentElement.lang || "en")) element.removeAttribute("lang");
    else element.lang = "en";
  }
  document.querySelectorAll("[data-copy]").forEach(function (row) {
    var source = document.getElementById(row.getAttribute("data-copy"));
    var button = row.querySelector("button");
    var status = row.querySelector("[role=status]");
    if (!source || !button || !status) return;
    var timer = null;

    function legacyCopy(text) {
      var area = document.createElement("textarea");
      area.value = text;
      area.setAttribute("readonly", "");
      area.style.position = "fixed";
      area.style.opacity = "0";
      document.body.appendChild(area);
      area.select();
      var copied = false;
      try { copied = document.execCommand("copy"); } catch (error) { copied = false; }
      area.remove();
      button.focus();
      return copied;
    }

    function report(copied) {
      if (!copied) {
        var range = document.createRange();
        range.selectNodeContents(source);
        var selection = window.getSelection();
        selection.removeAllRanges();
        selection.addRange(range);
      }
      sayInEnglish(status, copied ? "Label copied." : "Could not copy; the label is selected, press Ctrl+C (\u2318C on a Mac).");
      clearTimeout(timer);
      timer = setTimeout(function () { sayInEnglish(status, ""); }, 5000);
    }

    row.hidden = false;
    button.addEventListener("click", function () {
      var text = source.textContent;
      if (navigator.clipboard && window.isSecureContext) {
        navigator.clipboard.writeText(text).then(function () { report(true); }, function () { report(legacyCopy(text)); });
      } else {
        report(legacyCopy(text));
      }
    });
  });
})();
