import { readFileSync } from 'node:fs';
import { chmod, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LibreOfficeConverter } from './libreoffice';
import type { LibreOfficeSettings } from './settings';
import { makePdf } from './test-files';

// Stand-ins for `soffice` (shell scripts), so that time-outs, failures and the queue are tested
// without LibreOffice; the API suite converts real documents with the real one.
let dir: string;
const log = pino({ level: 'silent' });

async function script(name: string, body: string): Promise<string> {
  const file = path.join(dir, name);
  await writeFile(file, `#!/bin/sh\n${body}\n`);
  await chmod(file, 0o755);
  return file;
}

// Writes the PDF LibreOffice would: <outdir>/document.pdf (the arguments end with --outdir DIR INPUT).
const WRITE_PDF = `
out=""; prev=""
for a in "$@"; do if [ "$prev" = "--outdir" ]; then out="$a"; fi; prev="$a"; done
mkdir -p "$out"; cp "$FAKE_PDF" "$out/document.pdf"`;

function settings(overrides: Partial<LibreOfficeSettings>): LibreOfficeSettings {
  return {
    sofficePath: 'soffice',
    concurrency: 1,
    timeoutMs: 60_000,
    queueLimit: 10,
    workDir: path.join(dir, 'work'),
    ...overrides,
  };
}

