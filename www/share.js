// "Copy link" and "Embed": put the current link, or the iframe snippet, on the clipboard, and
// show it in a read-only field as well, so it can be checked, or copied by hand where the
// browser refuses the clipboard (plain http, no permission). Embed opens a small dialog: which
// view of the figure, and how wide the article's column is (the snippet's height is measured
// there).

import { t } from './i18n.js';
import { VIEWS } from './url.js';

const $ = (id) => document.getElementById(id);
const WIDTH = { min: 280, max: 1600, fallback: 700 };

/** `link()` gives the link to copy, `embedLink(view)` the iframe's address for a view and
 * `snippet(url, {view, width})` a Promise of the HTML around it, all from the current state. */
export function setupShare({ link, embedLink, snippet }) {
  const out = $('share-out');
  const field = $('share-text');
  const label = $('share-text-label');
  const status = $('share-status');
  const options = $('embed-options');
  const viewSelect = $('embed-view');
  const widthInput = $('embed-width');
  let shown = null;
  let shownUrl = '';
  let shownWidth = 0;
  let job = 0; // the latest snippet asked for; older answers are dropped

  for (const v of VIEWS) viewSelect.append(new Option(t(`view.${v}`), v));
  const choice = () => {
    const w = Math.round(Number(widthInput.value));
    const width = Number.isFinite(w) ? Math.min(Math.max(w, WIDTH.min), WIDTH.max) : WIDTH.fallback;
    return { view: viewSelect.value, width };
  };
  const urlFor = (kind) => (kind === 'embed' ? embedLink(choice().view) : link());

  /** Fills the field with `kind`'s text; resolves to it, or to null if a newer one was asked. */
  async function fill(kind) {
    const mine = ++job;
    shownUrl = urlFor(kind);
    shownWidth = choice().width;
    let text = shownUrl;
    if (kind === 'embed') {
      status.textContent = t('embed.measuring');
      text = await snippet(shownUrl, choice());
      if (mine !== job) return null;
      status.textContent = '';
    }
    field.value = text;
    field.hidden = false;
    label.hidden = false;
    return text;
  }

  async function copy(kind) {
    // Another kind of text: its field shows once it holds that text (the snippet's height is
    // measured first).
    if (shown !== kind) {
      field.hidden = true;
      label.hidden = true;
    }
    shown = kind;
    field.rows = kind === 'embed' ? 9 : 2;
    label.textContent = t(`share.${kind}.field`);
    options.hidden = kind !== 'embed';
    out.hidden = false;
    const text = await fill(kind);
    if (text === null) return;
    let ok = false;
    try {
      if (navigator.clipboard?.writeText) {
        await navigator.clipboard.writeText(text);
        ok = true;
      }
    } catch {
      ok = false;
    }
    status.textContent = ok ? t(`share.${kind}.copied`) : t('share.manual');
    if (!ok) {
      field.focus();
      field.select();
    }
  }

  $('copy-link').addEventListener('click', () => copy('link'));
  $('copy-embed').addEventListener('click', () => copy('embed'));
  $('embed-copy').addEventListener('click', () => copy('embed'));
  // Another view or width: the snippet follows (the author copies it with Copy).
  const redo = () => {
    if (shown !== 'embed') return;
    status.textContent = '';
    fill('embed');
  };
  viewSelect.addEventListener('change', redo);
  widthInput.addEventListener('change', redo);

  return {
    /** Keeps an open field in step with the parameters and the language: redone only when
     * the address in it changes (not when the figure's height alone does). */
    refresh() {
      for (const o of viewSelect.options) o.textContent = t(`view.${o.value}`);
      if (!shown) return;
      label.textContent = t(`share.${shown}.field`);
      if (urlFor(shown) === shownUrl && choice().width === shownWidth) return;
      // What was copied is no longer what the field shows: say nothing rather than "copied".
      status.textContent = '';
      fill(shown);
    },
  };
}
