import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TEntity, TEntityRecord } from '@esigns/contracts/entities';
import type { PermissionSlug } from '@esigns/contracts/permissions';
import type { UserType } from '@esigns/contracts/auth';
import type { SeededUser } from '../../../test/seed-company';
import type { TestApp } from '../../../test/test-app';
import { userTypePermissions } from '../permissions/schema';

/** Calls, entities and records for the filter and view API tests. */

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Answer = Awaited<ReturnType<TestApp['app']['inject']>>;

export function testKit(t: () => TestApp) {
  let seq = 0;
  const call = (method: Method, url: string, who: SeededUser, payload?: unknown): Promise<Answer> =>
    t().app.inject({
      method,
      url,
      headers: who.headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  /** The call's `data`, after checking it answered 200. */
  const data = async <T = Record<string, unknown>>(promise: Promise<Answer>): Promise<T> => {
    const res = await promise;
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as T;
  };

  /** A Property entity: title, price (currency), area, status (select), amenities (multi select). */
  const createProperty = async (who: SeededUser): Promise<TEntity> => {
    seq += 1;
    return data<TEntity>(
      call('POST', '/api/entities/create', who, {
        name: `Property ${seq} ${Math.random().toString(36).slice(2, 6)}`,
        entity_type: 'GENERAL',
        fields: [
          { key: 'title', label: 'Title', type: 'SINGLE_LINE_TEXT', required: true },
          { key: 'price', label: 'Price', type: 'CURRENCY', min: 0 },
          { key: 'area', label: 'Area', type: 'NUMBER', min: 0 },
          {
            key: 'status',
            label: 'Status',
            type: 'SELECT',
            options: [{ value: 'Available' }, { value: 'Sold' }],
          },
          { key: 'amenities', label: 'Amenities', type: 'MULTI_SELECT', options: [{ value: 'Pool' }] },
        ],
      }),
    );
  };

  const addRecord = (entity: TEntity, values: Record<string, unknown>, who: SeededUser) =>
    data<TEntityRecord>(
      call('POST', '/api/entities-data', who, {
        entity_id: entity._id,
        values: { [entity.primary_template_id]: values },
      }),
    );

  const ref = (entity: TEntity, key: string) => `${entity.primary_template_id}#${key}`;

  /** Adds slugs to a user type's permission set in a company. */
  const permissionsOf = (companyId: string, userType: UserType) =>
    and(eq(userTypePermissions.companyId, companyId), eq(userTypePermissions.userType, userType));

  /** Replaces a user type's permission set in a company. */
  const setPermissions = async (companyId: string, userType: UserType, slugs: PermissionSlug[]) => {
    await t()
      .platform.database.db.update(userTypePermissions)
      .set({ permissions: slugs })
      .where(permissionsOf(companyId, userType));
  };

  /** Adds slugs to a user type's permission set in a company. */
  const grant = async (companyId: string, userType: UserType, slugs: PermissionSlug[]) => {
    const [row] = await t()
      .platform.database.db.select({ permissions: userTypePermissions.permissions })
      .from(userTypePermissions)
      .where(permissionsOf(companyId, userType));
    await setPermissions(companyId, userType, [
      ...new Set([...(row?.permissions ?? []), ...slugs]),
    ] as PermissionSlug[]);
  };

  return { call, data, createProperty, addRecord, ref, grant, setPermissions };
}

export const keysOf = (res: Answer): string[] => [
  ...new Set(
    ((res.json() as { errors?: { details: { key: string }[] } }).errors?.details ?? []).map((d) => d.key),
  ),
];
