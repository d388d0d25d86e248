// The article's table, live: its six launch speeds, penalty at k and 100·k, IPC, each throw 80
// steps long as in the article, for the current h, d̂, κ, mass, wall and thickness. Recomputed
// only when one of those (or k) changes, never for v0. "Copy as CSV" gives exactly the bytes
// of `ipc-wall table --format csv --k <k>,<100k> --h …`, written by the core (Figure.tableCsv);
// "Copy as Markdown" the table as shown.

import * as api from './api.js';
import { t, fmtLength, fmtSig, fmtTime, withUnit, getLang } from './i18n.js';
import { el, toClipboard } from './chart.js';
import { look } from './models.js';
import { tableWords } from './outcome.js';

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

/** The panel's elements: caption, table, note, the two Copy buttons and their field. */
function build(root) {
  const d = {
    caption: el('p', { class: 'table-caption' }),
    table: el('table', { class: 'article-table' }),
    note: el('p', { class: 'hint table-note' }),
    csvButton: el('button', { type: 'button', 'data-i18n': 'table.copyCsv', text: t('table.copyCsv') }),
    mdButton: el('button', { type: 'button', 'data-i18n': 'table.copyMd', text: t('table.copyMd') }),
    fieldLabel: el('label', { for: 'table-copy-text' }),
    field: el('textarea', { id: 'table-copy-text', readOnly: true, rows: 8, spellcheck: false }),
    status: el('p', { class: 'share-status', role: 'status' }),
  };
  d.out = el('div', { class: 'copy-out', hidden: true }, d.fieldLabel, d.field);
  root.append(
    el('h2', { id: 'table-title', 'data-i18n': 'table.title', text: t('table.title') }),
    el('p', { class: 'hint', 'data-i18n': 'table.lede', text: t('table.lede') }),
    d.caption,
    el('div', { class: 'table-scroll', tabindex: '0', role: 'region', 'data-i18n-label': 'table.title', 'aria-label': t('table.title') }, d.table),
    d.note,
    el('div', { class: 'copy-buttons', role: 'group', 'data-i18n-label': 'table.copyLabel', 'aria-label': t('table.copyLabel') }, d.mdButton, d.csvButton),
    d.out,
    d.status,
  );
  return d;
}

/** The column headings at `p`: v0, penalty at k and 100·k, IPC at d̂. */
function headings(p) {
  return [t('table.v0'), t('table.pen', { k: compactK(p.k) }), t('table.pen', { k: compactK(100 * p.k) }), t('table.ipc', { dhat: fmtLength(p.dhat, 3) })];
}

function captionText(p) {
  return t('table.caption', { wall: withUnit(fmtSig(p.wall, 6), 'm'), w: fmtLength(p.thickness, 3), h: fmtTime(p.h) });
}

/** The table as shown, in Markdown (Copy as Markdown). */
function markdown(rows, p) {
  const lines = [captionText(p), '', `| ${headings(p).join(' | ')} |`, '|---:|---|---|---|'];
  for (let i = 0; i < rows.length; i += 3) {
    lines.push(`| ${rows[i].v0} | ${rows.slice(i, i + 3).map((r) => tableWords(r, p)).join(' | ')} |`);
  }
  return `${lines.join('\n')}\n`;
}

/** Whether a cell stopped short of where the article's throw got (its 80 steps ran out). */
function stoppedShort(r, p) {
  const reports = look(r.model).reports;
  return (reports === 'depth' && r.outcome === 'stopped' && r.xmax_minus_wall_m < 0) || (reports === 'gap' && -r.xmax_minus_wall_m >= p.dhat);
}

/** One row of cells (`cells`: one launch speed's three), its v0 marked when current. */
function rowOf(cells, p, currentV0) {
  const v0 = cells[0].v0;
  const tr = el('tr', { 'data-v0': String(v0) }, el('th', { scope: 'row', text: String(v0) }));
  if (v0 === currentV0) tr.classList.add('current');
  for (const r of cells) {
    const td = el('td', { class: `${r.model} ${r.outcome}`, text: tableWords(r, p) });
    Object.assign(td.dataset, {
      model: r.model,
      k: r.k === null ? '' : String(r.k),
      outcome: r.outcome,
      xmaxMinusWall: String(r.xmax_minus_wall_m),
      newtonMax: String(r.newton_max),
    });
    tr.append(td);
  }
  return tr;
}

