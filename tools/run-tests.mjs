// The workspace's Rust tests, their binaries run side by side (./test calls it).
//   node tools/run-tests.mjs [--jobs N]
//
// `cargo test --workspace` runs one test binary after another. Most of ours spend their time in a
// few long tests on one thread (a property test of one game, a relay playing a match), so a core
// stood idle for about a minute of every `./test`. This builds them with `cargo test --workspace
// --no-run` (the same build, the same features as `cargo test --workspace`: running cargo once
// per group of packages builds the dependencies again with other features, which cost minutes),
// then runs every binary as cargo would (from its package's folder), N at a time (default: the
// machine's cores), the longest of the last run first (target/test-logs/times.json), each one's
// output printed whole when it ends, then the doc tests. Exits non-zero if any binary failed,
// after all have run.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const args = process.argv.slice(2);
let jobs = os.availableParallelism?.() ?? os.cpus().length;
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--jobs') jobs = Number(args[++i]);
  else throw new Error(`run-tests: unknown argument ${args[i]}`);
}
if (!(jobs >= 1)) throw new Error('run-tests: --jobs must be a positive number');

const build = spawnSync(
  'cargo',
  ['test', '--workspace', '--no-run', '--quiet', '--message-format=json-render-diagnostics'],
  { cwd: root, stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 1 << 30, encoding: 'utf8' },
);
if (build.status !== 0) {
  console.error('run-tests: the build failed (above)');
  process.exit(1);
}
const binaries = [];
for (const line of build.stdout.split('\n')) {
  if (!line.startsWith('{')) continue;
  const m = JSON.parse(line);
  if (m.reason !== 'compiler-artifact' || !m.profile?.test || !m.executable) continue;
  const cwd = path.dirname(m.manifest_path);
  const name = `${path.relative(root, cwd) || '.'}: ${path.relative(cwd, m.target.src_path)}`;
  binaries.push({ exe: m.executable, cwd, name });
}
if (binaries.length === 0) {
  console.error('run-tests: cargo listed no test binary');
  process.exit(1);
}

// The last run's time of each binary, to start the longest first.
const logDir = path.join(root, 'target', 'test-logs');
fs.mkdirSync(logDir, { recursive: true });
const timesFile = path.join(logDir, 'times.json');
let last = {};
try {
  last = JSON.parse(fs.readFileSync(timesFile, 'utf8'));
} catch {
  // No record yet: `known` below.
}
// Without a record (a fresh clone): the two that take longest (41 s and 21 s beside another
// binary in a fresh clone's ./test on 2026-11-28), then cargo's order.
const known = { 'crates/engine: src/lib.rs': 41, 'crates/search: tests/brute_force.rs': 21 };
const weight = (b) => last[b.name] ?? known[b.name] ?? 0;
const queue = [...binaries].sort((a, b) => weight(b) - weight(a));

function run(b) {
  return new Promise((resolve) => {
    const t0 = Date.now();
    const child = spawn(b.exe, [], { cwd: b.cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    const out = [];
    child.stdout.on('data', (d) => out.push(d));
    child.stderr.on('data', (d) => out.push(d));
    child.on('error', (e) => out.push(Buffer.from(`run-tests: ${e.message}\n`)));
    child.on('close', (code, signal) => {
      const secs = (Date.now() - t0) / 1000;
      process.stdout.write(`\n     Running ${b.name} (${path.relative(root, b.exe)}), ${secs.toFixed(1)} s\n`);
      process.stdout.write(Buffer.concat(out));
      resolve({ b, ok: code === 0, secs, why: signal ? `killed by ${signal}` : `exit ${code}` });
    });
  });
}

const results = [];
async function worker() {
  for (let b = queue.shift(); b; b = queue.shift()) results.push(await run(b));
}
const t0 = Date.now();
await Promise.all(Array.from({ length: Math.min(jobs, binaries.length) }, worker));
fs.writeFileSync(timesFile, JSON.stringify(Object.fromEntries(results.map((r) => [r.b.name, r.secs])), null, 1));

const doc = spawnSync('cargo', ['test', '--workspace', '--doc', '--quiet'], { cwd: root, stdio: 'inherit' });
const failed = results.filter((r) => !r.ok);
console.log(
  `\nrun-tests: ${results.length} test binaries, ${jobs} at a time, in ${((Date.now() - t0) / 1000).toFixed(1)} s; ` +
    `${failed.length} failed; doc tests ${doc.status === 0 ? 'ok' : 'FAILED'}`,
);
for (const r of failed) console.log(`  FAILED: ${r.b.name} (${r.why})`);
process.exit(failed.length === 0 && doc.status === 0 ? 0 : 1);
