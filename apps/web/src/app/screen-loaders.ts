import type { ComponentType } from 'react';
import { PROFILE_SCREENS } from '../features/profile/screens';
import { SETTINGS_SCREENS } from '../features/settings/screens';
import { ACTIVITY_LOG_SCREENS } from '../features/activity-log/screens';
import { TEAM_SCREENS } from '../features/team/screens';
import { BRANDING_SCREENS } from '../features/branding/screens';
import { DOCUMENT_SCREENS } from '../features/documents/document-screens';
import { TEMPLATE_SCREENS } from '../features/templates/screens';
import { REQUEST_DOCUMENT_SCREENS } from '../features/request-documents/screens';
import { EDITOR_SCREENS } from '../features/editor/screens';
import { CONTACT_SCREENS } from '../features/contacts/screens';
import { SIGNING_SCREENS } from '../features/signing/screens';
import { PUBLISHED_SCREENS } from '../features/published/screens';
import { DASHBOARD_SCREENS } from '../features/dashboard/screens';
import { DOCUMENT_ACTION_SCREENS } from '../features/document-actions/screens';
import { FORM_TEMPLATE_SCREENS } from '../features/form-templates/screens';
import { DOCUMENT_LIST_SCREENS } from '../features/document-lists/screens';
import { ENTITY_SCREENS } from '../features/entities/screens';
import { GLOBAL_VARIABLE_SCREENS } from '../features/global-variables/screens';
import { ENTITY_GROUP_SCREENS } from '../features/entity-groups/screens';
import { MENU_MANAGEMENT_SCREENS } from '../features/menu-management/screens';
import { ENTITY_VIEW_SCREENS } from '../features/entity-views/screens';
import { GLOBAL_FILTER_SCREENS } from '../features/global-filters/screens';
import { FORM_BUILDER_SCREENS } from '../features/form-builders/screens';
import { FORM_FILL_SCREENS } from '../features/form-fill/screens';
import { CONTACT_AREA_SCREENS } from '../features/contact-area/screens';
import { CONTACT_ACCOUNT_SCREENS } from '../features/contact-account/screens';
import { WORKFLOW_SCREENS } from '../features/workflows/screens';
import { COMPANY_DOCUMENT_SCREENS } from '../features/company-documents/screens';
import { EMAIL_TEMPLATE_SCREENS } from '../features/email-templates/screens';
import { MAIL_CONFIG_SCREENS } from '../features/mail-config/screens';
import { SHAREPOINT_SCREENS } from '../features/sharepoint/screens';
import { WHATSAPP_SCREENS } from '../features/whatsapp/screens';
import { CUSTOM_DASHBOARD_SCREENS } from '../features/custom-dashboards/screens';
import { PIPELINE_SCREENS } from '../features/pipelines/screens';
import { SSO_SCREENS } from '../features/sso/screens';
import { INTEGRATION_SCREENS } from '../features/integrations/screens';
import { PAYMENT_GATEWAY_SCREENS } from '../features/payments-gateway/screens';
import { SUBSCRIPTION_SCREENS } from '../features/subscriptions/screens';
import { OAUTH_SCREENS } from '../features/oauth/screens';
import { PAY_BUTTON_SCREENS } from '../features/pay-buttons/screens';
import { DEVELOPER_SCREENS } from '../features/developer/screens';
import { APP_SCREENS } from '../features/apps/screens';
import { IFRAME_LINK_SCREENS } from '../features/iframe-links/screens';
import { FILE_SCREENS } from '../features/files/screens';
import { EMBEDDING_SCREENS } from '../features/embedding/screens';
import { SCANNER_SCREENS } from '../features/scanner/screens';

type LazyComponent = () => Promise<{ Component: ComponentType }>;

/**
 * Screens that exist, by route pattern. Every other route renders the placeholder; an area
 * that builds a screen adds its loader here.
 */
export const SCREENS: Readonly<Record<string, LazyComponent>> = {
  ...PROFILE_SCREENS,
  ...SETTINGS_SCREENS,
  ...ACTIVITY_LOG_SCREENS,
  ...TEAM_SCREENS,
  ...DOCUMENT_SCREENS,
  ...TEMPLATE_SCREENS,
  ...BRANDING_SCREENS,
  ...REQUEST_DOCUMENT_SCREENS,
  ...EDITOR_SCREENS,
  ...CONTACT_SCREENS,
  ...SIGNING_SCREENS,
  ...PUBLISHED_SCREENS,
  ...DASHBOARD_SCREENS,
  ...DOCUMENT_ACTION_SCREENS,
  ...FORM_TEMPLATE_SCREENS,
  ...DOCUMENT_LIST_SCREENS,
  ...ENTITY_SCREENS,
  ...GLOBAL_VARIABLE_SCREENS,
  ...ENTITY_GROUP_SCREENS,
  ...MENU_MANAGEMENT_SCREENS,
  ...ENTITY_VIEW_SCREENS,
  ...GLOBAL_FILTER_SCREENS,
  ...FORM_BUILDER_SCREENS,
  ...FORM_FILL_SCREENS,
  ...CONTACT_AREA_SCREENS,
  ...CONTACT_ACCOUNT_SCREENS,
  ...WORKFLOW_SCREENS,
  ...COMPANY_DOCUMENT_SCREENS,
  ...EMAIL_TEMPLATE_SCREENS,
  ...MAIL_CONFIG_SCREENS,
  ...SHAREPOINT_SCREENS,
  ...WHATSAPP_SCREENS,
  ...CUSTOM_DASHBOARD_SCREENS,
  ...PIPELINE_SCREENS,
  ...SSO_SCREENS,
  ...INTEGRATION_SCREENS,
  ...PAYMENT_GATEWAY_SCREENS,
  ...SUBSCRIPTION_SCREENS,
  ...OAUTH_SCREENS,
  ...PAY_BUTTON_SCREENS,
  ...DEVELOPER_SCREENS,
  ...APP_SCREENS,
  ...IFRAME_LINK_SCREENS,
  ...FILE_SCREENS,
  ...EMBEDDING_SCREENS,
  ...SCANNER_SCREENS,
  '/ap/forbidden': () => import('./screens/forbidden-screen').then((m) => ({ Component: m.ForbiddenScreen })),
  '/signin': () => import('../features/auth/signin-screen').then((m) => ({ Component: m.SigninScreen })),
  '/signup': () => import('../features/auth/signup-screen').then((m) => ({ Component: m.SignupScreen })),
  '/join-us': () => import('../features/auth/join-us-screen').then((m) => ({ Component: m.JoinUsScreen })),
  '/create-profile': () =>
    import('../features/auth/create-profile-screen').then((m) => ({ Component: m.CreateProfileScreen })),
  '/verify': () => import('../features/auth/verify-screen').then((m) => ({ Component: m.VerifyScreen })),
  '/send-verification': () =>
    import('../features/auth/send-verification-screen').then((m) => ({
      Component: m.SendVerificationScreen,
    })),
  '/forgot-password': () =>
    import('../features/auth/forgot-password-screen').then((m) => ({ Component: m.ForgotPasswordScreen })),
  '/forgot-password-verification': () =>
    import('../features/auth/forgot-password-verification-screen').then((m) => ({
      Component: m.ForgotPasswordVerificationScreen,
    })),
};
