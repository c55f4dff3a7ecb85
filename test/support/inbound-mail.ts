// The real-looking answers of buyers in test/fixtures/inbound/ (D40), addressed to a lead's reply
// address, each with a Message-ID of its own unless `id` is given.
import fs from 'node:fs';

let seq = 0;

export function inboundFixture(name: string, to: string, id = `${process.pid}-${++seq}`): Buffer {
  const text = fs.readFileSync(new URL(`../fixtures/inbound/${name}.eml`, import.meta.url), 'utf8');
  return Buffer.from(text.replaceAll('{{TO}}', to).replaceAll('{{ID}}', id).replace(/\r?\n/g, '\r\n'));
}

/**
 * Messages no mail client writes (D40: oversized parts, malformed or hostile MIME): each must be
 * answered in time with a 2xx or a 4xx, never take the service down. `to` is where they claim to go.
 */
export function hostileMails(to: string): [string, Buffer][] {
  const head = (extra = '') => `From: x@attacker.example\r\nTo: ${to}\r\nSubject: x\r\nMessage-ID: <${Math.random()}@attacker.example>\r\n${extra}`;
  const nested = (depth: number) => {
    let body = 'Content-Type: text/plain\r\n\r\nfondo\r\n';
    for (let i = 0; i < depth; i++) body = `Content-Type: multipart/mixed; boundary="b${i}"\r\n\r\n--b${i}\r\n${body}\r\n--b${i}--\r\n`;
    return body;
  };
  const rfc822 = (depth: number) => {
    let body = `${head()}Content-Type: text/plain\r\n\r\nadentro\r\n`;
    for (let i = 0; i < depth; i++) body = `${head()}Content-Type: message/rfc822\r\n\r\n${body}`;
    return body;
  };
  const cases: [string, string | Buffer][] = [
    ['multiparts nested 500 deep', `${head()}${nested(500)}`],
    ['messages nested 200 deep', rfc822(200)],
    [
      'a boundary never closed',
      `${head()}Content-Type: multipart/mixed; boundary="x"\r\n\r\n--x\r\nContent-Type: text/plain\r\n\r\n${'sin fin '.repeat(20_000)}`,
    ],
    ['a 1 MB header line', `${head(`X-Long: ${'a'.repeat(1024 * 1024)}\r\n`)}\r\nHola\r\n`],
    ['20 000 headers', `${head(Array.from({ length: 20_000 }, (_, i) => `X-H${i}: v\r\n`).join(''))}\r\nHola\r\n`],
    [
      'broken base64 and an unknown charset',
      `${head()}Content-Type: text/plain; charset="x-no-such-charset"\r\nContent-Transfer-Encoding: base64\r\n\r\n!!!%%%***\r\n`,
    ],
    [
      'encoded words gone wrong',
      `From: =?utf-8?Q?=FF=FE?= <x@attacker.example>\r\nTo: =?x?B?////?= <${to}>\r\nSubject: =?utf-8?B?${'/'.repeat(50_000)}?=\r\n\r\nHola\r\n`,
    ],
    ['NUL, bidi and zero-width characters', `${head()}Content-Type: text/plain; charset=utf-8\r\n\r\nHola\u0000\u202e\u200b 351 555\u200b0199\r\n`],
    [
      '10 000 recipients',
      `From: x@attacker.example\r\nTo: ${Array.from({ length: 10_000 }, (_, i) => `a${i}@attacker.example`).join(', ')}, ${to}\r\nSubject: x\r\n\r\nHola\r\n`,
    ],
    ['a huge content-type parameter', `${head()}Content-Type: text/plain; ${'p=1; '.repeat(50_000)}charset=utf-8\r\n\r\nHola\r\n`],
    ['HTML only, 200 000 nested tags', `${head()}Content-Type: text/html\r\n\r\n${'<div>'.repeat(200_000)}Hola${'</div>'.repeat(10)}\r\n`],
    [
      'a quoted-printable body of soft breaks',
      `${head()}Content-Type: text/plain\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n${'=\r\n'.repeat(200_000)}Hola\r\n`,
    ],
    ['headers only, no body', head()],
    ['no headers at all', '\r\n\r\n\r\n'],
    ['random bytes', Buffer.from(Array.from({ length: 200_000 }, (_, i) => (i * 7919 + 13) % 256))],
  ];
  return cases.map(([name, raw]) => [name, Buffer.isBuffer(raw) ? raw : Buffer.from(raw, 'utf8')]);
}
