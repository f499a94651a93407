// Save PNGs of the page (not a test). URL from SCHEDSCOPE_URL, default http://127.0.0.1:8080/.
//
//   node tests/e2e/screenshot.mjs OUT.png [NEXT_CLICKS]          (the original form)
//   node tests/e2e/screenshot.mjs OUT.png --hb 61 --lang zh --size 800x900 --full \
//        --scenario FILE.json --builtin ID --scheduler capacity --dark --present --tab log --job 2 --dialog help
//   node tests/e2e/screenshot.mjs OUT.png --lesson fair-delay-scheduling --step 2 --choice 1 --reveal --chart locality
//   node tests/e2e/screenshot.mjs OUT.png --compare [--paper] [--last] [--sweep]
//   node tests/e2e/screenshot.mjs OUT.png --lesson fair-delay-scheduling --step 4 --visit 3 --present  (slow motion at visit 3)
//   node tests/e2e/screenshot.mjs OUT.png --practice "p=1&c=fair&d=easy&seed=3&n=4" [--question 2] [--pick 0,0,3] [--answer] [--results]
//
// --hb opens a share link at that heartbeat (of --scenario, or the default built-in).
import { readFileSync } from 'node:fs';
import { launch, openPage, URL } from './browser.mjs';

const args = process.argv.slice(2);
const out = args.shift();
if (!out) {
  console.error('usage: node tests/e2e/screenshot.mjs OUT.png [NEXT_CLICKS | options]');
  process.exit(2);
}
const opt = { clicks: 0 };
while (args.length) {
  const a = args.shift();
  if (/^\d+$/.test(a)) opt.clicks = Number(a);
  else if (a === '--hb') opt.hb = Number(args.shift());
  else if (a === '--lang') opt.lang = args.shift();
  else if (a === '--size') opt.size = args.shift();
  else if (a === '--full') opt.full = true;
  else if (a === '--scenario') opt.scenario = args.shift();
  else if (a === '--builtin') opt.builtin = args.shift();
  else if (a === '--scheduler') opt.scheduler = args.shift();
  else if (a === '--dark') opt.dark = true;
  else if (a === '--present') opt.present = true;
  else if (a === '--tab') opt.tab = args.shift();
  else if (a === '--job') opt.job = args.shift();
  else if (a === '--dialog') opt.dialog = args.shift();
  else if (a === '--lesson') opt.lesson = args.shift();
  else if (a === '--step') opt.step = Number(args.shift());
  else if (a === '--choice') opt.choice = Number(args.shift());
  else if (a === '--reveal') opt.reveal = true;
  else if (a === '--chart') opt.chart = args.shift();
  else if (a === '--compare') opt.compare = true;
  else if (a === '--paper') opt.paper = true;
  else if (a === '--last') opt.last = true;
  else if (a === '--at') opt.at = Number(args.shift());
  else if (a === '--sweep') opt.sweep = true;
  else if (a === '--visit') opt.visit = Number(args.shift());
  else if (a === '--scroll') opt.scroll = Number(args.shift());
  else if (a === '--practice') opt.practice = args.shift();
  else if (a === '--question') opt.question = Number(args.shift());
  else if (a === '--answer') opt.answer = true;
  else if (a === '--results') opt.results = true;
  else if (a === '--pick') opt.pick = args.shift().split(',').map(Number);
  else { console.error(`unknown option ${a}`); process.exit(2); }
}

function hashFor(text, hb) {
  const b64 = Buffer.from(text, 'utf8').toString('base64url');
  return `#v=1&s=${b64}&hb=${hb}`;
}

