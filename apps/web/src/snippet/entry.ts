import { startSnippet } from './snippet';

// The API serves this file at /snippet.js with the placeholder replaced by its public origin
// (PUBLIC_URL). vite.snippet.config.ts fails the build unless the literal survives exactly once.
startSnippet({ origin: '__NUQAT_ORIGIN__' });
