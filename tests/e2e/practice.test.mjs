// Practice mode: a set opened by its link is answered on the page in every answer form
// (choose, order, number, pick tasks, pick attempts on the grid), wrong and right, in English
// and Chinese; each answer is graded at once, the heartbeat runs and the explanation (decision
// record, code path, what was wrong) is shown; stepping past the question is held until it is
// answered; reopening the link gives the same questions; the results give the score per
// concept, a CSV and a result code. The stage hides what would give an answer away. The card
// fits one screen at 1280×720 and nothing overflows from 360 px up. No page errors.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { launch, URL } from './browser.mjs';

// One concept per form: pick tasks (fifo.multi_assign), choose (fifo.padding), number
// (fifo.load_factor), pick attempts on the grid (fair.preemption), order (capacity.queue_order).
const SET = 'p=1&c=fifo.multi_assign,fifo.load_factor,fifo.padding,fair.preemption,capacity.queue_order&d=easy&seed=7&n=5';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

async function open(hash, lang, viewport = { width: 1280, height: 720 }) {
  const ctx = await browser.newContext({ viewport, locale: lang === 'zh' ? 'zh-CN' : 'en-US', acceptDownloads: true });
  const page = await ctx.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(`console.error: ${m.text()}`); });
  await page.goto(`${URL}#${hash}`);
  await page.getByTestId('practice').waitFor({ timeout: 60_000 });
  await page.getByTestId(`lang-${lang}`).click();
  return { ctx, page, errors };
}

const hb = async (page) => Number(await page.getByTestId('hb').textContent());
const card = (page) => page.getByTestId('practice');

/** What identifies question i on the page (the same set gives the same questions). */
async function identity(page) {
  const c = card(page);
  return {
    kind: await c.getAttribute('data-kind'),
    concept: await c.getAttribute('data-concept'),
    hb: await c.getAttribute('data-hb'),
    tracker: await c.getAttribute('data-tracker'),
    // The stage: every tracker and the task in each of its slots (language-free).
    grid: await page.evaluate(() => [...document.querySelectorAll('[data-testid=racks] [data-testid^=node-]')].map((n) =>
      `${n.dataset.testid}: ${[...n.querySelectorAll('.slot-label')].map((l) => l.textContent).join(' ')}`)),
  };
}

/** The form's size: options, items or candidates. */
const formSize = (page) => page.evaluate(() => ({
  choices: document.querySelectorAll('[data-testid^=q-choice-]').length,
  items: document.querySelectorAll('[data-testid^=q-order-]').length,
  cands: document.querySelectorAll('[data-testid^=q-cand-]').length,
  number: Boolean(document.querySelector('[data-testid=q-number]')),
}));

/** A wrong answer, given the right one. */
function wrong(expected, size) {
  const v = expected.value;
  switch (expected.answer) {
    case 'choice': return { answer: 'choice', value: (v + 1) % size.choices };
    case 'order': return { answer: 'order', value: [v[1], v[0], ...v.slice(2)] };
    case 'number': return { answer: 'number', value: v + 5 };
    default: return { answer: 'picks', value: v.length ? v.slice(1) : [0] };
  }
}

/** A first answer knowing nothing: the first option, the order as listed, 999, no picks. */
function blind(size) {
  if (size.choices) return { answer: 'choice', value: 0 };
  if (size.items) return { answer: 'order', value: [...Array(size.items).keys()] };
  if (size.number) return { answer: 'number', value: 999 };
  return { answer: 'picks', value: [] };
}

/** Put `answer` into the form (attempts are clicked on the grid) and submit it. */
async function answer(page, a, kind) {
  switch (a.answer) {
    case 'choice':
      await page.getByTestId(`q-choice-${a.value}`).click();
      break;
    case 'order':
      for (let pos = 0; pos < a.value.length; pos++) {
        let at = await page.locator(`[data-testid^=q-order-][data-item="${a.value[pos]}"]`).getAttribute('data-testid');
        for (let p = Number(at.slice('q-order-'.length)); p > pos; p--) {
          await page.getByTestId(`q-up-${p}`).click();
        }
      }
      break;
    case 'number':
      await page.getByTestId('q-number').fill(String(a.value));
      break;
    default:
      for (const k of a.value) {
        if (kind === 'fair.preempted') {
          const slot = page.locator(`[data-testid=racks] [data-pick="${k}"]`);
          await slot.click();
          assert.equal(await slot.getAttribute('aria-pressed'), 'true', 'the slot is picked on the grid');
        } else {
          await page.getByTestId(`q-cand-${k}`).click();
        }
      }
  }
  const before = await hb(page);
  const q = Number(await card(page).getAttribute('data-hb'));
  assert.equal(before, q - 1, 'the stage stands at the heartbeat before the question');
  await page.getByTestId('q-submit').click();
  await page.getByTestId('q-verdict').waitFor();
  assert.equal(await hb(page), q, 'the heartbeat asked about ran');
}

