import type { ComponentType } from 'react';

type LazyComponent = () => Promise<{ Component: ComponentType }>;

const list = () => import('./entities-screen').then((m) => ({ Component: m.EntitiesScreen }));
const records = () => import('./entity-records-screen').then((m) => ({ Component: m.EntityRecordsScreen }));
const form = () => import('./record-form-screen').then((m) => ({ Component: m.RecordFormScreen }));
const view = () => import('./record-view-screen').then((m) => ({ Component: m.RecordViewScreen }));
const publicRecord = () =>
  import('./public-record-screen').then((m) => ({ Component: m.PublicRecordScreen }));
const settings = () =>
  import('./entity-settings-screen').then((m) => ({ Component: m.EntitySettingsScreen }));

/** The entity screens by route pattern (routes.ts), for the router's SCREENS map. */
export const ENTITY_SCREENS: Record<string, LazyComponent> = {
  '/entity': list,
  '/entity/{entity_id}': records,
  '/entity/{entity_id}/add': form,
  '/entity/{entity_id}/edit': form,
  '/entity/{entity_id}/view': view,
  '/entity/{entity_id}/excel/add': () =>
    import('./excel-import-screen').then((m) => ({ Component: m.ExcelImportScreen })),
  '/entity/view/{entity_id}': settings,
  '/entity/{user_id}/{template_code}': () =>
    import('./record-by-template-code-screen').then((m) => ({ Component: m.RecordByTemplateCodeScreen })),
  '/entity/edit/{entity_id}': settings,
  '/entity-execute/{entity_id}': form,
  '/entity-execute/{entity_id}/{template_code}': form,
  '/entity_data_view/{entity_id}': view,
  '/entity_data_view/{entity_id}/{template_code}': view,
  '/entityData-Edit/{entity_id}': form,
  '/entityData-Edit/{entity_id}/{template_code}': form,
  '/view/{entityDataId}/{entityId}/{templateId}': publicRecord,
};
