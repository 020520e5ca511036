import './landing.css';

// The entry of landing.html: the page alone, without the router, the query client or the
// back-office's catalogues (docs/decisions/004-landing-page.md). The HTML arrives already
// rendered, so React is fetched only after the first frame is on screen: reading the page
// never waits for the script, and the script's download does not compete with the CSS.
requestAnimationFrame(() => requestAnimationFrame(() => void import('./start')));
