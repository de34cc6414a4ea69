// `hublet … --paginate` against a server on 127.0.0.1 (issue 13): a streamed JSON array or
// NDJSON, flat memory over 100 pages, valid output after Ctrl-C or a failure part-way.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { execFile } from "node:child_process";
import { BIN, createApiServer, renderScreen, runCli, startCli, underTerminal } from "./fixtures/cli-harness.js";

const api = createApiServer();
const env = (extra = {}) => ({ GITHUB_API_URL: api.baseUrl, HUBLET_RETRY: '{"minTimeout":1,"maxTimeout":1}', ...extra });
const PER_PAGE = 100;
const FILLER = "x".repeat(1000);

/** `pages` pages of 100 issues of about 1 KB each (each one distinct), linked by `rel="next"`. */
function issuePages(pages) {
	return ({ url }) => {
		const page = Number(url.searchParams.get("page") ?? 1);
		const items = Array.from({ length: PER_PAGE }, (_, index) => ({ number: (page - 1) * PER_PAGE + index + 1, body: `${page}/${index} ${FILLER}` }));
		const headers = { "x-ratelimit-remaining": String(5000 - page) };
		if (page < pages) headers.link = `<${api.baseUrl}/repos/o/r/issues?per_page=${PER_PAGE}&page=${page + 1}>; rel="next"`;
		return [200, items, headers];
	};
}

const PAGE_BYTES = JSON.stringify(issuePages(1)({ url: new URL("http://x/?page=1") })[1]).length;

/**
The heap after each page, as the child reports it under HUBLET_CLI_HEAP_TRACE with a
garbage collection first. Holding the items would add at least their JSON size per page
(about 100 KB, so 8 MB from page 20 to page 100); streaming adds nothing per page, and the
first pages are left out as warm-up (the JIT, the connection pool).
*/
function assertFlatHeap(stderr) {
	const heap = JSON.parse(/^hublet-heap (.*)$/m.exec(stderr)[1]);
	assert.is(heap.length, 100);
	const growth = Math.max(...heap.slice(90)) - heap[19];
	const received = 80 * PAGE_BYTES;
	assert.ok(growth < received / 10, `the heap grew ${growth} bytes from page 20 to page 100, while ${received} bytes of items arrived`);
}

const paginate = suite("hublet --paginate");
paginate.before(api.start);
paginate.after(api.stop);

paginate("100 pages stream out as one JSON array, with per_page=100, and the heap stays flat", async () => {
	api.reset({ "GET /repos/o/r/issues": issuePages(100) });
	const { code, stdout, stderr } = await runCli(["issues.listForRepo", "owner=o", "repo=r", "--paginate"], {
		env: env({ HUBLET_CLI_HEAP_TRACE: "1" }),
		nodeOptions: ["--expose-gc"],
	});
	assert.is(code, 0);
	const items = JSON.parse(stdout);
	assert.is(items.length, 100 * PER_PAGE);
	assert.equal(items.slice(0, 2).map((item) => item.number), [1, 2]);
	assert.is(items.at(-1).number, 100 * PER_PAGE);
	assert.is(api.requests.length, 100);
	assert.is(api.requests[0].url.searchParams.get("per_page"), "100");
	assertFlatHeap(stderr);
});

paginate("100 pages stream out as NDJSON, one item per line, and the heap stays flat", async () => {
	api.reset({ "GET /repos/o/r/issues": issuePages(100) });
	const { code, stdout, stderr } = await runCli(["issues.listForRepo", "owner=o", "repo=r", "--paginate", "--ndjson"], {
		env: env({ HUBLET_CLI_HEAP_TRACE: "1" }),
		nodeOptions: ["--expose-gc"],
	});
	assert.is(code, 0);
	const lines = stdout.trimEnd().split("\n");
	assert.is(lines.length, 100 * PER_PAGE);
	assert.is(JSON.parse(lines[0]).number, 1);
	assert.is(JSON.parse(lines.at(-1)).number, 100 * PER_PAGE);
	assertFlatHeap(stderr);
});

