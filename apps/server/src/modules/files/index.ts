/**
 * The public face of the files module (the company file library): other modules and the
 * composition root import only this file (checked by .dependency-cruiser.cjs). Its tables stay
 * private to it.
 */
export { registerFileHooks } from './hooks';
export { registerFileRoutes } from './routes';
