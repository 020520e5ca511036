/**
 * The auth module's front door: the only file other modules may import (docs/decisions/016).
 */
export { authRoutes } from './auth.routes.ts';
export { createAuthService } from './auth.service.ts';
export type { AuthService, MerchantAuth } from './auth.service.ts';
