import type { ReactNode } from 'react';
import { Stack, Text, ThemeIcon, Title } from '@mantine/core';

/** Title and one line of help at the top of an account screen's card. */
export function AccountHeader({
  title,
  description,
  icon,
  titleId,
}: {
  title: string;
  description?: ReactNode;
  icon?: ReactNode;
  /** Id of the heading, for the form's aria-labelledby. */
  titleId?: string;
}) {
  return (
    <Stack gap={6} align="center" ta="center" mb="lg">
      {icon && (
        <ThemeIcon size={52} radius="xl" variant="light" mb={4}>
          {icon}
        </ThemeIcon>
      )}
      <Title order={2} size="h3" id={titleId}>
        {title}
      </Title>
      {description && (
        <Text c="dimmed" size="sm" maw={360}>
          {description}
        </Text>
      )}
    </Stack>
  );
}
