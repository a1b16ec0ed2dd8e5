// Writes the web app's pages from index.html (called by tools/build-web.sh; docs/web-build.md).
//
//   node tools/web-page.mjs assets OUT
//       The files every page shares, into OUT/: static/style.css minified as style-<hash>.css,
//       static/favicon.svg as favicon-<hash>.svg, static/fonts/*.woff2 as fonts/<name>-<hash>.woff2
//       (the CSS's url()s renamed to match) with the fonts' licence OFL.txt, and OUT.json beside
//       it (each file's name and SRI hash, and the preloaded font) for the pages.
//   node tools/web-page.mjs page ASSETS_JSON BIN BINDGEN_DIR OUT HTML_NAME
//       One page: BINDGEN_DIR holds wasm-bindgen's BIN.js and BIN_bg.wasm (after wasm-opt);
//       writes OUT/BIN-<hash>.js (minified) and OUT/BIN-<hash>_bg.wasm, and OUT/HTML_NAME:
//       index.html with its `data-build` links filled in, minified.
//
// index.html's placeholders: `<link data-build rel="rust" />` becomes the module script that
// starts the page's wasm, with a modulepreload of its JS and a preload of its wasm (so the
// browser fetches both at once); `rel="css"` and `rel="icon"` become the hashed files' links,
// the CSS's with a preload of the regular font (PRELOAD_FONT): without it the browser asks for
// the font only once the wasm has drawn text, and draws that text in the system font first.
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

// The font every page's text starts in (the bold weight is left to the CSS: preloading it too
// would take more of a slow line from the wasm than it saves).
const PRELOAD_FONT = 'Vazirmatn-Regular.woff2';

/**
 * static/fonts/*.woff2 into OUT/fonts/ as <name>-<hash>.woff2 (so the servers mark them
 * immutable), and OFL.txt beside them; glyphs.txt (tools/subset-fonts.sh's list) stays out.
 * Returns each font's new name by its name in static/fonts/.
 */
function fonts(out) {
  const names = {};
  for (const f of readdirSync(join(ROOT, 'static/fonts')).sort()) {
    const from = join(ROOT, 'static/fonts', f);
    if (f.endsWith('.woff2')) {
      const bytes = readFileSync(from);
      names[f] = `${f.slice(0, -'.woff2'.length)}-${hash16(bytes)}.woff2`;
      writeFileSync(join(out, 'fonts', names[f]), bytes);
    } else if (f === 'OFL.txt') {
      copyFileSync(from, join(out, 'fonts', f));
    }
  }
  return names;
}

/** The CSS with each `url(fonts/NAME)` renamed by `names`; every font named, and only those. */
function renameFonts(css, names) {
  const used = new Set();
  const renamed = css.replace(/url\((["']?)fonts\/([^"')]+)\1\)/g, (_, q, f) => {
    if (!(f in names)) throw new Error(`web-page: style.css names fonts/${f}, which static/fonts/ does not hold`);
    used.add(f);
    return `url(${q}fonts/${names[f]}${q})`;
  });
  for (const f of Object.keys(names)) {
    if (!used.has(f)) throw new Error(`web-page: static/fonts/${f} is named by no url() of style.css`);
  }
  return renamed;
}

function assets(out) {
  mkdirSync(join(out, 'fonts'), { recursive: true });
  const fontNames = fonts(out);
  if (!(PRELOAD_FONT in fontNames)) throw new Error(`web-page: static/fonts/ has no ${PRELOAD_FONT}`);
  const css = transformSync(renameFonts(readFileSync(join(ROOT, 'static/style.css'), 'utf8'), fontNames), {
    loader: 'css',
    minify: true,
  }).code;
  const cssName = `style-${hash16(css)}.css`;
  writeFileSync(join(out, cssName), css);
  const icon = readFileSync(join(ROOT, 'static/favicon.svg'));
  const iconName = `favicon-${hash16(icon)}.svg`;
  writeFileSync(join(out, iconName), icon);
  const manifest = {
    css: { name: cssName, integrity: integrity(css) },
    icon: { name: iconName, integrity: integrity(icon) },
    font: { name: `fonts/${fontNames[PRELOAD_FONT]}` },
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
    // A font is fetched in CORS mode (crossorigin), and without integrity: the CSS's request
    // for it carries none, and a preload is used only by a request that matches it.
    css:
      `<link rel="preload" href="./${shared.font.name}" as="font" type="font/woff2" crossorigin>` +
      `<link rel="stylesheet" href="./${shared.css.name}" integrity="${shared.css.integrity}">`,
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
