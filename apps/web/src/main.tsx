import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import './index.css';
import { forgetStoredToken } from './lib/session';

const container = document.getElementById('root');
// A bearer token kept by an earlier version is dropped; the httpOnly cookie carries the session.
forgetStoredToken();

if (!container) throw new Error('The #root element is missing from index.html');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
