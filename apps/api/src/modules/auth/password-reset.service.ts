import {
  RESET_CODE_LENGTH,
  RESET_CODE_MAX_ATTEMPTS,
  RESET_CODE_TTL_MINUTES,
} from '@nuqat/contracts';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import {
  generateNumericCode,
  hashPassword,
  hashResetCode,
  safeEqualHex,
} from '../../lib/crypto.ts';
import { passwordResetCodeMail } from '../../lib/mail-templates.ts';
import { judgeCodeTry, newRequestId } from '../../lib/one-time-codes.ts';
import { enforceRateLimits } from '../../lib/rate-limit.ts';
import { findMerchantByEmail, updateMerchantPassword } from '../merchants/index.ts';
import {
  consumeOpenResetCodes,
  insertResetCode,
  lockOpenResetCode,
  lockResetCodeOfRequest,
  revokeAllSessions,
  updateResetCode,
  type ResetCodeRow,
} from './auth.repository.ts';
import { AUTH_RATE_LIMITS, type RequestOrigin } from './auth-limits.ts';

/** How long after answering a forgot-password request its code is issued and mailed. */
const RESET_MAIL_DELAY_MS = 50;

/** A merchant's forgotten password: a one-time code by e-mail, its check, and the new password. */
export function createPasswordResetService(ctx: AppContext) {
  const { db, config, log } = ctx;
  const codeKey = config.keys.oneTimeCodes.current;

  /**
   * A fresh code for the merchant; used by recovery (with the request's id) and by install.
   * Older open codes stay open: a new request, maybe a stranger's, must not end the code the
   * owner is typing. They die with their 15 minutes, or when one code is used.
   */
  async function issueResetCode(
    tx: Executor,
    merchantId: number,
    requestId: string = newRequestId(),
  ): Promise<string> {
    const code = generateNumericCode(RESET_CODE_LENGTH);
    await insertResetCode(tx, {
      merchantId,
      id: requestId,
      codeHash: hashResetCode(codeKey, merchantId, code),
      expiresAt: new Date(ctx.now().getTime() + RESET_CODE_TTL_MINUTES * 60_000),
    });
    return code;
  }

  /**
   * Always resolves the same way, whether or not the e-mail belongs to a merchant: with the id
   * of this request, which the code row carries (tries naming it count against this code only).
   */
  async function forgotPassword(
    input: { email: string } & RequestOrigin,
  ): Promise<{ requestId: string }> {
    await enforceRateLimits(db, [
      { key: `forgot:ip:${input.ip}`, ...AUTH_RATE_LIMITS.forgotPerIp },
      { key: `forgot:email:${input.email}`, ...AUTH_RATE_LIMITS.forgotPerEmail },
      { key: `forgot:day:${input.email}`, ...AUTH_RATE_LIMITS.forgotPerEmailDaily },
    ]);
    const requestId = newRequestId();
    const merchant = await findMerchantByEmail(db, input.email);
    if (!merchant) return { requestId };
    // Issuing the code and mailing it happen after the answer has gone: the request does the
    // same work (limits and one lookup) whether or not the e-mail is known, and the issuing —
    // started a moment later, not in the same turn of the event loop — does not slow the answer
    // down either, so timing reveals nothing.
    setTimeout(() => {
      sendResetCode(merchant, requestId).catch((error: unknown) =>
        log.error({ err: error, merchantId: merchant.id }, 'reset code mail failed'),
      );
    }, RESET_MAIL_DELAY_MS);
    return { requestId };
  }

  async function sendResetCode(
    merchant: { id: number; email: string | null; storeName: string },
    requestId: string,
  ): Promise<void> {
    const code = await db.transaction((tx) => issueResetCode(tx, merchant.id, requestId));
    await ctx.mailer.send(
      passwordResetCodeMail({ to: merchant.email!, storeName: merchant.storeName, code }),
    );
  }

  /**
   * One try at a code, under the code row's lock so its tries count one at a time: the code of
   * the named request, or the newest open one with the tries anyone can spend. A wrong code is
   * counted against that code only; nothing counts against the account, so nobody's wrong codes
   * can make the owner's right one fail (docs/decisions/025). Only the per-address limit applies.
   */
  async function tryCode(
    tx: Executor,
    merchantId: number,
    input: { code: string; requestId?: string | undefined },
  ): Promise<ResetCodeRow | null> {
    const row = input.requestId
      ? await lockResetCodeOfRequest(tx, merchantId, input.requestId)
      : await lockOpenResetCode(tx, merchantId);
    const judged = judgeCodeTry(row, {
      bound: input.requestId !== undefined,
      matches: () => safeEqualHex(row!.codeHash, hashResetCode(codeKey, merchantId, input.code)),
      now: ctx.now(),
      maxAttempts: RESET_CODE_MAX_ATTEMPTS,
    });
    if (judged.outcome === 'wrong') await updateResetCode(tx, merchantId, row!.id, judged.count);
    return judged.outcome === 'ok' ? row! : null;
  }

  type CodeInput = { email: string; code: string; requestId?: string | undefined } & RequestOrigin;

  async function verifyResetCode(input: CodeInput): Promise<void> {
    await enforceRateLimits(db, [{ key: `code:ip:${input.ip}`, ...AUTH_RATE_LIMITS.codePerIp }]);
    const merchant = await findMerchantByEmail(db, input.email);
    if (!merchant) throw new AppError('RESET_CODE_INVALID');
    const ok = await db.transaction(async (tx) => {
      const row = await tryCode(tx, merchant.id, input);
      if (row && !row.verifiedAt)
        await updateResetCode(tx, merchant.id, row.id, { verifiedAt: ctx.now() });
      return row !== null;
    });
    if (!ok) throw new AppError('RESET_CODE_INVALID');
  }

  async function resetPassword(input: CodeInput & { newPassword: string }): Promise<void> {
    await enforceRateLimits(db, [{ key: `code:ip:${input.ip}`, ...AUTH_RATE_LIMITS.codePerIp }]);
    const merchant = await findMerchantByEmail(db, input.email);
    if (!merchant) throw new AppError('RESET_CODE_INVALID');
    // The code first (a keyed hash, cheap); argon2 only for a right, verified code.
    const checked = await db.transaction(async (tx) => {
      const row = await tryCode(tx, merchant.id, input);
      if (!row) return 'invalid' as const;
      if (!row.verifiedAt) return 'not_verified' as const;
      return row.id;
    });
    if (checked === 'invalid') throw new AppError('RESET_CODE_INVALID');
    if (checked === 'not_verified') throw new AppError('RESET_CODE_NOT_VERIFIED');
    const passwordHash = await hashPassword(input.newPassword);
    const outcome = await db.transaction(async (tx) => {
      // Still open and in time: a concurrent reset (which ends every open code) wins.
      const row = await lockResetCodeOfRequest(tx, merchant.id, checked);
      if (!row || row.expiresAt <= ctx.now()) return 'invalid' as const;
      await updateMerchantPassword(tx, merchant.id, passwordHash);
      await consumeOpenResetCodes(tx, merchant.id);
      const ended = await revokeAllSessions(tx, merchant.id);
      log.info(
        { event: 'password_reset', merchantId: merchant.id, sessionsEnded: ended },
        'password reset',
      );
      return 'ok' as const;
    });
    if (outcome === 'invalid') throw new AppError('RESET_CODE_INVALID');
  }

  return { issueResetCode, forgotPassword, verifyResetCode, resetPassword };
}
