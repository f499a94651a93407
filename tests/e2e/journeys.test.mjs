// Journeys: scrubbing, keyboard control, switching scheduler and language, share links (good
// and bad), and editing a scenario into an invalid state and back. Every journey also checks
// that the page reported no errors.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openPage, gridState, URL } from './browser.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const hbIs = (page, n) => page.waitForFunction(
  (v) => document.querySelector('[data-testid=hb]')?.textContent === String(v), n);
const hb = async (page) => Number(await page.getByTestId('hb').textContent());

test('scrubbing restores exactly the state that stepping reaches', async () => {
  const { page, errors } = await openPage(browser);
  try {
    const why = page.getByTestId('why');
    const scrub = page.getByTestId('scrubber');
    await scrub.fill('49');
    await hbIs(page, 49);
    await page.getByTestId('next').click();
    await hbIs(page, 50);
    const [gridStepped, whyStepped] = [await gridState(page), await why.innerText()];
    await scrub.fill('300');
    await hbIs(page, 300);
    assert.notDeepEqual(await gridState(page), gridStepped);
    await scrub.fill('50');
    await hbIs(page, 50);
    assert.deepEqual(await gridState(page), gridStepped, 'grid differs after scrubbing back');
    assert.equal(await why.innerText(), whyStepped, 'why panel differs after scrubbing back');
    assert.match(await page.getByTestId('time').textContent(), /t = \d+\.\d s/);
    assert.deepEqual(errors, []);
  } finally {
    await page.close();
  }
});

test('keyboard: space, arrows, Home/End, +/−, N, ? — and not while typing', async () => {
  const { page, errors } = await openPage(browser);
  try {
    await page.locator('body').click({ position: { x: 5, y: 700 } });
    await page.keyboard.press('ArrowRight');
    await hbIs(page, 1);
    await page.keyboard.press('ArrowLeft');
    await hbIs(page, 0);
    const speed = page.getByTestId('speed');
    const s0 = await speed.textContent();
    await page.keyboard.press('+');
    await page.keyboard.press('+');
    await page.keyboard.press('+');
    assert.notEqual(await speed.textContent(), s0);
    assert.match(await speed.textContent(), /16 hb\/s/);
    await page.keyboard.press(' ');
    await page.waitForFunction(() => Number(document.querySelector('[data-testid=hb]').textContent) > 5);
    await page.keyboard.press(' ');
    const paused = await hb(page);
    await page.waitForTimeout(400);
    assert.equal(await hb(page), paused, 'Space did not pause');
    await page.keyboard.press('-');
    assert.match(await speed.textContent(), /8 hb\/s/);
    await page.keyboard.press('End');
    await page.waitForFunction(() => document.querySelector('[data-testid=next]').disabled);
    await page.keyboard.press('Home');
    await hbIs(page, 0);
    await page.keyboard.press('n');
    await page.waitForFunction(() => Number(document.querySelector('[data-testid=hb]').textContent) > 0);
    await page.keyboard.press('?');
    await page.getByTestId('help').waitFor();
    assert.match(await page.getByTestId('help').innerText(), /play \/ pause/);
    await page.keyboard.press('Escape');
    assert.equal(await page.getByTestId('help').count(), 0);
    // Typing in a field does not step.
    const at = await hb(page);
    await page.getByTestId('open-editor').click();
    const area = page.getByTestId('scenario-text');
    await area.click();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press(' ');
    await page.keyboard.press('End');
    assert.equal(await hb(page), at);
    await page.keyboard.press('Escape');
    assert.equal(await page.getByTestId('editor').count(), 0);
    assert.deepEqual(errors, []);
  } finally {
    await page.close();
  }
});

