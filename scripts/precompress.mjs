// dist/ → precompressed copies beside each text and wasm file, for scripts/serve.mjs (npm
// http-server's gzip and brotli options serve `x.br` or `x.gz` in place of `x` with
// `Content-Encoding` set). Run by scripts/build.sh after dist/ is built:
//
//   node scripts/precompress.mjs dist
//
// - First it publishes the page's wasm size, uncompressed, in dist/index.html
//   (`<meta name="schedscope-wasm-bytes">`): the response's `Content-Length` is the compressed
//   size, so www/main.js's progress bar counts the decompressed bytes against this one.
// - gzip: Debian's `gzip -9` (`-n`: no name or time inside, so a rebuild gives the same bytes).
// - brotli: Node's zlib at quality 11 (nothing to install; the browser decodes it natively).
// Files are (re)written each run, so running it again after a JS/CSS change is enough.
import { readFileSync, writeFileSync, readdirSync, statSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { brotliCompressSync, constants } from 'node:zlib';
import { join } from 'node:path';

const dist = process.argv[2] || 'dist';
const fail = (msg) => { console.error(`[precompress] ${msg}`); process.exit(1); };
const COMPRESSIBLE = /\.(html|js|mjs|css|wasm|json|svg|txt)$/;

// 1. The wasm's size in index.html.
const indexPath = join(dist, 'index.html');
const wasmBytes = statSync(join(dist, 'pkg/viz_bg.wasm')).size;
const meta = /<meta name="schedscope-wasm-bytes" content="\d*">/;
const index = readFileSync(indexPath, 'utf8');
if (!meta.test(index)) fail(`${indexPath} has no <meta name="schedscope-wasm-bytes" content=""> to fill`);
writeFileSync(indexPath, index.replace(meta, `<meta name="schedscope-wasm-bytes" content="${wasmBytes}">`));

// 2. Every compressible file, gzip and brotli.
const files = [];
(function walk(dir) {
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) walk(p);
    else if (COMPRESSIBLE.test(name)) files.push(p);
  }
})(dist);
if (!files.length) fail(`no files to compress in ${dist}`);
execFileSync('gzip', ['-9', '-n', '-k', '-f', ...files]);
let raw = 0;
let gz = 0;
let br = 0;
for (const f of files) {
  const bytes = readFileSync(f);
  const out = brotliCompressSync(bytes, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 11,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      [constants.BROTLI_PARAM_MODE]: f.endsWith('.wasm') ? constants.BROTLI_MODE_GENERIC : constants.BROTLI_MODE_TEXT,
    },
  });
  writeFileSync(`${f}.br`, out);
  raw += bytes.length;
  gz += statSync(`${f}.gz`).size;
  br += out.length;
}
const size = (p) => statSync(join(dist, p)).size;
console.log(`[precompress] ${files.length} files: ${raw} B, ${gz} B gzip, ${br} B brotli`);
console.log(`[precompress] pkg/viz_bg.wasm: ${wasmBytes} B, ${size('pkg/viz_bg.wasm.gz')} B gzip, ${size('pkg/viz_bg.wasm.br')} B brotli`);
