import { randomUUID } from 'node:crypto';
import type { TValidationDetail } from '@esigns/contracts/envelope';
import {
  MAX_MENU_TOTAL,
  menuScreenOf,
  type TMenuArea,
  type TMenuItemParsed,
  type TMenuItemStored,
  type TMenuLeafStored,
} from '@esigns/contracts/menus';
import type { Db } from '../../platform/db/database';
import { validationError } from '../../platform/http/app-error';
import { isKnownIcon } from '../icons';
import { existingTargets, targetOf, targetsNamed } from './targets';

/*
 * What the body schema cannot check about a menu: unique keys (missing ones are generated),
 * screens of the menu's area, icons of the icon library, and entities, views, templates and
 * custom dashboards of the company. Every problem comes back at once as a 422 keyed by its dotted path
 * (`items.2.children.0.entity_id`).
 */

type ItemOutput = TMenuItemParsed;

const detail = (path: (string | number)[], message: string): TValidationDetail => ({
  key: path.join('.'),
  message,
  path,
});

const TARGET_FIELD = {
  entity: 'entity_id',
  entityView: 'entity_view_id',
  formTemplate: 'form_template_id',
  dashboard: 'dashboard_id',
} as const;
const TARGET_MESSAGE = {
  entity: 'This entity does not exist or was deleted',
  entityView: 'This entity view does not exist or was deleted',
  formTemplate: 'This form template does not exist or was deleted',
  dashboard: 'This dashboard does not exist or was deleted',
} as const;

const newKey = (kind: string): string =>
  `${kind.toLowerCase().replace(/_/g, '-')}-${randomUUID().slice(0, 8)}`;

/**
 * The items to store (keys filled in), or a 422 with every problem. ROUTE items must open a
 * screen of the area's menu: the staff default menu, or the application area's screens (/ap).
 */
export async function checkMenuItems(
  db: Pick<Db, 'select'>,
  companyId: string,
  items: readonly ItemOutput[],
  area: TMenuArea = 'STAFF',
): Promise<TMenuItemStored[]> {
  const problems: TValidationDetail[] = [];
  const keys = new Set<string>();
  const visits: { path: (string | number)[]; item: ItemOutput | TMenuLeafStored }[] = [];

  const withKey = <T extends ItemOutput | TMenuLeafStored>(
    item: T,
    path: (string | number)[],
  ): T & { key: string } => {
    const key = item.key ?? newKey(item.kind);
    if (keys.has(key)) problems.push(detail([...path, 'key'], `Another item already uses the key ${key}`));
    keys.add(key);
    visits.push({ path, item });
    return { ...item, key };
  };

  const stored = items.map((item, i): TMenuItemStored => {
    const path = ['items', i];
    if (item.kind !== 'GROUP') return withKey(item, path);
    const group = withKey(item, path);
    return { ...group, children: item.children.map((child, j) => withKey(child, [...path, 'children', j])) };
  });
  if (visits.length > MAX_MENU_TOTAL) {
    problems.push(detail(['items'], `A menu holds at most ${MAX_MENU_TOTAL} items, groups' items included`));
  }

  const named = targetsNamed(stored);
  const existing = await existingTargets(db, companyId, named);
  for (const { path, item } of visits) {
    if (item.icon !== null && !(await isKnownIcon(item.icon))) {
      problems.push(detail([...path, 'icon'], `${item.icon} is not an icon of the icon library`));
    }
    if (item.kind === 'ROUTE' && !menuScreenOf(area, item.route)) {
      const where = area === 'STAFF' ? 'the default menu' : 'the application area (/ap/...)';
      problems.push(detail([...path, 'route'], `Choose a screen of ${where}`));
    }
    if (item.kind === 'GROUP') continue;
    const target = targetOf(item);
    if (target && !existing[target.kind].has(target.id)) {
      problems.push(detail([...path, TARGET_FIELD[target.kind]], TARGET_MESSAGE[target.kind]));
    }
  }
  if (problems.length > 0) throw validationError(problems, problems[0]!.message);
  return stored;
}
