/**
 * The public face of the webhooks module: other modules and the composition root import only this
 * file (checked by .dependency-cruiser.cjs). Its tables stay private to it.
 */
export { defineWebhookJobs } from './jobs';
export { registerWebhookHooks } from './hooks';
export { registerWebhookRoutes } from './routes';
/** The SSRF-safe POST (automation pipelines' "call a webhook" action uses it too). */
export { checkTarget, isPublicAddress, postSafely, UnsafeTargetError } from './safe-post';
export type { CheckedTarget, SafePostOptions, SafePostResult } from './safe-post';
