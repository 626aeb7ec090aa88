import type { GuardName } from './guard-decision';

/**
 * Every screen route of spec 1 §2 (and ../shared/spec/client-routes.tsv), one row each, in the
 * spec's own notation (`{param}`). The router turns each row into a route under its guard and
 * layout; a screen that is not built yet renders a "coming soon" placeholder in that layout.
 *
 * Choices where the spec abbreviates (rows with `...` or guard `public?`):
 * - /company-documents/{document_id}/configure/template/...  ->  .../configure/template/{template_id}
 * - /company-documents/{custom|static|requested}/.../{execute|preview}  ->
 *     /company-documents/{kind}/{document_id}/{execute|preview} and, for documents sent through
 *     a workflow, /company-documents/{kind}/{document_id}/workflow/{workflow_data_id}/{execute|preview}.
 *     The spec's guard is `user`; the `requested` rows use `requestLink` instead: a document
 *     request's mailed link (`?token=`, kept for the tab once opened) reaches them without signing
 *     in, a signed-in member or contact reaches them as a `user` page would, anyone else signs in.
 *     Their layout follows the session (`session-aware`: staff layout for staff, the public card
 *     otherwise). `custom` and `static` stay `user` routes in the staff layout.
 * - /ap/fbd/...  ->  /ap/fbd/{formbuilder_code}/data-list and /ap/fbd/{formbuilder_code}/{formbuilder_data_id}
 * - /ap/fb/.../status/completed  ->  /ap/fb/{formbuilder_code}/{formbuilder_data_id}/status/completed
 * - /public/fbd/... and /public/fb/... (guard `public?`): /public/fbd/{formbuilder_code} (the shared
 *     link) opens auth/verify; the identification screens
 *     (auth/verify, vp/{user_id}, approval/auth) and status/completed are `public`; view, execute
 *     and update need a guest identity (`formGuest`: passcode plus user id or anonymous user id,
 *     else auth/verify); approval/execute needs an approver (`formApproval`, else approval/auth).
 * - /if/{ssoAuth}/*  ->  the staff routes of the areas spec 1 §2 lists for embedded mode, under
 *     the same paths, but the screens that need a call the server refuses an embedded session
 *     (`EMBEDDED_REFUSED_SCREENS`), plus /if/{ssoAuth}/iFrameSignin; /if/{ssoAuth} opens the
 *     documents list.
 * - /ap/forbidden is a real screen in the public layout (staff are sent there too, so the
 *     contact navigation would be wrong); /ap opens /ap/dashboard.
 * - /profilesettings opens its default child, dashboard-settings (spec 1 §2).
 * - /email-log and /outbox (not in the spec): one page. Signed in, a workspace owner or admin
 *   reads the company's email log (GET /api/email-logs, links and codes redacted); with the
 *   operator key (`?key=`, printed in the server console) it is the instance's Outbox
 *   (GET /api/outbox). Staff layout when signed in, the public layout otherwise.
 *
 * Product additions (not rows of client-routes.tsv):
 * - /operator/billing (staff, area `operator`): the instance operators' console (OPERATOR_EMAILS):
 *   companies' wire payments to mark paid or failed, promo codes, the plans on sale.
 * - /verify-document (public, wide): anyone uploads a PDF and learns whether it is an authentic
 *   completed document of this instance (issue 5).
 * - /automation-pipelines (staff, area `pipelines`): the automation pipelines list, /create,
 *   /edit/{pipeline_id} and /{pipeline_id}/runs (the run history); the spec names only their calls.
 * - /files (staff, area `files`, sidebar "Files"): the company file library (folders, uploads,
 *   preview, approvals); /ap/files (contact area, "Files"): a contact's uploads and their status.
 *   The spec names only their calls (`/fileManagement/*`, `/approve-files`, `/reject-files`).
 * - /published-templates/{token} (public, narrow): the public link of a published template
 *   (`${PUBLIC_URL}/published-templates/{token}`, documents module): the visitor gives their name
 *   and email and starts their own document from the template.
 */
/** `session-aware`: the staff layout for signed-in staff, the public (wide) card for anyone else. */
export type LayoutName = 'staff' | 'contact' | 'public' | 'embedded' | 'session-aware';

