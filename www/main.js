// Boot the wasm module. With a bin crate, wasm-bindgen runs `main` during init.
// (A separate file because the Content-Security-Policy forbids inline scripts.)
import init from './pkg/viz.js';

init().catch((err) => {
  console.error('SchedScope failed to start', err);
  const app = document.getElementById('app');
  if (app) {
    app.textContent = 'SchedScope failed to start: ' + err;
  }
});
