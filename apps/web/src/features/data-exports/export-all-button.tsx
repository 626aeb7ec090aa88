import { Button, Menu } from '@mantine/core';
import { IconChevronDown, IconDatabaseExport, IconHistory } from '@tabler/icons-react';
import { exportAllEntities } from './exports-api';
import { useExportRunner } from './use-export-runner';

/**
 * "Export all data" of the entities list: one workbook named after the company, a sheet per
 * entity the person may read. Usually large, so it may come back as a job with its progress.
 */
export function ExportAllButton() {
  const runner = useExportRunner();
  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button
            variant="default"
            loading={runner.isPending}
            leftSection={<IconDatabaseExport size={16} />}
            rightSection={<IconChevronDown size={14} />}
          >
            Export
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item
            leftSection={<IconDatabaseExport size={16} />}
            onClick={() => runner.run(() => exportAllEntities({}))}
          >
            Export all data (.xlsx)
          </Menu.Item>
          <Menu.Item leftSection={<IconHistory size={16} />} onClick={runner.openRecent}>
            Recent exports
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {runner.element}
    </>
  );
}
