/**
 * The customers module's front door: the only file other modules may import (docs/decisions/016).
 */
export { customersRoutes } from './customers.routes.ts';
export { createCustomersService } from './customers.service.ts';
export type { CustomersService } from './customers.service.ts';
