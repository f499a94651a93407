// Journey: every JavaScript type thrown at every function of the JavaScript API
// (docs/js-api.md, "Arguments"). Each call must return a valid result or throw an `Error` that
// names the function and says what it expected and what it found; never crash the wasm
// (a `WebAssembly.RuntimeError`: "memory access out of bounds", "unreachable"), and the module
// must work as before afterwards. Also the example page's Jump with a bad heartbeat.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openExample } from './browser.mjs';


let browser;
let page;
const errors = [];
before(async () => {
  browser = await launch();
  page = await openExample(browser, errors);
});
after(async () => { await browser?.close(); });

test('every JavaScript type at every exported function: a result or a clear error, never a crash', async () => {
  const got = await page.evaluate(async () => {
    const api = await import('./schedscope.js');
    const values = {
      undefined: undefined,
      null: null,
      true: true,
      false: false,
      0: 0,
      NaN: Number.NaN,
      '-1': -1,
      1.5: 1.5,
      huge: 1e300,
      Infinity: Number.POSITIVE_INFINITY,
      'beyond 2^53': 2 ** 60,
      'string "10"': '10',
      'empty string': '',
      'string "builtin:fifo-two-racks"': 'builtin:fifo-two-racks',
      object: {},
      'object with a function': { version: 1, f() {} },
      array: [1, 2],
      function: () => 1,
      symbol: Symbol('s'),
      bigint: 10n,
    };
    const sim = () => new api.Simulation('builtin:fifo-two-racks');
    // Each function as called from JavaScript, with the value in each argument position.
    const calls = {
      version: (v) => api.version(v),
      scenarios: (v) => api.scenarios(v),
      scenario: (v) => api.scenario(v),
      lessons: (v) => api.lessons(v),
      lesson: (v) => api.lesson(v),
      checkLesson: (v) => api.checkLesson(v),
      toHant: (v) => api.toHant(v),
      'new Simulation': (v) => new api.Simulation(v),
      'Simulation.forLesson': (v) => api.Simulation.forLesson(v),
      stepForward: (v) => sim().stepForward(v),
      stepBack: (v) => sim().stepBack(v),
      goTo: (v) => sim().goTo(v),
      runToEnd: (v) => sim().runToEnd(v),
      nextInteresting: (v) => sim().nextInteresting(v),
      record: (v) => sim().record(v),
      visits: (v) => sim().visits(v),
      'records (from)': (v) => sim().records(v),
      'records (to)': (v) => sim().records(1, v),
      view: (v) => sim().view(v),
      'view (visit at hb 3)': (v) => { const s = sim(); s.goTo(3); return s.view(v); },
      stage: (v) => sim().stage(v),
      'codeViews (job)': (v) => { const s = sim(); s.goTo(3); return s.codeViews(v); },
      'codeViews (queue)': (v) => { const s = sim(); s.goTo(3); return s.codeViews(undefined, v); },
      visitCaptions: (v) => { const s = sim(); s.goTo(3); return s.visitCaptions(v); },
      'explain (lang)': (v) => sim().explain(v),
      'explain (hb)': (v) => sim().explain('en', v),
      failures: (v) => sim().failures(v),
    };
    const out = [];
    for (const [fn, call] of Object.entries(calls)) {
      for (const [name, v] of Object.entries(values)) {
        try {
          const r = call(v);
          out.push({ fn, name, ok: true, result: typeof r === 'object' && r !== null ? 'object' : String(r) });
        } catch (e) {
          out.push({
            fn, name, ok: false,
            isError: e instanceof Error,
            crash: e instanceof WebAssembly.RuntimeError,
            type: e?.constructor?.name,
            message: String(e?.message ?? e),
          });
        }
      }
    }
    // The module still works after all of it.
    const s = sim();
    s.goTo(5);
    const after = { hb: s.hb, record: s.record().hb, hant: api.toHant('数据本地性') };
    return { out, after };
  });
  const crashes = got.out.filter((c) => !c.ok && (c.crash || !c.isError));
  assert.deepEqual(crashes, [], 'no call crashes the wasm or throws a non-Error');
  // Errors say which function, what it expected and what it found.
  const unclear = got.out.filter((c) => !c.ok && !/expected|no built-in|line \d|not plain JSON data|^(scenario|lesson):\n\$/.test(c.message));
  assert.deepEqual(unclear, [], 'every error says what was expected');
  const byCall = (fn, name) => got.out.find((c) => c.fn === fn && c.name === name);
  // Heartbeat numbers: only whole numbers from 0 to 2^53, given as numbers.
  for (const fn of ['goTo', 'runToEnd', 'nextInteresting', 'record', 'visits', 'records (from)', 'records (to)', 'explain (hb)']) {
    for (const name of ['true', 'false', 'NaN', '-1', '1.5', 'huge', 'Infinity', 'beyond 2^53', 'string "10"', 'empty string', 'object', 'array', 'function', 'symbol', 'bigint']) {
      const c = byCall(fn, name);
      assert.equal(c.ok, false, `${fn}(${name}) throws`);
      assert.match(c.message, /expected a heartbeat number/, `${fn}(${name}): ${c.message}`);
      assert.ok(c.message.startsWith(fn.split(' (')[0]) || c.message.startsWith(fn), `${fn}(${name}) names the method: ${c.message}`);
    }
    assert.equal(byCall(fn, '0').ok, true, `${fn}(0) is fine`);
  }
  assert.match(byCall('goTo', 'string "10"').message, /^goTo: expected a heartbeat number .*found a string \("10"\)/);
  assert.match(byCall('goTo', 'true').message, /found a boolean \(true\)/);
  assert.match(byCall('goTo', 'undefined').message, /^goTo: .*found nothing \(undefined\)/);
  assert.match(byCall('goTo', 'null').message, /^goTo: .*found nothing \(null\)/);
  // Left out (undefined, null): the documented defaults.
  for (const fn of ['runToEnd', 'nextInteresting', 'record', 'visits', 'records (from)', 'records (to)', 'explain (hb)', 'explain (lang)']) {
    assert.equal(byCall(fn, 'undefined').ok, true, `${fn}(undefined) takes the default`);
    assert.equal(byCall(fn, 'null').ok, true, `${fn}(null) takes the default`);
  }
  // Indices (a visit, a job id): whole numbers from 0, given as numbers; left out, none.
  for (const fn of ['view (visit at hb 3)', 'codeViews (job)']) {
    for (const name of ['true', 'NaN', '-1', '1.5', 'huge', 'Infinity', 'string "10"', 'object', 'array', 'function', 'symbol', 'bigint']) {
      const c = byCall(fn, name);
      assert.equal(c.ok, false, `${fn}(${name}) throws`);
      assert.match(c.message, /expected a whole number from 0/, `${fn}(${name}): ${c.message}`);
    }
    assert.equal(byCall(fn, '0').ok, true, `${fn}(0) is fine`);
    assert.equal(byCall(fn, 'undefined').ok, true, `${fn}(undefined): none`);
  }
  assert.match(byCall('view', '0').message, /^view: visit 0: expected a visit of the current heartbeat, found heartbeat 0/);
  assert.equal(byCall('stage', 'undefined').ok, true);
  assert.equal(byCall('visitCaptions', 'undefined').ok, true);
  assert.match(byCall('visitCaptions', '0').message, /^visitCaptions: expected "en", "zh" or "zh-Hant"/);
  assert.match(byCall('codeViews (queue)', '0').message, /^codeViews: queue: expected a string, found a number/);
  // Strings only.
  for (const fn of ['toHant', 'scenario']) {
    for (const name of ['undefined', 'null', 'true', '0', 'NaN', 'object', 'array', 'function', 'symbol', 'bigint']) {
      const c = byCall(fn, name);
      assert.equal(c.ok, false, `${fn}(${name}) throws`);
      assert.match(c.message, new RegExp(`^${fn}: expected a string, found `), `${fn}(${name}): ${c.message}`);
    }
  }
  assert.match(byCall('toHant', '0').message, /found a number \(0\)/);
  assert.match(byCall('toHant', 'object').message, /found an object/);
  assert.equal(byCall('toHant', 'string "10"').result, '10');
  assert.equal(byCall('scenario', 'string "builtin:fifo-two-racks"').ok, true);
  assert.match(byCall('explain (lang)', '0').message, /^explain: expected "en", "zh" or "zh-Hant".*found a number \(0\)/);
  // Scenarios and lessons: text, "builtin:<id>" or an object.
  for (const fn of ['new Simulation', 'Simulation.forLesson', 'lesson', 'checkLesson']) {
    for (const name of ['undefined', 'null', 'true', '0', 'array', 'function', 'symbol', 'bigint']) {
      const c = byCall(fn, name);
      assert.equal(c.ok, false, `${fn}(${name}) throws`);
      assert.match(c.message, /expected JSON text, "builtin:<id>" or an object, found /, `${fn}(${name}): ${c.message}`);
    }
  }
  assert.equal(got.after.hb, 5, 'the module still steps after every bad call');
  assert.equal(got.after.record, 5);
  assert.ok(got.after.hant.length === 5 && got.after.hant !== '数据本地性', got.after.hant);
  assert.deepEqual(errors, []);
});

test('the example page\'s Jump with a heartbeat that is not a whole number from 0 says so and throws nothing', async () => {
  await page.getByTestId('target').fill('4');
  await page.getByTestId('jump').click();
  assert.equal(Number(await page.getByTestId('hb').textContent()), 4);
  for (const bad of ['-1', '1.5']) {
    await page.getByTestId('target').fill(bad);
    await page.getByTestId('jump').click();
    assert.match(await page.getByTestId('error').textContent(), /goTo: expected a heartbeat number/, bad);
    assert.equal(Number(await page.getByTestId('hb').textContent()), 4, `${bad}: the run stays where it was`);
  }
  await page.getByTestId('target').fill('6');
  await page.getByTestId('jump').click();
  assert.equal(Number(await page.getByTestId('hb').textContent()), 6);
  assert.equal(await page.getByTestId('error').textContent(), '', 'a good jump clears the message');
  assert.deepEqual(errors, [], 'nothing uncaught');
});
