"use strict";
// The report's behaviour. Everything that comes from a case file or an implementation is
// put into the page with textContent or setAttribute, never as markup.
(function () {
  const data = JSON.parse(document.getElementById("report-data").textContent);
  const el = (tag, attrs, ...children) => {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
    for (const child of children) {
      if (child !== null && child !== undefined) node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
    return node;
  };
  // The outcomes in the order of every count array, and the letter of each in `cases`.
  const COUNTED = Object.keys(data.codes);
  const OUTCOMES = {...Object.fromEntries(COUNTED.map(o => [data.codes[o], o])), "-": "no case"};
  const total = c => c.reduce((a, b) => a + b, 0);
  const percent = x => x === null ? "–" : (100 * x).toFixed(1) + "%";

  function status(c) {
    const [p, f, e, u] = c;
    if (!total(c)) return "none";
    if (p) return f || e ? "partial" : (u ? "pass-answered" : "pass");
    if (e) return "error";
    if (f) return "fail";
    return u ? "unsupported" : "skip";
  }
  function cellText(c) {
    if (!total(c)) return "–";
    if (c[3] === total(c)) return "n/a";
    return c[0] + "/" + total(c);
  }
  function passRate(c) {
    const considered = total(c) - c[4];
    return considered ? c[0] / considered : null;
  }
  function countsTitle(c) {
    return COUNTED.map((o, i) => c[i] ? c[i] + " " + o : "").filter(Boolean).join(", ") || "no cases";
  }
  function fnLink(key, text, caseName) {
    const target = "#fn=" + encodeURIComponent(key) + (caseName ? "&case=" + encodeURIComponent(caseName) : "");
    return el("a", {class: "fn", href: target}, text === undefined ? key : text);
  }
  function fileLink(file, line) {
    const where = file + ":" + line;
    if (!data.repo || !file) return el("span", {class: "mono"}, where);
    const path = String(file).split("/").map(encodeURIComponent).join("/");
    return el("a", {class: "mono", href: data.repo + "/" + path + "#L" + line, target: "_blank", rel: "noopener"}, where);
  }
  function outcomeChip(outcome) {
    const cls = COUNTED.includes(outcome) ? "st-" + outcome : "st-none";
    return el("span", {class: "outcome " + cls}, outcome);
  }
  function groupOf(basis) {
    for (const [group, bases] of Object.entries(data.bases)) {
      if (bases.includes(basis)) return group;
    }
    return "ours";
  }
  function sourceTags(source, basis, readings, errata) {
    const box = el("span", {});
    const group = groupOf(basis);
    box.append(el("span", {class: "tag " + group, title: data.groups[group] + " (basis: " + basis + ")"}, (source || "no source") + " · " + basis));
    for (const r of readings || []) {
      const reading = data.readings[r];
      box.append(el("span", {class: "tag reading", title: "the suite's reading, not the documentation's words" + (reading ? ": " + reading.title : "")}, "reading " + r));
    }
    for (const e of errata || []) {
      box.append(el("span", {class: "tag erratum", title: "the documentation contradicts itself here; the suite follows one reading (spec/ERRATA.md)"}, "erratum " + e));
    }
    return box;
  }

  // --- Values (expected vs actual) --------------------------------------------------------
  function scalarText(tagged) {
    const [tag, body] = Object.entries(tagged)[0];
    if (tag === "unit") return "()";
    if (tag === "complex") return "(" + body[0] + (String(body[1]).startsWith("-") ? "" : "+") + body[1] + "i)";
    if (tag === "string") return JSON.stringify(body);
    return String(body);
  }
  function elementText(x) {
    return Array.isArray(x) ? "(" + x[0] + (String(x[1]).startsWith("-") ? "" : "+") + x[1] + "i)" : String(x);
  }
  function tensorNode(t, differ) {
    const marked = new Set(differ || []);
    const root = el("span", {class: "mono"});
    root.append(t.dtype + " [" + t.shape.join("; ") + "] ");
    if (t.b64 !== undefined) { root.append("<" + t.b64.length + " base64 bytes>"); return root; }
    const values = t.data;
    let position = 0;
    function nest(depth) {
      if (depth === t.shape.length) {
        const text = elementText(values[position]);
        const node = marked.has(position) ? el("span", {class: "differ"}, text) : document.createTextNode(text);
        position += 1;
        return node;
      }
      const wrapper = el("span", {});
      wrapper.append("[");
      const n = t.shape[depth];
      for (let i = 0; i < n && position < values.length; i++) {
        if (i) wrapper.append(depth === t.shape.length - 1 ? ", " : ",\n" + " ".repeat(depth + 1));
        wrapper.append(nest(depth + 1));
      }
      wrapper.append("]");
      return wrapper;
    }
    const shown = el("pre", {}, t.shape.length === 0 ? elementText(values[0]) : "");
    if (t.shape.length) shown.append(nest(0));
    if (values.length < t.shape.reduce((a, b) => a * b, 1)) shown.append("\n… (first " + values.length + " elements)");
    root.append(shown);
    return root;
  }
  function valueNode(value, differ) {
    if (value === null || value === undefined) return el("span", {class: "muted"}, "—");
    if (typeof value === "string") return el("pre", {}, value);
    const [tag, body] = Object.entries(value)[0];
    if (tag === "tensor") return tensorNode(body, differ);
    if (tag === "list" || tag === "tuple") {
      const box = el("div", {});
      box.append(tag + " of " + body.length + ":");
      body.forEach(item => box.append(valueNode(item)));
      return box;
    }
    if (tag === "call") {
      const box = el("div", {class: "mono"}, "(" + body.op + " …)");
      (body.args || []).forEach(arg => box.append(valueNode(arg)));
      return box;
    }
    return el("code", {}, tag + " " + (typeof body === "object" && body !== null ? JSON.stringify(body) : scalarText(value)));
  }
  // An argument as OCaml-like text; tensors become names (t0, t1, ...) shown below.
  function compact(value, tensors) {
    const [tag, body] = Object.entries(value)[0];
    const join = (items, open, close, sep) => open + items.map(x => compact(x, tensors)).join(sep) + close;
    switch (tag) {
      case "tensor": tensors.push(body); return "t" + (tensors.length - 1);
      case "dtype": return body;
      case "int": return body < 0 ? "(" + body + ")" : String(body);
      case "float": return (typeof body === "number" && Number.isInteger(body) ? body + "." : String(body));
      case "ints": case "floats": return "[|" + body.join("; ") + "|]";
      case "pairs": return "[|" + body.map(p => "(" + p.join(", ") + ")").join("; ") + "|]";
      case "variant": return "`" + body + ("payload" in value ? " " + compact(value.payload, tensors) : "");
      case "option": return body === null ? "None" : "(Some " + compact(body, tensors) + ")";
      case "list": return join(body, "[", "]", "; ");
      case "tuple": return join(body, "(", ")", ", ");
      case "index": return "[" + body.map(s => typeof s === "string" ? s : Object.entries(s).map(([k, a]) => k + " " + (k === "M" ? compact(a, tensors) : JSON.stringify(a))).join("")).join("; ") + "]";
      case "call": return "(" + [body.op, ...(body.args || []).map(a => compact(a, tensors))].join(" ") + ")";
      case "ref": case "fn": return body;
      default: return scalarText(value);
    }
  }
  function drillDown(failure) {
    const details = failure.details || {};
    const box = el("div", {});
    const call = details.call;
    if (call) {
      box.append(el("h4", {}, "Call"));
      const tensors = [];
      const words = [call.namespace + "." + call.op, ...(call.args || []).map(a => compact(a, tensors)),
                     ...Object.entries(call.kwargs || {}).map(([label, a]) => "~" + label + ":" + compact(a, tensors))];
      box.append(el("pre", {}, words.join(" ")));
      tensors.forEach((t, i) => { box.append(el("div", {class: "muted"}, "t" + i + " =")); box.append(tensorNode(t)); });
    }
    const actual = details.actual !== undefined ? details.actual : details.unavailable;
    const sides = el("div", {class: "sides"});
    sides.append(el("div", {}, el("h4", {}, "Expected"), valueNode(details.expected, details.differ)));
    sides.append(el("div", {}, el("h4", {}, "Actual"), valueNode(actual, details.differ)));
    box.append(sides);
    box.append(el("h4", {}, "Message"), el("pre", {}, failure.message || ""));
    if (details.note) box.append(el("div", {class: "muted"}, "Note: " + details.note));
    box.append(el("div", {class: "muted"}, "Written at ", fileLink(failure.file, failure.line)));
    return box;
  }
  let failureIndex = null;
  function failureOf(run, id) {
    if (!failureIndex) {
      failureIndex = new Map();
      data.failures.forEach(f => failureIndex.set(f.run + "\u0000" + f.id, f));
    }
    return failureIndex.get(run + "\u0000" + id);
  }

  // --- Causes ---------------------------------------------------------------------------
  const causesRun = document.getElementById("causes-run");
  function covering(causes, failing) {
    let covered = 0;
    for (let i = 0; i < causes.length; i++) {
      covered += causes[i].count;
      if (covered >= 0.8 * failing) return i + 1;
    }
    return causes.length;
  }
  function caseLinks(ids, limit) {
    const box = el("div", {class: "mono"});
    const add = upto => {
      box.replaceChildren();
      ids.slice(0, upto).forEach(id => {
        const [key, name] = [id.split("/")[0], id.split("/").slice(1).join("/")];
        box.append(el("div", {}, fnLink(key, id, name)));
      });
      if (ids.length > upto) {
        const more = el("button", {}, "show all " + ids.length);
        more.addEventListener("click", () => add(ids.length));
        box.append(more);
      }
    };
    add(limit);
    return box;
  }
  function renderCauses() {
    const list = document.getElementById("causes-list");
    list.replaceChildren();
    if (!causesRun || causesRun.value === "") return;
    const run = Number(causesRun.value);
    const causes = data.causes[run] || [];
    const failing = causes.reduce((a, c) => a + c.count, 0);
    document.getElementById("causes-summary").textContent = failing
      ? causes.length + " causes for " + failing + " failing or erroring cases; the " + covering(causes, failing) + " biggest cover 80 % of them"
      : "no failing case";
    const widest = causes.length ? causes[0].count : 1;
    const shown = causesShown === null ? Math.min(causes.length, Math.max(12, covering(causes, failing))) : causes.length;
    causes.slice(0, shown).forEach((cause, index) => {
      const item = el("div", {class: "cause", "data-cause": index});
      const head = el("div", {class: "cause-head"},
        el("span", {class: "count"}, cause.count + " (" + (100 * cause.share).toFixed(1) + "%)"),
        el("span", {class: "share", style: "width: " + Math.max(2, 120 * cause.count / widest) + "px"}),
        el("b", {}, cause.signature));
      const functions = el("div", {class: "chips muted"}, "functions: ");
      cause.functions.slice(0, 8).forEach(([key, count]) => functions.append(fnLink(key, key + " ×" + count)));
      if (cause.functions.length > 8) functions.append("… +" + (cause.functions.length - 8));
      const dtypes = el("div", {class: "muted"}, "dtypes: " + cause.dtypes.map(([d, n]) => d + " ×" + n).join(", "));
      const body = el("div", {class: "cause-body hidden"});
      head.addEventListener("click", () => {
        if (!body.childElementCount) {
          if (cause.variants.length) {
            body.append(el("h4", {}, "How it shows"));
            const variants = el("ul", {});
            cause.variants.forEach(([text, count]) => variants.append(el("li", {}, el("span", {class: "mono"}, text), " ×" + count)));
            if (cause.more_variants) variants.append(el("li", {class: "muted"}, "… and " + cause.more_variants + " more"));
            body.append(variants);
          }
          const sources = Object.entries(cause.sources).map(([s, n]) => s + " ×" + n).join(", ");
          body.append(el("div", {class: "muted"}, "sources: " + sources));
          const show = el("button", {}, "list these in the failing cases");
          show.addEventListener("click", () => filterFailuresByCause(run, index));
          body.append(el("h4", {}, "Cases ", show), caseLinks(cause.cases, 50));
        }
        body.classList.toggle("hidden");
      });
      item.append(head, functions, dtypes, body);
      list.append(item);
    });
    if (shown < causes.length) {
      const rest = causes.slice(shown).reduce((a, c) => a + c.count, 0);
      const all = el("button", {id: "causes-all"}, "show the other " + (causes.length - shown) + " causes (" + rest + " cases)");
      all.addEventListener("click", () => { causesShown = "all"; renderCauses(); });
      list.append(all);
    }
  }
  let causesShown = null;
  if (causesRun) {
    causesRun.addEventListener("input", () => { causesShown = null; renderCauses(); });
    const first = data.causes.findIndex(causes => causes.length);
    if (first > 0) causesRun.value = String(first);
  }

  // --- Matrix: views, filter, sort, pages -----------------------------------------------------
  const matrix = document.getElementById("matrix-table");
  const rows = Array.from(matrix.tBodies[0].rows);
  const search = document.getElementById("matrix-search");
  const sectionFilter = document.getElementById("matrix-section");
  const outcomeFilter = document.getElementById("matrix-outcome");
  const viewSelect = document.getElementById("matrix-view");
  function rowCounts(row) {
    return (data.rows[row.dataset.function] || []).map(perRun => perRun[viewSelect.value]);
  }
  function paintMatrix() {
    for (const row of rows) {
      const counts = rowCounts(row);
      row.querySelectorAll("td.cell").forEach((cell, i) => {
        const c = counts[i];
        cell.className = "cell st-" + status(c);
        cell.textContent = cellText(c);
        const rate = passRate(c);
        cell.dataset.sort = rate === null ? -1 : rate;
        cell.title = countsTitle(c);
      });
    }
    filterMatrix();
  }
  function filterMatrix() {
    const text = search.value.trim().toLowerCase();
    const want = outcomeFilter.value;
    let shown = 0;
    for (const row of rows) {
      const counts = rowCounts(row);
      const statuses = counts.map(status);
      const ok = (!text || row.dataset.function.toLowerCase().includes(text)) &&
        (!sectionFilter.value || row.dataset.section === sectionFilter.value) &&
        (!want || (want === "bad" && counts.some(c => c[1] || c[2])) ||
                  (want === "unsupported" && counts.some(c => c[3])) ||
                  (want === "pass" && statuses.every(s => s === "pass")) ||
                  (want === "none" && statuses.every(s => s === "none")));
      row.classList.toggle("hidden", !ok);
      shown += ok;
    }
    document.getElementById("matrix-count").textContent = shown + " of " + rows.length + " functions";
  }
  [search, sectionFilter, outcomeFilter].forEach(c => c.addEventListener("input", filterMatrix));
  viewSelect.addEventListener("input", paintMatrix);
  let sortState = {};
  matrix.tHead.addEventListener("click", event => {
    const th = event.target.closest("th");
    if (!th || !th.dataset.key) return;
    const index = Array.from(th.parentNode.children).indexOf(th);
    const descending = sortState.index === index ? !sortState.descending : false;
    sortState = {index, descending};
    const value = row => {
      const cell = row.cells[index];
      return cell.dataset.sort !== undefined ? parseFloat(cell.dataset.sort) : cell.textContent;
    };
    rows.sort((a, b) => {
      const x = value(a), y = value(b);
      const order = typeof x === "number" ? x - y : String(x).localeCompare(String(y));
      return descending ? -order : order;
    });
    for (const row of rows) matrix.tBodies[0].append(row);
  });
  matrix.tBodies[0].addEventListener("click", event => {
    const cell = event.target.closest("td.cell");
    if (!cell || cell.classList.contains("st-none")) return;
    location.hash = "fn=" + encodeURIComponent(cell.parentNode.dataset.function);
  });
  filterMatrix();

  // --- Function pages ------------------------------------------------------------------------
  const page = document.getElementById("function-page");
  function docBlock(key, cases) {
    const box = el("div", {class: "doc-text"});
    const entry = data.docs[key];
    const encoding = at => cases.filter(c => (c.x || []).includes(at));
    const examplesShown = new Set();
    function exampleNode(at, code, output) {
      examplesShown.add(at);
      const node = el("div", {class: "example", "data-example": at});
      node.append(el("pre", {}, "# " + code + (output ? "\n" + output : "")));
      const encoders = encoding(at);
      const line = el("div", {class: "muted"}, "example " + at + " · ");
      if (!encoders.length) line.append("no case encodes it");
      else {
        line.append("encoded by: ");
        encoders.forEach(c => {
          line.append(fnLink(key, c.n, c.n), " ");
          [...c.o].forEach((code, run) => {
            const chip = outcomeChip(OUTCOMES[code]);
            chip.title = data.runs[run];
            line.append(chip, " ");
          });
        });
      }
      node.append(line);
      return node;
    }
    if (!entry) {
      box.append(el("p", {class: "muted"}, "The documentation has no text of its own for this function."));
    } else {
      box.append(el("div", {class: "muted"}, "From spec/documents/" + entry.at.split(":")[0] + ", line " + entry.at.split(":")[1] + ":"));
      entry.signatures.forEach(s => box.append(el("pre", {class: "signature"}, s)));
      entry.prose.forEach(p => box.append(el("p", {}, p)));
      entry.examples.forEach(e => box.append(exampleNode(e.at, e.code, e.output)));
    }
    const elsewhere = (data.attributed[key] || []).filter(e => !examplesShown.has(e.at));
    if (elsewhere.length) {
      box.append(el("h4", {}, "Worked examples of this function", entry ? " elsewhere in the documentation" : ""));
      elsewhere.forEach(e => box.append(exampleNode(e.at, e.text, "")));
    }
    return box;
  }
  function notesBlock(key, cases) {
    const readings = new Set(), errata = new Set();
    cases.forEach(c => { (c.r || []).forEach(r => readings.add(r)); (c.e || []).forEach(e => errata.add(e)); });
    if (data.errata[key]) errata.add(key);
    if (!readings.size && !errata.size) return null;
    const box = el("div", {});
    box.append(el("h3", {}, "The suite's readings and errata that apply"),
      el("p", {class: "muted"}, "Cases marked with these follow the suite's reading, not the documentation's own words: read them before changing your code to pass."));
    const byNumber = (a, b) => Number(a.slice(1)) - Number(b.slice(1));
    for (const r of [...readings].sort(byNumber)) {
      const reading = data.readings[r];
      const count = cases.filter(c => (c.r || []).includes(r)).length;
      box.append(el("details", {class: "note", "data-reading": r},
        el("summary", {}, el("b", {}, "Reading " + r + (reading ? ". " + reading.title : "")), " · " + count + " case(s)"),
        el("pre", {}, reading ? reading.text : "(not in spec/READINGS.md)")));
    }
    for (const e of [...errata].sort()) {
      const erratum = data.errata[e];
      box.append(el("details", {class: "note", "data-erratum": e, open: ""},
        el("summary", {}, el("b", {}, "Erratum " + e), " · the documentation contradicts itself here"),
        el("pre", {}, erratum ? erratum.text : "(not in spec/ERRATA.md)")));
    }
    return box;
  }
  function casesBlock(key, cases) {
    const table = el("table", {class: "page-cases"});
    table.append(el("thead", {}, el("tr", {}, el("th", {class: "nosort"}, "Case"), el("th", {class: "nosort"}, "Source"),
      ...data.runs.map(label => el("th", {class: "nosort"}, label)))));
    const body = el("tbody", {});
    cases.forEach(c => {
      const id = key + "/" + c.n;
      const row = el("tr", {class: "case", "data-id": id},
        el("td", {class: "mono"}, c.n), el("td", {}, sourceTags(c.s, c.b, c.r, c.e)),
        ...[...c.o].map(code => el("td", {}, outcomeChip(OUTCOMES[code]))));
      row.addEventListener("click", () => toggleCase(row, c, id));
      body.append(row);
    });
    table.append(body);
    return table;
  }
  function toggleCase(row, c, id) {
    const next = row.nextSibling;
    if (next && next.classList.contains("drill")) { next.remove(); return; }
    const box = el("div", {});
    box.append(el("div", {class: "muted"}, "Written at ", fileLink(c.f, c.l)));
    let any = false;
    [...c.o].forEach((code, run) => {
      const failure = (code === "f" || code === "e") ? failureOf(run, id) : null;
      if (!failure) return;
      any = true;
      box.append(el("h3", {}, data.runs[run] + ": " + failure.outcome), drillDown(failure));
    });
    if (!any) box.append(el("p", {class: "muted"}, "No implementation fails this case."));
    row.after(el("tr", {class: "drill"}, el("td", {colspan: String(2 + data.runs.length)}, box)));
  }
  function changesBlock(key) {
    const box = el("div", {});
    for (const release of data.releases) {
      for (const step of release.steps) {
        const changes = step.functions[key];
        if (!changes) continue;
        box.append(el("h4", {}, data.runs[step.from] + " → " + data.runs[step.to]));
        const table = el("table", {class: "page-changes"});
        changes.forEach(c => table.append(el("tr", {class: "change-" + c.change},
          el("td", {class: "mono"}, c.id.split("/").slice(1).join("/")), el("td", {}, data.changes[c.change]),
          el("td", {}, (c.before || "no case") + " → " + (c.after || "no case")),
          el("td", {class: "muted"}, c.change === "changed" ? c.was + " → " + c.now : (c.now || c.was || "")))));
        box.append(table);
      }
    }
    return box.childElementCount ? box : null;
  }
  function functionPage(key) {
    const cases = data.cases[key] || [];
    const box = el("div", {});
    const close = el("button", {style: "float: right"}, "close ×");
    close.addEventListener("click", () => { history.pushState("", document.title, location.pathname + location.search); page.classList.add("hidden"); });
    box.append(close, el("h2", {}, key));
    const totals = el("table", {class: "counts split"});
    (data.rows[key] || []).forEach((perRun, run) => {
      const c = perRun.all;
      totals.append(el("tr", {}, el("td", {}, data.runs[run]), el("td", {class: "cell st-" + status(c)}, cellText(c)), el("td", {class: "muted"}, countsTitle(c))));
    });
    box.append(totals);
    box.append(el("h3", {}, "The documentation"), docBlock(key, cases));
    const notes = notesBlock(key, cases);
    if (notes) box.append(notes);
    const changes = changesBlock(key);
    if (changes) box.append(el("h3", {}, "Changes between releases"), changes);
    const failing = cases.filter(c => /[fe]/.test(c.o)).length;
    const only = el("input", {type: "checkbox", id: "page-failing"});
    const table = casesBlock(key, cases);
    only.addEventListener("input", () => table.querySelectorAll("tr.case").forEach((row, i) => {
      row.classList.toggle("hidden", only.checked && !/[fe]/.test(cases[i].o));
      const next = row.nextSibling;
      if (next && next.classList.contains("drill")) next.classList.toggle("hidden", row.classList.contains("hidden"));
    }));
    box.append(el("h3", {}, "Cases (" + cases.length + ", " + failing + " failing somewhere)"),
      el("p", {class: "muted"}, el("label", {}, only, " only the cases that fail somewhere"), " · click a case for each implementation's expected vs actual"),
      table);
    return box;
  }
  function route() {
    const hash = location.hash.slice(1);
    if (!hash.startsWith("fn=")) { page.classList.add("hidden"); return; }
    const params = new URLSearchParams(hash);
    const key = params.get("fn");
    page.replaceChildren(functionPage(key));
    page.classList.remove("hidden");
    const wanted = params.get("case");
    const row = wanted && Array.from(page.querySelectorAll("tr.case")).find(r => r.dataset.id === key + "/" + wanted);
    if (row) { row.click(); row.scrollIntoView(); } else page.scrollIntoView();
  }
  window.addEventListener("hashchange", route);

  // --- Releases ----------------------------------------------------------------------------
  const releases = document.getElementById("releases-body");
  if (releases) {
    for (const release of data.releases) {
      releases.append(el("h3", {}, release.name + ": " + release.runs.map(i => data.runs[i]).join(" → ")));
      for (const step of release.steps) {
        const kinds = Object.keys(data.changes);
        releases.append(el("h4", {}, data.runs[step.from] + " → " + data.runs[step.to] + ": ",
          ...kinds.map(k => el("span", {class: "tag change-" + k}, step.totals[k] + " " + data.changes[k]))));
        const functions = Object.entries(step.functions).map(([key, changes]) => {
          const counts = {};
          kinds.forEach(k => { counts[k] = 0; });
          changes.forEach(c => { counts[c.change] += 1; });
          return [key, counts];
        }).sort((a, b) => (b[1].regressed - a[1].regressed) || (b[1].fixed - a[1].fixed) || a[0].localeCompare(b[0]));
        if (!functions.length) { releases.append(el("p", {class: "muted"}, "No case changed.")); continue; }
        const table = el("table", {class: "release-step"});
        table.append(el("thead", {}, el("tr", {}, el("th", {class: "nosort"}, "Function"), ...kinds.map(k => el("th", {class: "num nosort"}, data.changes[k])))));
        const body = el("tbody", {});
        functions.slice(0, 300).forEach(([key, counts]) => body.append(el("tr", {"data-function": key}, el("td", {class: "mono"}, fnLink(key)),
          ...kinds.map(k => el("td", {class: "num change-" + k}, counts[k] || "")))));
        if (functions.length > 300) body.append(el("tr", {}, el("td", {class: "muted", colspan: String(1 + kinds.length)}, "… and " + (functions.length - 300) + " more functions")));
        table.append(body);
        releases.append(table);
      }
    }
  }

  // --- Failing cases: list, filter, drill-down ---------------------------------------------
  const body = document.getElementById("failure-table").tBodies[0];
  const failureSearch = document.getElementById("failure-search");
  const failureRun = document.getElementById("failure-run");
  const failureGroup = document.getElementById("failure-group");
  const failureCause = document.getElementById("failure-cause");
  const more = document.getElementById("failure-more");
  const PAGE = 200;
  let limit = PAGE;
  function fillCauses() {
    const run = failureRun.value;
    failureCause.replaceChildren(el("option", {value: ""}, run === "" ? "any cause (choose an implementation)" : "any cause"));
    failureCause.disabled = run === "";
    if (run === "") return;
    data.causes[Number(run)].forEach((cause, i) => failureCause.append(el("option", {value: String(i)}, cause.count + " · " + cause.signature)));
  }
  function renderFailures() {
    const text = failureSearch.value.trim().toLowerCase();
    const run = failureRun.value, group = failureGroup.value, cause = failureCause.value;
    const chosen = data.failures.filter(f => (run === "" || String(f.run) === run) &&
      (group === "" || f.group === group) && (cause === "" || String(f.cause) === cause) &&
      (!text || f.id.toLowerCase().includes(text) || (f.message || "").toLowerCase().includes(text)));
    body.replaceChildren();
    for (const failure of chosen.slice(0, limit)) {
      const row = el("tr", {class: "failure", "data-id": failure.id},
        el("td", {}, data.runs[failure.run]), el("td", {class: "mono"}, failure.id),
        el("td", {}, el("span", {class: "tag st-" + failure.outcome}, failure.outcome), " ",
           el("span", {class: "tag " + failure.group, title: data.groups[failure.group]}, failure.group),
           ...(failure.readings || []).map(r => el("span", {class: "tag reading", title: "the suite's reading, not the documentation's words"}, "reading " + r)),
           ...(failure.errata || []).map(e => el("span", {class: "tag erratum", title: "spec/ERRATA.md"}, "erratum " + e))),
        el("td", {class: "muted"}, (failure.message || "").split("\n")[0]));
      row.addEventListener("click", () => {
        const next = row.nextSibling;
        if (next && next.classList.contains("drill")) { next.remove(); return; }
        const key = failure.id.split("/")[0];
        const box = el("div", {}, el("div", {}, "Function page: ", fnLink(key, key, failure.id.split("/").slice(1).join("/"))), drillDown(failure));
        row.after(el("tr", {class: "drill"}, el("td", {colspan: "4"}, box)));
      });
      body.append(row);
    }
    document.getElementById("failure-count").textContent = Math.min(limit, chosen.length) + " of " + chosen.length + " shown";
    more.classList.toggle("hidden", chosen.length <= limit);
  }
  function filterFailuresByCause(run, cause) {
    failureRun.value = String(run);
    fillCauses();
    failureCause.value = String(cause);
    limit = PAGE;
    renderFailures();
    document.getElementById("failures").scrollIntoView();
  }
  failureSearch.addEventListener("input", () => { limit = PAGE; renderFailures(); });
  failureRun.addEventListener("input", () => { fillCauses(); limit = PAGE; renderFailures(); });
  [failureGroup, failureCause].forEach(c => c.addEventListener("input", () => { limit = PAGE; renderFailures(); }));
  more.addEventListener("click", () => { limit += PAGE; renderFailures(); });

  renderCauses();
  renderFailures();
  route();
})();
