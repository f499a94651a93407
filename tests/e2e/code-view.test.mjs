// The code path (the side area's "Code path" tab): the listings read in Chinese when the page
// is in Chinese (Hadoop's identifiers and the code kept, the live values the same), and no live
// value is cut (every value readable in full) on the delay-scheduling lesson's steps, at
// 1280×720 and at 1920×1080 in presentation mode, in both languages.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { launch, URL } from './browser.mjs';

const DELAY = JSON.parse(readFileSync(new globalThis.URL('../../lessons/fair-delay-scheduling.json', import.meta.url), 'utf8'));
const CJK = /[\u4e00-\u9fff]/;

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

async function open(viewport, hash) {
  const ctx = await browser.newContext({ viewport });
  const page = await ctx.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(`console.error: ${m.text()}`); });
  await page.goto(`${URL}${hash}`);
  await page.locator('[data-testid=hb]').waitFor({ timeout: 30_000 });
  return { ctx, page, errors };
}

/** The shown listing, line by line: its code and its live value. */
const listing = (page) => page.getByTestId('code-listing').evaluate((ol) => [...ol.querySelectorAll('.code-line')]
  .map((li) => ({ src: li.querySelector('.src').textContent, live: li.querySelector('.live')?.textContent ?? null })));

const methodTabs = (page) => page.locator('[data-testid^=code-method-]').evaluateAll((bs) => bs.map((b) => b.dataset.testid));

test('the code path reads in Chinese, the code and its live values unchanged', async () => {
  for (const [hash, min] of [['#v=1&b=fifo-two-racks&hb=61', 2], ['#v=1&b=fair-delay-worked-example&hb=10', 2], ['#v=1&b=capacity-users-highmem&hb=9', 2]]) {
    const { ctx, page, errors } = await open({ width: 1280, height: 720 }, hash);
    try {
      await page.getByTestId('lang-en').click();
      await page.getByTestId('tab-code').click();
      const tabs = await methodTabs(page);
      assert.ok(tabs.length >= min, `${hash}: methods ${tabs}`);
      let translated = 0;
      for (const tab of tabs) {
        await page.getByTestId('lang-en').click();
        await page.getByTestId(tab).click();
        const method = await page.getByTestId('code-listing').getAttribute('data-method');
        const en = await listing(page);
        await page.getByTestId('lang-zh').click();
        await page.waitForFunction(() => document.documentElement.lang === 'zh-CN');
        assert.equal(await page.getByTestId('code-listing').getAttribute('data-method'), method);
        const zh = await listing(page);
        assert.equal(zh.length, en.length, method);
        for (let i = 0; i < en.length; i++) {
          // A line is pure code (the same) or its prose is Chinese; its live value is the same.
          if (zh[i].src !== en[i].src) {
            assert.match(zh[i].src, CJK, `${method} line ${i}: ${zh[i].src}`);
            assert.doesNotMatch(en[i].src, CJK, `${method} line ${i}`);
            translated++;
          }
          assert.equal(zh[i].live, en[i].live, `${method} line ${i}: live value`);
        }
      }
      assert.ok(translated > 0, `${hash}: no line in Chinese`);
      assert.deepEqual(errors, []);
    } finally {
      await ctx.close();
    }
  }
});

/** Every live value of the shown listing that is not readable in full. */
const clipped = (page) => page.getByTestId('code-listing').evaluate((ol) => {
  const out = [];
  const box = ol.getBoundingClientRect();
  if (ol.scrollWidth > ol.clientWidth) out.push(`the listing scrolls sideways (${ol.scrollWidth} > ${ol.clientWidth})`);
  const values = [...ol.querySelectorAll('.code-line .val')];
  for (const v of values) {
    const r = v.getBoundingClientRect();
    const text = v.textContent;
    if (v.scrollWidth > v.clientWidth) out.push(`"${text}" is cut (${v.scrollWidth} > ${v.clientWidth})`);
    if (r.left < box.left - 0.5 || r.right > box.right + 0.5) out.push(`"${text}" runs past the listing`);
    for (const part of v.children) {
      for (const cr of part.getClientRects()) {
        if (cr.left < r.left - 0.5 || cr.right > r.right + 0.5) out.push(`"${part.textContent}" runs past its value box`);
      }
    }
  }
  return { out, values: values.map((v) => v.textContent) };
});

for (const [size, present] of [['1280x720', false], ['1920x1080', true]]) {
  for (const lang of ['en', 'zh']) {
    test(`no live value in the code path is cut on the delay-scheduling lesson (${size}${present ? ' presentation' : ''}, ${lang})`, async () => {
      const [width, height] = size.split('x').map(Number);
      const { ctx, page, errors } = await open({ width, height }, '');
      const problems = [];
      const seen = new Set();
      try {
        await page.getByTestId(`lang-${lang}`).click();
        if (present) {
          await page.getByTestId('present').click();
          await page.waitForFunction(() => document.querySelector('[data-testid=app]')?.classList.contains('present'));
        }
        for (let i = 0; i < DELAY.steps.length; i++) {
          await page.evaluate((s) => { location.hash = `#v=1&l=fair-delay-scheduling&st=${s}`; }, i);
          await page.waitForFunction((s) => document.querySelector('[data-testid=narrative]')?.getAttribute('data-step') === String(s), i, { timeout: 20_000 });
          if (await page.getByTestId('reveal').count()) {
            await page.getByTestId('choice-0').click();
            await page.getByTestId('reveal').click();
            await page.getByTestId('predict-verdict').waitFor();
          }
          const hb = await page.getByTestId('narrative').getAttribute('data-step-hb');
          await page.waitForFunction((h) => document.querySelector('[data-testid=hb]')?.textContent === h, hb);
          await page.getByTestId('tab-code').click();
          if (!await page.getByTestId('code-listing').count()) continue;
          for (const tab of await methodTabs(page)) {
            await page.getByTestId(tab).click();
            const { out, values } = await clipped(page);
            values.forEach((v) => seen.add(v));
            problems.push(...out.map((p) => `step ${i} (hb ${hb}) ${tab}: ${p}`));
          }
        }
        assert.deepEqual(problems, [], problems.join('\n'));
        // The value the lesson turns on is there, whole.
        assert.ok([...seen].some((v) => v.includes('6000 ≥ 5000 + 10000')), [...seen].join(' | '));
        assert.deepEqual(errors, []);
      } finally {
        await ctx.close();
      }
    });
  }
}
