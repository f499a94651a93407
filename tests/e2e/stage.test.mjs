// The stage: every lesson step, opened by its share link, shows what it points at on one
// screen (English and Chinese; 1280×720, and 1920×1080 in presentation mode); the
// delay-scheduling reach grows NODE → RACK → ANY on the grid and snaps back; a Capacity
// re-sort moves the lanes; the padding gauge reads "exceeded" where the padding lesson says
// so; no page or dialog overflows its screen from 360 px up.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { launch, overflowing, URL } from './browser.mjs';

const LESSON_DIR = new globalThis.URL('../../lessons/', import.meta.url);
const lessons = readdirSync(LESSON_DIR).filter((f) => f.endsWith('.json')).sort()
  .map((f) => JSON.parse(readFileSync(new globalThis.URL(f, LESSON_DIR), 'utf8')));

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

async function context(viewport, lang = 'en') {
  const ctx = await browser.newContext({ viewport, locale: lang === 'zh' ? 'zh-CN' : 'en-US' });
  const page = await ctx.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(`console.error: ${m.text()}`); });
  await page.goto(URL);
  await page.locator('[data-testid=hb]').waitFor({ timeout: 30_000 });
  await page.getByTestId(`lang-${lang}`).click();
  return { ctx, page, errors };
}

/** Open a lesson step by its share link, in the page already open (a hash change). */
async function openStep(page, id, i) {
  await page.evaluate(([l, s]) => { location.hash = `#v=1&l=${l}&st=${s}`; }, [id, i]);
  await page.waitForFunction(([l, s]) => {
    const n = document.querySelector('[data-testid=narrative]');
    return n?.getAttribute('data-lesson') === l && n?.getAttribute('data-step') === String(s);
  }, [id, i], { timeout: 20_000 });
}

/** For each token: the best element outside the narrative card carrying it, as the fraction
 *  of it inside the viewport and its size. */
const measure = (page, tokens) => page.evaluate((toks) => {
  const vw = innerWidth, vh = innerHeight;
  const one = (e) => {
    const r = e.getBoundingClientRect();
    const w = Math.max(0, Math.min(r.right, vw) - Math.max(r.left, 0));
    const h = Math.max(0, Math.min(r.bottom, vh) - Math.max(r.top, 0));
    return { frac: r.width && r.height ? (w * h) / (r.width * r.height) : 0, w: r.width, h: r.height };
  };
  const out = {};
  for (const t of toks) {
    const els = [...document.querySelectorAll('[data-point]')]
      .filter((e) => e.getAttribute('data-point').split(/\s+/).includes(t))
      .filter((e) => !e.closest('[data-testid=narrative]'));
    // Any carrier that is big enough and on screen will do; else report the best one.
    const ms = els.map(one);
    const good = ms.find((m) => m.w >= 24 && m.h >= 24 && m.frac >= 0.5);
    out[t] = good || ms.sort((a, b) => (b.frac - a.frac) || (b.w * b.h - a.w * a.h))[0] || null;
  }
  // A step about whole runs shows the cluster small beside its figures.
  const grid = document.querySelector('[data-testid=racks], [data-testid=cluster-now] canvas');
  out.__grid = grid ? one(grid) : null;
  return out;
}, tokens);

