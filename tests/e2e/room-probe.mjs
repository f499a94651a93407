// The room and stage probes in one visit per lesson step: could the back row read every step,
// and is every moment the step is about on screen? Used by room.test.mjs (which fails on any
// count) and runnable by hand:
//
//   node tests/e2e/room-probe.mjs [--lang en|zh|zh-Hant] [--size 1280x720] [--present] [--numerals] [--only ID]
//
// (URL from SCHEDSCOPE_URL.) One browser context per language and size; each step is opened by
// its share link (#v=1&l=ID&st=I&lang=L) as a same-document navigation, and measured once the
// narrative says it shows that step (data-lesson, data-step) and the page has drawn it. A
// pending prediction is answered with its first choice and revealed. Measured:
//   small_text  stage ([data-testid=cluster]), figures and narrative text under the floor
//               (12 px at 1280 wide, scaled with the width)
//   small_key   elements marked data-key under the key floor (18 px at 1280 wide, scaled)
//   missing_key a step's `keys` (lesson file) with no visible element carrying that data-key
//   no_key      a step with no `keys`, or whose screen marks no data-key element at all
//   clipped     stage text cut off by its box (ellipsis or hidden overflow)
//   covered     slots ([data-testid=slot]) whose centre is hidden under another element
//   hidden_card after Reveal, the verdict or the card's Next not fully visible
//   scroll      the page itself scrolls (presentation mode)
//   offscreen   a pointed data-point token less than half on screen; missing: not there at all
//   grid_off    the cluster grid less than half on screen
// With --numerals (room.test.mjs: English at 1280×720), the numbers too (numerals.mjs):
//   unmarked    a visible numeral of the stage, the Why panel or the code view outside an
//               element of `ui::kit::num`
//   wrong_number such an element whose text is not its value formatted, or whose value is
//               not the JavaScript API's at its path for the same heartbeat
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch, URL } from './browser.mjs';
import { checkScreen } from './numerals.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export function lessons(only) {
  const dir = path.join(ROOT, 'lessons');
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')))
    .filter((l) => !only || l.id === only);
}

