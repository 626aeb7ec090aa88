/**
 * The public face of the menus module: other modules and the composition root import only this
 * file (checked by .dependency-cruiser.cjs). Its tables stay private to it.
 */
export { registerMenuHooks } from './register-hooks';
export { registerMenuRoutes } from './routes';
