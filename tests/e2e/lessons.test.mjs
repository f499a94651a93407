// Every built-in lesson, walked to its end on the page: playback pauses exactly at each
// pausing step's heartbeat, each step's text is shown in the current language, predictions are
// answered and revealed against the simulation, and each step's claims (its key moment) hold on
// the heartbeat the narrative names — read from the page's heartbeat counter and the narrative.
// Lessons alternate between English and Chinese, and each one checks a live language switch.
// The delay-scheduling lesson also checks the code view's branch at every step.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openPage, URL } from './browser.mjs';
import { fastest, hb, waitStep, walk, lessons } from './lesson-walk.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

/** Fair-delay-scheduling: heartbeat → getAllowedLocalityLevel's branch and J1's wait. */
const DELAY_CODE = {
  1: ['node.node', '0'], 4: ['node.rack', '6000'], 5: ['node.rack', '6000'], 10: ['node.any', '17200'],
  11: ['any', '0'], 12: ['any', '0'], 13: ['rack.rack', '0'], 16: ['rack.rack', '0'],
};

async function checkCode(page, h) {
  const want = DELAY_CODE[h];
  if (!want) return;
  const listing = page.locator('[data-testid=code-listing][data-method="fair.getAllowedLocalityLevel"]');
  // A step about the stage gives the side area back to Why: open the code tab as a teacher would.
  if (!await listing.isVisible()) await page.getByTestId('tab-code').click();
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

test('every lesson walks to its end, pausing on the heartbeats its narrative names', async () => {
  const { page, errors } = await openPage(browser);
  try {
    await fastest(page);
    // basics, then at least one lesson per scheduler concept (src/lesson/mod.rs CONCEPTS).
    assert.ok(lessons.length >= 19, `${lessons.length} lessons`);
    assert.equal(lessons[0].id, 'basics', 'the first lesson by file name is basics');
    for (const [index, lesson] of lessons.entries()) {
      lesson.index = index;
      await walk(page, lesson, index % 2 ? 'zh' : 'en', URL, (p, h) => lesson.id === 'fair-delay-scheduling' && checkCode(p, h));
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

test('a link to a prediction step asks the question and does not show the answer', async () => {
  const { page, errors } = await openPage(browser);
  try {
    for (const lesson of lessons) {
      for (const [i, s] of lesson.steps.entries()) {
        if (!s.predict) continue;
        await page.goto(`${URL}#v=1&l=${lesson.id}&st=${i}`);
        await page.reload();
        await page.getByTestId('narrative').waitFor({ timeout: 30_000 });
        await waitStep(page, i, s.hb - 1);
        const card = page.getByTestId('predict');
        assert.doesNotMatch(await card.getAttribute('class'), /revealed/, `${lesson.id} step ${i}: revealed on opening`);
        assert.equal(await page.locator('[data-testid^=choice-].right').count(), 0, `${lesson.id} step ${i}: an answer is marked`);
        assert.equal(await page.getByTestId('step-text').count(), 0, `${lesson.id} step ${i}: the explanation is shown before the answer`);
        assert.equal(await page.getByTestId('step-checks').count(), 0, `${lesson.id} step ${i}: the claims are shown before the answer`);
        assert.ok(await page.getByTestId('reveal').isDisabled(), `${lesson.id} step ${i}: Reveal before a choice`);
      }
    }
    assert.deepEqual(errors, []);
  } finally {
    await page.close();
  }
});

test('the narrative\'s next button names the next stop, or says Continue when the next step is at this heartbeat', async () => {
  const { page, errors } = await openPage(browser);
  try {
    for (const [id, lang] of [['paper-head-of-line', 'en'], ['paper-bound', 'zh']]) {
      const lesson = lessons.find((l) => l.id === id);
      const steps = lesson.steps;
      for (let i = 0; i + 1 < steps.length; i++) {
        if (steps[i].predict) continue;
        await page.goto(`${URL}#v=1&l=${id}&st=${i}&lang=${lang}`);
        await page.reload();
        await page.getByTestId('narrative').waitFor({ timeout: 30_000 });
        await waitStep(page, i, steps[i].hb);
        const label = (await page.getByTestId('lesson-next').textContent()).trim();
        const here = steps[i + 1].hb === steps[i].hb;
        const want = here
          ? (lang === 'en' ? 'Continue ›' : '继续 ›')
          : (lang === 'en' ? `Next stop · ${steps[i + 1].predict ? 'predict ' : ''}HB ${steps[i + 1].hb} ›`
            : `下一站 · ${steps[i + 1].predict ? '预测' : ''}心跳 ${steps[i + 1].hb} ›`);
        assert.equal(label, want, `${id} step ${i} (${lang})`);
      }
    }
    assert.deepEqual(errors, []);
  } finally {
    await page.close();
  }
});
