import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import { request as httpsRequest } from "node:https";
import { join, resolve } from "node:path";

// Helpers of the deploy tests (deploy/test/*.test.ts): small parsers of the files in deploy/, the
// proxies (Caddy, nginx) as child processes, and an HTTPS client that can choose its source address.

export const REPO = resolve(import.meta.dirname, "../..");
export const DEPLOY = join(REPO, "deploy");

/** SHUTDOWN_DRAIN_MS's default (README "Configuration"): how long a stopping server answers 503 from ready. */
export const SHUTDOWN_DRAIN_MS = 5_000;

export const readDeployFile = (name: string) => readFileSync(join(DEPLOY, name), "utf8");

/** The built server must exist: the deploy tests run what `npm run build` made (CI builds first). */
export function requireBuild() {
  for (const file of ["dist/server/main.js", "dist/server/image-worker.mjs", "dist/client/index.html"]) {
    if (!existsSync(join(REPO, file))) throw new Error(`${file} is missing: run \`npm run build\` before the deploy tests`);
  }
}

/** A program the tests need (.ci/run installs them with apt-get). */
export function requireTool(name: string, hint: string) {
  if (spawnSync("sh", ["-c", `command -v ${name}`]).status !== 0) throw new Error(`${name} is not installed (${hint})`);
}

// ---------------------------------------------------------------------------------------------------
// Dockerfile

export type Instruction = {
  keyword: string;
  /** Leading --name=value options (COPY --from, HEALTHCHECK --interval, ...). */
  flags: Record<string, string>;
  /** The rest of the line, continuation lines joined. */
  args: string;
  /** The exec form (a JSON array), when the arguments are one. */
  exec?: string[];
};
export type Stage = { base: string; name?: string; instructions: Instruction[] };

/**
 * A Dockerfile's stages and instructions, as far as these tests need: comment lines dropped (also
 * inside continuations, as Docker does), continuation lines joined, FROM's ${ARG} from the global ARGs.
 */
export function parseDockerfile(text: string): { globalArgs: Record<string, string>; stages: Stage[] } {
  const logical: string[] = [];
  let pending = "";
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    if (line.startsWith("#") || (line === "" && pending === "")) continue;
    if (line.endsWith("\\")) {
      pending += `${line.slice(0, -1).trim()} `;
      continue;
    }
    logical.push((pending + line).trim());
    pending = "";
  }
  const globalArgs: Record<string, string> = {};
  const stages: Stage[] = [];
  for (const line of logical.filter(Boolean)) {
    const [, keyword, rest = ""] = /^(\S+)\s*(.*)$/.exec(line)!;
    const upper = keyword.toUpperCase();
    if (upper === "ARG" && stages.length === 0) {
      const [name, value = ""] = rest.split("=");
      globalArgs[name] = value;
      continue;
    }
    if (upper === "FROM") {
      const [base, as, name] = rest.split(/\s+/);
      const resolved = base.replace(/\$\{(\w+)\}/g, (_m, arg: string) => globalArgs[arg] ?? "");
      stages.push({ base: resolved, name: as?.toUpperCase() === "AS" ? name : undefined, instructions: [] });
      continue;
    }
    const flags: Record<string, string> = {};
    let args = rest;
    for (let flag = /^--([\w-]+)=(\S+)\s+/.exec(args); flag; flag = /^--([\w-]+)=(\S+)\s+/.exec(args)) {
      flags[flag[1]] = flag[2];
      args = args.slice(flag[0].length);
    }
    const instruction: Instruction = { keyword: upper, flags, args };
    const execPart = upper === "HEALTHCHECK" ? args.replace(/^CMD\s+/, "") : args;
    if (execPart.startsWith("[")) instruction.exec = JSON.parse(execPart) as string[];
    stages.at(-1)!.instructions.push(instruction);
  }
  return { globalArgs, stages };
}

/** ENV lines of a stage as one record (`ENV A=1 B=2`, continuation lines joined). */
export function stageEnv(stage: Stage): Record<string, string> {
  const env: Record<string, string> = {};
  for (const { args } of stage.instructions.filter((i) => i.keyword === "ENV")) {
    for (const pair of args.split(/\s+/).filter(Boolean)) {
      const [key, ...value] = pair.split("=");
      env[key] = value.join("=");
    }
  }
  return env;
}

// ---------------------------------------------------------------------------------------------------
// systemd

/** A unit file's sections, each key with all its values in order (a key may repeat). */
export function parseUnit(text: string): Record<string, Record<string, string[]>> {
  const sections: Record<string, Record<string, string[]>> = {};
  let current: Record<string, string[]> | undefined;
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    if (!line || line.startsWith("#") || line.startsWith(";")) continue;
    const section = /^\[(.+)\]$/.exec(line);
    if (section) {
      current = sections[section[1]] ??= {};
      continue;
    }
    const [key, ...value] = line.split("=");
    (current![key.trim()] ??= []).push(value.join("=").trim());
  }
  return sections;
}

/** systemd's time span ("30s", "2min", "1min 30s", "500ms", a bare number of seconds) in milliseconds. */
export function timeSpanMs(span: string): number {
  const units: Record<string, number> = { ms: 1, s: 1000, sec: 1000, m: 60_000, min: 60_000, h: 3_600_000 };
  let total = 0;
  for (const [, value, unit = "s"] of span.matchAll(/(\d+(?:\.\d+)?)\s*([a-z]*)/g)) {
    if (!(unit in units)) throw new Error(`unknown time unit in ${span}`);
    total += Number(value) * units[unit];
  }
  return total;
}

