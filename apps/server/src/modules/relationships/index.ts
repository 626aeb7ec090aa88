/**
 * The public face of the relationships module: other modules and the composition root import only this
 * file (checked by .dependency-cruiser.cjs). Its tables stay private to it.
 */
export { fillAggregates } from './aggregates';
export { registerRelationshipRoutes } from './routes';
