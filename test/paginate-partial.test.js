// paginate never reports part of a list as all of it: a failure after the first page rejects and
// names that page (its number and its URL, redacted), and only the first page's 409 (an empty
// repository) or 204 is an empty list. A `next` link back to a page already read, under any
// spelling, ends the walk. paginate(), paginate.iterator() and `hublet --paginate`, over a server
// on 127.0.0.1.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { inspect } from "node:util";
import { Hublet, RequestError } from "../dist/index.js";
import { capturingLog } from "./helpers/client.js";
import { startServer } from "./helpers/loopback.js";
import { createApiServer, runCli } from "./fixtures/cli-harness.js";

let server;
// What page N answers: [status, body, link] (link: the `next` URL, or none).
let answer;

function send(response, status, body, link) {
	const headers = { "content-type": "application/json; charset=utf-8" };
	if (link) headers.link = `<${link}>; rel="next"`;
	response.writeHead(status, headers);
	response.end(status === 204 ? undefined : typeof body === "string" ? body : JSON.stringify(body));
}

const start = async () => {
	server = await startServer((request, response) => {
		const url = new URL(request.url, server.baseUrl);
		const result = answer(url, request);
		if (result === "reset") return request.socket.destroy();
		send(response, ...result);
	});
};

const client = (options = {}) => new Hublet({ baseUrl: server.baseUrl, log: capturingLog().log, retry: { minTimeout: 1, maxTimeout: 2 }, ...options });
const pageOf = (url) => Number(url.searchParams.get("page") ?? 1);
const nextOf = (url, page) => `${server.baseUrl}${url.pathname}?page=${page}`;

/** Five pages of one item each; page `failing` answers `status` (or breaks). */
const fivePages = (failing, failure) => (url) => {
	const page = pageOf(url);
	if (page === failing) return failure(url);
	return [200, [page], page < 5 ? nextOf(url, page + 1) : undefined];
};

const FAILURES = {
	"409 Conflict": () => [409, { message: "Git Repository is empty." }],
	"404 Not Found": () => [404, { message: "Not Found" }],
	"410 Gone": () => [410, { message: "Gone" }],
	"422 Unprocessable Entity": () => [422, { message: "Validation Failed" }],
	"500 Internal Server Error": () => [500, { message: "boom" }],
	"403 Forbidden": () => [403, { message: "Resource not accessible by integration" }],
	"a 200 whose JSON is broken": () => [200, "[1, 2"],
	"a reset connection": () => "reset",
};

const partial = suite("a failure after the first page");
partial.before(start);
partial.before.each(() => {
	server.requests.length = 0;
});
partial.after(() => server.close());

for (const [what, failure] of Object.entries(FAILURES)) {
	for (const failing of [2, 3, 5]) {
		partial(`page ${failing} of 5 fails with ${what}: paginate rejects, naming page ${failing}`, async () => {
			answer = fivePages(failing, failure);
			const error = await client().paginate("GET /repos/{owner}/{repo}/items", { owner: "o", repo: "r" }).catch((e) => e);
			assert.instance(error, RequestError, String(error));
			assert.ok(error.message.includes(`(paginate: page ${failing}, ${server.baseUrl}/repos/o/r/items?page=${failing})`), error.message);
			assert.match(inspect(error), `page ${failing}`);
		});
	}
}

partial("paginate.iterator yields the pages before the failing one, then throws naming it", async () => {
	answer = fivePages(3, FAILURES["409 Conflict"]);
	const seen = [];
	const error = await (async () => {
		for await (const page of client().paginate.iterator("GET /items")) seen.push(page.data);
	})().catch((e) => e);
	assert.equal(seen, [[1], [2]]);
	assert.is(error.status, 409);
	assert.match(error.message, /^Git Repository is empty\. \(paginate: page 3, http:\/\/127\.0\.0\.1:\d+\/items\?page=3\)$/);
});

partial("with a mapFn, and with one that calls done() after the failing page would come, the same", async () => {
	answer = fivePages(3, FAILURES["409 Conflict"]);
	const error = await client().paginate("GET /items", (response) => response.data).catch((e) => e);
	assert.is(error.status, 409);
	// done() before the failing page ends the walk there, with what was asked for.
	const early = await client().paginate("GET /items", (response, done) => {
		if (response.data[0] === 2) done();
		return response.data;
	});
	assert.equal(early, [1, 2]);
});

partial("an endpoint method as the target, the same", async () => {
	answer = fivePages(4, FAILURES["409 Conflict"]);
	const error = await client().paginate(client().rest.issues.listForRepo, { owner: "o", repo: "r" }).catch((e) => e);
	assert.is(error.status, 409);
	assert.match(error.message, /paginate: page 4, /);
});

partial("the page's URL is named redacted: a secret a Link carries does not show", async () => {
	answer = (url) => {
		const page = pageOf(url);
		if (page === 2) return [409, { message: "Conflict" }];
		return [200, [page], `${server.baseUrl}/items?access_token=gho_secretValue123&page=2`];
	};
	const error = await client().paginate("GET /items").catch((e) => e);
	assert.is(error.status, 409);
	assert.match(error.message, /page 2, http:\/\/127\.0\.0\.1:\d+\/items\?access_token=\[REDACTED\]&page=2\)$/);
	assert.not.match(error.message + inspect(error, { depth: Infinity }) + JSON.stringify(error), /gho_secretValue123/);
});

