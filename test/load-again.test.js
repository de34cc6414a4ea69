// A file of dist/ that loads at first use (the transport, graphql's body, each feature's body,
// p-retry) and fails to load once, as it would with EMFILE or a package replaced on disk: the call
// rejects with a RequestError of code LOAD_FAILED that sent nothing and was not retried, and the
// next call loads the file again for real (Node keeps a failed import() under its URL). Each case
// runs in a child process with a module hook (test/fixtures/fail-first-load.mjs).
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { sendJson, startServer } from "./helpers/loopback.js";
import { BODY_FILES } from "./helpers/features.js";

const run = promisify(execFile);
const RUNNER = fileURLToPath(new URL("./fixtures/load-again-run.js", import.meta.url));
const DIST = new URL("../dist/", import.meta.url).href;

const test = suite("a file that fails to load once");

let server;
const failedOnce = new Set();
let workDir;

test.before(async () => {
	workDir = mkdtempSync(join(tmpdir(), "hublet-load-again-"));
	server = await startServer((request, response) => {
		// Each `/flaky/<n>` answers 503 once, so that every call's first attempt is retried.
		if (request.url.startsWith("/flaky/") && !failedOnce.has(request.url)) {
			failedOnce.add(request.url);
			return sendJson(response, 503, { message: "busy" });
		}
		sendJson(response, 200, request.url === "/graphql" ? { data: { viewer: { login: "octocat" } } } : []);
	});
});
test.after(async () => {
	await server.close();
	rmSync(workDir, { recursive: true, force: true });
});

/** Runs the scenario of `file` in a child whose first load of dist/`file` fails; its two outcomes, the URLs the file was loaded under, and the requests the server saw. */
async function scenario(file, stage = "load", name = file) {
	const loads = join(workDir, `${name}-${stage}.log`);
	const before = server.requests.length;
	const { stdout } = await run(process.execPath, [RUNNER, file, server.baseUrl, name], { env: { ...process.env, FAIL_FIRST_LOAD: file, FAIL_STAGE: stage, LOADS_LOG: loads } });
	const urls = readFileSync(loads, "utf8").split("\n").filter(Boolean);
	return { outcomes: JSON.parse(stdout), urls, requests: server.requests.slice(before).map(({ url }) => url) };
}

const FILES = ["transport.js", "graphql.js", ...BODY_FILES];

for (const file of FILES) {
	test(`dist/${file}: a RequestError (LOAD_FAILED) that sent nothing, and the next call loads the file again and succeeds`, async () => {
		const { outcomes, urls, requests } = await scenario(file);
		assert.is(outcomes.length, 2);
		const [failure, success] = outcomes;
		assert.equal({ class: failure.class, code: failure.code, status: failure.status }, { class: "RequestError", code: "LOAD_FAILED", status: 500 });
		assert.match(failure.message, `dist/${file}`);
		assert.match(failure.message, "EMFILE");
		assert.equal(success, { ok: true });
		// Loaded twice, the second time under a URL of its own: Node would hand the first URL's failure back.
		assert.equal(urls, [`${DIST}${file}`, `${DIST}${file}?retry=1`]);
		// One request in all: the first call sent nothing, and the failure was not retried.
		assert.is(requests.length, 1);
	});
}

test("a resolution that fails once (the file missing for a moment) is tried again the same way", async () => {
	const { outcomes, urls, requests } = await scenario("graphql.js", "resolve");
	assert.equal(
		outcomes.map(({ code, ok }) => code ?? ok),
		["LOAD_FAILED", true],
	);
	assert.equal(urls, [`${DIST}graphql.js`, `${DIST}graphql.js?retry=1`]);
	assert.equal(requests, ["/graphql"]);
});

test("dist/p-retry.js: the failed retry's call rejects with LOAD_FAILED, and the next call's retry loads it again and succeeds", async () => {
	const { outcomes, urls, requests } = await scenario("p-retry.js");
	assert.equal(
		outcomes.map(({ code, ok }) => code ?? ok),
		["LOAD_FAILED", true],
	);
	assert.equal(urls, [`${DIST}p-retry.js`, `${DIST}p-retry.js?retry=1`]);
	// The first call's one attempt (no retry without p-retry), the second call's two.
	assert.equal(requests, ["/flaky/1", "/flaky/2", "/flaky/2"]);
});

test("dist/feature-paginate.js: one paginate.iterator whose first next() failed to load the body loads it at its next next()", async () => {
	const { outcomes, urls, requests } = await scenario("feature-paginate.js", "load", "paginate.iterator");
	assert.equal(
		outcomes.map(({ code, ok }) => code ?? ok),
		["LOAD_FAILED", true],
	);
	assert.equal(urls, [`${DIST}feature-paginate.js`, `${DIST}feature-paginate.js?retry=1`]);
	assert.equal(requests, ["/ok"]);
});

test.run();
