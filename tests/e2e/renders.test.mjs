// Journey (issue 23, rendering follows what changed): the page keeps the shown heartbeat's
// cluster view (`page::Run::view`) and counts every one it builds on <html data-view-builds>.
// A toast, a tab change and a language switch redraw parts of the page and build none; one
// Next builds exactly one; stepping back builds one for the heartbeat shown again.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openPage } from './browser.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

test('a toast, a tab and a language switch build no cluster view; one Next builds one', async () => {
  const { page, errors } = await openPage(browser);
  const builds = () => page.evaluate(() => Number(document.documentElement.dataset.viewBuilds || 0));
  const hb = async (n) => page.locator(`[data-testid=hb]:text-is("${n}")`).first().waitFor();
  await page.click('[data-testid=next]');
  await hb(1);
  const start = await builds();
  assert.ok(start >= 1, `the stage built the view it shows (${start})`);

  // A toast (the share dialog's "copied"), with the dialog opened and closed around it.
  await page.click('[data-testid=open-share]');
  await page.click('[data-testid=copy-link]');
  await page.click('[data-testid=close-dialog]');
  await page.locator('[role=dialog]').waitFor({ state: 'detached' });
  // A tab change (the jobs tab reads the same view), and a language switch there and back.
  await page.click('[data-testid=tab-jobs]');
  await page.locator('[data-testid=jobs-panel]').waitFor();
  await page.click('[data-testid=tab-why]');
  await page.click('[data-testid=lang-zh]');
  await page.locator('html[lang=zh-CN]').waitFor();
  await page.click('[data-testid=lang-en]');
  await page.locator('html[lang=en]').waitFor();
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  assert.equal(await builds(), start, 'a toast, two tabs and two language switches built no cluster view');

  await page.click('[data-testid=next]');
  await hb(2);
  await page.locator(`html[data-view-builds="${start + 1}"]`).waitFor();
  await page.evaluate(() => new Promise((r) => setTimeout(r, 300)));
  assert.equal(await builds(), start + 1, 'one Next built one view');
  await page.click('[data-testid=prev]');
  await hb(1);
  await page.locator(`html[data-view-builds="${start + 2}"]`).waitFor();
  assert.deepEqual(errors, []);
});
