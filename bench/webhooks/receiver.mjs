// The bench's webhook receiver, in a process of its own (an external system: the server's event
// loop does not delay its answers, and its own work does not slow the server's). Answers 200 at
// once and notes when each record's event first arrived (epoch ms, sub-ms). IPC: sends
// { port } when listening; on 'report' sends { firstArrival: [[key, at], ...], received }.
import http from 'node:http';

const firstArrival = new Map();
let received = 0;
const now = () => performance.timeOrigin + performance.now();
const server = http.createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    const at = now();
    received++;
    const key = JSON.parse(Buffer.concat(chunks).toString()).data.record_id;
    if (!firstArrival.has(key)) firstArrival.set(key, at);
    res.writeHead(200).end('ok');
  });
});
server.keepAliveTimeout = 30_000;
server.listen(0, '127.0.0.1', () => process.send({ port: server.address().port }));
process.on('message', (message) => {
  if (message === 'report') process.send({ firstArrival: [...firstArrival], received });
  if (message === 'clear') {
    firstArrival.clear();
    process.send({ cleared: true });
  }
  if (message === 'stop') server.close(() => process.exit(0));
});
