// A finished regime map as plain typed arrays: what the worker sends the page (transferred, not
// copied) and what the page's own fallback builds in the same way, so both paths give the page
// the same picture and the same cells. No DOM here: the worker imports it too.

/** Regime.cellTable()'s outcome codes. */
const OUTCOMES = ['', 'stopped', 'through', 'flying'];

/**
 * A complete `Regime` as `{n, models, outcomes, gaps, table}`: `models` the two panels' model
 * names, `outcomes[p]` and `gaps[p]` each panel as the map paints it (Regime.outcomes(p),
 * Regime.gaps(p)), `table` every cell's numbers (Regime.cellTable()), all row-major (`j · n + i`).
 */
export function gridOf(r) {
  const panels = [0, 1];
  return { n: r.n(), models: r.models(), outcomes: panels.map((p) => r.outcomes(p)), gaps: panels.map((p) => r.gaps(p)), table: r.cellTable() };
}

/** The buffers of a grid, for postMessage's transfer list. */
export function buffersOf(grid) {
  return [...grid.outcomes, ...grid.gaps, grid.table].map((a) => a.buffer);
}

/** Cell (i, j) of a grid in Regime.cell()'s shape; `v0` and `h` from the map's axes. */
export function cellOf(grid, i, j, v0, h) {
  const at = 6 * (j * grid.n + i);
  const cell = { v0, h };
  grid.models.forEach((name, m) => {
    const [code, xmax, newton] = grid.table.subarray(at + 3 * m, at + 3 * m + 3);
    cell[name] = { outcome: OUTCOMES[code], xmax_minus_wall_m: xmax, newton_max: newton };
  });
  return cell;
}
