// The dealers' photo server of the photo benchmarks (bench/photos.ts): serves a distinct JPEG
// at every GET /p/<anything>.jpg and counts the hits of each path.
//
// At start it makes PHOTO_BASES JPEGs of 1600×1200 (smooth random colour fields with fine grain,
// about 200–370 KB each: a decoder and an encoder get real work, unlike a flat image). A path
// maps onto one of them by its hash, and the path itself goes into a JPEG comment segment right
// after the SOI marker, so every URL answers different bytes (a different content hash, a
// different stored file) while costing nothing to make.
//
//   GET /p/….jpg              the photo (image/jpeg); counted
//   GET /__hits?prefix=/p/x/  { "hits": { "<path>": <count>, … }, "first": { "<path>": <Date.now() of its 1st hit>, … } }
//                             of the paths under prefix
//   GET /__health             200 once the images are made
//   anything else             404; counted as a miss (in /__hits as "misses")
//
// Usage: PORT=… HOST=127.0.0.1 [PHOTO_BASES=24] node bench/photo-server.mjs
import crypto from 'node:crypto';
import http from 'node:http';
import sharp from 'sharp';

const port = Number(process.env.PORT ?? 3002);
const host = process.env.HOST ?? '127.0.0.1';
const count = Number(process.env.PHOTO_BASES ?? 24);
const W = 1600;
const H = 1200;

/** One photo-like JPEG: a low-resolution random field blown up (smooth areas and edges), plus grain. */
async function makeJpeg(i) {
  const lowW = 60 + (i % 4) * 20; // 60…120 cells across: more cells, more detail, more bytes
  const lowH = Math.round((lowW * H) / W);
  const grain = 3 + (i % 3);
  const field = await sharp(crypto.randomBytes(lowW * lowH * 3), { raw: { width: lowW, height: lowH, channels: 3 } })
    .resize(W, H, { kernel: 'cubic' })
    .raw()
    .toBuffer();
  const noise = crypto.randomBytes(field.length);
  const span = 2 * grain + 1;
  for (let j = 0; j < field.length; j++) {
    const v = field[j] + (noise[j] % span) - grain;
    field[j] = v < 0 ? 0 : v > 255 ? 255 : v;
  }
  return sharp(field, { raw: { width: W, height: H, channels: 3 } })
    .jpeg({ quality: 80 + (i % 3) * 2 })
    .toBuffer();
}

const bases = [];
for (let i = 0; i < count; i++) bases.push(await makeJpeg(i));

/** The base image with a COM segment carrying `path` inserted after SOI (FF D8). */
function photoFor(path) {
  const base = bases[crypto.createHash('sha1').update(path).digest().readUInt32BE(0) % bases.length];
  const text = Buffer.from(`bench photo ${path}`, 'utf8');
  const segment = Buffer.alloc(4);
  segment.writeUInt16BE(0xfffe, 0);
  segment.writeUInt16BE(text.length + 2, 2);
  return Buffer.concat([base.subarray(0, 2), segment, text, base.subarray(2)]);
}

const hits = new Map();
const firstHit = new Map();
let misses = 0;

const server = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://x');
  if (req.method === 'GET' && url.pathname.startsWith('/p/') && url.pathname.endsWith('.jpg')) {
    hits.set(url.pathname, (hits.get(url.pathname) ?? 0) + 1);
    if (!firstHit.has(url.pathname)) firstHit.set(url.pathname, Date.now());
    const body = photoFor(url.pathname);
    res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': body.length });
    res.end(body);
    return;
  }
  if (req.method === 'GET' && url.pathname === '/__hits') {
    const prefix = url.searchParams.get('prefix') ?? '/';
    const out = {};
    const first = {};
    for (const [p, n] of hits) {
      if (!p.startsWith(prefix)) continue;
      out[p] = n;
      first[p] = firstHit.get(p);
    }
    const body = JSON.stringify({ hits: out, first, misses, sizes: bases.map((b) => b.length) });
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(body);
    return;
  }
  if (req.method === 'GET' && url.pathname === '/__health') {
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end('ok');
    return;
  }
  misses++;
  res.writeHead(404, { 'content-type': 'text/plain' });
  res.end('not found');
});

const stop = () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
server.listen(port, host);
