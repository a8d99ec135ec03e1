// Run after any dependency change: node .ci/lock-optional-stubs.mjs package-lock.json
// (the npm mirror serves no other-platform optional builds, so npm install leaves them out
// of the lock and npm ci in a fresh clone then refuses it as out of sync).
// Adds lock entries for optional platform packages the registry mirror does not serve, so
// `npm ci` finds every optional dependency named in the lock (they are never installed here).
import fs from 'node:fs';
const file = process.argv[2];
const lock = JSON.parse(fs.readFileSync(file, 'utf8'));
const OS = [
  'android',
  'darwin',
  'freebsd',
  'linux',
  'win32',
  'openbsd',
  'netbsd',
  'sunos',
  'aix',
  'openharmony',
  'wasi',
];
const CPU = [
  'arm64',
  'x64',
  'ia32',
  'arm',
  'riscv64',
  'ppc64',
  's390x',
  'loong64',
  'wasm32',
  'mips64el',
];
let added = 0;
for (const [key, entry] of Object.entries(lock.packages)) {
  const optional = entry.optionalDependencies;
  if (!optional) continue;
  const base = key === '' ? 'node_modules/' : `${key}/node_modules/`;
  for (const [name, spec] of Object.entries(optional)) {
    const nested = `${base}${name}`;
    const top = `node_modules/${name}`;
    if (lock.packages[nested] || lock.packages[top]) continue;
    const parts = name.split('/').pop().split('-');
    const os = OS.filter((o) => parts.includes(o) || (o === 'win32' && parts.includes('win32')));
    const cpu = CPU.filter((c) => parts.includes(c) || (c === 'arm' && parts.includes('arm')));
    const stub = { version: spec.replace(/^[\^~=]/, ''), dev: !!entry.dev, optional: true };
    if (os.length) stub.os = os;
    if (cpu.length) stub.cpu = cpu;
    lock.packages[top] = stub;
    added++;
  }
}
fs.writeFileSync(file, JSON.stringify(lock, null, 2) + '\n');
console.log(`added ${added} entries`);
