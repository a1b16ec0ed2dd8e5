// Writes the web app's pages from index.html (called by tools/build-web.sh; docs/web-build.md).
//
//   node tools/web-page.mjs assets OUT
//       The files every page shares, into OUT/: static/style.css minified as style-<hash>.css,
//       static/favicon.svg as favicon-<hash>.svg, static/fonts/ as fonts/ (fixed names: the CSS
//       names them), and OUT.json beside it (each file's name and SRI hash) for the pages.
//   node tools/web-page.mjs page ASSETS_JSON BIN BINDGEN_DIR OUT HTML_NAME
//       One page: BINDGEN_DIR holds wasm-bindgen's BIN.js and BIN_bg.wasm (after wasm-opt);
//       writes OUT/BIN-<hash>.js (minified) and OUT/BIN-<hash>_bg.wasm, and OUT/HTML_NAME:
//       index.html with its `data-build` links filled in, minified.
//
// index.html's placeholders: `<link data-build rel="rust" />` becomes the module script that
// starts the page's wasm, with a modulepreload of its JS and a preload of its wasm (so the
// browser fetches both at once); `rel="css"` and `rel="icon"` become the hashed files' links.
// Every hashed file carries its SRI hash (integrity). Names hold the first 16 hex digits of the
// SHA-256 of the content, so a changed file gets a new name and a cached one is never stale.
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { transformSync } from 'esbuild';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

const hash16 = (...parts) => {
  const h = createHash('sha256');
  for (const p of parts) h.update(p);
  return h.digest('hex').slice(0, 16);
};
const integrity = (bytes) => `sha384-${createHash('sha384').update(bytes).digest('base64')}`;

function assets(out) {
  mkdirSync(join(out, 'fonts'), { recursive: true });
  const css = transformSync(readFileSync(join(ROOT, 'static/style.css'), 'utf8'), {
    loader: 'css',
    minify: true,
  }).code;
  const cssName = `style-${hash16(css)}.css`;
  writeFileSync(join(out, cssName), css);
  const icon = readFileSync(join(ROOT, 'static/favicon.svg'));
  const iconName = `favicon-${hash16(icon)}.svg`;
  writeFileSync(join(out, iconName), icon);
  for (const f of readdirSync(join(ROOT, 'static/fonts'))) {
    copyFileSync(join(ROOT, 'static/fonts', f), join(out, 'fonts', f));
  }
  const manifest = {
    css: { name: cssName, integrity: integrity(css) },
    icon: { name: iconName, integrity: integrity(icon) },
  };
  writeFileSync(`${out}.json`, JSON.stringify(manifest, null, 2));
}

/** index.html without comments and the whitespace between tags, its inline scripts minified. */
function minifyHtml(html) {
  const scripts = [];
  const held = html.replace(/(<script\b[^>]*>)([\s\S]*?)(<\/script>)/g, (_, open, body, close) => {
    const module = /type="module"/.test(open);
    const code = transformSync(body, { loader: 'js', minify: true, format: module ? 'esm' : undefined }).code.trim();
    scripts.push(open + code + close);
    return `<held-script ${scripts.length - 1}>`;
  });
  return held
    .replace(/\s*<!--[\s\S]*?-->\s*/g, '\n')
    .replace(/\s*\n\s*/g, ' ')
    .replace(/>\s+</g, '><')
    .replace(/\s+\/>/g, '>')
    .trim()
    .replace(/<held-script (\d+)>/g, (_, i) => scripts[Number(i)]);
}

function page(assetsJson, bin, dir, out, htmlName) {
  const shared = JSON.parse(readFileSync(assetsJson, 'utf8'));
  const wasm = readFileSync(join(dir, `${bin}_bg.wasm`));
  const js = transformSync(readFileSync(join(dir, `${bin}.js`), 'utf8'), {
    loader: 'js',
    format: 'esm',
    minify: true,
  }).code;
  const stem = `${bin}-${hash16(js, wasm)}`;
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, `${stem}.js`), js);
  writeFileSync(join(out, `${stem}_bg.wasm`), wasm);

  const links = {
    rust:
      `<script type="module">import init from './${stem}.js'; init({ module_or_path: './${stem}_bg.wasm' });</script>` +
      `<link rel="modulepreload" href="./${stem}.js" crossorigin integrity="${integrity(js)}">` +
      `<link rel="preload" href="./${stem}_bg.wasm" as="fetch" type="application/wasm" crossorigin integrity="${integrity(wasm)}">`,
    css: `<link rel="stylesheet" href="./${shared.css.name}" integrity="${shared.css.integrity}">`,
    icon: `<link rel="icon" href="./${shared.icon.name}" integrity="${shared.icon.integrity}">`,
  };
  const template = readFileSync(join(ROOT, 'index.html'), 'utf8');
  const seen = new Set();
  const filled = template.replace(/<link data-build rel="([a-z]+)"[^>]*>/g, (tag, rel) => {
    if (!(rel in links)) throw new Error(`web-page: index.html has an unknown placeholder ${tag}`);
    seen.add(rel);
    return links[rel];
  });
  for (const rel of Object.keys(links)) {
    if (!seen.has(rel)) throw new Error(`web-page: index.html has no <link data-build rel="${rel}" />`);
  }
  writeFileSync(join(out, htmlName), minifyHtml(filled));
}

const [cmd, ...args] = process.argv.slice(2);
try {
  if (cmd === 'assets' && args.length === 1) assets(...args);
  else if (cmd === 'page' && args.length === 5) page(...args);
  else {
    console.error('usage: node tools/web-page.mjs assets OUT | page ASSETS_JSON BIN BINDGEN_DIR OUT HTML_NAME');
    process.exit(2);
  }
} catch (e) {
  console.error(e.message);
  process.exit(1);
}