paginate("Ctrl-C stops after the page in flight: exit 130, the output so far parses, no later page is asked for", async () => {
	let run;
	api.reset({
		"GET /repos/o/r/issues": async (context) => {
			const page = Number(context.url.searchParams.get("page") ?? 1);
			if (page === 3) {
				// Interrupt while page 3 is in flight, and answer once the command has taken it in.
				run.child.kill("SIGINT");
				await new Promise((resolve) => {
					const check = setInterval(() => {
						if (/stopping after page 3/.test(stderr)) clearInterval(check), resolve();
					}, 5);
				});
			}
			return issuePages(1000)(context);
		},
	});
	let stderr = "";
	run = startCli(["issues.listForRepo", "owner=o", "repo=r", "--paginate"], { env: env(), onStderr: (text) => (stderr = text) });
	const { code, stdout } = await run.done;
	assert.is(code, 130);
	assert.is(JSON.parse(stdout).length, 3 * PER_PAGE);
	assert.is(api.requests.length, 3);
	assert.match(stderr, /stopped after page 3/);
});

/**
Runs --paginate (with `flags`) against pages that never answer from page `stuckPage` on, and
presses Ctrl-C `presses` times while that page is in flight, each after the command has taken
the previous one in. Resolves with the run's result.
*/
async function interruptedRun(stuckPage, presses, flags = []) {
	let run;
	let stderr = "";
	const heard = () => (stderr.match(/stopping/g) ?? []).length;
	api.reset({
		"GET /repos/o/r/issues": async (context) => {
			const page = Number(context.url.searchParams.get("page") ?? 1);
			if (page < stuckPage) return issuePages(1000)(context);
			for (let press = 0; press < presses; press++) {
				run.child.kill("SIGINT");
				// Until the command has heard this press (it answers the first two with a line).
				while (heard() < Math.min(press + 1, 2) && run.child.exitCode === null) await new Promise((resolve) => setTimeout(resolve, 5));
			}
			return new Promise(() => {});
		},
	});
	run = startCli(["issues.listForRepo", "owner=o", "repo=r", "--paginate", ...flags], { env: env(), onStderr: (text) => (stderr = text) });
	return run.done;
}

paginate("Ctrl-C pressed again (and again) aborts the page in flight: exit 130, and the output so far still parses", async () => {
	for (const presses of [2, 5]) {
		const { code, signal, stdout, stderr } = await interruptedRun(3, presses);
		assert.is(code, 130, `${presses} presses: ended by ${signal}, after writing to stderr: ${stderr}`);
		assert.is(JSON.parse(stdout).length, 2 * PER_PAGE);
		assert.match(stderr, /stopping now/);
		assert.match(stderr, /stopped after page 2/);
	}
	const ndjson = await interruptedRun(2, 2, ["--ndjson"]);
	assert.is(ndjson.code, 130);
	assert.is(ndjson.stdout.trimEnd().split("\n").length, PER_PAGE);
});

paginate("Ctrl-C twice during the first page prints an empty array, which parses", async () => {
	const { code, stdout } = await interruptedRun(1, 2);
	assert.is(code, 130);
	assert.equal(JSON.parse(stdout), []);
});

paginate("a failure part-way closes the array (stdout still parses) and exits 1", async () => {
	const pages = issuePages(5);
	api.reset({ "GET /repos/o/r/issues": (context) => (context.url.searchParams.get("page") === "3" ? [500, { message: "boom" }] : pages(context)) });
	const { code, stdout, stderr } = await runCli(["issues.listForRepo", "owner=o", "repo=r", "--paginate"], { env: env() });
	assert.is(code, 1);
	assert.is(JSON.parse(stdout).length, 2 * PER_PAGE);
	assert.match(stderr, /HTTP 500: boom/);
});

paginate("a method that does not page is sent once, as it is, with a note on stderr", async () => {
	api.reset({ "GET /repos/o/r": () => [200, { id: 1 }] });
	const { code, stdout, stderr } = await runCli(["repos.get", "owner=o", "repo=r", "--paginate"], { env: env() });
	assert.is(code, 0);
	assert.equal(JSON.parse(stdout), { id: 1 });
	assert.is(stderr, "hublet: repos.get does not paginate; sending one request\n");
	assert.is(api.requests[0].url.search, "");
});

