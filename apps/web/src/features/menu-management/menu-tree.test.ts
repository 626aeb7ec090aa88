import { describe, expect, it } from 'vitest';
import {
  addItem,
  errorsOf,
  flatten,
  moveItem,
  moveToGroup,
  pathOf,
  projectDepth,
  removeItem,
  shiftItem,
  type DraftItem,
} from './menu-tree';

const leaf = (key: string): DraftItem => ({
  key,
  kind: 'ROUTE',
  label: key,
  icon: null,
  route: '/dashboard',
});
const group = (key: string, children: string[]): DraftItem => ({
  key,
  kind: 'GROUP',
  label: key,
  icon: null,
  children: children.map((c) => leaf(c) as Extract<DraftItem, { kind: 'ROUTE' }>),
});

/** `a, G[b c], d` */
const shape = (items: DraftItem[]): string =>
  items
    .map((i) => (i.kind === 'GROUP' ? `${i.key}[${i.children.map((c) => c.key).join(' ')}]` : i.key))
    .join(', ');

const menu = () => [leaf('a'), group('G', ['b', 'c']), leaf('d'), group('H', ['e'])];

describe('menu tree edits', () => {
  it('adds, removes, shifts and regroups items', () => {
    expect(shape(addItem(menu(), leaf('x'), 'G'))).toBe('a, G[b c x], d, H[e]');
    expect(shape(addItem(menu(), leaf('x'), null))).toBe('a, G[b c], d, H[e], x');
    expect(shape(removeItem(menu(), 'G'))).toBe('a, d, H[e]');
    expect(shape(removeItem(menu(), 'c'))).toBe('a, G[b], d, H[e]');
    expect(shape(shiftItem(menu(), 'd', -1))).toBe('a, d, G[b c], H[e]');
    expect(shape(shiftItem(menu(), 'b', 1))).toBe('a, G[c b], d, H[e]');
    expect(shape(shiftItem(menu(), 'a', -1))).toBe('a, G[b c], d, H[e]');
    expect(shape(moveToGroup(menu(), 'a', 'H'))).toBe('G[b c], d, H[e a]');
    expect(shape(moveToGroup(menu(), 'b', null))).toBe('a, G[c], b, d, H[e]');
  });

  it('maps 422 keys to items', () => {
    const items = menu();
    expect(pathOf(items, 'c')).toBe('items.1.children.1');
    expect(pathOf(items, 'H')).toBe('items.3');
    const errors = {
      'items.1.children.1.route': 'Choose a screen',
      'items.1.label': 'Give a label',
      'items.1': 'Bad',
    };
    expect(errorsOf(items, 'c', errors)).toEqual({ route: 'Choose a screen' });
    expect(errorsOf(items, 'G', errors)).toEqual({ label: 'Give a label', item: 'Bad' });
  });
});

describe('drag and drop', () => {
  const flat = () => flatten(menu());

  it('reorders at the top level and carries a group with its items', () => {
    expect(shape(moveItem(menu(), 'a', 'd', 0))).toBe('G[b c], d, a, H[e]');
    expect(shape(moveItem(menu(), 'H', 'a', 0))).toBe('H[e], a, G[b c], d');
    // A group dropped among another group's items lands after them.
    expect(shape(moveItem(menu(), 'H', 'b', 0))).toBe('a, G[b c], H[e], d');
  });

  it('nests a leaf when moved right under a group, and takes it out when moved left', () => {
    // `d` (right under the group's last item) dragged right in place: into G.
    expect(projectDepth(flat(), 'd', 'd', 40, 24)).toBe(1);
    expect(shape(moveItem(menu(), 'd', 'd', 1))).toBe('a, G[b c d], H[e]');
    // Not dragged right: stays at the top level.
    expect(projectDepth(flat(), 'd', 'd', 0, 24)).toBe(0);
    // Dropped over `c` it lands between b and c: inside G.
    expect(projectDepth(flat(), 'd', 'c', 0, 24)).toBe(1);
    expect(shape(moveItem(menu(), 'd', 'c', 1))).toBe('a, G[b d c], H[e]');
    // `c` (last of G) dragged left where it is: out of the group.
    expect(projectDepth(flat(), 'c', 'c', -30, 24)).toBe(0);
    expect(shape(moveItem(menu(), 'c', 'c', 0))).toBe('a, G[b], c, d, H[e]');
    // Between two items of a group, a leaf must be in it.
    expect(projectDepth(flat(), 'a', 'b', -100, 24)).toBe(1);
    expect(shape(moveItem(menu(), 'a', 'b', 1))).toBe('G[b a c], d, H[e]');
    // A group never nests.
    expect(projectDepth(flat(), 'H', 'c', 100, 24)).toBe(0);
    // Nothing above: top level.
    expect(projectDepth(flat(), 'd', 'a', 100, 24)).toBe(0);
  });
});
