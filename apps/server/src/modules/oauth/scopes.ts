import type { OAuthScope } from '@esigns/contracts/oauth';

/**
 * What each scope lets a client app's access token call, by route (Fastify's pattern, under
 * `/api`) and method. Anything not listed is refused to app tokens (403), whatever the user's own
 * permissions: managing the workspace, users, sessions, client apps and settings stays with the
 * people themselves. Within a scope, the user's permissions still apply (the token acts as them).
 */
type Rule = { scope: OAuthScope; methods: readonly string[]; path: RegExp };

const READ = ['GET', 'HEAD'] as const;
const WRITE = ['POST', 'PUT', 'PATCH', 'DELETE'] as const;

const DOCUMENT_PATHS = /^\/api\/(documents|all-documents|request-documents-list|attachments)(\/|$)/;
const RECORD_PATHS =
  /^\/api\/(entities|entities-data|entity-data|templates-data|templates-entity-data|template-data)(\/|$)/;
/** Record searches sent as POST that only read. */
const RECORD_QUERIES = /^\/api\/entities-data\/(entity\/data|entity\/view\/data|count|charts)$/;

export const SCOPE_RULES: readonly Rule[] = [
  { scope: 'documents:read', methods: READ, path: DOCUMENT_PATHS },
  { scope: 'documents:write', methods: WRITE, path: DOCUMENT_PATHS },
  { scope: 'records:read', methods: READ, path: RECORD_PATHS },
  { scope: 'records:read', methods: ['POST'], path: RECORD_QUERIES },
  { scope: 'records:write', methods: WRITE, path: RECORD_PATHS },
  {
    scope: 'forms:read',
    methods: READ,
    path: /^\/api\/(formBuilders|form-builders-data|formbuilder-data)(\/|$)/,
  },
  { scope: 'webhooks', methods: ['POST'], path: /^\/api\/oauth2\/(save-webhook|fetch-webhook)$/ },
];

/** The scopes any one of which admits an app token to the route (empty: app tokens refused). */
export function scopesAdmitting(method: string, routeUrl: string | undefined): OAuthScope[] {
  if (!routeUrl) return [];
  return SCOPE_RULES.filter((rule) => rule.methods.includes(method) && rule.path.test(routeUrl)).map(
    (rule) => rule.scope,
  );
}
