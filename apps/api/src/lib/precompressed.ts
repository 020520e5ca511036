import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A text body compressed once, at start-up, in the encodings browsers ask for. */
export interface PrecompressedBody {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

export function precompress(text: string): PrecompressedBody {
  const identity = Buffer.from(text);
  return { identity, br: brotliCompressSync(identity), gzip: gzipSync(identity) };
}

/** Sends the copy the request accepts (brotli, then gzip, then as it is). */
export function sendPrecompressed(
  request: FastifyRequest,
  reply: FastifyReply,
  body: PrecompressedBody,
) {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  reply.header('vary', 'accept-encoding');
  if (/\bbr\b/.test(accepted)) return reply.header('content-encoding', 'br').send(body.br);
  if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(body.gzip);
  return reply.send(body.identity);
}

/** The response's CSP with its `frame-ancestors` replaced: who may frame this one page. */
export function withFrameAncestors(reply: FastifyReply, sources: string): string {
  const csp = String(reply.getHeader('content-security-policy') ?? '');
  return csp.replace(/frame-ancestors [^;]*/, `frame-ancestors ${sources}`);
}
