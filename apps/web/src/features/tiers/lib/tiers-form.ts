import type { FieldErrors, Resolver } from 'react-hook-form';
import type { TiersRequest } from '@nuqat/contracts';
import { requestOf, type DraftErrors, type TiersDraft } from './tiers-draft';

/** requestOf's flat paths (`tiers.0.threshold`) as react-hook-form's nested errors. */
function nestedErrors(errors: DraftErrors): FieldErrors<TiersDraft> {
  const out: Record<string, unknown> = {};
  for (const [path, message] of Object.entries(errors)) {
    const parts = path.split('.');
    let node = out as Record<string, unknown>;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) node[part] = { type: 'validate', message };
      else node = (node[part] ??= {}) as Record<string, unknown>;
    });
  }
  return out as FieldErrors<TiersDraft>;
}

/** The tiers form's resolver: the draft is checked by requestOf, the same rules the save uses. */
export const tiersResolver: Resolver<TiersDraft, unknown, TiersRequest> = (values) => {
  const result = requestOf(values);
  return result.request
    ? { values: result.request, errors: {} }
    : { values: {}, errors: nestedErrors(result.errors) };
};

/** react-hook-form's nested errors back to flat paths, for the fields to read. */
export function flatErrors(errors: FieldErrors<TiersDraft>): DraftErrors {
  const out: DraftErrors = {};
  const walk = (node: unknown, prefix: string) => {
    if (!node || typeof node !== 'object') return;
    const record = node as Record<string, unknown>;
    if (typeof record.message === 'string' && prefix) out[prefix] = record.message;
    for (const [key, value] of Object.entries(record)) {
      if (key === 'message' || key === 'type' || key === 'ref' || key === 'types') continue;
      walk(value, prefix ? `${prefix}.${key}` : key);
    }
  };
  walk(errors, '');
  return out;
}
