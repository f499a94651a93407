// Journey: a heartbeat in slow motion (docs/slow-motion.md). The delay-scheduling lesson's
// heartbeat where J1's wait crosses the node delay is played visit by visit with Shift+→;
// at every sub-step the card names the visit the JavaScript API's `visits()` lists there (its
// kind, the job asked, the allowed level and the wait it compared, the listing line that
// decided), the grid shows exactly the launches made so far, and Shift+← walks back the same
// way. A Capacity heartbeat with a user-limit skip and a FIFO heartbeat where padding stops a
// map are played the same way. No page errors.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openPage, URL } from './browser.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

/** The API's visits of heartbeat `hb` of lesson `id`'s run. */
const apiVisits = (page, id, hb) =>
  page.evaluate(async ({ id, hb }) => {
    const api = await import('./api/schedscope.js');
    await api.default();
    const sim = api.Simulation.forLesson(`builtin:${id}`);
    sim.goTo(hb);
    const v = sim.visits();
    const assigned = sim.record().assigned.length;
    sim.free();
    return { v, assigned };
  }, { id, hb });

const card = (page) =>
  page.locator('[data-testid=visit]').evaluate((e) => ({
    at: Number(e.dataset.visit),
    step: e.dataset.step,
    job: e.dataset.job ?? null,
    launched: Number(e.dataset.launched),
    values: Object.fromEntries([...e.querySelectorAll('dd[data-of]')].map((d) => [d.dataset.of, d.textContent])),
    method: e.querySelector('[data-testid=visit-code]')?.dataset.method ?? null,
    line: e.querySelector('[data-testid=visit-code]')?.dataset.line ?? null,
    caption: e.querySelector('[data-testid=visit-caption]').textContent,
    reachLevel: document.querySelector('[data-testid=racks]')?.dataset.reachLevel ?? null,
    reachJob: document.querySelector('[data-testid=racks]')?.dataset.reachJob ?? null,
  }));

/** The tasks the grid draws as launched in the shown heartbeat. */
const newSlots = (page) => page.locator('[data-testid=slot].new').count();

async function play(page, lesson, step, checkVisit) {
  await page.goto(`${URL}#v=1&l=${lesson}&st=${step}&lang=en`);
  await page.locator('[data-testid=cluster]').waitFor();
  const hb = Number(await page.locator('[data-testid=hb]').textContent());
  const { v: visits, assigned } = await apiVisits(page, lesson, hb);
  assert.ok(visits.length > 1, `${lesson} hb ${hb} has visits`);
  assert.equal(visits.at(-1).step.what, 'end');
  await page.locator('[data-testid=slow-motion]').click();
  await page.locator('[data-testid=visit]').waitFor();
  // The button plays on by itself; pause at the first visit and step by hand.
  await page.locator('[data-testid=visit-play]').click();
  while ((await card(page)).at > 0) await page.keyboard.press('Shift+ArrowLeft');
  const seen = [];
  for (let i = 0; i < visits.length; i++) {
    const c = await card(page);
    const v = visits[i];
    assert.equal(c.at, i, `sub-step ${i}`);
    assert.equal(c.step, v.step.what, `hb ${hb} visit ${i}: the step`);
    assert.equal(c.launched, v.launched, `hb ${hb} visit ${i}: launches so far`);
    const job = v.step.visit?.job ?? v.step.job ?? null;
    assert.equal(c.job, job === null ? null : String(job), `hb ${hb} visit ${i}: the job asked`);
    assert.equal(c.method, v.code?.method ?? null, `visit ${i}: the listing`);
    assert.equal(c.line, v.code ? String(v.code.line) : null, `visit ${i}: the line`);
    assert.ok(c.caption.length > 10, `visit ${i} says what it checked`);
    // The grid: the after-state without the launches still to come.
    assert.equal(await newSlots(page), v.launched, `hb ${hb} visit ${i}: tasks launched on the grid`);
    checkVisit?.(v, c);
    seen.push(v.step.what);
    if (i + 1 < visits.length) await page.keyboard.press('Shift+ArrowRight');
  }
  assert.equal(Number(await page.locator('[data-testid=hb]').textContent()), hb, 'still the same heartbeat');
  assert.equal(await newSlots(page), assigned, 'the end is the after-state');
  // Back one visit, and forward again past the end: the next heartbeat's first visit.
  await page.keyboard.press('Shift+ArrowLeft');
  assert.equal((await card(page)).at, visits.length - 2);
  await page.keyboard.press('Shift+ArrowRight');
  await page.keyboard.press('Shift+ArrowRight');
  assert.equal(Number(await page.locator('[data-testid=hb]').textContent()), hb + 1, 'past the end: the next heartbeat');
  assert.equal((await card(page)).at, 0);
  return seen;
}

