// Runs before first paint (loaded synchronously in <head>; the CSP forbids inline scripts) so a
// dark theme chosen earlier never flashes light. The key and default match src/web/lib/theme.tsx.
(function () {
  try {
    if (window.localStorage.getItem("theme") === "dark") {
      document.documentElement.classList.add("dark");
      document.documentElement.style.colorScheme = "dark";
    }
  } catch (error) {
    // Storage can be unavailable (privacy modes); the default light theme applies.
  }
})();
