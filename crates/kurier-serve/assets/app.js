// The board page of `kurier serve`: talks only to the server's own API (docs/serve-api.md).
import { pieceSvg, KEY } from "./pieces.js";

const $ = (id) => document.getElementById(id);

const NAMES = { courier: "Courier chess", schachdame: "Schachdame", dual: "Dual checkers" };
const SIDE = { white: "White", black: "Black" };

const state = {
  view: null,
  gameId: null,
  orientation: "white",
  events: null,
  sseViews: 0, // views received by the event stream, to tell a stale answer from a fresh one
  sel: null, // { from, prefix: [squares], candidates: [legal entries] }
  hint: null,
  message: { text: "", kind: "" },
  info: null,
  lines: new Map(),
  clock: null,
  clockStamp: 0,
  analysisWanted: false,
  variants: new Map(),
  drag: null,
  browse: null, // the ply shown from the move list, or null for the game's position
};

// ---------------------------------------------------------------------------------------------
// The API

class ApiError extends Error {}

async function api(method, path, body) {
  const init = { method, headers: { Accept: "application/json" } };
  if (method !== "GET") {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body === undefined ? {} : body);
  }
  let res;
  try {
    res = await fetch(path, init);
  } catch (e) {
    throw new ApiError(`The server cannot be reached (${e.message}).`);
  }
  const text = await res.text();
  let data = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = null;
    }
  }
  if (!res.ok) {
    const msg = data && typeof data.error === "string" ? data.error : `${res.status} ${res.statusText}`;
    throw new ApiError(msg);
  }
  return data;
}

const gamePath = (suffix = "") => `/api/games/${encodeURIComponent(state.gameId)}${suffix}`;

// Runs one request for the person; an error is shown and the page re-reads the game, so that it
// never stays in a state the server does not have.
async function act(fn) {
  clearError();
  try {
    await fn();
  } catch (e) {
    showError(e instanceof ApiError ? e.message : `Error: ${e.message}`);
    state.sel = null;
    await refresh();
  }
}

// A POST whose answer is a view: the answer is shown unless the event stream delivered a view
// meanwhile (the stream sends a view after every change, so its view is at least as new).
async function postView(suffix, body) {
  const before = state.sseViews;
  const data = await api("POST", gamePath(suffix), body);
  const view = data && data.board ? data : data && data.view && data.view.board ? data.view : null;
  if (view && state.sseViews === before) setView(view);
  return data;
}

async function refresh() {
  if (!state.gameId) return;
  try {
    setView(await api("GET", gamePath()));
  } catch (e) {
    showError(e.message);
    render();
  }
}

function showError(text) {
  $("error-text").textContent = text;
  $("error").hidden = false;
  document.body.dataset.error = text;
}

function clearError() {
  $("error").hidden = true;
  $("error-text").textContent = "";
  delete document.body.dataset.error;
}

function setMessage(text, kind = "") {
  state.message = { text, kind };
  $("message").textContent = text;
  $("message").dataset.kind = kind;
}

// ---------------------------------------------------------------------------------------------
// Games

function connectEvents(id) {
  if (state.events) state.events.close();
  const es = new EventSource(`/api/games/${encodeURIComponent(id)}/events`);
  const parse = (e) => {
    try {
      return JSON.parse(e.data);
    } catch {
      return null;
    }
  };
  es.addEventListener("view", (e) => {
    const v = parse(e);
    if (v && v.board && (v.id === undefined || v.id === state.gameId)) {
      state.sseViews += 1;
      setView(v);
    }
  });
  es.addEventListener("info", (e) => {
    const info = parse(e);
    if (info) onInfo(info);
  });
  es.addEventListener("clock", (e) => {
    const c = parse(e);
    if (c) setClock(c);
  });
  es.onopen = () => {
    if (document.body.dataset.offline) {
      delete document.body.dataset.offline;
      refresh();
    }
  };
  es.onerror = () => {
    // EventSource tries again by itself; meanwhile the page says so.
    document.body.dataset.offline = "true";
    if (state.view) renderStatus();
  };
  state.events = es;
}

async function openGame(id) {
  state.gameId = id;
  state.view = null;
  state.lines.clear();
  state.info = null;
  renderInfo();
  document.body.dataset.gameId = id;
  $("pgn-download").href = gamePath("/pgn");
  $("pgn-download").setAttribute("download", `kurier-${id}.pgn`);
  if (history.replaceState) history.replaceState(null, "", `#${encodeURIComponent(id)}`);
  connectEvents(id);
}

