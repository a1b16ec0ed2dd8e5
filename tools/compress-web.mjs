// The precompressed copies of the built site (called by tools/build-web.sh and tools/measure-web.sh;
// docs/web-build.md, docs/deploy.md). Dependency-free: Node's own zlib.
//
//   node tools/compress-web.mjs write DIST [--cache DIR]
//       Beside every compressible file of DIST (html, js, wasm, css, svg, json, webmanifest; not
//       woff2 or png, which are compressed already) writes FILE.br (brotli, quality 11) and
//       FILE.gz (gzip, level 9), each only if it is smaller than FILE. A server picks one by the
//       request's Accept-Encoding (the relay, tools/serve.mjs, nginx's gzip_static/brotli_static).
//       Copies are kept in the cache folder (default target/web-compressed/) under the SHA-256 of
//       the content, so a build recompresses only the files whose content changed (dist/ is
//       written anew on every build); entries no file of DIST uses any more are removed.
//   node tools/compress-web.mjs sizes DIST
//       One line per file of DIST (not the copies): `raw gzip brotli path`, the bytes a browser
//       receives: the size of FILE.gz / FILE.br where the copy is there and as new as FILE,
//       else compressed here the same way; a file that is not compressible (or whose copy would
//       not be smaller) counts its raw size in both columns, since it is sent as it is.
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  unlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { availableParallelism } from 'node:os';
import { extname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The extensions that get compressed copies; `true`: text (brotli's text mode). */
const COMPRESSIBLE = {
  '.html': true,
  '.js': true,
  '.mjs': true,
  '.css': true,
  '.svg': true,
  '.json': true,
  '.webmanifest': true,
  '.wasm': false,
};

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Brotli quality 11 and gzip level 9 of `bytes`: `{ br, gz }`. */
async function compress(bytes, text) {
  const [br, gz] = await Promise.all([
    brotli(bytes, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        [zlib.constants.BROTLI_PARAM_MODE]: text ? zlib.constants.BROTLI_MODE_TEXT : zlib.constants.BROTLI_MODE_GENERIC,
      },
    }),
    gzip(bytes, { level: 9 }),
  ]);
  return { br, gz };
}

/** Every file under `dir` (relative paths, sorted), the compressed copies left out. */
function files(dir) {
  const out = [];
  const walk = (d) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.isFile() && !isCopy(e.name)) out.push(relative(dir, p));
    }
  };
  walk(dir);
  return out.sort();
}

const isCopy = (name) => name.endsWith('.br') || name.endsWith('.gz');

/** Runs `task` on every item, at most `limit` at a time (zlib's async calls use libuv's threads). */
async function eachLimited(items, limit, task) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await task(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/** Writes `bytes` to `path` through a temporary file, so a reader never sees half of it. */
function writeAtomic(path, bytes) {
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, bytes);
  renameSync(tmp, path);
}

/**
 * Puts (or removes) the copy `path` so that it holds `bytes` only if they are smaller than the
 * original's; the copy gets the original's modification time (so its Last-Modified and ETag stay
 * the same from one build to the next while the original does not change).
 */
function putCopy(path, bytes, original) {
  if (bytes.length < original.size) {
    writeFileSync(path, bytes);
    utimesSync(path, original.atime, original.mtime);
  } else if (existsSync(path)) unlinkSync(path);
}

async function write(dist, cache) {
  const t0 = Date.now();
  mkdirSync(cache, { recursive: true });
  const todo = files(dist).filter((f) => extname(f) in COMPRESSIBLE);
  const used = new Set();
  let compressed = 0;
  await eachLimited(todo, availableParallelism(), async (rel) => {
    const path = join(dist, rel);
    const bytes = readFileSync(path);
    const key = createHash('sha256').update(bytes).digest('hex');
    const brKey = join(cache, `${key}.br`);
    const gzKey = join(cache, `${key}.gz`);
    used.add(`${key}.br`).add(`${key}.gz`);
    let br;
    let gz;
    if (existsSync(brKey) && existsSync(gzKey)) {
      br = readFileSync(brKey);
      gz = readFileSync(gzKey);
    } else {
      ({ br, gz } = await compress(bytes, COMPRESSIBLE[extname(rel)]));
      writeAtomic(brKey, br);
      writeAtomic(gzKey, gz);
      compressed++;
    }
    const original = statSync(path);
    putCopy(`${path}.br`, br, original);
    putCopy(`${path}.gz`, gz, original);
  });
  for (const name of readdirSync(cache)) {
    if (!used.has(name)) unlinkSync(join(cache, name));
  }
  const secs = ((Date.now() - t0) / 1000).toFixed(1);
  console.log(
    `==> build-web: brotli and gzip copies of ${todo.length} files (${compressed} compressed, ` +
      `${todo.length - compressed} from ${cache.startsWith(ROOT) ? relative(ROOT, cache) : cache}) in ${secs}s`,
  );
}

/** Prints `raw gzip brotli path` for every file of `dist` (see the top of this file). */
async function sizes(dist) {
  const lines = [];
  for (const rel of files(dist)) {
    const path = join(dist, rel);
    const stat = statSync(path);
    const raw = stat.size;
    let gz = raw;
    let br = raw;
    if (extname(rel) in COMPRESSIBLE) {
      // The copies carry the original's time (to the millisecond, as utimes sets it).
      const current = (copy) => existsSync(copy) && statSync(copy).mtimeMs >= stat.mtimeMs - 1;
      const copied = current(`${path}.br`) || current(`${path}.gz`);
      if (copied) {
        if (current(`${path}.br`)) br = statSync(`${path}.br`).size;
        if (current(`${path}.gz`)) gz = statSync(`${path}.gz`).size;
      } else {
        const c = await compress(readFileSync(path), COMPRESSIBLE[extname(rel)]);
        br = Math.min(raw, c.br.length);
        gz = Math.min(raw, c.gz.length);
      }
    }
    lines.push(`${raw} ${gz} ${br} ${rel}`);
  }
  console.log(lines.join('\n'));
}

const usage = 'usage: node tools/compress-web.mjs write DIST [--cache DIR] | sizes DIST';
const [cmd, dist, ...rest] = process.argv.slice(2);
if (!dist || !existsSync(dist)) {
  console.error(usage);
  process.exit(2);
}
if (cmd === 'write') {
  let cache = join(ROOT, 'target/web-compressed');
  if (rest[0] === '--cache' && rest[1]) cache = rest[1];
  await write(dist, cache);
} else if (cmd === 'sizes') {
  await sizes(dist);
} else {
  console.error(usage);
  process.exit(2);
}
