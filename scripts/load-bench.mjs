// Cold-load benchmark of the served page (a figure, never a pass/fail): the time from
// navigation to an interactive grid (the cluster drawn and the Next button there), cache
// disabled, in Debian's chromium with the network throttled through the DevTools protocol
// (`Network.emulateNetworkConditions`), median of 3 per profile, with the bytes that crossed
// the network (`encodedDataLength`: compressed bodies and headers).
//
//   node scripts/load-bench.mjs [--uncompressed] [--runs N]
//
// It serves dist/ itself as scripts/serve.sh does (scripts/serve.mjs); `--uncompressed` also
// measures the same files served without their .br/.gz copies (the "before"). Writes
// target/load-bench.json and prints a table for the README ("Performance", "First load").
import { mkdirSync, writeFileSync } from 'node:fs';
import { serve } from './serve.mjs';
import { chromium } from 'playwright-core';

const args = process.argv.slice(2);
const RUNS = Number(args[args.indexOf('--runs') + 1]) || 3;
const PROFILES = [
  { name: 'local (no throttling)', down: 0, up: 0, latency: 0 },
  { name: '10 Mbit/s, 40 ms', down: 10e6, up: 5e6, latency: 40, goal: 2000 },
  { name: '1.6 Mbit/s, 150 ms', down: 1.6e6, up: 0.75e6, latency: 150, goal: 6000 },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
});

/** One cold load of `url` under `profile`: { ms, bytes, requests }. */
async function coldLoad(url, profile) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (profile.down) {
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false, latency: profile.latency, downloadThroughput: profile.down / 8, uploadThroughput: profile.up / 8,
    });
  }
  let bytes = 0;
  let requests = 0;
  cdp.on('Network.loadingFinished', (e) => { bytes += e.encodedDataLength; requests += 1; });
  await page.goto(url, { waitUntil: 'commit' });
  // performance.now() counts from the navigation's start: the moment the grid became usable.
  const ms = await page.waitForFunction(() => {
    const next = document.querySelector('[data-testid=next]');
    return next && document.querySelector('[data-testid=racks] .rack') ? performance.now() : null;
  }, null, { polling: 'raf', timeout: 120_000 }).then((h) => h.jsonValue());
  await context.close();
  return { ms: Math.round(ms), bytes, requests };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const results = [];
for (const compress of args.includes('--uncompressed') ? [true, false] : [true]) {
  const server = await serve('dist', 0, { compress });
  try {
    for (const profile of PROFILES) {
      const runs = [];
      for (let i = 0; i < RUNS; i++) runs.push(await coldLoad(server.url, profile));
      const row = {
        served: compress ? 'brotli (precompressed)' : 'uncompressed',
        profile: profile.name,
        median_ms: median(runs.map((r) => r.ms)),
        runs_ms: runs.map((r) => r.ms),
        bytes: median(runs.map((r) => r.bytes)),
        requests: runs[0].requests,
        goal_ms: profile.goal ?? null,
      };
      results.push(row);
      console.error(`[load-bench] ${row.served}, ${row.profile}: ${row.median_ms} ms (${row.runs_ms.join(', ')}), ${row.bytes} B`);
    }
  } finally {
    await server.close();
  }
}
await browser.close();

mkdirSync('target', { recursive: true });
writeFileSync('target/load-bench.json', `${JSON.stringify({ runs: RUNS, results }, null, 2)}\n`);
console.log(`| served | network | cold load to an interactive grid (median of ${RUNS}) | runs | bytes sent | goal |`);
console.log('| --- | --- | --- | --- | --- | --- |');
for (const r of results) {
  console.log(`| ${r.served} | ${r.profile} | ${(r.median_ms / 1000).toFixed(2)} s | ${r.runs_ms.map((x) => (x / 1000).toFixed(2)).join(', ')} | ${(r.bytes / 1024).toFixed(0)} KiB in ${r.requests} requests | ${r.goal_ms ? `≤ ${r.goal_ms / 1000} s` : ''} |`);
}
