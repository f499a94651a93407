// Spark on the stage (issue 27): the SPARK-18886 example's executors on the rack grid with
// their cores as slots, the task set's five locality levels with the valid ones drawn and the
// current one lit, the wait meter and what each round did to the timer, and the reach on the
// grid — in all three languages, without page errors. The three Spark lessons walk to their
// end in English, 简体 and 繁體.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { launch, URL } from './browser.mjs';
import { fastest, lessons, walk } from './lesson-walk.mjs';
import init, { toHant } from '../../dist/api/schedscope.js';

await init({ module_or_path: readFileSync(new globalThis.URL('../../dist/api/schedscope_bg.wasm', import.meta.url)) });

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

async function open(lang, hb) {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  const page = await ctx.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(`console.error: ${m.text()}`); });
  await page.goto(`${URL}#v=1&b=spark-18886&hb=${hb}`);
  await page.locator('[data-testid=spark-levels]').waitFor({ timeout: 30_000 });
  if (lang !== 'en') await page.getByTestId(`lang-${lang}`).click();
  return { ctx, page, errors };
}

const state = (page) => page.evaluate(() => {
  const q = (s) => document.querySelector(s);
  const lit = q('[data-testid=spark-levels] .lvl.on')?.getAttribute('data-level');
  const valid = [...document.querySelectorAll('[data-testid=spark-levels] .lvl')]
    .filter((e) => e.getAttribute('data-valid') === 'true').map((e) => e.getAttribute('data-level'));
  const executors = [...document.querySelectorAll('[data-testid=racks] [data-testid^=node-]')].length;
  return {
    lit, valid, executors,
    scheduler: q('[data-testid=cluster]')?.getAttribute('data-scheduler'),
    waited: q('[data-testid=spark-waited]')?.getAttribute('data-value'),
    reach: q('[data-testid=racks]')?.getAttribute('data-reach-level'),
    reset: q('[data-testid=spark-reset]')?.textContent ?? null,
    rejected: q('[data-testid=spark-rejected]')?.textContent ?? null,
    summary: q('[data-testid=cluster-summary]')?.textContent,
  };
});

test('the SPARK-18886 example escalates NODE_LOCAL → RACK_LOCAL at 3 s on the stage', async () => {
  const { ctx, page, errors } = await open('en', 1);
  try {
    let s = await state(page);
    assert.equal(s.scheduler, 'spark');
    assert.equal(s.executors, 3);
    assert.deepEqual(s.valid, ['NODE_LOCAL', 'RACK_LOCAL', 'ANY']);
    assert.equal(s.lit, 'NODE_LOCAL');
    assert.match(s.summary, /3 executors · cores busy 1\/3/);
    assert.match(s.rejected, /rejects: 2/);
    // Round 5, t = 3 s: the wait ran out, exec2 takes task 2 at RACK_LOCAL.
    await page.evaluate(() => { location.hash = '#v=1&b=spark-18886&hb=5'; });
    await page.waitForFunction(() => document.querySelector('[data-testid=spark-levels] .lvl.on')?.getAttribute('data-level') === 'RACK_LOCAL');
    s = await state(page);
    assert.equal(s.reach, 'RACK');
    assert.equal(s.waited, '0');
    const launched = await page.locator('[data-testid=racks] .slot.new').count();
    assert.equal(launched, 1, 'one task launched in round 5');
    assert.deepEqual(errors, []);
  } finally { await ctx.close(); }
});

for (const [lang, word] of [['zh', '延迟调度'], ['zh-Hant', '延遲排程']]) {
  test(`the Spark band reads in ${lang}`, async () => {
    const { ctx, page, errors } = await open(lang, 5);
    try {
      const text = await page.locator('[data-testid=ladder]').textContent();
      assert.ok(text.includes(word), text);
      assert.ok(text.includes('RACK_LOCAL'), 'Spark\'s level names are kept');
      assert.deepEqual(errors, []);
    } finally { await ctx.close(); }
  });
}

test('the Spark lessons walk to their end in English, 简体 and 繁體', async () => {
  const spark = lessons.map((l, index) => ({ ...l, index })).filter((l) => l.concepts.some((c) => c.startsWith('spark.')));
  assert.deepEqual(spark.map((l) => l.id).sort(), ['spark-delay-scheduling', 'spark-legacy-reset', 'spark-versus-fair']);
  for (const lang of ['en', 'zh', 'zh-Hant']) {
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 720 } });
    const page = await ctx.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
    try {
      await page.goto(URL);
      await page.locator('[data-testid=hb]').waitFor({ timeout: 30_000 });
      await fastest(page);
      for (const lesson of spark) await walk(page, lesson, lang, URL, () => {}, toHant);
      assert.deepEqual(errors, [], lang);
    } finally { await ctx.close(); }
  }
});
