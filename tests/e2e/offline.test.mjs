// Journey: the page makes no network requests of its own. Everything it loads comes from the
// served folder (or is a data:/blob: URL it made itself), and it keeps working after that.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, URL } from './browser.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

test('every request stays on the page\'s own origin', async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
  const origin = new globalThis.URL(URL).origin;
  const foreign = [];
  const errors = [];
  page.on('request', (req) => {
    const u = req.url();
    if (!(u.startsWith(origin) || u.startsWith('data:') || u.startsWith('blob:'))) foreign.push(u);
  });
  page.on('pageerror', (err) => errors.push(err.message));
  try {
    await page.goto(URL);
    await page.getByTestId('next').waitFor({ timeout: 30_000 });
    // Use the page a little: step, switch language and scheduler.
    for (let i = 0; i < 5; i++) await page.getByTestId('next').click();
    await page.keyboard.press('l');
    await page.keyboard.press('l');
    assert.deepEqual(foreign, [], 'requests to other origins');
    assert.deepEqual(errors, []);
  } finally {
    await page.close();
  }
});
