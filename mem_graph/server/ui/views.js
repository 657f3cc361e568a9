/* mem_graph memory browser: search (explain bars, relations per hit) and one memory's timeline with the
   corrections (edit, invalidate, restore, undo a decision) and feedback. */
"use strict";

(function () {
  const { el, $ } = MG;
  const SIGNALS = ["semantic", "keyword", "graph", "recency", "feedback", "fused", "rerank"];

  /** Per-signal scores of `explain` as horizontal bars (fused and rerank scaled to the best hit). */
  function bars(explain, best) {
    const rows = [];
    for (const name of SIGNALS) {
      const v = explain[name];
      if (v === null || v === undefined) continue;
      const scale = name === "fused" || name === "rerank" ? Math.max(Math.abs(best[name] || 1), 1e-9) : 1;
      const width = Math.min(100, Math.abs(v) / scale * 100);
      rows.push(el("span", {}, name),
        el("span", { class: "bar", role: "img", "aria-label": `${name} ${v}` },
          el("span", { class: v < 0 ? "neg" : "", style: null, "data-w": width.toFixed(1) })),
        el("span", {}, Number(v).toFixed(3)));
    }
    const box = el("div", { class: "bars" }, rows);
    // widths through the CSSOM (no inline style attributes: the page's CSP allows none)
    for (const s of box.querySelectorAll("[data-w]")) s.style.width = s.dataset.w + "%";
    return box;
  }

  const norm = (s) => String(s || "").toLowerCase().trim();

  MG.views.search = async function () {
    const q = $("query").value.trim();
    if (!q) { $("search-results").replaceChildren(); $("query").focus(); return; }
    const gen = MG.gen;
    const out = await MG.api("POST", "/v1/memories/search", {}, {
      ...MG.scope(), query: q, limit: 20, explain: true, include_invalidated: $("search_invalidated").checked,
      as_of: MG.asOf("search_as_of"),
    });
    if (gen !== MG.gen) return;
    $("rerank").textContent = out.rerank ? `rerank: ${out.rerank}` : "";
    const best = {};
    for (const r of out.results) for (const k of ["fused", "rerank"]) {
      const v = r.explain && r.explain[k];
      if (v !== null && v !== undefined) best[k] = Math.max(best[k] || 0, Math.abs(v));
    }
    const items = out.results.map((r) => {
      const ents = new Set((r.entities || []).map(norm));
      // the relations behind a hit: both ends are entities the memory mentions
      const rels = (out.relations || []).filter((x) => ents.has(norm(x.source)) && ents.has(norm(x.destination)));
      const extra = el("div", {},
        el("div", { class: "meta" }, el("span", { class: "chip" }, "score " + Number(r.score).toFixed(3)),
          r.explain && el("span", {}, "via " + r.explain.sources.join(", "))),
        r.explain ? bars(r.explain, best) : null,
        rels.length ? el("ul", { class: "rels", "aria-label": "relations behind this hit" },
          rels.map((x) => el("li", {}, `${x.source} —${x.relationship}→ ${x.destination}`))) : null);
      return MG.memoryItem(r, extra);
    });
    $("search-results").replaceChildren(...items);
    if (!items.length) $("search-results").append(el("li", { class: "muted" }, "Nothing found."));
  };

  // -- timeline ----------------------------------------------------------------------------------
  const RULE = /^\[([^\]]+)\]\s*(.*)$/s;

  function eventItem(e, memoryId) {
    const m = RULE.exec(e.reason || "");
    const rule = m ? m[1] : null;
    const why = m ? m[2] : e.reason || "";
    const link = (id, label) => el("button", { type: "button", class: "linklike", onclick: () => MG.open(id) }, label);
    const lines = [];
    if (e.event === "UPDATE" && e.related_id && e.memory_id !== memoryId) {
      lines.push(el("div", {}, "replaced by ", link(e.memory_id, e.new_memory || e.memory_id)));
    } else if (e.event === "UPDATE" && e.related_id) {
      lines.push(el("div", {}, "replaced ", link(e.related_id, e.old_memory || e.related_id)));
    } else if (e.related_id) {
      lines.push(el("div", {}, "related: ", link(e.related_id, e.related_id)));
    }
    if (e.old_memory || e.new_memory) {
      lines.push(el("div", { class: "diff" },
        e.old_memory ? el("del", {}, e.old_memory) : null, e.old_memory && e.new_memory ? " → " : null,
        e.new_memory ? el("ins", {}, e.new_memory) : null));
    }
    const undoable = e.event === "UPDATE" || e.event === "DELETE" || e.event === "INVALIDATE";
    return el("li", { class: e.actor === "user" ? "user" : "", "data-seq": e.seq },
      el("div", {},
        el("span", { class: "kind" }, e.event),
        rule ? el("span", { class: "rule", title: "the rule or model that decided" }, rule) : null, " ",
        el("span", {}, why)),
      lines,
      el("div", { class: "meta" },
        el("span", {}, MG.time(e.created_at)), el("span", {}, "by " + (e.actor || "?")),
        e.extractor ? el("span", {}, "extractor " + e.extractor) : null,
        e.memory_id !== memoryId && e.memory_id ? link(e.memory_id, "memory " + e.memory_id.slice(0, 8)) : null,
        undoable ? el("button", { type: "button", class: "undo", onclick: () => act(() =>
          MG.api("POST", "/v1/undo", {}, { ...MG.scope(), event: e.seq })) }, "Undo this") : null));
  }

  /** Run a correction, then redraw the timeline (errors shown, nothing else changed). */
  async function act(fn) {
    MG.busy += 1;
    try { await fn(); MG.showError(null); await MG.views.timeline(); } catch (err) {
      MG.showError(err);
      if (err.status === 403 || err.status === 404) MG.clear("timeline");
    } finally {
      MG.busy -= 1;
    }
  }

  function editor(m) {
    const text = el("textarea", { id: "edit-text", "aria-label": "corrected text" });
    text.value = m.memory;
    const reason = el("input", { id: "edit-reason", placeholder: "why (recorded in the history)", "aria-label": "reason" });
    reason.value = "corrected in the memory browser";
    return el("form", { class: "editor", onsubmit: (ev) => { ev.preventDefault(); act(() =>
      MG.api("PUT", `/v1/memories/${encodeURIComponent(m.id)}`, {},
        { ...MG.scope(), data: text.value, reason: reason.value || "corrected by the user", expected_version: m.version })); } },
      text, reason, el("div", {}, el("button", { type: "submit", id: "save-edit" }, "Save correction")));
  }

  MG.views.timeline = async function () {
    const id = MG.current;
    if (!id) {
      $("memory-card").replaceChildren(el("p", { class: "muted" }, "Open a memory from the list, a search or the graph."));
      $("actions").replaceChildren(); $("events").replaceChildren();
      return;
    }
    const path = `/v1/memories/${encodeURIComponent(id)}`;
    const gen = MG.gen;
    const [m, events] = await Promise.all([MG.api("GET", path, MG.scope()), MG.api("GET", path + "/history", MG.scope())]);
    if (gen !== MG.gen) return;
    const card = MG.memoryItem(m);
    $("memory-card").className = "card " + m.status;
    $("memory-card").replaceChildren(el("h2", {}, "Memory ", el("code", {}, m.id)), ...card.childNodes);
    if (m.superseded_by) {
      $("memory-card").append(el("div", {}, "superseded by ", el("button", { type: "button", class: "linklike",
        onclick: () => MG.open(m.superseded_by) }, m.superseded_by)));
    }
    const scope = MG.scope();
    const post = (suffix, body) => () => MG.api("POST", path + suffix, {}, { ...scope, ...body });
    const slot = el("div", { class: "editor", id: "editor-slot" });
    $("actions").replaceChildren(
      el("button", { type: "button", id: "edit", onclick: () => slot.replaceChildren(editor(m)) }, "Edit"),
      m.status === "active"
        ? el("button", { type: "button", id: "invalidate", onclick: () => act(post("/invalidate", { reason: "marked not true in the memory browser" })) }, "Invalidate")
        : el("button", { type: "button", id: "restore", onclick: () => act(post("/restore", {})) }, "Restore"),
      el("button", { type: "button", id: "useful", onclick: () => act(post("/feedback", { rating: "useful" })) }, "Useful"),
      el("button", { type: "button", id: "wrong", onclick: () => act(post("/feedback", { rating: "wrong" })) }, "Wrong"),
      slot);
    $("events").replaceChildren(...events.map((e) => eventItem(e, id)));
  };

  document.addEventListener("DOMContentLoaded", () => {
    $("search-form").addEventListener("submit", (e) => { e.preventDefault(); MG.show("search"); });
  });
})();