/** Answer every question of the set; `choose(expected | null, size)` gives the answer. */
async function walk(page, lang, choose, seen) {
  const out = [];
  const n = await page.locator('[data-testid^=q-dot-]').count();
  for (let i = 0; i < n; i++) {
    await page.waitForFunction((k) => document.querySelector('[data-testid=practice]')?.getAttribute('data-question') === String(k)
      && document.querySelector('[data-testid=practice]')?.getAttribute('data-state') === 'asking', i, { timeout: 60_000 });
    const id = await identity(page);
    if (seen) assert.deepEqual(id, seen[i].id, `question ${i + 1} is the same question`);
    // Stepping forward is held at the question.
    assert.equal(await page.getByTestId('next').isDisabled(), true, 'Next is held');
    const at = await hb(page);
    await page.keyboard.press('ArrowRight');
    assert.equal(await hb(page), at, 'the arrow key does not step past the question');
    const ask = await page.getByTestId('q-ask').textContent();
    assert.match(ask, lang === 'zh' ? /[\u4e00-\u9fff]/ : /[A-Za-z]{3}/, `question ${i + 1} in ${lang}`);
    const size = await formSize(page);
    const given = choose(seen ? seen[i].expected : null, size);
    await answer(page, given, id.kind);
    const v = page.getByTestId('q-verdict');
    const expected = JSON.parse(await v.getAttribute('data-expected'));
    const correct = (await v.getAttribute('data-correct')) === 'true';
    const same = JSON.stringify(given.answer === 'number' ? { ...given, value: Number(given.value) } : given)
      === JSON.stringify(expected);
    if (given.answer === 'number') {
      assert.equal(correct, Math.abs(given.value - expected.value) <= 0.011, `question ${i + 1}: a number is graded by value`);
    } else if (given.answer === 'picks' && id.kind === 'fair.preempted') {
      const sort = (x) => [...x].sort().join();
      assert.equal(correct, sort(given.value) === sort(expected.value), `question ${i + 1}: unordered picks`);
    } else {
      assert.equal(correct, same, `question ${i + 1}: graded ${correct} for ${JSON.stringify(given)} against ${JSON.stringify(expected)}`);
    }
    const head = await v.locator('.q-verdict-head').textContent();
    if (lang === 'zh') assert.match(head, correct ? /正确/ : /错误/);
    else assert.match(head, correct ? /Right/ : /Wrong/);
    if (!correct) assert.ok(await page.getByTestId('q-mistakes').locator('li').count() >= 1, 'what was wrong is said');
    // The explanation: the decision record in words, and the code path with live values.
    const why = await page.getByTestId('q-why').locator('li').allTextContents();
    assert.ok(why.length >= 2, 'the decision record in words');
    assert.match(why[0], lang === 'zh' ? new RegExp(`第 ${id.hb} 次心跳`) : new RegExp(`Heartbeat ${id.hb}\\b`));
    if (await page.getByTestId('q-tab-code-0').count()) {
      await page.getByTestId('q-tab-code-0').click();
      const listing = page.getByTestId('q-code').getByTestId('code-listing');
      assert.ok(await listing.locator('li.taken, li.ran').count() > 0, 'the code path shows the lines that ran');
      await page.getByTestId('q-tab-why').click();
    }
    out.push({ id, expected, correct });
    await page.getByTestId(i + 1 < n ? 'q-next' : 'q-results').click();
  }
  await page.getByTestId('practice-results').waitFor();
  return out;
}

