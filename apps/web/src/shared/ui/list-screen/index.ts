/**
 * The list-screen kit: what every server-paged list screen is made of. See the README of
 * apps/web ("List screens") for how the parts fit.
 */
export { ListPager, type ListPagerProps } from '../list-pager';
export { DeleteDialog, useDeleteConfirm, type DeleteConfirm } from './delete-confirm';
export {
  FilterBar,
  FilterSelect,
  SearchField,
  SegmentedFilter,
  type FilterBinding,
  type SelectOption,
} from './filter-bar';
export { ListScreen, type ListScreenProps, type SelectSpec } from './list-screen';
export {
  ListCards,
  ListTable,
  NoValue,
  SkeletonRows,
  SkeletonStack,
  SortHeader,
  type ListCardContent,
  type ListColumn,
  type RowExtras,
} from './list-table';
export {
  ListAccess,
  ListEmpty,
  ListStates,
  ListView,
  PHONE_QUERY,
  type ListEmptyProps,
  type ListSource,
} from './list-view';
export { DragHandle, MoveButtons, SortableList, arrayMove, useSortable } from './sortable';
export { IconActions, RowActions, RowMenu, type IconAction, type RowMenuItem } from './row-actions';
export { BulkActionBar, idOf, useRowSelection, type RowSelection } from './row-selection';
export { SEARCH_DEBOUNCE_MS, useListQuery, type ListParams, type ListQuery } from './use-list-query';