const measure = (page, args) =>
  page.evaluate(({ floorText, floorKey, keys, tokens }) => {
    const vw = innerWidth;
    const vh = innerHeight;
    // The visible share of an element: clipped by the viewport and every ancestor that clips.
    const shown = (e) => {
      const r = e.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) return 0;
      let [l, t, rr, b] = [Math.max(r.left, 0), Math.max(r.top, 0), Math.min(r.right, vw), Math.min(r.bottom, vh)];
      for (let a = e.parentElement; a; a = a.parentElement) {
        const st = getComputedStyle(a);
        if (/(auto|scroll|hidden|clip)/.test(st.overflow + st.overflowX + st.overflowY)) {
          const ar = a.getBoundingClientRect();
          l = Math.max(l, ar.left);
          t = Math.max(t, ar.top);
          rr = Math.min(rr, ar.right);
          b = Math.min(b, ar.bottom);
        }
      }
      return (Math.max(0, rr - l) * Math.max(0, b - t)) / (r.width * r.height);
    };
    const onScreen = (e) => {
      const r = e.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) return 0;
      const w = Math.max(0, Math.min(r.right, vw) - Math.max(r.left, 0));
      const h = Math.max(0, Math.min(r.bottom, vh) - Math.max(r.top, 0));
      return (w * h) / (r.width * r.height);
    };
    // Rendered font size: the computed size times the scale it is drawn at, measured two ways
    // and the smaller kept, so this probe is at least as strict as the course's reference room
    // probe run by hand (README, "Tests"): the zoom of the element and its ancestors
    // (presentation mode), and the box's height on screen over its layout height
    // (getBoundingClientRect over offsetHeight, which also sees a transform's scale and
    // rounds offsetHeight to whole pixels). SVG text: the drawing's scale on screen. (One-off
    // animations have ended.)
    const px = (e) => {
      const fs = parseFloat(getComputedStyle(e).fontSize) || 0;
      if (e instanceof SVGElement && e.getScreenCTM) {
        const m = e.getScreenCTM();
        return m ? fs * Math.hypot(m.a, m.b) : fs;
      }
      let zoom = 1;
      for (let a = e; a; a = a.parentElement) zoom *= parseFloat(getComputedStyle(a).zoom) || 1;
      const r = e.getBoundingClientRect();
      const ratio = e.offsetHeight > 0 ? r.height / e.offsetHeight : 1;
      return fs * Math.min(zoom, Number.isFinite(ratio) && ratio > 0 ? ratio : 1);
    };
    const ownText = (e) => [...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim().length > 0);
    const label = (e) =>
      `${e.tagName.toLowerCase()}${e.dataset.testid ? '[' + e.dataset.testid + ']' : ''}${e.className && typeof e.className === 'string' ? '.' + e.className.split(' ')[0] : ''} "${e.textContent.trim().slice(0, 30)}"`;
    const res = { small: [], smallKey: [], keys: 0, missingKey: [], clipped: [], covered: 0, slots: 0, verdict: null, next: null, scroll: false, points: {}, grid: -1 };
    const roots = ['cluster', 'narrative', 'lesson-figures'].map((t) => document.querySelector(`[data-testid=${t}]`)).filter(Boolean);
    for (const root of roots) {
      for (const e of root.querySelectorAll('*')) {
        if (!ownText(e) || shown(e) < 0.5) continue;
        const size = px(e);
        if (size + 0.05 < floorText) res.small.push(`${label(e)} ${size.toFixed(1)}px`);
        const st = getComputedStyle(e);
        if (e.scrollWidth > e.clientWidth + 1 && (st.textOverflow === 'ellipsis' || /hidden|clip/.test(st.overflowX))) res.clipped.push(label(e));
      }
    }
    for (const e of document.querySelectorAll('[data-key]')) {
      if (shown(e) < 0.5) continue;
      res.keys++;
      const size = Math.max(px(e), ...[...e.querySelectorAll('*')].filter(ownText).map(px));
      if (size + 0.05 < floorKey) res.smallKey.push(`${e.dataset.key}: ${label(e)} ${size.toFixed(1)}px`);
    }
    for (const k of keys) {
      if (![...document.querySelectorAll(`[data-key~="${k}"]`)].some((e) => shown(e) >= 0.5)) res.missingKey.push(k);
    }
    for (const s of document.querySelectorAll('[data-testid=slot]')) {
      const r = s.getBoundingClientRect();
      if (r.width === 0 || shown(s) < 0.5) continue;
      res.slots++;
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      if (hit && !s.contains(hit) && !hit.contains(s)) res.covered++;
    }
    const v = document.querySelector('[data-testid=predict-verdict]');
    const n = document.querySelector('[data-testid=lesson-next]');
    res.verdict = v ? shown(v) : null;
    res.next = n ? shown(n) : null;
    res.scroll = document.documentElement.scrollHeight > document.documentElement.clientHeight + 1;
    for (const t of tokens) {
      const els = [...document.querySelectorAll(`[data-point~="${t}"]`)];
      res.points[t] = els.length ? Math.max(...els.map(onScreen)) : -1;
    }
    const grid = document.querySelector('[data-point^="rack:"], [data-testid=grid], canvas');
    res.grid = grid ? onScreen(grid) : -1;
    return res;
  }, args);