/** Public pages: a narrow card (sign-in, messages) or a wide one (documents and forms). */
export type PublicWidth = 'narrow' | 'wide';

export type ScreenRoute = {
  /** Path in the spec's notation, e.g. `/contacts/edit/{contact_id}`. */
  pattern: string;
  title: string;
  /** Product area (ARCHITECTURE.md); the staff sidebar highlights by area. */
  area: string;
  guard: GuardName;
  layout: LayoutName;
  width?: PublicWidth;
  /** Path (spec notation, relative params allowed) this route sends to instead of a screen. */
  redirectTo?: string;
};

type Row = readonly [pattern: string, title: string];

function group(
  area: string,
  guard: GuardName,
  layout: LayoutName,
  rows: readonly Row[],
  width?: PublicWidth,
): ScreenRoute[] {
  return rows.map(([pattern, title]) => ({
    pattern,
    title,
    area,
    guard,
    layout,
    ...(width ? { width } : {}),
  }));
}

const staff = (area: string, rows: readonly Row[]) => group(area, 'user', 'staff', rows);

const companyDocumentRows = (kinds: readonly ('custom' | 'static' | 'requested')[]): Row[] =>
  kinds.flatMap((kind) => {
    const label = kind === 'custom' ? 'Custom' : kind === 'static' ? 'Static' : 'Requested';
    return (['execute', 'preview'] as const).flatMap((step): Row[] => {
      const verb = step === 'preview' ? 'Preview' : kind === 'requested' ? 'Upload' : 'Fill';
      return [
        [
          `/company-documents/${kind}/{document_id}/${step}`,
          `${verb} ${label.toLowerCase()} company document`,
        ],
        [
          `/company-documents/${kind}/{document_id}/workflow/{workflow_data_id}/${step}`,
          `${verb} ${label.toLowerCase()} workflow document`,
        ],
      ];
    });
  });