/**
 * An environment file as systemd's EnvironmentFile= reads it (and compose's .env, for the simple
 * lines our examples use): KEY=value, comments and blank lines skipped, one pair of quotes removed.
 */
export function parseEnvFile(text: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    if (!line || line.startsWith("#")) continue;
    const match = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/.exec(line);
    if (!match) throw new Error(`not KEY=value: ${line}`);
    env[match[1]] = match[2].replace(/^"(.*)"$/, "$1").replace(/^'(.*)'$/, "$1");
  }
  return env;
}

// ---------------------------------------------------------------------------------------------------
// compose

/**
 * Compose's variable interpolation: ${VAR}, ${VAR:-default}, ${VAR-default}, ${VAR:?message} (an
 * error when unset or empty) and $$. Throws with the message, as `docker compose` refuses to start.
 */
export function interpolate(value: string, env: Record<string, string | undefined>): string {
  return value.replace(/\$\$|\$\{(\w+)(?:(:?[-?])([^}]*))?\}/g, (whole, name: string | undefined, op: string | undefined, word: string | undefined) => {
    if (whole === "$$") return "$";
    const set = env[name!];
    if (!op) return set ?? "";
    const unsetOrEmpty = op.startsWith(":") ? !set : set === undefined;
    if (op.endsWith("?")) {
      if (unsetOrEmpty) throw new Error(`${name}: ${word}`);
      return set!;
    }
    return unsetOrEmpty ? word! : set!;
  });
}

/** Every variable a text interpolates, with whether it has a default or is required. */
export function interpolatedVariables(text: string): Map<string, "plain" | "default" | "required"> {
  const found = new Map<string, "plain" | "default" | "required">();
  for (const [, name, op] of text.matchAll(/\$\{(\w+)(?:(:?[-?])[^}]*)?\}/g)) {
    const kind = !op ? "plain" : op.endsWith("?") ? "required" : "default";
    if (found.get(name) !== "required") found.set(name, kind);
  }
  return found;
}

// ---------------------------------------------------------------------------------------------------
// Processes

export type ChildRun = { child: ChildProcess; output(): string; exited: Promise<number | null>; stop(signal?: NodeJS.Signals): Promise<number | null> };

/** Runs a program, keeping its output; stop() signals it (SIGTERM by default) and waits for its end. */
export function run(command: string, args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): ChildRun {
  const child = spawn(command, args, { cwd: options.cwd, env: options.env ?? process.env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return {
    child,
    output: () => output,
    exited,
    async stop(signal = "SIGTERM") {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/** Runs a program to its end: its exit code and everything it printed. */
export function runToEnd(command: string, args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}) {
  const result = spawnSync(command, args, { cwd: options.cwd, env: options.env ?? process.env, encoding: "utf8" });
  return { status: result.status, output: `${result.stdout ?? ""}${result.stderr ?? ""}` };
}

// ---------------------------------------------------------------------------------------------------
// HTTP through the proxies

/** Not the proxy's own address (127.0.0.1): what the app logs tells whose address it took. */
export const CLIENT_ADDRESS = "127.9.8.7";
/** CLIENT_ADDRESS as the app logs it (its /24, personal data cut off). */
export const CLIENT_NETWORK = "127.9.8.0";

export type Answer = { status: number; headers: IncomingHttpHeaders; body: string };

/** An HTTPS GET from CLIENT_ADDRESS, trusting `ca` (the proxy's test certificate). */
export function httpsGet(url: string, { ca, headers = {} }: { ca: string | Buffer; headers?: Record<string, string> }): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpsRequest(url, { ca, headers, localAddress: CLIENT_ADDRESS, agent: false }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    });
    req.on("error", reject);
    req.setTimeout(15_000, () => req.destroy(new Error(`no answer from ${url} in 15 s`)));
    req.end();
  });
}

/** Polls `attempt` until it resolves (a proxy still starting refuses or answers 502), at most `ms`. */
export async function eventually<T>(attempt: () => Promise<T>, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    try {
      return await attempt();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

/**
 * A probe standing where the app stands behind the proxy: it answers every request with the headers
 * it received, so a test sees exactly what the proxy sends (X-Forwarded-Proto among them, which the
 * app reads only when PUBLIC_URL is unset).
 */
export async function headerEcho(): Promise<{ server: Server; port: number }> {
  const server = createServer((req, res) => {
    res.setHeader("content-type", "application/json");
    res.end(JSON.stringify({ headers: req.headers, remoteAddress: req.socket.remoteAddress }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, port: (server.address() as { port: number }).port };
}

export type LogLine = { reqId?: string; msg?: string; req?: { remoteAddress?: string; host?: string; url?: string } };

/** The app's JSON log lines (pino) that belong to request `reqId`. */
export function logLinesOf(output: string, reqId: string): LogLine[] {
  return output
    .split("\n")
    .filter((line) => line.startsWith("{") && line.includes(reqId))
    .map((line) => JSON.parse(line) as LogLine)
    .filter((line) => line.reqId === reqId);
}
