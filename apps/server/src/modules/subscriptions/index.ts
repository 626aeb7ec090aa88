/**
 * The public face of the subscriptions module: other modules and the composition root import
 * only this file (checked by .dependency-cruiser.cjs). Its tables stay private to it.
 */
export { assertWithinPlan, effectivePlan, registerUsageCounter } from './limits';
export type { UsageCounter } from './limits';
export { defineSubscriptionJobs, SUBSCRIPTION_EXPIRY_JOB } from './jobs';
export { registerSubscriptionHooks } from './register-hooks';
export { registerSubscriptionRoutes } from './routes';
export { expireEndedPeriods } from './subscription-service';
