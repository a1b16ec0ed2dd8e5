#!/usr/bin/env node
// Tiny dependency-free static file server for the built app (dist/), used by ./play --static and the browser tests.
//
//   node tools/serve.mjs [DIR=dist] [--port 8080] [--host 127.0.0.1] [--prefix /]
//
// --prefix serves DIR under a sub-path (e.g. /games/) and answers 404 outside it, which catches absolute
// asset URLs. --port 0 picks a free port. It serves the way the relay does (crates/relay/src/assets.rs,
// docs/deploy.md), so the browser tests load what players load:
// - the build's precompressed copy FILE.br or FILE.gz when the request's Accept-Encoding takes it (the
//   highest q-value; brotli before gzip at equal ones), with Content-Encoding and Vary: Accept-Encoding;
// - Content-Type by the extension of the file asked for: application/wasm for wasm (needed for the
//   streaming compile), UTF-8 text types;
// - Cache-Control: `public, max-age=31536000, immutable` for content-hashed names
//   (`hokm-ed0b20c4a6310f71.js`, `…_bg.wasm`, `style-….css`, `favicon-….svg`), `no-cache` for the rest;
// - Last-Modified and an ETag (size, time and encoding of the file sent); If-None-Match (or, without it,
//   If-Modified-Since) answered with 304.

import { createServer } from 'node:http';
import { createReadStream, promises as fs } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const MIME = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

export const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Whether a file name holds its content's hash as tools/web-page.mjs writes it (never an HTML page). */
export function isHashed(name) {
  return /^[^./]+-[0-9a-f]{16}(_bg)?\.(?!html(\.|$))[^/]+$/.test(name);
}

/** The encodings of an Accept-Encoding header we have copies for, best first: [['br', '.br'], ['gzip', '.gz']]. */
function encodings(header) {
  const found = [];
  for (const part of String(header || '').split(',')) {
    const [token, ...params] = part.trim().split(';');
    const name = token.trim().toLowerCase();
    const enc = name === 'br' ? ['br', '.br', 2] : name === 'gzip' || name === 'x-gzip' ? ['gzip', '.gz', 1] : null;
    if (!enc) continue;
    let q = 1;
    for (const p of params) {
      const m = /^\s*q\s*=\s*([01](\.\d{0,3})?)\s*$/i.exec(p);
      if (m) q = Number(m[1]);
    }
    if (q > 0) found.push([...enc, q]);
  }
  return found.sort((a, b) => b[3] - a[3] || b[2] - a[2]).map(([name, ext]) => [name, ext]);
}

/** Whether an If-None-Match header names `tag` (weak comparison) or is `*`. */
function noneMatch(header, tag) {
  const bare = (t) => t.trim().replace(/^W\//, '');
  return String(header)
    .split(',')
    .some((t) => t.trim() === '*' || bare(t) === bare(tag));
}

/**
 * Serve `root` (a built dist/) under the URL prefix `prefix` (e.g. "/games/") on 127.0.0.1 and a free port.
 * Anything outside the prefix is a 404, so absolute asset URLs in the build would be caught.
 * Returns { url, close }, where url is the full address of the app, ending in the prefix.
 */
export async function startStaticServer(root, prefix = '/games/', { port = 0, host = '127.0.0.1' } = {}) {
  const base = prefix.endsWith('/') ? prefix : `${prefix}/`;
  const rootAbs = path.resolve(root);
  const server = createServer(async (req, res) => {
    try {
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.writeHead(405, { Allow: 'GET, HEAD' });
        return res.end();
      }
      const url = new URL(req.url, 'http://localhost');
      let pathname;
      try {
        pathname = decodeURIComponent(url.pathname);
      } catch {
        res.writeHead(400);
        return res.end('bad path');
      }
      if (pathname === base.slice(0, -1)) {
        res.writeHead(301, { Location: base });
        return res.end();
      }
      if (!pathname.startsWith(base) || pathname.includes('\0')) {
        res.writeHead(404);
        return res.end('not found');
      }
      let file = path.join(rootAbs, pathname.slice(base.length));
      if (file !== rootAbs && !file.startsWith(rootAbs + path.sep)) {
        res.writeHead(403);
        return res.end();
      }
      let stat = await fs.stat(file).catch(() => null);
      if (stat && stat.isDirectory()) {
        file = path.join(file, 'index.html');
        stat = await fs.stat(file).catch(() => null);
      }
      if (!stat || !stat.isFile()) {
        res.writeHead(404);
        return res.end('not found');
      }
      // The copy to send: the best encoding the request takes that has a copy beside the file.
      let sent = file;
      let encoding = null;
      for (const [name, ext] of encodings(req.headers['accept-encoding'])) {
        const copy = await fs.stat(file + ext).catch(() => null);
        if (copy && copy.isFile()) {
          sent = file + ext;
          encoding = name;
          stat = copy;
          break;
        }
      }
      const name = path.basename(file);
      const mtime = Math.floor(stat.mtimeMs / 1000) * 1000;
      const tag = `"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}-${encoding || 'identity'}"`;
      const headers = {
        'Content-Type': MIME[path.extname(file)] || 'application/octet-stream',
        'Cache-Control': isHashed(name) ? IMMUTABLE : 'no-cache',
        Vary: 'Accept-Encoding',
        ETag: tag,
        'Last-Modified': new Date(mtime).toUTCString(),
      };
      const inm = req.headers['if-none-match'];
      const ims = Date.parse(req.headers['if-modified-since'] || '');
      if (inm !== undefined ? noneMatch(inm, tag) : ims >= mtime) {
        delete headers['Content-Type'];
        res.writeHead(304, headers);
        return res.end();
      }
      if (encoding) headers['Content-Encoding'] = encoding;
      headers['Content-Length'] = stat.size;
      res.writeHead(200, headers);
      if (req.method === 'HEAD') return res.end();
      createReadStream(sent).pipe(res);
    } catch (err) {
      res.writeHead(500);
      res.end(String(err));
    }
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  return {
    url: `http://${host}:${server.address().port}${base}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}


// Command line use.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const opts = { dir: 'dist', port: 8080, host: '127.0.0.1', prefix: '/' };
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--port') opts.port = Number(args[++i]);
    else if (args[i] === '--host') opts.host = args[++i];
    else if (args[i] === '--prefix') opts.prefix = args[++i];
    else opts.dir = args[i];
  }
  const server = await startStaticServer(opts.dir, opts.prefix, opts);
  console.log(`serving ${path.resolve(opts.dir)} at ${server.url}  (Ctrl-C to stop)`);
  const stop = async () => {
    await server.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
