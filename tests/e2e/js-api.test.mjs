// Journey: the JavaScript API (docs/js-api.md) in headless Chromium, through its example page
// (dist/api/example.html). The page's buttons drive a scenario; then, on the same page, the API
// runs every built-in scenario and each record's JSON.stringify must be the CLI's
// `run --json` line for it, whether the record comes from stepping forward, stepping back, a
// jump or a range; lessons check; bad input throws errors with JSON paths.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { launch, openExample } from './browser.mjs';

const ROOT = fileURLToPath(new globalThis.URL('../..', import.meta.url));

/** The CLI's `run --json` lines (the summary line dropped). SCHEDSCOPE_CLI: a built binary. */
function cliLines(id) {
  const [cmd, ...pre] = process.env.SCHEDSCOPE_CLI
    ? [process.env.SCHEDSCOPE_CLI]
    : ['cargo', 'run', '--quiet', '--locked', '--bin', 'schedscope', '--'];
  const out = execFileSync(cmd, [...pre, 'run', `builtin:${id}`, '--json'], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  const lines = out.trimEnd().split('\n');
  assert.ok(lines.pop().startsWith('{"summary":'), `${id}: the CLI's last line is the summary`);
  return lines;
}

let browser;
let page;
const errors = [];
before(async () => {
  browser = await launch();
  page = await openExample(browser, errors);
});
after(async () => { await browser?.close(); });

const hb = async () => Number(await page.getByTestId('hb').textContent());

test('the example page steps, steps back, jumps and shows the view and the record', async () => {
  for (let i = 0; i < 3; i++) await page.getByTestId('forward').click();
  assert.equal(await hb(), 3);
  await page.getByTestId('back').click();
  assert.equal(await hb(), 2);
  await page.getByTestId('target').fill('25');
  await page.getByTestId('jump').click();
  assert.equal(await hb(), 25);
  const record = JSON.parse(await page.getByTestId('record').textContent());
  assert.equal(record.hb, 25);
  assert.match(await page.getByTestId('why').textContent(), /^Heartbeat 25 at /);
  assert.ok(await page.locator('[data-testid=racks] .node.now').count() === 1, 'the heartbeating tracker is marked');
  await page.getByTestId('lang').selectOption('zh');
  assert.match(await page.getByTestId('why').textContent(), /^第 25 次心跳/);
  await page.getByTestId('lang').selectOption('zh-Hant');
  assert.match(await page.getByTestId('why').textContent(), /^第 25 次心跳，時間/);
  await page.getByTestId('interesting').click();
  assert.ok((await hb()) > 25);
  await page.getByTestId('check').click();
  assert.ok(await page.locator('[data-testid=lessons] li.ok').count() >= 14, 'every lesson checks on the example page');
  assert.equal(await page.locator('[data-testid=lessons] li.fail').count(), 0);
  assert.deepEqual(errors, []);
});

test('every record through the API is the CLI\'s run --json line: forward, back, jump, range', async () => {
  const ids = await page.evaluate(async () => (await import('./schedscope.js')).scenarios().map((s) => s.id));
  assert.ok(ids.length >= 4, `built-in scenarios: ${ids}`);
  for (const id of ids) {
    const cli = cliLines(id);
    const got = await page.evaluate(async (id) => {
      const { Simulation } = await import('./schedscope.js');
      const s = JSON.stringify;
      const sim = new Simulation(`builtin:${id}`);
      const before = { hb: sim.hb, endHb: sim.endHb, finished: sim.finished, record: sim.record() };
      const forward = [];
      for (let r = sim.stepForward(); r !== null; r = sim.stepForward()) forward.push(s(r));
      const n = forward.length;
      const end = { hb: sim.hb, endHb: sim.endHb, finished: sim.finished, known: sim.known };
      // Back from the end, then jumps across the run (each answered from checkpoints + replay).
      const back = [];
      for (let i = 0; i < 5 && sim.stepBack(); i++) back.push([sim.hb, s(sim.record())]);
      const jumps = [];
      for (const t of [1, Math.floor(n / 2), 3, n, Math.floor(n / 3), Math.max(1, n - 7)]) {
        jumps.push([sim.goTo(t), s(sim.record())]);
      }
      const range = sim.records().map(s);
      const middle = sim.records(Math.floor(n / 4), Math.floor(n / 4) + 9).map(s);
      // The view after a jump is the view reached by stepping there.
      sim.goTo(Math.floor(n / 2));
      const jumped = s(sim.view());
      const fresh = new Simulation(`builtin:${id}`);
      while (fresh.hb < Math.floor(n / 2)) fresh.stepForward();
      const stepped = s(fresh.view());
      const viewHb = fresh.view().hb;
      fresh.free();
      sim.free();
      return { before, forward, end, back, jumps, range, middle, jumped, stepped, viewHb };
    }, id);
    const n = cli.length;
    assert.equal(got.forward.length, n, `${id}: heartbeats`);
    for (let i = 0; i < n; i++) assert.equal(got.forward[i], cli[i], `${id}: heartbeat ${i + 1} (stepping forward)`);
    assert.deepEqual(got.before, { hb: 0, endHb: null, finished: false, record: null }, id);
    assert.deepEqual(got.end, { hb: n, endHb: n, finished: true, known: n }, id);
    assert.equal(got.back.length, Math.min(5, n), id);
    for (const [h, line] of got.back) assert.equal(line, h === 0 ? 'null' : cli[h - 1], `${id}: back to ${h}`);
    for (const [h, line] of got.jumps) assert.equal(line, cli[h - 1], `${id}: jump to ${h}`);
    assert.deepEqual(got.range, cli, `${id}: records()`);
    const from = Math.floor(n / 4);
    assert.deepEqual(got.middle, cli.slice(Math.max(1, from) - 1, from + 9), `${id}: records(from, to)`);
    assert.equal(got.jumped, got.stepped, `${id}: view after a jump`);
    assert.equal(got.viewHb, Math.floor(n / 2), id);
  }
  assert.deepEqual(errors, []);
});

test('lessons check through the API, and bad input throws errors with JSON paths', async () => {
  const got = await page.evaluate(async () => {
    const api = await import('./schedscope.js');
    const lessons = api.lessons();
    const checks = lessons.map((l) => [l.id, api.checkLesson(`builtin:${l.id}`)]);
    const run = api.Simulation.forLesson(`builtin:${lessons[0].id}`);
    run.goTo(checks[0][1].hbs.at(-1));
    const lessonHb = run.hb;
    const caught = (f) => { try { f(); return null; } catch (e) { return { message: e.message, errors: e.errors ?? null }; } };
    const editable = api.scenario('fifo-two-racks');
    editable.seed = 7;
    const fromObject = new api.Simulation(editable);
    fromObject.stepForward();
    return {
      lessons: lessons.length,
      checks,
      lessonHb,
      lastStepHb: checks[0][1].hbs.at(-1),
      objectHb: fromObject.hb,
      badScenario: caught(() => new api.Simulation('{"version": 1, "cluster": 3}')),
      badJson: caught(() => new api.Simulation('{')),
      badKind: caught(() => new api.Simulation(42)),
      badHb: caught(() => run.goTo(-1)),
      badLang: caught(() => run.explain('fr')),
      hant: run.explain('zh-TW').join('\n'),
      hans: run.explain('zh').join('\n'),
      hanted: api.toHant(run.explain('zh').join('\n')),
      noBuiltin: caught(() => new api.Simulation('builtin:nope')),
    };
  });
  assert.ok(got.lessons >= 14, `lessons: ${got.lessons}`);
  for (const [id, r] of got.checks) {
    assert.deepEqual(r.failures, [], `${id}: every claim holds`);
    assert.ok(r.hbs.every((h) => h !== null), `${id}: every step resolves`);
  }
  assert.equal(got.lessonHb, got.lastStepHb);
  assert.equal(got.objectHb, 1);
  assert.ok(got.badScenario.errors.length > 0, JSON.stringify(got.badScenario));
  assert.ok(got.badScenario.errors.every((e) => e.path.startsWith('$') && e.message), JSON.stringify(got.badScenario));
  assert.match(got.badJson.message, /line 1/);
  assert.match(got.badKind.message, /expected JSON text, "builtin:<id>" or an object, found a number/);
  assert.match(got.badHb.message, /goTo: expected a heartbeat number/);
  assert.match(got.badLang.message, /unknown language "fr"/);
  assert.ok(got.hant !== got.hans && /心跳/.test(got.hant), got.hant);
  assert.equal(got.hanted, got.hant, 'explain in zh-TW is the Simplified text through toHant');
  assert.match(got.noBuiltin.message, /no built-in scenario "nope"/);
  assert.deepEqual(errors, []);
});