test('switching scheduler and language keeps the workload and the heartbeat', async () => {
  const { page, errors } = await openPage(browser);
  try {
    await page.getByTestId('scrubber').fill('40');
    await hbIs(page, 40);
    await page.locator('[data-testid=cluster][data-scheduler=fifo]').waitFor();
    await page.getByTestId('sched-fair').click();
    await page.getByTestId('ladder').waitFor();
    assert.equal(await hb(page), 40);
    assert.equal(await page.getByTestId('sched-fair').getAttribute('aria-pressed'), 'true');
    assert.match(await page.getByTestId('why').innerText(), /FairShareComparator|Delay/);
    await page.getByTestId('lang-zh').click();
    await page.waitForFunction(() => document.documentElement.lang === 'zh-CN');
    assert.match(await page.getByTestId('next').innerText(), /下一步/);
    assert.match(await page.getByTestId('why').innerText(), /心跳/);
    assert.match(await page.getByTestId('ladder').innerText(), /延迟调度/);
    // A workload without queues runs under Capacity with one queue per job queue.
    await page.getByTestId('sched-capacity').click();
    await page.getByTestId('lanes').waitFor();
    assert.equal(await page.getByTestId('sched-capacity').getAttribute('aria-pressed'), 'true');
    assert.equal(await hb(page), 40);
    assert.equal(await page.getByTestId('banner').count(), 0);
    await page.getByTestId('lang-en').click();
    await page.getByTestId('sched-fifo').click();
    await page.locator('[data-testid=cluster][data-scheduler=fifo]').waitFor();
    assert.equal(await hb(page), 40);
    // The Capacity lesson shows its queues.
    const picker = page.getByTestId('scenario-picker');
    const values = await picker.locator('option').evaluateAll((o) => o.map((x) => [x.value, x.title]));
    const cap = values.find(([, id]) => id.startsWith('capacity'));
    if (cap) {
      await picker.selectOption(cap[0]);
      await page.getByTestId('scrubber').fill('20');
      await hbIs(page, 20);
      await page.getByTestId('lanes').waitFor();
    }
    assert.deepEqual(errors, []);
  } finally {
    await page.close();
  }
});

test('a share link restores the scenario and the heartbeat', async () => {
  const { page, errors } = await openPage(browser);
  let other;
  try {
    // Edit the scenario so the link has to carry its text.
    await page.getByTestId('open-editor').click();
    const area = page.getByTestId('scenario-text');
    const text = await area.inputValue();
    await area.fill(text.replace('"seed": 7', '"seed": 8'));
    await page.getByTestId('apply').click();
    await page.getByTestId('scrubber').fill('77');
    await hbIs(page, 77);
    const grid = await gridState(page);
    await page.getByTestId('open-share').click();
    const link = await page.getByTestId('share-url').inputValue();
    assert.match(link, /#v=1&s=[A-Za-z0-9_-]+&hb=77&lang=en$/);
    ({ page: other } = await openPage(browser));
    await other.goto(link);
    await other.reload();
    await hbIs(other, 77);
    assert.deepEqual(await gridState(other), grid);
    assert.equal(await other.getByTestId('banner').count(), 0);
    // A built-in, unchanged: a short link.
    await other.getByTestId('scenario-picker').selectOption('b:0');
    await other.getByTestId('scrubber').fill('12');
    await hbIs(other, 12);
    await other.getByTestId('open-share').click();
    assert.match(await other.getByTestId('share-url').inputValue(), /#v=1&b=fifo-two-racks&hb=12&lang=en$/);
    assert.deepEqual(errors, []);
  } finally {
    await page.close();
    await other?.close();
  }
});

test('exports are named after the scenario or lesson shown, the scheduler running and the heartbeat', async () => {
  const { page, errors } = await openPage(browser);
  const exported = async (id) => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId(id).click()]);
    return download.suggestedFilename();
  };
  try {
    await page.evaluate(() => { location.hash = '#v=1&b=fifo-two-racks&hb=40'; });
    await hbIs(page, 40);
    // The FIFO built-in switched to Fair: named after both.
    await page.getByTestId('sched-fair').click();
    await page.getByTestId('ladder').waitFor();
    await page.getByTestId('open-share').click();
    assert.equal(await exported('export-png'), 'fifo-two-racks-fair-hb40.png');
    assert.equal(await exported('export-json'), 'fifo-two-racks-fair-trace.jsonl');
    await page.getByTestId('close-dialog').click();
    // A lesson: named after the lesson.
    await page.evaluate(() => { location.hash = '#v=1&l=fifo-padding&st=0'; });
    await page.getByTestId('narrative').waitFor();
    const at = await hb(page);
    await page.getByTestId('open-share').click();
    assert.equal(await exported('export-svg'), `fifo-padding-fifo-hb${at}.svg`);
    assert.deepEqual(errors, []);
  } finally {
    await page.close();
  }
});

