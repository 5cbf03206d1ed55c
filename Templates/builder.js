// The parts builder as a form: radios instead of links, the choice kept in the URL query
// (?base=cone&scoops=mint&topping=none) as Apple's IceCreamBuilder does. Without JavaScript the
// links beside each part lead to the same pages.
(function () {
  var form = document.querySelector(".builder-form");
  if (!form) return;
  form.querySelectorAll(".builder-links").forEach(function (list) { list.hidden = true; });
  form.querySelectorAll(".builder-radios").forEach(function (group) { group.hidden = false; });
  function query() {
    var pairs = [];
    form.querySelectorAll("input[type=radio]:checked").forEach(function (input) {
      pairs.push(encodeURIComponent(input.name) + "=" + encodeURIComponent(input.value));
    });
    return pairs.join("&");
  }
  // A query naming other choices than this page's: follow them, one part at a time.
  var wanted = new URLSearchParams(location.search);
  var inputs = form.querySelectorAll("input[type=radio]");
  for (var i = 0; i < inputs.length; i++) {
    var input = inputs[i];
    if (wanted.get(input.name) === input.value && !input.checked && input.dataset.href) {
      location.replace(input.dataset.href + location.search);
      return;
    }
  }
  if (history.replaceState) history.replaceState(null, "", "?" + query());
  // Each combination is a page of its own, so a choice loads its page. Focus comes back to the
  // part's radio there: it fell to the page's top, so the arrow keys could not go on through the
  // group and a screen reader started over (WCAG 2.4.3).
  var focusKey = "peel-builder-focus";
  try {
    var part = sessionStorage.getItem(focusKey);
    sessionStorage.removeItem(focusKey);
    if (part) {
      for (var j = 0; j < inputs.length; j++) {
        if (inputs[j].name === part && inputs[j].checked) { inputs[j].focus(); break; }
      }
    }
  } catch (error) { /* storage turned off: focus stays where the browser puts it */ }
  form.addEventListener("change", function (event) {
    var input = event.target;
    if (!input.dataset || !input.dataset.href) return;
    try { sessionStorage.setItem(focusKey, input.name); } catch (error) { /* as above */ }
    location.assign(input.dataset.href + "?" + query());
  });
  form.addEventListener("submit", function (event) { event.preventDefault(); });
  // Back to this page (from the browser's cache, or with the form as it was left): the radios
  // show this page's combination again, not the choice that led away from it, which could not be
  // chosen again.
  window.addEventListener("pageshow", function () {
    form.querySelectorAll("input[type=radio]").forEach(function (input) { input.checked = input.defaultChecked; });
    if (history.replaceState) history.replaceState(null, "", "?" + query());
  });
})();
