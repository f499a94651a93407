// Journeys: every built-in scenario loads from the picker; the arrow keys step.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openPage } from './browser.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

test('every built-in scenario loads and can take a step', async () => {
  const { page, errors } = await openPage(browser);
  try {
    const picker = page.getByTestId('scenario-picker');
    const values = await picker.locator('option').evaluateAll((opts) => opts.map((o) => o.value));
    assert.ok(values.length > 0, 'the scenario picker is empty');
    for (const value of values) {
      await picker.selectOption(value);
      const label = await picker.locator(`option[value="${value}"]`).textContent();
      assert.equal(await page.getByTestId('scenario-errors').count(), 0, `scenario "${label}" does not load`);
      assert.equal(await page.getByTestId('hb').textContent(), '0', `"${label}" did not start at heartbeat 0`);
      // Clusters above 1,000 trackers are drawn on one canvas (grid_canvas.rs).
      assert.ok(await page.locator('[data-testid^="node-"], [data-testid=grid-canvas]').count() > 0, `"${label}" shows no trackers`);
      await page.getByRole('button', { name: 'Next >' }).click();
      await page.waitForFunction(() => document.querySelector('[data-testid=hb]')?.textContent !== '0');
    }
    assert.deepEqual(errors, [], 'the page reported errors');
  } finally {
    await page.close();
  }
});

test('the arrow keys step forward and back', async () => {
  const { page, errors } = await openPage(browser);
  try {
    const hb = page.getByTestId('hb');
    await page.locator('body').click({ position: { x: 5, y: 700 } });
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(() => document.querySelector('[data-testid=hb]')?.textContent === '1');
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(() => document.querySelector('[data-testid=hb]')?.textContent === '2');
    await page.keyboard.press('ArrowLeft');
    await page.waitForFunction(() => document.querySelector('[data-testid=hb]')?.textContent === '1');
    assert.equal(await hb.textContent(), '1');
    assert.deepEqual(errors, [], 'the page reported errors');
  } finally {
    await page.close();
  }
});