async function newGame(ev) {
  if (ev) ev.preventDefault();
  const variant = $("variant").value;
  const side = $("side").value;
  const body = {
    variant,
    white: side === "white" || side === "both" ? "human" : "engine",
    black: side === "black" || side === "both" ? "human" : "engine",
  };
  const start = document.querySelector('input[name="start"]:checked').value;
  if (start === "fen" && $("fen").value.trim()) body.fen = $("fen").value.trim();
  if (start === "pgn" && $("pgn").value.trim()) body.pgn = $("pgn").value;
  if (document.querySelector('input[name="limit"]:checked').value === "depth") {
    body.engine = { depth: Math.max(1, Math.min(64, parseInt($("depth").value, 10) || 8)) };
  } else {
    body.engine = { movetime_ms: Math.max(1, Math.round((parseFloat($("movetime").value) || 1) * 1000)) };
  }
  if ($("clock-on").checked) {
    body.clock = {
      base_ms: Math.max(100, Math.round((parseFloat($("clock-base").value) || 5) * 60000)),
      increment_ms: Math.max(0, Math.round((parseFloat($("clock-inc").value) || 0) * 1000)),
    };
  }
  clearError();
  try {
    const view = await api("POST", "/api/games", body);
    state.analysisWanted = false;
    state.orientation = body.white === "engine" && body.black === "human" ? "black" : "white";
    await openGame(view.id);
    setMessage("");
    setView(view);
    // The board and the game's panels come first now; the form opens again with a click.
    if (ev) $("new-game-panel").open = false;
  } catch (e) {
    // The game on the page stays as it was.
    showError(e.message);
  }
}

function setView(view) {
  const prev = state.view;
  state.view = view;
  const moved = !prev || prev.id !== view.id || prev.fen !== view.fen || prev.moves.length !== view.moves.length;
  if (moved) {
    state.browse = null;
    state.sel = null;
    state.hint = null;
    state.lines.clear();
    if (state.message.kind !== "error") setMessage("");
  }
  // After `go` the person's side changes: turn the board to the side a person plays.
  if (prev && prev.id === view.id && (prev.players.white !== view.players.white || prev.players.black !== view.players.black)) {
    const humans = ["white", "black"].filter((c) => view.players[c] === "human");
    if (humans.length === 1) state.orientation = humans[0];
  }
  if (view.clock) setClock(view.clock);
  else state.clock = null;
  render();
  if (moved && state.analysisWanted && !view.result && !view.analysis && prev && prev.id === view.id) {
    startAnalysis();
  }
}

function setClock(c) {
  state.clock = { white_ms: c.white_ms, black_ms: c.black_ms, running: c.running };
  state.clockStamp = performance.now();
  renderClocks();
}

// ---------------------------------------------------------------------------------------------
// Rendering

function squareMap(view) {
  const m = new Map();
  for (const s of view.board) m.set(s.square, s);
  return m;
}

function displayPos(view, file, rank) {
  const col = state.orientation === "white" ? file : view.files - 1 - file;
  const row = state.orientation === "white" ? view.ranks - 1 - rank : rank;
  return { col, row };
}

function render() {
  const view = state.view;
  if (!view) return;
  document.body.dataset.variant = view.variant;
  document.body.dataset.toMove = view.to_move;
  document.body.dataset.result = view.result ? view.result.score : "";
  $("game-title").textContent = `${NAMES[view.variant] || view.variant} — ${playerName(view, "white")} vs ${playerName(view, "black")}`;
  renderBoard();
  renderOverlay();
  renderStatus();
  renderClocks();
  renderMoves();
  renderGraph();
  renderLegend();
  renderInfo();
  renderButtons();
  $("fen-out").value = boardView().fen;
  $("browse").hidden = state.browse == null;
  if (state.browse != null) {
    const m = view.moves.find((x) => x.ply === state.browse);
    $("browse-text").textContent = `Position after ${m ? m.notation : ""} (ply ${state.browse}, read only)`;
  }
  document.body.dataset.browse = state.browse == null ? "" : String(state.browse);
  document.body.dataset.ready = "true";
}

function playerName(view, color) {
  return `${SIDE[color]} (${view.players[color] === "engine" ? "Kurier" : "you"})`;
}

function selectionTargets() {
  const sel = state.sel;
  const legs = new Set();
  const finals = new Set();
  if (!sel) return { legs, finals };
  const k = sel.prefix.length;
  for (const c of sel.candidates) {
    if (c.path.length > k) legs.add(c.path[k]);
    finals.add(c.to);
  }
  return { legs, finals };
}

// The position drawn: the game's, or a earlier one picked in the move list (read only).
function boardView() {
  const view = state.view;
  if (state.browse == null) return view;
  const m = view.moves.find((x) => x.ply === state.browse);
  if (!m) return view;
  return {
    ...view,
    fen: m.fen_after,
    board: boardFromFen(view, m.fen_after),
    last_move: { path: m.path, captures: m.captures },
    legal: [],
    capture_compulsory: false,
    check: false,
  };
}

