import { spawn, type ChildProcess } from "node:child_process";
import { serverProgramArgs } from "./server-bundle";
import { freePort } from "./smtp";

/** The server as operators run it (src/server/main.ts in its own Node process), for tests of start-up and survival. */
export type MainProcess = {
  port: number;
  url: string;
  child: ChildProcess;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  /** Resolves once `text` appears in the output (rejects if the process ends first). */
  waitForOutput(text: string | RegExp): Promise<void>;
  /** Resolves once the server answers HTTP (rejects if the process ends first). */
  serving(): Promise<void>;
  stop(): Promise<void>;
};

export type StartOptions = {
  /** Node's arguments; by default the run's bundle of src/server/main.ts (test-support/server-bundle.ts). The built server: ["dist/server/main.js"]. */
  args?: string[];
  /** The working directory (the project root by default): where dist/, drizzle/ and node_modules are found. */
  cwd?: string;
  /** The port to listen on (a free one by default): a restarted server that must keep its address. */
  port?: number;
};

/**
 * Starts src/server/main.ts (the run's bundle of it, or `options.args`) on a free port with `env` added to
 * this process's environment (workers, mail and the embedded database off unless `env` says otherwise).
 */
export async function startMain(env: Record<string, string>, options: StartOptions = {}): Promise<MainProcess> {
  const port = options.port ?? (await freePort());
  const child = spawn(process.execPath, options.args ?? serverProgramArgs("main"), {
    cwd: options.cwd,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      SMTP_URL: "",
      SEED_DEMO: "0",
      ADMIN_USERNAME: "",
      ADMIN_PASSWORD: "",
      NODE_ENV: "",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const listeners = new Set<() => void>();
  const append = (chunk: Buffer) => {
    output += String(chunk);
    for (const listener of listeners) listener();
  };
  child.stdout!.on("data", append);
  child.stderr!.on("data", append);
  let ended = false;
  const exited = new Promise<number | null>((resolve) =>
    child.on("exit", (code) => {
      ended = true;
      for (const listener of listeners) listener();
      resolve(code);
    }),
  );

  const waitFor = (done: () => boolean, what: string) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (done()) {
          listeners.delete(check);
          resolve();
        } else if (ended) {
          listeners.delete(check);
          reject(new Error(`the server ended (${child.exitCode}) before ${what}:\n${output}`));
        }
      };
      listeners.add(check);
      check();
    });

  const url = `http://127.0.0.1:${port}`;
  return {
    port,
    url,
    child,
    output: () => output,
    exited,
    waitForOutput: (text) => waitFor(() => (typeof text === "string" ? output.includes(text) : text.test(output)), `printing ${text}`),
    async serving() {
      for (;;) {
        if (ended) throw new Error(`the server ended (${child.exitCode}) before serving:\n${output}`);
        try {
          await fetch(`${url}/api/public/config`);
          return;
        } catch {
          // Not listening yet: poll again (what a load balancer's health check does).
          await Promise.race([new Promise((resolve) => setTimeout(resolve, 200)), exited]);
        }
      }
    },
    async stop() {
      if (ended) return;
      child.kill("SIGKILL");
      await exited;
    },
  };
}
