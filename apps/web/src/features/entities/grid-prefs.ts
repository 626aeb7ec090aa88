import { useEffect, useState } from 'react';
import type { ColumnOrderState, ColumnSizingState, VisibilityState } from '@tanstack/react-table';

/** What a person arranged in an entity's grid (order, widths, hidden columns), kept per browser. */
export type GridPrefs = {
  order: ColumnOrderState;
  sizing: ColumnSizingState;
  visibility: VisibilityState;
};

const EMPTY: GridPrefs = { order: [], sizing: {}, visibility: {} };
const storageKey = (scope: string) => `esigns.grid.${scope}`;

function read(scope: string): GridPrefs {
  try {
    const raw = window.localStorage.getItem(storageKey(scope));
    if (!raw) return EMPTY;
    const parsed = JSON.parse(raw) as Partial<GridPrefs>;
    return {
      order: Array.isArray(parsed.order) ? parsed.order.filter((v) => typeof v === 'string') : [],
      sizing: typeof parsed.sizing === 'object' && parsed.sizing ? parsed.sizing : {},
      visibility: typeof parsed.visibility === 'object' && parsed.visibility ? parsed.visibility : {},
    };
  } catch {
    return EMPTY;
  }
}

/** Grid preferences of one scope (an entity, or a view), saved as they change. */
export function useGridPrefs(scope: string, initial?: Partial<GridPrefs>) {
  const [prefs, setPrefs] = useState<GridPrefs>(() => {
    const saved = read(scope);
    return {
      order: saved.order.length ? saved.order : (initial?.order ?? []),
      sizing: { ...initial?.sizing, ...saved.sizing },
      visibility: Object.keys(saved.visibility).length ? saved.visibility : (initial?.visibility ?? {}),
    };
  });
  useEffect(() => {
    try {
      window.localStorage.setItem(storageKey(scope), JSON.stringify(prefs));
    } catch {
      // Private mode or a full quota: the arrangement lasts for this visit only.
    }
  }, [scope, prefs]);
  return [prefs, setPrefs] as const;
}
