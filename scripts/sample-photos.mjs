// Serves the three sample photos of docs/samples/photos/ on a loopback port, so that the README's
// quick start ends with an active car without any photo host of your own:
//   npm run sample-photos            -> http://127.0.0.1:3001/1.jpg … /3.jpg
// SAMPLE_PHOTOS_PORT picks another port. The service only downloads from such a private address
// when started with OUTBOUND_ALLOW_PRIVATE_NETWORKS=true (development only).
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'docs', 'samples', 'photos');
const port = Number(process.env.SAMPLE_PHOTOS_PORT ?? 3001);
const photos = new Map(
  fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.jpg'))
    .map((f) => [`/${f}`, fs.readFileSync(path.join(dir, f))]),
);

const server = http.createServer((req, res) => {
  const body = req.method === 'GET' || req.method === 'HEAD' ? photos.get(new URL(req.url ?? '/', 'http://x').pathname) : undefined;
  if (!body) {
    res.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
    return;
  }
  res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': body.length });
  res.end(req.method === 'HEAD' ? undefined : body);
});

server.listen(port, '127.0.0.1', () => {
  const urls = [...photos.keys()].map((p) => `http://127.0.0.1:${port}${p}`);
  process.stdout.write(`serving ${urls.length} sample photos:\n${urls.join('\n')}\n(Ctrl-C to stop)\n`);
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.close(() => process.exit(0)));
