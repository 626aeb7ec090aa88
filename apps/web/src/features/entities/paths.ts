const segment = encodeURIComponent;

/** Client routes of entities (spec 1 routes table). */
export const entityPath = (entityId: string) => `/entity/${segment(entityId)}`;
export const entitySettingsPath = (entityId: string) => `/entity/edit/${segment(entityId)}`;
export const addRecordPath = (entityId: string) => `/entity/${segment(entityId)}/add`;
export const recordPath = (entityId: string, recordId: string, mode: 'view' | 'edit') =>
  `/entity/${segment(entityId)}/${mode}?dataId=${segment(recordId)}`;
