// Sealing a completed document (issue 5): a 50-page document, 3 recipients (each with their own
// drawn signature), 60 fields. The target applies to the sealing of the document, the PDF build
// of the signing module (`buildSealedPdf`: stamp the values, append the certificate of
// completion, PAdES-sign with the instance's RSA-3072 key): under 1 s and at most 3x the floor,
// a pdf-lib load + save of the same file with the same options as the seal (`loadPdf`,
// `SEAL_SAVE_OPTIONS`), in alternating rounds of the same run, compared by their medians. The
// whole `documents.seal` job (read the rows and the file, build, store, the completion
// transaction with its mails) is printed for information, with the time of each stage. The
// script is TypeScript (it drives the server's own modules in-process on an embedded database)
// and runs with tsx. BENCH_ROUNDS (default 25), BENCH_OUT=<file> keeps a sealed PDF to look at;
// BENCH_TSA=1 seals with timestamps from a local authority in this process, BENCH_TSA=process from
// one in a process of its own (bench/seal/tsa-process.ts).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const result = spawnSync(path.join(root, 'node_modules/.bin/tsx'), [path.join(here, 'seal-bench.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' },
});
process.exit(result.status ?? 1);
