// Boot the wasm module. With a bin crate, wasm-bindgen runs `main` during init.
// (A separate file because the Content-Security-Policy forbids inline scripts.)
//
// While the wasm downloads, the page's progress bar (www/index.html) counts its bytes: the
// response body is read as it arrives and passed on to `WebAssembly.instantiateStreaming`
// (through wasm-bindgen's init), so compiling overlaps the download. The served file is
// compressed, so `Content-Length` is not the size the body decodes to; scripts/precompress.mjs
// publishes that one in `<meta name="schedscope-wasm-bytes">`.
import init from './pkg/viz.js';

const WASM = new URL('./pkg/viz_bg.wasm', import.meta.url);

/** The progress bar, or null when the page has none. `show(loaded)` moves it. */
function progressBar() {
  const bar = document.querySelector('[data-testid=load-progress]');
  if (!bar) return null;
  const label = document.querySelector('[data-testid=load-bytes]');
  const total = Number(document.querySelector('meta[name=schedscope-wasm-bytes]')?.content) || 0;
  const mb = (n) => (n / 1e6).toFixed(1);
  return {
    show(loaded) {
      if (!total) {
        if (label) label.textContent = `${mb(loaded)} MB`;
        return;
      }
      const pct = Math.min(100, Math.round((loaded / total) * 100));
      bar.max = 100;
      bar.value = pct;
      bar.setAttribute('aria-valuenow', String(pct));
      bar.setAttribute('aria-valuetext', `${pct} %`);
      if (label) label.textContent = `${mb(Math.min(loaded, total))} / ${mb(total)} MB`;
    },
  };
}

/** The served wasm as wasm-bindgen's init takes it: a `Response` whose body counts its bytes
 *  into the bar (streamed compilation), or the whole file as an `ArrayBuffer` when the browser
 *  cannot compile a stream or the server sent another type than `application/wasm` (then
 *  init uses `WebAssembly.instantiate` on the bytes). */
async function servedWasm(bar) {
  const response = await fetch(WASM);
  if (!response.ok) throw new Error(`${WASM.pathname}: HTTP ${response.status}`);
  if (!response.body || !bar) return response;
  const reader = response.body.getReader();
  let loaded = 0;
  const counted = new ReadableStream({
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) {
        controller.close();
        return;
      }
      loaded += value.byteLength;
      bar.show(loaded);
      controller.enqueue(value);
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
  const type = response.headers.get('Content-Type') || '';
  const streams = typeof WebAssembly.instantiateStreaming === 'function' && type.split(';')[0].trim() === 'application/wasm';
  if (!streams) return new Response(counted).arrayBuffer();
  // Only the type carries over: the body is already decoded, so the response's
  // Content-Encoding and Content-Length no longer describe it.
  return new Response(counted, { headers: { 'Content-Type': 'application/wasm' } });
}

/** Keys pressed while the page loads (P for presentation mode, pressed as the room sits down)
 *  are not lost: they are kept until the page has drawn its first screen (its key handler,
 *  `ui::app`, is listening then) and pressed again for it, in order. `release()` ends the
 *  keeping and replays them; only plain keys (no Ctrl, Alt or Meta) pressed before the app
 *  is drawn are kept. */
function earlyKeys() {
  const kept = [];
  const keep = (e) => {
    // Once the app is drawn its own handler (attached in the same render) has the key.
    if (e.ctrlKey || e.altKey || e.metaKey || e.isComposing || document.querySelector('[data-testid=app]')) return;
    kept.push(e.key);
  };
  document.addEventListener('keydown', keep);
  return {
    release() {
      document.removeEventListener('keydown', keep);
      for (const key of kept.splice(0)) document.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
    },
  };
}

/** Resolves once the app has drawn (its `data-testid=app` root is in the page) and its effects,
 *  which run right after the first render, have had their turn. */
function drawn() {
  return new Promise((resolve) => {
    const ready = () => document.querySelector('[data-testid=app]');
    const settle = () => setTimeout(resolve, 0);
    if (ready()) return settle();
    const seen = new MutationObserver(() => {
      if (!ready()) return;
      seen.disconnect();
      settle();
    });
    seen.observe(document.body, { childList: true, subtree: true });
  });
}

const early = earlyKeys();

// scripts/single-file.mjs replaces this line: the offline file has its wasm inside.
const boot = () => servedWasm(progressBar()).then((source) => init({ module_or_path: source }));

boot()
  .then(drawn)
  .then(() => early.release())
  .catch((err) => {
    console.error('SchedScope failed to start', err);
    const app = document.getElementById('app');
    if (app) {
      app.textContent = 'SchedScope failed to start: ' + err;
    }
  });
