// Journey: the first load. The served page's wasm, JavaScript and CSS arrive compressed
// (scripts/serve.mjs: npm http-server with the .br/.gz copies of scripts/precompress.mjs), the
// wasm as `application/wasm` so it compiles while it streams, and on a slow network the page
// shows a progress bar that moves with the wasm's bytes before the grid appears.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, URL } from './browser.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const TYPES = { wasm: 'application/wasm', js: 'application/javascript', css: 'text/css' };

test('the wasm, JavaScript and CSS are served compressed, with their types and cache headers', async () => {
  const page = await browser.newPage();
  const seen = new Map();
  page.on('response', (res) => {
    const ext = new globalThis.URL(res.url()).pathname.split('.').pop();
    if (TYPES[ext]) seen.set(new globalThis.URL(res.url()).pathname, res);
  });
  try {
    await page.goto(URL);
    await page.getByTestId('next').waitFor({ timeout: 30_000 });
    const paths = [...seen.keys()].sort();
    for (const want of ['/main.js', '/pkg/viz.js', '/pkg/viz_bg.wasm', '/style.css']) {
      assert.ok(paths.includes(want), `${want} loaded (saw ${paths.join(', ')})`);
    }
    for (const [path, res] of seen) {
      const h = await res.allHeaders();
      const ext = path.split('.').pop();
      assert.equal(res.status(), 200, path);
      assert.match(h['content-encoding'] || '', /^(br|gzip)$/, `${path}: Content-Encoding`);
      assert.equal((h['content-type'] || '').split(';')[0], TYPES[ext], `${path}: Content-Type`);
      assert.equal(h['cache-control'], 'no-cache', `${path}: Cache-Control`);
      assert.ok(h.etag, `${path}: an ETag to revalidate with`);
      assert.match(h.vary || '', /Accept-Encoding/i, `${path}: Vary`);
    }
  } finally {
    await page.close();
  }
});

test('a client that takes only gzip gets gzip, one that takes neither gets the file as it is', async () => {
  const wasm = new globalThis.URL('pkg/viz_bg.wasm', URL).href;
  // The published size (dist/index.html) is what the body decodes to.
  const html = await (await fetch(URL, { headers: { 'Accept-Encoding': 'identity' } })).text();
  const published = Number(/<meta name="schedscope-wasm-bytes" content="(\d+)">/.exec(html)?.[1]);
  const plain = await fetch(wasm, { headers: { 'Accept-Encoding': 'identity' } });
  assert.equal(plain.headers.get('content-encoding'), null);
  assert.equal(plain.headers.get('content-type'), 'application/wasm');
  assert.equal(Number(plain.headers.get('content-length')), published, 'published size = the file\'s');
  assert.equal((await plain.arrayBuffer()).byteLength, published);
  const gz = await fetch(wasm, { method: 'HEAD', headers: { 'Accept-Encoding': 'gzip' } });
  assert.equal(gz.headers.get('content-encoding'), 'gzip');
  const br = await fetch(wasm, { method: 'HEAD', headers: { 'Accept-Encoding': 'gzip, br' } });
  assert.equal(br.headers.get('content-encoding'), 'br');
  assert.ok(Number(br.headers.get('content-length')) < Number(gz.headers.get('content-length')), 'brotli is the smaller');
});

test('on a slow network a progress bar moves with the wasm\'s bytes, then the grid appears', async () => {
  const page = await browser.newPage();
  const errors = [];
  page.on('pageerror', (err) => errors.push(err.message));
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  // 1.6 Mbit/s down, 150 ms round trip: the slow profile of scripts/load-bench.mjs.
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false, latency: 150, downloadThroughput: 1.6e6 / 8, uploadThroughput: 0.75e6 / 8,
  });
  try {
    await page.goto(URL, { waitUntil: 'commit' });
    const bar = page.getByTestId('load-progress');
    await bar.waitFor({ state: 'visible', timeout: 30_000 });
    // Part way: a determinate value strictly between empty and full, announced to assistive
    // technology, and the bytes beside it.
    const midway = await page.waitForFunction(() => {
      const p = document.querySelector('[data-testid=load-progress]');
      const v = Number(p?.getAttribute('aria-valuenow'));
      return p && v > 0 && v < 100 && p.value === v
        ? { value: v, text: document.querySelector('[data-testid=load-bytes]')?.textContent }
        : null;
    }, null, { timeout: 60_000, polling: 50 }).then((h) => h.jsonValue());
    assert.match(midway.text, /^\d+\.\d \/ \d+\.\d MB$/, `bytes shown: ${midway.text}`);
    assert.equal(await page.getByRole('progressbar').count(), 1, 'one progress bar');
    await page.getByTestId('next').waitFor({ timeout: 60_000 });
    assert.equal(await bar.count(), 0, 'the bar is gone once the page runs');
    assert.deepEqual(errors, []);
  } finally {
    await page.close();
  }
});
