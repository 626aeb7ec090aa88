// The local RFC 3161 authority of bench/seal in a process of its own (BENCH_TSA=process): a real
// authority is another machine, so its signing must not count in the seal's main-thread CPU.
// Prints its URL on the first line of stdout; stops on SIGTERM.
import { makeTestCa, startTestTsa } from '../../apps/server/src/platform/pdf/test-pki';

const tsa = await startTestTsa(await makeTestCa());
process.stdout.write(`${tsa.url}\n`);
process.on('SIGTERM', () => {
  void tsa.close().then(() => process.exit(0));
});
