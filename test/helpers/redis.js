// A real redis-server (Debian's package) on a free 127.0.0.1 port, with nothing written to
// disk, for the tests of what a fleet shares. `.ci/run` installs it where it is missing.
import { spawn } from "node:child_process";
import { connect, createServer } from "node:net";

const freePort = () =>
	new Promise((resolve, reject) => {
		const server = createServer();
		server.on("error", reject);
		server.listen(0, "127.0.0.1", () => {
			const { port } = server.address();
			server.close(() => resolve(port));
		});
	});

/** The first line of a redis-server's reply to one inline command, or `undefined` when it is not there. */
const ask = (port, command) =>
	new Promise((resolve) => {
		const socket = connect(port, "127.0.0.1");
		let reply = "";
		socket.on("connect", () => socket.write(`${command}\r\n`));
		socket.on("data", (chunk) => {
			reply += chunk;
			if (reply.includes("\r\n")) {
				socket.destroy();
				resolve(reply.slice(0, reply.indexOf("\r\n")));
			}
		});
		socket.on("error", () => resolve(undefined));
	});

/**
Starts redis-server and waits until it answers. Returns `{ url, port, flush(), stop(), restart() }`:
`flush()` empties it (so that what one test's clients stored never holds the next test's back),
`stop()` kills it (a test of a store that dies calls it mid-run; calling it again is harmless),
`restart()` starts it again on the same port, empty.
*/
export async function startRedis() {
	const port = await freePort();
	let child;
	const start = async () => {
		child = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], { stdio: "ignore" });
		const exited = new Promise((resolve) => child.once("exit", resolve));
		child.exited = exited;
		for (let tries = 0; tries < 200; tries++) {
			if ((await ask(port, "PING")) === "+PONG") return;
			if (child.exitCode !== null) throw new Error(`redis-server exited with ${child.exitCode}`);
			await new Promise((resolve) => setTimeout(resolve, 25));
		}
		throw new Error(`redis-server did not answer on port ${port}`);
	};
	await start();
	const stop = async () => {
		if (child.exitCode !== null || child.signalCode !== null) return;
		child.kill("SIGKILL");
		await child.exited;
	};
	const flush = async () => {
		const reply = await ask(port, "FLUSHALL");
		if (reply !== "+OK") throw new Error(`redis-server on port ${port} did not flush: ${reply}`);
	};
	return { url: `redis://127.0.0.1:${port}`, port, flush, stop, restart: async () => (await stop(), start()) };
}

/**
A Keyv store over the Redis at `url`, as an application makes one: its own connection, so two
of them stand for two processes. Errors are listened to (Keyv re-emits the connection's), as an
application must, or a lost connection is an unhandled error event.
*/
export async function redisStore(url, options = {}) {
	const { default: Keyv } = await import("keyv");
	const { default: KeyvRedis } = await import("@keyv/redis");
	const store = new Keyv(new KeyvRedis(url, { throwOnConnectError: false, connectionTimeout: 200 }), { throwOnErrors: false, ...options });
	store.errors = [];
	store.on("error", (error) => store.errors.push(error));
	return store;
}