// The squares of a FEN's board field, in the view's form (docs/rules.md: a1 is dark).
function boardFromFen(view, fen) {
  const kinds = new Map((KEY[view.variant] || []).map(([kind, , letter]) => [letter, kind]));
  const rows = fen.trim().split(/\s+/)[0].split("/");
  const out = [];
  rows.forEach((row, i) => {
    const rank = view.ranks - 1 - i;
    let file = 0;
    for (const tok of row.match(/\d+|[A-Za-z]/g) || []) {
      if (/\d/.test(tok)) {
        for (let k = 0; k < Number(tok); k++, file++) out.push({ file, rank, piece: null });
      } else {
        const kind = kinds.get(tok.toUpperCase()) || tok;
        out.push({ file, rank, piece: { kind, color: tok === tok.toUpperCase() ? "white" : "black", letter: tok } });
        file++;
      }
    }
  });
  return out.map((s) => ({ ...s, square: `${String.fromCharCode(97 + s.file)}${s.rank + 1}`, dark: (s.file + s.rank) % 2 === 0 }));
}

function renderBoard() {
  const view = boardView();
  const board = $("board");
  const sq = Math.floor(Math.min(680 / view.files, 600 / view.ranks, 72));
  document.documentElement.style.setProperty("--sq", `${sq}px`);
  document.documentElement.style.setProperty("--files", String(view.files));
  board.dataset.variant = view.variant;
  board.dataset.orientation = state.orientation;
  board.dataset.fen = view.fen;
  board.dataset.toMove = view.to_move;
  board.style.gridTemplateColumns = `repeat(${view.files}, var(--sq))`;
  board.style.gridTemplateRows = `repeat(${view.ranks}, var(--sq))`;

  const squares = squareMap(view);
  const last = view.last_move || { path: [], captures: [] };
  const lastPath = new Set(last.path || []);
  const lastEnds = new Set([last.path && last.path[0], last.path && last.path[last.path.length - 1]]);
  const lastCaptures = new Set(last.captures || []);
  const movable = new Set(view.legal.map((m) => m.from));
  const { legs, finals } = selectionTargets();
  const sel = state.sel;
  const capturedSoFar = new Set();
  const legSquares = new Set();
  if (sel && sel.prefix.length > 1) {
    sel.prefix.slice(1).forEach((s) => legSquares.add(s));
    const c = sel.candidates[0];
    (c.captures || []).slice(0, sel.prefix.length - 1).forEach((s) => capturedSoFar.add(s));
  }
  const hint = state.hint ? new Set(state.hint.path || [state.hint.from, state.hint.to]) : new Set();
  const checkKing = view.check && view.variant !== "dual" ? view.to_move : null;

  const cells = [];
  const order = [...view.board].sort((a, b) => {
    const pa = displayPos(view, a.file, a.rank);
    const pb = displayPos(view, b.file, b.rank);
    return pa.row - pb.row || pa.col - pb.col;
  });
  for (const s of order) {
    const cls = ["square", s.dark ? "dark" : "light"];
    const attrs = [`data-square="${s.square}"`, `data-file="${s.file}"`, `data-rank="${s.rank}"`, `data-dark="${s.dark}"`];
    if (lastEnds.has(s.square)) cls.push("last-move");
    if (lastPath.has(s.square)) attrs.push('data-last-path="true"');
    if (lastCaptures.has(s.square)) {
      cls.push("captured");
      attrs.push('data-captured="true"');
    }
    if (movable.has(s.square)) {
      cls.push("movable");
      attrs.push('data-movable="true"');
      if (view.capture_compulsory) cls.push("must-capture");
    }
    if (sel && sel.from === s.square) {
      cls.push("selected");
      attrs.push('data-selected="true"');
    }
    if (legs.has(s.square)) {
      cls.push("target");
      attrs.push('data-target="true"');
    } else if (finals.has(s.square)) {
      attrs.push('data-final="true"');
    }
    if (legSquares.has(s.square)) {
      cls.push("leg");
      attrs.push('data-leg="true"');
    }
    if (capturedSoFar.has(s.square)) cls.push("captured-now");
    const ghost = sel && sel.prefix.length > 1 && sel.prefix[sel.prefix.length - 1] === s.square && !s.piece;
    if (hint.has(s.square)) cls.push("hint");
    let inner = "";
    if (s.piece) {
      cls.push("occupied");
      if (checkKing && s.piece.kind === "king" && s.piece.color === checkKing) cls.push("check");
      inner = `<div class="piece" data-piece="${s.piece.kind}" data-color="${s.piece.color}" data-letter="${s.piece.letter}" title="${SIDE[s.piece.color]} ${s.piece.kind}">${pieceSvg(view.variant, s.piece.kind, s.piece.color)}</div>`;
    }
    if (ghost) {
      // The capturing piece, drawn faintly where the person has led it so far.
      const p = squares.get(sel.from).piece;
      cls.push("ghost");
      inner = `<div class="piece ghost-piece">${pieceSvg(view.variant, p.kind, p.color)}</div>`;
    }
    cells.push(`<div class="${cls.join(" ")}" ${attrs.join(" ")}>${inner}</div>`);
  }
  board.innerHTML = cells.join("");

  const files = [];
  for (let c = 0; c < view.files; c++) {
    const f = state.orientation === "white" ? c : view.files - 1 - c;
    files.push(`<span data-file-label="${f}">${String.fromCharCode(97 + f)}</span>`);
  }
  $("file-labels").innerHTML = files.join("");
  const ranks = [];
  for (let r = 0; r < view.ranks; r++) {
    const rank = state.orientation === "white" ? view.ranks - r : r + 1;
    ranks.push(`<span data-rank-label="${rank}">${rank}</span>`);
  }
  $("rank-labels").innerHTML = ranks.join("");
}

