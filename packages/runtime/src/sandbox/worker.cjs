// @ts-check
// The sandbox process. The parent starts it with Node's permission model (no file access but
// this script, no child processes, no workers), an empty environment and IPC. Each call
// evaluates component code in a fresh vm context and answers with JSON-safe data only, so
// nothing of one call, tenant or component leaks into the next. It stays one self-contained file
// because the permission model lets the process read exactly this file and nothing else.
"use strict";

const vm = require("node:vm");
const util = require("node:util");

// Component code can reach this process object through the constructor of any host function,
// so take away what could reach beyond this process. (When the host runs as root, this process
// also runs as an unprivileged user, so the OS refuses signals to the host as well.)
for (const name of [
  "kill",
  "_kill",
  "dlopen",
  "binding",
  "_linkedBinding",
  "abort",
  "setuid",
  "setgid",
  "seteuid",
  "setegid",
  "setgroups",
  "initgroups",
  "_debugProcess",
  "_debugEnd",
]) {
  const denied = () => {
    throw new Error(`process.${name} is not available in the sandbox.`);
  };
  Object.defineProperty(process, name, { value: denied, writable: false, configurable: false, enumerable: false });
}

/** Compiled scripts by code hash, least recently used first; the parent resends evicted code. */
const scripts = new Map();
const MAX_SCRIPTS = 200;
const ALLOWED_MODULES = new Set(["crypto", "util", "url", "events", "buffer", "querystring", "path", "assert"]);
const PROP_TYPES = new Set([
  "app",
  "boolean",
  "integer",
  "string",
  "object",
  "any",
  "$.interface.http",
  "$.interface.timer",
  "$.service.db",
]);
const ARRAY_TYPES = new Set(["boolean", "integer", "string", "object", "any"]);

class UserError extends Error {
  /** @param {string} kind @param {string} message @param {string} [stack] */
  constructor(kind, message, stack) {
    super(message);
    this.kind = kind;
    this.userStack = stack;
  }
}

/** Reads a property of thrown component data, which may be a Proxy or have throwing getters. */
function attempt(read, fallback) {
  try {
    return read();
  } catch {
    return fallback;
  }
}

/**
 * Describes anything component code threw, without ever throwing itself.
 * @param {unknown} value
 */
function describeThrown(value) {
  if (value !== null && (typeof value === "object" || typeof value === "function")) {
    return {
      message: attempt(() => String(/** @type {any} */ (value).message), "<unprintable error>"),
      stack: attempt(() => {
        const stack = /** @type {any} */ (value).stack;
        return typeof stack === "string" ? stack : undefined;
      }, undefined),
      name: attempt(() => String(/** @type {any} */ (value).name ?? "Error"), "Error"),
    };
  }
  return { message: attempt(() => util.inspect(value), "<unprintable error>"), stack: undefined, name: "Error" };
}

/** `instanceof UserError`, for values that may be Proxies whose traps throw. */
function isUserError(value) {
  return attempt(() => value instanceof UserError, false);
}

/** @param {string} hash @param {string | undefined} code */
function compiled(hash, code) {
  let script = scripts.get(hash);
  if (script) {
    scripts.delete(hash);
    scripts.set(hash, script);
  } else {
    if (code === undefined) throw new UserError("missing", `component ${hash} is not loaded in this sandbox`);
    try {
      script = new vm.Script(code, { filename: "component.js" });
    } catch (err) {
      const { message } = describeThrown(err);
      throw new UserError("syntax", `The component code does not parse: ${message}`);
    }
    scripts.set(hash, script);
    if (scripts.size > MAX_SCRIPTS) scripts.delete(scripts.keys().next().value);
  }
  return script;
}

