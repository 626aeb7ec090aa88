// `node bench/first-load/trace.mjs [signin|signing]`: one cold visit under the bench's conditions
// (cache empty, CPU 4x slower) with Chromium's timeline tracing on; prints the main thread's time
// per kind of work (script compile and run, style sheets, style and layout, paint, HTML) and the
// longest tasks, to see what the "(program)" share of profile.mjs is made of.
import { coldVisit, walk } from './cold-visit.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 3215);
const which = process.argv[2] ?? 'signin';

await coldVisit({ which, port: PORT, name: 'first-load-trace' }, async ({ browser, page, link }) => {
  await browser.startTracing(page, {
    categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'blink'],
  });
  const marks = await walk(page, which, link);
  const trace = JSON.parse((await browser.stopTracing()).toString());
  summarize(trace.traceEvents, marks);
});

function summarize(events, marks) {
  const main = mainThread(events);
  const complete = events.filter((e) => e.ph === 'X' && e.pid === main.pid && e.tid === main.tid);
  const kinds = selfTimes(complete);
  console.log(`marks ${JSON.stringify(marks)}; main thread time by event, its own (nested events excluded):`);
  for (const [name, ms] of [...kinds].sort((a, b) => b[1] - a[1]).slice(0, 25))
    console.log(`${ms.toFixed(0).padStart(7)} ms  ${name}`);
  const tasks = complete.filter((e) => e.name === 'RunTask');
  const t0 = Math.min(...tasks.map((e) => e.ts));
  const busy = tasks.reduce((sum, e) => sum + e.dur / 1000, 0);
  console.log(`main thread busy ${busy.toFixed(0)} ms in ${tasks.length} tasks; longest:`);
  for (const e of [...tasks].sort((a, b) => b.dur - a.dur).slice(0, 10))
    console.log(
      `  at ${((e.ts - t0) / 1000).toFixed(0).padStart(5)} ms  ${(e.dur / 1000).toFixed(0).padStart(5)} ms`,
    );
}

/** Each event name's own time: its duration less that of the events nested in it. */
function selfTimes(complete) {
  const sorted = [...complete].sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const kinds = new Map();
  const stack = [];
  const close = (until) => {
    while (stack.length && stack.at(-1).end <= until) {
      const done = stack.pop();
      kinds.set(done.name, (kinds.get(done.name) ?? 0) + done.self / 1000);
    }
  };
  for (const e of sorted) {
    close(e.ts);
    const dur = e.dur ?? 0;
    if (stack.length) stack.at(-1).self -= dur;
    stack.push({ name: e.name, end: e.ts + dur, self: dur });
  }
  close(Infinity);
  return kinds;
}

/** The renderer's main thread that did the most: the page's, not the blank tab's before navigation. */
function mainThread(events) {
  const threads = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const busy = (t) =>
    events
      .filter((e) => e.ph === 'X' && e.pid === t.pid && e.tid === t.tid && e.name === 'RunTask')
      .reduce((sum, e) => sum + e.dur, 0);
  return threads.map((t) => ({ pid: t.pid, tid: t.tid, busy: busy(t) })).sort((a, b) => b.busy - a.busy)[0];
}
