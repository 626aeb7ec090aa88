/**
 * The public face of the form-builders module: other modules and the composition root import only this
 * file (checked by .dependency-cruiser.cjs). Its tables stay private to it.
 */
export { registerFormBuilderRoutes } from './routes';