function centre(view, squares, name) {
  const s = squares.get(name);
  if (!s) return null;
  const { col, row } = displayPos(view, s.file, s.rank);
  return [col * 100 + 50, row * 100 + 50];
}

function renderOverlay() {
  const view = boardView();
  const svg = $("board-overlay");
  svg.setAttribute("viewBox", `0 0 ${view.files * 100} ${view.ranks * 100}`);
  const squares = squareMap(view);
  const parts = [
    `<defs><marker id="arrow" viewBox="0 0 10 10" refX="5" refY="5" markerWidth="4" markerHeight="4" orient="auto-start-reverse">
       <path d="M0 0 L10 5 L0 10 z" fill="rgba(30,90,30,0.85)"/></marker>
     <marker id="arrow-sel" viewBox="0 0 10 10" refX="5" refY="5" markerWidth="4" markerHeight="4" orient="auto-start-reverse">
       <path d="M0 0 L10 5 L0 10 z" fill="rgba(230,130,0,0.9)"/></marker></defs>`,
  ];
  const last = view.last_move;
  if (last && last.path && last.path.length > 1) {
    const pts = last.path.map((s) => centre(view, squares, s)).filter(Boolean);
    parts.push(
      `<polyline id="last-move-path" data-path="${last.path.join(" ")}" points="${pts.map((p) => p.join(",")).join(" ")}" fill="none" stroke="rgba(30,90,30,0.7)" stroke-width="10" stroke-linejoin="round" stroke-linecap="round" marker-end="url(#arrow)"/>`,
    );
    for (const p of pts.slice(1, -1)) parts.push(`<circle cx="${p[0]}" cy="${p[1]}" r="12" fill="rgba(30,90,30,0.75)"/>`);
  }
  for (const s of (last && last.captures) || []) {
    const p = centre(view, squares, s);
    if (!p) continue;
    const sq = squares.get(s);
    if (sq && sq.piece) {
      // Taken directly (by replacement): the capturer stands there now; a badge in the corner.
      parts.push(
        `<g class="captured-mark" data-captured-mark="${s}"><circle cx="${p[0] + 34}" cy="${p[1] - 34}" r="14" fill="#c0392b" stroke="#fff" stroke-width="3"/>
           <path d="M${p[0] + 27} ${p[1] - 41} l14 14 m0 -14 l-14 14" stroke="#fff" stroke-width="4" stroke-linecap="round"/></g>`,
      );
      continue;
    }
    parts.push(
      `<g class="captured-mark" data-captured-mark="${s}" stroke="#c0392b" stroke-width="9" stroke-linecap="round" opacity="0.85">
         <circle cx="${p[0]}" cy="${p[1]}" r="30" fill="rgba(192,57,43,0.15)" stroke-width="5"/>
         <path d="M${p[0] - 18} ${p[1] - 18} L${p[0] + 18} ${p[1] + 18} M${p[0] + 18} ${p[1] - 18} L${p[0] - 18} ${p[1] + 18}"/></g>`,
    );
  }
  if (state.sel && state.sel.prefix.length > 1) {
    const pts = state.sel.prefix.map((s) => centre(view, squares, s)).filter(Boolean);
    parts.push(
      `<polyline id="selection-path" points="${pts.map((p) => p.join(",")).join(" ")}" fill="none" stroke="rgba(230,130,0,0.85)" stroke-width="9" stroke-dasharray="18 10" stroke-linecap="round" marker-end="url(#arrow-sel)"/>`,
    );
  }
  svg.innerHTML = parts.join("");
}

function renderStatus() {
  const view = state.view;
  const status = $("status");
  let text;
  let st = "idle";
  if (view.result) {
    text = "Game over";
    st = "over";
  } else if (view.analysis) {
    text = `Analysing — ${SIDE[view.to_move]} to move`;
    st = "analysing";
  } else if (view.thinking) {
    text = `Kurier is thinking (${SIDE[view.to_move]})`;
    st = "thinking";
  } else {
    text = `${SIDE[view.to_move]} to move${view.check ? " — check!" : ""}`;
    st = view.players[view.to_move] === "human" ? "your-move" : "waiting";
  }
  if (document.body.dataset.offline) {
    text = "No connection to kurier serve: trying again…";
    st = "offline";
  }
  status.textContent = text;
  status.dataset.state = st;

  const res = $("result");
  if (view.result) {
    res.hidden = false;
    res.dataset.score = view.result.score;
    res.dataset.reason = view.result.reason;
    $("result-score").textContent = view.result.score;
    $("result-text").textContent = view.result.text || view.result.reason;
  } else {
    res.hidden = true;
    res.dataset.score = "";
    res.dataset.reason = "";
  }

  if (!state.message.text && !view.result && view.legal.length && view.capture_compulsory) {
    const pieces = [...new Set(view.legal.map((m) => m.from))].join(", ");
    setMessage(`Capture is compulsory: take with ${pieces}.`, "compulsory");
  }
}

