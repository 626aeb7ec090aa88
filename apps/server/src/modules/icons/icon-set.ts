import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import {
  iconIdOf,
  matchesIconQuery,
  type TIcon,
  type TIconQuery,
  type TIconType,
} from '@esigns/contracts/icons';

/*
 * The Tabler icon set of the `@tabler/icons` package, read once on first use: the package ships
 * every drawing as a list of nodes (`tabler-nodes-outline.json`, `tabler-nodes-filled.json`);
 * each becomes a compact SVG string once. The answers of the unfiltered list (all, FILL,
 * OUTLINE) are serialised, hashed (strong ETag) and gzipped once too: the whole set is about
 * 6,300 icons, 2.7 MB of JSON, 0.5 MB gzipped.
 */

type IconNode = [tag: string, attributes: Record<string, string | number>];
type NodeFile = Record<string, IconNode[]>;

/** One serialised answer: the JSON body, its gzip and its strong ETag. */
export type PreparedBody = { json: Buffer; gzip: Buffer; etag: string };

export type IconSet = {
  icons: readonly TIcon[];
  ids: ReadonlySet<string>;
  /** The prepared answer of the list without `search`, by type (`ALL`: both). */
  prepared: Record<TIconType | 'ALL', PreparedBody>;
};

const SVG_OPEN: Record<TIconType, string> = {
  OUTLINE:
    '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" ' +
    'stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">',
  FILL: '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="currentColor">',
};

const ATTRIBUTE_NAME = /^[a-z][a-z-]*$/;
const TAG_NAME = /^[a-z]+$/;

function escapeAttribute(value: string | number): string {
  return String(value)
    .replace(/&/g, '&amp;')
    .replace(/"/g, '&quot;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

/** `<svg ...><path d="..."/>...</svg>` for one icon's nodes (unknown-looking names are skipped). */
export function svgOf(nodes: readonly IconNode[], type: TIconType): string {
  let body = '';
  for (const [tag, attributes] of nodes) {
    if (!TAG_NAME.test(tag)) continue;
    const attrs = Object.entries(attributes)
      .filter(([name]) => ATTRIBUTE_NAME.test(name))
      .map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`)
      .join('');
    body += `<${tag}${attrs}/>`;
  }
  return `${SVG_OPEN[type]}${body}</svg>`;
}

/** Serialises an icons answer (`{ success, data }`) with its gzip and strong ETag. */
export function prepareBody(icons: readonly TIcon[]): PreparedBody {
  const json = Buffer.from(JSON.stringify({ success: true, data: icons }));
  const etag = `"${createHash('sha256').update(json).digest('base64url').slice(0, 32)}"`;
  return { json, gzip: gzipSync(json), etag };
}

/** The package's folder: its `exports` only map `./*` to `./icons/*`, so resolve an icon file. */
function packageRoot(): string {
  const require = createRequire(import.meta.url);
  const anIcon = require.resolve('@tabler/icons/outline/home.svg');
  return path.resolve(path.dirname(anIcon), '..', '..');
}

async function readNodes(root: string, file: string): Promise<NodeFile> {
  return JSON.parse(await readFile(path.join(root, file), 'utf8')) as NodeFile;
}

async function loadIconSet(): Promise<IconSet> {
  const root = packageRoot();
  const [outline, filled] = await Promise.all([
    readNodes(root, 'tabler-nodes-outline.json'),
    readNodes(root, 'tabler-nodes-filled.json'),
  ]);
  const icons: TIcon[] = [];
  const add = (file: NodeFile, type: TIconType) => {
    for (const [name, nodes] of Object.entries(file)) {
      icons.push({ _id: iconIdOf(name, type), name, content: svgOf(nodes, type), type });
    }
  };
  add(outline, 'OUTLINE');
  add(filled, 'FILL');
  icons.sort((a, b) => {
    if (a.name !== b.name) return a.name < b.name ? -1 : 1;
    return a.type === b.type ? 0 : a.type === 'OUTLINE' ? -1 : 1;
  });
  return {
    icons,
    ids: new Set(icons.map((icon) => icon._id)),
    prepared: {
      ALL: prepareBody(icons),
      FILL: prepareBody(icons.filter((icon) => icon.type === 'FILL')),
      OUTLINE: prepareBody(icons.filter((icon) => icon.type === 'OUTLINE')),
    },
  };
}

let loading: Promise<IconSet> | null = null;

/** The icon set, built on first use and kept for the life of the process. */
export function iconSet(): Promise<IconSet> {
  loading ??= loadIconSet().catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/** Whether `id` (`home`, `home-filled`) names an icon of the set. */
export async function isKnownIcon(id: string): Promise<boolean> {
  return (await iconSet()).ids.has(id);
}

/** The icons matching `query`, in name order (OUTLINE before FILL for the same name). */
export async function findIcons(query: TIconQuery): Promise<TIcon[]> {
  return (await iconSet()).icons.filter((icon) => matchesIconQuery(icon, query));
}