test('a set is answered wrong and right in English and Chinese, the same questions every time', async () => {
  // First time through, in English, knowing nothing.
  const a = await open(SET, 'en');
  let seen;
  try {
    seen = await walk(a.page, 'en', (_, size) => blind(size));
    const kinds = new Set(seen.map((q) => q.id.kind));
    for (const k of ['fifo.tasks', 'fifo.padding', 'fifo.load_cap', 'fair.preempted', 'capacity.queue_order']) {
      assert.ok(kinds.has(k), `the set asks ${k} (it asks ${[...kinds]})`);
    }
    assert.equal(a.page.url().split('#')[1], SET, 'the address is the set link');
    assert.deepEqual(a.errors, []);
  } finally {
    await a.ctx.close();
  }
  // The link reopened, in Chinese: the same questions, all answered right.
  const b = await open(SET, 'zh');
  try {
    const right = await walk(b.page, 'zh', (e) => e, seen);
    assert.ok(right.every((q) => q.correct), 'every answer right');
    const res = b.page.getByTestId('practice-results');
    assert.equal(await res.getAttribute('data-right'), '5');
    assert.match(await b.page.getByTestId('score-total').textContent(), /答对 5 \/ 5 题/);
    const rows = await b.page.getByTestId('score-table').locator('tr').count();
    assert.equal(rows, 5, 'one row per concept');
    const code = await b.page.getByTestId('result-code').inputValue();
    assert.match(code, /^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{1,4})+$/, `a result code: ${code}`);
    assert.match(await b.page.getByTestId('set-link').inputValue(), new RegExp(`#${SET.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
    const [download] = await Promise.all([b.page.waitForEvent('download'), b.page.getByTestId('practice-csv').click()]);
    const csv = readFileSync(await download.path(), 'utf8').replace(/^\uFEFF/, '');
    const lines = csv.trim().split('\n');
    assert.equal(lines[0], 'question,concept,kind,difficulty,heartbeat,tracker,question_text,answer,expected,correct');
    assert.equal(lines.length, 6, 'a row per question');
    assert.ok(lines.slice(1).every((l) => l.endsWith(',true')), 'every row right');
    assert.match(lines[1], /[\u4e00-\u9fff]/, 'the CSV is in the page\'s language');
    assert.deepEqual(b.errors, []);
  } finally {
    await b.ctx.close();
  }
  // Again, in Chinese, all wrong; then in English, all right: the codes differ.
  const c = await open(SET, 'zh');
  let wrongCode;
  try {
    const out = await walk(c.page, 'zh', (e, size) => wrong(e, size), seen);
    assert.ok(out.every((q) => !q.correct), 'every answer wrong');
    assert.equal(await c.page.getByTestId('practice-results').getAttribute('data-right'), '0');
    wrongCode = await c.page.getByTestId('result-code').inputValue();
    assert.deepEqual(c.errors, []);
  } finally {
    await c.ctx.close();
  }
  const d = await open(SET, 'en');
  try {
    const out = await walk(d.page, 'en', (e) => e, seen);
    assert.ok(out.every((q) => q.correct));
    assert.match(await d.page.getByTestId('score-total').textContent(), /5 of 5 right/);
    assert.notEqual(await d.page.getByTestId('result-code').inputValue(), wrongCode, 'the code carries the answers');
    // Review: an answered question shows its verdict again.
    await d.page.getByTestId('practice-review').click();
    await d.page.getByTestId('q-verdict').waitFor();
    assert.equal(await d.page.getByTestId('q-verdict').getAttribute('data-correct'), 'true');
    assert.deepEqual(d.errors, []);
  } finally {
    await d.ctx.close();
  }
});

test('the landing page and the top bar start practice; a bad link says what is wrong', async () => {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 720 }, locale: 'en-US' });
  const page = await ctx.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  try {
    await page.goto(URL);
    await page.getByTestId('landing-practice').waitFor({ timeout: 30_000 });
    await page.getByTestId('lang-en').click();
    await page.getByTestId('practice-quick-fair').click();
    await card(page).waitFor({ timeout: 60_000 });
    assert.match(await card(page).getAttribute('data-concept'), /^fair\./);
    assert.match(page.url(), /#p=1&c=fair&d=medium&seed=\d+&n=10$/);
    // The set maker: concepts, difficulty, count; its link opens that set.
    await page.getByTestId('open-practice').click();
    await page.getByTestId('practice-setup').waitFor();
    await page.getByTestId('concepts-fair').click(); // all of Fair off
    await page.getByTestId('concept-capacity.user_limits').click();
    await page.getByTestId('difficulty-hard').click();
    await page.getByTestId('practice-count').fill('3');
    await page.getByTestId('practice-count').dispatchEvent('change');
    await page.getByTestId('practice-seed').fill('42');
    await page.getByTestId('practice-seed').dispatchEvent('change');
    assert.match(await page.getByTestId('practice-url').inputValue(), /#p=1&c=capacity\.user_limits&d=hard&seed=42&n=3$/);
    // Two edits in one task, before any render: both count (the draft is a reducer).
    await page.evaluate(() => {
      const set = (id, v) => {
        const el = document.querySelector(`[data-testid=${id}]`);
        el.value = v;
        el.dispatchEvent(new Event('change', { bubbles: true }));
      };
      set('practice-count', '4');
      set('practice-seed', '43');
    });
    await page.waitForFunction(() => /seed=43&n=4$/.test(document.querySelector('[data-testid=practice-url]')?.value ?? ''));
    // A count out of range is refused with what was found; the set keeps its count.
    await page.getByTestId('practice-count').fill('0');
    await page.getByTestId('practice-count').dispatchEvent('change');
    assert.equal(await page.getByTestId('practice-field-error').textContent(),
      'Questions: expected a whole number from 1 to 40; found “0”. The set keeps 4.');
    assert.equal(await page.getByTestId('practice-count').getAttribute('aria-invalid'), 'true');
    assert.match(await page.getByTestId('practice-url').inputValue(), /seed=43&n=4$/);
    await page.getByTestId('practice-count').fill('3');
    await page.getByTestId('practice-count').dispatchEvent('change');
    await page.getByTestId('practice-seed').fill('42');
    await page.getByTestId('practice-seed').dispatchEvent('change');
    assert.match(await page.getByTestId('practice-url').inputValue(), /#p=1&c=capacity\.user_limits&d=hard&seed=42&n=3$/);
    assert.equal(await page.getByTestId('practice-field-error').count(), 0);
    await page.getByTestId('practice-start').click();
    await page.waitForFunction(() => document.querySelector('[data-testid=practice]')?.getAttribute('data-kind') === 'capacity.user_limit');
    assert.equal(await page.getByTestId('q-count').textContent(), 'Question 1 of 3');
    // The question's user limit is not on the stage.
    assert.equal(await page.locator('[data-testid=lanes] .user-flag, [data-testid=lanes] .user-cells').count(), 0);
    // A bad link.
    await page.evaluate(() => { location.hash = '#p=1&c=fair.dealy'; });
    await page.getByTestId('banner').waitFor();
    assert.match(await page.getByTestId('banner').textContent(), /unknown concept "fair\.dealy"/);
    assert.deepEqual(errors, []);
  } finally {
    await ctx.close();
  }
});

test('the stage hides the fair shares a question asks for', async () => {
  // The first seed whose one question on fair.shares is fair.fair_share (the kind is picked from the seed).
  for (let seed = 1; seed < 40; seed++) {
    const { ctx, page, errors } = await open(`p=1&c=fair.shares&d=easy&seed=${seed}&n=1`, 'en');
    try {
      if (await card(page).getAttribute('data-kind') !== 'fair.fair_share') continue;
      const nums = await page.locator('[data-testid=fair-pools] .pool-nums').allTextContents();
      assert.ok(nums.length >= 2);
      assert.ok(nums.every((t) => /fair \?$/.test(t) && !/fair \d/.test(t)), nums.join(' | '));
      assert.equal(await page.locator('[data-testid=fair-pools] svg .tick').count(), 0, 'no fair-share tick');
      await page.getByTestId('q-number').fill('1');
      await page.getByTestId('q-submit').click();
      await page.getByTestId('q-verdict').waitFor();
      assert.ok((await page.locator('[data-testid=fair-pools] .pool-nums').first().textContent()).includes('fair '), 'shown once answered');
      assert.deepEqual(errors, []);
      return;
    } finally {
      await ctx.close();
    }
  }
  assert.fail('no fair.fair_share question in 40 seeds');
});

test('the stage of a question of every concept fits one screen at 1280×720 (English and Chinese)', async () => {
  // The concept ids, from the practice core's CONCEPTS table.
  const concepts = readFileSync(new globalThis.URL('../../src/practice/mod.rs', import.meta.url), 'utf8')
    .match(/\("([a-z_]+\.[a-z_]+)", "(fifo|fair|capacity|spark)"/g).map((m) => m.split('"')[1]);
  assert.equal(concepts.length, 19, 'the 19 concepts');
  for (const lang of ['en', 'zh']) {
    const { ctx, page, errors } = await open(`p=1&c=${concepts[0]}&d=medium&seed=5&n=1`, lang);
    try {
      const problems = [];
      for (const c of concepts) {
        for (const d of ['easy', 'medium']) {
          const hash = `#p=1&c=${c}&d=${d}&seed=5&n=1`;
          await page.evaluate((h) => { location.hash = h; }, hash);
          await page.waitForFunction((h) => location.hash === h && document.querySelector('[data-testid=practice]')?.getAttribute('data-concept'), hash);
          const m = await page.evaluate(() => {
            const stage = document.querySelector('[data-testid=cluster]');
            const card = document.querySelector('[data-testid=practice]').getBoundingClientRect();
            const submit = document.querySelector('[data-testid=q-submit]').getBoundingClientRect();
            return { over: stage.scrollHeight - stage.clientHeight, card: card.bottom <= innerHeight, submit: submit.bottom <= innerHeight, page: document.documentElement.scrollHeight <= innerHeight + 1 };
          });
          if (m.over > 0 || !m.card || !m.submit || !m.page) problems.push(`${lang} ${hash}: ${JSON.stringify(m)}`);
        }
      }
      assert.deepEqual(problems, [], problems.join('\n'));
      assert.deepEqual(errors, []);
    } finally {
      await ctx.close();
    }
  }
});

