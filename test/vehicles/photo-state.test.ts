// pendingPhotoState (P57) writes a new car's photo state as text: it must be exactly the JSON of
// photoStateOf with no photo rows, whatever the URLs hold.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { pendingPhotoState, photoStateOf } from '../../src/modules/vehicles/photos/state.js';

test('pendingPhotoState is the JSON of photoStateOf with every photo pending', () => {
  const lists = [
    [],
    ['https://x.example/a.jpg'],
    ['https://x.example/a.jpg', 'https://x.example/a.jpg', 'https://x.example/b.jpg?x=1&y="2"'],
    ['https://x.example/ñandú/ü.jpg', 'https://x.example/\u2028\\/tab\there.jpg'],
  ];
  for (const photos of lists) assert.equal(pendingPhotoState(photos), JSON.stringify(photoStateOf(JSON.stringify(photos), new Map())));
});
