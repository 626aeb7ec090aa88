// A Vitest reporter: the fixed cost of each test file, that is the time before its first test
// runs (worker start, setup files, imports and collection, then the hooks that run before that
// first test: building the app, opening its database, seeding). Prints a one-line summary per
// project, and with SETUP_COST_JSON=<file> writes every file's figures there.
//   npx vitest run --project api --reporter=default --reporter=./scripts/setup-cost-reporter.mjs
import { writeFileSync } from 'node:fs';
import path from 'node:path';

class SetupCostReporter {
  rows = [];

  onTestModuleEnd(testModule) {
    const d = testModule.diagnostic();
    const started = testModule.task.result?.startTime;
    let firstTest = Infinity;
    for (const test of testModule.children.allTests()) {
      const at = test.task.result?.startTime;
      if (at !== undefined && at < firstTest) firstTest = at;
    }
    // A file whose tests all skipped (or that failed to load) has no first test.
    if (started === undefined || !Number.isFinite(firstTest)) return;
    const hooks = firstTest - started;
    this.rows.push({
      file: path.relative(process.cwd(), testModule.moduleId),
      project: testModule.project.name,
      importMs: Math.round(d.prepareDuration + d.setupDuration + d.collectDuration),
      hooksMs: Math.round(hooks),
      fixedMs: Math.round(d.prepareDuration + d.setupDuration + d.collectDuration + hooks),
    });
  }

  onTestRunEnd() {
    const projects = [...new Set(this.rows.map((r) => r.project))];
    for (const project of projects) {
      const rows = this.rows.filter((r) => r.project === project);
      const fixed = rows.map((r) => r.fixedMs).sort((a, b) => a - b);
      const at = (q) => fixed[Math.min(fixed.length - 1, Math.floor(q * fixed.length))];
      const mean = (key) => rows.reduce((sum, r) => sum + r[key], 0) / rows.length;
      const s = (ms) => `${(ms / 1000).toFixed(1)} s`;
      console.log(
        `${project}: time before a file's first test: median ${s(at(0.5))}, mean ${s(mean('fixedMs'))}, ` +
          `p90 ${s(at(0.9))}, max ${s(at(1))} over ${rows.length} files ` +
          `(imports ${s(mean('importMs'))} + hooks ${s(mean('hooksMs'))} on average)`,
      );
    }
    if (process.env.SETUP_COST_JSON)
      writeFileSync(process.env.SETUP_COST_JSON, JSON.stringify(this.rows, null, 1));
  }
}

export default SetupCostReporter;
