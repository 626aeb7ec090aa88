import type { ReactNode } from 'react';
import { Anchor, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';

/** A centred line under a form: an optional question and a link, e.g. "Already have an account? Sign in". */
export function LinkLine({
  question,
  to,
  children,
}: {
  question?: ReactNode;
  to: string;
  children: ReactNode;
}) {
  return (
    <Text size="sm" ta="center" c="dimmed">
      {question && <>{question} </>}
      <Anchor component={Link} to={to} fw={600}>
        {children}
      </Anchor>
    </Text>
  );
}

/** A small centred "← Back…" that goes to the previous step of the same screen. */
export function BackButton({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <Anchor component="button" type="button" onClick={onClick} size="sm" ta="center">
      <IconArrowLeft size={14} style={{ verticalAlign: 'middle', marginRight: 4 }} />
      {children}
    </Anchor>
  );
}