export const STAFF_ROUTES: ScreenRoute[] = [
  {
    pattern: '/',
    title: 'Dashboard',
    area: 'dashboards',
    guard: 'user',
    layout: 'staff',
    redirectTo: '/dashboard',
  },
  {
    pattern: '/documents',
    title: 'Documents',
    area: 'documents',
    guard: 'user',
    layout: 'staff',
    redirectTo: '/dashboard',
  },
  ...staff('dashboards', [['/dashboard', 'Dashboard']]),
  ...staff('subscriptions', [
    ['/expire', 'Subscription expired'],
    ['/invoice', 'Invoice'],
    ['/plans-list', 'Plans'],
  ]),
  ...staff('operator', [['/operator/billing', 'Billing operations']]),
  ...staff('logs', [['/logDetails', 'Activity log']]),
  ...staff('custom-dashboards', [
    ['/custom/dashboard-list', 'Custom dashboards'],
    ['/custom/CustomEntityMention', 'Entity mentions'],
    ['/custom/dashboard/config/{dashboardId}', 'Configure dashboard'],
    ['/page-dashboard/{dashboardId}', 'Dashboard page'],
    ['/ap-user/custom-dashboards/{entityId}', 'Application user dashboards'],
  ]),
  ...staff('roles', [['/roles', 'Roles']]),
  ...staff('scanner', [['/scanner', 'Scanner']]),
  // The company's look (logo, colours, mail look): the one place for it; the company profile links here.
  ...staff('branding', [['/branding', 'Branding']]),
  ...staff('company-users', [['/company/users', 'Company users']]),
  ...staff('iframe-links', [
    ['/iframeLink', 'Iframe links'],
    ['/externalLink/{externalLinkId}', 'External link'],
  ]),
  ...staff('request-documents', [
    ['/request-documents/all', 'Requested documents'],
    ['/request-documents/all/{card_type}', 'Requested documents'],
    ['/request-documents/select-card-type', 'Select card type'],
    ['/request-documents/select-card-type/{contact_id}', 'Select card type'],
    ['/request-documents/upload', 'Upload requested document'],
    ['/request-documents/{request_document_id}/edit', 'Edit requested document'],
  ]),
  ...staff('global-variables', [
    ['/global-variables', 'Global variables'],
    ['/global-variables/add', 'Add global variable'],
    ['/global-variables/view/{global_variable_id}', 'Global variable'],
  ]),
  ...staff('menus', [['/menu-management', 'Menu management']]),
  ...staff('entity-groups', [
    ['/company-entity-groups', 'Entity groups'],
    ['/company-entity-groups/{group_id}/preview', 'Entity group preview'],
    ['/company-entity-groups/{group_id}/preview/{entity_id}', 'Entity group preview'],
  ]),
  ...staff('form-builders', [
    ['/formBuilders', 'Forms'],
    ['/formBuilders/add', 'Add form'],
    ['/formBuilders/{form_builder_id}', 'Form builder'],
    ['/fbd/{formbuilder_code}', 'Form'],
    ['/fbd/{formbuilder_code}/data-list', 'Form entries'],
    ['/forms/approval-forms', 'Approval forms'],
    ['/fb/{formbuilder_code}/{formbuilder_data_id}', 'Form entry'],
    ['/fb/view/{formbuilder_code}/{template_code}/{formbuilder_data_id}', 'View form entry'],
    ['/fb/edit/{formbuilder_code}/{template_code}/{formbuilder_data_id}', 'Edit form entry'],
  ]),
  ...staff('templates', [
    ['/templates', 'Templates'],
    ['/templates/upload', 'Upload template'],
  ]),
  ...staff('form-templates', [
    ['/template', 'Form templates'],
    ['/template/create', 'Create form template'],
    ['/template/create-with-ai', 'Create form template with AI'],
    ['/template/{template_id}/edit', 'Edit form template'],
    ['/template/{template_id}/view', 'Form template'],
    ['/template/{template_id}/menu/view', 'Form template'],
  ]),
  ...staff('email-templates', [
    ['/email-template', 'Email templates'],
    ['/email-template/create', 'Create email template'],
    ['/email-template/edit/{template_id}', 'Edit email template'],
    ['/email-header-footer-template/create', 'Create email header and footer'],
    ['/email-header-footer-template/edit/{template_id}', 'Edit email header and footer'],
  ]),
  ...staff('files', [['/files', 'Files']]),
  ...staff('pipelines', [
    ['/automation-pipelines', 'Automation pipelines'],
    ['/automation-pipelines/create', 'New pipeline'],
    ['/automation-pipelines/edit/{pipeline_id}', 'Edit pipeline'],
    ['/automation-pipelines/{pipeline_id}/runs', 'Pipeline runs'],
  ]),
  ...staff('workflows', [
    ['/workflows', 'Workflows'],
    ['/workflow/{workflow_id}', 'Workflow'],
    ['/workflow/send/{workflow_data_id}', 'Send workflow'],
    ['/workflow/edit/{workflow_id}', 'Edit workflow'],
  ]),
  ...staff('documents', [
    ['/documents/all', 'Documents'],
    ['/documents/all/{contact_id}', 'Documents'],
    ['/documents-signed', 'Signed documents'],
    ['/documents/upload', 'Upload document'],
    ['/signature/documents/{status}', 'Signature documents'],
    ['/send-document/mail/{id}', 'Send document'],
    ['/send-template/mail/{id}/{document_id}', 'Send template'],
  ]),
  ...staff('profile', [
    ['/profile', 'Profile'],
    ['/profile/personal-information', 'Personal information'],
    ['/profile/change-password', 'Change password'],
    ['/profile/remove-workspace', 'Remove workspace'],
    ['/profile/two-step-verification', 'Two-step verification'],
    ['/profile/manage-permissions', 'Manage permissions'],
    ['/profile/signature', 'Signature'],
    ['/profile/initial', 'Initial'],
    ['/profile/subscription', 'Subscription'],
    ['/profile/companyUsers', 'Company users'],
    ['/profile/companyProfile', 'Company profile'],
  ]),
  ...staff('payments', [
    ['/profile/paymentIntegration', 'Payment integration'],
    ['/profile/paymentsCards', 'Payment cards'],
    ['/paymentStatus', 'Payment status'],
    ['/payments/{paymentDetailsId}', 'Payment'],
    ['/payments-status', 'Payments status'],
    ['/entity-payment-status-update', 'Entity payment status'],
  ]),
  {
    pattern: '/profilesettings',
    title: 'Settings',
    area: 'settings',
    guard: 'user',
    layout: 'staff',
    redirectTo: '/profilesettings/dashboard-settings',
  },
  // Initials are made where the signature is, in the profile: one place for both.
  {
    pattern: '/profilesettings/initial',
    title: 'Initials',
    area: 'profile',
    guard: 'user',
    layout: 'staff',
    redirectTo: '/profile/initial',
  },
  ...staff('settings', [
    ['/profilesettings/document-expiration-reminders', 'Document expiration and reminders'],
    ['/profilesettings/application-settings', 'Application settings'],
    ['/profilesettings/document-notifications', 'Document notifications'],
    ['/profilesettings/dashboard-settings', 'Dashboard settings'],
    ['/profilesettings/myapps-credentials', 'My apps credentials'],
    ['/profilesettings/global-filters', 'Global filters'],
    ['/profilesettings/transferAccount', 'Transfer account'],
    ['/profilesettings/transferAccount/{requestId}', 'Confirm account transfer'],
    ['/profilesettings/app-mode', 'App mode'],
  ]),
  ...staff('apps', [
    ['/apps', 'Apps'],
    ['/apps/published', 'Published apps'],
    ['/apps/approvals', 'App approvals'],
    ['/apps/installed', 'Installed apps'],
    ['/apps/upload', 'Upload app'],
    ['/apps/create-from-excel', 'Create app from Excel'],
    ['/apps/install/info', 'Install app'],
    ['/apps/new/steps', 'New app'],
    ['/developer/portal', 'Developer portal'],
    ['/developer/app-detail/{appId}/portal', 'App developer portal'],
  ]),
  ...staff('contacts', [
    ['/contacts', 'Contacts'],
    ['/contacts/documents/{contact_id}', 'Contact documents'],
    ['/contacts/add', 'Add contact'],
    ['/contacts/edit/{contact_id}', 'Edit contact'],
  ]),
  ...staff('contact-types', [['/contact-types', 'Contact types']]),
  ...staff('entities', [
    ['/entity', 'Entities'],
    ['/entity/{entity_id}', 'Entity records'],
    ['/entity/{entity_id}/add', 'Add entity record'],
    ['/entity/{entity_id}/edit', 'Edit entity record'],
    ['/entity/{entity_id}/view', 'Entity record'],
    ['/entity/{entity_id}/excel/add', 'Import entity records'],
    ['/entity/view/{entity_id}', 'Entity'],
    ['/entity/edit/{entity_id}', 'Edit entity'],
    ['/entity/{user_id}/{template_code}', 'Entity record template'],
    ['/entity-execute/{entity_id}', 'Fill entity record'],
    ['/entity-execute/{entity_id}/{template_code}', 'Fill entity record'],
    ['/entity_data_view/{entity_id}', 'Entity data'],
    ['/entity_data_view/{entity_id}/{template_code}', 'Entity data'],
    ['/entityData-Edit/{entity_id}', 'Edit entity data'],
    ['/entityData-Edit/{entity_id}/{template_code}', 'Edit entity data'],
  ]),
  ...staff('entity-views', [
    ['/entity-views', 'Entity views'],
    ['/entity-views/add', 'Add entity view'],
    ['/entity-views/edit/{entity_view_id}', 'Edit entity view'],
    ['/entity-views/view/{entity_view_id}', 'Entity view'],
  ]),
  ...staff('configuration', [
    ['/configuration', 'Configuration'],
    ['/configuration/paymentSystems', 'Payment systems'],
    ['/configuration/paymentSystems/add', 'Add payment system'],
    ['/configuration/Whatsapp', 'WhatsApp'],
    ['/configuration/AddNewIntegration', 'Add integration'],
    ['/configuration/WhatsappList', 'WhatsApp integrations'],
    ['/configuration/share_point', 'SharePoint'],
    ['/configuration/mail', 'Mail configuration'],
    ['/configuration/apiIntegrations/config', 'API integration setup'],
    ['/configuration/apiIntegrations', 'API integrations'],
  ]),
  ...staff('employee-documents', [
    ['/emp-documents/custom/finish', 'Finish document'],
    ['/emp-documents/custom/{employee_document_id}', 'Document'],
    ['/emp-documents/custom/{employee_document_id}/draft', 'Draft document'],
    ['/emp-documents/custom/{employee_document_id}/edit', 'Edit document'],
    ['/emp-documents/custom/{employee_document_id}/{employee_document}/success', 'Document sent'],
  ]),
  ...staff('company-documents', [
    ['/company-documents/{document_id}/configure/image', 'Configure image document'],
    ['/company-documents/{document_id}/configure/document', 'Configure document'],
    ['/company-documents/{document_id}/configure/template/{template_id}', 'Configure template document'],
    ...companyDocumentRows(['custom', 'static']),
  ]),
];

