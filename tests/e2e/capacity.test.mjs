// Capacity on the grid and panel, on the built-in capacity-users-highmem scenario: J2's map
// needs 2 slots, so tt4 is reserved for it at heartbeat 10 and tt3 at 12 ("fallow slots");
// tt4's reservation is released at 18 and tt3's at 20 (see `schedscope run`). The grid marks
// reserved trackers and slots "R·J2" with a legend entry; the Capacity panel shows per-user
// bars (used slots against the user limit).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openPage, URL } from './browser.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

async function goTo(page, hb) {
  await page.evaluate((h) => { location.hash = h; }, `#v=1&b=capacity-users-highmem&hb=${hb}`);
  await page.waitForFunction((hb) => document.querySelector('[data-testid=hb]')?.textContent === String(hb), hb);
}

const reservedOn = (page) => page.locator('[data-testid^="node-tt"]').evaluateAll((els) =>
  Object.fromEntries(els.filter((e) => e.dataset.reserved).map((e) => [e.dataset.testid.slice(5), e.dataset.reserved])));

test('reserved trackers are marked on the grid and users have bars', async () => {
  const { page, errors } = await openPage(browser);
  try {
    await page.goto(`${URL}#v=1&b=capacity-users-highmem&hb=9`);
    await page.reload();
    await page.waitForFunction(() => document.querySelector('[data-testid=hb]')?.textContent === '9');
    assert.deepEqual(await reservedOn(page), {});
    assert.equal(await page.getByTestId('legend-reserved').count(), 0);

    await goTo(page, 10);
    assert.deepEqual(await reservedOn(page), { tt4: 'R·J2' });
    const tt4 = page.getByTestId('node-tt4');
    assert.equal(await tt4.getByTestId('reserved-tag').textContent(), 'R·J2');
    assert.ok(await tt4.locator('[data-testid=slot].reserved').count() >= 1, 'no reserved slot drawn on tt4');
    assert.equal(await tt4.locator('[data-testid=slot].reserved').first().textContent(), 'R·J2');
    assert.equal(await page.getByTestId('legend-reserved').count(), 1);

    await goTo(page, 12);
    assert.deepEqual(await reservedOn(page), { tt3: 'R·J2', tt4: 'R·J2' });
    await goTo(page, 18);
    assert.deepEqual(await reservedOn(page), { tt3: 'R·J2' });
    await goTo(page, 20);
    assert.deepEqual(await reservedOn(page), {});

    // Per-user rows against the user limit, in the queue lanes beside the grid (maps).
    await goTo(page, 10);
    const rows = page.locator('[data-testid=lanes] [data-testid^="user-"]');
    assert.ok(await rows.count() >= 2, `only ${await rows.count()} user rows`);
    const text = await rows.locator('.user-num').allTextContents();
    assert.ok(text.every((t) => /^\d+ \/ \d+$/.test(t)), text.join(' | '));
    assert.ok(await rows.first().locator('svg rect.mark-user, svg rect.tick').count() === 1, 'the user limit mark is missing');
    // A high-memory task spans its slots, and the header counts slots.
    const wide = page.locator('[data-testid=slot][data-slots="2"]');
    if (await wide.count()) {
      const box = await wide.first().boundingBox();
      const one = await page.locator('[data-testid=slot][data-slots="1"]').first().boundingBox();
      assert.ok(box.width > one.width * 1.6, `a 2-slot task is ${box.width} px wide, a 1-slot one ${one.width}`);
    }
    assert.deepEqual(errors, []);
  } finally {
    await page.close();
  }
});
