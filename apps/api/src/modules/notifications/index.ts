/**
 * The notifications module's front door: the only file other modules may import (docs/decisions/016).
 */
export { notificationsRoutes } from './notifications.routes.ts';
export { createNotificationsService } from './notifications.service.ts';
export type { NotificationsService } from './notifications.service.ts';
export { enqueueNotification, outboxRowOf, skipNotificationsOfErased } from './outbox.ts';
