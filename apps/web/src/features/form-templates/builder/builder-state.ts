import {
  FORM_FIELD_TYPE_INFO,
  GRID_COLUMNS,
  type TFormFieldType,
} from '@esigns/contracts/nocode-field-types';
import {
  ZFormField,
  toFieldKey,
  type TFieldLayout,
  type TFormField,
  type TFormFieldInput,
} from '@esigns/contracts/nocode-fields';
import { ZFormFields } from '@esigns/contracts/nocode-template-check';

/*
 * The form builder's state, as pure functions (the screen keeps it in a reducer): fields on a
 * 12-column grid, each with a builder-only `uid` (keys can be edited, so they cannot identify a
 * field). Placing a field pushes the fields it would cover down, then everything floats up as far
 * as it can: no overlaps, no holes, like the grid layouts of other form builders.
 */

/** A field as the builder edits it: the settings as sent to the API, always with a place. */
export type BuilderField = TFormFieldInput & { layout: TFieldLayout };
export type BuilderItem = { uid: string; field: BuilderField };
export type BuilderState = { items: BuilderItem[]; selected: string | null };

export type BuilderAction =
  | { type: 'add'; fieldType: TFormFieldType; at?: { x: number; y: number } }
  | { type: 'move'; uid: string; at: { x: number; y: number } }
  | { type: 'resize'; uid: string; w?: number; h?: number }
  | { type: 'update'; uid: string; patch: Record<string, unknown> }
  | { type: 'change-type'; uid: string; fieldType: TFormFieldType }
  | { type: 'remove'; uid: string }
  | { type: 'duplicate'; uid: string }
  | { type: 'select'; uid: string | null }
  | { type: 'load'; fields: readonly TFormFieldInput[] };

let uidSeq = 0;
const nextUid = (): string => {
  uidSeq += 1;
  return `f${uidSeq}`;
};

const WIDE_TYPES: ReadonlySet<TFormFieldType> = new Set([
  'MULTI_LINE_TEXT',
  'RICH_TEXT',
  'DATA_TABLE',
  'LOCATION',
]);
const TALL: Partial<Record<TFormFieldType, number>> = { MULTI_LINE_TEXT: 2, RICH_TEXT: 3, DATA_TABLE: 3 };

/** A key not used by `taken`: the label's slug, then `_2`, `_3`... */
export function uniqueKey(label: string, taken: ReadonlySet<string>): string {
  const base = toFieldKey(label);
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) {
    const key = `${base.slice(0, 58)}_${n}`;
    if (!taken.has(key)) return key;
  }
}

/** The settings a new field of `type` starts with: enough to be valid where possible. */
export function typeDefaults(type: TFormFieldType): Record<string, unknown> {
  switch (type) {
    case 'SELECT':
    case 'RADIO':
    case 'MULTI_SELECT':
      return { options: [{ value: 'Option 1' }, { value: 'Option 2' }] };
    case 'DATA_TABLE':
      return {
        columns: [
          { key: 'item', label: 'Item', type: 'SINGLE_LINE_TEXT' },
          { key: 'quantity', label: 'Quantity', type: 'NUMBER' },
        ],
      };
    case 'FORMULA':
      return { expression: '' };
    case 'PAY_BUTTON':
      return { amount: 100 };
    case 'ENTITY':
    case 'AGGREGATE':
      return { entity_id: '' };
    case 'GLOBAL_VARIABLE':
      return { global_variable_id: '' };
    default:
      return {};
  }
}

/** Stand-ins for the settings a new field cannot have yet, so its other defaults can be read. */
const STAND_INS: Record<string, string> = {
  entity_id: '00000000-0000-4000-8000-000000000000',
  global_variable_id: '00000000-0000-4000-8000-000000000000',
  expression: '0',
};

/** The settings of `field` that the stand-ins must not hide. */
function ownStandIns(field: BuilderField): Record<string, unknown> {
  const own = field as Record<string, unknown>;
  return Object.fromEntries(
    Object.keys(STAND_INS)
      .filter((key) => key in own)
      .map((key) => [key, own[key]]),
  );
}

/**
 * The field with the defaults of its settings filled in (currency INR, 0-100 %, file sizes...),
 * so the properties panel shows what will be saved. Settings still to choose stay empty.
 */
export function withDefaults(field: BuilderField): BuilderField {
  const parsed = ZFormField.safeParse({ ...field, ...STAND_INS });
  if (!parsed.success) return field;
  return { ...parsed.data, ...ownStandIns(field), layout: field.layout } as BuilderField;
}

/** A new field of `type`, labelled after its type, with a free key. */
export function newField(
  type: TFormFieldType,
  taken: ReadonlySet<string>,
  at = { x: 0, y: 0 },
): BuilderField {
  const label = FORM_FIELD_TYPE_INFO[type].label;
  const w = WIDE_TYPES.has(type) ? GRID_COLUMNS : GRID_COLUMNS / 2;
  return withDefaults({
    key: uniqueKey(label, taken),
    label,
    type,
    ...typeDefaults(type),
    layout: { x: Math.min(Math.max(at.x, 0), GRID_COLUMNS - w), y: Math.max(at.y, 0), w, h: TALL[type] ?? 1 },
  } as BuilderField);
}

const overlaps = (a: TFieldLayout, b: TFieldLayout): boolean =>
  a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

/**
 * Settles the grid around `fixedUid` (the field just placed): it keeps its place and the fields
 * it covers step down below it; then every field floats up as far as it can, top to bottom.
 * The result is in reading order (top to bottom, left to right), the order fields are sent in.
 */
