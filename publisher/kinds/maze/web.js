"use strict";
// Maze: the path starts at the entrance; the arrow keys walk it (through openings only),
// a drag or a click on the next square extends it, going back takes it back.
Shell.play((data, api) => {
  const T = data.text, R = data.rows, C = data.cols, key = (r, c) => r * C + c;
  const inside = (r, c) => !data.inside || data.inside[r][c] === "#";
  const moves = {t: [-1, 0], r: [0, 1], b: [1, 0], l: [0, -1]};
  const onTruth = new Set(data.solution.map(([r, c]) => key(r, c)));
  let trail = [data.entrance];
  const wrong = new Set();
  const board = Shell.grid(R, C, {open: inside, onArrow: ([dr, dc]) => {
    const [r, c] = trail[trail.length - 1];
    step(r + dr, c + dc);
    board.go(...trail[trail.length - 1]);
    return true;
  }});
  const {tds, table} = board;
  table.classList.add("maze");
  for (let r = 0; r < R; r++) for (let c = 0; c < C; c++) {
    if (!inside(r, c)) continue;
    for (const side of "trbl") if (!data.open[r][c].includes(side)) tds[r][c].classList.add("w" + side);
  }
  const [er, ec] = data.entrance, [xr, xc] = data.exit;
  tds[er][ec].classList.add("entrance");
  tds[xr][xc].classList.add("exit");
  api.board.append(table, api.el("p", {class: "help"}, T.web_keys));

  function passage(a, b) {          // an opening between two neighbouring squares
    const side = Object.keys(moves).find((s) => moves[s][0] === b[0] - a[0] && moves[s][1] === b[1] - a[1]);
    return !!side && data.open[a[0]][a[1]].includes(side);
  }
  function step(r, c) {
    if (r < 0 || r >= R || c < 0 || c >= C || !inside(r, c)) return false;
    const at = trail.findIndex(([a, b]) => a === r && b === c);
    if (at >= 0) { if (at === trail.length - 1) return false; trail = trail.slice(0, at + 1); }
    else if (passage(trail[trail.length - 1], [r, c])) trail.push([r, c]);
    else return false;
    wrong.clear(); paint(); api.changed();
    return true;
  }
  function paint() {
    const on = new Set(trail.map(([r, c]) => key(r, c)));
    const [hr, hc] = trail[trail.length - 1];
    for (let r = 0; r < R; r++) for (let c = 0; c < C; c++) {
      if (!inside(r, c)) continue;
      const td = tds[r][c], k = key(r, c);
      td.classList.toggle("trail", on.has(k));
      td.classList.toggle("here", r === hr && c === hc);
      td.classList.toggle("wrong", wrong.has(k));
      const parts = [Shell.cellName(r, c)];
      if (r === er && c === ec) parts.push(T.web_entrance);
      if (r === xr && c === xc) parts.push(T.web_exit);
      if (on.has(k)) parts.push(T.web_path);
      if (wrong.has(k)) parts.push(api.text.wrong);
      td.setAttribute("aria-label", parts.join(", "));
    }
  }
  let drag = false;
  table.addEventListener("pointerdown", (event) => {
    const cell = board.at(event.clientX, event.clientY);
    if (!cell) return;
    event.preventDefault();
    step(...cell);
    board.go(...trail[trail.length - 1]);
    drag = true;
    table.setPointerCapture(event.pointerId);
  });
  table.addEventListener("pointermove", (event) => {
    if (!drag) return;
    const cell = board.at(event.clientX, event.clientY);
    if (cell) Shell.walk(trail[trail.length - 1], cell, step);
  });
  const stop = () => { if (drag) board.go(...trail[trail.length - 1]); drag = false; };
  table.addEventListener("pointerup", stop);
  table.addEventListener("pointercancel", stop);
  board.go(er, ec, false);
  paint();
  const right = () => {             // how much of the trail follows the one way through
    let n = 0;
    while (n < trail.length && n < data.solution.length && key(...trail[n]) === key(...data.solution[n])) n++;
    return n;
  };
  return {
    scopes: ["cell", "all"],
    state: () => ({t: trail}),
    restore(saved) { trail = saved.t.length ? saved.t : [data.entrance]; paint(); },
    solved: () => key(...trail[trail.length - 1]) === key(xr, xc),
    check() {
      for (const [r, c] of trail) if (!onTruth.has(key(r, c))) wrong.add(key(r, c));
      paint();
      return wrong.size;
    },
    reveal(scope) {
      trail = scope === "all" ? data.solution.slice() : data.solution.slice(0, Math.min(right() + 1, data.solution.length));
      wrong.clear(); paint(); board.go(...trail[trail.length - 1], false);
    },
    reset() { trail = [data.entrance]; wrong.clear(); paint(); board.go(er, ec, false); },
  };
});
