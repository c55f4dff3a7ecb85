// Secrets kept at rest (webhook signing secrets): sealed with the server key, tamper-evident,
// and the key file made once, 0600, shared by every process that starts on the same DATA_DIR.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import { KEY_FILE, loadServerKey, secretBox } from '../../src/core/secret-box.js';

describe('secret box', () => {
  test('seal/open round trip; a fresh IV each time; another key or a changed byte fails', () => {
    const box = secretBox(Buffer.alloc(32, 1));
    const a = box.seal('whsec_abc');
    const b = box.seal('whsec_abc');
    assert.notEqual(a, b);
    assert.ok(!a.includes('whsec_abc'));
    assert.equal(box.open(a), 'whsec_abc');
    assert.throws(() => secretBox(Buffer.alloc(32, 2)).open(a));
    const parts = a.split(':');
    const body = Buffer.from(parts[2]!, 'base64url');
    body[0] = body[0]! ^ 1;
    parts[2] = body.toString('base64url');
    assert.throws(() => box.open(parts.join(':')));
    assert.throws(() => box.open('plain text'));
  });

  test('the key file is generated once (0600) and read back; SECRET_KEY wins', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'secret-box-'));
    try {
      const k1 = loadServerKey(undefined, dir);
      const k2 = loadServerKey(undefined, dir);
      assert.equal(k1.length, 32);
      assert.deepEqual(k1, k2);
      assert.equal(fs.statSync(path.join(dir, KEY_FILE)).mode & 0o777, 0o600);
      assert.deepEqual(loadServerKey(Buffer.alloc(32, 9), dir), Buffer.alloc(32, 9));
      fs.writeFileSync(path.join(dir, KEY_FILE), 'garbage');
      assert.throws(() => loadServerKey(undefined, dir), /secret\.key/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
