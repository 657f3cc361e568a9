/* mem_graph memory browser: the core (token, scope, REST calls, navigation, the memory list).
   Plain JavaScript, no framework, no build step. Everything shown is built with textContent: stored text is
   never parsed as HTML. The token lives in sessionStorage (this tab only) and goes out as a bearer header. */
"use strict";

const MG = (window.MG = {
  token: null, whoami: null, view: "memories", page: 0, lastList: [], current: null,
  views: {}, // name -> function rendering the view (views.js, graph.js add theirs)
});

/** Build an element: el("li", {class: "x", onclick: fn}, "text", child …). */
MG.el = function (tag, attrs, ...kids) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else if (k === "class") node.className = v;
    else node.setAttribute(k, v === true ? "" : String(v));
  }
  for (const kid of kids.flat()) {
    if (kid === null || kid === undefined || kid === false) continue;
    node.append(kid instanceof Node ? kid : document.createTextNode(String(kid)));
  }
  return node;
};
const $ = (id) => document.getElementById(id);
MG.$ = $;

MG.showError = function (err) {
  const box = $("error");
  if (!err) { box.hidden = true; box.textContent = ""; return; }
  box.hidden = false;
  box.textContent = err.message || String(err);
};

/** The scope fields of the scope bar (empty ones left out). */
MG.scope = function () {
  const out = {};
  for (const k of ["namespace", "user_id", "agent_id", "run_id"]) {
    const v = $(k).value.trim();
    if (v) out[k] = v;
  }
  return out;
};

/** Call the hub's REST API with the token: GET params go in the query string, others as a JSON body. */
MG.api = async function (method, path, params, body, raw) {
  const url = new URL(path, window.location.origin);
  for (const [k, v] of Object.entries(params || {})) {
    if (v !== undefined && v !== null && v !== "") url.searchParams.set(k, typeof v === "object" ? JSON.stringify(v) : v);
  }
  const init = { method, headers: { Authorization: "Bearer " + MG.token } };
  if (body !== undefined) { init.body = JSON.stringify(body); init.headers["Content-Type"] = "application/json"; }
  const resp = await fetch(url, init);
  if (!resp.ok) {
    let msg = `HTTP ${resp.status}`;
    try { const e = (await resp.json()).error; msg = `${resp.status} ${e.code}: ${e.message}`; } catch (_) { /* not JSON */ }
    const err = new Error(msg); err.status = resp.status;
    if (resp.status === 401) MG.logout(msg);
    throw err;
  }
  return raw ? resp : resp.json();
};

// -- token ---------------------------------------------------------------------------------------
MG.login = async function (token) {
  MG.token = token;
  try {
    MG.whoami = await MG.api("GET", "/v1/whoami");
  } catch (err) {
    MG.token = null; MG.showError(err); return false;
  }
  sessionStorage.setItem("mg_token", token);
  MG.showError(null);
  const w = MG.whoami;
  $("who").textContent = `client ${w.client_id} · namespaces ${w.namespaces.join(", ")}` +
    (w.user_ids.length ? ` · users ${w.user_ids.join(", ")}` : "");
  const ns = $("namespace");
  ns.replaceChildren(...(w.namespaces.includes("*") ? [w.default_namespace] : w.namespaces)
    .map((n) => MG.el("option", { value: n }, n)));
  if (w.user_ids.length && !$("user_id").value) $("user_id").value = w.user_ids[0];
  for (const id of ["scope", "nav"]) $(id).hidden = false;
  $("logout").hidden = false;
  $("token").value = "";
  loginFields(false);
  MG.show(MG.view);
  return true;
};

MG.logout = function (why) {
  sessionStorage.removeItem("mg_token");
  MG.token = null; MG.whoami = null;
  for (const id of ["scope", "nav"]) $(id).hidden = true;
  for (const v of document.querySelectorAll(".view")) v.hidden = true;
  $("logout").hidden = true;
  loginFields(true);
  $("who").textContent = why ? "" : "token forgotten";
  if (why) MG.showError(new Error(why));
};

function loginFields(show) {
  for (const n of [$("token"), $("connect"), document.querySelector("label[for=token]")]) n.hidden = !show;
}

// -- navigation ----------------------------------------------------------------------------------
MG.busy = 0; // views loading now (tests wait for 0)
MG.gen = 0; // bumped by every load: an answer that arrives after a newer load started is dropped
MG.show = async function (view) {
  MG.view = view;
  MG.busy += 1;
  MG.gen += 1;
  for (const b of document.querySelectorAll("#nav button")) {
    if (b.dataset.view === view) b.setAttribute("aria-current", "page"); else b.removeAttribute("aria-current");
  }
  for (const v of document.querySelectorAll(".view")) v.hidden = v.id !== "view-" + view;
  MG.showError(null);
  try { await MG.views[view](); } catch (err) { MG.clear(view); MG.showError(err); } finally { MG.busy -= 1; }
};

/** Empty a view after a failed load: what it showed belonged to the previous scope. */
MG.clear = function (view) {
  const parts = { memories: ["memory-list", "page-info"], search: ["search-results", "rerank"],
    graph: ["graph", "entity-panel", "legend", "graph-info"], timeline: ["memory-card", "actions", "events"] };
  for (const id of parts[view] || []) $(id).replaceChildren();
};