/** Probe every step of `list` in one language and size; returns the counts and their examples. */
export async function probe({ lang = 'en', size = '1280x720', present = false, numerals = false, list = lessons() } = {}) {
  const [W, H] = size.split('x').map(Number);
  const scale = W / 1280;
  const floors = { text: 12 * scale, key: 18 * scale };
  const out = { lang, size, present, steps: 0, small_text: [], small_key: [], no_key: [], missing_key: [], clipped: [], covered: [], hidden_card: [], scroll: [], offscreen: [], missing: [], grid_off: [], unmarked: [], wrong_number: [], errors: [] };
  const browser = await launch();
  const ctx = await browser.newContext({ viewport: { width: W, height: H }, locale: lang === 'en' ? 'en-US' : lang === 'zh' ? 'zh-CN' : 'zh-TW' });
  const page = await ctx.newPage();
  page.setDefaultTimeout(20_000);
  let current = '';
  page.on('pageerror', (e) => out.errors.push(`${current}: ${String(e).slice(0, 160)}`));
  await page.goto(URL);
  await page.locator('[data-testid=app]').waitFor();
  if (present) await page.keyboard.press('p');
  for (const l of list) {
    for (let i = 0; i < (l.steps || []).length; i++) {
      current = `${l.id}#${i}`;
      try {
        await page.goto(`${URL}#v=1&l=${l.id}&st=${i}&lang=${lang}`);
        await page.locator(`[data-testid=narrative][data-lesson="${l.id}"][data-step="${i}"]`).waitFor();
        if (present && !(await page.locator('.app.present').count())) await page.keyboard.press('p');
        const reveal = page.locator('[data-testid=reveal]');
        const asked = (await reveal.count()) > 0;
        if (asked) {
          await page.locator('[data-testid=choice-0] input').check();
          await reveal.click();
          await page.locator('[data-testid=predict-verdict]').waitFor();
        }
        // The render after the last action painted, and the one-off animations (a slot filling,
        // a lane sliding) ended: the class reads the settled screen.
        await page.evaluate(async () => {
          await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
          const once = document.getAnimations().filter((a) => a.effect && a.effect.getComputedTiming().iterations !== Infinity);
          await Promise.race([Promise.all(once.map((a) => a.finished.catch(() => {}))), new Promise((r) => setTimeout(r, 3000))]);
        });
        const keys = Array.isArray(l.steps[i].keys) ? l.steps[i].keys.map(String) : [];
        const tokens = l.steps[i].point ? String(l.steps[i].point).split(/\s+/).filter(Boolean) : [];
        const m = await measure(page, { floorText: floors.text, floorKey: floors.key, keys, tokens });
        out.steps++;
        const id = current;
        if (m.small.length) out.small_text.push(`${id}: ${m.small.length} (e.g. ${m.small.slice(0, 3).join('; ')})`);
        if (m.smallKey.length) out.small_key.push(`${id}: ${m.smallKey.slice(0, 2).join('; ')}`);
        if (m.missingKey.length) out.missing_key.push(`${id}: ${m.missingKey.join(', ')}`);
        if (!keys.length || !m.keys) out.no_key.push(id);
        if (m.clipped.length) out.clipped.push(`${id}: ${m.clipped.length} (e.g. ${m.clipped.slice(0, 2).join('; ')})`);
        if (m.covered) out.covered.push(`${id}: ${m.covered} of ${m.slots} slots`);
        if (asked && ((m.verdict ?? 0) < 0.99 || (m.next ?? 0) < 0.99))
          out.hidden_card.push(`${id}: verdict ${Math.round((m.verdict ?? 0) * 100)}%, next ${Math.round((m.next ?? 0) * 100)}%`);
        if (present && m.scroll) out.scroll.push(id);
        for (const [t, f] of Object.entries(m.points)) {
          if (f < 0) out.missing.push(`${id} ${t}`);
          else if (f < 0.5) out.offscreen.push(`${id} ${t} (${Math.round(f * 100)}% visible)`);
        }
        if (m.grid < 0.5) out.grid_off.push(id);
        if (numerals) {
          const n = await page.evaluate(checkScreen, { lesson: l.id, lang });
          out.numerals = (out.numerals ?? 0) + n.numerals;
          if (n.unmarked.length) out.unmarked.push(`${id}: ${n.unmarked.length} (e.g. ${n.unmarked.slice(0, 3).join('; ')})`);
          if (n.wrong.length) out.wrong_number.push(`${id}: ${n.wrong.length} (e.g. ${n.wrong.slice(0, 3).join('; ')})`);
        }
      } catch (e) {
        out.errors.push(`${current}: ${String(e).slice(0, 160)}`);
      }
    }
  }
  await browser.close();
  return out;
}

/** The counts of a probe's output (what room.test.mjs requires to be zero). */
export function counts(out) {
  const keys = ['small_text', 'small_key', 'no_key', 'missing_key', 'clipped', 'covered', 'hidden_card', 'scroll', 'offscreen', 'missing', 'grid_off', 'unmarked', 'wrong_number', 'errors'];
  return Object.fromEntries(keys.map((k) => [k, out[k].length]));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const a = process.argv.slice(2);
  const get = (k, d) => (a.includes(k) ? a[a.indexOf(k) + 1] : d);
  const out = await probe({ lang: get('--lang', 'en'), size: get('--size', '1280x720'), present: a.includes('--present'), numerals: a.includes('--numerals'), list: lessons(get('--only')) });
  console.log(JSON.stringify({ counts: counts(out), ...out }, null, 1));
}
