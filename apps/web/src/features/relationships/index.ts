/** What other features mount: a record's related-records tabs and an entity's relationships panel. */
export { RelatedRecordsTabs, type RelatedRecordsTabsProps } from './related-records-tabs';
export { RelationshipsPanel } from './relationships-panel';
