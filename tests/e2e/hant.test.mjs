// 繁體中文 on the page (issue 14 item 7): a zh-TW (or zh-HK) browser opens the page in it; every
// lesson walks to its end in it; share and embed links carry lang=zh-Hant and reopen in it; the
// log export is in it; leaving it gives back the Simplified text exactly; the top bar's three
// languages fit 1280×720, 390×844 and 360×640.
//
// What "in Traditional characters" means here: every text the page shows (and every title and
// aria-label) is its own conversion, toHant(text) === text, with the JavaScript API's toHant
// (the conversion the page and the CLI use; dist/api), and Taiwan's terms are there: 延遲排程,
// 資料, 叢集 and never 调, 迟, 数 (nor the mainland 延遲調度: tests/hant_terms.rs lists them).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { launch, overflowing, URL } from './browser.mjs';
import { fastest, lessons, textPattern, walk } from './lesson-walk.mjs';
import init, { toHant } from '../../dist/api/schedscope.js';

await init({ module_or_path: readFileSync(new globalThis.URL('../../dist/api/schedscope_bg.wasm', import.meta.url)) });

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

async function open(locale, hash = '', viewport = { width: 1280, height: 720 }) {
  const ctx = await browser.newContext({ viewport, locale, acceptDownloads: true });
  const page = await ctx.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(`console.error: ${m.text()}`); });
  await page.goto(URL + hash);
  await page.locator('[data-testid=hb]').first().waitFor({ timeout: 30_000 });
  return { ctx, page, errors };
}

/** Every visible text and every read attribute of `selector`, one string per node. */
const texts = (page, selector = 'body') => page.evaluate((sel) => {
  const out = [];
  for (const root of document.querySelectorAll(sel)) {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement;
      if (!n.data.trim() || el.closest('[data-keep-script], textarea, script, style')) continue;
      out.push(n.data);
    }
    for (const el of [root, ...root.querySelectorAll('*')]) {
      if (el.closest('[data-keep-script]')) continue;
      for (const a of ['title', 'aria-label', 'aria-valuetext', 'placeholder', 'label']) {
        const v = el.getAttribute(a);
        if (v) out.push(v);
      }
    }
  }
  return out;
}, selector);

/** The texts that are not Traditional (something left to convert). */
const unconverted = (list) => list.filter((t) => toHant(t) !== t);

async function assertHant(page, selector, what) {
  const all = await texts(page, selector);
  assert.ok(all.length > 0, `${what}: nothing shown`);
  assert.deepEqual(unconverted(all), [], `${what}: Simplified text left`);
  const joined = all.join('\n');
  assert.doesNotMatch(joined, /[调迟数课节点队]/, `${what}: Simplified characters`);
  return joined;
}

test('a zh-TW browser opens the page in 繁體中文; zh-HK and zh-Hant too; zh-CN stays 简体', async () => {
  for (const locale of ['zh-TW', 'zh-HK', 'zh-Hant']) {
    const { ctx, page, errors } = await open(locale, '#v=1&l=fair-delay-scheduling&st=1');
    try {
      assert.equal(await page.evaluate(() => document.documentElement.lang), 'zh-Hant', locale);
      assert.equal(await page.getByTestId('lang-zh-Hant').getAttribute('aria-pressed'), 'true');
      const all = await assertHant(page, 'body', `${locale} page`);
      for (const term of ['延遲排程', '節點', '心跳', '課']) assert.ok(all.includes(term), `${locale}: ${term}`);
      for (const term of ['延遲調度', '數據本地性', '集群']) assert.ok(!all.includes(term), `${locale}: no ${term}`);
      // The step text is the lesson's Simplified text converted, exactly.
      const lesson = lessons.find((l) => l.id === 'fair-delay-scheduling');
      assert.match(await page.getByTestId('step-text').innerText(), textPattern(toHant(lesson.steps[1].text.zh)));
      assert.equal(await page.getByTestId('step-text').getAttribute('lang'), 'zh-Hant');
      // The switch names 简体 in its own characters.
      assert.equal(await page.getByTestId('lang-zh').innerText(), '简');
      assert.equal(await page.getByTestId('lang-zh').getAttribute('aria-label'), '简体中文');
      // The address is a share link in this language.
      assert.match(await page.evaluate(() => location.hash), /&lang=zh-Hant/);
      assert.deepEqual(errors, []);
    } finally {
      await ctx.close();
    }
  }
  const { ctx, page } = await open('zh-CN');
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'zh-CN');
  assert.equal(await page.getByTestId('lang-zh').getAttribute('aria-pressed'), 'true');
  await ctx.close();
});

test('every lesson walks to its end in 繁體中文', async () => {
  const { ctx, page, errors } = await open('zh-TW');
  try {
    await fastest(page);
    for (const [index, lesson] of lessons.entries()) {
      lesson.index = index;
      await walk(page, lesson, 'zh-Hant', URL, async (p, h) => {
        // The narrative card, the stage and the side area: nothing left in Simplified.
        await assertHant(p, '[data-testid=narrative], .stage, .side-panel, .lesson-figures-area', `${lesson.id} hb ${h}`);
      }, toHant);
    }
    assert.deepEqual(errors, []);
  } finally {
    await ctx.close();
  }
});

