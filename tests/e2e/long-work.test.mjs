// Journey: long work never blocks (issue 23; src/page/job.rs). On the 4,000-node cluster,
// Last runs in slices of at most ~16 ms: a progress bar says what it is doing, Next answers
// while it runs (the heartbeat shown changes), Cancel (and Escape) stop it keeping what was
// computed, and Last again reaches the run's real last heartbeat, the one the JavaScript API
// finds running the same scenario to its end. No page errors. The longest main-thread task
// while Last runs ('longtask' entries) and how long a Next took to show are recorded in
// target/perf-long-work.json: figures, not pass/fail timings. Compare's paper preset runs the
// same way: its bar shows in compare mode, the compare state shown steps meanwhile, Cancel keeps
// it, and the preset shows once its runs are done; then the delay sweep, the same way
// (target/perf-long-work-compare.json).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { launch, openPage, URL } from './browser.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const hbShown = async (page) => Number(await page.getByTestId('hb').textContent());
const jobHb = async (page) => Number(await page.getByTestId('job-hb').getAttribute('data-value'));
/** The long tasks since the last call: how many, the longest, and each (its start after
 *  `since`, on the page's clock, and its length). */
const longest = (page, since = 0) => page.evaluate((since) => {
  const all = window.__longtasks.map((e) => ({ at_ms: +(e.start - since).toFixed(0), ms: +e.ms.toFixed(1) }));
  window.__longtasks = [];
  return { n: all.length, max: Math.max(0, ...all.map((e) => e.ms)), all, now: performance.now() };
}, since);

/** The big cluster's last heartbeat by the JavaScript API: its scenario text read from the
 *  page's editor, run to its end in a page of its own. */
async function apiEnd() {
  const { page, errors } = await openPage(browser);
  try {
    await page.goto(`${URL}#v=1&b=big-cluster-4000&hb=0`);
    await page.reload();
    await page.getByTestId('grid-canvas').waitFor({ timeout: 60_000 });
    await page.getByTestId('open-editor').click();
    const text = await page.getByTestId('scenario-text').inputValue();
    assert.ok(text.length > 10_000, 'the editor shows the generated scenario');
    const end = await page.evaluate(async (text) => {
      const api = await import('./api/schedscope.js');
      await api.default();
      const sim = new api.Simulation(text);
      sim.runToEnd(10_000_000);
      const end = sim.endHb;
      sim.free();
      return end;
    }, text);
    assert.deepEqual(errors, []);
    return end;
  } finally {
    await page.close();
  }
}

test('Last on the 4,000-node cluster runs in slices, answers Next, cancels and reaches the real end', { timeout: 600_000 }, async () => {
  const { page, errors } = await openPage(browser);
  try {
    await page.addInitScript(() => {
      window.__longtasks = [];
      try {
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) window.__longtasks.push({ start: e.startTime, ms: e.duration });
        }).observe({ type: 'longtask', buffered: true });
      } catch { /* no longtask support: the list stays empty */ }
    });
    await page.goto(`${URL}#v=1&b=big-cluster-4000&hb=0&lang=en`);
    await page.reload();
    await page.getByTestId('grid-canvas').waitFor({ timeout: 60_000 });
    // Computing ahead after the load is a job too; let it finish first.
    await page.waitForSelector('[data-testid=timeline][data-computing=false]', { timeout: 90_000 });
    await longest(page);

    // Last: a progress bar with what it does, the heartbeat reached growing.
    await page.getByTestId('last').click();
    const bar = page.locator('[data-testid=long-job][data-what=last]');
    await bar.waitFor({ timeout: 10_000 });
    assert.ok(await page.getByTestId('progress-bar').isVisible());
    assert.match(await bar.textContent(), /last heartbeat/i);
    const at0 = await jobHb(page);
    await page.waitForFunction((at0) => Number(document.querySelector('[data-testid=job-hb]')?.dataset.value) > at0, at0, { timeout: 30_000 });
    assert.ok(await page.getByTestId('last').isDisabled(), 'Last waits for the job');

    // Next answers meanwhile: the heartbeat shown changes, the job goes on.
    assert.equal(await hbShown(page), 0);
    // Timed in the page: the click → the new heartbeat in the DOM.
    const nextMs = await page.evaluate(() => new Promise((resolve) => {
      const hb = document.querySelector('[data-testid=hb]');
      const t = performance.now();
      const mo = new MutationObserver(() => {
        if (hb.textContent === '1') { mo.disconnect(); resolve(+(performance.now() - t).toFixed(1)); }
      });
      mo.observe(hb, { childList: true, characterData: true, subtree: true });
      document.querySelector('[data-testid=next]').click();
    }));
    assert.equal(await hbShown(page), 1);
    assert.ok(await bar.isVisible(), 'Last still runs after the Next');

    // Cancel: the bar goes, the heartbeat shown stays, what was computed stays known.
    await page.getByTestId('cancel-job').click();
    await bar.waitFor({ state: 'detached', timeout: 10_000 });
    assert.equal(await hbShown(page), 1);
    const total = await page.locator('.clock-total').textContent();
    assert.match(total, /\+$/, `the end is not known yet (${total})`);
    assert.ok(Number(await page.getByTestId('scrubber').getAttribute('max')) > at0);

    // The keyboard: End starts it, Escape cancels.
    await page.keyboard.press('End');
    await bar.waitFor({ timeout: 10_000 });
    await page.keyboard.press('Escape');
    await bar.waitFor({ state: 'detached', timeout: 10_000 });
    assert.equal(await hbShown(page), 1);

    // Last again, to the end.
    const cancelled = await longest(page);
    const t1 = Date.now();
    await page.getByTestId('last').click();
    await bar.waitFor({ timeout: 10_000 });
    await bar.waitFor({ state: 'detached', timeout: 480_000 });
    const lastMs = Date.now() - t1;
    const run = await longest(page, cancelled.now);
    const shown = await hbShown(page);
    assert.equal(await page.locator('.clock-total').textContent(), `/ ${shown}`, 'the end is known and shown');
    assert.ok(shown > 50_000, `Last stopped at ${shown}`);
    assert.deepEqual(errors, []);

    const end = await apiEnd();
    assert.equal(shown, end, 'Last ends at the run\'s real last heartbeat');

    mkdirSync('target', { recursive: true });
    const perf = {
      scenario: 'big-cluster-4000', end, last_ms: lastMs, next_while_running_ms: nextMs,
      longest_task_ms: Math.max(run.max, cancelled.max), longtasks_last: run.n, longest_task_last_ms: run.max,
      longest_task_first_part_ms: cancelled.max, longtasks_while_last: run.all,
      note: 'figures, not pass/fail: headless Chromium on a shared 2-core machine',
    };
    writeFileSync('target/perf-long-work.json', JSON.stringify(perf, null, 2) + '\n');
    console.log('long work:', JSON.stringify(perf));
  } finally {
    await page.close();
  }
});

