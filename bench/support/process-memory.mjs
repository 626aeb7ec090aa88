// Memory of the benches' processes, from /proc (Linux).
import { readFileSync, readdirSync } from 'node:fs';

/** VmHWM (peak) and VmRSS (now) of a process, in kB. */
export function memoryOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { hwm: kb('VmHWM'), rss: kb('VmRSS') };
}

/** The built server's process: this process's child running dist/main.js. */
export function serverPid() {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const cmd = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (ppid === process.pid && cmd.includes('dist/main.js')) return Number(entry);
    } catch {
      // a process that ended meanwhile
    }
  }
  throw new Error('the server process was not found');
}
