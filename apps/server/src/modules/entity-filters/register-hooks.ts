import { registerSavedFilterReader } from '../entity-data';
import { usableSavedFilter } from './service';

/** Plugs the entity-filters module into the modules before it; app.ts calls it at start-up. */
export function registerEntityFilterHooks(): void {
  // Record queries with `filter_id` add that saved filter.
  registerSavedFilterReader(usableSavedFilter);
}
