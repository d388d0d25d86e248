// A finished regime map as plain typed arrays: what the worker sends the page (transferred, not
// copied) and what the page's own fallback builds in the same way, so both paths give the page
// the same picture and the same cells. No DOM here: the worker imports it too.

/** The models of Regime.cellTable(), in its order, and its outcome codes. */
const MODELS = ['penalty', 'ipc'];
const OUTCOMES = ['', 'stopped', 'through', 'flying'];

/**
 * A complete `Regime` as `{n, outcomes, gaps, table}`: `outcomes` and `gaps` as the map paints
 * them (Regime.penaltyOutcomes(), Regime.ipcGaps()), `table` every cell's numbers
 * (Regime.cellTable()), all row-major (`j · n + i`).
 */
export function gridOf(r) {
  return { n: r.n(), outcomes: r.penaltyOutcomes(), gaps: r.ipcGaps(), table: r.cellTable() };
}

/** The buffers of a grid, for postMessage's transfer list. */
export function buffersOf(grid) {
  return [grid.outcomes.buffer, grid.gaps.buffer, grid.table.buffer];
}

/** Cell (i, j) of a grid in Regime.cell()'s shape; `v0` and `h` from the map's axes. */
export function cellOf(grid, i, j, v0, h) {
  const at = 6 * (j * grid.n + i);
  const cell = { v0, h };
  MODELS.forEach((name, m) => {
    const [code, xmax, newton] = grid.table.subarray(at + 3 * m, at + 3 * m + 3);
    cell[name] = { outcome: OUTCOMES[code], xmax_minus_wall_m: xmax, newton_max: newton };
  });
  return cell;
}
