/**
 * The health module's front door: the only file other modules may import (docs/decisions/016).
 */
export { healthRoutes } from './health.routes.ts';