/** Open one memory's timeline. */
MG.open = function (memoryId) { MG.current = memoryId; return MG.show("timeline"); };

/** A datetime-local input's value, read as UTC, as ISO-8601 (undefined when empty). */
MG.asOf = (id) => ($(id).value ? $(id).value + ($(id).value.length === 16 ? ":00" : "") + "Z" : undefined);

MG.time = (iso) => (iso ? iso.replace("T", " ").replace(/\.\d+/, "").replace("+00:00", "Z") : "—");

/** A memory as a list item: its text (opens the timeline) and its facts as chips. */
MG.memoryItem = function (m, extra) {
  const chips = [
    MG.el("span", { class: "chip " + (m.status || "") }, m.status || "?"),
    m.layer && MG.el("span", { class: "chip" }, m.layer),
    m.slot && MG.el("span", { class: "chip", title: "single-valued slot" }, "slot " + m.slot),
    m.source && m.source.client_id && MG.el("span", { class: "chip", title: "source client" }, "from " + m.source.client_id),
    m.source && m.source.rule && MG.el("span", { class: "chip", title: "extraction rule" }, m.source.rule),
    MG.el("span", { title: "conversation time: when it became true" }, "said " + MG.time(m.valid_from)),
    m.invalid_at && MG.el("span", { title: "when it stopped being true" }, "until " + MG.time(m.invalid_at)),
    m.source && m.source.feedback && MG.el("span", { class: "chip" },
      `useful ${m.source.feedback.useful} · wrong ${m.source.feedback.wrong}`),
  ];
  return MG.el("li", { class: m.status, "data-id": m.id },
    MG.el("button", { type: "button", class: "text", onclick: () => MG.open(m.id) }, m.memory),
    MG.el("div", { class: "meta" }, chips), extra || null);
};

// -- the memory list -----------------------------------------------------------------------------
MG.views.memories = async function () {
  const size = Number($("page_size").value);
  const filters = {};
  if ($("layer").value) filters.layer = $("layer").value;
  if ($("slot").value.trim()) filters.slot = $("slot").value.trim();
  const t0 = performance.now();
  const gen = MG.gen;
  const out = await MG.api("GET", "/v1/memories", {
    ...MG.scope(), limit: size + 1, offset: MG.page * size,
    include_invalidated: $("include_invalidated").checked, as_of: MG.asOf("list_as_of"),
    filters: Object.keys(filters).length ? filters : undefined,
  });
  if (gen !== MG.gen) return;
  const rows = out.results.slice(0, size);
  MG.lastList = rows;
  $("memory-list").replaceChildren(...rows.map((m) => MG.memoryItem(m)));
  if (!rows.length) $("memory-list").append(MG.el("li", { class: "muted" }, "No memories in this scope."));
  $("page-info").textContent = rows.length
    ? `${MG.page * size + 1}–${MG.page * size + rows.length}` : "";
  $("prev").disabled = MG.page === 0;
  $("next").disabled = out.results.length <= size;
  // read by the browser test: the page's API call + DOM, and (after the next frame) time since navigation
  window.mgListMs = performance.now() - t0;
  requestAnimationFrame(() => setTimeout(() => { window.mgPaintedAt = performance.now(); }, 0));
};

MG.exportScope = async function () {
  try {
    const resp = await MG.api("GET", "/v1/export", MG.scope(), undefined, true);
    const blob = await resp.blob();
    const name = (resp.headers.get("content-disposition") || "").match(/filename="([^"]+)"/);
    const a = MG.el("a", { href: URL.createObjectURL(blob), download: name ? name[1] : "mem_graph-export.jsonl" });
    document.body.append(a); a.click(); a.remove();
    $("who").textContent = `exported ${blob.size} bytes`;
  } catch (err) { MG.showError(err); }
};

// -- wiring --------------------------------------------------------------------------------------
document.addEventListener("DOMContentLoaded", () => {
  $("login").addEventListener("submit", (e) => { e.preventDefault(); const t = $("token").value.trim(); if (t) MG.login(t); });
  $("logout").addEventListener("click", () => MG.logout());
  for (const b of document.querySelectorAll("#nav button")) b.addEventListener("click", () => MG.show(b.dataset.view));
  $("list-filters").addEventListener("submit", (e) => { e.preventDefault(); MG.page = 0; MG.show("memories"); });
  $("prev").addEventListener("click", () => { MG.page = Math.max(0, MG.page - 1); MG.show("memories"); });
  $("next").addEventListener("click", () => { MG.page += 1; MG.show("memories"); });
  $("export").addEventListener("click", MG.exportScope);
  for (const k of ["namespace", "user_id", "agent_id", "run_id"]) {
    $(k).addEventListener("change", () => { MG.page = 0; MG.show(MG.view === "timeline" ? "memories" : MG.view); });
  }
  // `mem-graph ui` opens /ui/#token=…: take it, keep it for this tab only, and drop it from the address bar
  const frag = new URLSearchParams(window.location.hash.slice(1));
  const fromUrl = frag.get("token");
  if (frag.get("user_id")) $("user_id").value = frag.get("user_id");
  if (fromUrl) history.replaceState(null, "", window.location.pathname + window.location.search);
  const token = fromUrl || sessionStorage.getItem("mg_token");
  if (token) MG.login(token); else $("token").focus();
});
