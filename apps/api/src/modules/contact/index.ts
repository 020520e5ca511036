/**
 * The contact module's front door: the only file other modules may import (docs/decisions/016).
 */
export { contactRoutes, CONTACT_RATE_LIMITS } from './contact.routes.ts';
