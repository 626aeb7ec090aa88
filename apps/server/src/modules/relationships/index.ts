/**
 * The public face of the relationships module: other modules and the composition root import only this
 * file (checked by .dependency-cruiser.cjs). Its tables stay private to it.
 */
export { registerRelationshipHooks } from './register-hooks';
export { registerRelationshipRoutes } from './routes';
/** Apps: package, install and uninstall relationships. */
export { createRelationships, deleteRelationship, listEntityRelationships } from './service';
