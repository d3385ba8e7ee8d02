"use strict";
// Nonogram: a click or tap cycles a cell filled, marked empty (×), blank; a drag gives
// every cell it crosses what the first cell became. Keyboard: arrows move, Space or F
// fills, X marks, Backspace clears. Given cells are filled and stay. Solved when the
// filled cells are the picture's (marks are only notes).
Shell.play((data, api) => {
  const T = data.text, R = data.rows, C = data.cols;
  const BLANK = 0, FILLED = 1, MARK = 2;
  const state = Array.from({length: R}, () => Array(C).fill(BLANK));
  const given = new Set(data.givens.map(([r, c]) => r * C + c));
  const answer = (r, c) => data.solution[r][c] === "#";
  const wrong = new Set();
  const board = Shell.grid(R, C, {onKey: (key, r, c) => {
    const k = key.toLowerCase();
    if (key === " " || k === "f") set(r, c, state[r][c] === FILLED ? BLANK : FILLED);
    else if (k === "x") set(r, c, state[r][c] === MARK ? BLANK : MARK);
    else if (key === "Backspace" || key === "Delete") set(r, c, BLANK);
    else if (key === "Enter") set(r, c, (state[r][c] + 1) % 3);
    else return false;
    api.changed();
    return true;
  }});
  const {table, tds} = board;
  table.classList.add("nonogram");
  // The clues: a header row of column clues (read top to bottom), a header cell of row
  // clues before each row; screen readers announce them with the cells they head.
  const runs = (clue) => (clue.length ? clue : [0]);
  const top = api.el("tr", {role: "row", class: "col-clues"});
  top.append(api.el("th", {role: "columnheader", scope: "col", class: "corner"}));
  top.firstChild.append(api.el("span", {class: "hidden"}, T.web_row_clues));
  const colHeads = data.col_clues.map((clue, c) => {
    const th = api.el("th", {role: "columnheader", scope: "col",
                             "aria-label": T.web_col_clue.replace("{n}", c + 1).replace("{clue}", runs(clue).join(" "))});
    for (const n of runs(clue)) th.append(api.el("span", {}, n));
    if ((c + 1) % 5 === 0 && c < C - 1) th.classList.add("t5r");
    top.append(th);
    return th;
  });
  table.prepend(top);
  const rowHeads = data.row_clues.map((clue, r) => {
    const th = api.el("th", {role: "rowheader", scope: "row",
                             "aria-label": T.web_row_clue.replace("{n}", r + 1).replace("{clue}", runs(clue).join(" "))});
    for (const n of runs(clue)) th.append(api.el("span", {}, n));
    if ((r + 1) % 5 === 0 && r < R - 1) th.classList.add("t5b");
    tds[r][0].before(th);
    return th;
  });
  // A cell's side follows the screen: the row clues' width counts as a few cells.
  const widest = Math.max(...data.row_clues.map((c) => runs(c).length));
  table.style.setProperty("--cell", `clamp(var(--tap), (100cqi - 1rem) / ${C + widest * 0.75}, 2.2rem)`);
  for (let r = 0; r < R; r++) for (let c = 0; c < C; c++) {
    const td = tds[r][c];
    if ((c + 1) % 5 === 0 && c < C - 1) td.classList.add("t5r");
    if ((r + 1) % 5 === 0 && r < R - 1) td.classList.add("t5b");
    if (given.has(r * C + c)) { state[r][c] = FILLED; td.classList.add("given"); }
  }
  api.board.append(table, api.el("p", {class: "help"}, T.web_keys));

  function set(r, c, value) {
    if (given.has(r * C + c)) return;
    state[r][c] = value;
    wrong.delete(r * C + c);
    paint(r, c);
  }
  // A line whose filled runs are its clue is done: its clue is struck through.
  function lineRuns(cells) {
    const out = [];
    let n = 0;
    for (const s of cells) { if (s === FILLED) n++; else if (n) { out.push(n); n = 0; } }
    if (n) out.push(n);
    return out.join(" ");
  }
  function markDone(r, c) {
    rowHeads[r].classList.toggle("done", lineRuns(state[r]) === data.row_clues[r].join(" "));
    colHeads[c].classList.toggle("done", lineRuns(state.map((line) => line[c])) === data.col_clues[c].join(" "));
  }
  function paint(r, c) {
    const td = tds[r][c], s = state[r][c], k = r * C + c;
    td.textContent = s === MARK ? "×" : "";
    td.classList.toggle("filled", s === FILLED);
    td.classList.toggle("mark", s === MARK);
    td.classList.toggle("wrong", wrong.has(k));
    const parts = [Shell.cellName(r, c)];
    parts.push(given.has(k) ? T.web_given : s === FILLED ? T.web_filled : s === MARK ? T.web_marked : api.text.empty);
    if (wrong.has(k)) parts.push(api.text.wrong);
    td.setAttribute("aria-label", parts.join(", "));
    markDone(r, c);
  }
  const all = () => { for (let r = 0; r < R; r++) for (let c = 0; c < C; c++) paint(r, c); };

  let paintWith = null, last = null;       // a drag: the state it paints, the last cell
  function stroke(r, c) {
    if (state[r][c] !== paintWith) set(r, c, paintWith);
    last = [r, c];
    return true;
  }
  table.addEventListener("pointerdown", (event) => {
    const cell = board.at(event.clientX, event.clientY);
    if (!cell || event.button > 0) return;
    event.preventDefault();
    const [r, c] = cell;
    board.go(r, c);
    if (given.has(r * C + c)) return;
    paintWith = (state[r][c] + 1) % 3;
    stroke(r, c);
    table.setPointerCapture(event.pointerId);
  });
  table.addEventListener("pointermove", (event) => {
    if (paintWith === null) return;
    const cell = board.at(event.clientX, event.clientY);
    if (cell && (cell[0] !== last[0] || cell[1] !== last[1])) Shell.walk(last, cell, stroke);
  });
  const stop = () => {
    if (paintWith === null) return;
    paintWith = null;
    board.go(...last);
    api.changed();
  };
  table.addEventListener("pointerup", stop);
  table.addEventListener("pointercancel", stop);
  all();
  return {
    scopes: ["cell", "all"],
    state: () => ({s: state.map((line) => line.join(""))}),
    restore(saved) {
      saved.s.forEach((line, r) => [...line].forEach((v, c) => { if (!given.has(r * C + c)) state[r][c] = +v; }));
      all();
    },
    solved: () => state.every((line, r) => line.every((s, c) => (s === FILLED) === answer(r, c))),
    check() {
      for (let r = 0; r < R; r++) for (let c = 0; c < C; c++) {
        const s = state[r][c];
        if ((s === FILLED && !answer(r, c)) || (s === MARK && answer(r, c))) wrong.add(r * C + c);
      }
      all();
      return wrong.size;
    },
    reveal(scope) {
      const [hr, hc] = board.here();
      for (let r = 0; r < R; r++) for (let c = 0; c < C; c++) {
        if (scope === "cell" && (r !== hr || c !== hc)) continue;
        if (!given.has(r * C + c)) state[r][c] = answer(r, c) ? FILLED : (scope === "all" ? BLANK : MARK);
        wrong.delete(r * C + c);
      }
      all();
    },
    reset() {
      wrong.clear();
      for (let r = 0; r < R; r++) for (let c = 0; c < C; c++) if (!given.has(r * C + c)) state[r][c] = BLANK;
      all();
    },
  };
});
