import { setCustomerLanguage } from '../engine/index.ts';
import {
  SHOPPER_CODE_LENGTH,
  SHOPPER_CODE_MAX_ATTEMPTS,
  SHOPPER_CODE_TTL_MINUTES,
  SHOPPER_SESSION_TTL_DAYS,
  emailKey,
  type Language,
  type ShopperSession,
  type ShopperSignInOptions,
} from '@nuqat/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { generateNumericCode, hashResetCode, safeEqualHex } from '../../lib/crypto.ts';
import { shopperCodeMail } from '../../lib/mail-templates.ts';
import { createSmsTiming, shopperCodeSms } from './shopper-sms.ts';
import { judgeCodeTry, newRequestId } from '../../lib/one-time-codes.ts';
import { enforceRateLimits } from '../../lib/rate-limit.ts';
import { signShopperToken, verifyShopperToken, type ShopperTokenClaims } from '../../lib/tokens.ts';
import { findMerchantById } from '../merchants/index.ts';
import {
  consumeOpenShopperCodes,
  findCustomerByEmailKey,
  findCustomerByMobile,
  mostCustomersWithoutEmail,
  findShopperSession,
  insertShopperCode,
  insertShopperSession,
  lockOpenShopperCode,
  lockShopperCodeOfRequest,
  revokeShopperSession,
  updateShopperCode,
  type ShopperSessionRow,
} from './shopper.repository.ts';
import { storeMailBrand } from '../../lib/mail-brand.ts';

const WINDOW = 15 * 60;

/**
 * Guesses count per code, never per recipient (docs/decisions/025): a stranger's wrong codes
 * cannot lock a shopper out. What bounds guessing is the codes a store+mailbox can be sent (3 per
 * 15 minutes, 5 a day) times each code's tries (5 for its request, 5 for tries naming none), and
 * the per-address limits. Per address loose: shoppers share mobile carriers' addresses. The
 * mailbox is the address's `emailKey`, so a +tag or a capital is no new mailbox (decision 028).
 */
export const SHOPPER_RATE_LIMITS = {
  requestPerIp: { limit: 20, windowSeconds: WINDOW },
  requestPerEmail: { limit: 3, windowSeconds: WINDOW },
  requestPerEmailDaily: { limit: 5, windowSeconds: 86_400 },
  verifyPerIp: { limit: 30, windowSeconds: WINDOW },
} as const;

export type ShopperAuth = ShopperTokenClaims;

/** A session id as the database keeps them (anything else names no session). */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The token's session is live: not revoked, not expired, and the token's shopper's. */
export function sessionLive(
  session: Pick<ShopperSessionRow, 'revokedAt' | 'expiresAt' | 'customerId'> | null | undefined,
  claims: ShopperAuth,
  now: Date,
): boolean {
  return Boolean(
    session &&
    !session.revokedAt &&
    session.expiresAt > now &&
    session.customerId === claims.customerId,
  );
}