/** Signers, representatives and anonymous visitors: no account needed (public layout). */
export const PUBLIC_ROUTES: ScreenRoute[] = [
  // A document request's upload and preview: its mailed link, or a signed-in member or contact.
  ...group('company-documents', 'requestLink', 'session-aware', companyDocumentRows(['requested'])),
  ...group(
    'entities',
    'public',
    'public',
    [['/view/{entityDataId}/{entityId}/{templateId}', 'Entity record']],
    'wide',
  ),
  ...group(
    'employee-documents',
    'public',
    'public',
    [
      ['/emp-documents/custom/{employee_document_id}/pp', 'Sign document'],
      ['/emp-documents/custom/{employee_document_id}/pp/signed', 'Document signed'],
      ['/emp-documents/custom/{employee_document_id}/pp/decline', 'Document declined'],
      ['/emp-documents/preview/{employee_document_id}/pp/vp/{user_id}', 'Review document'],
      ['/emp-documents/preview/{employee_document_id}/pp/vp/{user_id}/expired', 'Link expired'],
      ['/emp-documents/preview/{employee_document_id}/pp/finish/success', 'Document completed'],
    ],
    'wide',
  ),
  ...group(
    'employee-documents',
    'public',
    'public',
    [
      ['/emp/documents/custom/{id}/pp/verify-password', 'Verify document password'],
      ['/emp/documents/custom/document/{id}/pp/verify-password', 'Verify document password'],
    ],
    'narrow',
  ),
  // The form's shared link (`formBuilders-url`) opens where a guest starts.
  {
    pattern: '/public/fbd/{formbuilder_code}',
    title: 'Fill form',
    area: 'public-forms',
    guard: 'public',
    layout: 'public',
    width: 'narrow',
    redirectTo: '/public/fbd/{formbuilder_code}/auth/verify',
  },
  ...(
    ['/public/fbd/{formbuilder_code}', '/public/fb/{formbuilder_code}/{formbuilder_data_id}'] as const
  ).flatMap((base) => [
    ...group(
      'public-forms',
      'public',
      'public',
      [
        [`${base}/auth/verify`, 'Verify your identity'],
        [`${base}/vp/{user_id}`, 'Verify your identity'],
        [`${base}/approval/auth`, 'Verify approver'],
      ],
      'narrow',
    ),
    ...group('public-forms', 'public', 'public', [[`${base}/status/completed`, 'Form submitted']], 'narrow'),
    ...group(
      'public-forms',
      'formGuest',
      'public',
      [
        [`${base}/view`, 'View form'],
        [`${base}/execute`, 'Fill form'],
        [`${base}/update`, 'Update form'],
      ],
      'wide',
    ),
    ...group(
      'public-forms',
      'formApproval',
      'public',
      [[`${base}/approval/execute`, 'Approve form']],
      'wide',
    ),
  ]),
  ...group('application-users', 'public', 'public', [['/ap/forbidden', 'Access denied']], 'narrow'),
  ...group('signing', 'public', 'public', [['/verify-document', 'Verify a document']], 'wide'),
  ...group(
    'published-templates',
    'public',
    'public',
    [['/published-templates/{token}', 'Sign a published document']],
    'narrow',
  ),
  // The OAuth consent screen needs the user signed in (the spec's guard is `guest`): signed out,
  // the visitor signs in first and comes back to answer.
  ...group('oauth', 'user', 'public', [['/signin/oauth', 'Allow an app']], 'narrow'),
];

