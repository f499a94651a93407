// Walking a lesson on the page, step by step, as a student does: playback pauses by itself on
// each pausing step's heartbeat, predictions are answered and revealed, each step's text shows
// in the current language and its claims hold. Shared by the lesson journeys (served page,
// offline single file, Traditional Chinese).
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';

const LESSON_DIR = new globalThis.URL('../../lessons/', import.meta.url);
/** Every built-in lesson's JSON, by file name. */
export const lessons = readdirSync(LESSON_DIR).filter((f) => f.endsWith('.json')).sort()
  .map((f) => JSON.parse(readFileSync(new globalThis.URL(f, LESSON_DIR), 'utf8')));

/** A lesson text as the page shows it: its placeholders (`{fair.waited J1|s}`, `{$.path}`,
 *  `docs/lesson-format.md`) are filled from the run, so each matches the value written there
 *  (the values themselves are checked natively, tests/lesson_numbers.rs); the rest is exact. */
export function textPattern(text, whole = true) {
  const parts = text.trim().split(/(\{[^{}]+\})/);
  const body = parts.map((p) => (/^\{[^{}]+\}$/.test(p) ? '.+?' : p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('');
  return new RegExp(whole ? `^${body}$` : body, 's');
}

export const hb = async (page) => Number(await page.getByTestId('hb').textContent());
const stepShown = async (page) => Number(await page.getByTestId('narrative').getAttribute('data-step'));
const stopOf = (s) => (s.predict ? s.hb - 1 : s.hb);
const pauses = (s) => Boolean(s.pause || s.predict);

/** Fastest playback (the page remembers the speed). */
export async function fastest(page) {
  await page.locator('body').click({ position: { x: 5, y: 115 } });
  for (let k = 0; k < 10; k++) await page.keyboard.press('+');
  assert.match(await page.getByTestId('speed').textContent(), /256/);
}

export async function waitStep(page, i, atHb) {
  await page.waitForFunction(([step, h]) => {
    const n = document.querySelector('[data-testid=narrative]');
    return n?.getAttribute('data-step') === String(step) && document.querySelector('[data-testid=hb]')?.textContent === String(h);
  }, [i, atHb], { timeout: 20_000 });
}

/** Walk `lesson` to its end in `lang` (`en`, `zh` or `zh-Hant`) on the page at `url` (a share
 *  link to its first step); `onStep(page, hb, lesson)` checks more at each step. In `zh-Hant`
 *  the lesson's `zh` texts are expected as `show` converts them (the JavaScript API's toHant). */
export async function walk(page, lesson, lang, url, onStep, show = (t) => t) {
  const other = lang === 'en' ? 'zh' : 'en';
  const shown = (texts, l = lang) => (l === 'zh-Hant' ? show(texts.zh) : texts[l]);
  await page.goto(`${url}#v=1&l=${lesson.id}&st=0`);
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
      assert.match(await card.innerText(), textPattern(shown(s.predict.question), false));
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
    assert.match(await page.getByTestId('step-text').innerText(), textPattern(shown(s.text)), `${lesson.id} step ${i} text (${lang})`);
    assert.match(await page.getByTestId('step-count').innerText(), new RegExp(`\\b${s.hb}\\b`));
    if ((s.check && s.check.length) || s.when || s.predict) {
      const checks = page.getByTestId('step-checks');
      const [held, total] = [await checks.getAttribute('data-held'), await checks.getAttribute('data-total')];
      assert.ok(Number(total) > 0 && held === total, `${lesson.id} step ${i} at heartbeat ${s.hb}: ${held}/${total} claims hold`);
    }
    if (onStep) await onStep(page, s.hb, lesson);
    // A live language switch on the second step.
    if (i === 1) {
      await page.getByTestId(`lang-${other}`).click();
      assert.match(await page.getByTestId('step-text').innerText(), textPattern(s.text[other]), `${lesson.id}: switched to ${other}`);
      await page.getByTestId(`lang-${lang}`).click();
    }
  }
  // The last step ends on the recap, with the way on (the next lesson of its group, or the list).
  await page.getByTestId('lesson-recap').waitFor();
  assert.ok(await page.getByTestId('lesson-next').isEnabled(), `${lesson.id}: the last step leads on`);
  assert.equal(await stepShown(page), steps.length - 1);
}