test('share and embed links carry lang=zh-Hant and reopen in it, in any browser', async () => {
  const { ctx, page, errors } = await open('zh-TW', '#v=1&l=capacity-queue-order&st=1');
  try {
    await page.getByTestId('open-share').click();
    const url = await page.getByTestId('share-url').inputValue();
    assert.match(url, /l=capacity-queue-order&st=1&hb=\d+&lang=zh-Hant$/);
    // The dialog too, and the log export (a text for people: in 繁體).
    await assertHant(page, '[role=dialog]', 'share dialog');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-log').click()]);
    assert.match(download.suggestedFilename(), /-log-zh-Hant\.txt$/);
    const log = readFileSync(await download.path(), 'utf8');
    assert.ok(log.includes('心跳') && log.includes('佇列'), log.slice(0, 200));
    assert.deepEqual(unconverted(log.split('\n')), []);
    const svg = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-svg').click()]);
    assert.deepEqual(unconverted([readFileSync(await svg[0].path(), 'utf8')]), []);
    assert.deepEqual(errors, []);
    // An English browser opens the link in 繁體.
    const other = await open('en-US', new globalThis.URL(url).hash);
    try {
      assert.equal(await other.page.evaluate(() => document.documentElement.lang), 'zh-Hant');
      await assertHant(other.page, 'body', 'the shared link');
      assert.equal(await other.page.getByTestId('narrative').getAttribute('data-step'), '1');
      // A link's language is shown, not remembered: a plain link opens in the reader's own.
      await other.page.goto(`${URL}#v=1&b=fifo-two-racks`);
      await other.page.reload();
      await other.page.locator('[data-testid=hb]').waitFor();
      assert.equal(await other.page.evaluate(() => document.documentElement.lang), 'en');
      assert.deepEqual(other.errors, []);
    } finally {
      await other.ctx.close();
    }
    // An embed link with lang=zh-Hant.
    const embed = await open('en-US', '#v=1&l=fair-delay-scheduling&st=3&embed=1&lang=zh-Hant', { width: 960, height: 540 });
    try {
      assert.equal(await embed.page.getByTestId('app').getAttribute('data-embed'), 'true');
      assert.equal(await embed.page.evaluate(() => document.documentElement.lang), 'zh-Hant');
      await assertHant(embed.page, 'body', 'embed');
      assert.match(await embed.page.getByTestId('embed-open').getAttribute('href'), /lang=zh-Hant/);
      assert.deepEqual(embed.errors, []);
    } finally {
      await embed.ctx.close();
    }
  } finally {
    await ctx.close();
  }
});

test('leaving 繁體 gives back the Simplified text exactly, and English', async () => {
  const { ctx, page, errors } = await open('zh-TW', '#v=1&l=fair-delay-scheduling&st=4');
  try {
    const lesson = lessons.find((l) => l.id === 'fair-delay-scheduling');
    await page.getByTestId('tab-log').click();
    await assertHant(page, 'body', 'before');
    await page.getByTestId('lang-zh').click();
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'zh-CN');
    assert.match(await page.getByTestId('step-text').innerText(), textPattern(lesson.steps[4].text.zh));
    assert.equal(await page.getByTestId('step-text').getAttribute('lang'), 'zh-CN');
    const simplified = (await texts(page)).join('\n');
    assert.match(simplified, /调度/);
    assert.doesNotMatch(simplified, /排程|調度|課程|節點|延遲/, 'nothing stays in 繁體');
    // Stepping in 简体 writes Simplified; back in 繁體 it is converted again, and so is what a
    // step in 繁體 writes.
    await page.getByTestId('next').click();
    await page.getByTestId('lang-zh-Hant').click();
    await assertHant(page, 'body', 'back in 繁體');
    await page.getByTestId('next').click();
    await assertHant(page, 'body', 'after a step in 繁體');
    const step = Number(await page.getByTestId('narrative').getAttribute('data-step'));
    assert.match(await page.getByTestId('step-text').innerText(), textPattern(toHant(lesson.steps[step].text.zh)));
    // English; then the keyboard cycles EN → 简 → 繁.
    await page.getByTestId('lang-en').click();
    assert.match(await page.getByTestId('step-text').innerText(), textPattern(lesson.steps[step].text.en));
    assert.doesNotMatch((await texts(page)).join('\n'), /[調課節遲]/);
    await page.locator('body').click({ position: { x: 5, y: 115 } });
    await page.keyboard.press('l');
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'zh-CN');
    await page.keyboard.press('l');
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'zh-Hant');
    await assertHant(page, 'body', 'after L L');
    assert.deepEqual(errors, []);
  } finally {
    await ctx.close();
  }
});

test('practice in 繁體: the question, the answers and the results', async () => {
  const { ctx, page, errors } = await open('zh-TW', '#p=1&c=fifo.multi_assign,fifo.load_factor,fifo.padding,fair.preemption,capacity.queue_order&d=easy&seed=7&n=5');
  try {
    await page.getByTestId('practice').waitFor({ timeout: 20_000 });
    await assertHant(page, 'body', 'practice');
    assert.deepEqual(errors, []);
  } finally {
    await ctx.close();
  }
});

for (const [w, h] of [[1280, 720], [390, 844], [360, 640]]) {
  test(`the three languages fit the top bar at ${w}×${h} in 繁體`, async () => {
    const { ctx, page, errors } = await open('zh-TW', '#v=1&l=fair-delay-scheduling&st=2', { width: w, height: h });
    try {
      for (const l of ['en', 'zh', 'zh-Hant']) {
        const b = await page.getByTestId(`lang-${l}`).boundingBox();
        assert.ok(b && b.x >= 0 && b.x + b.width <= w, `lang-${l} at ${JSON.stringify(b)}`);
      }
      const bar = await page.locator('.topbar').evaluate((e) => [e.scrollWidth, e.clientWidth]);
      assert.ok(bar[0] <= bar[1], `top bar ${bar[0]} px wide in ${bar[1]}`);
      assert.deepEqual(await overflowing(page), []);
      assert.deepEqual(errors, []);
    } finally {
      await ctx.close();
    }
  });
}
