import type { FastifyInstance, RouteOptions } from 'fastify';

type Hooks = RouteOptions['onRequest'];

const asList = (hooks: Hooks): unknown[] =>
  hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks];

/**
 * @fastify/rate-limit appends its hook to each route's `onRequest` hooks, after the route's own
 * (`requireAuth`, the signer check): a caller those refuse (401) was never counted, so anyone could
 * call routes behind sign-in without limit. Call this before registering the plugin, and
 * `afterPlugin()` right after: every route then runs the hooks the plugin added first, and only
 * its own limit (routes sharing one hook list get a copy each).
 */
export function runRateLimitFirst(app: FastifyInstance, routeFactor = 1): { afterPlugin: () => void } {
  const ownHooks = new WeakMap<object, unknown[]>();
  app.addHook('onRoute', (route) => {
    // A route's own limit, multiplied where many simulated users share one address (the journeys).
    const limit = (route.config as { rateLimit?: { max?: unknown } } | undefined)?.rateLimit;
    if (routeFactor > 1 && limit && typeof limit.max === 'number') {
      route.config = {
        ...route.config,
        rateLimit: { ...limit, max: limit.max * routeFactor },
      } as typeof route.config;
    }
    // Routes often share one hook list (`const auth = requirePermission(...)` used by several
    // routes); the plugin pushes into that very array, so every route sharing it would run the
    // first route's limit (or all of them). Each route gets its own copy first.
    const own = asList(route.onRequest);
    if (Array.isArray(route.onRequest)) route.onRequest = [...own] as Hooks;
    ownHooks.set(route, [...own]);
  });
  return {
    afterPlugin: () => {
      app.addHook('onRoute', (route) => {
        const own = ownHooks.get(route) ?? [];
        const all = asList(route.onRequest);
        const added = all.filter((hook) => !own.includes(hook));
        if (added.length > 0 && own.length > 0) route.onRequest = [...added, ...own] as Hooks;
      });
    },
  };
}
