/**
 * The public face of the workspaces module: other modules and the composition root import only this
 * file (checked by .dependency-cruiser.cjs). Its tables stay private to it.
 */
export { registerWorkspaceRoutes } from './routes';
