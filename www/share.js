// "Copy link" and "Embed": put the current link, or the iframe snippet, on the clipboard, and
// show it in a read-only field as well, so it can be checked, or copied by hand where the
// browser refuses the clipboard (plain http, no permission).

import { t } from './i18n.js';

const $ = (id) => document.getElementById(id);

/** `link()` and `snippet()` give the texts to copy, made from the current state. */
export function setupShare({ link, snippet }) {
  const out = $('share-out');
  const field = $('share-text');
  const label = $('share-text-label');
  const status = $('share-status');
  let shown = null;

  async function copy(kind, text) {
    shown = kind;
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

  $('copy-link').addEventListener('click', () => copy('link', link()));
  $('copy-embed').addEventListener('click', () => copy('embed', snippet()));

  return {
    /** Keeps an open field in step with the parameters and the language. */
    refresh() {
      if (!shown) return;
      const text = shown === 'embed' ? snippet() : link();
      // What was copied is no longer what the field shows: say nothing rather than "copied".
      if (field.value !== text) status.textContent = '';
      field.value = text;
      label.textContent = t(`share.${shown}.field`);
    },
  };
}
