/**
 * The public face of the entities module: other modules and the composition root import only this
 * file (checked by .dependency-cruiser.cjs). Its tables stay private to it.
 */
export { entityRefOf } from './company-service';
export {
  DEFINITION_STAMP_SQL,
  entitySummaries,
  fieldOf,
  loadDefinitions,
  loadEntityDefinition,
  loadTemplateDefs,
  toDefinition,
} from './definition';
export type { EntityDefinition, EntityTemplateDef } from './definition';
export { registerEntityRoutes } from './routes';
