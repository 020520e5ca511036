/** The open API (issue 31, docs/decisions/038): API keys and the /api/v1 routes. */
export { createApiKeysService, type ApiKeysService } from './api-keys.service.ts';
export { apiKeysRoutes } from './api-keys.routes.ts';
export { publicApiRoutes } from './public-api.routes.ts';
