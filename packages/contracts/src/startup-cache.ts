/**
 * The lists the web app caches at start-up (spec 1 §7), by API path under `/api`. Only lists the
 * server serves: a list of an area still to come (custom dashboards) joins when
 * its area lands, so the start of every session asks nothing that answers 404. The web's table
 * (`shared/cache/startup-cache.ts`) says what it keeps of each; an API test checks every path here
 * is served.
 */
export const STARTUP_CACHE_PATHS = [
  '/template/list',
  '/entities',
  '/global-variables',
  '/formBuilders',
  '/entity-groups',
  '/entity-view-configuration',
  '/entity-filters/fetch-by-company',
  '/entity-customization/fetch-by-company',
  '/icons/getAllIcons',
] as const;

export type StartupCachePath = (typeof STARTUP_CACHE_PATHS)[number];
