import { randomUUID } from 'node:crypto';
import type { TMenuItem } from '@esigns/contracts/menus';
import { ZFormFields } from '@esigns/contracts/nocode-template-check';
import type { SeededUser } from '../../../test/seed-company';
import type { TestApp } from '../../../test/test-app';
import { entities } from '../entities/schema';
import { entityViews } from '../entity-views/schema';
import { formTemplates } from '../form-templates/schema';

/*
 * Rows the menu and customization tests point at, written straight to their tables so these
 * tests do not depend on the entity and view APIs; and the menu tests' calls.
 */

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** `call(method, '/menu/v2', who, body)`: an API call (under `/api`) as a seeded user. */
export const apiCaller = (t: TestApp) => (method: Method, url: string, who: SeededUser, payload?: unknown) =>
  t.app.inject({
    method,
    url: `/api${url}`,
    headers: who.headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

/** The keys of a 422 answer's details, each once. */
export const keysOf = (res: { json: () => { errors?: { details: { key: string }[] } } }): string[] => [
  ...new Set(res.json().errors?.details.map((d) => d.key) ?? []),
];

/** Every label of a menu, groups' items after their group. */
export const labelsOf = (items: TMenuItem[]): string[] =>
  items.flatMap((i) => [i.label, ...i.children.map((c) => c.label)]);

/** A contact type of the caller's company through `POST /contact-types`; answers its id. */
export async function createContactType(t: TestApp, who: SeededUser, name: string): Promise<string> {
  const res = await apiCaller(t)('POST', '/contact-types', who, { name });
  if (res.statusCode !== 200) throw new Error(`contact type not created: ${res.statusCode} ${res.body}`);
  return res.json().data._id as string;
}

export type SeededEntity = { entityId: string; templateId: string; viewId: string };

/** A form template (fields `title`, `price`), an entity made of it and a view of that entity. */
export async function seedEntity(
  t: TestApp,
  companyId: string,
  name = `Property ${randomUUID().slice(0, 6)}`,
): Promise<SeededEntity> {
  const db = t.platform.database.db;
  const fields = ZFormFields.parse([
    { key: 'title', label: 'Title', type: 'SINGLE_LINE_TEXT', required: true, is_primary: true },
    { key: 'price', label: 'Price', type: 'CURRENCY' },
  ]);
  const [template] = await db
    .insert(formTemplates)
    .values({ companyId, name, code: name.toLowerCase().replace(/\W+/g, '-'), type: 'CUSTOM', fields })
    .returning({ id: formTemplates.id });
  const [entity] = await db
    .insert(entities)
    .values({
      companyId,
      name,
      slug: name.toLowerCase().replace(/\W+/g, '-'),
      entityType: 'GENERAL',
      templates: [{ template_id: template!.id, is_primary: true, hidden_on_add: false }],
      primaryTemplateId: template!.id,
    })
    .returning({ id: entities.id });
  const [view] = await db
    .insert(entityViews)
    .values({ companyId, name: `${name} view`, entityId: entity!.id, config: {} })
    .returning({ id: entityViews.id });
  return { entityId: entity!.id, templateId: template!.id, viewId: view!.id };
}
