import { registerContactTypeDeletionHook } from '../contacts';
import { registerUserTypeSidebars } from '../permissions';
import { sidebarsOfUserTypes } from './service';
import { deleteStoredMenu } from './write-service';

/** Plugs the menus module into the modules before it; app.ts calls it at start-up. */
export function registerMenuHooks(): void {
  // `GET /userTypeList/{companyId}?isMenu=true` (permissions) shows each user type's sidebar.
  registerUserTypeSidebars(sidebarsOfUserTypes);
  // A contact type's application users' menu goes with the type, in the same transaction (its
  // key is the type's id: no foreign key can say so).
  registerContactTypeDeletionHook('menus', (tx, companyId, contactTypeId) =>
    deleteStoredMenu(tx, companyId, contactTypeId),
  );
}
