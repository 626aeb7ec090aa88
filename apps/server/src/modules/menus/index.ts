/**
 * The public face of the menus module: other modules and the composition root import only this
 * file (checked by .dependency-cruiser.cjs). Its tables stay private to it.
 */
export { registerMenuHooks } from './register-hooks';
export { registerMenuRoutes } from './routes';
/** Apps: add an app's menu group to a sidebar and take it out again. */
export { getMenu } from './service';
export { createMenu, updateMenu } from './write-service';
