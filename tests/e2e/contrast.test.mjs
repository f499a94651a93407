// Contrast, as a projector needs it: every visible text element of the landing page and of a
// lesson step (each scheduler's stage), in the light and the dark theme, against the background
// actually behind it (the first opaque background up the tree), is at least 4.5:1; and the
// marks that carry meaning on their own (free-slot outlines, level pills, thresholds, the cap
// bar) are at least 3:1.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, URL } from './browser.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

/** In the page: [what, ratio, needed] for every text element and meaningful mark below the bar. */
const audit = (page) => page.evaluate(() => {
  const parse = (c) => {
    const m = c.match(/rgba?\(([^)]+)\)/);
    if (!m) return null;
    const p = m[1].split(/[ ,/]+/).filter(Boolean).map(Number);
    return { r: p[0], g: p[1], b: p[2], a: p.length > 3 ? p[3] : 1 };
  };
  const lin = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
  const lum = (c) => 0.2126 * lin(c.r) + 0.7152 * lin(c.g) + 0.0722 * lin(c.b);
  const over = (fg, bg) => ({ r: fg.r * fg.a + bg.r * (1 - fg.a), g: fg.g * fg.a + bg.g * (1 - fg.a), b: fg.b * fg.a + bg.b * (1 - fg.a), a: 1 });
  const ratio = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
  // The first opaque background up the tree, with translucent ones on the way blended in.
  const background = (el) => {
    const layers = [];
    for (let e = el; e; e = e.parentElement) {
      const c = parse(getComputedStyle(e).backgroundColor);
      if (c && c.a > 0) {
        layers.push(c);
        if (c.a >= 1) break;
      }
    }
    let bg = { r: 255, g: 255, b: 255, a: 1 };
    for (const l of layers.reverse()) bg = over(l, bg);
    return bg;
  };
  const visible = (e) => {
    const r = e.getBoundingClientRect();
    if (!r.width || !r.height || r.bottom < 0 || r.top > innerHeight || r.right < 0 || r.left > innerWidth) return false;
    for (let x = e; x; x = x.parentElement) {
      const s = getComputedStyle(x);
      if (s.visibility === 'hidden' || s.display === 'none' || Number(s.opacity) === 0) return false;
    }
    return !e.closest('.sr-only');
  };
  const name = (e) => `${e.tagName.toLowerCase()}${e.dataset.testid ? `[${e.dataset.testid}]` : ''}.${[...e.classList].join('.')} "${(e.textContent || '').trim().slice(0, 30)}"`;
  const out = [];
  for (const e of document.querySelectorAll('body *')) {
    const own = [...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
    if (!own || !visible(e)) continue;
    // Disabled controls are exempt (WCAG 1.4.3), as is text inside a canvas or an image.
    if (e.closest(':disabled, [aria-disabled=true]')) continue;
    const s = getComputedStyle(e);
    // Opacity of the element and its ancestors fades the text.
    let alpha = 1;
    for (let x = e; x; x = x.parentElement) alpha *= Number(getComputedStyle(x).opacity);
    const fg = parse(e instanceof SVGElement ? s.fill : s.color);
    if (!fg) continue;
    const bg = background(e);
    const text = over({ ...fg, a: fg.a * alpha }, bg);
    const r = ratio(text, bg);
    if (r < 4.5) out.push([name(e), +r.toFixed(2), 4.5]);
  }
  const marks = [
    ['.slot.free:not(.reserved)', 'borderTopColor'],
    ['.lvl', 'borderTopColor'],
    ['.slot.cap-edge', null],
    ['svg .threshold', 'fill'],
    ['svg .mark-cap, svg .mark-line, svg .mark-user', 'fill'],
  ];
  for (const [sel, prop] of marks) {
    for (const e of document.querySelectorAll(sel)) {
      if (!visible(e) || !prop) continue;
      const c = parse(getComputedStyle(e)[prop]);
      if (!c || c.a === 0) continue;
      const bg = background(e.parentElement || e);
      const r = ratio(over(c, bg), bg);
      if (r < 3) out.push([`mark ${name(e)} (${prop})`, +r.toFixed(2), 3]);
    }
  }
  return out;
});

const PAGES = [
  ['landing', ''],
  ['FIFO padding lesson', '#v=1&l=fifo-padding&st=2'],
  ['delay-scheduling lesson', '#v=1&l=fair-delay-scheduling&st=4'],
  ['capacity queue-order lesson', '#v=1&l=capacity-queue-order&st=5'],
];

for (const theme of ['light', 'dark']) {
  test(`text is at least 4.5:1 and marks 3:1 against what is behind them (${theme} theme)`, async () => {
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 720 }, colorScheme: theme });
    const page = await ctx.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    try {
      const problems = [];
      for (const [what, hash] of PAGES) {
        await page.goto(URL + hash);
        await page.locator('[data-testid=hb]').waitFor({ timeout: 30_000 });
        if (await page.getByTestId('reveal').count()) {
          await page.getByTestId('choice-0').click();
          await page.getByTestId('reveal').click();
        }
        await page.waitForTimeout(1500); // launch and pointing animations
        const app = page.getByTestId('app');
        assert.match(await app.getAttribute('class'), new RegExp(`theme-${theme}`));
        for (const [el, r, need] of await audit(page)) problems.push(`${what}: ${el}: ${r} < ${need}`);
      }
      assert.deepEqual(problems, [], problems.join('\n'));
      assert.deepEqual(errors, []);
    } finally {
      await ctx.close();
    }
  });
}
