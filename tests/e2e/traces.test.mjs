// Real workloads from the page: a Rumen job history and the SWIM Facebook 2009 / 2010 samples
// (fixtures cut from shared/data; the whole Rumen file when it is there) are imported with the
// editor's file picker, applied, and run to the end under FIFO, Fair and Capacity. A file that
// is not a trace shows its errors.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, writeFileSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { launch, openPage } from './browser.mjs';

const here = (p) => fileURLToPath(new globalThis.URL(p, import.meta.url));
const FULL_RUMEN = here('../../../shared/data/sls/2jobs2min-rumen-jh.json');
const TRACES = [
  { name: 'rumen', file: existsSync(FULL_RUMEN) ? FULL_RUMEN : here('../data/rumen-2jobs-cut.json'), jobs: 2 },
  { name: 'swim-2009', file: here('../data/swim-fb2009-first40.tsv'), jobs: 8 },
  { name: 'swim-2010', file: here('../data/swim-fb2010-first40.tsv'), jobs: 8 },
];

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

async function importTrace(page, file, jobs) {
  await page.getByTestId('open-editor').click();
  await page.locator('[data-testid=trace-import] summary').click();
  await page.getByTestId('trace-max-jobs').fill(String(jobs));
  await page.getByTestId('trace-file').setInputFiles(file);
  await page.getByTestId('trace-ok').waitFor({ timeout: 20_000 });
  assert.match(await page.getByTestId('trace-ok').textContent(), new RegExp(`\\b${jobs}\\b`));
  await page.waitForFunction(() => document.querySelector('[data-testid=validity]')?.textContent === 'valid');
  await page.getByTestId('apply').click();
  await page.getByTestId('editor').waitFor({ state: 'detached' });
}

async function runToEnd(page, label) {
  // "Last" computes up to 50,000 heartbeats per press; SWIM runs idle between sparse jobs.
  for (let k = 0; k < 3 && !(await page.getByTestId('next').isDisabled()); k++) {
    const before = await page.getByTestId('hb').textContent();
    await page.getByTestId('last').click();
    await page.waitForFunction((b) => document.querySelector('[data-testid=hb]')?.textContent !== b || document.querySelector('[data-testid=next]')?.disabled, before, { timeout: 60_000 });
  }
  assert.ok(await page.getByTestId('next').isDisabled(), `${label}: the run ended`);
  assert.equal(await page.getByTestId('banner').count(), 0, `${label}: ${await page.getByTestId('banner').allTextContents()}`);
  await page.getByTestId('tab-jobs').click();
  const states = await page.locator('[data-testid=jobs-table] tbody tr td:nth-child(2)').allTextContents();
  assert.ok(states.length > 0 && states.every((s) => s === 'SUCCEEDED'), `${label}: ${states}`);
  await page.getByTestId('tab-why').click();
}

test('both real traces load from the page and run under each scheduler', async () => {
  const { page, errors } = await openPage(browser);
  try {
    await page.getByTestId('lang-en').click();
    for (const t of TRACES) {
      await importTrace(page, t.file, t.jobs);
      assert.equal(await page.getByTestId('scenario-errors').count(), 0);
      for (const sched of ['fifo', 'fair', 'capacity']) {
        if (sched !== 'fifo') {
          await page.getByTestId(`sched-${sched}`).click();
          await page.waitForFunction((s) => document.querySelector(`[data-testid=sched-${s}]`)?.getAttribute('aria-pressed') === 'true', sched);
        }
        await runToEnd(page, `${t.name} under ${sched}`);
        await page.getByTestId('first').click();
      }
      await page.getByTestId('sched-fifo').click();
    }
    assert.deepEqual(errors, []);
  } finally {
    await page.close();
  }
});

test('a file that is not a trace is refused with its errors', async () => {
  const { page, errors } = await openPage(browser);
  try {
    await page.getByTestId('lang-en').click();
    mkdirSync(here('../../target/tmp'), { recursive: true });
    const bad = here('../../target/tmp/not-a-trace.tsv');
    writeFileSync(bad, 'job0\tforty-two\t0\t1\t2\t3\n');
    await page.getByTestId('open-editor').click();
    await page.locator('[data-testid=trace-import] summary').click();
    await page.getByTestId('trace-file').setInputFiles(bad);
    await page.getByTestId('trace-errors').waitFor();
    assert.match(await page.getByTestId('trace-errors').innerText(), /line 1/);
    assert.equal(await page.getByTestId('trace-ok').count(), 0);
    assert.deepEqual(errors, []);
  } finally {
    await page.close();
  }
});

test('the import window and time scale are checked as typed, never clamped', async () => {
  const { page, errors } = await openPage(browser);
  try {
    await page.getByTestId('lang-en').click();
    await page.getByTestId('open-editor').click();
    await page.locator('[data-testid=trace-import] summary').click();
    // Typed one key at a time, as a person does: "0.5" stays "0.5" (it was rewritten to
    // 0.0001 at the first key, the smallest scale, when values were clamped while typing).
    await page.getByTestId('trace-time-scale').fill('');
    await page.getByTestId('trace-time-scale').pressSequentially('0.5');
    assert.equal(await page.getByTestId('trace-time-scale').inputValue(), '0.5');
    assert.equal(await page.getByTestId('trace-field-errors').count(), 0);
    // Out of range: refused with what was found, and the picker waits.
    await page.getByTestId('trace-max-jobs').fill('20000');
    await page.getByTestId('trace-time-scale').fill('0');
    const problems = await page.locator('[data-testid=trace-field-errors] li').allTextContents();
    assert.deepEqual(problems, [
      'Jobs: found “20000”; expected a whole number from 1 to 9999',
      'Time ÷: found “0”; expected a number from 0.0001 to 10000',
    ]);
    assert.ok(await page.getByTestId('trace-file').isDisabled());
    assert.equal(await page.getByTestId('trace-max-jobs').inputValue(), '20000');
    // Fixed: the picker imports with the typed window.
    await page.getByTestId('trace-max-jobs').fill('3');
    await page.getByTestId('trace-time-scale').fill('2');
    assert.equal(await page.getByTestId('trace-field-errors').count(), 0);
    await page.getByTestId('trace-file').setInputFiles(TRACES[1].file);
    await page.getByTestId('trace-ok').waitFor({ timeout: 20_000 });
    assert.match(await page.getByTestId('trace-ok').textContent(), /\b3\b/);
    assert.deepEqual(errors, []);
  } finally {
    await page.close();
  }
});

