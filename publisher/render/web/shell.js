"use strict";
// The page shell, the same for every kind: toolbar, timer, saving, the solved contract.
// A kind's player calls Shell.play(make); make(data, api) returns the player:
//   {state(), restore(state), solved(), check() -> wrong count, reveal(scope), reset(),
//    scopes: ["cell", "entry", "all"] (the Reveal buttons it answers)}
// and calls api.changed() after every move of the solver.
const Shell = (() => {
  const page = JSON.parse(document.getElementById("page-data").textContent);
  const T = page.text;
  const main = document.querySelector("main");
  const board = main.querySelector(".board");
  const status = main.querySelector(".status");
  const timer = main.querySelector(".timer");
  const pauseButton = main.querySelector('[data-act="pause"]');
  const key = "make-book:" + page.book + ":" + page.id;
  let player = null, seconds = 0, paused = false, solved = false, revealed = false;

  function el(tag, attrs, text) {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(attrs || {})) {
      if (value === null || value === undefined || value === false) continue;
      if (name === "class") node.className = value;
      else node.setAttribute(name, value === true ? "" : value);
    }
    if (text !== undefined && text !== null) node.textContent = text;
    return node;
  }
  function clock(s) {
    const m = Math.floor(s / 60), r = s % 60;
    return m >= 60 ? Math.floor(m / 60) + ":" + String(m % 60).padStart(2, "0") + ":" + String(r).padStart(2, "0")
      : m + ":" + String(r).padStart(2, "0");
  }
  function say(message) { status.textContent = message; }
  function save() {
    try {
      localStorage.setItem(key, JSON.stringify({seconds, solved, revealed, state: player.state()}));
    } catch (e) { /* private mode or full: play on without saving */ }
  }
  function load() {
    try { return JSON.parse(localStorage.getItem(key) || "null"); } catch (e) { return null; }
  }
  function showTime() { timer.textContent = clock(seconds); }
  function finish(announce) {
    solved = true;
    main.dataset.solved = "true";
    say(revealed ? T.revealed : T.solved.replace("{time}", clock(seconds)));   // no time won by Reveal
    if (!announce) return;
    const message = {type: "puzzle-solved", id: page.id, seconds};
    if (revealed) message.revealed = true;
    try { window.parent.postMessage(message, "*"); } catch (e) { /* no parent to tell */ }
  }
  function changed() {
    if (solved && !player.solved()) { solved = false; main.dataset.solved = "false"; }
    if (!solved && player.solved()) finish(true);
    save();
  }
  function setPaused(value) {
    paused = value;
    main.classList.toggle("paused", paused);
    board.inert = paused;
    pauseButton.setAttribute("aria-pressed", String(paused));
    pauseButton.textContent = paused ? T.resume : T.pause;
    if (paused) say(T.paused);
    else say("");
  }
  function act(button) {
    const what = button.dataset.act;
    if (what === "pause") { setPaused(!paused); save(); return; }
    if (paused) setPaused(false);
    if (what === "check") {
      const wrong = player.check();
      say(wrong ? T.check_wrong : T.check_right);
    } else if (what === "reveal") {
      revealed = true;
      player.reveal(button.dataset.scope);
      changed();
    } else if (what === "reset") {
      player.reset();
      seconds = 0; revealed = false; solved = false; main.dataset.solved = "false";
      showTime(); say(""); save();
    }
  }
  function play(make) {
    player = make(page.data, {board, text: T, alphabet: page.alphabet, units: page.units || {},
                              el, say, changed,
                              language: document.documentElement.lang});
    for (const button of main.querySelectorAll(".reveal button")) {
      if (!player.scopes.includes(button.dataset.scope)) button.remove();
    }
    if (!player.scopes.length) main.querySelector(".reveal").remove();
    const saved = load();
    if (saved && saved.state) {
      try { player.restore(saved.state); } catch (e) { player.reset(); }
      seconds = saved.seconds || 0;
      revealed = !!saved.revealed;
    }
    showTime();
    if (player.solved()) finish(false);
    main.querySelector(".toolbar").addEventListener("click", (event) => {
      const button = event.target.closest("button");
      if (button) act(button);
    });
    setInterval(() => {
      if (!paused && !solved && !document.hidden) {
        seconds += 1;
        showTime();
        if (seconds % 10 === 0) save();
      }
    }, 1000);
    window.addEventListener("pagehide", save);
  }
  // A grid of cells for players that are not typed into (Queens, Flow, mazes): an ARIA
  // grid whose cells carry data-row/data-col, one of them in the Tab order (the focus
  // moves with the arrow keys, over cells `open(r, c)` refuses, unless `onArrow` takes
  // the key first); `onKey(key, r, c)` gets every other key, true when it used it.
  function grid(rows, cols, {label, open = () => true, onArrow, onKey} = {}) {
    const table = el("table", {class: "grid", role: "grid", "aria-label": label || T.grid, style: "--cols: " + cols});
    const tds = [];
    let here = null;
    for (let r = 0; r < rows; r++) {
      const tr = el("tr", {role: "row"});
      tds.push([]);
      for (let c = 0; c < cols; c++) {
        const td = el("td", {role: "gridcell", "data-row": r, "data-col": c, tabindex: -1});
        if (!open(r, c)) td.classList.add("void");
        tds[r].push(td); tr.append(td);
      }
      table.append(tr);
    }
    function go(r, c, focus = true) {
      if (here) tds[here[0]][here[1]].tabIndex = -1;
      here = [r, c];
      tds[r][c].tabIndex = 0;
      if (focus) tds[r][c].focus();
    }
    const moves = {ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1]};
    table.addEventListener("keydown", (event) => {
      if (event.ctrlKey || event.metaKey || event.altKey || !here) return;
      const move = moves[event.key];
      let used = false;
      if (move && onArrow) used = onArrow(move, here[0], here[1]);
      if (move && !used) {
        for (let r = here[0] + move[0], c = here[1] + move[1]; r >= 0 && r < rows && c >= 0 && c < cols;
             r += move[0], c += move[1]) {
          if (open(r, c)) { go(r, c); break; }
        }
        used = true;
      }
      if (!move && onKey) used = onKey(event.key, here[0], here[1]);
      if (used) event.preventDefault();
    });
    table.addEventListener("focusin", (event) => {
      const td = event.target.closest("td");
      if (td && td.dataset.row !== undefined) go(+td.dataset.row, +td.dataset.col, false);
    });
    function at(x, y) {                  // the cell under a pointer
      const hit = document.elementFromPoint(x, y);
      const td = hit && hit.closest && hit.closest("td");
      return td && table.contains(td) ? [+td.dataset.row, +td.dataset.col] : null;
    }
    for (let r = 0; r < rows && !here; r++) for (let c = 0; c < cols; c++) if (open(r, c)) { go(r, c, false); break; }
    return {table, tds, go, at, here: () => here};
  }
  // A fast drag skips squares between two pointer events: walk from `from` to `to` one
  // square at a time (the longer way first), while `step(r, c)` accepts each.
  function walk(from, to, step) {
    let [r, c] = from;
    while (r !== to[0] || c !== to[1]) {
      if (Math.abs(to[0] - r) >= Math.abs(to[1] - c)) r += Math.sign(to[0] - r);
      else c += Math.sign(to[1] - c);
      if (!step(r, c)) return;
    }
  }
  function cellName(r, c) { return T.cell.replace("{row}", r + 1).replace("{col}", c + 1); }

  return {play, el, grid, walk, cellName, text: T};
})();
