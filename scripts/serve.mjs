// Serve a built dist/ on 127.0.0.1 with npm http-server (a pinned devDependency): the
// precompressed copies scripts/precompress.mjs made (`x.br`, else `x.gz`, for a browser that
// accepts them) with `Content-Encoding`, the types of the files they stand for (`.wasm` as
// `application/wasm`, which `WebAssembly.instantiateStreaming` requires), and cache headers.
//
//   node scripts/serve.mjs [DIR] [PORT]      (defaults: dist, $PORT or 8080; PORT 0 = any free)
//
// It prints `SchedScope: http://127.0.0.1:PORT/` once listening. scripts/serve.sh, the test
// command (scripts/test.sh) and the load benchmark (scripts/load-bench.mjs) all serve this way.
//
// Through http-server's library API rather than its command line for two headers the command
// line cannot set:
// - `Cache-Control: no-cache`: the file names carry no content hash and the wasm must match its
//   glue (pkg/viz.js), so the browser keeps its copy but asks each time; the `ETag` and
//   `Last-Modified` http-server sends make the answer a `304` when nothing changed.
// - `Vary: Accept-Encoding`: one URL answers brotli, gzip or plain by the request's header.
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';

const require = createRequire(import.meta.url);
// http-server's `union` sets `res._headers` (Node's DEP0066 warning on every start); it still
// works, so the warning is not printed.
process.noDeprecation = true;
const httpServer = require('http-server');

/** Start serving `dir` on 127.0.0.1:`port` (0: any free port). Resolves to
 *  `{ url, close() }` once listening. `compress: false` serves the files as they are (the
 *  benchmark's "before"). */
export function serve(dir = 'dist', port = 8080, { compress = true } = {}) {
  const server = httpServer.createServer({
    root: resolve(dir),
    gzip: compress,
    brotli: compress,
    cache: 'no-cache',
    headers: { Vary: 'Accept-Encoding' },
    showDir: 'false',
    autoIndex: 'true',
  });
  return new Promise((done, fail) => {
    server.server.once('error', fail);
    server.listen(port, '127.0.0.1', () => {
      const { port: bound } = server.server.address();
      done({
        url: `http://127.0.0.1:${bound}/`,
        close: () => new Promise((closed) => server.server.close(() => closed())),
      });
    });
  });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = process.argv[2] || 'dist';
  const port = Number(process.argv[3] ?? process.env.PORT ?? 8080);
  serve(dir, port).then(
    ({ url }) => console.log(`SchedScope: ${url}`),
    (err) => { console.error(`[serve] ${err.message}`); process.exit(1); },
  );
}
