// The baseline of bench/photo-throughput.ts: sharp itself, alone in a process, making the photo
// copies the service makes, from the same photo server's JPEGs, with the same images at once
// and libvips threads per image. Prints one JSON line: { images, seconds, perSecond, cpuMsPerImage }
// (the process's CPU time over the timed images: a figure other load on the machine moves little).
//
//   PHOTO_URL=http://127.0.0.1:…  the bench photo server (bench/photo-server.mjs)
//   SAMPLE=200                     distinct photos fetched first (GET /p/baseline/<n>.jpg)
//   IMAGES=400                     photos processed (the sample cycled), after a warm-up of 20
//   AT_ONCE=1                      photos in flight at once
//   THREADS=1                      sharp.concurrency(); 0 leaves sharp's default (the CPUs)
//   NICENESS=10                    the process's CPU priority, as the server's image process has
//   OUTPUTS=same                   same: the copies the service makes (P88, P241), from one
//                                  decode: 1280, 960 and 480 px, each as JPEG and WebP;
//                                  display: the 1280 px JPEG only (the service's work before P88)
import fs from 'node:fs';
import os from 'node:os';
import sharp from 'sharp';

const env = (name, def) => process.env[name] ?? def;
const photoUrl = env('PHOTO_URL');
const sample = Number(env('SAMPLE', '200'));
const images = Number(env('IMAGES', '400'));
const atOnce = Number(env('AT_ONCE', '1'));
const threads = Number(env('THREADS', '1'));
const outputs = env('OUTPUTS', 'same');
if (!photoUrl) throw new Error('PHOTO_URL is required');

// As src/modules/photos/image-worker.ts: every thread there now, later ones inherit it.
const niceness = Number(env('NICENESS', '0'));
const lower = () => {
  for (const tid of fs.existsSync('/proc/self/task') ? fs.readdirSync('/proc/self/task').map(Number) : [0]) {
    try {
      os.setPriority(tid, niceness);
    } catch {
      // ended meanwhile
    }
  }
};
lower();
if (threads > 0) sharp.concurrency(threads);
sharp.cache(false);

const inputs = [];
for (let i = 0; i < sample; i++) {
  const res = await fetch(`${photoUrl}/p/baseline/${i}.jpg`);
  if (res.status !== 200) throw new Error(`GET /p/baseline/${i}.jpg answered ${res.status}`);
  inputs.push(Buffer.from(await res.arrayBuffer()));
}

// The service's settings (src/modules/photos/image.ts): header read, then one pipeline.
const options = { limitInputPixels: 40_000_000, failOn: 'truncated', sequentialRead: true };
const jpeg = (s) => s.jpeg({ quality: 86, progressive: true }).toBuffer();
const webp = (s) => s.webp({ quality: 78, effort: 2 }).toBuffer();
async function one(bytes) {
  await sharp(bytes, options).metadata();
  const base = sharp(bytes, options).rotate().resize({ width: 1280, withoutEnlargement: true });
  if (outputs !== 'same') return void (await jpeg(base));
  const { data, info } = await base.raw().toBuffer({ resolveWithObject: true });
  const px = () => sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
  await Promise.all([jpeg(px()), webp(px()), ...[960, 480].flatMap((w) => [jpeg(px().resize({ width: w })), webp(px().resize({ width: w }))])]);
}

async function run(count) {
  let next = 0;
  const lane = async () => {
    while (next < count) await one(inputs[next++ % inputs.length]);
  };
  await Promise.all(Array.from({ length: atOnce }, lane));
}

await run(20);
lower();
const t0 = performance.now();
const cpu0 = process.cpuUsage();
await run(images);
const seconds = (performance.now() - t0) / 1000;
const cpu = process.cpuUsage(cpu0);
const cpuMsPerImage = (cpu.user + cpu.system) / 1000 / images;
process.stdout.write(`${JSON.stringify({ images, seconds, perSecond: images / seconds, cpuMsPerImage })}\n`);
