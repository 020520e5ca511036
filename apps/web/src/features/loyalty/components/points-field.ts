import type { FieldValues, Resolver } from 'react-hook-form';
import { LOYALTY_LIMITS } from '@nuqat/contracts';

/** The one message of a points field that is empty, not a whole number, below 1 or too big. */
export const POINTS_FIELD_MESSAGE = 'loyalty:methodDialog.pointsMin';

/**
 * A method saved from a form earns at least one point. The spec turned an empty or non-numeric
 * value into 0, which switched the method off behind a green toast (decision 020); switching
 * off is its own control. The points are checked first, with one message, then the contract's
 * schema checks the rest (the same schema the API uses).
 */
export function withPointsCheck<T extends FieldValues & { points: number }, C, R>(
  resolver: Resolver<T, C, R>,
): Resolver<T, C, R> {
  return async (values, context, options) => {
    const points = values.points;
    const valid = Number.isInteger(points) && points >= 1 && points <= LOYALTY_LIMITS.points.max;
    const result = await resolver(values, context, options);
    if (valid) return result;
    return {
      values: {},
      errors: { ...result.errors, points: { type: 'custom', message: POINTS_FIELD_MESSAGE } },
    } as Awaited<ReturnType<Resolver<T, C, R>>>;
  };
}
