import type { EmbeddedSession, ErrorCode } from '@nuqat/contracts';
import { exchangeSallaToken } from '../../features/auth/api/salla-embedded';
import { NetworkError, isApiError } from '../../lib/api-client';
import { claimRenewal } from './renewal';
import type { SallaBridge, SallaLayout } from './salla-bridge';

/** Why Nuqat could not open inside Salla: an API error code, or what happened on this side. */
export type FailureReason =
  | Extract<
      ErrorCode,
      | 'EMBEDDED_NOT_CONFIGURED'
      | 'EMBEDDED_TOKEN_INVALID'
      | 'EMBEDDED_TOKEN_EXPIRED'
      | 'EMBEDDED_TOKEN_USED'
      | 'EMBEDDED_STORE_UNKNOWN'
      | 'EMBEDDED_SALLA_UNAVAILABLE'
    >
  /** No Salla dashboard around this page (opened on its own, or Salla did not answer). */
  | 'NOT_IN_SALLA'
  /** Salla was asked for a new token and none came, or too often. */
  | 'RENEW_FAILED'
  | 'NETWORK'
  | 'UNEXPECTED';

export type ConnectOutcome =
  | { kind: 'signed-in'; session: EmbeddedSession }
  /** Salla was asked for a new token: the frame is about to load again. */
  | { kind: 'renewing' }
  | { kind: 'failed'; reason: FailureReason };

/** Failures that may pass: the merchant is offered to try again. */
export const PASSING_FAILURES: ReadonlySet<FailureReason> = new Set([
  'EMBEDDED_SALLA_UNAVAILABLE',
  'NETWORK',
  'UNEXPECTED',
  'RENEW_FAILED',
]);

const EXPLAINED = new Set<string>([
  'EMBEDDED_NOT_CONFIGURED',
  'EMBEDDED_TOKEN_INVALID',
  'EMBEDDED_STORE_UNKNOWN',
  'EMBEDDED_SALLA_UNAVAILABLE',
]);

/** The address without Salla's token: nothing after this reads it, and history keeps none. */
function forgetTokenInAddress(): void {
  const url = new URL(window.location.href);
  if (!url.searchParams.has('token')) return;
  url.searchParams.delete('token');
  window.history.replaceState(window.history.state, '', url);
}

/**
 * Opens a session from Salla's token (docs/decisions/031): the handshake with the dashboard and
 * the exchange run side by side; the layout is applied as soon as Salla gives it. A token that
 * has expired or was used already (a reload of the frame) is renewed through Salla once or
 * twice; anything else is a failure to explain.
 */
export async function connectToSalla(
  bridge: SallaBridge,
  onLayout: (layout: SallaLayout) => void,
): Promise<ConnectOutcome> {
  const token = bridge.token();
  forgetTokenInAddress();
  const inSalla = bridge.init().then(
    (layout) => {
      onLayout(layout);
      return true;
    },
    () => false,
  );
  const renew = (): ConnectOutcome => {
    if (!claimRenewal()) return { kind: 'failed', reason: 'RENEW_FAILED' };
    bridge.refresh();
    return { kind: 'renewing' };
  };

  if (!token) return (await inSalla) ? renew() : { kind: 'failed', reason: 'NOT_IN_SALLA' };

  const [framed, exchanged] = await Promise.all([
    inSalla,
    exchangeSallaToken(token).then(
      (session) => ({ session }) as const,
      (error: unknown) => ({ error }) as const,
    ),
  ]);
  if (!framed) return { kind: 'failed', reason: 'NOT_IN_SALLA' };
  if ('session' in exchanged) return { kind: 'signed-in', session: exchanged.session };

  const { error } = exchanged;
  const code = isApiError(error) ? error.code : null;
  if (code === 'EMBEDDED_TOKEN_EXPIRED' || code === 'EMBEDDED_TOKEN_USED') return renew();
  if (code && EXPLAINED.has(code)) return { kind: 'failed', reason: code as FailureReason };
  if (error instanceof NetworkError) return { kind: 'failed', reason: 'NETWORK' };
  return { kind: 'failed', reason: 'UNEXPECTED' };
}
