// Could the back row read every lesson step, and is every moment a step is about on screen?
// The room and stage probes (room-probe.mjs) over every step of every lesson, in English,
// 简体 and 繁體 at 1280×720 (a projector) and in English at 1920×1080 in presentation mode.
// Every count must be zero: text in the stage, figures and narrative under 12 px (scaled with
// the width), marked key values under 18 px, labels cut off, slots covered, the verdict or the
// card's Next hidden after Reveal, the page scrolling in presentation mode, a pointed element
// off screen or missing, the grid off screen, a page error; and in English at 1280×720 a
// numeral of the stage, the Why panel or the code view that is not the engine's (numerals.mjs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { counts, lessons, probe } from './room-probe.mjs';

const RUNS = [
  { lang: 'en', size: '1280x720', present: false, numerals: true },
  { lang: 'zh', size: '1280x720', present: false },
  { lang: 'zh-Hant', size: '1280x720', present: false },
  { lang: 'en', size: '1920x1080', present: true },
];

const list = lessons();
const steps = list.reduce((n, l) => n + l.steps.length, 0);

for (const run of RUNS) {
  test(`every lesson step reads from the back row: ${run.lang} ${run.size}${run.present ? ' present' : ''}${run.numerals ? ', every number the engine\'s' : ''}`, { timeout: 900_000 }, async () => {
    const out = await probe({ ...run, list });
    assert.equal(out.steps, steps, `every step was measured (${out.errors.slice(0, 3).join('; ')})`);
    const c = counts(out);
    const bad = Object.entries(c).filter(([, n]) => n > 0);
    assert.deepEqual(
      bad,
      [],
      bad.map(([k]) => `${k}: ${out[k].slice(0, 4).join(' | ')}`).join('\n'),
    );
  });
}
