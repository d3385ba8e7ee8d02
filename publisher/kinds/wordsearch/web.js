"use strict";
// Word search: drag across a word, or choose its first and last letter (tap, click, or
// Enter/Space on the focused letter); arrow keys move; found words are struck out.
Shell.play((data, api) => {
  const T = data.text, el = api.el;
  const R = data.rows, C = data.cols;
  const found = new Set(), inWords = {};
  let anchor = null, drag = null;
  const board = Shell.grid(R, C, {open: (r, c) => !!data.grid[r][c], onKey: (key, r, c) => {
    if (key === "Enter" || key === " ") tap([r, c]);
    else if (key === "Escape") { anchor = null; paint(); api.say(""); }
    else return false;
    return true;
  }});
  const {table, tds} = board;
  table.classList.add("letters");
  for (let r = 0; r < R; r++) for (let c = 0; c < C; c++) tds[r][c].textContent = data.grid[r][c] || "";
  const list = el("ul", {class: "found-list", "aria-labelledby": "word-list"});
  const items = data.words.map((w) => {
    const li = el("li", {}, w.clue || w.text);
    list.append(li);
    return li;
  });
  const side = el("section", {class: "word-side"});
  side.append(el("h2", {id: "word-list"}, T.web_words), list);
  const layout = el("div", {class: "cells-layout"});
  layout.append(table, side);
  api.board.append(layout);

  const key = (r, c) => r * C + c;
  function label(r, c) {
    const td = tds[r][c], letter = data.grid[r][c];
    if (!letter) { td.setAttribute("aria-label", api.text.space); return; }
    const parts = [letter, api.text.cell.replace("{row}", r + 1).replace("{col}", c + 1)];
    if (inWords[key(r, c)]) parts.push(T.web_found_cell);
    if (anchor && anchor[0] === r && anchor[1] === c) parts.push(T.web_first_cell);
    td.setAttribute("aria-label", parts.join(", "));
  }
  function paint() {
    for (const k in inWords) delete inWords[k];
    for (const i of found) for (const [r, c] of data.words[i].cells) inWords[key(r, c)] = true;
    for (let r = 0; r < R; r++) for (let c = 0; c < C; c++) {
      tds[r][c].classList.toggle("found", !!inWords[key(r, c)]);
      tds[r][c].classList.toggle("anchor", !!anchor && anchor[0] === r && anchor[1] === c);
      label(r, c);
    }
    data.words.forEach((w, i) => {
      const li = items[i];
      li.classList.toggle("found", found.has(i));
      li.textContent = found.has(i) ? "✓ " + (w.clue ? w.clue + ": " + w.text : w.text) : (w.clue || w.text);
    });
  }
  function line(a, b) {
    const dr = Math.sign(b[0] - a[0]), dc = Math.sign(b[1] - a[1]);
    const n = Math.max(Math.abs(b[0] - a[0]), Math.abs(b[1] - a[1]));
    if (!n || (dr && dc && Math.abs(b[0] - a[0]) !== Math.abs(b[1] - a[1]))) return null;
    return Array.from({length: n + 1}, (_, k) => [a[0] + k * dr, a[1] + k * dc]);
  }
  const same = (x, y) => x.length === y.length && x.every(([r, c], k) => r === y[k][0] && c === y[k][1]);
  function select(a, b) {
    for (const td of table.querySelectorAll(".wrong")) td.classList.remove("wrong");
    const cells = line(a, b);
    const i = cells ? data.words.findIndex((w, i) => !found.has(i) && (same(w.cells, cells) || same([...w.cells].reverse(), cells))) : -1;
    if (i < 0) {
      for (const [r, c] of cells || [a, b]) tds[r][c].classList.add("wrong");
      api.say(T.web_miss);
      return;
    }
    found.add(i);
    paint();
    api.say(T.web_found.replace("{word}", data.words[i].text));
    api.changed();
  }
  function tap(cell) {
    if (!data.grid[cell[0]][cell[1]]) return;
    if (!anchor) { anchor = cell; paint(); api.say(T.web_first); return; }
    const first = anchor;
    anchor = null;
    if (first[0] === cell[0] && first[1] === cell[1]) { paint(); api.say(""); return; }
    paint();
    select(first, cell);
  }
  function preview() {
    for (const td of table.querySelectorAll(".sel")) td.classList.remove("sel");
    if (!drag) return;
    for (const [r, c] of line(drag.start, drag.end) || [drag.start]) tds[r][c].classList.add("sel");
  }
  table.addEventListener("pointerdown", (event) => {
    const cell = board.at(event.clientX, event.clientY);
    if (!cell) return;
    event.preventDefault();
    table.setPointerCapture(event.pointerId);
    drag = {start: cell, end: cell};
    board.go(cell[0], cell[1]);
    preview();
  });
  table.addEventListener("pointermove", (event) => {
    if (!drag) return;
    const cell = board.at(event.clientX, event.clientY);
    if (cell && (cell[0] !== drag.end[0] || cell[1] !== drag.end[1])) { drag.end = cell; preview(); }
  });
  const end = () => {
    if (!drag) return;
    const {start, end} = drag;
    drag = null;
    preview();
    if (start[0] === end[0] && start[1] === end[1]) tap(start);
    else { anchor = null; paint(); select(start, end); }
  };
  table.addEventListener("pointerup", end);
  table.addEventListener("pointercancel", () => { drag = null; preview(); });
  paint();
  return {
    scopes: ["entry", "all"],
    state: () => ({f: [...found]}),
    restore(state) { for (const i of state.f) if (data.words[i]) found.add(i); paint(); },
    solved: () => found.size === data.words.length,
    check: () => table.querySelectorAll(".wrong").length,
    reveal(scope) {
      const left = data.words.map((_, i) => i).filter((i) => !found.has(i));
      for (const i of scope === "all" ? left : left.slice(0, 1)) found.add(i);
      paint();
    },
    reset() { found.clear(); anchor = null; paint(); },
  };
});
