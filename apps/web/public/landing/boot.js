/* global document, window */
// The landing page's version of /boot.js: runs before first paint and sets the language,
// direction and theme. The language comes from ?lang= (one address per language), else the
// saved preference, else Arabic — as in src/features/landing/start.tsx. The built page is
// already rendered in one language (data-prerendered); a visitor who saved the other one is
// sent to that language's address before anything is drawn, instead of seeing the wrong one.
(function () {
  var root = document.documentElement;
  var prerendered = root.getAttribute('data-prerendered');
  var location = window.location;
  var requested = new URL(location.href).searchParams.get('lang');
  var language = 'ar';
  var dark = false;
  try {
    var stored = window.localStorage.getItem('language');
    if (stored === 'ar' || stored === 'en') language = stored;
    dark = window.localStorage.getItem('darkMode') === 'true';
  } catch {
    // Storage can be blocked (private mode, policies); the defaults are fine.
  }
  if (requested === 'ar' || requested === 'en') {
    language = requested;
  } else if (prerendered && prerendered !== language) {
    var address = new URL(location.href);
    address.searchParams.set('lang', language);
    location.replace(address.href);
    return;
  }
  root.lang = language;
  root.dir = language === 'ar' ? 'rtl' : 'ltr';
  root.classList.toggle('dark', dark);
})();
