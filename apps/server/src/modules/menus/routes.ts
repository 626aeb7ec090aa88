import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { USER_TYPES } from '@esigns/contracts/auth';
import { ZErrorBody, ZSuccess } from '@esigns/contracts/envelope';
import {
  MAX_MENU_ITEMS,
  MAX_MENU_TOTAL,
  ZCreateMenuRequest,
  ZMenu,
  ZMenusOfUserTypesRequest,
  ZUpdateMenuRequest,
} from '@esigns/contracts/menus';
import { ok } from '../../platform/http/envelope';
import type { Platform } from '../../platform/platform';
import { contactOf } from '../application-users';
import { requireStaffOrContact } from '../application-user-permissions';
import { requireAnyPermission } from '../contacts';
import { accessOf, requirePermission } from '../permissions';
import { getContactMenu, getMenu, getMenus, userTypesShowingEntity } from './service';
import { createMenu, resetMenu, updateMenu } from './write-service';

const ERRORS = { 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody, 422: ZErrorBody };

const USER_TYPE_DOC =
  `A user type is named (${USER_TYPES.join(', ')}, any case) or given by the \`_id\` of one of the company's ` +
  'user types (`GET /userTypeList/{companyId}`), or is the `_id` of one of its contact types (`GET /contact-types`): ' +
  "the menu of that type's application users (the /ap area), answered with `contact_type` and `user_type` = " +
  "the contact type's id. Another company's id answers 404 in a path and 422 on `user_type` in a body. A contact " +
  "type's menu opens /ap screens: ROUTE items take a screen of the application area (`/ap/dashboard`, " +
  '`/ap/documents`, `/ap/workflows`, `/ap/approvalforms`, `/ap/formbuilder`, `/ap/profile`), ENTITY items open ' +
  '`/ap/entity/{entity_id}/{item key}`, ENTITY_VIEW and FORM_TEMPLATE items the /ap forms of their staff routes; ' +
  'its items need no staff permission (`permission` null) and it is read by staff with `menus:manage` only.';

const ITEMS_DOC =
  '`items`: the sidebar in order, each with `kind`, `label`, `icon` (a name of `GET /icons/getAllIcons`, e.g. ' +
  '`layout-dashboard` or `home-filled`; null for none) and an optional stable `key` (generated when absent, ' +
  'unique in the menu). Kinds: ROUTE (`route`: a screen of the default menu, e.g. `/documents/all`), ENTITY ' +
  '(`entity_id`: opens `/entity/{entity_id}`), ENTITY_VIEW (`entity_view_id`: opens `/entity-views/view/{id}`), ' +
  'FORM_TEMPLATE (`form_template_id`, a company or standard template: opens `/template/{id}/menu/view`), ' +
  'EXTERNAL_LINK (`url`, https only, opens in a new tab) and GROUP (`children`: items of the other kinds; two ' +
  `levels). At most ${MAX_MENU_ITEMS} top-level items and ${MAX_MENU_TOTAL} in all. Unknown screens, icons, ` +
  "entities, views or templates (another company's included) answer 422 keyed by their dotted path " +
  '(`items.2.children.0.entity_id`). Needs `menus:manage`. The answer is the saved menu with every item.';

const READ_DOC =
  "The company's stored menu of that user type, else the default one. Items resolve to `route` (client route) " +
  'and `permission` (the slug they need: ROUTE the one of its screen, ENTITY and FORM_TEMPLATE ' +
  '`entity-data:view`, ENTITY_VIEW `entity-views:view`); items whose entity, view or template was deleted are ' +
  "dropped. The items are filtered twice: by the permissions of that user type and by the caller's own, so a " +
  'user asking for their own type gets their own sidebar and nobody learns more than they may open; groups ' +
  'with nothing left are dropped. `?edit=true` (needs `menus:manage`): every item, unfiltered, for the editor. ' +
  '`version` is 0 and `is_default` true while no menu is stored.';

