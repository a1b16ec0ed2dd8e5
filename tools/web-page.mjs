// Writes the web app's pages from index.html (called by tools/build-web.sh; docs/web-build.md).
//
//   node tools/web-page.mjs assets OUT
//       The files every page shares, into OUT/: static/favicon.svg as favicon-<hash>.svg,
//       static/fonts/*.woff2 as fonts/<name>-<hash>.woff2 with the fonts' licence OFL.txt,
//       static/sound.js minified as sound-<hash>.js (index.html's `cardsSound` imports it); beside
//       it OUT.css (static/style.css minified, its url()s renamed to the fonts' names) for the
//       pages to take their rules from, and OUT.json (each file's name and SRI hash, the
//       preloaded font, the stylesheet's hash and the class-name prefixes the app formats).
//   node tools/web-page.mjs page ASSETS_JSON BIN BINDGEN_DIR OUT HTML_NAME [EXTRA EXTRA_DIR]
//       One page: BINDGEN_DIR holds wasm-bindgen's BIN.js and BIN_bg.wasm (after wasm-opt);
//       writes OUT/BIN-<hash>.js (minified) and OUT/BIN-<hash>_bg.wasm (the names they call
//       each other by shortened, tools/wasm-names.mjs), OUT/style-<hash>.css (the
//       stylesheet's rules this page can use, see pruneCss) and OUT/HTML_NAME: index.html
//       with its `data-build` links filled in, minified. With EXTRA, the page's second module
//       (src/extra.rs), EXTRA.js and EXTRA_bg.wasm in EXTRA_DIR: written beside it the same way,
//       named by the page's <meta name="cards-extra">, its classes kept in the page's stylesheet.
//
// index.html's placeholders: `<link data-build rel="rust" />` becomes the module script that
// starts the page's wasm, with a modulepreload of its JS and a preload of its wasm (so the
// browser fetches both at once); `rel="css"` and `rel="icon"` become the hashed files' links,
// the CSS's with a preload of the regular font (PRELOAD_FONT): without it the browser asks for
// the font only once the wasm has drawn text, and draws that text in the system font first.
// Every hashed script, stylesheet and preload carries its SRI hash (integrity; a browser checks it
// on no other link, so the icon's has none). Names hold the first 16 hex digits of the
// SHA-256 of the content, so a changed file gets a new name and a cached one is never stale.
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { transformSync } from 'esbuild';
import { shortenNames } from './wasm-names.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

const hash16 = (...parts) => {
  const h = createHash('sha256');
  for (const p of parts) h.update(p);
  return h.digest('hex').slice(0, 16);
};
/** JS as an ES module, minified by esbuild. */
const minifyJs = (code) => transformSync(code, { loader: 'js', format: 'esm', minify: true }).code;
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
  writeFileSync(`${out}.css`, css);
  const icon = readFileSync(join(ROOT, 'static/favicon.svg'));
  const iconName = `favicon-${hash16(icon)}.svg`;
  writeFileSync(join(out, iconName), icon);
  // The sounds' module (static/sound.js), loaded by the page at its first sound.
  const sound = minifyJs(readFileSync(join(ROOT, 'static/sound.js'), 'utf8'));
  const soundName = `sound-${hash16(sound)}.js`;
  writeFileSync(join(out, soundName), sound);
  const manifest = {
    css: { file: `${out}.css`, hash: hash16(css), prefixes: formattedPrefixes() },
    icon: { name: iconName },
    sound: { name: soundName },
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

/** A module (BIN.js and BIN_bg.wasm of wasm-bindgen in DIR) into OUT under hashed names. */
function writeModule(bin, dir, out) {
  // Short names for what the two call each other by (tools/wasm-names.mjs).
  const { wasm, js } = shortenNames(
    readFileSync(join(dir, `${bin}_bg.wasm`)),
    minifyJs(readFileSync(join(dir, `${bin}.js`), 'utf8')),
  );
  const stem = `${bin}-${hash16(js, wasm)}`;
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, `${stem}.js`), js);
  writeFileSync(join(out, `${stem}_bg.wasm`), wasm);
  return { wasm, js, stem };
}