/** A fresh global scope for one call, with console output captured into `logs`. */
function createScope(logs, timers) {
  const record =
    (level) =>
    (...args) => {
      logs.push({ level, message: util.format(...args), ts: Date.now() });
    };
  const sandboxRequire = (name) => {
    const bare = String(name).replace(/^node:/, "");
    if (ALLOWED_MODULES.has(bare)) return require(`node:${bare}`);
    throw new Error(
      `Cannot load module '${name}': the sandbox provides only ${[...ALLOWED_MODULES].map((m) => `node:${m}`).join(", ")}.`,
    );
  };
  const module = { exports: {} };
  const scope = {
    console: {
      log: record("log"),
      info: record("info"),
      warn: record("warn"),
      error: record("error"),
      debug: record("debug"),
    },
    module,
    exports: module.exports,
    require: sandboxRequire,
    setTimeout: (fn, ms, ...args) => {
      const handle = setTimeout(fn, ms, ...args);
      timers.add(handle);
      return handle;
    },
    clearTimeout: (handle) => {
      timers.delete(handle);
      clearTimeout(handle);
    },
    setInterval: (fn, ms, ...args) => {
      const handle = setInterval(fn, ms, ...args);
      timers.add(handle);
      return handle;
    },
    clearInterval: (handle) => {
      timers.delete(handle);
      clearInterval(handle);
    },
    queueMicrotask,
    structuredClone,
    URL,
    URLSearchParams,
    TextEncoder,
    TextDecoder,
    Buffer,
    atob,
    btoa,
    fetch,
    Headers,
    Request,
    Response,
    AbortController,
    AbortSignal,
  };
  return vm.createContext(scope, { name: "component" });
}

/**
 * Runs `fn` inside `context` so the vm time limit covers everything it does synchronously. All
 * the steps of one call share its deadline, so together they never run longer than its limit.
 */
function runLimited(context, request, fn) {
  const remaining = request.deadline - Date.now();
  const overrun = () => new UserError("timeout", `The component ran longer than the ${request.timeoutMs} ms limit.`);
  if (remaining <= 0) throw overrun();
  context.__tributaryCall = fn;
  try {
    return vm.runInContext("__tributaryCall()", context, { timeout: remaining, displayErrors: false });
  } catch (err) {
    if (attempt(() => err.code === "ERR_SCRIPT_EXECUTION_TIMEOUT", false)) throw overrun();
    throw err;
  } finally {
    delete context.__tributaryCall;
  }
}

/** Evaluates the module and returns its component object. */
function evaluate(request, context) {
  const script = compiled(request.hash, request.code);
  let component;
  try {
    component = runLimited(context, request, () => {
      script.runInContext(context);
      const exported = context.module.exports;
      return exported && typeof exported === "object" && exported.__esModule && "default" in exported
        ? exported.default
        : exported;
    });
  } catch (err) {
    if (isUserError(err)) throw err;
    const { message, stack } = describeThrown(err);
    throw new UserError("threw", `The component threw while loading: ${message}`, stack);
  }
  if (!component || (typeof component !== "object" && typeof component !== "function")) {
    throw new UserError(
      "invalid",
      "The component code must export an object (export default { ... } or module.exports = { ... }).",
    );
  }
  return component;
}

/** @param {unknown} value */
function jsonSafe(value) {
  if (value === undefined) return undefined;
  try {
    const text = JSON.stringify(value);
    return text === undefined ? undefined : JSON.parse(text);
  } catch {
    return undefined;
  }
}

function describeOptions(options) {
  if (typeof options === "function") return "dynamic";
  if (!Array.isArray(options)) return undefined;
  return options
    .map((option) => {
      if (["string", "number", "boolean"].includes(typeof option)) return option;
      if (option && typeof option === "object" && "value" in option) {
        return { label: String(option.label ?? option.value), value: jsonSafe(option.value) ?? null };
      }
      return undefined;
    })
    .filter((option) => option !== undefined);
}

const DESCRIPTOR_FIELDS = [
  "label",
  "description",
  "optional",
  "secret",
  "min",
  "max",
  "customResponse",
  "reloadProps",
  "app",
];

