import { SHOPPER_CODE_TTL_MINUTES, type Language } from '@nuqat/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { SmsSendError, type SmsMessage } from '../../lib/sms.ts';

/**
 * The sign-in code by text (docs/decisions/032): one language, the store's name first, the code
 * where phones offer to fill it in (Android and iOS read a 6-digit code out of the text).
 */
export function shopperCodeSms(input: { storeName: string; code: string; lang: Language }): string {
  return input.lang === 'en'
    ? `${input.code} is your ${input.storeName} points sign-in code. Valid ${SHOPPER_CODE_TTL_MINUTES} minutes. Do not share it.`
    : `${input.code} رمز الدخول إلى نقاطك في ${input.storeName}، صالح ${SHOPPER_CODE_TTL_MINUTES} دقائق. لا تشاركه مع أحد.`;
}

/** Sends in the last few minutes whose durations stand in for a send to an unknown number. */
const DURATIONS_KEPT = 20;
/** While the last send failed this recently, an unknown number is told the send failed too. */
const FAILING_FOR_MS = 2 * 60_000;
/** Before any send was timed: about what a provider's answer takes. */
const FIRST_GUESS_MS = 400;

/**
 * A code by SMS is awaited (a failure must be said), so a known number answers after the
 * provider does. An unknown number must look the same: it waits about as long as recent sends
 * took (a random one of the last 20), and while the provider is failing it gets the same
 * SMS_SEND_FAILED. Per instance, in memory: a rough mirror, not a measurement.
 */
export function createSmsTiming(ctx: AppContext) {
  const durations: number[] = [];
  let lastFailureAt = 0;

  async function send(message: SmsMessage): Promise<void> {
    const started = performance.now();
    try {
      await ctx.sms.send(message);
    } catch (error) {
      lastFailureAt = Date.now();
      ctx.log.warn(
        { err: error instanceof SmsSendError ? { code: error.code } : error },
        'shopper code sms not sent',
      );
      throw new AppError('SMS_SEND_FAILED');
    }
    durations.push(performance.now() - started);
    if (durations.length > DURATIONS_KEPT) durations.shift();
  }

  async function asIfSent(): Promise<void> {
    const wait =
      durations.length > 0
        ? durations[Math.floor(Math.random() * durations.length)]!
        : FIRST_GUESS_MS;
    await new Promise((resolve) => setTimeout(resolve, wait));
    if (Date.now() - lastFailureAt < FAILING_FOR_MS) throw new AppError('SMS_SEND_FAILED');
  }

  return { send, asIfSent };
}
