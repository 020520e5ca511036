import { sallaBridge } from './app/embedded/salla-bridge';
import { startEmbeddedApp } from './app/embedded/start-embedded';
import './index.css';

// Nuqat inside the Salla merchant dashboard (embedded.html, served at /embedded).
const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from embedded.html');

startEmbeddedApp({ bridge: sallaBridge(), container });
