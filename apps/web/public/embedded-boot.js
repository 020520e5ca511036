/* global document, window */
// Runs before the embedded entry's bundle (embedded.html) so the first paint already has the
// language, direction and theme Salla asked for: the merchant dashboard appends `lang` and
// `theme` to the embedded page's address (reference §5). Nothing is read from or written to
// storage: inside Salla, Salla's choice is the one that counts.
(function () {
  var root = document.documentElement;
  var query = new URLSearchParams(window.location.search);
  var language = /^en\b/i.test(query.get('lang') || '') ? 'en' : 'ar';
  root.lang = language;
  root.dir = language === 'ar' ? 'rtl' : 'ltr';
  root.classList.toggle('dark', query.get('theme') === 'dark');
})();
