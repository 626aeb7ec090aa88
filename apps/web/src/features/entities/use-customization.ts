import { useQuery } from '@tanstack/react-query';
import {
  defaultCustomizationConfig,
  type TEntityCustomizationConfig,
} from '@esigns/contracts/entity-customization';
import { api } from '../../shared/api/api-client';

type ActiveCustomization = { config: TEntityCustomizationConfig } | null;

/**
 * The entity's active customization (/menu-management, customization tab), as the record screens
 * apply it: labels, button labels, list columns, default sort, page size, record tabs, the title
 * icon (`EntityTitleIcon`) and the accent colour (`accent`: `#RRGGBB`, undefined for the theme's,
 * given as `color` to the screens' primary buttons, tabs and grid). The defaults when none is
 * active or it cannot be read.
 */
export function useEntityCustomization(entityId: string): {
  look: TEntityCustomizationConfig;
  ready: boolean;
  accent: string | undefined;
} {
  const active = useQuery({
    queryKey: ['entity-customization', 'active', entityId],
    queryFn: async ({ signal }) =>
      (
        await api.get<ActiveCustomization>(
          `/entity-customization/entity/isActive/${encodeURIComponent(entityId)}`,
          undefined,
          { signal },
        )
      ).data,
    enabled: Boolean(entityId),
    staleTime: 60_000,
    retry: false,
  });
  const look = active.data?.config ?? defaultCustomizationConfig();
  return { look, ready: !active.isPending, accent: look.primary_color ?? undefined };
}
