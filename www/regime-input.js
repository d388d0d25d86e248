// The regime map's input: hover and click or tap with a pointer; arrows, Enter and Space from
// the keyboard. It says which fine cell, and the panel decides what that does.

import { pointerAt } from './draw.js';
import { N_FULL } from './regime-compute.js';

const MOVES = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] };

/**
 * Listens on map canvas `c`. `on.cellAt(x, y)`: the fine cell at CSS px (x, y) or null;
 * `on.hover(cell, announce)`: the cell under the pointer or keyboard cursor (null: none);
 * `on.choose(cell)`: throw there; `on.cursor()`: where the keyboard starts (the cell hovered,
 * else the crosshair's).
 */
export function listen(c, on) {
  let down = null;
  c.addEventListener('pointermove', (ev) => {
    if (ev.pointerType === 'mouse') {
      const { x, y } = pointerAt(c, ev);
      on.hover(on.cellAt(x, y), false);
    }
  });
  c.addEventListener('pointerleave', (ev) => {
    if (ev.pointerType === 'mouse') on.hover(null, false);
  });
  c.addEventListener('pointerdown', (ev) => {
    if (ev.button !== 0 && ev.pointerType === 'mouse') return;
    down = { x: ev.clientX, y: ev.clientY, id: ev.pointerId };
  });
  c.addEventListener('pointerup', (ev) => {
    if (!down || down.id !== ev.pointerId) return;
    const moved = Math.hypot(ev.clientX - down.x, ev.clientY - down.y);
    down = null;
    if (moved > 10) return; // a scroll or a drag, not a tap
    const { x, y } = pointerAt(c, ev);
    const cell = on.cellAt(x, y);
    on.hover(cell, false);
    on.choose(cell);
  });
  c.addEventListener('pointercancel', () => (down = null));
  c.addEventListener('keydown', (ev) => keyed(ev, on));
  c.addEventListener('blur', () => on.hover(null, false));
}

/** Arrows move a cursor cell from the crosshair (8 cells with Shift), Enter or Space throws there. */
function keyed(ev, on) {
  if (ev.key in MOVES) {
    ev.preventDefault();
    const base = on.cursor();
    const big = ev.shiftKey ? 8 : 1;
    const [di, dj] = MOVES[ev.key];
    const clamp = (k) => Math.min(N_FULL - 1, Math.max(0, k));
    on.hover([clamp(base[0] + di * big), clamp(base[1] + dj * big)], true);
  } else if (ev.key === 'Enter' || ev.key === ' ') {
    ev.preventDefault();
    on.choose(on.cursor());
  }
}
