"use strict";
// Flow: join each pair of equal labels. Drag from a label (or from the end of a line),
// or click squares one after another; from the keyboard, Enter on a label (or a line's
// end) takes the pen and the arrow keys draw, Escape puts it down. Drawing over another
// line cuts it; going back over your own line takes it back.
Shell.play((data, api) => {
  const T = data.text, R = data.rows, C = data.cols, key = (r, c) => r * C + c;
  const ends = new Map();                 // cell key -> pair index
  data.paths.forEach((p, i) => { ends.set(key(...p[0]), i); ends.set(key(...p[p.length - 1]), i); });
  const truth = new Map();                // cell key -> pair index in the solution
  data.paths.forEach((p, i) => p.forEach(([r, c]) => truth.set(key(r, c), i)));
  let lines = data.paths.map(() => []);   // the solver's lines, each from one of its ends
  let pen = null, drag = false;
  const wrong = new Set();
  const board = Shell.grid(R, C, {
    onArrow: ([dr, dc]) => {
      if (pen === null) return false;
      const drawing = pen, line = lines[pen], [r, c] = line[line.length - 1];
      if (extend(r + dr, c + dc)) board.go(...lines[drawing][lines[drawing].length - 1]);
      return true;
    },
    onKey: (k, r, c) => {
      if (k === "Enter" || k === " ") { if (pen !== null && isEnd(r, c)) pen = null; else take(r, c); paint(); return true; }
      if (k === "Escape") { pen = null; paint(); return true; }
      return false;
    },
  });
  const {tds, table} = board;
  table.classList.add("flow");
  for (let r = 0; r < R; r++) for (let c = 0; c < C; c++) {
    tds[r][c].append(...["t", "r", "b", "l"].map((side) => api.el("span", {class: "arm " + side, "aria-hidden": "true"})));
    tds[r][c].append(api.el("span", {class: "dot", "aria-hidden": "true"}, ends.has(key(r, c)) ? data.labels[ends.get(key(r, c))] : ""));
  }
  api.board.append(table, api.el("p", {class: "help"}, T.web_keys));

  const owner = () => {
    const map = new Map();
    lines.forEach((line, i) => line.forEach(([r, c]) => map.set(key(r, c), i)));
    return map;
  };
  const complete = (i) => {
    const line = lines[i];
    return line.length > 1 && ends.get(key(...line[line.length - 1])) === i
      && key(...line[line.length - 1]) !== key(...line[0]);
  };
  function isEnd(r, c) {              // the moving end of the pen's line
    const line = pen === null ? [] : lines[pen];
    return line.length > 0 && key(...line[line.length - 1]) === key(r, c);
  }
  function take(r, c) {               // pick up the pen at a label or on a line
    const k = key(r, c);
    if (ends.has(k)) {
      pen = ends.get(k);
      const line = lines[pen];
      // a complete line picked up at its far end is taken back from there
      lines[pen] = line.length && key(...line[line.length - 1]) === k ? line : [[r, c]];
      if (complete(pen)) lines[pen] = [[r, c]];
      changed();
      return true;
    }
    const mine = owner().get(k);
    if (mine === undefined) return false;
    pen = mine;
    lines[pen] = lines[pen].slice(0, lines[pen].findIndex(([a, b]) => key(a, b) === k) + 1);
    changed();
    return true;
  }
  function extend(r, c) {             // the pen's line one square on; true if it moved
    if (pen === null || r < 0 || r >= R || c < 0 || c >= C) return false;
    const line = lines[pen], [lr, lc] = line[line.length - 1], k = key(r, c);
    if (Math.abs(lr - r) + Math.abs(lc - c) !== 1) return false;
    const back = line.findIndex(([a, b]) => key(a, b) === k);
    if (back >= 0) { lines[pen] = line.slice(0, back + 1); changed(); return true; }
    if (complete(pen)) return false;
    if (ends.has(k) && ends.get(k) !== pen) return false;
    const other = owner().get(k);
    if (other !== undefined) {        // cut the other line where this one crosses it
      lines[other] = lines[other].slice(0, lines[other].findIndex(([a, b]) => key(a, b) === k));
    }
    line.push([r, c]);
    if (complete(pen)) pen = null;
    changed();
    return true;
  }
  function changed() { wrong.clear(); paint(); api.changed(); }
  function paint() {
    const own = owner();
    for (let r = 0; r < R; r++) for (let c = 0; c < C; c++) {
      const td = tds[r][c], k = key(r, c), i = own.has(k) ? own.get(k) : ends.get(k);
      td.className = "";
      if (i !== undefined) { td.style.setProperty("--hue", (i * 137) % 360); td.classList.add("p"); }
      if (ends.has(k)) td.classList.add("end");
      if (wrong.has(k)) td.classList.add("wrong");
      if (pen !== null && isEnd(r, c)) td.classList.add("pen");
      const parts = [Shell.cellName(r, c)];
      if (ends.has(k)) parts.push(T.web_end.replace("{label}", data.labels[ends.get(k)]));
      else if (own.has(k)) parts.push(T.web_line.replace("{label}", data.labels[own.get(k)]));
      else parts.push(api.text.empty);
      if (wrong.has(k)) parts.push(api.text.wrong);
      td.setAttribute("aria-label", parts.join(", "));
    }
    lines.forEach((line, i) => line.forEach(([r, c], n) => {
      for (const next of [line[n - 1], line[n + 1]]) {
        if (!next) continue;
        const [a, b] = next;
        tds[r][c].classList.add(a < r ? "t" : a > r ? "b" : b < c ? "l" : "r");
      }
    }));
  }
  const cellOf = (event) => board.at(event.clientX, event.clientY);
  table.addEventListener("pointerdown", (event) => {
    const cell = cellOf(event);
    if (!cell) return;
    event.preventDefault();
    board.go(...cell);
    if (!(pen !== null && extend(...cell))) take(...cell);
    drag = true;
    table.setPointerCapture(event.pointerId);
  });
  table.addEventListener("pointermove", (event) => {
    if (!drag || pen === null) return;
    const cell = cellOf(event);
    if (cell && !isEnd(...cell)) Shell.walk(lines[pen][lines[pen].length - 1], cell, extend);
  });
  const stop = () => { drag = false; };
  table.addEventListener("pointerup", stop);
  table.addEventListener("pointercancel", stop);
  paint();
  const solvedLine = (i) => data.paths[i].map(([r, c]) => [r, c]);
  return {
    scopes: ["entry", "all"],
    state: () => ({l: lines}),
    restore(saved) { if (saved.l.length === lines.length) lines = saved.l; paint(); },
    solved: () => lines.every((_, i) => complete(i)) && owner().size === R * C,
    check() {
      for (const [k, i] of owner()) if (truth.get(k) !== i) wrong.add(k);
      paint();
      return wrong.size;
    },
    reveal(scope) {
      const here = board.here(), own = owner().get(key(...here));
      const first = lines.findIndex((_, i) => !complete(i));
      const pick = scope === "all" ? lines.map((_, i) => i) : [own !== undefined ? own : ends.has(key(...here)) ? ends.get(key(...here)) : first];
      for (const i of pick) {
        if (i < 0 || i === undefined) continue;
        for (const [r, c] of data.paths[i]) {       // clear what lies on the true line
          const o = owner().get(key(r, c));
          if (o !== undefined && o !== i) lines[o] = lines[o].slice(0, lines[o].findIndex(([a, b]) => a === r && b === c));
        }
        lines[i] = solvedLine(i);
      }
      pen = null; wrong.clear(); paint();
    },
    reset() { lines = data.paths.map(() => []); pen = null; wrong.clear(); paint(); },
  };
});
