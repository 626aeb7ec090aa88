import type { ComponentType } from 'react';
import { describe, expect, it } from 'vitest';
import { CONTACT_AREA_SCREENS } from '../features/contact-area/screens';
import { CONTACT_SCREENS } from '../features/contacts/screens';
import { CUSTOM_DASHBOARD_SCREENS } from '../features/custom-dashboards/screens';
import { DOCUMENT_SCREENS } from '../features/documents/document-screens';
import { EMAIL_TEMPLATE_SCREENS } from '../features/email-templates/screens';
import { ENTITY_GROUP_SCREENS } from '../features/entity-groups/screens';
import { ENTITY_VIEW_SCREENS } from '../features/entity-views/screens';
import { FORM_BUILDER_SCREENS } from '../features/form-builders/screens';
import { WORKFLOW_SCREENS } from '../features/workflows/screens';
import { FORM_FILL_SCREENS } from '../features/form-fill/screens';
import { FORM_TEMPLATE_SCREENS } from '../features/form-templates/screens';
import { GLOBAL_VARIABLE_SCREENS } from '../features/global-variables/screens';
import { MAIL_CONFIG_SCREENS } from '../features/mail-config/screens';
import { REQUEST_DOCUMENT_SCREENS } from '../features/request-documents/screens';
import { TEAM_SCREENS } from '../features/team/screens';
import { TEMPLATE_SCREENS } from '../features/templates/screens';
import { ALL_SCREEN_ROUTES } from './routes';
import { SCREENS } from './screen-loaders';

type ScreenLoaders = Readonly<Record<string, () => Promise<{ Component: ComponentType }>>>;

