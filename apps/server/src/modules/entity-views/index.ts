/**
 * The public face of the entity-views module: other modules and the composition root import only this
 * file (checked by .dependency-cruiser.cjs). Its tables stay private to it.
 */
export { registerEntityViewHooks } from './register-hooks';
export { registerEntityViewRoutes } from './routes';
export { existingViewIds } from './service';
export { viewExportSections } from './view-data';
export type { ViewExportSection } from './view-data';
/** Apps: package, install and uninstall entity views. */
export { createEntityView, deleteEntityView, listEntityViews } from './service';
