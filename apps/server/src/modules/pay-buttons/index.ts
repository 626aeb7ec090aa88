/**
 * The public face of the pay-buttons module: other modules and the composition root import only this
 * file (checked by .dependency-cruiser.cjs). Its tables stay private to it.
 */
export { registerPayButtonHooks } from './hooks';
export { registerPayButtonRoutes } from './routes';