/** A shopper's sign-in: a one-time code by e-mail or SMS, its check, and the session it opens. */
export function createShopperSignInService(ctx: AppContext) {
  const { db, config, log } = ctx;
  const codeKey = config.keys.oneTimeCodes.current;
  const hashCode = (merchantId: number, email: string, code: string) =>
    hashResetCode(codeKey, merchantId, `shopper:${email}:${code}`);
  const smsTiming = createSmsTiming(ctx);

  /**
   * Whom a code is for, as codes and limits are kept: the mailbox's key, or the mobile in E.164
   * (an e-mail key never starts with `+`).
   */
  function recipientKey(input: { email?: string | undefined; mobile?: string | undefined }) {
    if (input.mobile !== undefined) return input.mobile;
    return emailKey(input.email ?? '');
  }

  /** How the store's shoppers can sign in, and which way the page offers first. */
  async function getSignInOptions({
    merchantId,
  }: {
    merchantId: number;
  }): Promise<ShopperSignInOptions> {
    if (!ctx.sms.available) return { channels: ['email'], preferred: 'email' };
    const merchant = await findMerchantById(db, merchantId);
    if (!merchant || merchant.installStatus !== 'installed') throw new AppError('NOT_FOUND');
    const mobileFirst = await mostCustomersWithoutEmail(db, merchantId);
    return { channels: ['email', 'sms'], preferred: mobileFirst ? 'sms' : 'email' };
  }

  /**
   * Sends a sign-in code when the recipient belongs to a customer of the store, and answers the
   * same way, in about the same time, when it does not (nobody learns who shops where).
   * - E-mail: the mailbox (`emailKey`) finds the customer and the code goes to the address Salla
   *   gave for them, never to the spelling typed; any spelling of it signs in (decision 028).
   * - Mobile (E.164): the customer whose `mobile_code` + `mobile` is that number; the code goes by
   *   SMS and the send is awaited, so a failure is said (SMS_SEND_FAILED), never a silent success.
   *   An unknown number waits about as long as a send takes, and fails alike while the provider
   *   is failing (decision 032).
   * The answer is the request's id, which the code row carries: tries that name it count against
   * this code only (decision 025).
   */
  async function requestCode(input: {
    merchantId: number;
    email?: string | undefined;
    mobile?: string | undefined;
    lang: Language;
    ip: string;
  }): Promise<{ requestId: string }> {
    const byMobile = input.mobile !== undefined;
    if (byMobile && !ctx.sms.available) throw new AppError('SMS_UNAVAILABLE');
    const key = recipientKey(input);
    await enforceRateLimits(db, [
      { key: `shopper-code:ip:${input.ip}`, ...SHOPPER_RATE_LIMITS.requestPerIp },
      {
        key: `shopper-code:email:${input.merchantId}:${key}`,
        ...SHOPPER_RATE_LIMITS.requestPerEmail,
      },
      {
        key: `shopper-code:day:${input.merchantId}:${key}`,
        ...SHOPPER_RATE_LIMITS.requestPerEmailDaily,
      },
    ]);
    const requestId = newRequestId();
    const merchant = await findMerchantById(db, input.merchantId);
    const customer =
      !merchant || merchant.installStatus !== 'installed'
        ? null
        : byMobile
          ? await findCustomerByMobile(db, input.merchantId, key)
          : await findCustomerByEmailKey(db, input.merchantId, key, input.email!);
    if (customer === null) {
      log.info({ event: 'shopper_code_unknown', merchantId: input.merchantId }, 'no such shopper');
      if (byMobile) await smsTiming.asIfSent();
      return { requestId };
    }
    const code = generateNumericCode(SHOPPER_CODE_LENGTH);
    const now = ctx.now();
    // Older open codes stay open: a new request (maybe a stranger's) must not end the code the
    // shopper is typing. They die with their 10 minutes, or when one code is used.
    await insertShopperCode(db, {
      merchantId: input.merchantId,
      id: requestId,
      customerId: customer.id,
      email: key,
      codeHash: hashCode(input.merchantId, key, code),
      createdAt: now,
      expiresAt: new Date(now.getTime() + SHOPPER_CODE_TTL_MINUTES * 60_000),
    });
    if ('mobile' in customer) {
      await smsTiming.send({
        to: customer.mobile,
        body: shopperCodeSms({ storeName: merchant!.storeName, code, lang: input.lang }),
      });
      return { requestId };
    }
    // Not awaited: waiting for SMTP would make known e-mails measurably slower than unknown ones.
    void ctx.mailer
      .send(
        shopperCodeMail({
          to: customer.email,
          storeName: merchant!.storeName,
          code,
          lang: input.lang,
          brand: storeMailBrand(merchant!),
        }),
      )
      .catch((err: unknown) =>
        log.error({ err, merchantId: input.merchantId }, 'shopper code mail failed'),
      );
    return { requestId };
  }

  /**
   * A right code opens a 30-day session for the customer the code was sent for. With the code's
   * request id the try counts against that code alone; without, against the newest open code's
   * tries for unnamed requests (docs/decisions/025). Only the per-address limit applies before.
   */
  async function verifyCode(input: {
    merchantId: number;
    email?: string | undefined;
    mobile?: string | undefined;
    code: string;
    requestId?: string | undefined;
    ip: string;
    /** The loyalty page's language: the customer's e-mails start with it from now on. */
    lang?: Language;
  }): Promise<ShopperSession> {
    // The code is kept under the mailbox (decision 028), whatever spelling is typed, or the number.
    const key = recipientKey(input);
    await enforceRateLimits(db, [
      { key: `shopper-verify:ip:${input.ip}`, ...SHOPPER_RATE_LIMITS.verifyPerIp },
    ]);
    const now = ctx.now();
    const { requestId } = input;
    const customerId = await db.transaction(async (tx) => {
      const row = requestId
        ? await lockShopperCodeOfRequest(tx, input.merchantId, key, requestId)
        : await lockOpenShopperCode(tx, input.merchantId, key);
      const judged = judgeCodeTry(row, {
        bound: requestId !== undefined,
        matches: () => safeEqualHex(row!.codeHash, hashCode(input.merchantId, key, input.code)),
        now,
        maxAttempts: SHOPPER_CODE_MAX_ATTEMPTS,
      });
      if (judged.outcome === 'wrong')
        await updateShopperCode(tx, input.merchantId, row!.id, judged.count);
      if (judged.outcome !== 'ok') return null;
      // Signed in: this code and the mailbox's other open codes are done with.
      await consumeOpenShopperCodes(tx, input.merchantId, key, now);
      return row!.customerId;
    });
    if (customerId === null) throw new AppError('SHOPPER_CODE_INVALID');
    if (input.lang) await setCustomerLanguage(db, input.merchantId, customerId, input.lang);
    const expiresAt = new Date(now.getTime() + SHOPPER_SESSION_TTL_DAYS * 86_400_000);
    const session = await insertShopperSession(db, {
      merchantId: input.merchantId,
      customerId,
      expiresAt,
    });
    const token = await signShopperToken(
      config.keys.sessionTokens.current,
      { merchantId: input.merchantId, customerId, sessionId: session.id },
      expiresAt,
    );
    log.info({ event: 'shopper_signed_in', merchantId: input.merchantId }, 'shopper signed in');
    return { token, customerId: String(customerId), expiresAt: expiresAt.toISOString() };
  }

  /** The token's claims, its signature checked (its session not yet); UNAUTHENTICATED else. */
  async function verifyToken(token: string | undefined): Promise<ShopperAuth> {
    const claims = token ? verifyShopperToken(config.keys.sessionTokens, token, ctx.now()) : null;
    if (!claims) throw new AppError('UNAUTHENTICATED');
    return claims;
  }

  /** The token's claims if its session is live; UNAUTHENTICATED otherwise. */
  async function authenticate(token: string): Promise<ShopperAuth> {
    const claims = await verifyToken(token);
    const session = UUID.test(claims.sessionId)
      ? await findShopperSession(db, claims.merchantId, claims.sessionId)
      : undefined;
    if (!sessionLive(session, claims, ctx.now())) throw new AppError('SESSION_EXPIRED');
    return claims;
  }

  /**
   * The path's store and customer must be the token's. Unknown store 404; another store or
   * another shopper 403 (a bad or missing token was 401 before this).
   */
  async function authorizePath(
    auth: ShopperAuth,
    merchantId: number,
    customerId: number,
  ): Promise<{ merchantId: number; customerId: number }> {
    if (auth.merchantId !== merchantId) {
      if (!(await findMerchantById(db, merchantId))) throw new AppError('NOT_FOUND');
      throw new AppError('FORBIDDEN');
    }
    if (auth.customerId !== customerId) throw new AppError('FORBIDDEN');
    return { merchantId, customerId };
  }

  async function logout(auth: ShopperAuth): Promise<void> {
    await revokeShopperSession(db, auth.merchantId, auth.sessionId, ctx.now());
  }

  return {
    requestCode,
    verifyCode,
    getSignInOptions,
    verifyToken,
    authenticate,
    authorizePath,
    logout,
  };
}