// The screens loaded on demand (src/extra.rs): the page's second module and its stylesheet (the
// rules only its screens use), loaded the first time one is asked for
// (`window.cardsExtra(request)`), then sent each request as a `cards-extra` event. One that
// cannot be loaded answers `cards-extra-closed` with the detail `failed` (and is tried again at
// the next request). Only in the pages that have one.
const EXTRA_LOADER = `
window.cardsExtra = (() => {
  let loading = null;
  const send = (name, detail) => document.dispatchEvent(new CustomEvent(name, { detail }));
  // The module's own stylesheet, loaded beside it (a failed one is removed, to be asked again).
  const style = (meta) => new Promise((ok, no) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = meta.dataset.css;
    link.integrity = meta.dataset.cssIntegrity;
    link.onload = ok;
    link.onerror = () => { link.remove(); no(); };
    document.head.append(link);
  });
  let styled = null;
  return (request) => {
    const meta = document.querySelector('meta[name=cards-extra]');
    styled = styled || style(meta).catch((e) => { styled = null; throw e; });
    loading = loading || Promise.all([
      styled,
      import(meta.content).then((m) => m.default({ module_or_path: meta.dataset.wasm })),
    ]);
    loading.then(() => send('cards-extra', request), () => {
      loading = null;
      send('cards-extra-closed', 'failed');
    });
  };
})();`;

function page(assetsJson, bin, dir, out, htmlName, extraBin, extraDir) {
  const shared = JSON.parse(readFileSync(assetsJson, 'utf8'));
  const { wasm, js, stem } = writeModule(bin, dir, out);
  const extra = extraBin ? writeModule(extraBin, extraDir, out) : null;

  // The stylesheet's rules this page can use: the page's own text (its wasm's strings, its JS
  // and the HTML template) is what can name a class. The rules that only its second module's
  // screens can use (the replay's, the analysis') go to a stylesheet of their own, loaded with
  // the module (issue 25: the page a player opens to play does not carry them).
  const template = readFileSync(join(ROOT, 'index.html'), 'utf8');
  const text = [wasm.toString('latin1'), js, template].join('\n');
  const full = readFileSync(shared.css.file, 'utf8');
  const used = classNamer(text, shared.css.prefixes);
  const css = pruneCss(full, used);
  const cssName = `style-${hash16(css)}.css`;
  writeFileSync(join(out, cssName), css);
  let extraCss = null;
  if (extra) {
    const withModule = classNamer(`${text}\n${extra.wasm.toString('latin1')}\n${extra.js}`, shared.css.prefixes);
    const rules = pruneCss(full, withModule, used);
    extraCss = { name: `extra-${hash16(rules)}.css`, integrity: integrity(rules) };
    writeFileSync(join(out, extraCss.name), rules);
  }

  const links = {
    rust:
      `<script type="module">import init from './${stem}.js'; init({ module_or_path: './${stem}_bg.wasm' });</script>` +
      `<link rel="modulepreload" href="./${stem}.js" crossorigin integrity="${integrity(js)}">` +
      `<link rel="preload" href="./${stem}_bg.wasm" as="fetch" type="application/wasm" crossorigin integrity="${integrity(wasm)}">`,
    // A font is fetched in CORS mode (crossorigin), and without integrity: the CSS's request
    // for it carries none, and a preload is used only by a request that matches it.
    css:
      `<link rel="preload" href="./${shared.font.name}" as="font" type="font/woff2" crossorigin>` +
      `<link rel="stylesheet" href="./${cssName}" integrity="${integrity(css)}">`,
    // No integrity: browsers check it only on scripts, stylesheets and preloads.
    icon: `<link rel="icon" href="./${shared.icon.name}">`,
    // Where the page's `cardsSound` (index.html) finds the sounds' module.
    sound: `<meta name="cards-sound" content="./${shared.sound.name}">`,
    extra: extra
      ? `<meta name="cards-extra" content="./${extra.stem}.js" data-wasm="./${extra.stem}_bg.wasm" data-css="./${extraCss.name}" data-css-integrity="${extraCss.integrity}"><script>${EXTRA_LOADER}</script>`
      : '',
  };
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

// ------------------------------------------------------------------ each page's stylesheet
// static/style.css holds the rules of every page (one file is easier to keep consistent), but a
// page sends only the rules it can use: the home page has no table, a Hokm page no Pasur board
// and no room lobby. A rule (each selector of its list) is left out when a class it needs can
// appear nowhere in the page: the class name is in none of the page's text (its wasm's strings,
// JS and HTML; the app names its classes by string literals), and does not start with a prefix
// the app formats (`format!("at-{…}")`) that the page's text holds. That keeps every rule the
// page could match, and more (a name found inside another string keeps its rules). The browser
// tests check it the other way: no class an element of a page ever had lost its rules there
// (tests/e2e/run.mjs, "every class keeps its rules").

/** Every rust file under DIR. */
function rustFiles(dir) {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    if (statSync(p).isDirectory()) return rustFiles(p);
    return p.endsWith('.rs') ? [p] : [];
  });
}

/**
 * The words src/ formats a value onto: in every `format!` string, each name-like run of text
 * just before a `{` (`format!("collect collect-{}", …)` gives `collect-`).
 */
