/**
 * The public face of the outbox module: other modules and the composition root import only this
 * file (checked by .dependency-cruiser.cjs). Its tables stay private to it.
 */
export { registerOutboxRoutes } from './routes';
