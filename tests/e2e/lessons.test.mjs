// Every built-in lesson, walked to its end on the page: playback pauses exactly at each
// pausing step's heartbeat, each step's text is shown in the current language, predictions are
// answered and revealed against the simulation, and each step's claims (its key moment) hold on
// the heartbeat the narrative names — read from the page's heartbeat counter and the narrative.
// Lessons alternate between English and Chinese, and each one checks a live language switch.
// The delay-scheduling lesson also checks the code view's branch at every step.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { launch, openPage, URL } from './browser.mjs';

const LESSON_DIR = new globalThis.URL('../../lessons/', import.meta.url);
const lessons = readdirSync(LESSON_DIR).filter((f) => f.endsWith('.json')).sort()
  .map((f) => JSON.parse(readFileSync(new globalThis.URL(f, LESSON_DIR), 'utf8')));

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const hb = async (page) => Number(await page.getByTestId('hb').textContent());
const stepShown = async (page) => Number(await page.getByTestId('narrative').getAttribute('data-step'));
const stopOf = (s) => (s.predict ? s.hb - 1 : s.hb);
const pauses = (s) => Boolean(s.pause || s.predict);

async function waitStep(page, i, atHb) {
  await page.waitForFunction(([step, h]) => {
    const n = document.querySelector('[data-testid=narrative]');
    return n?.getAttribute('data-step') === String(step) && document.querySelector('[data-testid=hb]')?.textContent === String(h);
  }, [i, atHb], { timeout: 20_000 });
}

/** Fair-delay-scheduling: heartbeat → getAllowedLocalityLevel's branch and J1's wait. */
const DELAY_CODE = {
  1: ['node.node', '0'], 4: ['node.rack', '6000'], 5: ['node.rack', '6000'], 10: ['node.any', '17200'],
  11: ['any', '0'], 12: ['any', '0'], 13: ['rack.rack', '0'], 16: ['rack.rack', '0'],
};

async function checkCode(page, h) {
  const want = DELAY_CODE[h];
  if (!want) return;
  const listing = page.locator('[data-testid=code-listing][data-method="fair.getAllowedLocalityLevel"]');
  await listing.waitFor({ timeout: 5000 });
  const taken = (await listing.getAttribute('data-taken')).split(',');
  assert.ok(taken.includes(want[0]), `heartbeat ${h}: code view took ${taken}, expected ${want[0]}`);
  const current = await listing.locator('li.current').getAttribute('data-branch');
  assert.equal(current, want[0], `heartbeat ${h}: the highlighted line`);
  const dim = await listing.locator(`li[data-branch="${want[0]}"]`).first().getAttribute('class');
  assert.match(dim, /taken/);
  const waited = await page.locator('[data-testid="var-timeWaitedForLocalMap"] b').textContent();
  assert.equal(waited, want[1], `heartbeat ${h}: timeWaitedForLocalMap`);
}

