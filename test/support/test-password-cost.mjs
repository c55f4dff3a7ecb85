// Preloaded by the test command (`--import`): scrypt at N=2^10, r=8, p=1 instead of production's
// N=2^15, r=8, p=3, about 1/100 of the CPU a hash. src/modules/users/password.ts reads it when it
// is first loaded; the entry points refuse to start with it (P147). Hashes keep their own
// parameters, so a test hash is still verified the production way.
globalThis[Symbol.for('dealer-inventory.test-password-cost')] = Object.freeze({ N: 2 ** 10, r: 8, p: 1 });
