// Journey: open the page, step forward until a task is placed, step back, no errors.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openPage, gridState } from './browser.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

test('Next > fills a slot and < Previous restores the previous state', async () => {
  const { page, errors } = await openPage(browser);
  try {
    assert.equal(await page.locator('h1').textContent(), 'SchedScope');
    assert.equal(await page.getByTestId('hb').textContent(), '0');
    assert.ok(await page.locator('[data-testid^="node-"]').count() > 0, 'no node cards');

    const filled = page.locator('[data-testid=slot].filled');
    const racks = page.getByTestId('racks');
    const next = page.getByRole('button', { name: 'Next >' });
    const prev = page.getByRole('button', { name: '< Previous' });

    let snapshot = null;
    let hbBefore = null;
    for (let clicks = 0; (await filled.count()) === 0; clicks++) {
      assert.ok(clicks < 10, 'no slot filled after 10 clicks on Next >');
      assert.ok(await next.isEnabled(), 'the run ended before any slot was filled');
      snapshot = await gridState(page);
      hbBefore = await page.getByTestId('hb').textContent();
      await next.click();
      await page.waitForFunction(
        (hb) => document.querySelector('[data-testid=hb]')?.textContent !== hb,
        hbBefore,
      );
    }
    const slot = filled.first();
    await slot.waitFor();
    assert.match(await slot.locator('.slot-label').textContent(), /^J\d+/);
    assert.equal(
      Number(await page.getByTestId('hb').textContent()),
      Number(hbBefore) + 1,
    );
    assert.ok(
      (await page.locator('[data-testid=why-lines] li').count()) > 0,
      'the why panel lists no decision lines',
    );

    await prev.click();
    await page.waitForFunction(
      (hb) => document.querySelector('[data-testid=hb]')?.textContent === hb,
      hbBefore,
    );
    assert.deepEqual(await gridState(page), snapshot, 'grid differs after < Previous');
    assert.equal(await filled.count(), 0);

    assert.deepEqual(errors, [], 'the page reported errors');
  } finally {
    await page.close();
  }
});