for (const [size, present] of [['1280x720', false], ['1920x1080', true]]) {
  for (const lang of ['en', 'zh']) {
    test(`every lesson step shows what it points at (${size}${present ? ' presentation' : ''}, ${lang})`, async () => {
      const [width, height] = size.split('x').map(Number);
      const { ctx, page, errors } = await context({ width, height }, lang);
      const problems = [];
      try {
        if (present) {
          await page.getByTestId('present').click();
          await page.waitForFunction(() => document.querySelector('[data-testid=app]')?.classList.contains('present'));
        }
        for (const l of lessons) {
          for (let i = 0; i < l.steps.length; i++) {
            const s = l.steps[i];
            await openStep(page, l.id, i);
            if (await page.getByTestId('reveal').count()) {
              await page.getByTestId('choice-0').click();
              await page.getByTestId('reveal').click();
              await page.getByTestId('predict-verdict').waitFor();
            }
            const hb = Number(await page.getByTestId('narrative').getAttribute('data-step-hb'));
            await page.waitForFunction((h) => document.querySelector('[data-testid=hb]')?.textContent === String(h), hb);
            const tokens = String(s.point || '').split(/\s+/).filter(Boolean);
            const m = await measure(page, tokens);
            const where = `${l.id}#${i} (hb ${hb})`;
            // A step with a `view` (compare mode, the sweep) shows its figures in place of the grid.
            if ((!m.__grid || m.__grid.frac < 0.5)) problems.push(`${where}: the grid is ${m.__grid ? Math.round(m.__grid.frac * 100) : 0}% on screen`);
            for (const t of tokens) {
              const e = m[t];
              if (!e) problems.push(`${where}: nothing carries ${t}`);
              else if (e.w < 24 || e.h < 24) problems.push(`${where}: ${t} is ${Math.round(e.w)}×${Math.round(e.h)} px`);
              else if (e.frac < 0.5) problems.push(`${where}: ${t} is ${Math.round(e.frac * 100)}% on screen`);
            }
          }
        }
        assert.deepEqual(problems, [], problems.join('\n'));
        assert.deepEqual(errors, []);
      } finally {
        await ctx.close();
      }
    });
  }
}

/** Classes of every tracker row: which are in the focus job's reach. */
const reach = (page) => page.evaluate(() => {
  const nodes = [...document.querySelectorAll('[data-testid^=node-]')];
  const racks = document.querySelector('[data-testid=racks]');
  return {
    level: racks.getAttribute('data-reach-level'),
    inReach: nodes.filter((n) => n.classList.contains('in-reach')).map((n) => n.dataset.testid.slice(5)).sort(),
    all: nodes.map((n) => n.dataset.testid.slice(5)).sort(),
    rackTinted: [...document.querySelectorAll('.rack.reach-rack')].map((r) => r.dataset.testid),
    anyOutline: racks.classList.contains('reach-any'),
  };
});

test('the delay-scheduling reach grows NODE → RACK → ANY on the grid and snaps back', async () => {
  const { ctx, page, errors } = await context({ width: 1280, height: 720 });
  try {
    const lesson = lessons.find((l) => l.id === 'fair-delay-scheduling');
    const at = async (h) => {
      await page.evaluate((x) => { location.hash = `#v=1&l=fair-delay-scheduling&st=0&hb=${x}`; }, h);
      // A link to a prediction's answer opens at its question: answer it to go on.
      await page.waitForFunction(() => document.querySelector('[data-testid=narrative]'));
      await page.waitForTimeout(200);
      if (await page.getByTestId('reveal').count()) {
        await page.getByTestId('choice-0').click();
        await page.getByTestId('reveal').click();
      }
      await page.waitForFunction((x) => document.querySelector('[data-testid=hb]')?.textContent === String(x), h);
      return reach(page);
    };
    assert.ok(lesson, 'the delay-scheduling lesson');
    // J1's input is on rack2's node2 (tt4) only.
    const node = await at(1);
    assert.equal(node.level, 'NODE', JSON.stringify(node) + await page.evaluate(() => location.hash));
    assert.deepEqual(node.inReach, ['tt4'], 'at NODE only the replica host is in reach');
    assert.equal(node.anyOutline, false);
    const rack = await at(4);
    assert.equal(rack.level, 'RACK');
    assert.deepEqual(rack.inReach, ['tt3', 'tt4'], 'at RACK the replica host\'s whole rack');
    assert.deepEqual(rack.rackTinted, ['rack-rack2']);
    const any = await at(10);
    assert.equal(any.level, 'ANY');
    assert.deepEqual(any.inReach, any.all, 'at ANY every tracker');
    assert.equal(any.anyOutline, true);
    // The node-local launch on tt4 snaps the reach back to NODE.
    const back = await at(16);
    assert.equal(back.level, 'NODE');
    assert.deepEqual(back.inReach, ['tt4']);
    assert.equal(await page.getByTestId('level-reset').count(), 1, 'the ladder says the level came back down');
    assert.deepEqual(errors, []);
  } finally {
    await ctx.close();
  }
});

