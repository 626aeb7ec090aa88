/**
 * The permission catalogue: every permission slug of the product, grouped by category (spec 1 §6,
 * "permission list by category slug and permission slugs"). The data only; the rules that use it
 * live in `permissions.ts`.
 *
 * A slug is `<category>:<action>`, both kebab-case, and never changes once shipped: slugs are stored
 * in the user-type permission sets of every company. Add new actions at the end of their category.
 */

export interface PermissionDefinition<S extends string = string> {
  readonly slug: S;
  readonly label: string;
  readonly description: string;
}

export interface PermissionCategoryDefinition<C extends string = string, S extends string = string> {
  readonly slug: C;
  readonly label: string;
  readonly permissions: readonly PermissionDefinition<S>[];
}

/** Rows are `[slug, label, description]`; the type checks that each slug starts with `<category>:`. */
function defineCategory<const C extends string, const S extends `${C}:${string}`>(
  slug: C,
  label: string,
  rows: readonly (readonly [S, string, string])[],
): PermissionCategoryDefinition<C, S> {
  return {
    slug,
    label,
    permissions: rows.map(([s, l, description]) => ({ slug: s, label: l, description })),
  };
}

export const PERMISSION_CATEGORIES = [
  // E-signature (spec 2).
  defineCategory('documents', 'Documents', [
    ['documents:view', 'View documents', 'See documents one created or takes part in, with their logs'],
    ['documents:view-all', 'View all documents', "See the company's documents one takes no part in"],
    ['documents:create', 'Create documents', 'Upload and convert files, create drafts, add pages, duplicate'],
    ['documents:update', 'Edit documents', 'Edit drafts and files, rename, change document settings'],
    ['documents:send', 'Send documents', 'Send, bulk-send and resend documents; generate signing links'],
    ['documents:void', 'Void documents', 'Void sent documents and clone voided ones'],
    ['documents:correct', 'Correct documents', 'Correct documents that are out for signature'],
    ['documents:delete', 'Delete documents', 'Discard drafts and delete documents permanently'],
    ['documents:archive', 'Archive documents', 'Archive documents and restore archived ones'],
    ['documents:download', 'Download documents', 'Download documents and their signed PDFs'],
    ['documents:share', 'Share documents', 'Share documents with other company users'],
    ['documents:change-ownership', 'Change ownership', 'Hand documents over to another company user'],
    ['documents:notes', 'Document notes', 'Read and write notes on documents'],
    ['documents:manage-all', 'Act on all documents', 'Act on company documents one takes no part in'],
  ]),
  defineCategory('templates', 'Document templates', [
    ['templates:view', 'View templates', 'See document templates and their published versions'],
    ['templates:create', 'Create templates', 'Upload and configure templates; save a document as a template'],
    ['templates:update', 'Edit templates', 'Edit, configure and rename templates'],
    ['templates:duplicate', 'Duplicate templates', 'Copy a template under a new name'],
    ['templates:delete', 'Delete templates', 'Delete templates, also permanently'],
    ['templates:publish', 'Publish templates', 'Publish templates as public or secure-access links'],
    ['templates:share', 'Share templates', 'Share templates with other company users'],
    ['templates:send', 'Send from templates', 'Create and send documents from a template'],
  ]),
  defineCategory('configurable-documents', 'Configurable documents', [
    ['configurable-documents:view', 'View', 'See configurable company documents and their settings'],
    ['configurable-documents:create', 'Create', 'Create configurable documents'],
    ['configurable-documents:update', 'Edit', 'Edit view data and expiration settings'],
    ['configurable-documents:change-status', 'Change status', 'Activate or deactivate them'],
  ]),
  defineCategory('request-documents', 'Request documents', [
    ['request-documents:view', 'View requests', 'See document requests by card type'],
    ['request-documents:create', 'Request documents', 'Ask contacts to upload documents'],
    ['request-documents:update', 'Edit requests', 'Edit document requests'],
  ]),
  defineCategory('workflows', 'Workflows', [
    ['workflows:view', 'View workflows', 'See workflows, their data and their settings'],
    ['workflows:create', 'Create workflows', 'Create workflows'],
    ['workflows:update', 'Edit workflows', 'Edit workflows and their data'],
    ['workflows:send', 'Send workflows', 'Start workflows for contacts and resend them'],
    ['workflows:change-status', 'Change status', 'Activate or deactivate workflows'],
    ['workflows:delete', 'Delete workflows', 'Delete archived workflows and draft workflow documents'],
  ]),
  defineCategory('contacts', 'Contacts', [
    ['contacts:view', 'View contacts', 'See the address book and the documents of a contact'],
    ['contacts:create', 'Add contacts', 'Add contacts'],
    ['contacts:update', 'Edit contacts', "Edit contacts and recipients' primary details"],
    ['contacts:delete', 'Delete contacts', 'Delete contacts'],
    ['contacts:import', 'Import contacts', 'Add contacts in bulk'],
  ]),
  defineCategory('contact-types', 'Contact types', [
    ['contact-types:view', 'View contact types', 'See contact types and account names'],
    ['contact-types:create', 'Add contact types', 'Add contact types'],
    ['contact-types:update', 'Edit contact types', 'Rename contact types'],
    ['contact-types:delete', 'Delete contact types', 'Delete contact types'],
  ]),

  // No-code platform (spec 3).
  defineCategory('entities', 'Entities', [
    ['entities:view', 'View entities', 'See entity definitions'],
    ['entities:create', 'Create entities', 'Create entities'],
    ['entities:update', 'Edit entities', 'Edit entity definitions'],
    ['entities:delete', 'Delete entities', 'Delete entities'],
  ]),
  defineCategory('entity-data', 'Entity records', [
    ['entity-data:view', 'View records', 'See entity records, their documents, charts and calendar'],
    ['entity-data:create', 'Add records', 'Add entity records'],
    ['entity-data:update', 'Edit records', 'Edit entity records and their files'],
    ['entity-data:delete', 'Delete records', 'Delete entity records, also in bulk'],
    ['entity-data:bulk-update', 'Bulk edit records', 'Change or duplicate many records at once'],
    ['entity-data:import', 'Import records', 'Import records from spreadsheets'],
    ['entity-data:export', 'Export records', "Export an entity's records (xlsx, PDF)"],
  ]),
  defineCategory('relationships', 'Relationships', [
    ['relationships:view', 'View relationships', 'See relationships between entities and related records'],
    ['relationships:manage', 'Manage relationships', 'Add and remove relationships between entities'],
    ['relationships:assign-data', 'Link records', 'Attach and detach related records'],
  ]),
  defineCategory('entity-views', 'Entity views', [
    ['entity-views:view', 'View entity views', 'Open entity views'],
    ['entity-views:create', 'Create entity views', 'Create entity views'],
    ['entity-views:update', 'Edit entity views', 'Edit entity views'],
    ['entity-views:delete', 'Delete entity views', 'Delete entity views'],
  ]),
  defineCategory('filters', 'Filters', [
    ['filters:view', 'View filters', 'Use saved entity filters'],
    ['filters:create', 'Create filters', 'Save entity filters'],
    ['filters:update', 'Edit filters', 'Edit saved filters'],
    ['filters:delete', 'Delete filters', 'Delete saved filters'],
  ]),
  defineCategory('global-variables', 'Global variables', [
    ['global-variables:view', 'View global variables', 'See global variables and their tags'],
    ['global-variables:create', 'Add global variables', 'Add global variables and tags'],
    ['global-variables:update', 'Edit global variables', 'Edit global variables'],
    ['global-variables:delete', 'Delete global variables', 'Delete global variables'],
  ]),
  defineCategory('entity-groups', 'Entity groups', [
    ['entity-groups:view', 'View entity groups', 'See entity groups'],
    ['entity-groups:create', 'Create entity groups', 'Create entity groups'],
    ['entity-groups:update', 'Edit entity groups', 'Edit entity groups'],
    ['entity-groups:delete', 'Delete entity groups', 'Delete entity groups'],
  ]),
  defineCategory('form-templates', 'Form templates', [
    ['form-templates:view', 'View form templates', 'See form templates and default templates'],
    ['form-templates:create', 'Create form templates', 'Create form templates, also from a spreadsheet'],
    ['form-templates:update', 'Edit form templates', 'Edit form templates and their assets'],
    ['form-templates:duplicate', 'Duplicate form templates', 'Copy a form template'],
    ['form-templates:delete', 'Delete form templates', 'Delete form templates'],
  ]),
  defineCategory('form-builders', 'Form builders', [
    ['form-builders:view', 'View forms', 'See form builders and their settings'],
    ['form-builders:create', 'Create forms', 'Create form builders'],
    ['form-builders:update', 'Edit forms', 'Edit form builders, reminders and sharing settings'],
    ['form-builders:delete', 'Delete forms', 'Delete form builders'],
    ['form-builders:publish', 'Publish forms', 'Create public and anonymous form links'],
    ['form-builders:send', 'Send forms', 'Send forms to contacts and users; resend links and approvals'],
    ['form-builders:fill', 'Fill forms', 'Open and fill forms; see own submissions'],
    ['form-builders:view-submissions', 'View submissions', 'See every submission of a form'],
    ['form-builders:manage-submissions', 'Manage submissions', 'Edit and delete submissions'],
    ['form-builders:approve', 'Approve forms', 'Approve or reject submissions (approval forms)'],
    ['form-builders:export', 'Export submissions', 'Export submission data (CSV)'],
  ]),
  defineCategory('application-users', 'Application users', [
    ['application-users:view', 'View app user access', 'See what application users may do per entity'],
    ['application-users:manage', 'Manage app user access', 'Set the entity permissions of application users'],
  ]),
  defineCategory('dashboards', 'Dashboards', [
    ['dashboards:view', 'View dashboards', 'See document statistics, recent activity and notes'],
  ]),
  defineCategory('custom-dashboards', 'Custom dashboards', [
    ['custom-dashboards:view', 'View custom dashboards', 'Open custom dashboards assigned to one'],
    ['custom-dashboards:create', 'Create custom dashboards', 'Create custom dashboards'],
    ['custom-dashboards:update', 'Edit custom dashboards', 'Edit and assign custom dashboards'],
    ['custom-dashboards:delete', 'Delete custom dashboards', 'Delete custom dashboards'],
  ]),
  defineCategory('email-templates', 'Email templates', [
    ['email-templates:view', 'View email templates', 'See email templates and header/footer templates'],
    ['email-templates:create', 'Create email templates', 'Create and duplicate email templates'],
    ['email-templates:update', 'Edit email templates', 'Edit email templates'],
    ['email-templates:delete', 'Delete email templates', 'Delete email templates'],
    ['email-templates:send', 'Send emails', 'Send templated emails to the contacts of entity records'],
  ]),
  defineCategory('apps', 'Apps', [
    ['apps:view', 'View apps', 'Browse the app marketplace and installed apps'],
    ['apps:install', 'Install apps', 'Install apps into the company'],
    ['apps:uninstall', 'Uninstall apps', 'Uninstall apps'],
    ['apps:create', 'Build apps', 'Build apps, also from a spreadsheet'],
    ['apps:publish', 'Publish apps', 'Publish apps to the marketplace and update them'],
    ['apps:delete', 'Delete apps', 'Delete own apps permanently'],
  ]),
  defineCategory('pipelines', 'Automation pipelines', [
    ['pipelines:view', 'View pipelines', 'See automation pipelines and entity actions'],
    ['pipelines:create', 'Create pipelines', 'Create automation pipelines and scheduled jobs'],
    ['pipelines:update', 'Edit pipelines', 'Edit automation pipelines'],
    ['pipelines:delete', 'Delete pipelines', 'Delete automation pipelines'],
  ]),
  defineCategory('files', 'Files', [
    ['files:view', 'View files', 'See managed files'],
    ['files:upload', 'Upload files', 'Add files'],
    ['files:update', 'Edit files', 'Edit files'],
    ['files:delete', 'Delete files', 'Delete files'],
    ['files:approve', 'Approve files', 'Approve or reject files'],
  ]),
  defineCategory('imports', 'Imports', [
    ['imports:view', 'View imports', 'See uploaded import files and saved field mappings'],
    ['imports:manage', 'Manage imports', 'Upload spreadsheets and edit field mappings'],
  ]),
  defineCategory('exports', 'Exports', [
    ['exports:company-data', 'Export company data', "Export every entity's records in one workbook"],
    ['exports:entity-views', 'Export entity views', 'Export entity views as PDF'],
  ]),
  defineCategory('iframe-links', 'Iframe links', [
    ['iframe-links:view', 'View iframe links', 'See embedded and external links'],
    ['iframe-links:create', 'Create iframe links', 'Create iframe links'],
    ['iframe-links:update', 'Edit iframe links', 'Edit iframe links'],
    ['iframe-links:delete', 'Delete iframe links', 'Delete iframe links'],
  ]),
  defineCategory('customization', 'Customization', [
    ['customization:view', 'View customization', 'See entity customizations'],
    ['customization:manage', 'Manage customization', 'Create, edit and delete entity customizations'],
  ]),
  defineCategory('notifications', 'Notifications', [
    ['notifications:view', 'View notifications', 'See in-app notifications and unread counts'],
    ['notifications:send', 'Send notifications', 'Send notifications to entities and their records'],
  ]),

  // Company administration (spec 1 §6, spec 2 and 3).
  defineCategory('company-users', 'Company users', [
    ['company-users:view', 'View users', 'See company users and pending invitations'],
    ['company-users:invite', 'Invite users', 'Invite users by email and resend invitations'],
    ['company-users:add', 'Add users', 'Add users directly'],
    ['company-users:update', 'Edit users', 'Edit users and change their user type'],
    ['company-users:delete', 'Deactivate users', 'Remove users from the company (soft delete)'],
    ['company-users:permanent-delete', 'Delete users permanently', 'Erase removed users for good'],
  ]),
  defineCategory('roles', 'Roles', [
    ['roles:view', 'View roles', 'See roles and user types'],
    ['roles:create', 'Create roles', 'Create roles'],
    ['roles:update', 'Edit roles', 'Edit roles'],
    ['roles:delete', 'Delete roles', 'Delete roles'],
  ]),
  defineCategory('permissions', 'Permissions', [
    ['permissions:view', 'View permissions', 'See the permission set of each user type'],
    ['permissions:manage', 'Manage permissions', 'Change the permission set of user types'],
  ]),
  defineCategory('menus', 'Menus', [
    ['menus:manage', 'Manage menus', 'Configure the menu of each user type'],
  ]),
  defineCategory('settings', 'Settings', [
    ['settings:view', 'View settings', 'See workspace settings and integrations'],
    ['settings:update', 'Edit settings', 'Change reminder, notification, app and dashboard settings'],
    ['settings:manage-mail', 'Configure mail', 'Set up outgoing mail (SMTP)'],
    ['settings:manage-integrations', 'Configure integrations', 'WhatsApp, SharePoint and API integrations'],
  ]),
  defineCategory('company', 'Company', [
    ['company:view', 'View company profile', 'See the company profile'],
    ['company:update', 'Edit company profile', 'Change the company name and details'],
    ['company:update-branding', 'Edit branding', 'Change the logo, colours and other branding'],
    ['company:transfer-account', 'Transfer account', 'Hand the company account over to another user'],
    ['company:delete', 'Delete company', 'Close the company workspace'],
  ]),
  defineCategory('subscriptions', 'Subscriptions', [
    ['subscriptions:view', 'View subscription', 'See the plan, features and transactions'],
    ['subscriptions:manage', 'Manage subscription', 'Subscribe, change plan and redeem promo codes'],
  ]),
  defineCategory('payments', 'Payments', [
    ['payments:view', 'View payments', 'See payments and their status'],
    ['payments:configure', 'Configure payments', 'Set up payment systems, integrations and pay-button rules'],
    ['payments:manage-billing', 'Manage billing', "Manage the company's payment cards and billing details"],
  ]),
  defineCategory('oauth', 'OAuth and single sign-on', [
    ['oauth:view', 'View API clients', 'See OAuth client apps, keys and webhooks'],
    ['oauth:manage-clients', 'Manage API clients', 'Create, regenerate and delete OAuth client keys'],
    ['oauth:manage-webhooks', 'Manage webhooks', 'Set the webhooks of OAuth client apps'],
  ]),
] as const;

/**
 * Product areas of `api-endpoints.tsv` whose name is not itself a category slug, and the category
 * whose permissions guard them. Areas named like a category map to that category.
 */
export const AREA_CATEGORY = {
  'employee-documents': 'documents',
  'document-service': 'documents',
  'form-documents': 'form-builders',
  notes: 'documents',
  uploads: 'documents',
  esign: 'documents',
  'form-builder-data': 'form-builders',
  'anonymous-forms': 'form-builders',
  'template-data': 'entity-data',
  'repeatable-templates': 'entity-data',
  calendar: 'entity-data',
  cron: 'pipelines',
  'app-notifications': 'notifications',
  'user-types': 'roles',
  'mail-config': 'settings',
  'payment-gateway': 'payments',
} as const satisfies Record<string, (typeof PERMISSION_CATEGORIES)[number]['slug']>;

/**
 * Areas guarded by the session or a guest token alone, never by a permission slug: signing in and
 * out, one's own profile, signature and workspaces, the SSO code exchange, the shared icon list.
 */
export const UNGATED_AREAS = ['auth', 'profile', 'workspaces', 'sso', 'icons'] as const;
