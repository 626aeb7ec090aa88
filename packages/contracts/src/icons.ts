import { z } from 'zod';

/*
 * The icon library (spec 1 §3, spec 3 §3 "Icon: name, content (vector markup), type FILL or
 * OUTLINE"): the Tabler icon set shipped with the server (`@tabler/icons`). Menus, entities and
 * customizations store an icon by its id, which is Tabler's own name for the icon: `home` for the
 * outline drawing, `home-filled` for the filled one (as `IconHome` / `IconHomeFilled` in
 * `@tabler/icons-react` and `ti-home` / `ti-home-filled` in the web font).
 */

export const ICON_TYPES = ['FILL', 'OUTLINE'] as const;
export type TIconType = (typeof ICON_TYPES)[number];

/** The id of a filled icon is its name plus this suffix. */
export const FILLED_ICON_SUFFIX = '-filled';

export const ZIcon = z
  .object({
    _id: z.string().describe('The name to store: `home` (OUTLINE) or `home-filled` (FILL)'),
    name: z.string().describe('Tabler name of the drawing, the same for both types'),
    content: z.string().describe('SVG markup, 24x24, drawn with currentColor'),
    type: z.enum(ICON_TYPES),
  })
  .meta({ id: 'Icon' });
export type TIcon = z.infer<typeof ZIcon>;

export const ZIconQuery = z.object({
  type: z
    .preprocess(
      (value) => (typeof value === 'string' ? value.trim().toUpperCase() : value),
      z.enum(ICON_TYPES, { error: `Use one of ${ICON_TYPES.join(', ')}` }),
    )
    .optional()
    .describe('FILL or OUTLINE (any case); absent: both'),
  search: z
    .string()
    .trim()
    .max(100, 'At most 100 characters')
    .optional()
    .describe('Case-insensitive substring of the name'),
});
export type TIconQuery = z.output<typeof ZIconQuery>;

/** A stored icon reference: lowercase words joined by dashes (`layout-dashboard`, `home-filled`). */
export const ZIconName = z
  .string({ error: 'Choose an icon' })
  .trim()
  .max(80, 'At most 80 characters')
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Choose an icon of the icon library');

/** The id (stored name) of the icon `name` drawn as `type`. */
export function iconIdOf(name: string, type: TIconType): string {
  return type === 'FILL' ? `${name}${FILLED_ICON_SUFFIX}` : name;
}

/** Case-insensitive substring match on the name, optionally of one type (spec 3 §5). */
export function matchesIconQuery(
  icon: Pick<TIcon, 'name' | 'type'>,
  query: { type?: TIconType | undefined; search?: string | undefined },
): boolean {
  if (query.type && icon.type !== query.type) return false;
  const needle = (query.search ?? '').trim().toLowerCase();
  return needle === '' || icon.name.toLowerCase().includes(needle);
}