function formatMs(ms) {
  if (ms == null) return "—";
  const t = Math.max(0, ms);
  const m = Math.floor(t / 60000);
  const s = Math.floor((t % 60000) / 1000);
  if (t < 10000) return `${m}:${String(s).padStart(2, "0")}.${Math.floor((t % 1000) / 100)}`;
  if (m >= 60) return `${Math.floor(m / 60)}:${String(m % 60).padStart(2, "0")}:${String(s).padStart(2, "0")}`;
  return `${m}:${String(s).padStart(2, "0")}`;
}

function renderClocks() {
  const view = state.view;
  if (!view) return;
  const top = state.orientation === "white" ? "black" : "white";
  const bottom = state.orientation === "white" ? "white" : "black";
  for (const [id, color] of [["clock-top", top], ["clock-bottom", bottom]]) {
    const el = $(id);
    el.dataset.side = color;
    el.querySelector(".clock-name").textContent = playerName(view, color);
    const c = state.clock;
    if (!c) {
      el.dataset.enabled = "false";
      el.dataset.running = "false";
      el.querySelector(".clock-time").textContent = "no clock";
      continue;
    }
    let ms = c[`${color}_ms`];
    const running = c.running === color && !view.result;
    if (running) ms -= performance.now() - state.clockStamp;
    el.dataset.enabled = "true";
    el.dataset.running = String(running);
    el.dataset.low = String(ms < 10000);
    el.querySelector(".clock-time").textContent = formatMs(ms);
  }
}

function startMoveNumber(view) {
  const fields = (view.start_fen || "").trim().split(/\s+/);
  const n = parseInt(fields[fields.length - 1], 10);
  return Number.isFinite(n) && n > 0 ? n : 1;
}

function scoreText(cp, whiteView = true) {
  if (cp == null) return "";
  if (Math.abs(cp) > 20000) {
    const plies = 30000 - Math.abs(cp);
    return `${cp > 0 ? "#" : "#-"}${Math.ceil(plies / 2)}`;
  }
  const p = (cp / 100).toFixed(2);
  return whiteView && cp > 0 ? `+${p}` : p;
}

const whiteScore = (color, cp) => (cp == null ? null : color === "white" ? cp : -cp);

function renderMoves() {
  const view = state.view;
  const list = $("move-list");
  // A row starts with White's move, or with Black's when the game (or the list) starts with it.
  const rows = [];
  let row = null;
  view.moves.forEach((m, i) => {
    if (!row || m.color === "white" || row.black) {
      row = { white: null, black: null };
      rows.push(row);
    }
    row[m.color] = { m, latest: i === view.moves.length - 1 };
  });
  let n = startMoveNumber(view);
  for (const r of rows) {
    r.number = n;
    n += 1;
  }
  const cell = (x) => {
    if (!x) return `<span class="move empty">…</span>`;
    const s = whiteScore(x.m.color, x.m.score_cp);
    const score = s == null ? "" : `<span class="score">${scoreText(s)}${x.m.depth ? `/${x.m.depth}` : ""}</span>`;
    const shown = state.browse == null ? x.latest : x.m.ply === state.browse;
    return `<span class="move${shown ? " latest" : ""}" data-ply="${x.m.ply}" data-color="${x.m.color}" data-notation="${escapeHtml(x.m.notation)}" data-wire="${escapeHtml(x.m.wire)}" title="${escapeHtml(x.m.wire)}">${escapeHtml(x.m.notation)}${score}</span>`;
  };
  list.innerHTML = rows.map((r) => `<li value="${r.number}">${cell(r.white)} ${r.black ? cell(r.black) : ""}</li>`).join("");
  list.dataset.count = String(view.moves.length);
  if (state.browse == null) list.scrollTop = list.scrollHeight;
}

function escapeHtml(s) {
  return String(s).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
}

