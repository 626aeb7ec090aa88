import { ThemeIcon } from '@mantine/core';
import { NamedIcon } from '../../shared/ui/named-icon';

/**
 * The icon before the title of an entity's screens: the active customization's icon, else the
 * entity's own; tinted with the customization's colour (else the theme's). Nothing without one.
 */
export function EntityTitleIcon({
  icon,
  entityIcon,
  accent,
}: {
  icon: string | null;
  entityIcon: string | null | undefined;
  accent: string | undefined;
}) {
  const name = icon ?? entityIcon;
  if (!name) return null;
  return (
    <ThemeIcon variant="light" size={40} radius="md" color={accent} data-testid="entity-title-icon">
      <NamedIcon name={name} size={24} />
    </ThemeIcon>
  );
}