/** Sign-in and sign-up screens: signed-in visitors are sent home (public layout, narrow card). */
export const GUEST_ROUTES: ScreenRoute[] = [
  ...group(
    'auth',
    'guest',
    'public',
    [
      ['/signin', 'Sign in'],
      ['/signup', 'Sign up'],
      ['/inviteUser', 'Accept invitation'],
      ['/join-us', 'Join us'],
      ['/create-profile', 'Create your profile'],
      ['/verify', 'Verify your email'],
      ['/send-verification', 'Resend verification'],
      ['/forgot-password', 'Forgot password'],
      ['/forgot-password-verification', 'Reset password'],
    ],
    'narrow',
  ),
  ...group(
    'sso',
    'guest',
    'public',
    [
      ['/sso-signin', 'Single sign-on'],
      ['/sso-signup', 'Sign up with single sign-on'],
      ['/sso-verify', 'Verify single sign-on'],
    ],
    'narrow',
  ),
  ...group('application-users', 'guest', 'public', [['/ap/signin', 'Application sign in']], 'narrow'),
];

/** The application-user (contact) area under /ap. */
export const CONTACT_ROUTES: ScreenRoute[] = [
  {
    pattern: '/ap',
    title: 'Application',
    area: 'application-users',
    guard: 'applicationUser',
    layout: 'contact',
    redirectTo: '/ap/dashboard',
  },
  ...group('application-users', 'applicationUser', 'contact', [
    ['/ap/dashboard', 'Dashboard'],
    ['/ap/page-dashboard/{dashboardId}', 'Dashboard page'],
    ['/ap/documents', 'Documents'],
    ['/ap/workflows', 'Workflows'],
    ['/ap/approvalforms', 'Approval forms'],
    ['/ap/fbd/{formbuilder_code}', 'Form'],
    ['/ap/fbd/{formbuilder_code}/data-list', 'Form entries'],
    ['/ap/fbd/{formbuilder_code}/{formbuilder_data_id}', 'Form entry'],
    ['/ap/formbuilder', 'Forms'],
    ['/ap/profile', 'Profile'],
    ['/ap/entity/{entity_id}/{menuId}', 'Entity records'],
    ['/ap/entity-execute/{entity_id}', 'Fill entity record'],
    ['/ap/entity-view/{entity_id}', 'Entity record'],
    ['/ap/entity-views/view/{entity_view_id}', 'Entity view'],
    ['/ap/fb/view/{formbuilder_code}/{formbuilder_data_id}', 'View form entry'],
    ['/ap/fb/edit/{formbuilder_code}/{formbuilder_data_id}', 'Edit form entry'],
    ['/ap/fb/{formbuilder_code}/{formbuilder_data_id}/status/completed', 'Form submitted'],
    ['/ap/template/{template_id}/menu/view', 'Form template'],
    ['/ap/fbdv/{formbuilder_code}/data-list', 'Form entries'],
    ['/ap/custom/dashboard/{entityId}', 'Custom dashboard'],
    ['/ap/expire', 'Subscription expired'],
    ['/ap/files', 'My files'],
  ]),
];

