// `npm run coverage`: how much of the specification is served, per product area.
//   API:     the calls of ../shared/spec/api-endpoints.tsv against the OpenAPI document the server
//            itself serves (every registered route is in it), method and path, parameter names aside.
//   Screens: the routes of ../shared/spec/client-routes.tsv against the web router: a route counts
//            when it has a screen or sends to one (not when it renders the "coming soon" placeholder).
// Options: --missing lists what is missing per area; --markdown prints the table for the README.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pino } from 'pino';
import { buildApp } from '../apps/server/src/app';
import { defineModuleJobs } from '../apps/server/src/module-jobs';
import { loadConfig } from '../apps/server/src/platform/config/config';
import { createPlatform } from '../apps/server/src/platform/platform';
import { ALL_SCREEN_ROUTES } from '../apps/web/src/app/routes';
import { SCREENS } from '../apps/web/src/app/screen-loaders';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const specDir = process.env.SPEC_DIR ?? path.resolve(root, '../shared/spec');
const args = new Set(process.argv.slice(2));

type Tally = { served: number; missing: string[] };

function readTsv(file: string): Record<string, string>[] {
  const [head, ...lines] = readFileSync(path.join(specDir, file), 'utf8').split('\n').filter(Boolean);
  const columns = head!.split('\t');
  return lines.map((line) => {
    const cells = line.split('\t');
    return Object.fromEntries(columns.map((c, i) => [c, (cells[i] ?? '').trim()]));
  });
}

/** Rows whose parameter the spec wrote without braces. */
const SPEC_ALIASES: Record<string, string> = {
  '/entities/getCompany/CompanyId': '/entities/getCompany/{CompanyId}',
};

/** `/a/{x}/b/` and `/a/:y/b?tz=` are the same path: parameter names, query and trailing slash aside. */
function normalizePath(p: string): string {
  const noQuery = p.split('?')[0]!;
  const params = noQuery.replace(/\{[^}]*\}/g, '{}').replace(/:[A-Za-z_][\w]*/g, '{}');
  return params.length > 1 ? params.replace(/\/+$/, '') : params;
}

async function servedOperations(): Promise<Map<string, Set<string>>> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'esigns-coverage-'));
  try {
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      PUBLIC_URL: 'http://localhost:3000',
      LOG_LEVEL: 'silent',
      WEB_DIST: path.join(dataDir, 'no-web'),
    });
    const platform = await createPlatform(config, pino({ level: 'silent' }), 'api', {
      defineJobs: defineModuleJobs,
    });
    const app = await buildApp(platform);
    await app.ready();
    const doc = app.swagger() as { paths?: Record<string, Record<string, unknown>> };
    await app.close();
    const byPath = new Map<string, Set<string>>();
    for (const [p, ops] of Object.entries(doc.paths ?? {})) {
      // The API under /api; the document service (/rest/esignature...) at the root.
      if (!p.startsWith('/api/') && !p.startsWith('/rest/')) continue;
      const key = normalizePath(p.startsWith('/api/') ? p.slice('/api'.length) : p);
      const methods = byPath.get(key) ?? new Set<string>();
      for (const m of Object.keys(ops)) methods.add(m.toUpperCase());
      byPath.set(key, methods);
    }
    return byPath;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function tally(map: Map<string, Tally>, area: string, served: boolean, label: string): void {
  const t = map.get(area) ?? { served: 0, missing: [] };
  if (served) t.served += 1;
  else t.missing.push(label);
  map.set(area, t);
}

function apiCoverage(served: Map<string, Set<string>>): Map<string, Tally> {
  const areas = new Map<string, Tally>();
  for (const row of readTsv('api-endpoints.tsv')) {
    const methods = served.get(normalizePath(SPEC_ALIASES[row.path!] ?? row.path!));
    // `?` in the note: the spec is unsure of the method; any method at that path serves it.
    const ok = row.note === '?' ? Boolean(methods?.size) : Boolean(methods?.has(row.method!));
    tally(areas, row.area!, ok, `${row.method} ${row.path}`);
  }
  return areas;
}

function screenCoverage(): Map<string, Tally> {
  const built = ALL_SCREEN_ROUTES.filter((r) => r.redirectTo || SCREENS[r.pattern]).map((r) =>
    normalizePath(r.pattern),
  );
  const builtSet = new Set(built);
  const areas = new Map<string, Tally>();
  for (const row of readTsv('client-routes.tsv')) {
    const route = row.route!;
    let ok: boolean;
    if (route.includes('...')) {
      // An abbreviated row (`/ap/fbd/...`): served when every route the router made of it is.
      const prefix = normalizePath(route.slice(0, route.indexOf('...')));
      const made = ALL_SCREEN_ROUTES.filter((r) => normalizePath(r.pattern).startsWith(prefix));
      ok = made.length > 0 && made.every((r) => builtSet.has(normalizePath(r.pattern)));
    } else if (route.endsWith('/*')) {
      ok = true; // the not-found screen of an area
    } else {
      ok = builtSet.has(normalizePath(route));
    }
    tally(areas, row.area!, ok, route);
  }
  return areas;
}

function printTable(api: Map<string, Tally>, screens: Map<string, Tally>): void {
  const names = [...new Set([...api.keys(), ...screens.keys()])].sort();
  const cell = (t: Tally | undefined) => (t ? `${t.served} / ${t.served + t.missing.length}` : '-');
  const sum = (m: Map<string, Tally>) =>
    [...m.values()].reduce(
      (acc, t) => ({ served: acc.served + t.served, missing: [...acc.missing, ...t.missing] }),
      { served: 0, missing: [] as string[] },
    );
  const rows = names.map((n) => [n, cell(api.get(n)), cell(screens.get(n))]);
  rows.push(['all', cell(sum(api)), cell(sum(screens))]);
  if (args.has('--markdown')) {
    console.log('| area | API calls served | screens built |');
    console.log('|---|---|---|');
    for (const r of rows) console.log(`| ${r.join(' | ')} |`);
  } else {
    const w = Math.max(...rows.map((r) => r[0]!.length));
    console.log(`${'area'.padEnd(w)}  ${'API served'.padStart(12)}  ${'screens built'.padStart(14)}`);
    for (const r of rows) console.log(`${r[0]!.padEnd(w)}  ${r[1]!.padStart(12)}  ${r[2]!.padStart(14)}`);
  }
  if (args.has('--missing')) {
    for (const n of names) {
      const missing = [
        ...(api.get(n)?.missing ?? []),
        ...(screens.get(n)?.missing.map((s) => `screen ${s}`) ?? []),
      ];
      if (missing.length) console.log(`\n${n}:\n  ${missing.join('\n  ')}`);
    }
  }
}

const api = apiCoverage(await servedOperations());
printTable(api, screenCoverage());
process.exit(0);