/** The first step of `lesson` whose heartbeat (as the page shows it) has a visit `hit` finds. */
async function findStep(page, lesson, hit) {
  for (let st = 0; st < 12; st++) {
    await page.goto(`${URL}#v=1&l=${lesson}&st=${st}&lang=en`);
    await page.locator('[data-testid=cluster]').waitFor();
    const hb = Number(await page.locator('[data-testid=hb]').textContent());
    if (hb > 0 && (await apiVisits(page, lesson, hb)).v.some(hit)) return st;
  }
  return null;
}

test('the delay-scheduling heartbeats where J1 crosses each threshold, visit by visit', async () => {
  const { page, errors } = await openPage(browser);
  const crosses = (level) => (x) => x.step.what === 'fair_job' && x.step.visit.allowed?.level === level && x.step.visit.allowed?.last_level === 'NODE';
  for (const level of ['RACK', 'ANY']) {
    const st = await findStep(page, 'fair-delay-scheduling', crosses(level));
    assert.notEqual(st, null, `a step shows the heartbeat where J1 is first allowed ${level}`);
    const levels = [];
    const seen = await play(page, 'fair-delay-scheduling', st, (v, c) => {
      if (v.step.what !== 'fair_job' || !v.step.visit.allowed) return;
      const a = v.step.visit.allowed;
      assert.equal(c.values.allowed, a.level);
      assert.equal(c.values.lastMapLocalityLevel, a.last_level);
      assert.equal(c.values.timeWaitedForLocalMap, `${(a.waited_ms / 1000).toFixed(1)} s`);
      assert.equal(c.values.nodeLocalityDelay, `${(a.node_delay_ms / 1000).toFixed(1)} s`);
      assert.equal(c.method, 'fair.getAllowedLocalityLevel');
      // The reach on the grid is the level this visit allowed the job asked.
      assert.equal(c.reachJob, String(v.step.visit.job), "the reach is the asked job's");
      assert.equal(c.reachLevel, a.level, `visit ${c.at}: the reach on the grid`);
      levels.push(a.level);
    });
    assert.ok(seen.includes('fair_waits'), 'the wait is charged first');
    assert.ok(levels.includes(level), `J1 is allowed ${level} once its wait crosses the threshold: ${levels}`);
  }
  assert.deepEqual(errors, []);
  await page.close();
});

test('a Capacity heartbeat with a user-limit skip and a FIFO heartbeat where padding stops a map', async () => {
  const { page, errors } = await openPage(browser);
  const userLimit = (x) => x.step.what === 'capacity_job' && x.step.visit.verdict.verdict === 'user_limit';
  const padding = (x) => x.step.what === 'fifo_map_stop' && x.step.stop.stop === 'padding_exceeded';
  for (const [lesson, hit] of [['capacity-user-limits', userLimit], ['fifo-padding', padding]]) {
    const st = await findStep(page, lesson, hit);
    assert.notEqual(st, null, `${lesson}: a step whose heartbeat shows the check`);
    await play(page, lesson, st, (x, c) => {
      if (userLimit(x)) {
        const calc = x.step.visit.verdict.calc;
        assert.equal(c.values.limit, String(calc.limit));
        assert.equal(c.values.occupiedByUser, String(calc.user_holds));
        assert.equal(c.values['used / capacity'], `${x.step.standing.used} / ${x.step.standing.capacity}`);
        assert.equal(c.method, 'capacity.assignSlotsToJob');
      }
      if (x.step.what === 'fifo_padding') {
        assert.equal(c.values.exceededPadding, String(x.step.check.exceeded));
        assert.equal(c.values.padding, String(x.step.check.padding));
      }
    });
  }
  assert.deepEqual(errors, []);
  await page.close();
});