export const EMBEDDED_PREFIX = '/if/{ssoAuth}';

/**
 * Areas spec 1 §2 lists for the embedded mode: their staff screens are mirrored under
 * /if/{ssoAuth}, except `EMBEDDED_REFUSED_SCREENS`.
 */
export const EMBEDDED_AREAS: ReadonlySet<string> = new Set([
  'entities',
  'entity-views',
  'request-documents',
  'global-variables',
  'menus',
  'entity-groups',
  'form-builders',
  'templates',
  'form-templates',
  'workflows',
  'documents',
  'profile',
  'subscriptions',
  'payments',
  'apps',
  'contacts',
  'contact-types',
  'email-templates',
  'settings',
]);

/**
 * Screens of the embedded areas that are not mirrored, each with a call it needs that an embedded
 * session is refused (`METHOD /pattern` of `EMBEDDED_REFUSED` in @esigns/contracts/embedded-routes):
 * in the frame they could only show the refusal. The host never sees them: no route, and the
 * profile and settings sub-navigation leaves them out (`isMirroredInFrame`).
 * `embedded-mirror.test.tsx` checks each call against the server's lists, and that the mirrored
 * screens of these areas call only allowed routes when they open.
 */
export const EMBEDDED_REFUSED_SCREENS: Readonly<Record<string, string>> = {
  '/profile/change-password': 'PATCH /api/password/update',
  '/profile/two-step-verification': 'POST /api/mf2a/totp/setup',
  '/profile/remove-workspace': 'POST /api/workspaces/leave',
  '/profile/subscription': 'GET /api/getPlanInfo',
  '/profile/companyUsers': 'POST /api/user/inviteUser',
  '/profile/companyProfile': 'PATCH /api/company',
  '/profile/manage-permissions': 'PATCH /api/permissions/:id',
  '/profile/paymentIntegration': 'POST /api/payment-systems',
  '/profile/paymentsCards': 'GET /api/billing-details',
  '/entity-payment-status-update': 'PUT /api/pay-buttons/payments/:id/status',
  '/expire': 'GET /api/getPlanInfo',
  '/invoice': 'GET /api/invoices/:id',
  '/plans-list': 'GET /api/getPlanInfo',
  '/profilesettings/myapps-credentials': 'GET /api/Get-keys',
  '/profilesettings/transferAccount': 'POST /api/transfer-account',
  '/profilesettings/transferAccount/{requestId}': 'GET /api/transfer-account/:requestId',
};

