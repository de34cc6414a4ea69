// Starts the loopback server (scenarios/server.mjs) in a process of its own and returns its base
// URL and a stop(). It stops by itself when this process goes away (its stdin closes).
import { spawn } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const SERVER = join(dirname(dirname(fileURLToPath(import.meta.url))), "scenarios", "server.mjs");

export async function startServer() {
	const server = spawn(process.execPath, [SERVER], { stdio: ["pipe", "pipe", "inherit"] });
	const port = await new Promise((resolve, reject) => {
		server.stdout.once("data", (chunk) => resolve(JSON.parse(String(chunk)).port));
		server.once("exit", (code) => reject(new Error(`the server exited (${code})`)));
	});
	return {
		base: `http://127.0.0.1:${port}`,
		stop: () => {
			server.stdin.end();
			server.kill();
		},
	};
}
