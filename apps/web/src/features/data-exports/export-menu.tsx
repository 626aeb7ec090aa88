import { Button, Menu } from '@mantine/core';
import {
  IconChevronDown,
  IconFileExport,
  IconFileSpreadsheet,
  IconFileTypePdf,
  IconHistory,
  IconMailForward,
} from '@tabler/icons-react';
import type { TExportFormat } from '@esigns/contracts/data-exports';
import {
  combineFilters,
  entityExportBody,
  exportEntity,
  exportEntityView,
  type GridExportQuery,
} from './exports-api';
import { useExportRunner } from './use-export-runner';

export type ExportMenuProps = {
  entityId: string;
  /** The file's fallback name (the server names it after the entity). */
  entityName: string;
  /** What the grid shows right now. */
  query: GridExportQuery;
  /** In an entity view: its PDF comes from the view (`/entity-views/export-pdf`). */
  view?: { id: string; name: string } | undefined;
};

/**
 * "Export" of the records grid: Excel or PDF of exactly what the grid shows (the view's and the
 * person's filters, the search, the sort, the shown columns; only the selected rows when some
 * are), in the browser's time zone. Small exports download at once; large ones run as a job.
 */
export function ExportMenu({ entityId, entityName, query, view }: ExportMenuProps) {
  const runner = useExportRunner();
  const selected = query.ids?.length ?? 0;
  const canCombine = selected > 0 || combineFilters(query.baseFilters, query.filters) !== null;

  const exportAs = (format: TExportFormat) => {
    if (format === 'PDF' && view && selected === 0) {
      runner.run(() =>
        exportEntityView(
          { entity_view_id: view.id, filters: query.filters, search: query.search || undefined },
          view.name,
        ),
      );
      return;
    }
    runner.run(() => exportEntity(entityId, format, entityExportBody(query), entityName));
  };
  // A job whatever the size: its progress here, the file under "Recent exports" and by mail.
  const exportInBackground = () =>
    runner.run(() =>
      exportEntity(entityId, 'XLSX', { ...entityExportBody(query), background: true }, entityName),
    );
  const scope = selected > 0 ? `${selected} selected` : 'shown records';

  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button
            size="xs"
            variant="default"
            loading={runner.isPending}
            leftSection={<IconFileExport size={14} />}
            rightSection={<IconChevronDown size={12} />}
          >
            Export
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>Export {scope}</Menu.Label>
          <Menu.Item
            leftSection={<IconFileSpreadsheet size={16} />}
            disabled={!canCombine}
            onClick={() => exportAs('XLSX')}
          >
            Excel (.xlsx)
          </Menu.Item>
          <Menu.Item
            leftSection={<IconFileTypePdf size={16} />}
            disabled={!canCombine && !view}
            onClick={() => exportAs('PDF')}
          >
            {view && selected === 0 ? 'PDF of the view' : 'PDF'}
          </Menu.Item>
          <Menu.Item
            leftSection={<IconMailForward size={16} />}
            disabled={!canCombine}
            onClick={exportInBackground}
          >
            Excel by email (in the background)
          </Menu.Item>
          {!canCombine && (
            <Menu.Label maw={260} style={{ whiteSpace: 'normal' }}>
              This view matches any of its conditions: clear your own filters to export it to Excel.
            </Menu.Label>
          )}
          <Menu.Divider />
          <Menu.Item leftSection={<IconHistory size={16} />} onClick={runner.openRecent}>
            Recent exports
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {runner.element}
    </>
  );
}
