import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a test receiver got, and the status it answered. */
export type ReceivedRequest = {
  path: string;
  headers: Record<string, string>;
  body: string;
  status: number;
};

/** Which status a path answers to its n-th request (1-based); default 200. */
export type ReceiverPlan = (n: number) => number;

export type TestReceiver = {
  url: (path: string) => string;
  port: number;
  requests: ReceivedRequest[];
  plan: (path: string, plan: ReceiverPlan) => void;
  close: () => Promise<void>;
};

/** A webhook receiver on 127.0.0.1 (tests): records every request; each path answers by its plan. */
export async function startReceiver(): Promise<TestReceiver> {
  const plans = new Map<string, ReceiverPlan>();
  const counts = new Map<string, number>();
  const requests: ReceivedRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = (req.url ?? '/').split('?')[0]!;
      const n = (counts.get(path) ?? 0) + 1;
      counts.set(path, n);
      const status = plans.get(path)?.(n) ?? 200;
      const headers: Record<string, string> = {};
      for (const [key, value] of Object.entries(req.headers)) headers[key] = String(value);
      requests.push({ path, headers, body: Buffer.concat(chunks).toString('utf8'), status });
      // A failure answers a long body: the log keeps only its start.
      const answer = status >= 300 ? `failure ${n} `.padEnd(3000, 'x') : 'ok';
      res.writeHead(status, { 'content-type': 'text/plain' }).end(answer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: (path) => `http://127.0.0.1:${port}${path}`,
    requests,
    plan: (path, plan) => plans.set(path, plan),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