/** Writes `rows` at `p` into the table, its caption and its note. */
function renderRows(d, rows, p, currentV0) {
  d.caption.textContent = captionText(p);
  const cls = [undefined, 'pen', 'pen', 'ipc'];
  const head = el('tr', {}, ...headings(p).map((text, i) => el('th', { scope: 'col', class: cls[i], text })));
  const body = [];
  for (let i = 0; i < rows.length; i += 3) body.push(rowOf(rows.slice(i, i + 3), p, currentV0));
  d.table.replaceChildren(el('thead', {}, head), el('tbody', {}, ...body));
  const short = rows.some((r) => stoppedShort(r, p));
  d.note.textContent = short ? t('table.noteShort', { n: p.steps }) : t('table.note', { n: p.steps });
}

/** Puts `textOut` on the clipboard; where it cannot, in the field, selected for the reader. */
async function copyOut(d, textOut, label) {
  d.field.value = textOut;
  d.fieldLabel.textContent = label;
  d.out.hidden = false;
  const ok = await toClipboard(textOut);
  d.status.textContent = ok ? t('table.copied') : t('table.manual');
  if (!ok) {
    d.field.focus();
    d.field.select();
  }
}

/** The panel (`root`: its section); `figure.offload` computes the rows off the main thread. */
export function mount(root, figure) {
  const { offload } = figure;
  const d = build(root);
  let key = '';
  let rows = [];
  let csv = ''; // the same rows as the CLI's CSV, written by the core
  let params = null;
  let shown = null; // 'csv' | 'md' in the field
  let currentV0 = NaN;
  let waiting = false; // rows asked of the worker, not here yet

  const textOf = (kind) => (kind === 'csv' ? csv : markdown(rows, params));
  const labelOf = (kind) => t(kind === 'csv' ? 'table.field.csv' : 'table.field.md');
  const copy = (kind) => {
    shown = kind;
    return copyOut(d, textOf(kind), labelOf(kind));
  };
  d.csvButton.addEventListener('click', () => copy('csv'));
  d.mdButton.addEventListener('click', () => copy('md'));

  // What the DOM shows: the rows' version and the marked v0. New rows bump `version`; the
  // DOM follows in update(), on screen only (off screen the loop does not call it), since
  // rewriting a table nobody sees cost a third of a drag's paint and layout.
  let version = 0;
  const drawn = { version: -1, v0: NaN };

  function render() {
    if (!params) return;
    renderRows(d, rows, params, currentV0);
    Object.assign(drawn, { version, v0: currentV0 });
    if (shown && !d.out.hidden) {
      d.field.value = textOf(shown);
      d.fieldLabel.textContent = labelOf(shown);
    }
  }

  /** The rows for `p`: from the worker when there is one (kept when they arrive), else here. */
  function recompute(p) {
    const asked = { ...p };
    waiting = offload?.alive() ?? false;
    const take = (r, c) => {
      params = asked;
      [rows, csv] = [r, c];
      version += 1;
    };
    if (!waiting) {
      take(...api.guard((f) => [f.table(), f.tableCsv()]));
      return;
    }
    offload.table(asked, (answer) => {
      waiting = false;
      take(answer.rows, answer.csv);
    });
  }

  return {
    /** What Copy gives, kept current on screen or off: recomputed only when a parameter other
     * than v0 changed; while a slider is dragged, once the worker answered the last request. */
    keep(state) {
      const p = state.params;
      const k = tableKey(p);
      currentV0 = p.v0;
      const lost = waiting && !offload.alive();
      if ((k !== key && !(waiting && figure.sliderHeld())) || lost) {
        key = k;
        recompute(p);
      }
    },
    /** The table as shown: new rows are written anew; a new v0 only moves the row's mark. */
    update() {
      if (drawn.version !== version) render();
      else if (drawn.v0 !== currentV0) {
        drawn.v0 = currentV0;
        for (const tr of d.table.querySelectorAll('tbody tr')) tr.classList.toggle('current', Number(tr.dataset.v0) === currentV0);
      }
    },
    key: () => `${version}|${currentV0}`,
    relabel: render,
    resize() {},
  };
}
