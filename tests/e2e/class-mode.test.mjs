// Journey (issue 22, predictions for a class): in presentation mode at 1920×1080 a prediction
// is answered with the keyboard alone. The choices are lettered A, B, C …; before R nothing in
// the DOM tells the answer (no verdict, no "right" mark, no attribute naming it); B chooses, T
// starts the countdown (time only: it never reveals), R reveals and the verdict and Next show.
// A student alone (not presenting) keeps the radio buttons and Reveal needing a choice. P
// pressed on the loading screen is not lost: presentation mode comes on with the drawn page.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, URL } from './browser.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

// fair-delay-scheduling step 2 asks "What level is J1 allowed now?" (NODE, RACK, ANY; RACK).
const STEP = '#v=1&l=fair-delay-scheduling&st=2&lang=en';

test('a prediction in class mode, keyboard only: A–F, T, R', async () => {
  const page = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(URL + STEP);
  await page.locator('[data-testid=narrative][data-step="2"]').waitFor();
  await page.keyboard.press('p');
  await page.locator('.app.present').waitFor();
  const predict = page.locator('[data-testid=predict]');
  await predict.locator('.choice-letter').first().waitFor();
  assert.deepEqual(await predict.locator('.choice-letter').allTextContents(), ['A', 'B', 'C']);

  // Nothing gives the answer away before R.
  const leaks = () => page.evaluate(() => {
    const card = document.querySelector('[data-testid=narrative]');
    const found = [];
    if (document.querySelector('[data-testid=predict-verdict]')) found.push('a verdict');
    if (card.querySelector('.right, .pill.ok')) found.push('a right mark');
    for (const el of card.querySelectorAll('*')) {
      for (const a of el.getAttributeNames().filter((n) => n.startsWith('data-') || n.startsWith('aria-'))) {
        const v = el.getAttribute(a) || '';
        if (/answer|right|correct/i.test(a) || /^(right|correct|answer)$/i.test(v)) found.push(`${el.tagName} ${a}=${v}`);
      }
    }
    return found;
  });
  assert.deepEqual(await leaks(), [], 'before R');

  await page.keyboard.press('b');
  await page.locator('[data-testid=choice-1].chosen').waitFor();
  assert.deepEqual(await leaks(), [], 'after choosing');
  await page.keyboard.press('t');
  const countdown = page.getByTestId('countdown');
  await countdown.waitFor();
  assert.match(await countdown.textContent(), /\d+ s left/);
  await page.waitForTimeout(1300);
  assert.equal(await page.locator('[data-testid=predict-verdict]').count(), 0, 'the countdown never reveals');
  assert.deepEqual(await leaks(), [], 'while counting down');

  await page.keyboard.press('r');
  const verdict = page.getByTestId('predict-verdict');
  await verdict.waitFor();
  assert.match(await verdict.textContent(), /Right/);
  assert.equal(await page.locator('[data-testid=choice-1].right').count(), 1);
  assert.equal(await countdown.count(), 0, 'the countdown goes with the question');
  const next = page.getByTestId('lesson-next');
  assert.ok(await next.isEnabled());
  assert.ok(await next.isVisible());
  assert.deepEqual(errors, []);
  await page.close();
});

test('a student alone keeps the radio buttons; letters and R do nothing', async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
  await page.goto(URL + STEP);
  await page.locator('[data-testid=narrative][data-step="2"]').waitFor();
  assert.equal(await page.locator('.choice-letter').count(), 0);
  assert.ok(await page.getByTestId('reveal').isDisabled(), 'Reveal waits for a choice');
  await page.keyboard.press('b');
  await page.keyboard.press('r');
  await page.waitForTimeout(300);
  assert.equal(await page.locator('[data-testid=choice-1].chosen').count(), 0);
  assert.equal(await page.locator('[data-testid=predict-verdict]').count(), 0);
  await page.close();
});

test('P pressed while the page still loads turns presentation mode on once it is drawn', async () => {
  const page = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  // The wasm held back a second: the room presses P on the loading screen (www/main.js keeps
  // the key and presses it again for the drawn page).
  await page.route('**/viz_bg.wasm', async (route) => {
    await new Promise((r) => setTimeout(r, 1000));
    await route.continue();
  });
  await page.goto(URL + STEP);
  assert.equal(await page.locator('[data-testid=app]').count(), 0, 'still loading');
  await page.keyboard.press('p');
  await page.locator('[data-testid=narrative][data-step="2"]').waitFor();
  await page.locator('.app.present').waitFor({ timeout: 5000 });
  // Pressed once, applied once; the drawn page's own P turns it off again.
  await page.waitForTimeout(300);
  assert.equal(await page.locator('.app.present').count(), 1);
  await page.keyboard.press('p');
  await page.locator('.app:not(.present)').waitFor({ timeout: 5000 });
  assert.deepEqual(errors, []);
  await page.close();
});
