// dist/ → dist/schedscope.html: the whole page in one file that works when opened from disk
// (file://) with no server and no network: for an LMS that takes uploads, a USB stick, a lab
// machine offline. Run by scripts/build.sh after dist/ is built:
//
//   node scripts/single-file.mjs dist
//
// - Stylesheets (`<link rel="stylesheet">`, their `@import`s) become one `<style>`.
// - The module script becomes one inline `<script type="module">`: wasm-bindgen's glue
//   (pkg/viz.js), then www/main.js with its `import init from './pkg/viz.js'` replaced by an
//   `init` that instantiates the wasm from inside the file, and its `boot` line (which fetches
//   the served wasm) replaced by one calling that `init`: gzip-compressed, base64-encoded,
//   decompressed by the browser (`DecompressionStream`) and compiled as it streams in.
// - The Content-Security-Policy stays as strict as the served page's: no network at all
//   (`default-src 'none'`), the one script and the one style allowed by their SHA-256 hashes,
//   images only from data: and blob: URLs (the PNG export), wasm compilation allowed.
// Lessons, built-in scenarios and share links (state after `#`) are in the wasm as on the page.
import { readFileSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { join, dirname } from 'node:path';

const dist = process.argv[2] || 'dist';
const read = (p) => readFileSync(join(dist, p), 'utf8');
const fail = (msg) => { console.error(`[single-file] ${msg}`); process.exit(1); };
const sha256 = (text) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

let html = read('index.html');

// 1. Styles, with their @imports inlined in place (relative to the importing file).
function css(path, seen = new Set()) {
  if (seen.has(path)) fail(`@import cycle at ${path}`);
  seen.add(path);
  return read(path).replace(/@import\s+url\(\s*["']?([^"')]+)["']?\s*\)\s*;/g, (_, rel) =>
    css(join(dirname(path), rel), seen));
}
const sheets = [];
html = html.replace(/[ \t]*<link rel="stylesheet" href="\.\/([^"]+)">\n?/g, (_, href) => {
  sheets.push(css(href));
  return '';
});
if (!sheets.length) fail('no stylesheet links in index.html');
const style = `\n${sheets.join('\n')}\n`;
if (/url\((?!\s*["']?data:)/.test(style)) fail('a stylesheet refers to a file (url(...)); inline it as data:');

// 2. The script: glue + main.js, main.js's import of the glue replaced.
const glue = read('pkg/viz.js');
if (!glue.includes('export { initSync, __wbg_init as default };')) {
  fail('pkg/viz.js does not end as wasm-bindgen 0.2.130 glue does (export { initSync, __wbg_init as default })');
}
const main = read('main.js');
const importLine = "import init from './pkg/viz.js';";
if (!main.includes(importLine) || (main.match(/^\s*import\s/gm) || []).length !== 1) {
  fail(`www/main.js must import the glue once, as: ${importLine}`);
}
const wasm = gzipSync(readFileSync(join(dist, 'pkg/viz_bg.wasm')), { level: 9 }).toString('base64');
const boot = `// The wasm, gzip-compressed and base64-encoded (scripts/single-file.mjs).
const SCHEDSCOPE_WASM_GZ = "${wasm}";
function init(arg) {
  if (arg !== undefined) return __wbg_init(arg);
  const gz = Uint8Array.from(atob(SCHEDSCOPE_WASM_GZ), (c) => c.charCodeAt(0));
  const wasm = new Blob([gz]).stream().pipeThrough(new DecompressionStream('gzip'));
  return __wbg_init({ module_or_path: new Response(wasm, { headers: { 'Content-Type': 'application/wasm' } }) });
}`;
// main.js fetches the served wasm (with its progress bar); here the wasm is inside the file.
const bootLine = 'const boot = () => servedWasm(progressBar()).then((source) => init({ module_or_path: source }));';
if (!main.includes(bootLine)) fail(`www/main.js must start the page with: ${bootLine}`);
const script = `\n${glue}\n${boot}\n${main.replace(importLine, '').replace(bootLine, () => 'const boot = () => init();')}\n`;
// Inline text must not end its element early or switch the HTML parser's script state.
if (/<\/script|<!--/i.test(script)) fail('the script contains "</script" or "<!--"');
if (/<\/style/i.test(style)) fail('a stylesheet contains "</style"');

const tag = '<script type="module" src="./main.js"></script>';
if (!html.includes(tag)) fail(`index.html must load the page with ${tag}`);
html = html.replace(tag, () => `<style>${style}</style>\n  <script type="module">${script}</script>`);

// 3. The CSP: nothing from the network; this script and this style by hash.
const csp = `default-src 'none'; script-src ${sha256(script)} 'wasm-unsafe-eval'; style-src ${sha256(style)}; `
  + "img-src data: blob:; connect-src 'none'; base-uri 'none'; form-action 'none'";
const cspMeta = /content="default-src[^"]*"/;
if (!cspMeta.test(html)) fail('index.html has no Content-Security-Policy meta to carry over');
html = html.replace(cspMeta, () => `content="${csp}"`);

writeFileSync(join(dist, 'schedscope.html'), html);
console.log(`[single-file] ${join(dist, 'schedscope.html')}: ${html.length} bytes (wasm ${wasm.length} bytes as gzip+base64)`);
