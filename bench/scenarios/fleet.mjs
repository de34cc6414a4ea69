// A fleet on one token: 4 processes × 4 concurrent lanes × 10 GETs against a loopback server
// that enforces a budget of 30 requests per 2 s window and a secondary limit of 40 requests per
// second with a 2 s penalty (test/helpers/limit-server.js). It prints, per mode, what the server
// counted: 403s, requests that arrived inside a penalty, and whether every request succeeded.
//
//   node bench/scenarios/fleet.mjs [off|local|redis|redis-killed …]   (after `npm run build`)
//
// Modes: `off` (no rateLimit option), `local` (rateLimit without a store: each process alone),
// `redis` (rateLimit: { store } on one redis-server), `redis-killed` (the same, Redis killed 1 s
// into the run). It runs the repository's own build (dist/) and needs redis-server on the PATH
// and the root's devDependencies (keyv, @keyv/redis).
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { startLimitServer } from "../../test/helpers/limit-server.js";
import { startRedis } from "../../test/helpers/redis.js";

const PROCESSES = 4;
const LANES = 4;
const PER_LANE = 10;
const TOKEN = "ghp_fleet0000000000000000000000000000000";

if (process.argv[2] === "--child") {
	const [, , , base, redisUrl] = process.argv;
	const full = await import("../../dist/index.js");
	// Shared rate limits are a feature a program adds to the full client.
	const Hublet = full.Hublet.plugin(full.rateLimit);
	let store;
	if (redisUrl !== "-") {
		const { default: Keyv } = await import("keyv");
		const { default: KeyvRedis } = await import("@keyv/redis");
		store = new Keyv(new KeyvRedis(redisUrl, { throwOnConnectError: false, connectionTimeout: 200 }), { throwOnErrors: false });
		store.on("error", () => {});
	}
	const mode = process.env.FLEET_MODE;
	const warnings = [];
	const client = new Hublet({
		auth: TOKEN,
		baseUrl: base,
		log: { info() {}, debug() {}, warn: (message) => warnings.push(message), error() {} },
		...(mode === "off" ? {} : { rateLimit: store ? { store } : true }),
	});
	let ok = 0;
	const failures = [];
	await Promise.all(
		Array.from({ length: LANES }, async () => {
			for (let index = 0; index < PER_LANE; index++) {
				try {
					await client.rest.repos.get({ owner: "octo", repo: "fleet" });
					ok += 1;
				} catch (error) {
					failures.push(`${error.status} ${error.message}`);
				}
			}
		}),
	);
	process.stdout.write(JSON.stringify({ ok, failures, warnings: warnings.length }));
	process.exit(0);
}

async function run(mode) {
	const server = await startLimitServer({ budget: 30, window: 2000, perSecond: 40, penalty: 2000 });
	const redis = mode.startsWith("redis") ? await startRedis() : undefined;
	const started = Date.now();
	const children = Array.from({ length: PROCESSES }, () => {
		const child = spawn(process.execPath, [fileURLToPath(import.meta.url), "--child", server.baseUrl, redis?.url ?? "-"], {
			env: { ...process.env, FLEET_MODE: mode },
			stdio: ["ignore", "pipe", "inherit"],
		});
		let out = "";
		child.stdout.on("data", (chunk) => (out += chunk));
		return new Promise((resolve) => child.on("exit", (code) => resolve({ code, out })));
	});
	if (mode === "redis-killed") setTimeout(() => redis.stop(), 1000);
	const results = await Promise.all(children);
	const seconds = (Date.now() - started) / 1000;
	await redis?.stop();
	await server.close();
	const reports = results.map(({ code, out }) => ({ code, ...(out ? JSON.parse(out) : { ok: 0, failures: ["no report"] }) }));
	const { requests, forbidden, inPenalty } = server.summary();
	return {
		mode,
		requests,
		"403s": forbidden,
		"in penalty": inPenalty,
		succeeded: `${reports.reduce((sum, report) => sum + report.ok, 0)}/${PROCESSES * LANES * PER_LANE}`,
		crashed: reports.filter((report) => report.code !== 0).length,
		warnings: reports.reduce((sum, report) => sum + (report.warnings ?? 0), 0),
		seconds,
	};
}

const modes = process.argv.slice(2).length ? process.argv.slice(2) : ["off", "local", "redis", "redis-killed"];
const rows = [];
for (const mode of modes) {
	const row = await run(mode);
	rows.push(row);
	console.error(JSON.stringify(row));
}
console.table(rows);