test('a bad or hostile share link shows an error and the default scenario', async () => {
  const hostile = [
    '#v=1&s=%%%not-base64',
    '#v=7&b=fifo-two-racks&hb=3',
    '#v=1&b=fifo-two-racks&hb=-4',
    '#v=1&s=' + Buffer.from('{"version":1,"racks":{"count":100,"nodes_per_rack":100}}').toString('base64url'),
    '#v=1&s=' + Buffer.from('{"jobs": [').toString('base64url'),
    '#v=1&s=' + 'A'.repeat(600_000),
    '#<img src=x onerror=alert(1)>',
  ];
  for (const hash of hostile) {
    const { page, errors } = await openPage(browser);
    try {
      await page.goto(URL + hash);
      await page.reload();
      await page.getByTestId('banner').waitFor({ timeout: 15_000 });
      assert.equal(await hb(page), 0, hash.slice(0, 40));
      assert.ok(await page.locator('[data-testid^="node-"]').count() > 0, `no grid for ${hash.slice(0, 40)}`);
      assert.equal(await page.locator('img').count(), 0);
      assert.deepEqual(errors, [], hash.slice(0, 40));
    } finally {
      await page.close();
    }
  }
});

test('editing the scenario into an invalid state and back', async () => {
  const { page, errors } = await openPage(browser);
  try {
    await page.getByTestId('open-editor').click();
    const area = page.getByTestId('scenario-text');
    const good = await area.inputValue();
    await area.fill(good.replace('"HIGH"', '"URGENT"').replace('"reduces": 2', '"reduces": "two"'));
    await page.getByTestId('scenario-errors').waitFor();
    const paths = await page.getByTestId('error-path').allTextContents();
    assert.ok(paths.includes('$.jobs[2].priority'), paths.join(', '));
    assert.ok(paths.includes('$.jobs[1].reduces'), paths.join(', '));
    assert.match(await page.getByTestId('scenario-errors').innerText(), /line \d+/);
    assert.ok(await page.getByTestId('apply').isDisabled());
    assert.equal(await page.locator('.gutter .bad').count(), 2);
    // Broken JSON: the position of the syntax error.
    await area.fill('{"version": 1,\n "jobs": [}');
    assert.match(await page.getByTestId('scenario-errors').innerText(), /line 2/);
    // A capacity-scheduler.xml property given twice is accepted with a warning naming both lines.
    const prop = (v) => `<property><name>mapred.capacity-scheduler.queue.default.capacity</name><value>${v}</value></property>`;
    await area.fill(JSON.stringify({ version: 1, scheduler: 'capacity', trackers: [{ name: 'tt1', host: 'h1' }], jobs: [{ id: 1, maps: 1 }],
      config: { capacity_scheduler_xml: `<configuration>\n${prop(50)}\n${prop(100)}\n</configuration>` } }));
    await page.getByTestId('scenario-warnings').waitFor();
    assert.match(await page.getByTestId('scenario-warnings').innerText(), /given twice, at line 2, column 1 and line 3, column 1/);
    assert.equal((await page.getByTestId('validity').textContent()).trim(), 'valid');
    await area.fill(good.replace('"HIGH"', '"VERY_HIGH"'));
    await page.waitForFunction(() => !document.querySelector('[data-testid=scenario-errors]'));
    assert.equal(await page.getByTestId('scenario-warnings').count(), 0);
    assert.ok(await page.getByTestId('apply').isEnabled());
    await page.getByTestId('scenario-name').fill('my lesson');
    await page.getByTestId('save').click();
    await page.getByTestId('close-dialog').click();
    assert.match(await page.getByTestId('scenario-picker').innerText(), /my lesson/);
    await page.getByTestId('next').click();
    await hbIs(page, 1);
    assert.deepEqual(errors, []);
  } finally {
    await page.close();
  }
});
