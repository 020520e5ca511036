import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { resolveTarget, TargetRefused, type GuardOptions } from './ssrf-guard.ts';

/** Short: a receiver answers at once and does its work later (docs/decisions/039). */
export const SEND_TIMEOUT_MS = 10_000;
const MAX_ANSWER_BYTES = 2048;

export interface SendOutcome {
  ok: boolean;
  statusCode: number | null;
  /** Why it failed, short and without the receiver's body beyond a few hundred characters. */
  error: string | null;
}

/**
 * One POST to the endpoint: the guard resolves and checks the host, the connection goes to the
 * checked address (lookup pinned), TLS still verifies the certificate for the host name, a
 * redirect is a failure (never followed), 2xx is success.
 */
export async function sendWebhook(
  input: { url: string; headers: Record<string, string>; body: string },
  guard: GuardOptions,
): Promise<SendOutcome> {
  let url: URL;
  let target: { address: string; family: 4 | 6 };
  try {
    ({ url, target } = await resolveTarget(input.url, guard));
  } catch (error) {
    if (error instanceof TargetRefused)
      return { ok: false, statusCode: null, error: `refused: ${error.reason}` };
    throw error;
  }
  const pinned: LookupFunction = (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<SendOutcome>((resolve) => {
    let settled = false;
    const finish = (outcome: SendOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
    };
    const request = client.request(
      url,
      {
        method: 'POST',
        lookup: pinned,
        agent: false,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(input.body),
          'user-agent': 'Nuqat-Webhooks/1',
          ...input.headers,
        },
      },
      (response) => {
        const status = response.statusCode ?? 0;
        let answer = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          if (answer.length < MAX_ANSWER_BYTES) answer += chunk;
          else response.destroy();
        });
        const done = () => {
          const ok = status >= 200 && status < 300;
          finish({
            ok,
            statusCode: status,
            error: ok
              ? null
              : status >= 300 && status < 400
                ? `redirect to ${response.headers.location ?? '?'} not followed`
                : `HTTP ${status}${answer ? `: ${answer.slice(0, 200)}` : ''}`,
          });
        };
        response.on('end', done);
        response.on('close', done);
        response.on('error', done);
      },
    );
    const timer = setTimeout(() => {
      request.destroy(new Error('timeout'));
      finish({
        ok: false,
        statusCode: null,
        error: `no answer within ${SEND_TIMEOUT_MS / 1000} s`,
      });
    }, SEND_TIMEOUT_MS);
    request.on('error', (error) =>
      finish({ ok: false, statusCode: null, error: error.message.slice(0, 200) }),
    );
    request.end(input.body);
  });
}