const overflow = (page) => page.evaluate(() => {
  const vw = document.documentElement.clientWidth;
  const out = [];
  if (document.documentElement.scrollWidth > vw) out.push(`page is ${document.documentElement.scrollWidth} px wide in ${vw}`);
  for (const e of document.querySelectorAll('[data-testid=practice] *, [data-testid=practice-results] *, [data-testid=racks] *')) {
    const r = e.getBoundingClientRect();
    if (!r.width || !r.height) continue;
    let clip = e.parentElement;
    let clipped = false;
    while (clip && clip !== document.body) {
      if (/(auto|scroll|hidden|clip)/.test(getComputedStyle(clip).overflowX)) { clipped = true; break; }
      clip = clip.parentElement;
    }
    if (!clipped && (r.right > vw + 1 || r.left < -1)) out.push(`${e.tagName.toLowerCase()}.${[...e.classList].join('.')}: ${Math.round(r.left)}–${Math.round(r.right)}`);
  }
  return out.slice(0, 10);
});

test('a question fits one screen at 1280×720; nothing overflows from 360 px up', async () => {
  for (const [w, h] of [[1280, 720], [1920, 1080], [390, 844], [360, 640]]) {
    const { ctx, page, errors } = await open(SET, 'zh', { width: w, height: h });
    try {
      for (let i = 0; i < 5; i++) {
        await page.waitForFunction((k) => document.querySelector('[data-testid=practice]')?.getAttribute('data-question') === String(k), i, { timeout: 60_000 });
        assert.deepEqual(await overflow(page), [], `${w}×${h}, question ${i + 1}`);
        if (w >= 1280) {
          const inView = await page.evaluate(() => {
            const box = (s) => document.querySelector(s)?.getBoundingClientRect();
            const f = (r) => r && r.top >= 0 && r.bottom <= innerHeight + 1 && r.left >= 0 && r.right <= innerWidth + 1;
            const g = box('[data-testid=racks]');
            return { submit: f(box('[data-testid=q-submit]')), ask: f(box('[data-testid=q-ask]')), grid: g && g.top >= 0 && g.top < innerHeight * 0.5, page: document.documentElement.scrollHeight <= innerHeight + 1 };
          });
          assert.deepEqual(inView, { submit: true, ask: true, grid: true, page: true }, `${w}×${h}, question ${i + 1}`);
        }
        // Move on: answer anything and go to the next question.
        const size = await formSize(page);
        await answer(page, blind(size), await card(page).getAttribute('data-kind'));
        assert.deepEqual(await overflow(page), [], `${w}×${h}, question ${i + 1} answered`);
        await page.getByTestId(i < 4 ? 'q-next' : 'q-results').click();
      }
      await page.getByTestId('practice-results').waitFor();
      assert.deepEqual(await overflow(page), [], `${w}×${h}, results`);
      assert.deepEqual(errors, []);
    } finally {
      await ctx.close();
    }
  }
});
