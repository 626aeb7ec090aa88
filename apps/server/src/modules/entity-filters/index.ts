/**
 * The public face of the entity-filters module: other modules and the composition root import only this
 * file (checked by .dependency-cruiser.cjs). Its tables stay private to it.
 */
export { registerEntityFilterHooks } from './register-hooks';
export { registerEntityFilterRoutes } from './routes';
export { findEntityFilter, viewProblems } from './service';
