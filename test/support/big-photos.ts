// Photo-like JPEGs for the buyers' pages in browsers (public-pages, lighthouse): 1600 × 1200,
// smooth shapes with grain as a camera's are, so image sizes and formats weigh as they would.
// Cars a test only shows in a list or a small box may have 800 × 600 ones (`urls(…, 'small')`):
// a quarter of the pixels to make and import, on a 2-core machine running other tests.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

/** Serves photo-like 1600 × 1200 JPEGs (smooth shapes with grain, as a camera's are), one per path; 800 × 600 under /small/. */
export class BigPhotoHost {
  private readonly cache = new Map<string, Buffer>();
  private readonly server = http.createServer((req, res) => {
    void this.photo(req.url ?? '/').then((b) => res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': b.length }).end(b));
  });
  base = '';
  async start(): Promise<void> {
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    this.base = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }
  private async photo(p: string): Promise<Buffer> {
    let b = this.cache.get(p);
    if (b) return b;
    let seed = 7;
    for (let i = 0; i < p.length; i++) seed = (seed * 31 + p.charCodeAt(i)) >>> 0;
    const rnd = () => ((seed = (seed * 1103515245 + 12345) >>> 0) >>> 8) / 0x1000000;
    const [w, h] = p.startsWith('/small/') ? [800, 600] : [1600, 1200];
    const raw = Buffer.alloc(40 * 30 * 3);
    for (let i = 0; i < raw.length; i++) raw[i] = Math.floor(rnd() * 255);
    const smooth = await sharp(raw, { raw: { width: 40, height: 30, channels: 3 } })
      .resize(w, h, { kernel: 'cubic' })
      .raw()
      .toBuffer();
    for (let i = 0; i < smooth.length; i++) smooth[i] = Math.max(0, Math.min(255, smooth[i]! + Math.floor((rnd() - 0.5) * 24)));
    b = await sharp(smooth, { raw: { width: w, height: h, channels: 3 } })
      .jpeg({ quality: 88 })
      .toBuffer();
    this.cache.set(p, b);
    return b;
  }
  urls(group: string, n: number, size: 'big' | 'small' = 'big'): string[] {
    return Array.from({ length: n }, (_, i) => `${this.base}${size === 'small' ? '/small' : ''}/${group}/${i + 1}.jpg`);
  }
  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((r) => this.server.close(() => r()));
  }
}
