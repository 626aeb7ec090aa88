/**
 * The public face of the icons module: other modules and the composition root import only this
 * file (checked by .dependency-cruiser.cjs). Its tables stay private to it.
 */
export { isKnownIcon } from './icon-set';
export { registerIconRoutes } from './routes';