test('a Capacity re-sort moves the queue lanes', async () => {
  const { ctx, page, errors } = await context({ width: 1280, height: 720 });
  try {
    const lanes = async (h) => {
      await page.evaluate((x) => { location.hash = `#v=1&l=capacity-queue-order&st=0&hb=${x}`; }, h);
      await page.waitForFunction((x) => document.querySelector('[data-testid=hb]')?.textContent === String(x), h);
      await page.waitForTimeout(800); // the slide
      return page.evaluate(() => Object.fromEntries([...document.querySelectorAll('[data-testid^=lane-]')].map((l) =>
        [l.dataset.testid.slice(5), { rank: Number(l.dataset.rank), y: l.getBoundingClientRect().top }])));
    };
    const before = await lanes(22);
    const after = await lanes(23);
    assert.equal(before.prod.rank, 0, 'prod sorts first at heartbeat 22');
    assert.equal(after.research.rank, 0, 'research sorts first at heartbeat 23');
    assert.ok(after.research.y < after.prod.y, 'the research lane is drawn above prod');
    assert.ok(after.research.y < before.research.y, 'the research lane moved up');
    assert.deepEqual(errors, []);
  } finally {
    await ctx.close();
  }
});

test('the padding gauge reads "exceeded" on the padding lesson\'s heartbeat', async () => {
  const { ctx, page, errors } = await context({ width: 1280, height: 720 });
  try {
    const lesson = lessons.find((l) => l.id === 'fifo-padding');
    const events = (s) => [...(s.check || []), ...(s.predict ? [s.predict.choices[s.predict.answer].event] : [])];
    const step = lesson.steps.findIndex((s) => events(s).some((c) => c.event === 'fifo_map_stop' && c.stop === 'padding'));
    assert.ok(step >= 0, 'a step of the padding lesson where padding stops map assignment');
    await openStep(page, 'fifo-padding', step);
    if (await page.getByTestId('reveal').count()) {
      await page.getByTestId('choice-0').click();
      await page.getByTestId('reveal').click();
    }
    const hb = Number(await page.getByTestId('narrative').getAttribute('data-step-hb'));
    await page.waitForFunction((h) => document.querySelector('[data-testid=hb]')?.textContent === String(h), hb);
    const gauge = page.getByTestId('padding-gauge');
    assert.equal(await gauge.getAttribute('data-exceeded'), 'true');
    assert.match(await page.getByTestId('padding-sum').textContent(), /≥/);
    assert.match(await page.getByTestId('padding-verdict').textContent(), /at most 1 map/);
    const box = await gauge.boundingBox();
    assert.ok(box.y + box.height <= 720, 'the gauge is on screen');
    assert.deepEqual(errors, []);
  } finally {
    await ctx.close();
  }
});


for (const [w, h, present] of [[360, 640, false], [390, 844, false], [1280, 720, false], [1280, 720, true], [1920, 1080, false]]) {
  test(`nothing overflows ${w}×${h}${present ? ' in presentation mode' : ''}, dialogs included`, async () => {
    const { ctx, page, errors } = await context({ width: w, height: h });
    try {
      const phone = w < 700;
      if (present) await page.keyboard.press('p');
      const problems = [];
      const check = async (what) => { for (const p of await overflowing(page)) problems.push(`${what}: ${p}`); };
      await check('landing');
      const open = async (id) => {
        if (phone && ['help', 'share', 'editor'].includes(id)) {
          await page.getByTestId('open-menu').click();
          await page.getByTestId('menu').getByTestId(`open-${id}`).click();
        } else {
          await page.getByTestId(`open-${id}`).click();
        }
      };
      for (const id of ['help', 'share', 'editor', 'lessons', ...(phone ? ['menu'] : [])]) {
        await open(id);
        await page.waitForTimeout(200);
        await check(`dialog ${id}`);
        await page.keyboard.press('Escape');
        await page.waitForFunction(() => !document.querySelector('[role=dialog]'));
      }
      // A lesson step too.
      await openStep(page, 'fair-delay-scheduling', 2);
      await check('lesson step');
      assert.deepEqual(problems, [], problems.join('\n'));
      assert.deepEqual(errors, []);
    } finally {
      await ctx.close();
    }
  });
}

