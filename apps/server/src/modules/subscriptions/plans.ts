import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  FREE_PLAN_CODE,
  type PlanLimit,
  type TCreatePlan,
  type TCreateProduct,
  type TFeature,
  type TPlan,
  type TPlanLimits,
  type TProduct,
  type TProductWithPlans,
  ZCreatePlan,
  ZCreateProduct,
} from '@esigns/contracts/subscriptions';
import { isUuid } from '@esigns/contracts/ids';
import type { Db } from '../../platform/db/database';
import { AppError, notFound, validationError } from '../../platform/http/app-error';
import { isUniqueViolation } from '../auth';
import { subscriptionFeatures, subscriptionPlans, subscriptionProducts } from './schema';

export type PlanRow = typeof subscriptionPlans.$inferSelect;
type Reader = Pick<Db, 'select'>;

export function limitsOf(row: PlanRow): TPlanLimits {
  return {
    users: row.usersLimit,
    documentsPerMonth: row.documentsPerMonthLimit,
    entities: row.entitiesLimit,
    records: row.recordsLimit,
    storageBytes: row.storageBytesLimit,
  };
}

export function allowedBy(row: PlanRow, limit: PlanLimit): number | null {
  return limitsOf(row)[limit];
}

async function featuresByCode(db: Reader): Promise<Map<string, TFeature>> {
  const rows = await db.select().from(subscriptionFeatures).orderBy(asc(subscriptionFeatures.name));
  return new Map(rows.map((f) => [f.code, featureView(f)]));
}

function featureView(f: typeof subscriptionFeatures.$inferSelect): TFeature {
  return { _id: f.id, code: f.code, name: f.name, description: f.description };
}

export function planView(row: PlanRow, features: Map<string, TFeature>): TPlan {
  return {
    _id: row.id,
    product_id: row.productId,
    code: row.code,
    name: row.name,
    description: row.description,
    price_month_minor: row.priceMonthMinor,
    price_year_minor: row.priceYearMinor,
    currency: row.currency,
    limits: limitsOf(row),
    features: row.featureCodes.flatMap((code) => {
      const f = features.get(code);
      return f ? [f] : [];
    }),
    is_free: row.priceMonthMinor === 0 && row.priceYearMinor === 0,
    sort_order: row.sortOrder,
    active: row.active,
  };
}

export async function planViews(db: Reader, rows: PlanRow[]): Promise<TPlan[]> {
  const features = await featuresByCode(db);
  return rows.map((r) => planView(r, features));
}

function productView(row: typeof subscriptionProducts.$inferSelect): TProduct {
  return { _id: row.id, code: row.code, name: row.name, description: row.description, active: row.active };
}

export async function findPlan(db: Reader, planId: string): Promise<PlanRow | undefined> {
  if (!isUuid(planId)) return undefined;
  const [row] = await db.select().from(subscriptionPlans).where(eq(subscriptionPlans.id, planId)).limit(1);
  return row;
}

export async function findPlanByCode(db: Reader, code: string): Promise<PlanRow | undefined> {
  const [row] = await db.select().from(subscriptionPlans).where(eq(subscriptionPlans.code, code)).limit(1);
  return row;
}

/** The FREE plan (seeded by migration 0046); it must exist. */
export async function freePlan(db: Reader): Promise<PlanRow> {
  const row = await findPlanByCode(db, FREE_PLAN_CODE);
  if (!row) throw new Error('The FREE plan is missing (migration 0046 seeds it)');
  return row;
}

/** `GET /plans/{x}`: one plan (404 for an unknown id). */
export async function getPlan(db: Reader, planId: string): Promise<TPlan> {
  const row = await findPlan(db, planId);
  if (!row) throw notFound('Plan');
  const [view] = await planViews(db, [row]);
  return view as TPlan;
}

/**
 * `GET /getPlans/{x}`: the active plans of a product (its id or code; `product` in the query
 * wins when given), cheapest first. `planType` orders by that interval's price.
 */
export async function listPlans(
  db: Reader,
  productRef: string,
  planType: 'month' | 'year' | undefined,
): Promise<TPlan[]> {
  const product = await findProduct(db, productRef);
  if (!product) throw notFound('Product');
  const rows = await db
    .select()
    .from(subscriptionPlans)
    .where(and(eq(subscriptionPlans.productId, product.id), eq(subscriptionPlans.active, true)))
    .orderBy(asc(subscriptionPlans.sortOrder), asc(subscriptionPlans.priceMonthMinor));
  const views = await planViews(db, rows);
  if (planType === 'year')
    views.sort((a, b) => a.price_year_minor - b.price_year_minor || a.sort_order - b.sort_order);
  return views;
}

