// "Copy link" and "Embed": put the current link, or the iframe snippet, on the clipboard, and
// show it in a read-only field as well, so it can be checked, or copied by hand where the
// browser refuses the clipboard (plain http, no permission).

import { t } from './i18n.js';

const $ = (id) => document.getElementById(id);

/** `link()` gives the link to copy, `embedLink()` the iframe's address and `snippet(url)`
 * the HTML around it, all from the current state. */
export function setupShare({ link, embedLink, snippet }) {
  const out = $('share-out');
  const field = $('share-text');
  const label = $('share-text-label');
  const status = $('share-status');
  let shown = null;
  let shownUrl = '';

  async function copy(kind) {
    shown = kind;
    shownUrl = kind === 'embed' ? embedLink() : link();
    const text = kind === 'embed' ? snippet(shownUrl) : shownUrl;
    field.value = text;
    field.rows = kind === 'embed' ? 7 : 2;
    label.textContent = t(`share.${kind}.field`);
    out.hidden = false;
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

  return {
    /** Keeps an open field in step with the parameters and the language: redone only when
     * the address in it changes (not when the figure's height alone does). */
    refresh() {
      if (!shown) return;
      label.textContent = t(`share.${shown}.field`);
      const url = shown === 'embed' ? embedLink() : link();
      if (url === shownUrl) return;
      shownUrl = url;
      field.value = shown === 'embed' ? snippet(url) : url;
      // What was copied is no longer what the field shows: say nothing rather than "copied".
      status.textContent = '';
    },
  };
}
