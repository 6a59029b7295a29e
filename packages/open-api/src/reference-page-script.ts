/**
 * The reference page's renderer: plain ES2017 JavaScript, inlined, no dependencies (the page must
 * work offline). It reads the document from `#gatehouse-openapi` and builds the page with DOM calls
 * and `textContent` only — never innerHTML — so nothing in the document can inject markup.
 * Kept as a string (String.raw, no backticks or `${` inside) so no bundler or test transform can
 * rewrite it.
 */
export const REFERENCE_PAGE_SCRIPT = String.raw`
(function () {
  "use strict";
  var doc = JSON.parse(document.getElementById("gatehouse-openapi").textContent);
  var config = JSON.parse(document.getElementById("gatehouse-reference-config").textContent);
  var components = doc.components || {};
  var schemas = components.schemas || {};
  var sharedResponses = components.responses || {};
  var METHODS = ["get", "post", "put", "patch", "delete"];

  // The API lives where this page is served from, minus the page's own path; that keeps "try it"
  // same-origin (cookies, CSRF check) even when the configured baseURL names another host.
  var apiBase = (function () {
    var here = location.pathname.replace(/\/+$/, "");
    if (here.slice(-config.pagePath.length) === config.pagePath) return here.slice(0, -config.pagePath.length);
    return (doc.servers && doc.servers[0] && doc.servers[0].url) || "";
  })();

  function el(tag, attrs) {
    var node = document.createElement(tag);
    if (attrs) {
      Object.keys(attrs).forEach(function (key) {
        var value = attrs[key];
        if (value === null || value === undefined || value === false) return;
        if (key === "class") node.className = value;
        else if (key === "text") node.textContent = value;
        else if (key.slice(0, 2) === "on") node.addEventListener(key.slice(2), value);
        else node.setAttribute(key, value === true ? "" : String(value));
      });
    }
    for (var i = 2; i < arguments.length; i++) add(node, arguments[i]);
    return node;
  }
  function add(node, child) {
    if (child === null || child === undefined || child === false) return;
    if (Array.isArray(child)) return child.forEach(function (c) { add(node, c); });
    node.appendChild(typeof child === "string" ? document.createTextNode(child) : child);
  }

  function refName(schema) {
    var m = schema && typeof schema.$ref === "string" && /\/([^/]+)$/.exec(schema.$ref);
    return m ? decodeURIComponent(m[1]) : null;
  }
  function resolve(schema) {
    for (var hops = 0; schema && schema.$ref && hops < 32; hops++) {
      var m = /^#\/components\/(schemas|responses)\/(.+)$/.exec(schema.$ref);
      if (!m) return {};
      schema = (m[1] === "schemas" ? schemas : sharedResponses)[decodeURIComponent(m[2])];
    }
    return schema || {};
  }
  function alternatives(s) {
    return s.anyOf || s.oneOf || null;
  }
  // allOf (a model plus extra fields, e.g. a session with its token) shown as one object.
  function merged(schema) {
    var s = resolve(schema);
    if (!s.allOf) return s;
    var out = { properties: {}, required: [], description: s.description };
    s.allOf.map(merged).concat([s]).forEach(function (part) {
      Object.keys(part.properties || {}).forEach(function (k) { out.properties[k] = part.properties[k]; });
      out.required = out.required.concat(part.required || []);
    });
    return out;
  }
  function typeLabel(schema) {
    var name = refName(schema);
    var s = resolve(schema);
    if (s.enum) return s.enum.map(function (v) { return JSON.stringify(v); }).join(" | ");
    if (s.const !== undefined) return JSON.stringify(s.const);
    if (s.allOf) return s.allOf.map(typeLabel).join(" & ");
    var alts = alternatives(s);
    if (alts) return alts.map(typeLabel).join(" | ");
    var types = Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
    if (!types.length) return name || (s.properties ? "object" : "any");
    return types.map(function (t) {
      if (t === "array") return "array<" + (s.items ? typeLabel(s.items) : "any") + ">";
      if (t === "object" && name) return name;
      return t + (s.format && t !== "null" ? " · " + s.format : "");
    }).join(" | ");
  }
  function primaryType(schema) {
    var s = resolve(schema);
    if (s.enum) return "enum";
    if (s.allOf) return "object";
    var alts = alternatives(s);
    if (alts) return primaryType(alts[0]);
    var types = (Array.isArray(s.type) ? s.type : [s.type]).filter(function (t) { return t && t !== "null"; });
    return types[0] || (s.properties ? "object" : "any");
  }
  function constraints(s) {
    var out = [];
    var pairs = [["minLength", "min length"], ["maxLength", "max length"], ["minimum", "≥"], ["maximum", "≤"],
      ["exclusiveMinimum", ">"], ["exclusiveMaximum", "<"], ["minItems", "min items"], ["maxItems", "max items"]];
    pairs.forEach(function (p) { if (s[p[0]] !== undefined) out.push(p[1] + " " + s[p[0]]); });
    if (s.default !== undefined) out.push("default " + JSON.stringify(s.default));
    return out.join(", ");
  }
  function childrenOf(schema) {
    var s = merged(schema);
    if (s.properties) return s;
    if (s.items && merged(s.items).properties) return merged(s.items);
    var alts = alternatives(s);
    if (alts) {
      var objects = alts.map(merged).filter(function (a) { return a.properties; });
      if (objects.length === 1) return objects[0];
    }
    return null;
  }

  // A readable tree: one line per property (name, type, required, limits, description), nested
  // objects indented. Refs already on the path are not expanded again, so recursive schemas end.
  function schemaTree(schema, seen) {
    var s = childrenOf(schema);
    if (!s) return el("div", null, el("span", { class: "type", text: typeLabel(schema) }), note(resolve(schema)));
    var required = s.required || [];
    var list = el("ul", { class: "schema" });
    Object.keys(s.properties).forEach(function (key) {
      var prop = s.properties[key];
      var name = refName(prop);
      var nested = name && seen.indexOf(name) >= 0 ? null : childrenOf(prop);
      list.appendChild(el("li", null,
        el("code", { class: "name", text: key }),
        el("span", { class: "type", text: typeLabel(prop) }),
        required.indexOf(key) >= 0 ? el("span", { class: "req", text: "required" }) : el("span", { class: "opt", text: "optional" }),
        note(resolve(prop)),
        nested ? schemaTree(prop, name ? seen.concat(name) : seen) : null));
    });
    var extra = s.additionalProperties;
    if (extra && typeof extra === "object" && Object.keys(extra).length) {
      list.appendChild(el("li", null, el("code", { class: "name", text: "[key: string]" }),
        el("span", { class: "type", text: typeLabel(extra) })));
    }
    if (!Object.keys(s.properties).length) list.appendChild(el("li", { class: "muted", text: "(no fields)" }));
    return list;
  }
  function note(s) {
    var text = [s.description, constraints(s)].filter(Boolean).join(" — ");
    return text ? el("span", { class: "note", text: text }) : null;
  }

  // ---- operations -------------------------------------------------------------------------------
  var operations = [];
  Object.keys(doc.paths || {}).forEach(function (path) {
    METHODS.forEach(function (method) {
      var op = doc.paths[path][method];
      if (op) operations.push({ path: path, method: method, op: op, id: "op-" + op.operationId });
    });
  });
  var tagOrder = (doc.tags || []).map(function (t) { return t.name; });
  operations.forEach(function (o) {
    var tag = (o.op.tags && o.op.tags[0]) || "default";
    o.tag = tag;
    if (tagOrder.indexOf(tag) < 0) tagOrder.push(tag);
  });
  function tagDescription(name) {
    var t = (doc.tags || []).filter(function (x) { return x.name === name; })[0];
    return t && t.description;
  }

  function badge(method) {
    return el("span", { class: "badge " + method, text: method.toUpperCase() });
  }
  function requestSchema(op) {
    var body = op.requestBody && op.requestBody.content && op.requestBody.content["application/json"];
    return body ? body.schema : null;
  }

  function parametersTable(params) {
    return el("table", null,
      el("thead", null, el("tr", null, ["Name", "In", "Type", "Description"].map(function (h) { return el("th", { text: h }); }))),
      el("tbody", null, params.map(function (p) {
        return el("tr", null,
          el("td", null, el("code", { text: p.name }), p.required ? el("span", { class: "req", text: "required" }) : null),
          el("td", { text: p.in }),
          el("td", null, el("span", { class: "type", text: typeLabel(p.schema || {}) })),
          el("td", { text: [p.description, constraints(resolve(p.schema || {}))].filter(Boolean).join(" — ") }));
      })));
  }

  // Per status: its description and content types; for a success its body as a tree; for a redirect
  // its Location header; for an error the catalogue codes it can carry.
  function responsesBlock(responses) {
    return el("div", { class: "responses" }, Object.keys(responses || {}).map(function (status) {
      var r = resolve(responses[status]);
      var content = r.content || {};
      var json = content["application/json"];
      var examples = json && json.examples ? Object.keys(json.examples).map(function (k) { return json.examples[k]; }) : [];
      var headers = r.headers || {};
      return el("div", { class: "response-entry", "data-status": status },
        el("div", { class: "response" },
          el("span", { class: "status s" + status.charAt(0), text: status }),
          el("span", { text: r.description || "" }),
          Object.keys(content).map(function (type) { return el("code", { class: "note", text: type }); })),
        json && status.charAt(0) === "2"
          ? el("div", { class: "schema-root response-schema" }, schemaTree(json.schema, []))
          : null,
        Object.keys(headers).map(function (name) {
          return el("p", { class: "muted" }, "Header ", el("code", { text: name }), " — " + (headers[name].description || ""));
        }),
        examples.length ? el("ul", { class: "examples" }, examples.map(function (e) {
          var v = e.value || {};
          return el("li", null, el("code", { text: String(v.code) }), el("span", { class: "note", text: String(v.message) }));
        })) : null);
    }));
  }

  function securityText(op) {
    if (!op.security) return null;
    var optional = op.security.some(function (s) { return !Object.keys(s).length; });
    var ways = op.security.map(function (s) { return Object.keys(s)[0]; }).filter(Boolean);
    var names = ways.map(function (w) {
      var scheme = (components.securitySchemes || {})[w] || {};
      if (scheme.type === "http") return "Authorization: " + scheme.scheme;
      return (scheme.in === "cookie" ? "session cookie " : scheme.in + " ") + scheme.name;
    });
    return el("p", { class: "muted" }, (optional ? "Session optional: " : "Requires a session: ") + names.join(" or "));
  }

  // ---- try it -----------------------------------------------------------------------------------
  function fieldInput(name, schema) {
    var s = resolve(schema);
    var type = primaryType(schema);
    if (type === "enum" || type === "boolean") {
      var values = type === "enum" ? s.enum : [true, false];
      return el("select", { name: name }, el("option", { value: "", text: "—" }),
        values.map(function (v) { return el("option", { value: JSON.stringify(v), text: String(v) }); }));
    }
    if (type === "number" || type === "integer") return el("input", { name: name, type: "number", step: "any" });
    if (type === "object" || type === "array" || type === "any") {
      return el("textarea", { name: name, placeholder: type === "array" ? "[ JSON ]" : "JSON", spellcheck: "false" });
    }
    return el("input", { name: name, type: /password/i.test(name) ? "password" : "text", autocomplete: "off" });
  }
  function readField(f) {
    var raw = f.input.value;
    if (raw === "") return undefined;
    var type = primaryType(f.schema);
    if (type === "enum" || type === "boolean") return JSON.parse(raw);
    if (type === "number" || type === "integer") return Number(raw);
    if (type === "object" || type === "array" || type === "any") {
      try { return JSON.parse(raw); } catch (e) {
        if (type === "any") return raw;
        throw new Error(f.name + ": not valid JSON");
      }
    }
    return raw;
  }

  function tryIt(o) {
    var fields = [];
    (o.op.parameters || []).forEach(function (p) {
      fields.push({ name: p.name, where: p.in, schema: p.schema || {}, required: p.required });
    });
    var body = requestSchema(o.op);
    var bodyObject = body ? childrenOf(body) : null;
    if (bodyObject && resolve(body).properties) {
      Object.keys(bodyObject.properties).forEach(function (key) {
        fields.push({ name: key, where: "body", schema: bodyObject.properties[key],
          required: (bodyObject.required || []).indexOf(key) >= 0 });
      });
    } else if (body) {
      fields.push({ name: "(body)", where: "raw", schema: { type: "object" }, required: false });
    }
    fields.forEach(function (f) { f.input = fieldInput(f.name, f.schema); });

    var status = el("div");
    var output = el("pre", { class: "try-response" });
    var result = el("div", { class: "try-out", hidden: true }, status, output);
    var url = el("div", { class: "try-url mono" });

    function target(values) {
      var path = o.path.replace(/\{([^}]+)\}/g, function (_, key) { return encodeURIComponent(values.path[key] || ""); });
      var query = new URLSearchParams();
      Object.keys(values.query).forEach(function (k) { query.set(k, String(values.query[k])); });
      var qs = query.toString();
      return apiBase + path + (qs ? "?" + qs : "");
    }
    function collect() {
      var values = { path: {}, query: {}, header: {}, body: {}, raw: undefined };
      fields.forEach(function (f) {
        var v = readField(f);
        if (v === undefined) return;
        if (f.where === "raw") values.raw = v;
        else values[f.where][f.name] = v;
      });
      return values;
    }
    function send(event) {
      event.preventDefault();
      var values;
      try { values = collect(); } catch (e) {
        result.hidden = false; status.textContent = e.message; output.textContent = ""; return;
      }
      var init = { method: o.method.toUpperCase(), credentials: "include", headers: {} };
      // Headers a plugin's hook reads (a captcha token) travel as headers, never in the URL or body.
      Object.keys(values.header).forEach(function (k) { init.headers[k] = String(values.header[k]); });
      if (body && o.method !== "get") {
        init.headers["content-type"] = "application/json";
        init.body = JSON.stringify(values.raw !== undefined ? values.raw : values.body);
      }
      var href = target(values);
      url.textContent = init.method + " " + href;
      var started = Date.now();
      result.hidden = false;
      status.textContent = "Sending…";
      output.textContent = "";
      fetch(href, init).then(function (res) {
        return res.text().then(function (text) {
          status.textContent = "";
          status.appendChild(el("span", { class: "status s" + String(res.status).charAt(0), text: res.status + " " + res.statusText }));
          status.appendChild(el("span", { class: "muted", text: "  " + (Date.now() - started) + " ms" }));
          var shown = text;
          try { shown = JSON.stringify(JSON.parse(text), null, 2); } catch (e) { /* not JSON: shown as text */ }
          output.textContent = shown.length > 20000 ? shown.slice(0, 20000) + "\n…" : shown || "(empty body)";
          output.setAttribute("data-status", String(res.status));
        });
      }).catch(function (error) {
        status.textContent = "Request failed: " + error.message;
      });
    }
    return el("form", { class: "try", onsubmit: send },
      fields.length ? fields.map(function (f) {
        return el("label", null,
          el("span", null, el("code", { text: f.name }), el("span", { class: "note", text: f.where }),
            f.required ? el("span", { class: "req", text: "*" }) : null),
          f.input);
      }) : el("p", { class: "muted", text: "No parameters." }),
      el("button", { type: "submit", text: "Send request" }), url, result);
  }

  // ---- page -------------------------------------------------------------------------------------
  function details(o) {
    var op = o.op;
    var body = requestSchema(op);
    return [
      el("p", null, el("a", { class: "anchor", href: "#" + o.id, text: "#" + op.operationId })),
      op.description ? op.description.split(/\n\n+/).map(function (t) { return el("p", { text: t }); }) : null,
      securityText(op),
      op.parameters && op.parameters.length ? [el("h3", { text: "Parameters" }), parametersTable(op.parameters)] : null,
      body ? [el("h3", { text: "Request body" + (op.requestBody.required ? "" : " (optional)") + " · application/json" }),
        el("div", { class: "schema-root request-schema" }, schemaTree(body, []))] : null,
      el("h3", { text: "Responses" }), responsesBlock(op.responses),
      el("h3", { text: "Try it" }), tryIt(o),
    ];
  }

  function operationCard(o) {
    var body = el("div", { class: "op-body", hidden: true });
    var head = el("button", { class: "op-head", type: "button", "aria-expanded": "false", "aria-controls": o.id + "-body" },
      badge(o.method), el("code", { class: "op-path", text: o.path }),
      o.op.security && !o.op.security.some(function (s) { return !Object.keys(s).length; })
        ? el("span", { class: "op-auth", title: "Requires a session", text: "session" }) : null,
      el("span", { class: "op-summary", text: o.op.summary || "" }));
    body.id = o.id + "-body";
    var card = el("section", { class: "op", id: o.id }, head, body);
    o.open = function (open) {
      if (open && !body.firstChild) add(body, details(o)); // built on first open: pages stay fast
      body.hidden = !open;
      card.classList.toggle("open", open);
      head.setAttribute("aria-expanded", String(open));
    };
    head.addEventListener("click", function () {
      o.open(body.hidden);
      if (!body.hidden && history.replaceState) history.replaceState(null, "", "#" + o.id);
    });
    o.card = card;
    return card;
  }

  var filter = el("input", { id: "filter", type: "search", placeholder: "Filter endpoints…", "aria-label": "Filter endpoints", autocomplete: "off" });
  var empty = el("p", { class: "nav-empty", hidden: true, text: "No endpoint matches." });
  var groups = tagOrder.map(function (tag) {
    var ops = operations.filter(function (o) { return o.tag === tag; });
    var items = ops.map(function (o) {
      o.search = [o.method, o.path, o.op.summary || "", o.op.operationId, tag].join(" ").toLowerCase();
      o.link = el("a", { href: "#" + o.id, title: o.op.summary || o.path }, badge(o.method), el("span", { class: "mono", text: o.path }));
      o.item = el("li", null, o.link);
      return o.item;
    });
    var nav = el("div", { class: "nav-group" },
      el("div", { class: "nav-tag" }, el("span", { text: tag }), el("span", { text: String(ops.length) })), el("ul", null, items));
    var section = el("section", { class: "tag-section", id: "tag-" + tag },
      el("h2", { text: tag }), tagDescription(tag) ? el("p", { text: tagDescription(tag) }) : null,
      ops.map(operationCard));
    return { ops: ops, nav: nav, section: section };
  });

  filter.addEventListener("input", function () {
    var words = filter.value.toLowerCase().split(/\s+/).filter(Boolean);
    var any = false;
    groups.forEach(function (g) {
      var visible = 0;
      g.ops.forEach(function (o) {
        var show = words.every(function (w) { return o.search.indexOf(w) >= 0; });
        o.item.hidden = !show;
        o.card.hidden = !show;
        if (show) visible++;
      });
      g.nav.hidden = !visible;
      g.section.hidden = !visible;
      any = any || visible > 0;
    });
    empty.hidden = any;
  });

  function openFromHash() {
    var id = decodeURIComponent(location.hash.slice(1));
    operations.forEach(function (o) {
      var match = o.id === id;
      o.link.classList.toggle("current", match);
      if (match) { o.open(true); o.card.scrollIntoView({ block: "start" }); }
    });
  }
  window.addEventListener("hashchange", openFromHash);

  var schemaHref = apiBase + "/open-api/generate-schema";
  var root = document.getElementById("app");
  root.textContent = "";
  add(root, el("div", { class: "layout" },
    el("aside", null,
      el("div", { class: "brand" }, el("img", { src: config.favicon, alt: "" }), el("span", { text: doc.info.title })),
      filter, el("nav", { "aria-label": "Endpoints" }, groups.map(function (g) { return g.nav; })), empty),
    el("main", null,
      el("header", { class: "intro" },
        el("h1", { text: doc.info.title }),
        el("p", null, el("span", { class: "pill", text: "v" + doc.info.version }), el("span", { class: "pill", text: "OpenAPI " + doc.openapi }),
          el("span", { class: "pill", text: operations.length + " operations" })),
        doc.info.description ? el("p", { text: doc.info.description }) : null,
        el("p", null, "Base URL ", el("code", { text: apiBase || "/" }), " · ", el("a", { href: schemaHref, text: "OpenAPI JSON" }))),
      groups.map(function (g) { return g.section; }))));
  if (location.hash) openFromHash();
})();
`;
