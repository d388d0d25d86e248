// What both browser benches record in the page while a throw plays or a slider is dragged.

/**
 * Runs in the page (pass it to page.evaluate with a global's name): records the intervals
 * between animation frames into window[key] = {from, intervals, last, on} until `on` is set
 * to false; `from` is the number of the figure's next frame (for ipcWall.__frameTimes).
 */
export function recordFrames(key) {
  const rec = { from: window.ipcWall.__frameTimes().next, intervals: [], last: null, on: true };
  window[key] = rec;
  const tick = (now) => {
    if (!rec.on) return;
    if (rec.last !== null) rec.intervals.push(now - rec.last);
    rec.last = now;
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}
