// The article's table, live: its six launch speeds, penalty at k and 100·k, IPC, each throw 80
// steps long as in the article, for the current h, d̂, κ, mass, wall and thickness. Recomputed
// only when one of those (or k) changes, never for v0. "Copy as CSV" gives exactly the bytes
// of `ipc-wall table --format csv --k <k>,<100k> --h …`, written by the core (Figure.tableCsv);
// "Copy as Markdown" the table as shown.

import * as api from './api.js';
import { t, fmtFixed, fmtLength, fmtSig, fmtTime, withUnit, getLang } from './i18n.js';
import { el } from './chart.js';
import { look } from './models.js';

/** The parameters the table depends on: all but v0. */
function tableKey(p) {
  return [p.h, p.k, p.dhat, p.kappa, p.mass, p.wall, p.thickness, p.ccd_safety, p.tol, p.steps].join('|');
}

/** A stiffness as the article writes it: 1e4, 2.5e6, 300 (the shorter of the two). */
function compactK(k) {
  const sci = k.toExponential().replace('e+', 'e');
  const plain = String(k);
  const s = plain.length <= sci.length ? plain : sci;
  return getLang() === 'es' ? s.replace('.', ',') : s;
}

/** One cell's text, in the article's words. */
function cellText(r, p) {
  const d = r.xmax_minus_wall_m;
  if (look(r.model).reports === 'depth') {
    if (r.outcome === 'through') return t('table.through');
    if (d < 0) return t('table.short', { len: fmtFixed(-d * 1e3, 2) });
    return t('table.stop', { len: fmtFixed(d * 1e3, 2) });
  }
  if (r.outcome === 'through') return t('table.through');
  if (-d >= p.dhat) return t('table.shortNewton', { len: fmtFixed(-d * 1e3, 2), n: r.newton_max });
  return t('table.gap', { len: fmtFixed(-d * 1e6, 1), n: r.newton_max });
}