const [w, h] = (opt.size || '1280x720').split('x').map(Number);
const browser = await launch();
try {
  const { page, errors } = await openPage(browser, { width: w, height: h });
  if (opt.lang) {
    await page.getByTestId(`lang-${opt.lang}`).click();
  }
  if (opt.scenario || opt.hb !== undefined) {
    const hash = opt.scenario
      ? hashFor(readFileSync(opt.scenario, 'utf8'), opt.hb ?? 0)
      : `#v=1&b=${opt.builtin || 'fifo-two-racks'}&hb=${opt.hb ?? 0}`;
    await page.goto(URL + hash);
    await page.locator('[data-testid=hb]').waitFor({ timeout: 30_000 });
  }
  if (opt.lesson) {
    await page.goto(URL + `#v=1&l=${opt.lesson}&st=${opt.step ?? 0}`);
    await page.locator('[data-testid=narrative]').waitFor({ timeout: 30_000 });
    if (opt.choice !== undefined) await page.getByTestId(`choice-${opt.choice}`).click();
    if (opt.reveal) {
      await page.getByTestId('reveal').click();
      await page.getByTestId('predict-verdict').waitFor();
    }
  }
  if (opt.practice) {
    // A practice set by its link; earlier questions (and, with --answer, this one) are
    // answered with the form's first choice (or 1, or nothing picked).
    await page.goto(URL + `#${opt.practice}`);
    const card = page.getByTestId('practice');
    const at = async (k) => page.waitForFunction((i) => document.querySelector('[data-testid=practice]')?.getAttribute('data-question') === String(i), k, { timeout: 60_000 });
    const answer = async () => {
      if (await page.getByTestId('q-choice-0').count()) await page.getByTestId('q-choice-0').click();
      if (await page.getByTestId('q-number').count()) await page.getByTestId('q-number').fill('1');
      await page.getByTestId('q-submit').click();
      await page.getByTestId('q-verdict').waitFor();
    };
    const n = opt.results ? await page.locator('[data-testid^=q-dot-]').count() : (opt.question ?? 1) - 1;
    for (let k = 0; k < n; k++) {
      await at(k);
      await answer();
      await page.getByTestId(await page.getByTestId('q-next').count() ? 'q-next' : 'q-results').click();
    }
    if (opt.results) await page.getByTestId('practice-results').waitFor();
    else {
      await at(n);
      await card.waitFor();
      for (const k of opt.pick || []) await page.getByTestId(`q-cand-${k}`).click();
      if (opt.answer) await answer();
    }
  }
  if (opt.scheduler) {
    const hb = await page.getByTestId('hb').textContent();
    await page.getByTestId(`sched-${opt.scheduler}`).click();
    await page.waitForFunction((v) => document.querySelector('[data-testid=hb]')?.textContent === v, hb);
  }
  for (let i = 0; i < opt.clicks; i++) {
    const next = page.getByTestId('next');
    if (await next.isDisabled()) break;
    await next.click();
  }
  if (opt.dark) await page.getByTestId('theme').click();
  if (opt.present) await page.getByTestId('present').click();
  if (opt.tab) await page.getByTestId(`tab-${opt.tab}`).click();
  if (opt.job) await page.getByTestId(`job-chip-${opt.job}`).click();
  if (opt.dialog) await page.getByTestId(`open-${opt.dialog}`).click();
  if (opt.chart) await page.getByTestId(`chart-tab-${opt.chart}`).click();
  if (opt.compare) {
    await page.getByTestId('open-compare').click();
    await page.getByTestId('compare').waitFor();
    // Compare's runs and the sweep are long jobs (src/page/job.rs): wait for each to end.
    const done = () => page.locator('[data-testid=long-job]').waitFor({ state: 'detached', timeout: 120_000 });
    await done();
    if (opt.paper) { await page.getByTestId('cmp-paper').click(); await done(); }
    if (opt.last) await page.getByTestId('cmp-last').click();
    if (opt.at !== undefined) await page.getByTestId('cmp-scrubber').fill(String(opt.at));
    if (opt.sweep) { await page.getByTestId('run-sweep').click(); await done(); }
  }
  // Slow motion at visit N of the shown heartbeat (docs/slow-motion.md), by Shift+←/→.
  if (opt.visit !== undefined) {
    const card = page.getByTestId('visit');
    if (!(await card.count())) await page.keyboard.press('Shift+ArrowLeft');
    for (let k = 0; k < 200; k++) {
      const at = Number(await card.getAttribute('data-visit'));
      if (at === opt.visit) break;
      await page.keyboard.press(at > opt.visit ? 'Shift+ArrowLeft' : 'Shift+ArrowRight');
    }
  }
  if (opt.scroll) await page.mouse.wheel(0, opt.scroll);
  await page.waitForTimeout(1300); // let launch and fade animations finish
  await page.screenshot({ path: out, fullPage: !!opt.full });
  console.log(`saved ${out}`);
  if (errors.length) console.error(errors.join('\n'));
} finally {
  await browser.close();
}
