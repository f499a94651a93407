// Practice mode: every fact line of a question is visible without scrolling at 1280×720, for
// a sample of every kind (three difficulties, English and Chinese): each line lies inside the
// "At heartbeat N" box, the box does not scroll, and the question and its button stay in view
// (a long answer form scrolls in its own box below the facts). Issue 25; see docs/practice.md.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { launch, URL } from './browser.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

async function open(hash, lang) {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 720 }, locale: lang === 'zh' ? 'zh-CN' : 'en-US' });
  const page = await ctx.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(`console.error: ${m.text()}`); });
  await page.goto(`${URL}#${hash}`);
  await page.getByTestId('practice').waitFor({ timeout: 60_000 });
  await page.getByTestId(`lang-${lang}`).click();
  return { ctx, page, errors };
}

const card = (page) => page.getByTestId('practice');

test('every fact line of a question of every kind is visible without scrolling at 1280×720 (English and Chinese)', async () => {
  // The kinds and their concepts, from the kinds' tables (`src/practice/kinds/*.rs`); a link
  // names concepts, so a concept with two kinds is opened with further seeds until each is met.
  const dir = new globalThis.URL('../../src/practice/kinds/', import.meta.url);
  const kinds = readdirSync(dir).filter((f) => f.endsWith('.rs'))
    .flatMap((f) => [...readFileSync(new globalThis.URL(f, dir), 'utf8').matchAll(/[\s{]id: "([a-z_]+\.[a-z_]+)",\s*concept: "([a-z_]+\.[a-z_]+)"/g)].map((m) => [m[1], m[2]]));
  assert.equal(kinds.length, 21, `the 21 kinds: ${kinds}`);
  for (const lang of ['en', 'zh']) {
    const { ctx, page, errors } = await open(`p=1&c=${kinds[0][1]}&d=easy&seed=1&n=1`, lang);
    try {
      const problems = [];
      let checked = 0;
      for (const [k, concept] of kinds) {
        for (const d of ['easy', 'medium', 'hard']) {
          let hash;
          for (let seed = 1; ; seed++) {
            assert.ok(seed < 40, `no ${k} question for concept ${concept}, ${d}, in 40 seeds`);
            hash = `#p=1&c=${concept}&d=${d}&seed=${seed}&n=1`;
            await page.evaluate((h) => { location.hash = h; }, hash);
            await page.waitForFunction((h) => location.hash === h && document.querySelector('[data-testid=practice] [data-testid=q-given] li'), hash, { timeout: 60_000 });
            if (await card(page).getAttribute('data-kind') === k) break;
          }
          const hidden = await page.evaluate(() => {
            const told = document.querySelector('[data-testid=q-told]');
            const box = told.getBoundingClientRect();
            const out = [];
            if (told.scrollHeight > told.clientHeight + 1) out.push(`the box scrolls: ${told.scrollHeight} px in ${told.clientHeight}`);
            // Each line inside its box and inside the window, no clipping ancestor cutting it.
            for (const li of told.querySelectorAll('li')) {
              const r = li.getBoundingClientRect();
              let inside = r.top >= box.top - 1 && r.bottom <= box.bottom + 1 && r.top >= 0 && r.bottom <= innerHeight + 1 && r.right <= innerWidth + 1;
              for (let e = li.parentElement; inside && e && e !== document.body; e = e.parentElement) {
                if (/(auto|scroll|hidden|clip)/.test(getComputedStyle(e).overflowY)) {
                  const c = e.getBoundingClientRect();
                  inside = r.top >= c.top - 1 && r.bottom <= c.bottom + 1;
                }
              }
              if (!inside) out.push(`hidden: ${li.textContent.slice(0, 60)}`);
            }
            // The question and the button stay in view too (a long answer form scrolls in its
            // own box below the facts, which stay where they are).
            const answer = document.querySelector('.q-answer').getBoundingClientRect();
            for (const s of ['[data-testid=q-ask]', '[data-testid=q-submit]']) {
              const r = document.querySelector(s).getBoundingClientRect();
              const limit = s.endsWith('ask]') ? Math.min(innerHeight, answer.bottom) : innerHeight;
              if (r.bottom > limit + 1 || r.top < box.bottom - 1) out.push(`hidden: ${s} by ${Math.round(r.bottom - limit)} px`);
            }
            return { lines: told.querySelectorAll('li').length, out, page: document.documentElement.scrollHeight <= innerHeight + 1 };
          });
          checked += hidden.lines;
          if (hidden.out.length || !hidden.page) problems.push(`${lang} ${hash}: ${hidden.out.join('; ')}${hidden.page ? '' : '; the page scrolls'}`);
        }
      }
      assert.ok(checked > kinds.length * 3 * 3, `${checked} fact lines checked`);
      assert.deepEqual(problems, [], problems.join('\n'));
      assert.deepEqual(errors, []);
    } finally {
      await ctx.close();
    }
  }
});