test('dialogs take the focus, keep it and give it back; each heartbeat is announced', async () => {
  const { ctx, page, errors } = await context({ width: 1280, height: 720 });
  try {
    const share = page.getByTestId('open-share');
    await share.focus();
    await share.press('Enter');
    await page.locator('[role=dialog]').waitFor();
    const inDialog = () => page.evaluate(() => Boolean(document.activeElement?.closest('[role=dialog]')));
    assert.ok(await inDialog(), 'the focus moved into the dialog');
    for (let i = 0; i < 25; i++) {
      await page.keyboard.press(i % 3 ? 'Tab' : 'Shift+Tab');
      assert.ok(await inDialog(), `the focus stays in the dialog (press ${i})`);
    }
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => !document.querySelector('[role=dialog]'));
    assert.equal(await page.evaluate(() => document.activeElement?.dataset.testid), 'open-share', 'the focus went back');
    // The live region says what the heartbeat did, in the page's language.
    await page.getByTestId('next').click();
    await page.waitForFunction(() => document.querySelector('[data-testid=hb]')?.textContent === '1');
    const live = page.getByTestId('announce');
    assert.equal(await live.getAttribute('aria-live'), 'polite');
    assert.match(await live.textContent(), /Heartbeat 1/);
    await page.getByTestId('lang-zh').click();
    assert.match(await live.textContent(), /心跳/);
    assert.equal(await page.getByTestId('cluster').getAttribute('role'), 'figure');
    assert.ok((await page.getByTestId('cluster').getAttribute('aria-label')).length > 10);
    assert.deepEqual(errors, []);
  } finally {
    await ctx.close();
  }
});

test('a tracker joins and another falls silent and is lost, on the grid', async () => {
  const { ctx, page, errors } = await context({ width: 1280, height: 720 });
  try {
    const at = async (h) => {
      await page.evaluate((x) => { location.hash = `#v=1&b=trackers-come-and-go&hb=${x}`; }, h);
      await page.waitForFunction((x) => document.querySelector('[data-testid=hb]')?.textContent === String(x), h, { timeout: 30_000 });
      return page.evaluate(() => Object.fromEntries([...document.querySelectorAll('[data-testid^=node-]')]
        .map((n) => [n.dataset.testid.slice(5), n.dataset.state])));
    };
    assert.deepEqual(await at(100), { tt1: 'live', tt2: 'live', tt3: 'not-joined' });
    assert.match(await page.getByTestId('cluster-summary').textContent(), /map \d+\/4/);
    assert.deepEqual(await at(135), { tt1: 'live', tt2: 'live', tt3: 'joined' });
    assert.match(await page.getByTestId('cluster-summary').textContent(), /map \d+\/6/);
    assert.match(await page.getByTestId('why').innerText(), /tt3 .*joined the cluster/);
    assert.equal((await at(400)).tt2, 'silent');
    assert.match(await page.getByTestId('node-tt2').getByTestId('tracker-state').textContent(), /silent since/);
    assert.deepEqual(await at(702), { tt1: 'live', tt2: 'lost', tt3: 'joined' });
    assert.match(await page.getByTestId('why').innerText(), /tt2 was declared lost/);
    assert.match(await page.getByTestId('cluster-summary').textContent(), /map \d+\/4/);
    assert.deepEqual(errors, []);
  } finally {
    await ctx.close();
  }
});
