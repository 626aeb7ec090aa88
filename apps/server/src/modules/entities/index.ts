/**
 * The public face of the entities module: other modules and the composition root import only this
 * file (checked by .dependency-cruiser.cjs). Its tables stay private to it.
 */
export { nextNumber, takeNumbers } from './counters';
export {
  DEFINITION_STAMP_SQL,
  entitiesUsingTemplate,
  entityRefOf,
  entitySummaries,
  fieldOf,
  firstEntityOfType,
  loadDefinitions,
  loadEntityDefinition,
  loadTemplateDefs,
  toDefinition,
} from './definition';
export type { EntityDefinition, EntityTemplateDef } from './definition';
export { entityNames } from './directory';
export { registerContactEntityCheck, registerEntityDeletionGuard, registerEntityRecordStore } from './hooks';
export type { ContactEntityCheck, EntityDeletionGuard, EntityDependents, EntityRecordStore } from './hooks';
export { registerEntityRoutes } from './routes';
export { createEntity } from './service';
export { registerEntityHooks } from './register-hooks';
/** Apps: install and uninstall an app's entities. */
export { deleteEntity } from './service';