function renderGraph() {
  const view = state.view;
  const svg = $("eval-graph");
  const W = 300;
  const H = 100;
  const n = Math.max(view.moves.length, 10);
  const pts = [];
  let maxAbs = 200;
  for (const m of view.moves) {
    const s = whiteScore(m.color, m.score_cp);
    if (s == null) continue;
    const v = Math.abs(s) > 20000 ? Math.sign(s) * 1000 : Math.max(-1000, Math.min(1000, s));
    maxAbs = Math.max(maxAbs, Math.abs(v));
    pts.push([m.ply, v]);
  }
  const range = Math.min(1000, maxAbs);
  const x = (ply) => (ply / n) * W;
  const y = (v) => H / 2 - (v / range) * (H / 2 - 4);
  const coords = pts.map(([p, v]) => `${x(p).toFixed(1)},${y(v).toFixed(1)}`);
  const parts = [`<line class="zero" x1="0" y1="${H / 2}" x2="${W}" y2="${H / 2}"/>`];
  if (pts.length) {
    const first = pts[0];
    const lastP = pts[pts.length - 1];
    parts.push(`<polygon class="area" points="${x(first[0]).toFixed(1)},${H / 2} ${coords.join(" ")} ${x(lastP[0]).toFixed(1)},${H / 2}"/>`);
    parts.push(`<polyline class="line" id="eval-line" points="${coords.join(" ")}"/>`);
    if (pts.length < 40) {
      for (const [p, v] of pts) parts.push(`<rect class="dot" x="${(x(p) - 1.5).toFixed(1)}" y="${(y(v) - 1.5).toFixed(1)}" width="3" height="3"/>`);
    }
  }
  parts.push(`<text x="3" y="10" font-size="9" fill="#7a7265">+${(range / 100).toFixed(1)}</text>`);
  parts.push(`<text x="3" y="${H - 3}" font-size="9" fill="#7a7265">-${(range / 100).toFixed(1)}</text>`);
  svg.innerHTML = parts.join("");
  svg.dataset.points = String(pts.length);
}

let legendVariant = null;
function renderLegend() {
  const variant = state.view.variant;
  if (legendVariant === variant) return;
  legendVariant = variant;
  const items = (KEY[variant] || []).map(
    ([kind, name, letter, moves]) =>
      `<div class="legend-item" data-legend="${kind}"><span class="pair">${pieceSvg(variant, kind, "white")}${pieceSvg(variant, kind, "black")}</span>
       <span><b>${name}</b> (${letter})<br><small>${moves}</small></span></div>`,
  );
  $("legend").innerHTML = items.join("");
}

function onInfo(info) {
  // Its score is from the view of the side to move when it came (the view after Kurier's move
  // comes later).
  info.mover = state.view ? state.view.to_move : "white";
  const multipv = info.multipv || 1;
  if (multipv === 1) state.info = info;
  state.lines.set(multipv, info);
  renderInfo();
}

function infoScore(info) {
  const mover = info.mover || "white";
  if (info.mate != null) {
    const m = mover === "white" ? info.mate : -info.mate;
    return m > 0 ? `#${m}` : `#-${Math.abs(m)}`;
  }
  return scoreText(whiteScore(mover, info.score_cp));
}

function renderInfo() {
  const info = state.info;
  $("info-depth").textContent = info ? `${info.depth}${info.seldepth ? `/${info.seldepth}` : ""}` : "–";
  $("info-score").textContent = info ? infoScore(info) : "–";
  $("info-nodes").textContent = info && info.nodes != null ? info.nodes.toLocaleString("en") : "–";
  $("info-nps").textContent = info && info.nps != null ? info.nps.toLocaleString("en") : "–";
  $("engine-info").dataset.depth = info ? String(info.depth) : "";
  $("info-pv").textContent = info && info.pv ? info.pv.join(" ") : "";
  const lines = [...state.lines.entries()].sort((a, b) => a[0] - b[0]);
  const show = state.view && state.view.analysis ? lines : lines.filter(([k]) => k > 1).length ? lines : [];
  $("analysis-lines").innerHTML = show
    .map(([k, l]) => `<li data-multipv="${k}"><span class="score">${infoScore(l)}</span> <small>d${l.depth}</small> ${escapeHtml((l.pv || []).join(" "))}</li>`)
    .join("");
}

function renderButtons() {
  const view = state.view;
  const over = !!view.result;
  // A game decided on time, by resignation or by agreement cannot be taken back (the server
  // says 409), one over by the rules can.
  const final = over && ["time", "resignation", "agreement"].includes(view.result.reason);
  const person = view.players.white === "human" || view.players.black === "human";
  $("btn-undo").disabled = view.moves.length === 0 || final;
  $("btn-hint").disabled = over || view.legal.length === 0;
  $("btn-go").disabled = over;
  $("btn-draw").disabled = over;
  $("btn-resign").disabled = over || !person;
  $("btn-analyze").disabled = over;
  $("btn-stop").disabled = !view.analysis && !view.thinking;
  $("btn-stop").textContent = view.analysis || !view.thinking ? "Stop" : "Move now";
}

// ---------------------------------------------------------------------------------------------
// Moves by click and by drag

function pieceAt(name) {
  const s = state.view && state.view.board.find((x) => x.square === name);
  return s ? s.piece : null;
}

function select(from) {
  const view = state.view;
  const candidates = view.legal.filter((m) => m.from === from);
  state.sel = { from, prefix: [from], candidates };
  state.hint = null;
  const captures = candidates.some((c) => c.capture);
  if (view.capture_compulsory) setMessage(`Capture is compulsory: ${from} must take.`, "compulsory");
  else if (captures && candidates.some((c) => c.path.length > 2)) setMessage("Choose the landing squares one by one.");
  render();
}

