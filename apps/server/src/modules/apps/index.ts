/**
 * The public face of the apps module (README): the highest module, it packages and installs what
 * the other modules own through their index.ts. Its tables stay private to it.
 */
export { registerAppRoutes } from './routes';
export { isInstanceOperator } from './operators';
export { LETTINGS_APP_ID } from './shipped';
