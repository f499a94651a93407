// Shared helpers for the e2e journeys: launch Debian's chromium through playwright-core
// (never a downloaded browser) and open the served dist/.
import { chromium } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
export const URL = process.env.SCHEDSCOPE_URL || 'http://127.0.0.1:8080/';

export async function launch() {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  });
}

/** The JavaScript API's example page (`dist/api/example.html`) opened, its grid drawn, with its
 *  uncaught errors and console errors collected into `errors`. */
export async function openExample(browser, errors) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(`console.error: ${msg.text()}`);
  });
  await page.goto(new globalThis.URL('api/example.html', URL).href);
  await page.locator('[data-testid=racks] .rack').first().waitFor({ timeout: 30_000 });
  return page;
}

/** Open the page and collect uncaught errors and console errors. */
export async function openPage(browser, viewport = { width: 1280, height: 720 }) {
  const page = await browser.newPage({ viewport });
  const errors = [];
  page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(`console.error: ${msg.text()}`);
  });
  await page.goto(URL);
  // The transport's buttons (phones: the bottom bar's) appear once the engine has loaded.
  await page.locator('[data-testid=next], [data-testid=phone-next]').locator('visible=true').first().waitFor({ timeout: 30_000 });
  return { page, errors };
}

/** The grid as comparable data: every node and slot with its sorted classes, title and text
 *  (attribute order in innerHTML depends on how the DOM was built, not on the state). */
export async function gridState(page) {
  return page.locator('[data-testid=racks]').evaluate((root) =>
    [...root.querySelectorAll('[data-testid^=node-], [data-testid=slot]')].map((el) => [
      el.getAttribute('data-testid'),
      [...el.classList].sort().join(' '),
      el.getAttribute('title') || '',
      el.getAttribute('aria-current') || '',
      el.textContent,
    ]));
}

/** Median, p95 and max of a list of durations (ms). */
export const stats = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const q = (p) => s[Math.min(s.length - 1, Math.floor(p * s.length))];
  return { n: s.length, median: +q(0.5).toFixed(2), p95: +q(0.95).toFixed(2), max: +s[s.length - 1].toFixed(2) };
};

/** Time between animation frames in the page for `ms` milliseconds. */
export async function frameTimes(page, ms) {
  return page.evaluate((duration) => new Promise((resolve) => {
    const out = [];
    let last = performance.now();
    const end = last + duration;
    const tick = (now) => {
      out.push(now - last);
      last = now;
      if (now < end) requestAnimationFrame(tick); else resolve(out);
    };
    requestAnimationFrame(tick);
  }), ms);
}

/** Elements sticking out past the viewport's left or right edge (or a scrolling page). */
export const overflowing = (page) => page.evaluate(() => {
  const vw = document.documentElement.clientWidth;
  const out = [];
  if (document.documentElement.scrollWidth > vw) out.push(`page is ${document.documentElement.scrollWidth} px wide in ${vw}`);
  for (const e of document.querySelectorAll('body *')) {
    const r = e.getBoundingClientRect();
    if (!r.width || !r.height) continue;
    const style = getComputedStyle(e);
    if (style.visibility === 'hidden' || style.display === 'none') continue;
    // Content clipped by a scrolling or clipping ancestor is not past the viewport.
    let clip = e.parentElement;
    let clipped = false;
    while (clip && clip !== document.body) {
      const cs = getComputedStyle(clip);
      if (/(auto|scroll|hidden|clip)/.test(cs.overflowX)) {
        const cr = clip.getBoundingClientRect();
        if (cr.right <= vw + 1 && cr.left >= -1) { clipped = true; break; }
      }
      clip = clip.parentElement;
    }
    if (clipped) continue;
    if (r.right > vw + 1 || r.left < -1) {
      out.push(`${e.tagName.toLowerCase()}${e.dataset.testid ? `[${e.dataset.testid}]` : ''}.${[...e.classList].join('.')}: ${Math.round(r.left)}–${Math.round(r.right)}`);
    }
  }
  return out.slice(0, 12);
});
