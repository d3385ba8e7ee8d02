"use strict";
// The typing grid: squares the solver types letters or digits into (crossword, fill-in,
// Sudoku, cryptogram, scramble, the Latin squares, Kakuro). Data: {rows, cols, cells, entries,
// lists, pencil, keys, advance, word_groups, note, outside}; a cell is null (a block) or
// {s: solution, g: given, t: fixed text, n: number, l: small label, grp: group (typing
// fills every cell of it), b: thick edges "trbl", k: cage edges, ks: cage sum, kl: its
// spoken label (default "cage {sum}"), o: circled, x: signs on its sides {r, b} (a
// Futoshiki's "<" or ">"; below, turned a quarter), say: more words for its label};
// `spaced`: the squares apart, the signs in the gaps. `sums`: [{r, c, a, d}], a block
// with the sums of the runs across (a) and down (d) from it, either side of a diagonal
// (a Kakuro's; its entries say them, and `say`, if given, in the block's label); `gaps`:
// "void" (no square) or "grey" blocks; `block`: a block's label (default "black square"). `outside`: {top, bottom, left, right}, a
// clue (or null) beyond each row's or column's end, drawn only: a kind says them in
// the labels of the cells beside them. An entry is {label, clue,
// list, cells: [[r, c], ...]}. Arrow keys move, Tab/Shift+Tab go to the next/previous
// entry, Space turns the direction, Backspace erases; `pencil` adds pencil marks.
// `flow`: `cells` is one line of text, null between words, wrapped at words to the width
// of the page (see flowed) and saved in reading order, so another width finds it again; a
// turned phone or a resized window reloads the page to wrap it anew.
// `api.units` ({"IJ": "Ĳ"}, the cell units the puzzle joins; none where it prints I and J
// apart, as a word ladder): typing I then J fills the I's cell with the one-cell Ĳ, shown
// as "IJ" as in print.
// `key`: {label, number} (a codeword's): under the grid a square per group (1..N) shows
// the letter its cells hold, as the printed key does; a click goes to its first open
// cell; the letter pad strikes the letters in use, as the printed alphabet is crossed.
Shell.cells = (data, api) => {
  const T = api.text, el = api.el;
  if (data.flow) {
    const fit = squaresAcross();
    data = {...data, ...flowed(data.cells[0], fit)};
    let wait = 0;
    window.addEventListener("resize", () => {
      clearTimeout(wait);
      wait = setTimeout(() => { if (squaresAcross() !== fit) location.reload(); }, 300);
    });
  }
  const R = data.rows, C = data.cols;
  const keys = data.keys || api.alphabet;
  const upper = (ch) => ch.toLocaleUpperCase(api.language);
  const units = api.units || {};
  const shown = (v) => Object.entries(units).reduce((s, [letters, unit]) => s.split(unit).join(letters), v);
  let last = null;       // the cell a letter was just typed into: {r, c, ch}
  // The cursor's square was chosen (a click, a key): a click on it again turns the
  // direction. The square the page starts on, or one a press just focused, is not yet:
  // the first click on it keeps the direction.
  let chosen = false;
  const at = (r, c) => (r >= 0 && r < R && c >= 0 && c < C ? data.cells[r][c] : null);
  const playable = (r, c) => { const cell = at(r, c); return !!cell && cell.s !== undefined && !cell.g; };
  const value = [], pencil = [], wrong = new Set();
  const tds = [];
  const entries = (data.entries || []).map((e, i) => ({...e, i, dir: e.cells.length > 1 && e.cells[0][0] === e.cells[1][0] ? 0 : 1}));
  const entryAt = [[], []];     // [dir][r*C+c] -> entry
  for (const e of entries) for (const [r, c] of e.cells) entryAt[e.dir][r * C + c] = e;
  let row = 0, col = 0, dir = 0, pencilMode = false;

  const table = el("table", {class: data.spaced ? "grid spaced" : "grid", role: "grid", "aria-label": T.grid,
                             style: "--cols: " + (C + (data.outside ? 2 : 0))});
  const clueBar = el("p", {class: "clue-bar", "aria-live": "polite"});
  const sums = {};
  for (const k of data.sums || []) sums[k.r * C + k.c] = k;
  const out = data.outside;
  const outCell = (clue) => el("td", {class: "out", "aria-hidden": "true"}, clue == null ? "" : String(clue));
  const outRow = (clues) => {
    const tr = el("tr", {"aria-hidden": "true"});
    tr.append(outCell(null), ...clues.map(outCell), outCell(null));
    return tr;
  };
  if (out) table.append(outRow(out.top));
  for (let r = 0; r < R; r++) {
    const tr = el("tr", {role: "row"});
    if (out) tr.append(outCell(out.left[r]));
    value.push([]); pencil.push([]); tds.push([]);
    for (let c = 0; c < C; c++) {
      const cell = at(r, c);
      const td = el("td", {role: "gridcell", "data-row": r, "data-col": c, tabindex: -1});
      value[r].push(cell && cell.g ? cell.s : "");
      pencil[r].push("");
      if (!cell) {
        const k = sums[r * C + c];
        td.className = data.gaps === "void" ? "void" : data.gaps === "grey" ? "block grey" : "block";
        td.setAttribute("aria-label", data.gaps === "void" ? T.space
          : [data.block || T.block, ...(k && k.say ? [k.say] : [])].join(", "));
        if (k) {
          td.classList.add("sums");
          if (k.a !== null) td.append(el("span", {class: "sa", "aria-hidden": "true"}, k.a));
          if (k.d !== null) td.append(el("span", {class: "sd", "aria-hidden": "true"}, k.d));
        }
      }
      else {
        if (cell.t !== undefined) td.classList.add("fixed");
        if (cell.g) td.classList.add("given");
        if (cell.o) td.classList.add("circled");
        if (cell.ks) td.classList.add("labelled");
        for (const side of cell.b || "") td.classList.add("b" + side);
        for (const side of cell.k || "") td.classList.add("k" + side);
        if (cell.n) td.append(el("span", {class: "num", "aria-hidden": "true"}, cell.n));
        if (cell.ks) td.append(el("span", {class: "sum", "aria-hidden": "true", style: "--len: " + cell.ks.length}, cell.ks));
        for (const side in cell.x || {}) td.append(el("span", {class: "sign s" + side, "aria-hidden": "true"}, cell.x[side]));
        td.append(el("span", {class: "val"}, cell.t !== undefined ? cell.t : ""));
        if (cell.l) { td.classList.add("coded"); td.append(el("span", {class: "lab", "aria-hidden": "true"}, cell.l)); }
        if (data.pencil) td.append(el("span", {class: "pen", "aria-hidden": "true"}));
      }
      tr.append(td); tds[r].push(td);
    }
    if (out) tr.append(outCell(out.right[r]));
    table.append(tr);
  }
  if (out) table.append(outRow(out.bottom));
  if (table.querySelector(".num")) table.classList.add("numbered");
  const lists = el("div", {class: "clues"});
  const clueButtons = [];
  (data.lists || []).forEach((heading, index) => {
    const box = el("section", {}), id = "list-" + index;
    box.append(el("h2", {id}, heading));
    const ol = el("ol", {"aria-labelledby": id});
    for (const e of entries.filter((e) => (e.list || 0) === index)) {
      const button = el("button", {type: "button", class: "clue"});
      button.append(el("b", {}, e.label + " "), document.createTextNode(e.clue || ""));
      button.addEventListener("click", () => { dir = e.dir; go(...firstEmpty(e)); });
      clueButtons[e.i] = button;
      const li = el("li", {}); li.append(button); ol.append(li);
    }
    box.append(ol); lists.append(box);
  });
  (data.word_groups || []).forEach((group, index) => {     // a fill-in's list, by length
    const box = el("section", {}), id = "words-" + index;
    box.append(el("h2", {id}, group.title));
    const ul = el("ul", {class: "words", "aria-labelledby": id});
    for (const w of group.words) ul.append(el("li", {}, w));
    box.append(ul); lists.append(box);
  });
  const pad = el("div", {class: "keys", role: "group", "aria-label": T.keyboard});
  for (const ch of keys) pad.append(el("button", {type: "button", "data-key": ch, tabindex: -1}, ch));
  pad.append(el("button", {type: "button", "data-key": "Backspace", tabindex: -1, "aria-label": T.erase}, "⌫"));
  pad.addEventListener("pointerdown", (event) => event.preventDefault());   // keep the grid's focus
  pad.addEventListener("click", (event) => {
    const b = event.target.closest("button"); if (b) press(b.dataset.key);
  });
  const tools = el("div", {class: "cell-tools"});
  let pencilButton = null;
  if (data.pencil) {
    pencilButton = el("button", {type: "button", "aria-pressed": "false", title: T.pencil_key}, T.pencil);
    pencilButton.addEventListener("click", () => setPencil(!pencilMode));
    tools.append(pencilButton);
  }
  const keyOf = {};         // a group's square in the key strip
  const strip = data.key ? el("div", {class: "key-strip", role: "group", "aria-label": data.key.label,
                                      style: "--cols: " + C}) : null;
  if (strip) {
    const groups = [...new Set(allCells().map(([r, c]) => at(r, c) && at(r, c).grp).filter(Boolean))];
    for (const g of groups.sort((a, b) => a - b)) {
      const b = el("button", {type: "button", tabindex: -1});
      b.append(el("small", {"aria-hidden": "true"}, g), el("span", {"aria-hidden": "true"}));
      b.addEventListener("click", () => {
        const cells = allCells().filter(([r, c]) => at(r, c) && at(r, c).grp === g);
        const open = cells.find(([r, c]) => playable(r, c));
        if (open || cells.length) go(...(open || cells[0]));
      });
      keyOf[g] = b; strip.append(b);
    }
  }
  function keyLetter(g, ch) {
    const b = keyOf[g];
    b.lastChild.textContent = shown(ch);
    b.setAttribute("aria-label", data.key.number.replace("{n}", g) + ": " + (shown(ch) || T.empty));
    const used = new Set(Object.values(keyOf).map((k) => k.lastChild.textContent));
    for (const k of pad.querySelectorAll("button[data-key]")) k.classList.toggle("used", used.has(shown(k.dataset.key)));
  }
  const layout = el("div", {class: "cells-layout"});
  const left = el("div", {class: "cells-grid"});
  left.append(...(entries.length ? [clueBar] : []), table, ...(strip ? [strip] : []), tools, pad);
  if (data.note) left.insertBefore(el("p", {class: "note"}, data.note), tools);
  layout.append(left, lists);
  api.board.append(layout);

  function setPencil(on) {
    pencilMode = on;
    pencilButton.setAttribute("aria-pressed", String(on));
  }
  function entryOf(r, c, d) { return entryAt[d][r * C + c]; }
  function current() { return entryOf(row, col, dir) || entryOf(row, col, 1 - dir); }
  function firstEmpty(e) {
    for (const [r, c] of e.cells) if (playable(r, c) && !value[r][c]) return [r, c];
    return e.cells[0];
  }
  function label(r, c) {
    const cell = at(r, c), td = tds[r][c];
    if (!cell) return;
    const parts = [];
    for (const d of [0, 1]) { const e = entryOf(r, c, d); if (e) parts.push(e.label); }
    parts.push(T.cell.replace("{row}", r + 1).replace("{col}", c + 1));
    if (cell.t !== undefined) parts.push(cell.t.trim() || T.space);
    else parts.push(value[r][c] || T.empty);
    if (cell.l) parts.push(T.code.replace("{code}", cell.l));
    if (cell.ks) parts.push(cell.kl || T.cage.replace("{sum}", cell.ks));
    parts.push(...(cell.say || []));
    if (pencil[r][c]) parts.push(T.pencil + " " + pencil[r][c].split("").join(" "));
    if (cell.g) parts.push(T.given);
    if (wrong.has(r * C + c)) parts.push(T.wrong);
    td.setAttribute("aria-label", parts.join(", "));
  }
  function paint(r, c) {
    const cell = at(r, c), td = tds[r][c];
    if (!cell) return;
    if (cell.t === undefined) td.querySelector(".val").textContent = shown(value[r][c]);
    if (data.pencil) td.querySelector(".pen").textContent = value[r][c] ? "" : pencil[r][c];
    td.classList.toggle("wrong", wrong.has(r * C + c));
    label(r, c);
    if (cell.grp && keyOf[cell.grp]) keyLetter(cell.grp, value[r][c]);
  }
  function highlight() {
    for (const line of tds) for (const td of line) td.classList.remove("here", "word");
    const e = current();
    if (e) for (const [r, c] of e.cells) tds[r][c].classList.add("word");
    tds[row][col].classList.add("here");
    clueButtons.forEach((b, i) => b && b.classList.toggle("current", !!e && e.i === i));
    clueBar.textContent = e ? e.label + (e.clue ? ": " + e.clue : "") : "";
  }
  function go(r, c, focus = true) {
    last = null;
    tds[row][col].tabIndex = -1;
    row = r; col = c;
    chosen = focus;
    tds[r][c].tabIndex = 0;
    if (!entryOf(r, c, dir) && entryOf(r, c, 1 - dir)) dir = 1 - dir;
    highlight();
    if (focus) tds[r][c].focus();
  }
  function step(dr, dc) {           // the next cell that is not a block, in a direction
    let r = row + dr, c = col + dc;
    while (r >= 0 && r < R && c >= 0 && c < C) {
      if (at(r, c)) return [r, c];
      r += dr; c += dc;
    }
    return null;
  }
  function set(r, c, ch) {
    const cell = at(r, c);
    const same = cell.grp ? allCells().filter(([a, b]) => at(a, b).grp === cell.grp && playable(a, b)) : [[r, c]];
    for (const [a, b] of same) { value[a][b] = ch; wrong.delete(a * C + b); paint(a, b); }
  }
  // how many squares of about 2rem the board holds across
  function squaresAcross() {
    return Math.floor((api.board.clientWidth - 8) / (2 * parseFloat(getComputedStyle(document.documentElement).fontSize)));
  }
  // a text's squares in lines of `fit` (a longer word gets a line of its own): {rows, cols, cells}
  function flowed(line, fit) {
    const words = [[]];
    for (const cell of line) {
      if (cell) words[words.length - 1].push(cell);
      else if (words[words.length - 1].length) words.push([]);
    }
    const width = Math.max(fit, ...words.map((w) => w.length));
    const rows = [];
    for (const word of words.filter((w) => w.length)) {
      const last = rows[rows.length - 1];
      if (last && last.length + 1 + word.length <= width) last.push(null, ...word);
      else rows.push([...word]);
    }
    const cols = Math.max(...rows.map((r) => r.length));
    return {rows: rows.length, cols, cells: rows.map((r) => r.concat(Array(cols - r.length).fill(null)))};
  }
  // the saved lines: the rows, or a flowing text's one line in reading order
  function saved(grid) {
    return data.flow ? [allCells().map(([r, c]) => grid[r][c]).join("\u0001")] : grid.map((line) => line.join("\u0001"));
  }
  function unsaved(lines, put) {
    const cells = allCells();
    lines.forEach((line, r) => line.split("\u0001").forEach((ch, c) => (data.flow ? put(...cells[c], ch) : put(r, c, ch))));
  }
  function allCells() {
    const out = [];
    for (let r = 0; r < R; r++) for (let c = 0; c < C; c++) if (at(r, c)) out.push([r, c]);
    return out;
  }
  function advance(back) {
    const e = entryOf(row, col, dir);
    if (e) {
      const k = e.cells.findIndex(([r, c]) => r === row && c === col) + (back ? -1 : 1);
      if (k >= 0 && k < e.cells.length) go(...e.cells[k]);
      return;
    }
    if (data.advance !== "reading") return;
    const cells = allCells().filter(([r, c]) => playable(r, c));
    const k = cells.findIndex(([r, c]) => r === row && c === col) + (back ? -1 : 1);
    if (k >= 0 && k < cells.length) go(...cells[k]);
  }
  function type(ch) {
    if (!playable(row, col)) { advance(false); return; }
    if (pencilMode) {
      const marks = pencil[row][col];
      pencil[row][col] = marks.includes(ch) ? marks.replace(ch, "") : [...marks + ch].sort().join("");
      paint(row, col);
    } else if (last && units[last.ch + ch] && at(last.r, last.c)) {
      set(last.r, last.c, units[last.ch + ch]);        // I then J: one cell, Ĳ
      last = null;
    } else {
      const typed = {r: row, c: col, ch};
      set(row, col, ch);
      advance(false);
      last = typed;
    }
    api.changed();
  }
  function erase() {
    if (playable(row, col) && (value[row][col] || pencil[row][col])) {
      if (value[row][col]) set(row, col, ""); else { pencil[row][col] = ""; paint(row, col); }
    } else {
      advance(true);
      if (playable(row, col)) set(row, col, "");
    }
    api.changed();
  }
  function tab(back) {
    if (!entries.length) return false;
    const here = current();
    const order = [...entries].sort((a, b) => a.dir - b.dir || a.i - b.i);
    const k = here ? order.indexOf(here) + (back ? -1 : 1) : 0;
    if (k < 0 || k >= order.length) return false;     // leave the grid: no keyboard trap
    dir = order[k].dir;
    go(...firstEmpty(order[k]));
    return true;
  }
  function press(key, event) {
    const ch = key.length === 1 ? upper(key) : "";
    if (ch && keys.includes(ch)) { type(ch); return true; }
    switch (key) {
      case "Backspace": case "Delete": erase(); return true;
      case "ArrowLeft": case "ArrowRight": case "ArrowUp": case "ArrowDown": {
        const d = key === "ArrowLeft" || key === "ArrowRight" ? 0 : 1;
        if (d !== dir && entryOf(row, col, d)) { dir = d; highlight(); return true; }
        const next = step(...({ArrowLeft: [0, -1], ArrowRight: [0, 1], ArrowUp: [-1, 0], ArrowDown: [1, 0]})[key]);
        if (next) go(...next);
        return true;
      }
      case " ": if (entryOf(row, col, 1 - dir)) { dir = 1 - dir; highlight(); } return true;
      case "Tab": return tab(event && event.shiftKey);
      case "Home": case "End": {
        const e = current(); if (e) go(...e.cells[key === "Home" ? 0 : e.cells.length - 1]);
        return true;
      }
    }
    if (data.pencil && (key === "p" || key === "P") && !keys.includes("P")) { setPencil(!pencilMode); return true; }
    return false;
  }
  table.addEventListener("keydown", (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (press(event.key, event)) event.preventDefault();
  });
  table.addEventListener("click", (event) => {
    const td = event.target.closest("td");
    if (!td || !at(+td.dataset.row, +td.dataset.col)) return;
    const r = +td.dataset.row, c = +td.dataset.col;
    if (r === row && c === col && chosen && entryOf(r, c, 1 - dir)) dir = 1 - dir;
    go(r, c);
  });
  table.addEventListener("focusin", (event) => {
    const td = event.target.closest("td");
    if (td && (+td.dataset.row !== row || +td.dataset.col !== col)) go(+td.dataset.row, +td.dataset.col, false);
  });

  function reveal(r, c) { if (playable(r, c)) { set(r, c, at(r, c).s); pencil[r][c] = ""; paint(r, c); } }
  const start = allCells().find(([r, c]) => playable(r, c)) || [0, 0];
  for (const [r, c] of allCells()) paint(r, c);
  go(start[0], start[1], false);
  return {
    scopes: entries.length ? ["cell", "entry", "all"] : ["cell", "all"],
    state: () => ({v: saved(value.map((line) => line.map((ch) => ch || ""))), p: saved(pencil)}),
    restore(state) {
      unsaved(state.v, (r, c, ch) => { if (playable(r, c)) value[r][c] = ch; });
      unsaved(state.p || [], (r, c, ch) => { if (at(r, c)) pencil[r][c] = ch; });
      for (const [r, c] of allCells()) paint(r, c);
    },
    solved: () => allCells().every(([r, c]) => !playable(r, c) || value[r][c] === at(r, c).s),
    check() {
      for (const [r, c] of allCells()) {
        if (playable(r, c) && value[r][c] && value[r][c] !== at(r, c).s) wrong.add(r * C + c);
        paint(r, c);
      }
      return wrong.size;
    },
    reveal(scope) {
      if (scope === "cell") reveal(row, col);
      else if (scope === "entry") { const e = current(); if (e) for (const [r, c] of e.cells) reveal(r, c); else reveal(row, col); }
      else for (const [r, c] of allCells()) reveal(r, c);
    },
    reset() {
      wrong.clear();
      for (const [r, c] of allCells()) { if (playable(r, c)) value[r][c] = ""; pencil[r][c] = ""; paint(r, c); }
      go(start[0], start[1], false);
    },
  };
};
