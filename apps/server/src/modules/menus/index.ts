/**
 * The public face of the menus module: other modules and the composition root import only this
 * file (checked by .dependency-cruiser.cjs). Its tables stay private to it.
 */
export { registerMenuRoutes } from './routes';
export { ZMenuItem, sidebarsOfUserTypes } from './service';
export type { TMenuItem } from './service';
export { deleteStoredMenu } from './write-service';
