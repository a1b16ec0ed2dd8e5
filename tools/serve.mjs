#!/usr/bin/env node
// Tiny dependency-free static file server for the built app (dist/), used by ./play and the browser tests.
//
//   node tools/serve.mjs [DIR=dist] [--port 8080] [--host 127.0.0.1] [--prefix /]
//
// --prefix serves DIR under a sub-path (e.g. /games/) and answers 404 outside it, which catches absolute
// asset URLs. --port 0 picks a free port. Serves .wasm as application/wasm (needed for streaming compile).

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
      const url = new URL(req.url, 'http://localhost');
      const pathname = decodeURIComponent(url.pathname);
      if (pathname === base.slice(0, -1)) {
        res.writeHead(301, { Location: base });
        return res.end();
      }
      if (!pathname.startsWith(base)) {
        res.writeHead(404);
        return res.end('not found');
      }
      let file = path.join(rootAbs, pathname.slice(base.length));
      if (!file.startsWith(rootAbs)) {
        res.writeHead(403);
        return res.end();
      }
      let stat = await fs.stat(file).catch(() => null);
      if (stat && stat.isDirectory()) {
        file = path.join(file, 'index.html');
        stat = await fs.stat(file).catch(() => null);
      }
      if (!stat) {
        res.writeHead(404);
        return res.end('not found');
      }
      res.writeHead(200, {
        'Content-Type': MIME[path.extname(file)] || 'application/octet-stream',
        'Content-Length': stat.size,
        'Cache-Control': 'no-store',
      });
      createReadStream(file).pipe(res);
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
