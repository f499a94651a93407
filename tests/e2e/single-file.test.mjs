// Journey: dist/schedscope.html, the whole page in one file (scripts/single-file.mjs), opened
// from disk (file://) with every network request blocked: it starts, a lesson plays to its end,
// and share links (the state after `#`) open the same moment in another tab and in this one.
// SCHEDSCOPE_FILE: another path to the file.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { pathToFileURL, fileURLToPath } from 'node:url';
import { existsSync, readFileSync } from 'node:fs';
import { launch, gridState } from './browser.mjs';
import { fastest, hb, walk, lessons } from './lesson-walk.mjs';

const FILE = process.env.SCHEDSCOPE_FILE || fileURLToPath(new globalThis.URL('../../dist/schedscope.html', import.meta.url));
const PAGE = pathToFileURL(FILE).href;

let browser;
let context;
const requests = [];
const errors = [];
before(async () => {
  assert.ok(existsSync(FILE), `${FILE} exists (scripts/build.sh writes it)`);
  browser = await launch();
  context = await browser.newContext({ viewport: { width: 1280, height: 720 }, offline: true, acceptDownloads: true });
  // Nothing but the file itself may load; anything else is refused and recorded.
  await context.route('**/*', (route) => {
    const url = route.request().url();
    if (url.split('#')[0] === PAGE) return route.continue();
    requests.push(url);
    return route.abort('blockedbyclient');
  });
  context.on('weberror', (e) => errors.push(`pageerror: ${e.error().message}`));
  context.on('console', (msg) => {
    if (msg.type() === 'error' || msg.type() === 'warning') errors.push(`console.${msg.type()}: ${msg.text()}`);
  });
});
after(async () => { await browser?.close(); });

test('the single file plays a lesson to its end from file:// with no network', async () => {
  const page = await context.newPage();
  await page.goto(PAGE);
  await page.getByTestId('next').waitFor({ timeout: 30_000 });
  await fastest(page);
  const lesson = lessons.find((l) => l.id === 'fifo-padding');
  await walk(page, lesson, 'en', PAGE);
  assert.match(page.url(), /^file:.*schedscope\.html#v=1&l=fifo-padding&st=\d+/);
  await page.close();
  assert.deepEqual(requests, [], 'requests other than the file');
  assert.deepEqual(errors, []);
});

test('share links from the single file open the same moment, in another tab and by hash', async () => {
  const page = await context.newPage();
  await page.goto(`${PAGE}#v=1&b=fifo-two-racks&hb=0`);
  await page.getByTestId('next').waitFor({ timeout: 30_000 });
  await page.getByTestId('scrubber').fill('40');
  await page.waitForFunction(() => document.querySelector('[data-testid=hb]')?.textContent === '40');
  const grid = await gridState(page);
  await page.getByTestId('open-share').click();
  const link = await page.getByTestId('share-url').inputValue();
  assert.equal(link, `${PAGE}#v=1&b=fifo-two-racks&hb=40&lang=en`);
  // Exports work from the file too (downloads of blob: URLs; the PNG drawn from a data: image).
  const exports = {
    // JSON Lines: run --json's record lines, one compact record per heartbeat from 1.
    'export-json': ['fifo-two-racks-fifo-trace.jsonl', (b) => {
      const lines = b.toString('utf8').trimEnd().split('\n');
      return lines.length >= 40 && lines.every((l, i) => l.startsWith('{"hb":') && JSON.parse(l).hb === i + 1);
    }],
    'export-png': ['fifo-two-racks-fifo-hb40.png', (b) => b.subarray(1, 4).toString('latin1') === 'PNG'],
  };
  for (const [id, [name, ok]] of Object.entries(exports)) {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId(id).click()]);
    assert.equal(download.suggestedFilename(), name, `${id}: the file's name`);
    assert.ok(ok(readFileSync(await download.path())), `${id}: the downloaded file`);
  }
  // Followed in a new tab.
  const other = await context.newPage();
  await other.goto(link);
  await other.getByTestId('next').waitFor({ timeout: 30_000 });
  await other.waitForFunction(() => document.querySelector('[data-testid=hb]')?.textContent === '40');
  assert.deepEqual(await gridState(other), grid);
  // Followed in the same tab (a link clicked in the file: only the hash changes).
  await other.evaluate(() => { location.hash = '#v=1&l=fair-delay-scheduling&st=2'; });
  await other.getByTestId('narrative').waitFor({ timeout: 30_000 });
  assert.equal(await other.getByTestId('narrative').getAttribute('data-lesson'), 'fair-delay-scheduling');
  assert.equal(await other.getByTestId('narrative').getAttribute('data-step'), '2');
  const step = lessons.find((l) => l.id === 'fair-delay-scheduling').steps[2];
  assert.equal(await hb(other), step.predict ? step.hb - 1 : step.hb);
  await other.close();
  await page.close();
  assert.deepEqual(requests, [], 'requests other than the file');
  assert.deepEqual(errors, []);
});