function deselect() {
  state.sel = null;
  render();
}

// Returns true when `square` was a destination of the selected piece.
function chooseSquare(square) {
  const sel = state.sel;
  if (!sel) return false;
  const k = sel.prefix.length;
  let next = sel.candidates.filter((c) => c.path[k] === square);
  let prefix = null;
  if (next.length) prefix = [...sel.prefix, square];
  else {
    next = sel.candidates.filter((c) => c.to === square);
    if (!next.length) return false;
  }
  const paths = new Set(next.map((c) => c.path.join(" ")));
  if (paths.size > 1 && prefix) {
    const done = next.filter((c) => c.path.length === prefix.length);
    if (done.length) next = done;
  }
  if (new Set(next.map((c) => c.path.join(" "))).size === 1) {
    play(next);
    return true;
  }
  // Several captures go on from here: the person picks the next landing square.
  state.sel = { from: sel.from, prefix: prefix || sel.prefix, candidates: next };
  setMessage(
    prefix ? `Capture goes on from ${square}: choose the next landing square.` : `Several captures end on ${square}: choose the landing squares one by one.`,
    state.view.capture_compulsory ? "compulsory" : "",
  );
  render();
  return true;
}

// `moves` share one path; several of them differ only by the promotion.
function play(moves) {
  const promos = [...new Set(moves.map((m) => m.promotion))];
  if (moves.length > 1 && promos.length > 1) {
    askPromotion(moves);
    return;
  }
  sendMove(moves[0]);
}

function sendMove(move) {
  state.sel = null;
  setMessage("");
  act(async () => {
    await postView("/move", { move: move.wire });
  });
}

function askPromotion(moves) {
  const box = $("promotion");
  const choices = $("promotion-choices");
  const color = state.view.to_move;
  choices.innerHTML = moves
    .map(
      (m, i) =>
        `<button type="button" data-promotion="${m.promotion || "none"}" data-index="${i}" title="${escapeHtml(m.notation)}">${m.promotion ? pieceSvg(state.view.variant, m.promotion, color) : ""}${escapeHtml(m.promotion || "no promotion")}</button>`,
    )
    .join("");
  box.hidden = false;
  choices.onclick = (e) => {
    const b = e.target.closest("button[data-index]");
    if (!b) return;
    box.hidden = true;
    sendMove(moves[Number(b.dataset.index)]);
  };
  $("promotion-cancel").onclick = () => {
    box.hidden = true;
    deselect();
  };
}

function onSquarePress(square) {
  const view = state.view;
  if (!view) return "none";
  if (state.browse != null) {
    setMessage("An earlier position is shown: back to the game to move.");
    return "none";
  }
  if (state.sel && state.sel.from !== square && chooseSquare(square)) return "moved";
  const piece = pieceAt(square);
  const movable = view.legal.some((m) => m.from === square);
  if (movable) {
    if (state.sel && state.sel.from === square && state.sel.prefix.length === 1) return "reselect";
    select(square);
    return "selected";
  }
  if (piece && !view.result) {
    if (piece.color === view.to_move && view.players[view.to_move] === "human") {
      if (view.capture_compulsory) {
        const pieces = [...new Set(view.legal.map((m) => m.from))].join(", ");
        setMessage(`Capture is compulsory: only ${pieces} can move.`, "compulsory");
      } else setMessage(`The ${piece.kind} on ${square} has no legal move.`);
    } else if (view.players[view.to_move] === "engine") setMessage("It is Kurier's move.");
    else setMessage(`${SIDE[view.to_move]} is to move.`);
  }
  if (state.sel) deselect();
  return "none";
}

function squareFromPoint(x, y) {
  const el = document.elementFromPoint(x, y);
  const sq = el && el.closest ? el.closest("[data-square]") : null;
  return sq ? sq.dataset.square : null;
}

function setupBoardInput() {
  const board = $("board");
  board.addEventListener("pointerdown", (e) => {
    if (e.button !== 0) return;
    const sqEl = e.target.closest("[data-square]");
    if (!sqEl) return;
    e.preventDefault();
    const square = sqEl.dataset.square;
    const outcome = onSquarePress(square);
    if ((outcome === "selected" || outcome === "reselect") && pieceAt(square)) {
      state.drag = { from: square, x: e.clientX, y: e.clientY, active: false, el: null, reselect: outcome === "reselect" };
    }
  });
  window.addEventListener("pointermove", (e) => {
    const d = state.drag;
    if (!d) return;
    if (!d.active && Math.hypot(e.clientX - d.x, e.clientY - d.y) > 5) {
      d.active = true;
      const p = pieceAt(d.from);
      d.el = document.createElement("div");
      d.el.className = "drag-piece";
      d.el.innerHTML = pieceSvg(state.view.variant, p.kind, p.color);
      document.body.appendChild(d.el);
      const src = document.querySelector(`[data-square="${d.from}"]`);
      if (src) src.classList.add("dragging");
    }
    if (d.active) {
      d.el.style.left = `${e.clientX}px`;
      d.el.style.top = `${e.clientY}px`;
    }
  });
  window.addEventListener("pointerup", (e) => {
    const d = state.drag;
    if (!d) return;
    state.drag = null;
    if (d.el) d.el.remove();
    if (!d.active) {
      // A click on the selected piece a second time puts it down.
      if (d.reselect) deselect();
      return;
    }
    const square = squareFromPoint(e.clientX, e.clientY);
    if (square && square !== d.from && state.sel && chooseSquare(square)) return;
    render();
  });
  window.addEventListener("pointercancel", () => {
    if (state.drag && state.drag.el) state.drag.el.remove();
    state.drag = null;
    if (state.view) render();
  });
}

