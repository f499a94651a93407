// The delay scheduling paper on the page: compare mode's node locality by job-size bin (the
// paper's experiment: 1- and 2-map jobs gain with delay scheduling) and the sweep's table that
// explains the gap below the bound; the paper lessons' whole-run steps show the lesson's own
// figures in place of the stage, ring what they point at, and their claims hold; importing a
// SWIM sample with a time scale and a job window says what the import changed.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { launch, openPage, URL } from './browser.mjs';

const here = (p) => fileURLToPath(new globalThis.URL(p, import.meta.url));

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

test('compare mode shows node locality by job size and the sweep explains the gap', async () => {
  const { page, errors } = await openPage(browser);
  try {
    await page.getByTestId('lang-en').click();
    await page.getByTestId('open-compare').click();
    await page.getByTestId('cmp-paper').click();
    await page.getByTestId('cmp-bins').waitFor({ timeout: 60_000 });
    await page.waitForFunction(() => document.querySelector('[data-testid=cmp-col-1]')?.dataset.spec === 'fair@3000');
    for (const bin of [1, 2]) {
      const [a, b] = await Promise.all([0, 1].map((k) => page.getByTestId(`cmp-bin-${bin}-${k}`).getAttribute('data-value')));
      assert.ok(Number(b) - Number(a) >= 0.3, `bin ${bin}: ${a} without delay, ${b} with`);
    }
    assert.match(await page.getByTestId('cmp-bin-1').innerText(), /\[3\.0%\]/, 'the share of nodes holding a one-map job\'s input');
    const sticky = await page.getByTestId('cmp-sticky-0').getAttribute('data-value');
    assert.ok(Number(sticky) > 0 && Number(sticky) <= 1);
    // The sweep of this workload, with the table beside the curve.
    await page.getByTestId('run-sweep').click();
    await page.getByTestId('sweep-gap').waitFor({ timeout: 60_000 });
    assert.equal(await page.locator('[data-testid^=sweep-gap-]').count(), 9);
    assert.equal(await page.locator('.chart.sweep .bound-line.trackers').count(), 1);
    await page.getByTestId('lang-zh').click();
    assert.match(await page.getByTestId('cmp-bins').innerText(), /按作业大小的节点本地比例/);
    assert.match(await page.getByTestId('sweep-gap').innerText(), /实测为何低于下界/);
    assert.deepEqual(errors, []);
  } finally {
    await page.close();
  }
});

/** Open lesson `id` at step `st` and wait for it. */
async function openStep(page, id, st) {
  await page.goto(`${URL}#v=1&l=${id}&st=${st}`);
  await page.getByTestId('narrative').waitFor({ timeout: 60_000 });
  await page.waitForFunction((s) => document.querySelector('[data-testid=narrative]')?.getAttribute('data-step') === String(s), st, { timeout: 60_000 });
}

test('the paper lessons show their whole-run figures in place of the stage', async () => {
  const { page, errors } = await openPage(browser);
  try {
    await page.getByTestId('lang-en').click();
    // paper-head-of-line step 3: compare view, pointing at the bins.
    await openStep(page, 'paper-head-of-line', 3);
    await page.getByTestId('lesson-figures').waitFor({ timeout: 60_000 });
    assert.equal(await page.getByTestId('lesson-figures').getAttribute('data-view'), 'compare');
    assert.equal(await page.getByTestId('cluster').count(), 0, 'the figures replace the stage');
    assert.equal(await page.locator('.pointed[data-point~="compare:bins"]').count(), 1, 'the bins are ringed');
    const [a, b] = await Promise.all([0, 1].map((k) => page.getByTestId(`cmp-bin-1-${k}`).getAttribute('data-value')));
    assert.ok(Number(b) > Number(a));
    const checks = page.getByTestId('step-checks');
    assert.equal(await checks.getAttribute('data-held'), await checks.getAttribute('data-total'));
    // The next step that is on the stage brings the stage back.
    await openStep(page, 'paper-head-of-line', 2);
    await page.getByTestId('cluster').waitFor();
    assert.equal(await page.getByTestId('lesson-figures').count(), 0);
    // paper-sticky-slots: sticky slots ringed.
    await openStep(page, 'paper-sticky-slots', 5);
    await page.getByTestId('cmp-sticky').waitFor({ timeout: 60_000 });
    assert.equal(await page.locator('.pointed[data-point~="compare:sticky"]').count(), 1);
    assert.ok(Number(await page.getByTestId('cmp-sticky-0').getAttribute('data-value')) > 0.9);
    // paper-bound: the curve, the gap table, the other sweeps in brief.
    await openStep(page, 'paper-bound', 1);
    await page.getByTestId('sweep-gap').waitFor({ timeout: 60_000 });
    assert.equal(await page.locator('.pointed[data-point~="sweep:gap"]').count(), 1);
    const row = page.getByTestId('sweep-gap-315');
    assert.equal(await row.getAttribute('data-skips'), '19.5');
    assert.equal(await row.getAttribute('data-trackers'), '8.2');
    assert.equal(await row.getAttribute('data-remembered'), '3');
    const off = await page.locator('[data-testid^=sweep-brief-]').evaluateAll((l) => l.map((x) => Number(x.dataset.off)));
    assert.deepEqual(off, [0, 12, 6, 0]);
    assert.equal(await checks.getAttribute('data-held'), await checks.getAttribute('data-total'));
    await page.getByTestId('lang-zh').click();
    assert.match(await page.getByTestId('lesson-figures').innerText(), /本课测得的整个运行/);
    assert.deepEqual(errors, []);
  } finally {
    await page.close();
  }
});

test('a SWIM import with a time scale and a window says what it changed', async () => {
  const { page, errors } = await openPage(browser);
  try {
    await page.getByTestId('lang-en').click();
    await page.getByTestId('open-editor').click();
    await page.locator('[data-testid=trace-import] summary').click();
    await page.getByTestId('trace-max-jobs').fill('20');
    await page.getByTestId('trace-skip-jobs').fill('5');
    await page.getByTestId('trace-time-scale').fill('20');
    await page.getByTestId('trace-file').setInputFiles(here('../data/swim-fb2009-first40.tsv'));
    await page.getByTestId('trace-ok').waitFor({ timeout: 20_000 });
    const notes = await page.getByTestId('trace-notes').innerText();
    assert.match(notes, /Jobs 6–25 of the trace's 40 kept; 20 left out\./);
    assert.match(notes, /Submit times divided by 20: /);
    assert.deepEqual(errors, []);
  } finally {
    await page.close();
  }
});
