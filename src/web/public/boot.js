// On a page the server drew (decisions 0032 and 0033). External because the CSP forbids inline scripts; the files come
// from the server, in this element's data attributes.
(function () {
  var element = document.currentScript;
  var root = document.getElementById("root");

  // Until the app has taken the drawn page over (it then drops aria-disabled), nothing would answer a click, and the
  // hydration would drop what is typed: both are held back here. Scrolling, focus and reading are not.
  function hold(event) {
    if (root && root.getAttribute("aria-disabled") === "true" && root.contains(event.target)) {
      event.preventDefault();
      event.stopImmediatePropagation();
    }
  }
  ["click", "auxclick", "submit", "beforeinput", "paste", "drop"].forEach(function (type) {
    document.addEventListener(type, hold, true);
  });

  // The app's scripts are asked for once the drawn page has been painted: on a phone's slow link they would otherwise
  // share it with the page and its stylesheet, and hold back the first paint.
  var started = false;
  function start() {
    if (started) return;
    started = true;
    (element.dataset.preload || "").split(" ").forEach(function (file) {
      if (!file) return;
      var link = document.createElement("link");
      link.rel = "modulepreload";
      link.crossOrigin = "";
      link.href = file;
      document.head.appendChild(link);
    });
    var entry = document.createElement("script");
    entry.type = "module";
    entry.crossOrigin = "";
    entry.src = element.dataset.entry;
    document.head.appendChild(entry);
  }
  // The first contentful paint's entry is queued once that frame is on the screen. A frame's callback runs before its
  // paint is even recorded, and a task queued from it, tens of milliseconds before the paint is shown: the scripts then
  // still raced the first screen. Where the entry isn't observable, that frame is the sign; a hidden page paints nothing.
  var paints = window.PerformanceObserver && PerformanceObserver.supportedEntryTypes;
  if (document.hidden) start();
  else if (paints && paints.indexOf("paint") >= 0) {
    new PerformanceObserver(function (list, observer) {
      if (list.getEntriesByName("first-contentful-paint").length === 0) return;
      observer.disconnect();
      start();
    }).observe({ type: "paint", buffered: true });
    // A page whose first screen has nothing contentful to paint still starts.
    setTimeout(start, 3000);
  } else
    requestAnimationFrame(function () {
      setTimeout(start, 0);
    });
  document.addEventListener("visibilitychange", start, { once: true });
})();
