// Short names for what a page's wasm and its JS glue call each other by (called by
// tools/web-page.mjs; docs/web-build.md, "What keeps a page small").
//
// wasm-bindgen names each import after the JS function and a hash
// (`__wbg_addEventListener_f2d27251d333a631`, 127 of them in a game page) and each closure shim
// after its Rust types (`wasm_bindgen_2ecf…___convert__closures_____invoke…`); every import
// also names its module (`./hokm_bg.js`). The names are written twice, in the wasm and in the
// JS, and their hashes do not compress: about 6 KB of a page's wasm and 5 KB of its JS. Here
// each import's module and name, and each long export, is renamed to a short one in both, and
// the wasm's `producers` and `target_features` sections (read by no browser) are left out.
//
// The JS is wasm-bindgen's glue after minification. Each import's name must occur in it exactly
// once (the key of the imports object) and each module's name exactly once (the object that
// holds them), each renamed export only as a property (`.name`); anything else stops the build
// with an error rather than guess.

/** The wasm and JS with short import and export names. */
export function shortenNames(wasm, js) {
  const sections = readSections(wasm);
  const imports = sections.find((s) => s.id === 2);
  const exports = sections.find((s) => s.id === 7);
  if (!imports || !exports) throw new Error('wasm-names: the wasm has no import or no export section');

  const taken = new Set(js.match(/[A-Za-z_$][\w$]*/g));
  const fresh = freshNames(taken);
  const renames = []; // [old, new, how it may occur in the JS]

  const modules = new Map();
  const parsedImports = parseImports(imports.body);
  for (const imp of parsedImports) {
    if (!modules.has(imp.module)) {
      const name = fresh();
      modules.set(imp.module, name);
      renames.push([imp.module, name, 'module']);
    }
    const name = fresh();
    renames.push([imp.name, name, 'import']);
    imp.module = modules.get(imp.module);
    imp.name = name;
  }
  const parsedExports = parseExports(exports.body);
  for (const exp of parsedExports) {
    // Only the long ones: the rest (`memory`, `__wbindgen_malloc`, …) are few and compress.
    if (exp.name.length <= 24) continue;
    const name = fresh();
    renames.push([exp.name, name, 'export']);
    exp.name = name;
  }

  let out = js;
  for (const [from, to, how] of renames) out = renameInJs(out, from, to, how);

  const body = (s) => {
    if (s === imports) return writeImports(parsedImports);
    if (s === exports) return writeExports(parsedExports);
    return s.body;
  };
  const kept = sections.filter((s) => !(s.id === 0 && ['producers', 'target_features'].includes(s.customName)));
  const parts = [wasm.subarray(0, 8)];
  for (const s of kept) {
    const b = body(s);
    parts.push(Buffer.from([s.id]), uleb(b.length), b);
  }
  return { wasm: Buffer.concat(parts), js: out };
}

/** `js` with `from` renamed to `to` where it names a module, an import or an export. */
function renameInJs(js, from, to, how) {
  const esc = from.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  let re;
  if (how === 'module') re = new RegExp(`(["'])${esc}\\1`, 'g');
  else re = new RegExp(`(?<![\\w$])${esc}(?![\\w$])`, 'g');
  const found = js.match(re)?.length ?? 0;
  if (how === 'export') {
    const asProperty = js.match(new RegExp(`\\.${esc}(?![\\w$])`, 'g'))?.length ?? 0;
    if (found === 0 || asProperty !== found) {
      throw new Error(`wasm-names: the export ${from} occurs ${found} times in the JS, ${asProperty} as a property`);
    }
  } else if (found !== 1) {
    throw new Error(`wasm-names: the ${how} ${from} occurs ${found} times in the JS, not once`);
  }
  return js.replace(re, how === 'module' ? `"${to}"` : to);
}