// ---------------------------------------------------------------------------------------------
// Buttons

function startAnalysis() {
  const multipv = Math.max(1, Math.min(16, parseInt($("multipv").value, 10) || 1));
  state.lines.clear();
  act(async () => {
    await postView("/analyze", { multipv });
  });
}

function setupButtons() {
  $("new-game").addEventListener("submit", newGame);
  $("error-close").addEventListener("click", clearError);
  $("move-list").addEventListener("click", (e) => {
    const m = e.target.closest(".move[data-ply]");
    if (!m || !state.view) return;
    const ply = Number(m.dataset.ply);
    state.browse = ply === state.view.moves.length ? null : ply;
    state.sel = null;
    render();
  });
  $("btn-live").addEventListener("click", () => {
    state.browse = null;
    render();
  });
  $("btn-flip").addEventListener("click", () => {
    state.orientation = state.orientation === "white" ? "black" : "white";
    render();
  });
  $("btn-undo").addEventListener("click", () => act(() => postView("/undo")));
  $("btn-go").addEventListener("click", () => {
    state.analysisWanted = false;
    act(() => postView("/go"));
  });
  $("btn-resign").addEventListener("click", () => {
    if (!window.confirm || window.confirm("Resign this game?")) act(() => postView("/resign"));
  });
  $("btn-draw").addEventListener("click", () =>
    act(async () => {
      const r = await postView("/draw");
      setMessage(r && r.accepted ? "Kurier accepts the draw." : "Kurier declines the draw.");
    }),
  );
  $("btn-hint").addEventListener("click", () =>
    act(async () => {
      setMessage("Kurier looks for a move…", "hint");
      const h = await api("POST", gamePath("/hint"), { movetime_ms: 500 });
      state.hint = h.move;
      state.sel = null;
      const score = h.score_cp != null ? `, ${scoreText(whiteScore(state.view.to_move, h.score_cp))}` : "";
      const pv = h.pv && h.pv.length ? ` — line ${h.pv.join(" ")}` : "";
      setMessage(`Hint: ${h.move.notation} (depth ${h.depth}${score})${pv}`, "hint");
      render();
    }),
  );
  $("btn-analyze").addEventListener("click", () => {
    state.analysisWanted = true;
    startAnalysis();
  });
  $("btn-stop").addEventListener("click", () => {
    state.analysisWanted = false;
    act(() => postView("/stop"));
  });
  const syncStart = () => {
    const start = document.querySelector('input[name="start"]:checked').value;
    $("fen").hidden = start !== "fen";
    $("pgn").hidden = start !== "pgn";
    const v = state.variants.get($("variant").value);
    if (v) $("fen").placeholder = v.start_fen;
  };
  document.querySelectorAll('input[name="start"]').forEach((r) => r.addEventListener("change", syncStart));
  $("variant").addEventListener("change", syncStart);
  // Typing or pasting a FEN/PGN chooses that start.
  $("fen").addEventListener("input", () => ($("start-fen").checked = true));
  $("pgn").addEventListener("input", () => ($("start-pgn").checked = true));
  syncStart();
  setInterval(renderClocks, 100);
}

async function loadVariants() {
  try {
    const list = await api("GET", "/api/variants");
    for (const v of list || []) {
      state.variants.set(v.name, v);
      if (![...$("variant").options].some((o) => o.value === v.name)) {
        const o = document.createElement("option");
        o.value = v.name;
        o.textContent = `${v.name} (${v.files}×${v.ranks})`;
        $("variant").appendChild(o);
      }
    }
  } catch (e) {
    showError(`The list of games could not be read: ${e.message}`);
  }
}

async function main() {
  setupButtons();
  setupBoardInput();
  await loadVariants();
  $("fen").dispatchEvent(new Event("change"));
  const id = decodeURIComponent(location.hash.replace(/^#/, ""));
  if (id) {
    try {
      const view = await api("GET", `/api/games/${encodeURIComponent(id)}`);
      state.orientation = view.players.white === "engine" && view.players.black === "human" ? "black" : "white";
      await openGame(view.id);
      $("variant").value = view.variant;
      $("variant").dispatchEvent(new Event("change"));
      setView(view);
      return;
    } catch (e) {
      showError(`Game ${id}: ${e.message}`);
    }
  }
  await newGame();
}

main();