/** The screens an area registers (its `*_SCREENS` map), by their route pattern in routes.ts. */
const AREAS: [area: string, screens: ScreenLoaders, patterns: string[]][] = [
  [
    'contact area (content)',
    CONTACT_AREA_SCREENS,
    [
      '/ap/approvalforms',
      '/ap/dashboard',
      '/ap/documents',
      '/ap/entity-execute/{entity_id}',
      '/ap/entity-view/{entity_id}',
      '/ap/entity-views/view/{entity_view_id}',
      '/ap/entity/{entity_id}/{menuId}',
      '/ap/fb/edit/{formbuilder_code}/{formbuilder_data_id}',
      '/ap/fb/view/{formbuilder_code}/{formbuilder_data_id}',
      '/ap/fb/{formbuilder_code}/{formbuilder_data_id}/status/completed',
      '/ap/fbd/{formbuilder_code}',
      '/ap/fbd/{formbuilder_code}/data-list',
      '/ap/fbd/{formbuilder_code}/{formbuilder_data_id}',
      '/ap/fbdv/{formbuilder_code}/data-list',
      '/ap/formbuilder',
      '/ap/template/{template_id}/menu/view',
      '/ap/workflows',
    ],
  ],
  [
    'contacts',
    CONTACT_SCREENS,
    [
      '/contact-types',
      '/contacts',
      '/contacts/add',
      '/contacts/documents/{contact_id}',
      '/contacts/edit/{contact_id}',
    ],
  ],
  [
    'documents',
    DOCUMENT_SCREENS,
    [
      '/documents/upload',
      '/emp-documents/custom/finish',
      '/emp-documents/custom/{employee_document_id}/draft',
      '/emp-documents/custom/{employee_document_id}/{employee_document}/success',
      '/send-document/mail/{id}',
      '/send-template/mail/{id}/{document_id}',
      '/templates/upload',
    ],
  ],
  [
    'email templates',
    EMAIL_TEMPLATE_SCREENS,
    [
      '/email-template',
      '/email-template/create',
      '/email-template/edit/{template_id}',
      '/email-header-footer-template/create',
      '/email-header-footer-template/edit/{template_id}',
    ],
  ],
  ['mail configuration', MAIL_CONFIG_SCREENS, ['/configuration/mail']],
  [
    'custom dashboards',
    CUSTOM_DASHBOARD_SCREENS,
    [
      '/custom/dashboard-list',
      '/custom/dashboard/config/{dashboardId}',
      '/custom/CustomEntityMention',
      '/page-dashboard/{dashboardId}',
      '/ap/page-dashboard/{dashboardId}',
      '/ap-user/custom-dashboards/{entityId}',
      '/ap/custom/dashboard/{entityId}',
    ],
  ],
  [
    'entity groups',
    ENTITY_GROUP_SCREENS,
    [
      '/company-entity-groups',
      '/company-entity-groups/{group_id}/preview',
      '/company-entity-groups/{group_id}/preview/{entity_id}',
    ],
  ],
  [
    'entity views',
    ENTITY_VIEW_SCREENS,
    [
      '/entity-views',
      '/entity-views/add',
      '/entity-views/edit/{entity_view_id}',
      '/entity-views/view/{entity_view_id}',
    ],
  ],
  [
    'forms (staff)',
    FORM_BUILDER_SCREENS,
    ['/formBuilders', '/formBuilders/add', '/formBuilders/{form_builder_id}'],
  ],
  [
    'forms (filling)',
    FORM_FILL_SCREENS,
    [
      '/fbd/{formbuilder_code}',
      '/fbd/{formbuilder_code}/data-list',
      '/fb/{formbuilder_code}/{formbuilder_data_id}',
      '/fb/view/{formbuilder_code}/{template_code}/{formbuilder_data_id}',
      '/fb/edit/{formbuilder_code}/{template_code}/{formbuilder_data_id}',
      '/forms/approval-forms',
      '/public/fbd/{formbuilder_code}/auth/verify',
      '/public/fbd/{formbuilder_code}/vp/{user_id}',
      '/public/fbd/{formbuilder_code}/execute',
      '/public/fbd/{formbuilder_code}/update',
      '/public/fbd/{formbuilder_code}/view',
      '/public/fbd/{formbuilder_code}/status/completed',
      '/public/fbd/{formbuilder_code}/approval/auth',
      '/public/fbd/{formbuilder_code}/approval/execute',
      '/public/fb/{formbuilder_code}/{formbuilder_data_id}/auth/verify',
      '/public/fb/{formbuilder_code}/{formbuilder_data_id}/vp/{user_id}',
      '/public/fb/{formbuilder_code}/{formbuilder_data_id}/execute',
      '/public/fb/{formbuilder_code}/{formbuilder_data_id}/update',
      '/public/fb/{formbuilder_code}/{formbuilder_data_id}/view',
      '/public/fb/{formbuilder_code}/{formbuilder_data_id}/status/completed',
      '/public/fb/{formbuilder_code}/{formbuilder_data_id}/approval/auth',
      '/public/fb/{formbuilder_code}/{formbuilder_data_id}/approval/execute',
    ],
  ],
  [
    'workflows',
    WORKFLOW_SCREENS,
    [
      '/workflows',
      '/workflow/{workflow_id}',
      '/workflow/send/{workflow_data_id}',
      '/workflow/edit/{workflow_id}',
    ],
  ],
  [
    'form templates',
    FORM_TEMPLATE_SCREENS,
    [
      '/template',
      '/template/create',
      '/template/create-with-ai',
      '/template/{template_id}/edit',
      '/template/{template_id}/menu/view',
      '/template/{template_id}/view',
    ],
  ],
  [
    'global variables',
    GLOBAL_VARIABLE_SCREENS,
    ['/global-variables', '/global-variables/add', '/global-variables/view/{global_variable_id}'],
  ],
  [
    'request documents',
    REQUEST_DOCUMENT_SCREENS,
    [
      '/request-documents/all',
      '/request-documents/all/{card_type}',
      '/request-documents/select-card-type',
      '/request-documents/select-card-type/{contact_id}',
      '/request-documents/upload',
      '/request-documents/{request_document_id}/edit',
    ],
  ],
  [
    'team',
    TEAM_SCREENS,
    [
      '/company/users',
      '/inviteUser',
      '/profile/companyProfile',
      '/profile/companyUsers',
      '/profile/manage-permissions',
      '/roles',
    ],
  ],
  ['templates', TEMPLATE_SCREENS, ['/templates']],
];

describe('the screens of each area', () => {
  it.each(AREAS)(
    '%s: routes of routes.ts that the router opens through SCREENS, each loading a component',
    async (_area, screens, patterns) => {
      expect(Object.keys(screens).sort()).toEqual([...patterns].sort());
      const known = new Set(ALL_SCREEN_ROUTES.map((route) => route.pattern));
      for (const [pattern, load] of Object.entries(screens)) {
        expect(known.has(pattern), pattern).toBe(true);
        expect(SCREENS[pattern], pattern).toBe(load);
        const { Component } = await load();
        expect(typeof Component, pattern).toBe('function');
      }
    },
    60_000,
  );
});
