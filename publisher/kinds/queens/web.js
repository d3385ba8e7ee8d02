"use strict";
// Queens: a click marks a square empty, a second click puts a queen, a third clears it;
// Q and X do the same from the keyboard, Backspace clears. Given queens stay.
Shell.play((data, api) => {
  const T = data.text, n = data.size, EMPTY = 0, MARK = 1, QUEEN = 2;
  const state = Array.from({length: n}, () => Array(n).fill(EMPTY));
  const given = new Set(data.givens.map(([r, c]) => r * n + c));
  const answer = new Set(data.solution.map(([r, c]) => r * n + c));
  const wrong = new Set();
  const board = Shell.grid(n, n, {onKey: (key, r, c) => {
    const k = key.toLowerCase();
    if (k === "q") set(r, c, state[r][c] === QUEEN ? EMPTY : QUEEN);
    else if (k === "x") set(r, c, state[r][c] === MARK ? EMPTY : MARK);
    else if (key === "Backspace" || key === "Delete") set(r, c, EMPTY);
    else if (key === "Enter" || key === " ") set(r, c, (state[r][c] + 1) % 3);
    else return false;
    return true;
  }});
  const {tds} = board;
  board.table.classList.add("queens");
  for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) {
    const td = tds[r][c];
    if (data.regions) {
      td.dataset.region = data.regions[r][c];
      td.style.setProperty("--hue", ((data.regions[r][c].charCodeAt(0) - 65) * 137) % 360);
      for (const side of data.edges[r][c]) td.classList.add("b" + side);
    }
    if (given.has(r * n + c)) { state[r][c] = QUEEN; td.classList.add("given"); }
  }
  const help = api.el("p", {class: "help"}, T.web_keys);
  api.board.append(board.table, help);
  board.table.addEventListener("click", (event) => {
    const td = event.target.closest("td");
    if (!td) return;
    const r = +td.dataset.row, c = +td.dataset.col;
    board.go(r, c);
    set(r, c, (state[r][c] + 1) % 3);
  });
  function set(r, c, value) {
    if (given.has(r * n + c)) return;
    state[r][c] = value;
    wrong.delete(r * n + c);
    paint(r, c);
    api.changed();
  }
  function paint(r, c) {
    const td = tds[r][c], s = state[r][c];
    td.textContent = s === QUEEN ? "♛" : s === MARK ? "×" : "";
    td.classList.toggle("queen", s === QUEEN);
    td.classList.toggle("mark", s === MARK);
    td.classList.toggle("wrong", wrong.has(r * n + c));
    const parts = [Shell.cellName(r, c)];
    if (data.regions) parts.push(T.web_region.replace("{name}", data.regions[r][c]));
    parts.push(s === QUEEN ? T.web_queen : s === MARK ? T.web_mark : api.text.empty);
    if (given.has(r * n + c)) parts.push(api.text.given);
    if (wrong.has(r * n + c)) parts.push(api.text.wrong);
    td.setAttribute("aria-label", parts.join(", "));
  }
  const all = () => { for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) paint(r, c); };
  all();
  return {
    scopes: ["cell", "all"],
    state: () => ({s: state.map((row) => row.join(""))}),
    restore(saved) {
      saved.s.forEach((row, r) => [...row].forEach((v, c) => { if (!given.has(r * n + c)) state[r][c] = +v; }));
      all();
    },
    solved: () => state.every((row, r) => row.every((s, c) => (s === QUEEN) === answer.has(r * n + c))),
    check() {
      for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) {
        const s = state[r][c], queen = answer.has(r * n + c);
        if ((s === QUEEN && !queen) || (s === MARK && queen)) wrong.add(r * n + c);
      }
      all();
      return wrong.size;
    },
    reveal(scope) {
      const [hr, hc] = board.here();
      for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) {
        if (scope === "cell" && (r !== hr || c !== hc)) continue;
        if (!given.has(r * n + c)) state[r][c] = answer.has(r * n + c) ? QUEEN : (scope === "all" ? EMPTY : MARK);
        wrong.delete(r * n + c);
      }
      all();
    },
    reset() {
      wrong.clear();
      for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) if (!given.has(r * n + c)) state[r][c] = EMPTY;
      all();
    },
  };
});
