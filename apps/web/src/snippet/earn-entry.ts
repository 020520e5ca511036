import { startEarn } from './earn';

// snippet-earn.js: the snippet loads it on a page with an earn badge and calls this (decision 035).
(window as Window & { nuqatEarn?: typeof startEarn }).nuqatEarn = startEarn;
