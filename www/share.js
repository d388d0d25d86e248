// "Copy link" and "Embed": put the current link, or the iframe snippet, on the clipboard, and
// show it in a read-only field as well, so it can be checked, or copied by hand where the
// browser refuses the clipboard (plain http, no permission). Embed opens a small dialog: which
// view of the figure, and how wide the article's column is (the snippet's height is measured
// there).

import { t } from './i18n.js';
import { VIEWS } from './url.js';
import { toClipboard } from './chart.js';

const $ = (id) => document.getElementById(id);
const WIDTH = { min: 280, max: 1600, fallback: 700 };

/** The Embed dialog's choice: the view, and the column width clamped to WIDTH. */
function choiceOf(S) {
  const w = Math.round(Number(S.widthInput.value));
  const width = Number.isFinite(w) ? Math.min(Math.max(w, WIDTH.min), WIDTH.max) : WIDTH.fallback;
  return { view: S.viewSelect.value, width };
}

const urlFor = (S, kind) => (kind === 'embed' ? S.embedLink(choiceOf(S).view) : S.link());

/** Fills the field with `kind`'s text; resolves to it, or to null if a newer one was asked. */
async function fill(S, kind) {
  const mine = ++S.job;
  S.shownUrl = urlFor(S, kind);
  S.shownWidth = choiceOf(S).width;
  let text = S.shownUrl;
  if (kind === 'embed') {
    S.status.textContent = t('embed.measuring');
    text = await S.snippet(S.shownUrl, choiceOf(S));
    if (mine !== S.job) return null;
    S.status.textContent = '';
  }
  S.field.value = text;
  S.field.hidden = false;
  S.label.hidden = false;
  return text;
}

/** Shows `kind`'s text ('link' or 'embed') and puts it on the clipboard, or selects it to
 * copy by hand. */
async function copy(S, kind) {
  // Another kind of text: its field shows once it holds that text (the snippet's height is
  // measured first).
  if (S.shown !== kind) {
    S.field.hidden = true;
    S.label.hidden = true;
  }
  S.shown = kind;
  S.field.rows = kind === 'embed' ? 9 : 2;
  S.label.textContent = t(`share.${kind}.field`);
  S.options.hidden = kind !== 'embed';
  S.out.hidden = false;
  const text = await fill(S, kind);
  if (text === null) return;
  const ok = await toClipboard(text);
  S.status.textContent = ok ? t(`share.${kind}.copied`) : t('share.manual');
  if (!ok) {
    S.field.focus();
    S.field.select();
  }
}

/** Keeps an open field in step with the parameters: redone only when the address in it
 * changes (not when the figure's height alone does). */
function refresh(S) {
  if (!S.shown) return;
  if (urlFor(S, S.shown) === S.shownUrl && choiceOf(S).width === S.shownWidth) return;
  // What was copied is no longer what the field shows: say nothing rather than "copied".
  S.status.textContent = '';
  fill(S, S.shown);
}

/** The words in the current language: the view picker's, the field's label, and the field
 * itself if its text has them (the link carries the language). */
function relabel(S) {
  for (const o of S.viewSelect.options) o.textContent = t(`view.${o.value}`);
  if (S.shown) S.label.textContent = t(`share.${S.shown}.field`);
  refresh(S);
}

/** `link()` gives the link to copy, `embedLink(view)` the iframe's address for a view and
 * `snippet(url, {view, width})` a Promise of the HTML around it, all from the current state. */
export function setupShare({ link, embedLink, snippet }) {
  const S = {
    link,
    embedLink,
    snippet,
    out: $('share-out'),
    field: $('share-text'),
    label: $('share-text-label'),
    status: $('share-status'),
    options: $('embed-options'),
    viewSelect: $('embed-view'),
    widthInput: $('embed-width'),
    shown: null,
    shownUrl: '',
    shownWidth: 0,
    job: 0, // the latest snippet asked for; older answers are dropped
  };
  for (const v of VIEWS) S.viewSelect.append(new Option(t(`view.${v}`), v));
  $('copy-link').addEventListener('click', () => copy(S, 'link'));
  $('copy-embed').addEventListener('click', () => copy(S, 'embed'));
  $('embed-copy').addEventListener('click', () => copy(S, 'embed'));
  // Another view or width: the snippet follows (the author copies it with Copy).
  const redo = () => {
    if (S.shown !== 'embed') return;
    S.status.textContent = '';
    fill(S, 'embed');
  };
  S.viewSelect.addEventListener('change', redo);
  S.widthInput.addEventListener('change', redo);
  return { refresh: () => refresh(S), relabel: () => relabel(S) };
}
