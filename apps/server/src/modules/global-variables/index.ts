/**
 * The public face of the global-variables module: other modules and the composition root import only this
 * file (checked by .dependency-cruiser.cjs). Its tables stay private to it.
 */
export { registerGlobalVariableRoutes } from './routes';
export { allGlobalVariables, loadGlobalVariableValues, variableSummaries } from './service';