/** Running, not a zombie waiting for a parent to reap it (a killed process is one, briefly). */
function isAlive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'esigns-soffice-test-'));
  process.env.FAKE_PDF = path.join(dir, 'fake.pdf');
  await writeFile(process.env.FAKE_PDF, await makePdf(2));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('LibreOfficeConverter', () => {
  it('answers the PDF written to its output folder and leaves no temporary file behind', async () => {
    const soffice = await script('ok.sh', WRITE_PDF);
    const workDir = path.join(dir, 'work-ok');
    const converter = new LibreOfficeConverter(settings({ sofficePath: soffice, workDir }), log);
    const pdf = await converter.convertToPdf(Buffer.from('{\\rtf1 hi}'), 'rtf', 'a.rtf');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.equals(await readFile(process.env.FAKE_PDF!))).toBe(true);
    const [root] = await readdir(workDir);
    // Only the slot's profile folder may remain between conversions (none was made by the fake).
    expect((await readdir(path.join(workDir, root!))).filter((n) => n.startsWith('job-'))).toEqual([]);
    await converter.close();
    expect(await readdir(workDir)).toEqual([]);
  });

  it('passes its own profile folder and the input with the format extension', async () => {
    const argsFile = path.join(dir, 'args.txt');
    const soffice = await script('args.sh', `echo "$@" > "${argsFile}"\n${WRITE_PDF}`);
    const converter = new LibreOfficeConverter(settings({ sofficePath: soffice }), log);
    await converter.convertToPdf(Buffer.from('x'), 'docx', 'a.docx');
    const args = await readFile(argsFile, 'utf8');
    expect(args).toMatch(/-env:UserInstallation=file:\/\/\/\S+\/profile-0 /);
    // The profile was locked down before LibreOffice first used it.
    const profile = decodeURIComponent(/UserInstallation=file:\/\/(\S+)/.exec(args)![1]!);
    const xcu = await readFile(path.join(profile, 'user/registrymodifications.xcu'), 'utf8');
    expect(xcu).toContain('<prop oor:name="BlockUntrustedRefererLinks" oor:op="fuse"><value>true</value>');
    expect(args).toMatch(/--headless .*--convert-to pdf --outdir \S+ \S+\/document\.docx/);
    await converter.close();
  });

  it('refuses with 422 when LibreOffice writes no PDF', async () => {
    const soffice = await script('fail.sh', 'echo "Error: source file could not be loaded" >&2; exit 0');
    const converter = new LibreOfficeConverter(settings({ sofficePath: soffice }), log);
    await expect(converter.convertToPdf(Buffer.from('x'), 'doc', 'broken.doc')).rejects.toMatchObject({
      status: 422,
      message: expect.stringContaining('broken.doc could not be converted'),
    });
    await converter.close();
  });

  it('converts again with a fresh profile when LibreOffice stopped abnormally, and blames the file after two', async () => {
    const counter = path.join(dir, 'crash-count');
    // Killed by a signal on its first run, converts on the second.
    const flaky = await script(
      'crash-once.sh',
      `if [ ! -f "${counter}" ]; then touch "${counter}"; kill -SEGV $$; fi\n${WRITE_PDF}`,
    );
    const converter = new LibreOfficeConverter(settings({ sofficePath: flaky }), log);
    const pdf = await converter.convertToPdf(Buffer.from('x'), 'docx', 'a.docx');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    await converter.close();

    const crashing = await script('crash.sh', 'exit 134');
    const again = new LibreOfficeConverter(settings({ sofficePath: crashing }), log);
    await expect(again.convertToPdf(Buffer.from('x'), 'docx', 'b.docx')).rejects.toMatchObject({
      status: 422,
      message: expect.stringContaining('LibreOffice stopped twice while reading it'),
    });
    await again.close();
  });

  it('kills the whole process group after the time-out and answers 422', async () => {
    const pidFile = path.join(dir, 'child.pid');
    // A helper process in the same group, like soffice.bin under the soffice script.
    const soffice = await script('hang.sh', `sleep 60 &\necho $! > "${pidFile}"\nwait`);
    const converter = new LibreOfficeConverter(settings({ sofficePath: soffice, timeoutMs: 500 }), log);
    await expect(converter.convertToPdf(Buffer.from('x'), 'docx', 'slow.docx')).rejects.toMatchObject({
      status: 422,
      message: expect.stringContaining('slow.docx took too long to convert'),
    });
    const helper = Number(await readFile(pidFile, 'utf8'));
    await expect.poll(() => isAlive(helper)).toBe(false);
    await converter.close();
  });

  it('answers 503 with a clear message when soffice is not installed', async () => {
    const converter = new LibreOfficeConverter(
      settings({ sofficePath: path.join(dir, 'no-such-soffice') }),
      log,
    );
    await expect(converter.convertToPdf(Buffer.from('x'), 'docx', 'a.docx')).rejects.toMatchObject({
      status: 503,
      message: expect.stringContaining('LibreOffice'),
    });
    await converter.close();
  });

  it('runs at most `concurrency` conversions and refuses callers beyond the queue with 503', async () => {
    const gate = path.join(dir, 'gate');
    // Waits until the test opens the gate, so that the first conversion is surely running.
    const soffice = await script('gated.sh', `while [ ! -f "${gate}" ]; do sleep 0.05; done\n${WRITE_PDF}`);
    const converter = new LibreOfficeConverter(settings({ sofficePath: soffice, queueLimit: 1 }), log);
    const first = converter.convertToPdf(Buffer.from('1'), 'rtf', 'one.rtf');
    await expect.poll(() => converter.load.running).toBe(1);
    const second = converter.convertToPdf(Buffer.from('2'), 'rtf', 'two.rtf');
    expect(converter.load).toEqual({ running: 1, waiting: 1 });
    await expect(converter.convertToPdf(Buffer.from('3'), 'rtf', 'three.rtf')).rejects.toMatchObject({
      status: 503,
    });
    await writeFile(gate, '');
    await expect(first).resolves.toBeInstanceOf(Buffer);
    await expect(second).resolves.toBeInstanceOf(Buffer);
    expect(converter.load).toEqual({ running: 0, waiting: 0 });
    await converter.close();
  });

  it('answers 503 when its work folder cannot be made, and tries again next time', async () => {
    const blocker = path.join(dir, 'a-file');
    await writeFile(blocker, '');
    const soffice = await script('ok2.sh', WRITE_PDF);
    const converter = new LibreOfficeConverter(
      settings({ sofficePath: soffice, workDir: path.join(blocker, 'work') }),
      log,
    );
    await expect(converter.convertToPdf(Buffer.from('x'), 'rtf', 'a.rtf')).rejects.toMatchObject({
      status: 503,
      message: 'The document service cannot write its temporary files',
    });
    await rm(blocker);
    await expect(converter.convertToPdf(Buffer.from('x'), 'rtf', 'a.rtf')).resolves.toBeInstanceOf(Buffer);
    await converter.close();
  });

  it('refuses new work once closed', async () => {
    const converter = new LibreOfficeConverter(settings({}), log);
    await converter.close();
    await expect(converter.convertToPdf(Buffer.from('x'), 'rtf', 'a.rtf')).rejects.toMatchObject({
      status: 503,
    });
  });
});