paginate("a route walks its pages too, and an object-wrapped list (search) streams its items", async () => {
	api.reset({
		"GET /search/issues": ({ url }) => {
			const page = Number(url.searchParams.get("page") ?? 1);
			const link = page < 2 ? { link: `<${api.baseUrl}/search/issues?q=x&page=2>; rel="next"` } : {};
			return [200, { total_count: 3, incomplete_results: false, items: page === 1 ? [{ n: 1 }, { n: 2 }] : [{ n: 3 }] }, link];
		},
	});
	const { code, stdout } = await runCli(["GET", "/search/issues", "q=x", "--paginate", "--ndjson"], { env: env() });
	assert.is(code, 0);
	assert.is(stdout, '{"n":1}\n{"n":2}\n{"n":3}\n');
});

paginate.run();

// ---

const progress = suite("hublet --paginate on a terminal");
progress.before(api.start);
progress.after(api.stop);

progress("stderr shows pages, items and x-ratelimit-remaining, and ends on a summary line", async () => {
	api.reset({ "GET /repos/o/r/issues": issuePages(3) });
	// stdout goes to /dev/null, so what the terminal shows is stderr alone.
	const command = `"${process.execPath}" "${BIN}" issues.listForRepo owner=o repo=r --paginate > /dev/null`;
	const shown = await new Promise((resolve, reject) => {
		execFile("script", ["-qec", command, "/dev/null"], { env: { ...process.env, GITHUB_API_URL: api.baseUrl } }, (error, stdout) => (error ? reject(error) : resolve(stdout)));
	});
	assert.match(shown, /hublet: 1 page, 100 items, rate limit: 4,999 left\r\x1b\[K/);
	assert.match(shown, /hublet: 2 pages, 200 items, rate limit: 4,998 left/);
	assert.ok(shown.endsWith("hublet: 3 pages, 300 items, rate limit: 4,997 left\r\n"), JSON.stringify(shown.slice(-80)));
});

progress("where stdout and stderr share one terminal, the screen holds valid JSON and no progress text (array, --ndjson, --compact)", async () => {
	api.reset({ "GET /repos/o/r/issues": issuePages(3) });
	const command = `"${process.execPath}" "${BIN}" issues.listForRepo owner=o repo=r --paginate`;
	const pretty = renderScreen(await underTerminal(command, { GITHUB_API_URL: api.baseUrl }));
	const ndjson = renderScreen(await underTerminal(`${command} --ndjson`, { GITHUB_API_URL: api.baseUrl }));
	const compact = renderScreen(await underTerminal(`${command} --compact`, { GITHUB_API_URL: api.baseUrl }));
	for (const screen of [pretty, ndjson, compact]) assert.not.match(screen.join("\n"), /hublet:|page|rate limit/);
	assert.is(JSON.parse(pretty.join("\n")).length, 3 * PER_PAGE);
	assert.is(JSON.parse(compact.join("\n")).length, 3 * PER_PAGE);
	const lines = ndjson.filter((line) => line !== "");
	assert.is(lines.length, 3 * PER_PAGE);
	assert.equal(lines.map((line) => JSON.parse(line).number), Array.from({ length: 3 * PER_PAGE }, (_, index) => index + 1));
});

progress("where stdout and stderr share one terminal, a progress line is drawn between pages and erased before the next data", async () => {
	api.reset({ "GET /repos/o/r/issues": issuePages(2) });
	const shown = await underTerminal(`"${process.execPath}" "${BIN}" issues.listForRepo owner=o repo=r --paginate --ndjson`, { GITHUB_API_URL: api.baseUrl });
	assert.match(shown, /\nhublet: 1 page, 100 items, rate limit: 4,999 left\r\x1b\[K\{"number":101,/);
});

progress("a pipe gets no progress", async () => {
	api.reset({ "GET /repos/o/r/issues": issuePages(2) });
	const { stderr } = await runCli(["issues.listForRepo", "owner=o", "repo=r", "--paginate"], { env: env() });
	assert.is(stderr, "");
});

progress.run();
