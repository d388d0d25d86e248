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
    // To the frame clock's 0.1 ms: a difference of two such times is not exact in floating
    // point (33.40000000000009 would miss a 33.4 ms budget that 33.4 meets).
    if (rec.last !== null) rec.intervals.push(Math.round((now - rec.last) * 10) / 10);
    rec.last = now;
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}
