import path from 'node:path';
import { createServer, type Plugin, type ViteDevServer } from 'vite';
import type { Language } from '@nuqat/contracts';

const TEMPLATE = 'landing.html';
const RENDER_MODULE = 'src/features/landing/prerender/render.tsx';

/** The shape of render.tsx, which is loaded through Vite (it is TSX and imports TS packages). */
interface RenderModule {
  LANDING_FILES: Record<Language, string>;
  renderLandingDocument(template: string, language: Language, markup?: string): string;
  renderLandingMarkup(language: Language): string;
}

async function loadRenderModule(server: ViteDevServer, root: string): Promise<RenderModule> {
  return (await server.ssrLoadModule(path.join(root, RENDER_MODULE))) as RenderModule;
}

/**
 * Vite plugin for the landing page. The build renders the page to HTML in both languages
 * (landing.html, landing.en.html), so the first paint needs no script; the dev server only
 * fills in the head. See docs/decisions/004-landing-page.md.
 */
export function landingPages(): Plugin {
  let root = '';
  return {
    name: 'nuqat:landing-pages',
    enforce: 'post',
    configResolved(config) {
      root = config.root;
    },
    async transformIndexHtml(html, context) {
      if (!context.server || path.basename(context.filename) !== TEMPLATE) return html;
      const { renderLandingDocument } = await loadRenderModule(context.server, root);
      return renderLandingDocument(html, 'ar');
    },
    async generateBundle(_options, bundle) {
      const asset = bundle[TEMPLATE];
      if (!asset || asset.type !== 'asset') return;
      const template = String(asset.source);
      // A throw-away SSR server loads the page's modules the way the app's build does.
      const server = await createServer({
        root,
        configFile: false,
        logLevel: 'error',
        appType: 'custom',
        server: { middlewareMode: true, hmr: false, ws: false, watch: null },
        optimizeDeps: { noDiscovery: true, include: [] },
      });
      try {
        const render = await loadRenderModule(server, root);
        for (const language of ['ar', 'en'] as const) {
          const markup = render.renderLandingMarkup(language);
          const source = render.renderLandingDocument(template, language, markup);
          const fileName = render.LANDING_FILES[language];
          if (fileName === TEMPLATE) asset.source = source;
          else this.emitFile({ type: 'asset', fileName, source });
        }
      } finally {
        await server.close();
      }
    },
  };
}
