import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../env.ts';

/** Every answer's security headers: CSP (no framing but the embedded page's), HSTS on https. */
export function helmetOptions(config: Pick<Config, 'salla' | 'publicUrl'>): HelmetOptions {
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Store logos come from Salla (https); the demo's sandbox serves them itself, over http.
        imgSrc: ["'self'", 'data:', 'https:', new URL(config.salla.apiBase).origin],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    strictTransportSecurity: config.publicUrl.startsWith('https://') ? undefined : false,
  };
}

/**
 * The headers helmet sets for `options`, as [name, value] in the order it sets them, worked out
 * once (decision 070). @fastify/helmet builds helmet's middleware again on every request — the
 * CSP directives parsed and checked each time — for headers that are the same on every answer
 * as long as no directive is a function of the request (none of ours is; helmet would call it
 * here with an empty request, and the test holds the answers to what helmet itself sets).
 */
export function securityHeadersOf(options: HelmetOptions): [string, string][] {
  const headers = new Map<string, string>();
  const response = {
    setHeader(name: string, value: string) {
      headers.set(name, value);
    },
    removeHeader(name: string) {
      headers.delete(name);
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error) => {
    if (error) throw error;
  });
  return [...headers];
}
