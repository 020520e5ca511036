import type { AppContext } from '../../context.ts';
import { foldInsights } from './insights.repository.ts';

/**
 * Folds the insights differences written since the last run into the daily rows (decision 014):
 * a read sums the rows not folded yet, so the server runs this every few seconds.
 */
export function createInsightsFold(ctx: AppContext) {
  return {
    async run(): Promise<{ folded: number }> {
      return { folded: await foldInsights(ctx.db) };
    },
  };
}
