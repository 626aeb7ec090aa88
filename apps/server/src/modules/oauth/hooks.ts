import type { Db } from '../../platform/db/database';

/*
 * What modules above oauth do when one of its client apps goes (module-order.json: they come
 * after it, so it cannot call them). Each registers at start-up through `module-hooks.ts`.
 */

/** Called in the transaction that deletes a company's client app. */
export type ClientAppDeletedHook = (tx: Db, companyId: string, appId: string) => Promise<void>;

const deletedHooks = new Map<string, ClientAppDeletedHook>();

/** Registers (or replaces, by name) what happens when a client app is deleted. */
export function onClientAppDeleted(name: string, hook: ClientAppDeletedHook): void {
  deletedHooks.set(name, hook);
}

export async function runClientAppDeletedHooks(tx: Db, companyId: string, appId: string): Promise<void> {
  for (const hook of deletedHooks.values()) await hook(tx, companyId, appId);
}
