import { IFRAME_LINK_TOKEN_PREFIX } from '@esigns/contracts/iframe-links';
import { registerActivityLogHooks } from './modules/activity-log';
import { registerApplicationUserHooks } from './modules/application-users';
import { registerCompanyHooks } from './modules/company';
import { registerCompanyUserHooks } from './modules/company-users';
import { registerCustomDashboardHooks } from './modules/custom-dashboards';
import { registerDocumentUsage } from './modules/documents';
import { registerEmbedTokenResolver, registerEmbeddingHooks } from './modules/embedding';
import { registerEntityHooks } from './modules/entities';
import {
  registerAccountRecordHooks,
  registerEntityDataHooks,
  registerRecordEventPublisher,
} from './modules/entity-data';
import { registerEntityFilterHooks } from './modules/entity-filters';
import { registerEntityViewHooks } from './modules/entity-views';
import { registerFileHooks } from './modules/files';
import { registerFormBuilderHooks } from './modules/form-builders';
import { companyOfToken } from './modules/iframe-links';
import { registerFormSubmissionHooks } from './modules/form-submissions';
import { registerMenuHooks } from './modules/menus';
import { registerPaymentGatewayHooks } from './modules/payment-gateway';
import { registerRelationshipHooks } from './modules/relationships';
import { registerPayButtonHooks } from './modules/pay-buttons';
import { registerReminderHooks } from './modules/reminders';
import { registerFirstPageImageWarming } from './modules/signing';
import { registerSsoHooks } from './modules/sso';
import { registerSubscriptionHooks } from './modules/subscriptions';
import { registerWebhookHooks } from './modules/webhooks';
import { registerWhatsappHooks } from './modules/whatsapp';
import type { Platform } from './platform/platform';

/**
 * Hooks of the lower modules filled by the higher ones (ARCHITECTURE.md, "Module hooks"): a module
 * never imports one after it, so what it needs of one is registered here, and what needs the
 * platform (record events) gets this process's. Called before the job queue starts in every
 * process (`defineModuleJobs`: API, worker, tests) and again by `buildApp`; registering twice (one
 * app per test file) replaces the same entries.
 */
export function registerModuleHooks(platform: Platform): void {
  registerPaymentGatewayHooks(platform);
  registerCompanyHooks();
  registerCompanyUserHooks();
  registerApplicationUserHooks();
  registerEntityHooks();
  registerEntityDataHooks();
  registerAccountRecordHooks();
  registerRecordEventPublisher((tx, events) => platform.events.publish(tx, events));
  registerEntityFilterHooks();
  registerRelationshipHooks();
  registerEntityViewHooks();
  registerMenuHooks();
  registerReminderHooks();
  registerFormBuilderHooks();
  registerFormSubmissionHooks();
  registerCustomDashboardHooks();
  registerPayButtonHooks();
  registerSsoHooks(platform);
  registerSubscriptionHooks(platform);
  registerDocumentUsage();
  registerFirstPageImageWarming();
  registerWebhookHooks(platform);
  registerWhatsappHooks(platform);
  registerFileHooks();
  registerEmbeddingHooks(platform);
  registerActivityLogHooks(platform);
  // Iframe links' tokens (`ifl_`): the company whose allowed origins may frame the link's page;
  // the app itself too (the link's preview on /externalLink/{id}).
  registerEmbedTokenResolver(
    IFRAME_LINK_TOKEN_PREFIX,
    (token) => companyOfToken(platform.database.db, platform.config.secrets.jwtSecret, token),
    { framedBySelf: true },
  );
}
