/**
 * The insights module's front door: the only file other modules may import (docs/decisions/016).
 */
export { createInsightsFold } from './insights-fold.ts';
export { bestPointValue, rangeRollups, totalRollup } from './insights.repository.ts';
export { insightsRoutes } from './insights.routes.ts';
export { createInsightsService } from './insights.service.ts';
