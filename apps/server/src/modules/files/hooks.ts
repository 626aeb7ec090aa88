import { registerUsageCounter } from '../subscriptions';
import { libraryStorageBytes } from './service';

/** Plugs the library into the modules before it; module-hooks.ts calls it at start-up. */
export function registerFileHooks(): void {
  // The plan's storage counts the library's files beside the record files (entity-data).
  registerUsageCounter('storageBytes', libraryStorageBytes, 'files');
}