/** The panel (`root`: its section); `figure.offload` computes the rows off the main thread. */
export function mount(root, figure) {
  const { offload } = figure;
  const caption = el('p', { class: 'table-caption' });
  const table = el('table', { class: 'article-table' });
  const note = el('p', { class: 'hint table-note' });
  const csvButton = el('button', { type: 'button', 'data-i18n': 'table.copyCsv', text: t('table.copyCsv') });
  const mdButton = el('button', { type: 'button', 'data-i18n': 'table.copyMd', text: t('table.copyMd') });
  const fieldLabel = el('label', { for: 'table-copy-text' });
  const field = el('textarea', { id: 'table-copy-text', readOnly: true, rows: 8, spellcheck: false });
  const out = el('div', { class: 'copy-out', hidden: true }, fieldLabel, field);
  const status = el('p', { class: 'share-status', role: 'status' });
  root.append(
    el('h2', { id: 'table-title', 'data-i18n': 'table.title', text: t('table.title') }),
    el('p', { class: 'hint', 'data-i18n': 'table.lede', text: t('table.lede') }),
    caption,
    el('div', { class: 'table-scroll', tabindex: '0', role: 'region', 'data-i18n-label': 'table.title', 'aria-label': t('table.title') }, table),
    note,
    el('div', { class: 'copy-buttons', role: 'group', 'data-i18n-label': 'table.copyLabel', 'aria-label': t('table.copyLabel') }, mdButton, csvButton),
    out,
    status,
  );

  let key = '';
  let rows = [];
  let csv = ''; // the same rows as the CLI's CSV, written by the core
  let params = null;
  let shown = null; // 'csv' | 'md' in the field

  function markdown() {
    const p = params;
    const [k1, k2] = [p.k, 100 * p.k];
    const head = [t('table.v0'), t('table.pen', { k: compactK(k1) }), t('table.pen', { k: compactK(k2) }), t('table.ipc', { dhat: fmtLength(p.dhat, 3) })];
    const lines = [captionText(), '', `| ${head.join(' | ')} |`, '|---:|---|---|---|'];
    for (let i = 0; i < rows.length; i += 3) {
      lines.push(`| ${rows[i].v0} | ${rows.slice(i, i + 3).map((r) => cellText(r, p)).join(' | ')} |`);
    }
    return `${lines.join('\n')}\n`;
  }

  function captionText() {
    const p = params;
    return t('table.caption', { wall: withUnit(fmtSig(p.wall, 6), 'm'), w: fmtLength(p.thickness, 3), h: fmtTime(p.h) });
  }

  async function copy(kind) {
    shown = kind;
    const textOut = kind === 'csv' ? csv : markdown();
    field.value = textOut;
    fieldLabel.textContent = t(kind === 'csv' ? 'table.field.csv' : 'table.field.md');
    out.hidden = false;
    let ok = false;
    try {
      if (navigator.clipboard?.writeText) {
        await navigator.clipboard.writeText(textOut);
        ok = true;
      }
    } catch {
      ok = false;
    }
    status.textContent = ok ? t('table.copied') : t('table.manual');
    if (!ok) {
      field.focus();
      field.select();
    }
  }
  csvButton.addEventListener('click', () => copy('csv'));
  mdButton.addEventListener('click', () => copy('md'));

  function render() {
    if (!params) return;
    const p = params;
    caption.textContent = captionText();
    const head = el(
      'tr',
      {},
      el('th', { scope: 'col', text: t('table.v0') }),
      el('th', { scope: 'col', class: 'pen', text: t('table.pen', { k: compactK(p.k) }) }),
      el('th', { scope: 'col', class: 'pen', text: t('table.pen', { k: compactK(100 * p.k) }) }),
      el('th', { scope: 'col', class: 'ipc', text: t('table.ipc', { dhat: fmtLength(p.dhat, 3) }) }),
    );
    const body = [];
    let short = false;
    for (let i = 0; i < rows.length; i += 3) {
      const tr = el('tr', { 'data-v0': String(rows[i].v0) }, el('th', { scope: 'row', text: String(rows[i].v0) }));
      if (rows[i].v0 === currentV0) tr.classList.add('current');
      for (const r of rows.slice(i, i + 3)) {
        const td = el('td', { class: `${r.model} ${r.outcome}`, text: cellText(r, p) });
        td.dataset.model = r.model;
        td.dataset.k = r.k === null ? '' : String(r.k);
        td.dataset.outcome = r.outcome;
        td.dataset.xmaxMinusWall = String(r.xmax_minus_wall_m);
        td.dataset.newtonMax = String(r.newton_max);
        const reports = look(r.model).reports;
        if ((reports === 'depth' && r.outcome === 'stopped' && r.xmax_minus_wall_m < 0) || (reports === 'gap' && -r.xmax_minus_wall_m >= p.dhat)) short = true;
        tr.append(td);
      }
      body.push(tr);
    }
    table.replaceChildren(el('thead', {}, head), el('tbody', {}, ...body));
    note.textContent = short ? t('table.noteShort', { n: p.steps }) : t('table.note', { n: p.steps });
    if (shown && !out.hidden) {
      field.value = shown === 'csv' ? csv : markdown();
      fieldLabel.textContent = t(shown === 'csv' ? 'table.field.csv' : 'table.field.md');
    }
  }

  let currentV0 = NaN;
  let waiting = false; // rows asked of the worker, not here yet

  /** The rows for `p`: from the worker when there is one (shown when they arrive), else here. */
  function recompute(p) {
    const asked = { ...p };
    waiting = offload?.alive() ?? false;
    if (!waiting) {
      params = asked;
      [rows, csv] = api.guard((f) => [f.table(), f.tableCsv()]);
      render();
      return;
    }
    offload.table(asked, (answer) => {
      waiting = false;
      params = asked;
      ({ rows, csv } = answer);
      render();
    });
  }

  return {
    /** Words only, and what Copy gives: kept current on screen or off. Recomputes only when a
     * parameter other than v0 changed; marks the row of the current v0. */
    keep(state) {
      const p = state.params;
      const k = tableKey(p);
      if (k !== key || (waiting && !offload.alive())) {
        key = k;
        currentV0 = p.v0;
        recompute(p);
        return;
      }
      if (p.v0 !== currentV0) {
        currentV0 = p.v0;
        for (const tr of table.querySelectorAll('tbody tr')) tr.classList.toggle('current', Number(tr.dataset.v0) === p.v0);
      }
    },
    key: () => '',
    update() {},
    relabel: render,
    resize() {},
  };
}
