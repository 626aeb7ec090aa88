/**
 * The public face of the entity-groups module: other modules and the composition root import only this
 * file (checked by .dependency-cruiser.cjs). Its tables stay private to it.
 */
export { registerEntityGroupRoutes } from './routes';
/** Apps: the group an app is packaged from. */
export { findEntityGroup } from './service';
