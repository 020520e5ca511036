import { createHmac, randomBytes } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { deriveKeys } from '../../lib/keys.ts';
import { readUnsubscribeToken, unsubscribeToken } from './unsubscribe.ts';

const secrets = () => ({
  jwtSecret: new TextEncoder().encode(randomBytes(32).toString('base64url')),
  encryptionKey: randomBytes(32),
});

// Decision 026: the links are signed with their own key; those mailed before still work.
describe('unsubscribe links', () => {
  test('unsubscribe links: new ones under their own key, links mailed before still work', () => {
    const keys = deriveKeys(secrets()).unsubscribeLinks;
    const fresh = unsubscribeToken(keys.current, 4, 77);
    expect(readUnsubscribeToken(keys, fresh)).toEqual({ merchantId: 4, customerId: 77 });
    const mailedBefore = `4.77.${createHmac('sha256', keys.legacy).update('nuqat:unsubscribe:v1:4:77').digest('hex')}`;
    expect(readUnsubscribeToken(keys, mailedBefore)).toEqual({ merchantId: 4, customerId: 77 });
    const otherPurpose = unsubscribeToken(deriveKeys(secrets()).oneTimeCodes.current, 4, 77);
    expect(readUnsubscribeToken(keys, otherPurpose)).toBeNull();
    expect(readUnsubscribeToken(keys, fresh.replace('.77.', '.78.'))).toBeNull();
  });
});
