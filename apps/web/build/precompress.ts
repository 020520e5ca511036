import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const COMPRESSIBLE = /\.(js|css|html|svg|json)$/;
const MIN_BYTES = 1024;

/**
 * Writes a Brotli (.br) and a gzip (.gz) copy next to every text file of the build, once and at
 * the highest settings. The API serves them (@fastify/static `preCompressed`) to browsers that
 * accept them; compressing per request would cost CPU on every visit.
 */
export function precompressAssets(): Plugin {
  let outDir = '';
  return {
    name: 'nuqat:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      const files = Object.keys(bundle).filter((name) => COMPRESSIBLE.test(name));
      await Promise.all(
        files.map(async (name) => {
          const file = path.join(outDir, name);
          const content = await readFile(file);
          if (content.length < MIN_BYTES) return;
          const [br, gz] = await Promise.all([
            brotli(content, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
              },
            }),
            gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
          ]);
          await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
        }),
      );
    },
  };
}