export function settle(items: readonly BuilderItem[], fixedUid?: string): BuilderItem[] {
  const byPlace = (a: BuilderItem, b: BuilderItem) =>
    a.field.layout.y - b.field.layout.y || a.field.layout.x - b.field.layout.x;
  const fixed = items.find((item) => item.uid === fixedUid);
  const placed: BuilderItem[] = fixed ? [fixed] : [];
  for (const item of items.filter((i) => i !== fixed).sort(byPlace)) {
    const layout = { ...item.field.layout };
    while (placed.some((other) => overlaps(layout, other.field.layout))) layout.y += 1;
    placed.push({ ...item, field: { ...item.field, layout } });
  }
  const compacted: BuilderItem[] = [];
  for (const item of placed.sort(byPlace)) {
    const layout = { ...item.field.layout };
    const fitsAbove = () =>
      !compacted.some((other) => overlaps({ ...layout, y: layout.y - 1 }, other.field.layout));
    while (layout.y > 0 && fitsAbove()) layout.y -= 1;
    compacted.push({ ...item, field: { ...item.field, layout } });
  }
  return compacted.sort(byPlace);
}

const clampX = (x: number, w: number): number => Math.min(Math.max(Math.round(x), 0), GRID_COLUMNS - w);

/** The builder's reducer. */
export function builderReducer(state: BuilderState, action: BuilderAction): BuilderState {
  const withItem = (uid: string, change: (item: BuilderItem) => BuilderItem): BuilderItem[] =>
    state.items.map((item) => (item.uid === uid ? change(item) : item));
  switch (action.type) {
    case 'load': {
      const placed = ZFormFields.safeParse(action.fields);
      const fields = (placed.success ? placed.data : action.fields) as BuilderField[];
      let bottom = 0;
      const items = fields.map((field) => {
        const layout = field.layout ?? { x: 0, y: bottom, w: GRID_COLUMNS, h: 1 };
        bottom = Math.max(bottom, layout.y + layout.h);
        return { uid: nextUid(), field: { ...field, layout } };
      });
      return { items, selected: null };
    }
    case 'add': {
      const taken = new Set(state.items.map((item) => item.field.key));
      const bottom = Math.max(0, ...state.items.map((item) => item.field.layout.y + item.field.layout.h));
      const item = {
        uid: nextUid(),
        field: newField(action.fieldType, taken, action.at ?? { x: 0, y: bottom }),
      };
      return { items: settle([...state.items, item], item.uid), selected: item.uid };
    }
    case 'move': {
      const items = withItem(action.uid, (item) => {
        const layout = item.field.layout;
        return {
          ...item,
          field: {
            ...item.field,
            layout: { ...layout, x: clampX(action.at.x, layout.w), y: Math.max(0, Math.round(action.at.y)) },
          },
        };
      });
      return { ...state, items: settle(items, action.uid) };
    }
    case 'resize': {
      const items = withItem(action.uid, (item) => {
        const w = Math.min(Math.max(action.w ?? item.field.layout.w, 1), GRID_COLUMNS);
        const h = Math.min(Math.max(action.h ?? item.field.layout.h, 1), 12);
        return {
          ...item,
          field: { ...item.field, layout: { ...item.field.layout, w, h, x: clampX(item.field.layout.x, w) } },
        };
      });
      return { ...state, items: settle(items, action.uid) };
    }
    case 'update':
      return {
        ...state,
        items: withItem(action.uid, (item) => ({
          ...item,
          field: { ...item.field, ...action.patch } as BuilderField,
        })),
      };
    case 'change-type':
      return {
        ...state,
        items: withItem(action.uid, (item) => {
          const { key, label, required, help_text, placeholder, is_primary, visibility, layout } =
            item.field as TFormField;
          const common = { key, label, required, help_text, placeholder, is_primary, visibility, layout };
          return {
            ...item,
            field: withDefaults({
              ...common,
              type: action.fieldType,
              ...typeDefaults(action.fieldType),
            } as BuilderField),
          };
        }),
      };
    case 'remove': {
      const items = state.items.filter((item) => item.uid !== action.uid);
      return { items: settle(items), selected: state.selected === action.uid ? null : state.selected };
    }
    case 'duplicate': {
      const source = state.items.find((item) => item.uid === action.uid);
      if (!source) return state;
      const taken = new Set(state.items.map((item) => item.field.key));
      const layout = { ...source.field.layout, y: source.field.layout.y + source.field.layout.h };
      const copy: BuilderItem = {
        uid: nextUid(),
        field: {
          ...source.field,
          key: uniqueKey(source.field.label, taken),
          label: `${source.field.label} (copy)`.slice(0, 120),
          layout,
        },
      };
      return { items: settle([...state.items, copy], copy.uid), selected: copy.uid };
    }
    case 'select':
      return { ...state, selected: action.uid };
    default: {
      const exhaustive: never = action;
      return exhaustive;
    }
  }
}

/** The fields to send, in reading order (without the builder's ids). */
export const fieldsOf = (state: BuilderState): BuilderField[] => state.items.map((item) => item.field);

/**
 * The builder's problems by field: the same `ZFormFields` check as the API, each issue's path
 * after the field index (`options.0.value`) with its message, the first per path.
 */
export function problemsByField(state: BuilderState): Map<string, Record<string, string>> {
  const result = new Map<string, Record<string, string>>();
  const parsed = ZFormFields.safeParse(fieldsOf(state));
  if (parsed.success) return result;
  for (const issue of parsed.error.issues) {
    const [index, ...rest] = issue.path;
    const item = typeof index === 'number' ? state.items[index] : undefined;
    if (!item) continue;
    const problems = result.get(item.uid) ?? {};
    const key = rest.map(String).join('.') || 'field';
    problems[key] ??= issue.message;
    result.set(item.uid, problems);
  }
  return result;
}
