// Save a 1280x720 PNG of the page: node tests/e2e/screenshot.mjs OUT.png [NEXT_CLICKS]
// (not a test). URL from SCHEDSCOPE_URL, default http://127.0.0.1:8080/.
import { launch, openPage } from './browser.mjs';

const [out, clicksArg] = process.argv.slice(2);
if (!out) {
  console.error('usage: node tests/e2e/screenshot.mjs OUT.png [NEXT_CLICKS]');
  process.exit(2);
}
const clicks = Number(clicksArg ?? 0);

const browser = await launch();
try {
  const { page, errors } = await openPage(browser);
  for (let i = 0; i < clicks; i++) {
    const next = page.getByRole('button', { name: 'Next >' });
    if (await next.isDisabled()) break;
    await next.click();
  }
  await page.waitForTimeout(200);
  await page.screenshot({ path: out });
  console.log(`saved ${out}`);
  if (errors.length) console.error(errors.join('\n'));
} finally {
  await browser.close();
}
