// Compare mode: the delay scheduling paper's experiment in miniature (a Facebook-like mix of
// job sizes under Fair sharing, without and with delay scheduling) read from the page — Fair +
// delay must reach higher node locality — plus shared-clock stepping, a third column, the
// measured-vs-bound locality curve, and the current scenario under FIFO, Fair and Capacity.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openPage } from './browser.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const pct = (s) => Number(s.replace('%', ''));

test('compare mode: Fair + delay scheduling beats Fair without it on node locality', async () => {
  const { page, errors } = await openPage(browser);
  try {
    await page.getByTestId('lang-en').click();
    await page.getByTestId('open-compare').click();
    await page.getByTestId('compare').waitFor();
    // The default scenario under three schedulers, stepped on one clock.
    assert.equal(await page.locator('[data-testid^=cmp-col-]').count(), 3);
    assert.deepEqual(await page.locator('[data-testid^=cmp-col-]').evaluateAll((c) => c.map((x) => x.dataset.spec)), ['fifo', 'fair', 'capacity']);
    await page.getByTestId('cmp-next').click();
    await page.getByTestId('cmp-next').click();
    assert.match(await page.getByTestId('cmp-time').textContent(), /t = \d+\.\d s/);

    await page.getByTestId('cmp-paper').click();
    await page.waitForFunction(() => document.querySelector('[data-testid=cmp-col-1]')?.dataset.spec === 'fair@3000');
    assert.equal(await page.getByTestId('cmp-col-0').getAttribute('data-spec'), 'fair@0');
    assert.match(await page.getByTestId('cmp-workload').textContent(), /Facebook/);
    // Step together a few times, then to the end.
    for (let k = 0; k < 5; k++) await page.getByTestId('cmp-next').click();
    await page.getByTestId('cmp-last').click();
    await page.waitForFunction(() => document.querySelector('[data-testid=cmp-next]')?.disabled);
    const live = await Promise.all([0, 1].map((k) => page.getByTestId(`cmp-node-locality-${k}`).getAttribute('data-value')));
    const [without, withDelay] = live.map(Number);
    assert.ok(withDelay > without, `node locality with delay ${withDelay} should beat without ${without}`);
    // The whole-run summary says the same, as printed.
    const [s0, s1] = await Promise.all([0, 1].map((k) => page.getByTestId(`sum-node-${k}`).textContent()));
    assert.ok(pct(s1) > pct(s0), `summary: ${s1} vs ${s0}`);
    assert.match(await page.getByTestId('sum-node-1').getAttribute('class'), /best/);
    for (const k of [0, 1]) {
      const [done, total] = (await page.getByTestId(`cmp-done-${k}`).innerText()).split('\n')[0].split('/').map(Number);
      assert.equal(done, total, `run ${k}: every job finished`);
    }
    assert.ok(await page.locator('[data-testid=chart-response-svg] .bar-resp.run-1').count() > 0);
    // A third column: a longer delay.
    await page.getByTestId('cmp-add').click();
    await page.getByTestId('cmp-col-2').waitFor();
    assert.equal(await page.getByTestId('cmp-col-2').getAttribute('data-spec'), 'fair@6000');
    // The measured-vs-bound curve.
    await page.getByTestId('run-sweep').click();
    await page.getByTestId('sweep-svg').waitFor({ timeout: 30_000 });
    const points = await page.locator('[data-testid=sweep-point]').evaluateAll((p) => p.map((x) => [Number(x.dataset.skips), Number(x.dataset.measured), Number(x.dataset.bound)]));
    assert.equal(points.length, 9);
    assert.ok(points.every(([, m, b]) => m >= 0 && m <= 1 && b >= 0 && b <= 1));
    assert.ok(points[points.length - 1][1] > points[0][1], `locality grows with the delay: ${JSON.stringify(points)}`);
    // Chinese, then back to the lab.
    await page.getByTestId('lang-zh').click();
    assert.match(await page.getByTestId('cmp-summary').innerText(), /节点本地/);
    await page.getByTestId('close-compare').click();
    await page.getByTestId('cluster').waitFor();
    assert.deepEqual(errors, []);
  } finally {
    await page.close();
  }
});