/** @param {string} name @param {any} prop */
function describeProp(name, prop) {
  if (typeof prop === "string") prop = { type: prop };
  if (!prop || typeof prop !== "object") {
    throw new UserError(
      "invalid",
      `Prop '${name}' must be an object with a type, or a type string such as "$.service.db".`,
    );
  }
  if (Array.isArray(prop.propDefinition)) {
    const [app, definitionName] = prop.propDefinition;
    const definition = app?.propDefinitions?.[definitionName];
    if (!definition || typeof definition !== "object") {
      throw new UserError(
        "invalid",
        `Prop '${name}' uses propDefinition '${String(definitionName)}', which its app does not define.`,
      );
    }
    const { propDefinition: _, ...own } = prop;
    prop = { ...definition, ...own };
  }
  const type = typeof prop.type === "string" ? prop.type : undefined;
  if (!type) throw new UserError("invalid", `Prop '${name}' has no type.`);
  const base = type.endsWith("[]") ? type.slice(0, -2) : type;
  if (!PROP_TYPES.has(base) || (base !== type && !ARRAY_TYPES.has(base))) {
    throw new UserError(
      "invalid",
      `Prop '${name}' has type '${type}', which is not one of ${[...PROP_TYPES].join(", ")} (or an array of a basic type).`,
    );
  }
  const descriptor = { name, type };
  for (const field of DESCRIPTOR_FIELDS) {
    if (prop[field] !== undefined && typeof prop[field] !== "function") descriptor[field] = jsonSafe(prop[field]);
  }
  if (type === "app" && typeof prop.app !== "string") {
    throw new UserError("invalid", `App prop '${name}' must name its app in \`app\`.`);
  }
  const defaultValue = jsonSafe(prop.default);
  if (defaultValue !== undefined) descriptor.default = defaultValue;
  const options = describeOptions(prop.options);
  if (options !== undefined) descriptor.options = options;
  return descriptor;
}

/** Rethrows anything but a UserError as a fault of the component: here, only its code can throw. */
function blameComponent(err, what) {
  if (isUserError(err)) return err;
  const { message, stack } = describeThrown(err);
  return new UserError("threw", `The component threw while ${what}: ${message}`, stack);
}

function inspect(request) {
  const logs = [];
  const timers = new Set();
  const context = createScope(logs, timers);
  try {
    const component = evaluate(request, context);
    return readComponent(request, context, component, logs);
  } catch (err) {
    throw blameComponent(err, "being read");
  } finally {
    for (const handle of timers) clearTimeout(handle);
  }
}

function readComponent(request, context, component, logs) {
  return runLimited(context, request, () => {
    const props = component.props && typeof component.props === "object" ? component.props : {};
    const hooks = component.hooks && typeof component.hooks === "object" ? component.hooks : {};
    const methods = component.methods && typeof component.methods === "object" ? component.methods : {};
    const str = (value) => (typeof value === "string" ? value : value === undefined ? undefined : null);
    return {
      name: str(component.name),
      key: str(component.key),
      version: str(component.version),
      type: str(component.type),
      description: str(component.description),
      dedupe: str(component.dedupe),
      props: Object.entries(props).map(([name, prop]) => describeProp(name, prop)),
      hooks: Object.keys(hooks).filter((name) => typeof hooks[name] === "function"),
      badHooks: Object.keys(hooks).filter((name) => typeof hooks[name] !== "function"),
      methods: Object.keys(methods).filter((name) => typeof methods[name] === "function"),
      hasRun: typeof component.run === "function",
      logs,
    };
  });
}