async function findProduct(db: Reader, ref: string) {
  const where = isUuid(ref)
    ? eq(subscriptionProducts.id, ref)
    : eq(subscriptionProducts.code, ref.toUpperCase());
  const [row] = await db.select().from(subscriptionProducts).where(where).limit(1);
  return row;
}

/** `GET /getAllProductsAndPlans` (active and inactive plans: operators see them all). */
export async function allProductsAndPlans(db: Reader): Promise<TProductWithPlans[]> {
  const products = await db.select().from(subscriptionProducts).orderBy(asc(subscriptionProducts.createdAt));
  const plans = await db
    .select()
    .from(subscriptionPlans)
    .orderBy(asc(subscriptionPlans.sortOrder), asc(subscriptionPlans.priceMonthMinor));
  const views = await planViews(db, plans);
  return products.map((p) => ({ ...productView(p), plans: views.filter((v) => v.product_id === p.id) }));
}

/** `GET /features`: every feature; `GET /features/{x}`: a plan's (x = plan id or code). */
export async function listFeatures(db: Reader, planRef?: string): Promise<TFeature[]> {
  const features = await featuresByCode(db);
  if (planRef === undefined) return [...features.values()];
  const plan = isUuid(planRef)
    ? await findPlan(db, planRef)
    : await findPlanByCode(db, planRef.toUpperCase());
  if (!plan) throw notFound('Plan');
  return planView(plan, features).features;
}

export async function createProduct(db: Db, input: TCreateProduct): Promise<TProduct> {
  const v = ZCreateProduct.parse(input);
  try {
    const [row] = await db
      .insert(subscriptionProducts)
      .values({ code: v.code, name: v.name, description: v.description })
      .returning();
    if (!row) throw new Error('product insert returned nothing');
    return productView(row);
  } catch (error) {
    if (isUniqueViolation(error))
      throw validationError([{ key: 'code', message: 'This code is taken', path: ['code'] }]);
    throw error;
  }
}

export async function createPlan(db: Db, input: TCreatePlan): Promise<TPlan> {
  const v = ZCreatePlan.parse(input);
  const product = await findProduct(db, v.product_id);
  if (!product)
    throw validationError([{ key: 'product_id', message: 'No such product', path: ['product_id'] }]);
  if (v.feature_codes.length > 0) {
    const known = await db
      .select({ code: subscriptionFeatures.code })
      .from(subscriptionFeatures)
      .where(inArray(subscriptionFeatures.code, v.feature_codes));
    const missing = v.feature_codes.filter((c) => !known.some((k) => k.code === c));
    if (missing.length > 0) {
      throw validationError([
        { key: 'feature_codes', message: `Unknown features: ${missing.join(', ')}`, path: ['feature_codes'] },
      ]);
    }
  }
  try {
    const [row] = await db
      .insert(subscriptionPlans)
      .values({
        productId: product.id,
        code: v.code,
        name: v.name,
        description: v.description,
        priceMonthMinor: v.price_month_minor,
        priceYearMinor: v.price_year_minor,
        currency: v.currency,
        usersLimit: v.limits.users,
        documentsPerMonthLimit: v.limits.documentsPerMonth,
        entitiesLimit: v.limits.entities,
        recordsLimit: v.limits.records,
        storageBytesLimit: v.limits.storageBytes,
        featureCodes: v.feature_codes,
        sortOrder: v.sort_order,
      })
      .returning();
    if (!row) throw new Error('plan insert returned nothing');
    return (await planViews(db, [row]))[0] as TPlan;
  } catch (error) {
    if (isUniqueViolation(error))
      throw validationError([{ key: 'code', message: 'This code is taken', path: ['code'] }]);
    if (error instanceof AppError) throw error;
    throw error;
  }
}

/** Active plans that allow more of `limit` than `allowed`, the cheapest first (the upgrade path). */
export async function upgradeFor(
  db: Reader,
  current: PlanRow,
  limit: PlanLimit,
  needed: number,
): Promise<PlanRow | null> {
  const rows = await db
    .select()
    .from(subscriptionPlans)
    .where(and(eq(subscriptionPlans.productId, current.productId), eq(subscriptionPlans.active, true)))
    .orderBy(asc(subscriptionPlans.sortOrder), asc(subscriptionPlans.priceMonthMinor));
  return (
    rows.find((r) => {
      if (r.id === current.id) return false;
      const allowed = allowedBy(r, limit);
      return allowed === null || allowed >= needed;
    }) ?? null
  );
}
