/* mem_graph memory browser: the scope's entity graph as an SVG picture, laid out by a small force simulation.
   Entities come from /v1/graph/cypher (name and type), edges from /v1/graph/relations — the calls the SDK's
   graph.cypher and graph.relations make. Invalidated edges are dashed and grey. Click (or Enter on) an
   entity for its neighbours and the memories that mention it. */
"use strict";

(function () {
  const { el, $ } = MG;
  const SVG = "http://www.w3.org/2000/svg";
  const COLORS = ["#2459d6", "#e8590c", "#2b8a3e", "#ae3ec9", "#c2255c", "#0b7285", "#5f3dc4", "#868e96"];
  const svg = (tag, attrs, text) => {
    const n = document.createElementNS(SVG, tag);
    for (const [k, v] of Object.entries(attrs || {})) n.setAttribute(k, String(v));
    if (text !== undefined) n.textContent = text;
    return n;
  };

  /** Positions for nodes: repulsion between all pairs, springs along edges, a pull to the centre. */
  function layout(nodes, edges, w, h) {
    const n = nodes.length;
    nodes.forEach((p, i) => { // deterministic start on a circle
      const a = (2 * Math.PI * i) / Math.max(n, 1);
      p.x = w / 2 + (w / 3) * Math.cos(a); p.y = h / 2 + (h / 3) * Math.sin(a); p.vx = 0; p.vy = 0;
    });
    const k = Math.min(Math.sqrt((w * h) / Math.max(n, 1)) * 0.45, Math.min(w, h) / 3);
    const iters = n > 400 ? 80 : 250;
    for (let it = 0; it < iters; it++) {
      const cool = 1 - it / iters;
      for (let i = 0; i < n; i++) {
        const a = nodes[i];
        for (let j = i + 1; j < n; j++) {
          const b = nodes[j];
          let dx = a.x - b.x, dy = a.y - b.y;
          let d2 = dx * dx + dy * dy;
          if (d2 < 0.01) { dx = Math.random() - 0.5; dy = Math.random() - 0.5; d2 = 0.5; }
          const f = (k * k) / d2;
          a.vx += dx * f; a.vy += dy * f; b.vx -= dx * f; b.vy -= dy * f;
        }
      }
      for (const e of edges) {
        const a = e.a, b = e.b;
        if (a === b) continue;
        const dx = a.x - b.x, dy = a.y - b.y;
        const d = Math.sqrt(dx * dx + dy * dy) || 0.01;
        const f = (d - k) / d * 0.5;
        a.vx -= dx * f; a.vy -= dy * f; b.vx += dx * f; b.vy += dy * f;
      }
      for (const p of nodes) {
        p.vx += (w / 2 - p.x) * 0.06; p.vy += (h / 2 - p.y) * 0.06;
        const v = Math.sqrt(p.vx * p.vx + p.vy * p.vy) || 1;
        const step = Math.min(v, 40 * cool + 1);
        p.x = Math.min(w - 90, Math.max(20, p.x + (p.vx / v) * step)); // room for the label
        p.y = Math.min(h - 20, Math.max(20, p.y + (p.vy / v) * step));
        p.vx = 0; p.vy = 0;
      }
    }
  }

  async function panel(node, edges) {
    const box = $("entity-panel");
    const mine = edges.filter((e) => e.a === node || e.b === node);
    const ids = [...new Set(mine.map((e) => e.memory_id).filter(Boolean))].slice(0, 25);
    box.replaceChildren(el("h2", {}, node.name, " ", el("span", { class: "muted" }, node.type || "entity")),
      el("p", { class: "muted" }, `${mine.length} relation(s)`),
      el("ul", { "aria-label": "neighbours" }, mine.map((e) => el("li", { class: e.valid ? "" : "muted" },
        e.a === node ? `—${e.relationship}→ ` : `← ${e.relationship}— `,
        el("button", { type: "button", class: "linklike", onclick: () => select(e.a === node ? e.b : e.a) },
          (e.a === node ? e.b : e.a).name), e.valid ? "" : " (invalidated)"))),
      el("h2", {}, "Memories that mention it"));
    const list = el("ul", { id: "entity-memories" });
    box.append(list);
    const found = await Promise.all(ids.map((id) =>
      MG.api("GET", `/v1/memories/${encodeURIComponent(id)}`, MG.scope()).catch(() => null)));
    list.replaceChildren(...found.filter(Boolean).map((m) => el("li", { class: m.status },
      el("button", { type: "button", class: "linklike", onclick: () => MG.open(m.id) }, m.memory),
      m.status === "active" ? "" : ` (${m.status})`)));
    if (!list.childNodes.length) list.append(el("li", { class: "muted" }, "none through its relations"));
  }

  let current = { nodes: [], edges: [] };
  function select(node) {
    for (const g of document.querySelectorAll("#graph .node")) g.classList.toggle("selected", g.__node === node);
    panel(node, current.edges).catch(MG.showError);
  }

  MG.views.graph = async function () {
    const scope = MG.scope();
    const gen = MG.gen;
    const [ents, rels] = await Promise.all([
      MG.api("POST", "/v1/graph/cypher", {}, { ...scope,
        query: "MATCH (e:Entity) RETURN e.display AS name, e.type AS type ORDER BY name LIMIT 2000" }),
      MG.api("GET", "/v1/graph/relations", { ...scope, include_invalid: $("graph_invalid").checked, limit: 3000 }),
    ]);
    if (gen !== MG.gen) return;
    const byName = new Map();
    const node = (name, type) => {
      if (!byName.has(name)) byName.set(name, { name, type: type || null });
      const n = byName.get(name);
      if (type && !n.type) n.type = type;
      return n;
    };
    for (const r of ents.results) node(r.name, r.type);
    const edges = rels.map((r) => ({ ...r, a: node(r.source), b: node(r.destination) }));
    const nodes = [...byName.values()];
    current = { nodes, edges };
    const box = $("graph");
    const w = Math.max(box.clientWidth, 300), h = Math.max(box.clientHeight, 300);
    box.setAttribute("viewBox", `0 0 ${w} ${h}`);
    layout(nodes, edges, w, h);
    const types = [...new Set(nodes.map((n) => n.type || "entity"))].sort();
    const color = (t) => COLORS[types.indexOf(t || "entity") % COLORS.length];
    box.replaceChildren();
    box.append(svg("defs", {}), svg("title", {}, `${nodes.length} entities, ${edges.length} relations`));
    const edgeLayer = svg("g", { class: "edges" }), labelLayer = svg("g", {}), nodeLayer = svg("g", { class: "nodes" });
    for (const e of edges) {
      const cls = e.valid ? "edge" : "edge invalid";
      edgeLayer.append(svg("line", { class: cls, x1: e.a.x, y1: e.a.y, x2: e.b.x, y2: e.b.y }));
      labelLayer.append(svg("text", { class: e.valid ? "elabel" : "elabel invalid", x: (e.a.x + e.b.x) / 2,
        y: (e.a.y + e.b.y) / 2 - 3, "text-anchor": "middle" }, e.relationship));
    }
    for (const n of nodes) {
      const g = svg("g", { class: "node", tabindex: 0, role: "button", "aria-label": `${n.name} (${n.type || "entity"})`,
        transform: `translate(${n.x.toFixed(1)},${n.y.toFixed(1)})`, "data-name": n.name });
      g.__node = n;
      g.append(svg("circle", { r: 9, fill: color(n.type) }), svg("text", { x: 12, y: 4 }, n.name));
      g.addEventListener("click", () => select(n));
      g.addEventListener("keydown", (ev) => { if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); select(n); } });
      nodeLayer.append(g);
    }
    box.append(edgeLayer, labelLayer, nodeLayer);
    $("legend").replaceChildren(...types.map((t) => {
      const dot = el("i", {}); dot.style.background = color(t);
      return el("li", {}, dot, t);
    }), el("li", { class: "muted" }, "dashed grey: invalidated relation"));
    const invalid = edges.filter((e) => !e.valid).length;
    $("graph-info").textContent = `${nodes.length} entities · ${edges.length} relations (${invalid} invalidated)`;
    $("entity-panel").replaceChildren(el("p", { class: "muted" }, "Click an entity for its neighbours and memories."));
  };

  document.addEventListener("DOMContentLoaded", () => {
    $("graph-reload").addEventListener("click", () => MG.show("graph"));
    $("graph_invalid").addEventListener("change", () => MG.show("graph"));
  });
})();