/** Builds `this` for a hook or run: props, methods, db, http and $emit. */
function createInstance(component, request, emits, db) {
  const instance = {};
  const props = component.props && typeof component.props === "object" ? component.props : {};
  for (const [name, raw] of Object.entries(props)) {
    const type = typeof raw === "string" ? raw : raw?.type;
    const value = request.props[name];
    if (type === "$.service.db") {
      instance[name] = {
        get: (key) => (db.has(String(key)) ? structuredClone(db.get(String(key))) : undefined),
        set: (key, data) => {
          const safe = JSON.stringify(data);
          if (safe === undefined) db.delete(String(key));
          else db.set(String(key), JSON.parse(safe));
        },
      };
    } else if (type === "$.interface.http") {
      instance[name] = { endpoint: value?.endpoint_url, respond: () => undefined };
    } else if (type === "$.interface.timer") {
      instance[name] = value ? { intervalSeconds: value.interval_seconds, cron: value.cron ?? undefined } : undefined;
    } else if (type === "app" || raw?.type === "app") {
      const app = { ...(value && typeof value === "object" ? value : {}) };
      app.$auth = app.$auth ?? {};
      for (const [methodName, method] of Object.entries(raw?.methods ?? {})) {
        if (typeof method === "function") app[methodName] = method.bind(app);
      }
      instance[name] = app;
    } else {
      instance[name] = value;
    }
  }
  for (const [name, method] of Object.entries(component.methods ?? {})) {
    if (typeof method === "function") instance[name] = method.bind(instance);
  }
  instance.$emit = (event, meta) => {
    const data = event === undefined ? undefined : JSON.stringify(event);
    if (event !== undefined && data === undefined) throw new TypeError("$emit: the event must be JSON-serializable.");
    const m = meta && typeof meta === "object" ? meta : {};
    emits.push({
      event: data === undefined ? null : JSON.parse(data),
      meta: {
        id: typeof m.id === "string" || typeof m.id === "number" ? m.id : undefined,
        name: typeof m.name === "string" ? m.name : undefined,
        summary: typeof m.summary === "string" ? m.summary : undefined,
        ts: typeof m.ts === "number" && Number.isFinite(m.ts) ? Math.trunc(m.ts) : undefined,
      },
    });
  };
  return instance;
}

async function hook(request) {
  const logs = [];
  const timers = new Set();
  const emits = [];
  const db = new Map(Object.entries(request.db ?? {}));
  const context = createScope(logs, timers);
  try {
    const component = evaluate(request, context);
    let prepared;
    try {
      prepared = runLimited(context, request, () => {
        const fn = component.hooks?.[request.hook];
        return typeof fn === "function" ? { fn, instance: createInstance(component, request, emits, db) } : undefined;
      });
    } catch (err) {
      throw blameComponent(err, `preparing the ${request.hook} hook`);
    }
    if (!prepared) return { emits, db: Object.fromEntries(db), logs };
    const { fn, instance } = prepared;
    try {
      await runLimited(context, request, () => fn.call(instance));
    } catch (err) {
      if (isUserError(err)) throw err;
      const { message, stack } = describeThrown(err);
      throw new UserError("threw", `The ${request.hook} hook threw: ${message}`, stack);
    }
    return { emits, db: Object.fromEntries(db), logs };
  } finally {
    for (const handle of timers) clearTimeout(handle);
  }
}

const operations = { inspect, hook };

// The protocol: one JSON request per line on stdin; on stdout, `{"id","started":true}` when a
// call begins (its deadline runs from then), then its answer. Only JSON ever crosses, and the
// parent checks every line, so a component writing to stdout can only break its own sandbox.
const write = process.stdout.write.bind(process.stdout);
const reply = (message) => write(`${JSON.stringify(message)}\n`);

async function handle(line) {
  let request;
  try {
    request = JSON.parse(line);
  } catch {
    return;
  }
  const { id, op } = request;
  request.deadline = Date.now() + request.timeoutMs;
  reply({ id, started: true });
  try {
    const operation = operations[op];
    if (!operation) throw new UserError("internal", `unknown sandbox operation ${op}`);
    const result = await operation(request);
    reply({ id, ok: true, result });
  } catch (err) {
    const known = isUserError(err);
    const { message, stack } = describeThrown(err);
    const componentStack = known ? err.userStack : stack;
    reply({
      id,
      ok: false,
      error: { kind: known ? err.kind : "threw", message, ...(componentStack ? { stack: componentStack } : {}) },
    });
  }
}

let buffered = "";
process.stdin.setEncoding("utf8");
process.stdin.on("data", (chunk) => {
  buffered += chunk;
  let newline = buffered.indexOf("\n");
  while (newline !== -1) {
    const line = buffered.slice(0, newline);
    buffered = buffered.slice(newline + 1);
    void handle(line);
    newline = buffered.indexOf("\n");
  }
});
process.stdin.on("end", () => process.exit(0));
