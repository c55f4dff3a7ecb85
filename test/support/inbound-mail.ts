// The real-looking answers of buyers in test/fixtures/inbound/ (D40), addressed to a lead's reply
// address, each with a Message-ID of its own unless `id` is given.
import fs from 'node:fs';

let seq = 0;

export function inboundFixture(name: string, to: string, id = `${process.pid}-${++seq}`): Buffer {
  const text = fs.readFileSync(new URL(`../fixtures/inbound/${name}.eml`, import.meta.url), 'utf8');
  return Buffer.from(text.replaceAll('{{TO}}', to).replaceAll('{{ID}}', id).replace(/\r?\n/g, '\r\n'));
}