function formattedPrefixes() {
  const found = new Set();
  for (const f of rustFiles(join(ROOT, 'src'))) {
    for (const [, literal] of readFileSync(f, 'utf8').matchAll(/format!\(\s*"((?:[^"\\]|\\.)*)"/g)) {
      for (const m of literal.matchAll(/([a-zA-Z][a-zA-Z0-9_-]*)\{/g)) found.add(m[1]);
    }
  }
  return [...found].sort();
}

/** Whether a class name can appear in a page whose text is TEXT. */
function classNamer(text, prefixes) {
  const formatted = prefixes.filter((p) => text.includes(p));
  return (name) => text.includes(name) || formatted.some((p) => name.startsWith(p) && name.length > p.length);
}

/**
 * The classes a selector needs: those outside any parentheses (`:not(.x)` matches where .x is
 * absent; `:is`, `:where` and `:has` are kept whatever they name) and outside attribute
 * selectors.
 */
export function requiredClasses(selector) {
  let flat = '';
  let depth = 0;
  for (const c of selector) {
    if (c === '(' || c === '[') depth++;
    if (depth === 0) flat += c;
    if (c === ')' || c === ']') depth--;
  }
  return [...flat.matchAll(/\.(-?[_a-zA-Z][_a-zA-Z0-9-]*)/g)].map((m) => m[1]);
}

/** A selector list split at its top-level commas. */
function selectors(list) {
  const parts = [];
  let depth = 0;
  let start = 0;
  for (let k = 0; k < list.length; k++) {
    const c = list[k];
    if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    else if (c === ',' && depth === 0) {
      parts.push(list.slice(start, k));
      start = k + 1;
    }
  }
  parts.push(list.slice(start));
  return parts;
}

/**
 * Minified CSS without the selectors that need a class `used` says no. Rules inside @media,
 * @supports, @layer and @container are pruned the same way (an emptied block is dropped);
 * every other at-rule (@font-face, @keyframes) is kept whole. With `already` (the classes of
 * a stylesheet the page has anyway), only what that stylesheet lacks: the selectors `used`
 * keeps and `already` does not, and no other at-rule.
 */
export function pruneCss(css, used, already = null) {
  let i = 0;
  const n = css.length;
  const skipString = () => {
    const q = css[i++];
    while (i < n && css[i] !== q) i += css[i] === '\\' ? 2 : 1;
  };
  // The text up to the next `{`, `;` or `}` outside strings and parentheses (i left on it).
  const prelude = () => {
    const start = i;
    let paren = 0;
    while (i < n) {
      const c = css[i];
      if (c === '"' || c === "'") skipString();
      else if (c === '(') paren++;
      else if (c === ')') paren--;
      else if (paren === 0 && (c === '{' || c === ';' || c === '}')) break;
      i++;
    }
    return css.slice(start, i);
  };
  // At a `{`: the text inside the balanced block (i left past its `}`).
  const block = () => {
    const start = ++i;
    let depth = 1;
    while (i < n && depth > 0) {
      const c = css[i];
      if (c === '"' || c === "'") skipString();
      else if (c === '{') depth++;
      else if (c === '}') depth--;
      i++;
    }
    if (depth !== 0) throw new Error('web-page: style.css has a block left open');
    return css.slice(start, i - 1);
  };
  let out = '';
  while (i < n) {
    const head = prelude();
    if (i >= n) {
      out += head;
      break;
    }
    if (css[i] === '}') throw new Error('web-page: style.css closes a block twice');
    if (css[i] === ';') {
      if (!already) out += `${head};`;
      i++;
      continue;
    }
    const at = head.trim();
    if (/^@(media|supports|layer|container)\b/.test(at)) {
      const inner = pruneCss(block(), used, already);
      if (inner) out += `${head}{${inner}}`;
    } else if (at.startsWith('@')) {
      const body = block();
      if (!already) out += `${head}{${body}}`;
    } else {
      const body = block();
      const kept = selectors(head).filter((sel) => {
        const need = requiredClasses(sel);
        return need.every(used) && !(already && need.every(already));
      });
      if (kept.length) out += `${kept.join(',')}{${body}}`;
    }
  }
  return out;
}

const [cmd, ...args] = process.argv.slice(2);
try {
  if (cmd === 'assets' && args.length === 1) assets(...args);
  else if (cmd === 'page' && (args.length === 5 || args.length === 7)) page(...args);
  else {
    console.error('usage: node tools/web-page.mjs assets OUT | page ASSETS_JSON BIN BINDGEN_DIR OUT HTML_NAME [EXTRA EXTRA_DIR]');
    process.exit(2);
  }
} catch (e) {
  console.error(e.message);
  process.exit(1);
}