/** A generator of names (a, b, …, aa, ab, …) none of which is in `taken` or a JS keyword. */
function freshNames(taken) {
  const first = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
  const rest = `${first}0123456789`;
  const reserved = new Set(['do', 'if', 'in', 'for', 'let', 'new', 'try', 'var', 'NaN']);
  let k = 0;
  return () => {
    for (;;) {
      let n = k++;
      let name = first[n % first.length];
      n = Math.floor(n / first.length);
      while (n > 0) {
        n -= 1;
        name += rest[n % rest.length];
        n = Math.floor(n / rest.length);
      }
      if (!taken.has(name) && !reserved.has(name)) return name;
    }
  };
}

// ------------------------------------------------------------------ the wasm binary format

function reader(buf, pos = 0) {
  const r = {
    pos,
    u8: () => buf[r.pos++],
    uleb: () => {
      let result = 0;
      let shift = 0;
      for (;;) {
        const b = buf[r.pos++];
        result += (b & 0x7f) * 2 ** shift;
        shift += 7;
        if (!(b & 0x80)) return result;
      }
    },
    bytes: (n) => {
      const b = buf.subarray(r.pos, r.pos + n);
      r.pos += n;
      return b;
    },
    name: () => r.bytes(r.uleb()).toString('utf8'),
  };
  return r;
}

function uleb(n) {
  const out = [];
  do {
    let b = n % 128;
    n = Math.floor(n / 128);
    if (n > 0) b |= 0x80;
    out.push(b);
  } while (n > 0);
  return Buffer.from(out);
}

const nameBytes = (s) => {
  const b = Buffer.from(s, 'utf8');
  return Buffer.concat([uleb(b.length), b]);
};

function readSections(wasm) {
  if (wasm.readUInt32LE(0) !== 0x6d736100 || wasm.readUInt32LE(4) !== 1) {
    throw new Error('wasm-names: not a wasm module (version 1)');
  }
  const r = reader(wasm, 8);
  const out = [];
  while (r.pos < wasm.length) {
    const id = r.u8();
    const size = r.uleb();
    const body = r.bytes(size);
    if (body.length !== size) throw new Error('wasm-names: a section runs past the end of the wasm');
    const section = { id, body };
    if (id === 0) section.customName = reader(body).name();
    out.push(section);
  }
  return out;
}

/** Each import as { module, name, desc } (desc: its kind and type, as bytes). */
function parseImports(body) {
  const r = reader(body);
  const n = r.uleb();
  const out = [];
  for (let i = 0; i < n; i++) {
    const module = r.name();
    const name = r.name();
    const start = r.pos;
    const kind = r.u8();
    if (kind === 0) r.uleb(); // a function: its type index
    else if (kind === 1) {
      r.u8(); // a table: its element type, then limits
      limits(r);
    } else if (kind === 2) limits(r); // a memory
    else if (kind === 3) {
      r.u8(); // a global: its type and mutability
      r.u8();
    } else if (kind === 4) {
      r.u8(); // a tag: its attribute and type
      r.uleb();
    } else throw new Error(`wasm-names: an import of unknown kind ${kind}`);
    out.push({ module, name, desc: body.subarray(start, r.pos) });
  }
  if (r.pos !== body.length) throw new Error('wasm-names: the import section has bytes after its imports');
  return out;
}

function limits(r) {
  const flags = r.u8();
  r.uleb();
  if (flags & 1) r.uleb();
}

function writeImports(imports) {
  const parts = [uleb(imports.length)];
  for (const imp of imports) parts.push(nameBytes(imp.module), nameBytes(imp.name), imp.desc);
  return Buffer.concat(parts);
}

/** Each export as { name, kind, index }. */
function parseExports(body) {
  const r = reader(body);
  const n = r.uleb();
  const out = [];
  for (let i = 0; i < n; i++) out.push({ name: r.name(), kind: r.u8(), index: r.uleb() });
  if (r.pos !== body.length) throw new Error('wasm-names: the export section has bytes after its exports');
  return out;
}

function writeExports(exports) {
  const parts = [uleb(exports.length)];
  for (const e of exports) parts.push(nameBytes(e.name), Buffer.from([e.kind]), uleb(e.index));
  return Buffer.concat(parts);
}