/** The staff routes of the embedded areas under /if/{ssoAuth}, without chrome. */
export const EMBEDDED_ROUTES: ScreenRoute[] = [
  {
    pattern: EMBEDDED_PREFIX,
    title: 'Embedded workspace',
    area: 'embedded',
    guard: 'embedded',
    layout: 'embedded',
    redirectTo: `${EMBEDDED_PREFIX}/documents/all`,
  },
  {
    pattern: `${EMBEDDED_PREFIX}/iFrameSignin`,
    title: 'Sign in',
    area: 'embedded',
    guard: 'embedded',
    layout: 'embedded',
  },
  // An iframe link's one screen (token `ifl_…`): no session, the token is its only credential.
  {
    pattern: `${EMBEDDED_PREFIX}/link`,
    title: 'Embedded link',
    area: 'embedded',
    guard: 'embedded',
    layout: 'embedded',
  },
  ...embeddedMirror(),
];

/**
 * Staff routes of the embedded areas but the refused screens; a redirect is kept only if its
 * target is mirrored too.
 */
function embeddedMirror(): ScreenRoute[] {
  const mirrored = STAFF_ROUTES.filter(
    (route) => EMBEDDED_AREAS.has(route.area) && !(route.pattern in EMBEDDED_REFUSED_SCREENS),
  );
  const patterns = new Set(mirrored.map((route) => route.pattern));
  return mirrored
    .filter((route) => !route.redirectTo || patterns.has(route.redirectTo))
    .map((route) => ({
      ...route,
      pattern: `${EMBEDDED_PREFIX}${route.pattern}`,
      guard: 'embedded' as const,
      layout: 'embedded' as const,
      ...(route.redirectTo ? { redirectTo: `${EMBEDDED_PREFIX}${route.redirectTo}` } : {}),
    }));
}

const MIRRORED_PATTERNS: ReadonlySet<string> = new Set(EMBEDDED_ROUTES.map((route) => route.pattern));

/** Whether a staff screen (`/profile/signature`, spec notation) is mirrored in the embedded frame. */
export function isMirroredInFrame(pattern: string): boolean {
  return MIRRORED_PATTERNS.has(`${EMBEDDED_PREFIX}${pattern}`);
}

export const ALL_SCREEN_ROUTES: readonly ScreenRoute[] = [
  ...STAFF_ROUTES,
  ...PUBLIC_ROUTES,
  ...GUEST_ROUTES,
  ...CONTACT_ROUTES,
  ...EMBEDDED_ROUTES,
];

/** `/contacts/edit/{contact_id}` -> `/contacts/edit/:contact_id` (react-router notation). */
export function toRouterPath(pattern: string): string {
  return pattern.replace(
    /\{([^}?]+)(\?)?\}/g,
    (_match, name: string, optional?: string) => `:${name}${optional ?? ''}`,
  );
}

/** Fills `{param}` from `params`, leaving unknown ones as they are. */
export function fillPattern(pattern: string, params: Record<string, string | undefined>): string {
  return pattern.replace(/\{([^}?]+)\??\}/g, (match, name: string) => params[name] ?? match);
}
