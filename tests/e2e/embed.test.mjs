// Embed mode (docs/embed.md): a slide deck on another origin holds the page in an <iframe>
// with `embed=1`, drives it through postMessage (step, back, go to, play / pause, lesson steps)
// and reads the heartbeat back; messages from anyone but the parent, or from another origin
// than `origin=`, are ignored; the link's language, theme and autoplay apply; at 960×540 every
// lesson step fits the frame with nothing to scroll and what it points at on the stage in view.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { launch, URL } from './browser.mjs';
import { lessons } from './lesson-walk.mjs';

// The deck is served by this test on another port (another origin, and like the page on the
// loopback address, so Chromium's local-network checks let it frame the page): as
// http://127.0.0.1:<port> ("the slides") and http://localhost:<port> ("elsewhere").
let browser;
let server;
let DECK;
let ELSEWHERE;
const deckFor = new Map();
before(async () => {
  browser = await launch();
  server = createServer((req, res) => {
    const body = deckFor.get(req.url);
    res.writeHead(body ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
    res.end(body || 'no such deck');
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  DECK = `http://127.0.0.1:${server.address().port}`;
  ELSEWHERE = `http://localhost:${server.address().port}`;
});
after(async () => { await browser?.close(); server?.close(); });

/** A deck page holding the embed link in a 960×540 iframe; it records every message from the
 *  frame in `window.got`. */
const deck = (src) => `<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>deck</title></head>
<body style="margin:0">
<iframe id="f" src="${src}" width="960" height="540" style="border:0;display:block"></iframe>
<script>
  window.got = [];
  addEventListener('message', (e) => {
    if (e.source === document.getElementById('f').contentWindow) got.push({ origin: e.origin, data: e.data });
  });
  window.send = (m) => document.getElementById('f').contentWindow.postMessage(m, '*');
</script></body></html>`;

let decks = 0;
async function open(hash, origin = DECK, viewport = { width: 1000, height: 600 }) {
  const ctx = await browser.newContext({ viewport });
  const errors = [];
  const path = `/deck-${++decks}.html`;
  deckFor.set(path, deck(`${URL}#${hash.replaceAll('DECK', DECK)}`));
  const page = await ctx.newPage();
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(`console.error: ${m.text()}`); });
  await page.goto(`${origin}${path}`);
  const frame = page.frameLocator('#f');
  await frame.getByTestId('hb').waitFor({ timeout: 30_000 });
  return { ctx, page, frame, errors };
}

/** The last state message the deck received, once one satisfies `pred`. */
async function stateWhere(page, pred, what) {
  const handle = await page.waitForFunction((src) => {
    const p = new Function('s', `return (${src})(s)`);
    const states = window.got.map((m) => m.data).filter((d) => d && /^schedscope:(ready|state)$/.test(d.type));
    const last = states[states.length - 1];
    return last && p(last) ? last : null;
  }, pred.toString(), { timeout: 20_000 }).catch(async () => {
    const got = await page.evaluate(() => window.got.slice(-3));
    throw new Error(`no state where ${what}; last messages: ${JSON.stringify(got)}`);
  });
  return handle.jsonValue();
}

/** The embed's frame. */
const inner = (page) => page.frames().find((f) => f.url().startsWith(URL));

const frameHb = async (frame) => Number(await frame.getByTestId('hb').textContent());

test('a deck steps the embed through postMessage and reads the heartbeat back', async () => {
  const { ctx, page, frame, errors } = await open('v=1&b=fifo-two-racks&hb=3&embed=1&origin=DECK');
  try {
    const ready = await stateWhere(page, (s) => s.type === 'schedscope:ready', 'ready');
    assert.equal(ready.hb, 3, 'the start heartbeat of the link');
    assert.equal(ready.scenario, 'fifo-two-racks');
    assert.equal(ready.playing, false);
    assert.equal(ready.lesson, null);
    assert.equal((await page.evaluate(() => window.got[0].origin)), new globalThis.URL(URL).origin);
    // Only the stage: no top bar, no side tabs.
    assert.equal(await frame.locator('.topbar').count(), 0);
    assert.equal(await frame.getByTestId('side-area').count(), 0);
    assert.equal(await frame.getByTestId('cluster').count(), 1);
    assert.equal(await frame.getByTestId('why').count(), 1, 'outside a lesson the narrative is why the heartbeat went so');

    await page.evaluate(() => send({ type: 'schedscope:step' }));
    assert.equal((await stateWhere(page, (s) => s.hb === 4, 'hb 4')).hb, 4);
    assert.equal(await frameHb(frame), 4);
    await page.evaluate(() => send({ type: 'schedscope:back' }));
    await stateWhere(page, (s) => s.hb === 3, 'hb 3 again');
    await page.evaluate(() => send({ type: 'schedscope:goto', hb: 12 }));
    const at12 = await stateWhere(page, (s) => s.hb === 12, 'hb 12');
    assert.equal(await frameHb(frame), 12);
    assert.ok(at12.timeMs > 0 && at12.known >= 12);
    // The current heartbeat on request.
    const before = await page.evaluate(() => window.got.length);
    await page.evaluate(() => send({ type: 'schedscope:get' }));
    await page.waitForFunction((n) => window.got.length > n, before);
    assert.equal((await page.evaluate(() => window.got[window.got.length - 1].data)).hb, 12);

    // Play at 16 heartbeats a second, then pause.
    await page.evaluate(() => send({ type: 'schedscope:play', speed: 16 }));
    const playing = await stateWhere(page, (s) => s.playing && s.hb > 14, 'playing past hb 14');
    assert.equal(playing.speed, 16);
    await page.evaluate(() => send({ type: 'schedscope:pause' }));
    const paused = await stateWhere(page, (s) => !s.playing, 'paused');
    await page.waitForTimeout(300);
    assert.equal(await frameHb(frame), paused.hb, 'no heartbeat after the pause');

    // A SchedScope message that cannot be obeyed is answered with an error; others' messages
    // (a deck may carry its own) are ignored.
    await page.evaluate(() => send({ type: 'schedscope:goto', hb: -1 }));
    await page.waitForFunction(() => window.got.some((m) => m.data.type === 'schedscope:error'));
    const err = await page.evaluate(() => window.got.find((m) => m.data.type === 'schedscope:error').data);
    assert.match(err.message, /hb -1 is not a whole number/);
    await page.evaluate(() => { send({ type: 'reveal:slidechanged' }); send('schedscope:step'); send(null); });
    await page.waitForTimeout(300);
    assert.equal(await frameHb(frame), paused.hb);
    assert.equal(await page.evaluate(() => window.got.filter((m) => m.data.type === 'schedscope:error').length), 1);

    // A message the frame posts to itself is not its parent's: ignored.
    await inner(page).evaluate(() => postMessage({ type: 'schedscope:step' }, '*'));
    await page.waitForTimeout(300);
    assert.equal(await frameHb(frame), paused.hb, 'the frame does not obey itself');
    // The embed keeps the link it was given (the slide holds it).
    assert.match(await inner(page).evaluate(() => location.hash), /embed=1/);
    assert.deepEqual(errors, []);
  } finally {
    await ctx.close();
  }
});

test('with origin=, another origin can neither drive the embed nor hear it', async () => {
  const { ctx, page, frame, errors } = await open('v=1&b=fifo-two-racks&embed=1&origin=DECK', ELSEWHERE);
  try {
    await page.waitForTimeout(500);
    await page.evaluate(() => { send({ type: 'schedscope:step' }); send({ type: 'schedscope:goto', hb: 9 }); send({ type: 'schedscope:get' }); });
    await page.waitForTimeout(600);
    assert.equal(await frameHb(frame), 0, 'messages from another origin are ignored');
    assert.deepEqual(await page.evaluate(() => window.got), [], 'nothing is sent to another origin');
    assert.deepEqual(errors, []);
  } finally {
    await ctx.close();
  }
});

test('the link sets the language, the theme and autoplay; lesson steps by message', async () => {
  const { ctx, page, frame, errors } = await open('v=1&l=fifo-padding&st=0&embed=1&lang=zh&theme=dark&autoplay=1&speed=8');
  try {
    const app = frame.getByTestId('app');
    assert.match(await app.getAttribute('class'), /theme-dark/);
    assert.match(await app.getAttribute('class'), /lang-zh/);
    assert.equal(await inner(page).evaluate(() => document.documentElement.lang), 'zh-CN');
    assert.match(await frame.getByTestId('step-count').innerText(), /步/);
    // Autoplay runs until the lesson's first pausing step.
    const st = await stateWhere(page, (s) => s.hb > 0 && s.lesson, 'autoplay moved on');
    assert.equal(st.lesson.id, 'fifo-padding');
    assert.equal(st.lang, 'zh');
    assert.equal(st.speed, 8);
    await page.evaluate(() => send({ type: 'schedscope:pause' }));
    await page.evaluate(() => send({ type: 'schedscope:lesson', step: 1 }));
    const s1 = await stateWhere(page, (s) => s.lesson?.step === 1 && !s.playing, 'lesson step 1');
    assert.equal(Number(await frame.getByTestId('narrative').getAttribute('data-step')), 1);
    assert.equal(s1.lesson.steps, lessons.find((l) => l.id === 'fifo-padding').steps.length);
    await page.evaluate(() => send({ type: 'schedscope:lesson', step: 99 }));
    await page.waitForFunction(() => window.got.some((m) => m.data.type === 'schedscope:error'));
    await page.evaluate(() => send({ type: 'schedscope:lang', lang: 'en' }));
    await stateWhere(page, (s) => s.lang === 'en', 'English');
    assert.doesNotMatch(await frame.getByTestId('step-count').innerText(), /步/);
    assert.deepEqual(errors, []);
  } finally {
    await ctx.close();
  }
});

test('a bad embed option is refused with a message naming it', async () => {
  const { ctx, frame, errors } = await open('v=1&b=fifo-two-racks&embed=1&speed=3');
  try {
    assert.match(await frame.getByTestId('banner').innerText(), /speed="3" is not valid/);
    assert.deepEqual(errors, []);
  } finally {
    await ctx.close();
  }
});

test('a bad embed link stays in embed mode, shows why and tells the deck', async () => {
  for (const [hash, field] of [['v=1&b=fifo-two-racks&embed=1&speed=abc', /speed="abc"/], ['v=1&b=fifo-two-racks&embed=1&zoom=2', /zoom/]]) {
    const { ctx, page, frame, errors } = await open(hash);
    try {
      assert.match(await frame.getByTestId('banner').innerText(), field);
      assert.equal(await frame.getByTestId('app').getAttribute('data-embed'), 'true', `${hash}: the embed's own page`);
      assert.equal(await frame.locator('.topbar').count(), 0, `${hash}: no top bar in the slide`);
      const ready = await stateWhere(page, (s) => s.type === 'schedscope:ready', 'ready');
      assert.match(ready.error, field);
      await page.waitForFunction(() => window.got.some((m) => m.data.type === 'schedscope:error'), null, { timeout: 10_000 });
      const err = await page.evaluate(() => window.got.find((m) => m.data.type === 'schedscope:error').data);
      assert.match(err.message, field);
      assert.deepEqual(errors, []);
    } finally {
      await ctx.close();
    }
  }
});

test('a malformed message is answered with an error naming the field', async () => {
  const { ctx, page, frame, errors } = await open('v=1&b=fifo-two-racks&embed=1&origin=DECK');
  try {
    await stateWhere(page, (s) => s.type === 'schedscope:ready', 'ready');
    const errorFor = async (message) => {
      const n = await page.evaluate(() => window.got.filter((m) => m.data.type === 'schedscope:error').length);
      await page.evaluate((m) => send(m), message);
      await page.waitForFunction((k) => window.got.filter((m) => m.data.type === 'schedscope:error').length > k, n, { timeout: 10_000 });
      return page.evaluate(() => window.got.filter((m) => m.data.type === 'schedscope:error').pop().data.message);
    };
    assert.match(await errorFor({ type: 'schedscope:play', speed: 'fast' }), /^schedscope:play: speed "fast" \(a string\) .*one of/);
    assert.match(await errorFor({ type: 'schedscope:play', speed: true }), /speed true \(a boolean\)/);
    assert.equal(await errorFor({ type: 'schedscope:lang', lang: 'fr' }), 'schedscope:lang: lang "fr" is not a language: expected en, zh or zh-Hant');
    assert.equal(await errorFor({ type: 'schedscope:lang' }), 'schedscope:lang: lang is missing: expected en, zh or zh-Hant');
    assert.match(await errorFor({ type: 'schedscope:goto', hb: '10' }), /hb "10" \(a string\)/);
    await page.waitForTimeout(300);
    const last = await page.evaluate(() => window.got.filter((m) => /ready|state/.test(m.data.type)).pop().data);
    assert.equal(last.playing, false, 'a refused play does not play');
    assert.equal(await frameHb(frame), 0);
    assert.deepEqual(errors, []);
  } finally {
    await ctx.close();
  }
});

test('a Fair built-in switches to FIFO and Capacity, and the page says what was adapted', async () => {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await ctx.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  try {
    await page.goto(`${URL}#v=1&b=fair-one-rack-input&lang=en`);
    await page.getByTestId('sched-fifo').click();
    await page.locator('[data-testid=cluster][data-scheduler=fifo]').waitFor();
    assert.equal(await page.getByTestId('banner').count(), 0);
    assert.match(await page.getByTestId('switch-note').innerText(), /under FIFO: the Fair Scheduler's settings .* were dropped/);
    await page.getByTestId('sched-capacity').click();
    await page.getByTestId('lanes').waitFor();
    assert.equal(await page.getByTestId('sched-capacity').getAttribute('aria-pressed'), 'true');
    assert.equal(await page.getByTestId('banner').count(), 0);
    assert.match(await page.getByTestId('switch-note').innerText(), /under Capacity: one queue per .*100 %/);
    assert.deepEqual(errors, []);
  } finally {
    await ctx.close();
  }
});

/** In the frame: whether the page or a card scrolls, and how much of the grid and of each
 *  pointed element is in view. */
const fitOf = (f, tokens) => f.evaluate((toks) => {
  const vw = innerWidth, vh = innerHeight;
  const root = document.documentElement;
  const inView = (e) => {
    // (Rectangles are in the frame's pixels, the fit's zoom included.)
    const r = e.getBoundingClientRect();
    const w = Math.max(0, Math.min(r.right, vw) - Math.max(r.left, 0));
    const h = Math.max(0, Math.min(r.bottom, vh) - Math.max(r.top, 0));
    return r.width && r.height ? (w * h) / (r.width * r.height) : 0;
  };
  const scrolls = [];
  if (root.scrollHeight > root.clientHeight + 1 || root.scrollWidth > root.clientWidth + 1) scrolls.push(`page ${root.scrollWidth}×${root.scrollHeight}`);
  for (const e of document.querySelectorAll('.stage, .lesson-figures-area, .col-side > .card, .transport')) {
    if (e.scrollHeight > e.clientHeight + 1) scrolls.push(`${e.className.split(' ').join('.')} ${e.scrollHeight} > ${e.clientHeight}`);
  }
  const pointed = {};
  for (const t of toks) {
    const els = [...document.querySelectorAll('[data-point]')].filter((e) => e.getAttribute('data-point').split(/\s+/).includes(t) && !e.closest('[data-testid=narrative]'));
    pointed[t] = els.length ? Math.max(...els.map(inView)) : null;
  }
  const stage = document.querySelector('[data-testid=racks]') || document.querySelector('.lesson-figures-area');
  return { scrolls, grid: inView(stage), transport: inView(document.querySelector('.transport')),
    narrative: inView(document.querySelector('[data-testid=narrative]')), fit: document.querySelector('.app').dataset.fit, pointed };
}, tokens);

test('every lesson step fits a 960×540 frame with nothing to scroll', async () => {
  const { ctx, page, errors } = await open('v=1&b=fifo-two-racks&embed=1');
  const problems = [];
  const fits = {};
  try {
    // Stage elements only: the side tabs (why, code, charts, jobs, log) are not in an embed.
    const onStage = (t) => !/^(panel:(why|jobs|log|timeline)|chart:|code:)/.test(t);
    for (const l of lessons) {
      await page.evaluate((id) => { document.getElementById('f').src = `${document.getElementById('f').src.split('#')[0]}#v=1&l=${id}&st=0&embed=1`; }, l.id);
      const frame = page.frameLocator('#f');
      await frame.getByTestId('narrative').waitFor({ timeout: 30_000 });
      const f = inner(page);
      for (let i = 0; i < l.steps.length; i++) {
        const s = l.steps[i];
        await page.evaluate((k) => send({ type: 'schedscope:lesson', step: k }), i);
        await f.waitForFunction((k) => document.querySelector('[data-testid=narrative]')?.getAttribute('data-step') === String(k), i);
        if (await frame.getByTestId('reveal').count()) {
          await frame.getByTestId('choice-0').click();
          await frame.getByTestId('reveal').click();
          await frame.getByTestId('predict-verdict').waitFor();
        }
        await page.waitForTimeout(120); // the fit settles after the render
        const tokens = String(s.point || '').split(/\s+/).filter(Boolean).filter(onStage);
        const m = await fitOf(f, tokens);
        const where = `${l.id}#${i}`;
        fits[m.fit] = (fits[m.fit] || 0) + 1;
        for (const sc of m.scrolls) problems.push(`${where}: ${sc} scrolls`);
        if (m.grid < 0.99) problems.push(`${where}: the grid is ${Math.round(m.grid * 100)}% in view`);
        if (m.transport < 0.99) problems.push(`${where}: the transport is ${Math.round(m.transport * 100)}% in view`);
        if (m.narrative < 0.99) problems.push(`${where}: the narrative is ${Math.round(m.narrative * 100)}% in view`);
        for (const [t, frac] of Object.entries(m.pointed)) {
          if (frac === null) problems.push(`${where}: nothing carries ${t}`);
          else if (frac < 0.99) problems.push(`${where}: ${t} is ${Math.round(frac * 100)}% in view`);
        }
      }
    }
    console.log(`embed zoom per lesson step at 960×540: ${JSON.stringify(fits)}`);
    assert.deepEqual(problems, [], problems.join('\n'));
    assert.deepEqual(errors, []);
  } finally {
    await ctx.close();
  }
});
