/**
 * The earn-actions module's front door: the only file other modules may import (docs/decisions/016).
 */
export { earnActionRoutes, socialLinksRoutes } from './earn-actions.routes.ts';
export { createEarnActionsService } from './earn-actions.service.ts';
export type { EarnActionsService } from './earn-actions.service.ts';
