import { launch, URL } from './browser.mjs';
import { fastest, lessons, walk } from './lesson-walk.mjs';
import { readFileSync } from 'node:fs';
import init, { toHant } from '../../dist/api/schedscope.js';
await init({ module_or_path: readFileSync(new globalThis.URL('../../dist/api/schedscope_bg.wasm', import.meta.url)) });
const browser = await launch();
const [locale, lang, ...ids] = process.argv.slice(2);
const ctx = await browser.newContext({ viewport: { width: 1280, height: 720 }, locale });
const page = await ctx.newPage();
page.on('pageerror', (e) => console.log('pageerror', e.message));
await page.goto(URL);
await page.locator('[data-testid=hb]').first().waitFor();
await fastest(page);
for (const id of ids) {
  const lesson = lessons.find((l) => l.id === id); lesson.index = lessons.indexOf(lesson);
  try { await walk(page, lesson, lang, URL, null, toHant); console.log(id, 'ok'); } catch (e) { console.log(id, e.message.split('\n')[0]); }
}
await browser.close();