/** Menus (spec 3 §7): v1 (`/menu`) and v2 (`/menu/v2`) share one store and one item shape. */
export function registerMenuRoutes(api: FastifyInstance, platform: Platform): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const db = platform.database.db;
  const tags = ['menus'];
  const security = [{ bearer: [] }];
  // Every staff user needs their sidebar: membership only, no permission slug.
  const member = requirePermission(platform);
  // A signed-in contact reads their own contact type's menu (the contact area's navigation).
  const memberOrContact = requireStaffOrContact(platform, member);
  const manager = requirePermission(platform, 'menus:manage');
  const userTypeParams = z.object({
    userType: z
      .string()
      .min(1)
      .max(64)
      .describe(`One of ${USER_TYPES.join(', ')}, a user type id or a contact type id`),
  });
  const editQuery = z.object({
    edit: z
      .enum(['true', 'false'])
      .optional()
      .transform((v) => v === 'true')
      .describe('true: every item, for the editor (needs menus:manage)'),
  });

  for (const prefix of ['/menu', '/menu/v2'] as const) {
    const version = prefix === '/menu' ? 'v1' : 'v2';
    r.get(
      `${prefix}/:userType`,
      {
        onRequest: memberOrContact,
        schema: {
          tags,
          security,
          summary: `The sidebar menu of a user type (${version})`,
          description: `${USER_TYPE_DOC} ${READ_DOC} A signed-in contact reads only their own contact type's menu (another id: 404).`,
          params: userTypeParams,
          querystring: editQuery,
          response: { 200: ZSuccess(ZMenu), ...ERRORS },
        },
      },
      async (request) =>
        ok(
          request.contact
            ? await getContactMenu(db, contactOf(request), request.params.userType, {
                edit: request.query.edit,
              })
            : await getMenu(db, accessOf(request), request.params.userType, { edit: request.query.edit }),
        ),
    );

    r.post(
      prefix,
      {
        onRequest: manager,
        schema: {
          tags,
          security,
          summary: `Save the first own menu of a user type (${version})`,
          description: `Stores the menu of \`user_type\` (version 1); when one is stored already: 409, use PUT. ${USER_TYPE_DOC} ${ITEMS_DOC}`,
          body: ZCreateMenuRequest,
          response: { 200: ZSuccess(ZMenu), ...ERRORS },
        },
      },
      async (request) => ok(await createMenu(db, accessOf(request), request.body), 'Menu saved'),
    );

    r.put(
      prefix,
      {
        onRequest: manager,
        schema: {
          tags,
          security,
          summary: `Replace the own menu of a user type (${version})`,
          description:
            '`version` is the one read: when the menu changed (or was reset) meanwhile, 409 and nothing is saved. ' +
            `${USER_TYPE_DOC} ${ITEMS_DOC}`,
          body: ZUpdateMenuRequest,
          response: { 200: ZSuccess(ZMenu), ...ERRORS },
        },
      },
      async (request) => ok(await updateMenu(db, accessOf(request), request.body), 'Menu saved'),
    );
  }

  r.get(
    '/menu/v2/entity/:id',
    {
      onRequest: requireAnyPermission(platform, ['entities:view', 'menus:manage']),
      schema: {
        tags,
        security,
        summary: 'The user types whose menu shows an entity',
        description:
          'The staff user types (`user_types`) and the contact types (`contact_types`, application users) whose ' +
          'stored menu has an ENTITY item for this entity (at the top level or in a group). ' +
          "Unknown or another company's entity: 404. Needs `entities:view` or `menus:manage`.",
        params: z.object({ id: z.string().max(64) }),
        response: {
          200: ZSuccess(
            z.object({
              entity_id: z.string(),
              user_types: z.array(z.enum(USER_TYPES)),
              contact_types: z.array(z.object({ _id: z.string(), name: z.string() })),
            }),
          ),
          ...ERRORS,
        },
      },
    },
    async (request) => ok(await userTypesShowingEntity(db, accessOf(request).companyId, request.params.id)),
  );

  r.post(
    '/menu/v2/usertypes',
    {
      onRequest: member,
      schema: {
        tags,
        security,
        summary: 'The menus of several user types at once',
        description:
          `\`user_types\`: names or ids, each answered as \`GET /menu/v2/{userType}\` (once per type, in the order ` +
          `given); \`edit: true\` answers every item (needs \`menus:manage\`). ${USER_TYPE_DOC}`,
        body: ZMenusOfUserTypesRequest,
        response: { 200: ZSuccess(z.array(ZMenu)), ...ERRORS },
      },
    },
    async (request) =>
      ok(await getMenus(db, accessOf(request), request.body.user_types, { edit: request.body.edit })),
  );

  r.delete(
    '/menu/v2/:id',
    {
      onRequest: manager,
      schema: {
        tags,
        security,
        summary: 'Reset the menu of a user type to the default',
        description:
          "`id`: the stored menu's `_id`, a user type (name or `_id`) or a contact type `_id`. Removes the stored " +
          'menu; the answer is ' +
          'the default menu as the editor shows it. A user type without a stored menu is already at the default ' +
          "(200). Unknown or another company's ids: 404. Needs `menus:manage`.",
        params: z.object({ id: z.string().min(1).max(64) }),
        response: { 200: ZSuccess(ZMenu), ...ERRORS },
      },
    },
    async (request) =>
      ok(await resetMenu(db, accessOf(request), request.params.id), 'Menu reset to the default'),
  );
}