partial("the first page's 409 (an empty repository) and 204 are still an empty list, and the first page's own failure reads as a direct call's", async () => {
	for (const status of [409, 204]) {
		answer = () => [status, { message: "Git Repository is empty." }];
		assert.equal(await client().paginate("GET /repos/o/r/commits"), []);
	}
	answer = () => [404, { message: "Not Found" }];
	const direct = await client().request("GET /items").catch((e) => e);
	const paged = await client().paginate("GET /items").catch((e) => e);
	assert.is(paged.message, direct.message);
});

partial("a 204 on a later page is an empty page, not a failure: the walk follows its link", async () => {
	answer = (url) => {
		const page = pageOf(url);
		if (page === 2) return [204, "", nextOf(url, 3)];
		return [200, [page], page < 3 ? nextOf(url, page + 1) : undefined];
	};
	assert.equal(await client().paginate("GET /items"), [1, 3]);
});

partial.run();

// ---

const cycles = suite("a next link to a page already read");
cycles.before(start);
cycles.before.each(() => {
	server.requests.length = 0;
});
cycles.after(() => server.close());

/** Page 1 and 2, then page 2 links back to `back(url)` (a spelling of a page already read). */
const backTo = (back) => (url) => {
	const page = pageOf(url);
	if (page === 1 && server.requests.length > 1) return [200, ["again"], undefined];
	return [200, [page], page === 1 ? nextOf(url, 2) : back(url)];
};

const base = () => server.baseUrl;
const SPELLINGS = {
	"the first page's own URL": () => `${base()}/items?per_page=2`,
	"?page=1 added": () => `${base()}/items?per_page=2&page=1`,
	"its parameters reordered": () => `${base()}/items?page=1&per_page=2`,
	"a trailing &": () => `${base()}/items?per_page=2&`,
	"&& and a trailing & with page=1": () => `${base()}/items?page=1&&per_page=2&`,
	"a parameter name percent-encoded": () => `${base()}/items?%70er_page=2`,
	"a value percent-encoded": () => `${base()}/items?per_page=%32&page=%31`,
	"the path percent-encoded": () => `${base()}/%69tems?per_page=2`,
	"the scheme in capitals": () => `${base().replace("http://", "HTTP://")}/items?per_page=2`,
	"a fragment": () => `${base()}/items?per_page=2#top`,
	"page 1 under another path (GitHub's /repositories/:id form)": () => `${base()}/repositories/1/items?per_page=2&page=1`,
	"page 2 itself": () => `${base()}/items?page=2&per_page=2`,
};

for (const [what, back] of Object.entries(SPELLINGS)) {
	cycles(`a link back to ${what} ends the walk: every page once, and a warning`, async () => {
		answer = backTo(back);
		const { log, lines } = capturingLog();
		const items = await new Hublet({ baseUrl: server.baseUrl, log, retry: false }).paginate("GET /items", { per_page: 2 });
		assert.equal(items, [1, 2]);
		assert.is(server.requests.length, 2);
		assert.equal(lines.warn, ['[hublet] paginate stopped at a link to a page it had already read, for "GET /items"']);
	});
}

cycles("paginate.iterator ends the same way", async () => {
	answer = backTo(SPELLINGS["?page=1 added"]);
	const pages = [];
	for await (const page of client().paginate.iterator("GET /items", { per_page: 2 })) pages.push(page.data);
	assert.equal(pages, [[1], [2]]);
});

cycles("cursors and since= carry no page number: their walks go on to the end", async () => {
	answer = (url) => {
		const after = Number(url.searchParams.get("after") ?? 0);
		return [200, [after], after < 3 ? `${base()}/items?per_page=2&after=${after + 1}` : undefined];
	};
	assert.equal(await client().paginate("GET /items", { per_page: 2 }), [0, 1, 2, 3]);
	answer = (url) => {
		const since = Number(url.searchParams.get("since") ?? 0);
		return [200, [since], since < 30 ? `${base()}/users?since=${since + 10}` : undefined];
	};
	assert.equal(await client().paginate("GET /users"), [0, 10, 20, 30]);
});

cycles("a walk that starts past page 1 goes on forward", async () => {
	answer = (url) => {
		const page = pageOf(url);
		return [200, [page], page < 5 ? nextOf(url, page + 1) : undefined];
	};
	assert.equal(await client().paginate("GET /items", { page: 3 }), [3, 4, 5]);
});

cycles.run();

// ---

const cli = suite("hublet --paginate");
const api = createApiServer();
cli.before(api.start);
cli.after(api.stop);

cli("page 3 of 5 answers 409: exit 1, stdout holds the pages before it as valid JSON, stderr names page 3", async () => {
	api.reset({
		"GET /repos/o/r/issues": ({ url }) => {
			const page = Number(url.searchParams.get("page") ?? 1);
			if (page === 3) return [409, { message: "Conflict" }];
			return [200, [{ number: page }], { link: `<${api.baseUrl}/repos/o/r/issues?page=${page + 1}>; rel="next"` }];
		},
	});
	const { code, stdout, stderr } = await runCli(["issues.listForRepo", "owner=o", "repo=r", "--paginate"], { env: { GITHUB_API_URL: api.baseUrl, HUBLET_RETRY: "false" } });
	assert.is(code, 1);
	assert.equal(JSON.parse(stdout), [{ number: 1 }, { number: 2 }]);
	assert.match(stderr, /HTTP 409: Conflict \(paginate: page 3, http:\/\/127\.0\.0\.1:\d+\/repos\/o\/r\/issues\?page=3\)/);
});

cli.run();
