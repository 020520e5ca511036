/* global document, window */
// Runs before the app bundle so the first paint already has the right language, direction and
// theme. Keys and defaults mirror STORAGE_KEYS / LANGUAGES in @nuqat/contracts.
(function () {
  var root = document.documentElement;
  var language = 'ar';
  var dark = false;
  try {
    var stored = window.localStorage.getItem('language');
    if (stored === 'ar' || stored === 'en') language = stored;
    dark = window.localStorage.getItem('darkMode') === 'true';
  } catch {
    // Storage can be blocked (private mode, policies); the defaults are fine.
  }
  root.lang = language;
  root.dir = language === 'ar' ? 'rtl' : 'ltr';
  root.classList.toggle('dark', dark);
})();
