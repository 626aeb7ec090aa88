import { Button } from '@mantine/core';
import { Link } from 'react-router';

const LINKS = [
  ['/apps', 'Marketplace'],
  ['/apps/installed', 'Installed'],
  ['/apps/published', 'My apps'],
  ['/apps/new/steps', 'New app'],
  ['/apps/create-from-excel', 'From Excel'],
  ['/apps/upload', 'Upload'],
] as const;

/** The apps area's links, shown as each screen's header actions (the current one left out). */
export function AppsNav({ current }: { current: string }) {
  return (
    <>
      {LINKS.filter(([to]) => to !== current).map(([to, label]) => (
        <Button key={to} component={Link} to={to} variant="default" size="xs">
          {label}
        </Button>
      ))}
    </>
  );
}
