// Every number on the screen is the engine's (docs/js-api.md, "Checking the screen"). In the
// page: every visible numeral of the stage, its overlays, the Why panel and the code view sits
// in an element written by `ui::kit::num` (`data-of`, `data-value`, `data-format`); its text is
// the value formatted; and the value is what the JavaScript API returns for the same heartbeat
// at that path (`stage()`, `view()`, `record()`, `codeViews()`, `explain()`). Ids (J1, tt4,
// r1n2, J1.m0, TaskSet_0.0) are names, not numerals. Used by the room probe (room-probe.mjs),
// which visits every lesson step once.

/** Runs in the page: `{numerals, marked, unmarked: [..], wrong: [..]}` for the shown screen. */
export function checkScreen({ lesson, lang }) {
  return (async () => {
    const api = await import('./api/schedscope.js');
    await api.default();
    const hb = Number(document.querySelector('[data-testid=hb]')?.textContent ?? 0);
    const sim = api.Simulation.forLesson(`builtin:${lesson}`);
    try {
      sim.goTo(hb);
      const visitCard = document.querySelector('[data-testid=visit]');
      const code = document.querySelector('[data-testid=code-view]');
      const root = {
        stage: sim.stage(),
        view: sim.view(visitCard ? Number(visitCard.dataset.visit) : undefined),
        record: sim.record() ?? null,
        why: sim.explain(lang),
        captions: sim.visitCaptions(lang),
        code: sim.codeViews(
          code?.dataset.focusJob === undefined ? undefined : Number(code.dataset.focusJob),
          code?.dataset.focusQueue,
        ),
      };
      return scan(root);
    } finally {
      sim.free();
    }
  })();

  /** Rust's `{:.N}` of `x`: the exact value rounded half to even (JavaScript's toFixed rounds
   *  an exact tie up). */
  function fixed(x, n) {
    const tie = x * 2 ** (n + 1);
    if (Number.isInteger(tie) && Math.abs(tie) % 2 === 1) {
      const lo = Math.floor(x * 10 ** n);
      const even = lo % 2 === 0 ? lo : lo + 1;
      return (even / 10 ** n).toFixed(n);
    }
    return x.toFixed(n);
  }

  function formatted(value, format) {
    switch (format) {
      case 'int': return String(Number(value));
      case 'ms1': return fixed(Number(value) / 1000, 1);
      case 'f1': return fixed(Number(value), 1);
      case 'f2': return fixed(Number(value), 2);
      default: return value;
    }
  }

  /** Path segments, split on dots outside brackets. */
  function segments(path) {
    const out = [];
    let cur = '';
    let depth = 0;
    for (const c of path) {
      if (c === '[') depth++;
      if (c === ']') depth--;
      if (c === '.' && depth === 0) {
        out.push(cur);
        cur = '';
      } else cur += c;
    }
    out.push(cur);
    return out;
  }

  function resolve(root, path) {
    let at = root;
    for (const seg of segments(path)) {
      const m = seg.match(/^([^[#]*)(?:\[([^=\]]+)=(.*)\])?(#)?$/);
      if (!m) return { missing: `bad segment ${seg}` };
      const [, name, field, want, rank] = m;
      if (name === 'len' && Array.isArray(at)) { at = at.length; continue; }
      if (name) {
        if (at === null || typeof at !== 'object' || !(name in at)) return { missing: `no ${name} in ${path}` };
        at = at[name];
      }
      if (field !== undefined) {
        if (!Array.isArray(at)) return { missing: `${name} is not a list in ${path}` };
        const i = at.findIndex((e) => e !== null && typeof e === 'object' && String(e[field]) === want);
        if (i < 0) return { missing: `no ${name}[${field}=${want}]` };
        at = rank ? i + 1 : at[i];
      }
    }
    return { value: at };
  }

  function visible(el) {
    if (!el.getClientRects().length) return false;
    const s = getComputedStyle(el);
    return s.visibility !== 'hidden' && Number(s.opacity) > 0;
  }

  function scan(root) {
    const scopes = [...document.querySelectorAll('[data-testid=cluster], [data-testid=why], [data-testid=code-view]')];
    const out = { numerals: 0, marked: 0, unmarked: [], wrong: [] };
    const NUMERAL = /(?<![A-Za-z0-9_.])\d+(?:\.\d+)?(?![A-Za-z0-9_])/g;
    for (const scope of scopes) {
      const walker = document.createTreeWalker(scope, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const el = n.parentElement;
        if (!el || !visible(el) || el.closest('svg, script, style')) continue;
        for (const m of n.textContent.matchAll(NUMERAL)) {
          out.numerals++;
          if (!el.closest('[data-format]')) out.unmarked.push(`${m[0]} in "${n.textContent.trim().slice(0, 60)}" (${el.className || el.tagName})`);
        }
      }
      for (const el of scope.querySelectorAll('[data-format]')) {
        if (!visible(el)) continue;
        out.marked++;
        const { of, value, format } = el.dataset;
        const text = el.textContent.trim();
        if (formatted(value, format).trim() !== text) {
          out.wrong.push(`${of}: text "${text}" is not ${value} as ${format}`);
          continue;
        }
        const rootName = of.split(/[.[#]/)[0];
        if (!['stage', 'view', 'record', 'code', 'why', 'captions'].includes(rootName)) continue;
        const r = resolve(root, of);
        if (r.missing) {
          out.wrong.push(`${of}: ${r.missing}`);
          continue;
        }
        const same = typeof r.value === 'number' ? Number(value) === r.value : String(r.value).trim() === value.trim();
        if (!same) out.wrong.push(`${of}: the page shows ${value}, the engine has ${JSON.stringify(r.value)}`);
      }
    }
    return out;
  }
}