test('the paper preset of Compare and the sweep run in slices, answer Next, cancel and show when done', { timeout: 300_000 }, async () => {
  const { page, errors } = await openPage(browser);
  try {
    await page.addInitScript(() => {
      window.__longtasks = [];
      try {
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) window.__longtasks.push({ start: e.startTime, ms: e.duration });
        }).observe({ type: 'longtask', buffered: true });
      } catch { /* no longtask support: the list stays empty */ }
    });
    await page.goto(`${URL}#v=1&b=fifo-two-racks&lang=en`);
    await page.reload();
    await page.getByTestId('open-compare').click();
    await page.getByTestId('compare').waitFor({ timeout: 60_000 });
    const label = await page.getByTestId('cmp-workload').textContent();
    await longest(page);

    const bar = page.locator('[data-testid=long-job][data-what=compare]');
    await page.getByTestId('cmp-paper').click();
    await bar.waitFor({ timeout: 10_000 });
    assert.ok(await page.getByTestId('progress-bar').isVisible());
    assert.match(await bar.textContent(), /compared schedulers/i);
    // The compare state shown answers meanwhile.
    const t0 = await page.getByTestId('cmp-scrubber').inputValue();
    await page.getByTestId('cmp-next').click();
    await page.waitForFunction((t0) => document.querySelector('[data-testid=cmp-scrubber]').value !== t0, t0, { timeout: 10_000 });
    assert.ok(await bar.isVisible(), 'the preset still runs after the Next');
    // Cancel keeps what is shown.
    await page.getByTestId('cancel-job').click();
    await bar.waitFor({ state: 'detached', timeout: 10_000 });
    assert.equal(await page.getByTestId('cmp-workload').textContent(), label);

    // Again, to its end.
    const before = await longest(page);
    const t1 = Date.now();
    await page.getByTestId('cmp-paper').click();
    await bar.waitFor({ timeout: 10_000 });
    await bar.waitFor({ state: 'detached', timeout: 240_000 });
    const ms = Date.now() - t1;
    const run = await longest(page, before.now);
    assert.notEqual(await page.getByTestId('cmp-workload').textContent(), label);
    assert.equal(await page.locator('[data-testid^=cmp-col-]').count(), 2, 'the preset\'s two runs');

    // The sweep: progress, Next meanwhile, Cancel, then to its end.
    const sweepBar = page.locator('[data-testid=long-job][data-what=sweep]');
    await page.getByTestId('run-sweep').click();
    await sweepBar.waitFor({ timeout: 10_000 });
    assert.match(await sweepBar.textContent(), /curve/i);
    const s0 = await page.getByTestId('cmp-scrubber').inputValue();
    await page.getByTestId('cmp-next').click();
    await page.waitForFunction((s0) => document.querySelector('[data-testid=cmp-scrubber]').value !== s0, s0, { timeout: 10_000 });
    assert.ok(await sweepBar.isVisible(), 'the sweep still runs after the Next');
    await page.getByTestId('cancel-job').click();
    await sweepBar.waitFor({ state: 'detached', timeout: 10_000 });
    assert.equal(await page.getByTestId('sweep-svg').count(), 0, 'a cancelled sweep shows no curve');
    const beforeSweep = await longest(page);
    const t2 = Date.now();
    await page.getByTestId('run-sweep').click();
    await page.getByTestId('sweep-svg').waitFor({ timeout: 240_000 });
    const sweepMs = Date.now() - t2;
    const sweep = await longest(page, beforeSweep.now);
    assert.equal(await page.locator('[data-testid=sweep-point]').count(), 9);
    assert.deepEqual(errors, []);
    mkdirSync('target', { recursive: true });
    const perf = { what: 'compare: the paper preset, then the sweep', ms, longest_task_ms: run.max, longtasks: run.all,
      sweep_ms: sweepMs, sweep_longest_task_ms: sweep.max, sweep_longtasks: sweep.all,
      note: 'figures, not pass/fail: headless Chromium on a shared 2-core machine' };
    writeFileSync('target/perf-long-work-compare.json', JSON.stringify(perf, null, 2) + '\n');
    console.log('compare:', JSON.stringify(perf));
  } finally {
    await page.close();
  }
});
