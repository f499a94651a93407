// Journey (issue 22, lessons that lead on): every built-in lesson, in English, 简体 and 繁體,
// ends on its recap (three lines from the lesson file) and a button to the next lesson of its
// group (`order`), or to the lesson list at the end of a group; the button works, and the
// lesson list marks the lessons walked to their end on this device (kept after a reload).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, URL } from './browser.mjs';
import { lessons } from './room-probe.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const list = lessons();
const group = (l) => l.concepts[0].split('.')[0];
const nextOf = (l) => list.find((m) => group(m) === group(l) && m.order === l.order + 1);

/** Open the last step of lesson `l` and answer its prediction if it asks one. */
async function atEnd(page, l, lang) {
  const last = l.steps.length - 1;
  await page.goto(`${URL}#v=1&l=${l.id}&st=${last}&lang=${lang}`);
  await page.locator(`[data-testid=narrative][data-lesson="${l.id}"][data-step="${last}"]`).waitFor();
  if (await page.getByTestId('reveal').count()) {
    await page.locator('[data-testid=choice-0] input').check();
    await page.getByTestId('reveal').click();
    await page.getByTestId('predict-verdict').waitFor();
  }
  await page.getByTestId('lesson-recap').waitFor();
}

for (const lang of ['en', 'zh', 'zh-Hant']) {
  test(`every lesson ends on its recap and leads on: ${lang}`, { timeout: 600_000 }, async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(URL);
    await page.locator('[data-testid=app]').waitFor();
    for (const l of list) {
      await atEnd(page, l, lang);
      const recap = page.getByTestId('lesson-recap');
      const lines = await recap.locator('li').allTextContents();
      assert.equal(lines.length, 3, `${l.id} (${lang}): three recap lines`);
      const want = lang === 'en' ? l.recap.en : l.recap.zh;
      if (lang !== 'zh-Hant') {
        for (const [k, line] of lines.entries()) {
          if (!want[k].includes('{')) assert.equal(line.trim(), want[k], `${l.id} (${lang}) recap line ${k}`);
        }
      } else {
        assert.ok(lines.every((x) => x.trim().length > 0));
      }
      const next = page.getByTestId('lesson-next');
      assert.ok(await next.isEnabled(), `${l.id}: the last step's button works`);
      const n = nextOf(l);
      assert.equal(await next.getAttribute('data-next-lesson'), n ? n.id : null, `${l.id}: the next lesson of its group`);
    }
    // The buttons themselves: one lesson in the middle of a group, one at the end of one.
    const mid = list.find((l) => nextOf(l));
    await atEnd(page, mid, lang);
    await page.getByTestId('lesson-next').click();
    await page.locator(`[data-testid=narrative][data-lesson="${nextOf(mid).id}"][data-step="0"]`).waitFor();
    const end = list.find((l) => !nextOf(l));
    await atEnd(page, end, lang);
    await page.getByTestId('lesson-next').click();
    await page.getByTestId('lesson-list').waitFor();
    // Every lesson was walked to its end here: the list marks them all, and still after a reload.
    assert.equal(await page.locator('[data-testid^=open-lesson-][data-walked=true]').count(), list.length);
    await page.reload();
    await page.getByTestId('open-lessons').click();
    await page.getByTestId('lesson-list').waitFor();
    assert.equal(await page.locator('[data-testid^=open-lesson-][data-walked=true]').count(), list.length);
    assert.deepEqual(errors, []);
    await page.close();
  });
}

test('on a phone the bottom bar leads on from the last step too', async () => {
  const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  const mid = list.find((l) => nextOf(l));
  await atEnd(page, mid, 'en');
  const next = page.getByTestId('phone-next');
  assert.ok(await next.isEnabled(), 'the last step does not end on a disabled button');
  assert.match(await next.textContent(), /Next lesson/);
  await next.click();
  await page.locator(`[data-testid=narrative][data-lesson="${nextOf(mid).id}"][data-step="0"]`).waitFor();
  const end = list.find((l) => !nextOf(l));
  await atEnd(page, end, 'en');
  assert.match(await page.getByTestId('phone-next').textContent(), /All lessons/);
  await page.getByTestId('phone-next').click();
  await page.getByTestId('lesson-list').waitFor();
  assert.deepEqual(errors, []);
  await page.close();
});