async function walk(page, lesson, lang) {
  const other = lang === 'en' ? 'zh' : 'en';
  await page.goto(`${URL}#v=1&l=${lesson.id}&st=0`);
  await page.getByTestId('narrative').waitFor({ timeout: 30_000 });
  await page.getByTestId(`lang-${lang}`).click();
  assert.equal(await page.getByTestId('narrative').getAttribute('data-lesson'), lesson.id);
  const steps = lesson.steps;
  for (let i = 0; i < steps.length; i++) {
    const s = steps[i];
    const stop = stopOf(s);
    if (i === 0) {
      await waitStep(page, 0, stop);
    } else if (pauses(s) && stop > await hb(page)) {
      // Play at full speed: the lesson must pause by itself on this step's heartbeat.
      await page.getByTestId('play').click();
      await page.waitForFunction(() => document.querySelector('[data-testid=play]')?.getAttribute('aria-pressed') === 'false', null, { timeout: 20_000 });
      assert.equal(await hb(page), stop, `${lesson.id} step ${i}: playback paused at heartbeat ${await hb(page)}, the narrative says ${stop}`);
      assert.equal(await stepShown(page), i, `${lesson.id}: step shown after the pause`);
    } else {
      await page.getByTestId('lesson-next').click();
      await waitStep(page, i, stop);
    }
    if (s.predict) {
      const card = page.getByTestId('predict');
      assert.match(await card.innerText(), new RegExp(s.predict.question[lang].slice(0, 12).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
      // Answer (wrong first in odd lessons, to see the "not this time" verdict), then reveal.
      const wrong = (s.predict.answer + 1) % s.predict.choices.length;
      const pick = lesson.index % 2 ? wrong : s.predict.answer;
      await page.getByTestId(`choice-${pick}`).click();
      await page.getByTestId('reveal').click();
      await waitStep(page, i, s.hb);
      const verdict = page.getByTestId('predict-verdict');
      assert.match(await verdict.getAttribute('class'), pick === s.predict.answer ? /\bok\b/ : /\bno\b/, `${lesson.id} step ${i}: verdict`);
      assert.match(await page.getByTestId(`choice-${s.predict.answer}`).getAttribute('class'), /right/);
    }
    // The step's text in the current language, and its claims on this very heartbeat.
    assert.equal(await page.getByTestId('step-text').innerText(), s.text[lang].trim(), `${lesson.id} step ${i} text (${lang})`);
    assert.match(await page.getByTestId('step-count').innerText(), new RegExp(`\\b${s.hb}\\b`));
    if ((s.check && s.check.length) || s.when || s.predict) {
      const checks = page.getByTestId('step-checks');
      const [held, total] = [await checks.getAttribute('data-held'), await checks.getAttribute('data-total')];
      assert.ok(Number(total) > 0 && held === total, `${lesson.id} step ${i} at heartbeat ${s.hb}: ${held}/${total} claims hold`);
    }
    if (lesson.id === 'fair-delay-scheduling') await checkCode(page, s.hb);
    // A live language switch on the second step.
    if (i === 1) {
      await page.getByTestId(`lang-${other}`).click();
      assert.equal(await page.getByTestId('step-text').innerText(), s.text[other].trim(), `${lesson.id}: switched to ${other}`);
      await page.getByTestId(`lang-${lang}`).click();
    }
  }
  assert.ok(await page.getByTestId('lesson-next').isDisabled(), `${lesson.id}: the last step ends the lesson`);
  assert.equal(await stepShown(page), steps.length - 1);
}

test('every lesson walks to its end, pausing on the heartbeats its narrative names', async () => {
  const { page, errors } = await openPage(browser);
  try {
    // Fastest playback (the speed is remembered).
    await page.locator('body').click({ position: { x: 5, y: 115 } });
    for (let k = 0; k < 10; k++) await page.keyboard.press('+');
    assert.match(await page.getByTestId('speed').textContent(), /256/);
    // basics, then at least one lesson per scheduler concept (src/lesson/mod.rs CONCEPTS).
    assert.ok(lessons.length >= 19, `${lessons.length} lessons`);
    assert.equal(lessons[0].id, 'basics', 'the first lesson by file name is basics');
    for (const [index, lesson] of lessons.entries()) {
      lesson.index = index;
      await walk(page, lesson, index % 2 ? 'zh' : 'en');
    }
    assert.deepEqual(errors, []);
  } finally {
    await page.close();
  }
});

test('the landing page opens a lesson with one click; the link carries lesson and step', async () => {
  const { page, errors } = await openPage(browser);
  try {
    await page.getByTestId('lang-en').click();
    await page.getByTestId('open-lesson-fifo-padding').click();
    await page.getByTestId('narrative').waitFor();
    assert.equal(await hb(page), 42);
    assert.equal(await page.locator('.pointed[data-point~="panel:fifo.padding"]').count(), 1, 'step 1 points at the padding check');
    await page.getByTestId('lesson-next').click();
    await waitStep(page, 1, 61);
    // The timeline marks every stop; the next one is labelled.
    assert.equal(await page.locator('.stops-svg .stop').count(), 4);
    assert.match(await page.getByTestId('next-stop-label').textContent(), /HB 105/);
    // The address is a share link to this step.
    await page.waitForFunction(() => location.hash.includes('l=fifo-padding') && location.hash.includes('st=1'));
    const hash = await page.evaluate(() => location.hash);
    const other = await browser.newPage({ viewport: { width: 1280, height: 720 } });
    await other.goto(URL + hash);
    await other.getByTestId('narrative').waitFor({ timeout: 30_000 });
    assert.equal(await other.getByTestId('narrative').getAttribute('data-step'), '1');
    assert.equal(await other.getByTestId('hb').textContent(), '61');
    await other.close();
    // Keyboard: the choices and Reveal are reachable and usable without a mouse.
    await page.getByTestId('lesson-next').click();
    await waitStep(page, 2, 104);
    await page.getByTestId('choice-1').locator('input').focus();
    await page.keyboard.press('Space');
    await page.getByTestId('reveal').focus();
    await page.keyboard.press('Enter');
    await waitStep(page, 2, 105);
    assert.match(await page.getByTestId('predict-verdict').getAttribute('class'), /\bok\b/);
    // Leaving the lesson keeps the scenario.
    await page.getByTestId('exit-lesson').click();
    assert.equal(await page.getByTestId('narrative').count(), 0);
    assert.equal(await hb(page), 105);
    assert.deepEqual(errors, []);
  } finally {
    await page.close();
  }
});
