// paginate reads its `next` links as strings: the page key that tells a link back to a page already
// read (any spelling of it), the origin check that keeps the token on the first page's host, and
// list bodies whose keys are prototype names or an array's own. Over a stub `request` (no network),
// so that what paginate itself builds can be counted. Run: node test/paginate-links.test.js
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { suite } from "uvu";
import * as assert from "uvu/assert";
import fc from "fast-check";
import { Hublet } from "../dist/index.js";
import { Hublet as Core, paginate as paginateFeature } from "../dist/core.js";
import * as paginateBody from "../dist/features/paginate/body.js";
import { capturingLog } from "./helpers/client.js";

const { pageKey } = paginateBody;

/** `client.paginate` over `host` (its `request` and `log`), from the feature and its body. */
const createPaginate = (host) => paginateFeature.setup({ now: paginateBody }, true, { client: host }).members.paginate;

const API = "https://api.github.com";
const STOPPED = '[hublet] paginate stopped at a link to a page it had already read, for "GET /items"';

/** A paginate host whose `request` answers page N with `bodies[N - 1]` (or [N]) and the link `links[N - 1]`. */
function stubHost(links, bodies = [], baseUrl = API) {
	const { log, lines } = capturingLog();
	const sent = [];
	const request = async (routeOrOptions) => {
		const options = typeof routeOrOptions === "string" ? { url: `${API}/items?per_page=1` } : routeOrOptions;
		sent.push(options);
		const page = sent.length;
		const link = links[page - 1];
		const headers = link === undefined ? {} : { link: `<${link}>; rel="next"` };
		return { status: 200, url: options.url, headers, data: bodies[page - 1] ?? [page] };
	};
	request.endpoint = new Hublet({ log, baseUrl }).request.endpoint;
	return { host: { request, log }, sent, lines };
}

/** Counts what `URL` and `URLSearchParams` build while `run` runs. */
async function countingUrls(run) {
	const originals = { URL: globalThis.URL, URLSearchParams: globalThis.URLSearchParams };
	const built = [];
	for (const name of Object.keys(originals)) {
		globalThis[name] = new Proxy(originals[name], {
			construct(target, args, newTarget) {
				built.push(`${name}(${JSON.stringify(args[0])})`);
				return Reflect.construct(target, args, newTarget === globalThis[name] ? target : newTarget);
			},
		});
	}
	try {
		return { result: await run(), built };
	} finally {
		Object.assign(globalThis, originals);
	}
}

// ---

const links = suite("next links read as strings");

links("a walk on one host, its links spelt otherwise, builds no URL or URLSearchParams", async () => {
	const { host, sent, lines } = stubHost([
		`${API}/items?per_page=1&page=2`,
		`${API}/%69tems?page=3&per_page=1#top`,
		`${API}/items?per_page=1&page=2`,
	]);
	const { result, built } = await countingUrls(() => createPaginate(host)("GET /items", { per_page: 1 }));
	assert.equal(result, [1, 2, 3]);
	assert.equal(built, []);
	assert.is(sent.length, 3);
	assert.equal(lines.warn, [STOPPED]);
});

/** Counts the calls of `host.request.endpoint.merge` and `.parse`. */
function countingPlans(host) {
	const calls = { merge: 0, parse: 0 };
	const { endpoint } = host.request;
	for (const name of Object.keys(calls)) {
		const original = endpoint[name];
		endpoint[name] = (...args) => (calls[name]++, original(...args));
	}
	return calls;
}

links("a one-page walk merges and parses no options of its own; a walk that follows links plans once per call", async () => {
	const single = stubHost([]);
	const singleCalls = countingPlans(single.host);
	assert.equal(await createPaginate(single.host)("GET /items", { per_page: 1 }), [1]);
	assert.equal(singleCalls, { merge: 0, parse: 0 });

	const { host, sent } = stubHost([`${API}/items?per_page=1&page=2`, `${API}/items?per_page=1&page=3`]);
	const calls = countingPlans(host);
	const pages = createPaginate(host).iterator("GET /items", { per_page: 1 });
	const read = [];
	for await (const page of pages) read.push(...page.data);
	assert.equal(read, [1, 2, 3]);
	assert.equal(calls, { merge: 1, parse: 1 });
	assert.equal(
		sent.slice(1).map((options) => [options.method, options.url]),
		[
			["GET", `${API}/items?per_page=1&page=2`],
			["GET", `${API}/items?per_page=1&page=3`],
		],
	);
	// A second walk of the same call is planned already.
	for await (const page of pages) read.push(...page.data);
	assert.equal(calls, { merge: 1, parse: 1 });
});

links("pages on the first page's origin carry no credentialsOrigin; a link elsewhere carries that origin", async () => {
	const elsewhere = [
		"https://api.github.com.evil.com/items?page=3",
		"https://api.github.com@evil.com/items?page=3",
		"https://api.github.com:8443/items?page=3",
		"http://api.github.com/items?page=3",
		"https://api.github.com\\@evil.com/items?page=3",
		"//evil.com/items?page=3",
		" https://api.github.com/items?page=3",
		"HTTPS://API.GitHub.com:443/items?page=3",
	];
	for (const link of elsewhere) {
		const { host, sent } = stubHost([`${API}/items?page=2`, link]);
		await createPaginate(host)("GET /items");
		assert.is(sent.length, 3, link);
		assert.is(sent[1].request?.credentialsOrigin, undefined, `page 2 is on ${API}`);
		assert.is(sent[2].request?.credentialsOrigin, API, link);
		assert.is(sent[2].url, link, "followed as given");
	}
});

links(
	"a first page whose host comes after more slashes or a tab: every later page carries credentialsOrigin",
	async () => {
		for (const baseUrl of [
			"https:///api.github.com",
			"https://\t/api.github.com",
			"https://\n\\api.github.com",
			"https:////api.github.com",
		]) {
			const link = `${baseUrl.replace("api.github.com", "evil.com")}/items?page=2`;
			const { host, sent } = stubHost([link], [], baseUrl);
			await createPaginate(host)("GET /items");
			assert.is(sent.length, 2, baseUrl);
			assert.is(sent[1].url, link);
			assert.is(sent[1].request?.credentialsOrigin, API, JSON.stringify(baseUrl));
			assert.is.not(new URL(link).origin, API, "the link is another origin");
		}
	},
);

links("a link to the page itself ends the walk after that page, with one warning", async () => {
	for (const self of [
		`${API}/items?per_page=1`,
		`${API}/items?per_page=1&page=1`,
		`${API}/items?per_page=%31&`,
		`${API}/items?per_page=1#again`,
	]) {
		const { host, sent, lines } = stubHost([self, self]);
		assert.equal(await createPaginate(host)("GET /items", { per_page: 1 }), [1], self);
		assert.is(sent.length, 1);
		assert.equal(lines.warn, [STOPPED]);
	}
});

links("a cursor walk that links back to a cursor page already read ends there", async () => {
	const { host, sent, lines } = stubHost([`${API}/items?after=a`, `${API}/items?after=b`, `${API}/items?after=%61`]);
	assert.equal(await createPaginate(host)("GET /items"), [1, 2, 3]);
	assert.is(sent.length, 3);
	assert.equal(lines.warn, [STOPPED]);
});

links("odd bytes in a link are followed as given, never a TypeError", async () => {
	const odd = [
		`${API}/items?page=2&q=%`,
		`${API}/items?page=2&q=%E0%A4%A`,
		`${API}/items?page=2&q=\uD800`,
		`${API}/it\u0000ems?page=2`,
		`${API}/items?page=2&q=${"%".repeat(10_000)}`,
		`${API}/items?page=2&=&&==&q=a=b=c`,
		`${API}/items?page=2?page=3`,
		`${API}/items?page=0x3`,
		`${API}/items?page=2&page=1`,
	];
	for (const link of odd) {
		const { host, sent } = stubHost([link]);
		assert.equal(await createPaginate(host)("GET /items"), [1, 2], link);
		assert.is(sent[1].url, link);
	}
});

links("cursors that do not decode (a stray %) are compared as written: two of them are two pages", async () => {
	const { host, sent, lines } = stubHost([`${API}/items?after=%zz1`, `${API}/items?after=%zz2`]);
	assert.equal(await createPaginate(host)("GET /items"), [1, 2, 3]);
	assert.is(sent.length, 3);
	assert.equal(lines.warn, []);
	assert.is.not(pageKey(`${API}/items?after=%zz1`)[0], pageKey(`${API}/items?after=%zz2`)[0]);
	assert.is.not(pageKey(`${API}/%zz1/items`)[0], pageKey(`${API}/%zz2/items`)[0]);
});

links("a page number past any safe integer, zero or negative is no page number: the walk goes on", async () => {
	for (const page of ["0", "-1", "1e3", "99999999999999999999", "2.5", "Infinity"]) {
		const { host, sent } = stubHost([`${API}/items?page=${page}`]);
		assert.equal(await createPaginate(host)("GET /items", { page: 7 }), [1, 2], page);
		assert.is(sent.length, 2);
	}
});

links.run();

// ---

const keys = suite("the page key, as properties (fast-check)");

const part = fc.string({ unit: "binary", maxLength: 12 });
const encoded = (text, mode) => {
	try {
		if (mode === 0) return encodeURIComponent(text);
		// Every byte percent-encoded, in either case.
		const bytes = [...new TextEncoder().encode(text)].map((byte) => `%${byte.toString(16).padStart(2, "0")}`).join("");
		return mode === 1 ? bytes : bytes.toUpperCase();
	} catch {
		return undefined;
	}
};

keys("any string: a key and a page number or undefined, never a throw", () => {
	fc.assert(
		fc.property(fc.string({ unit: "binary", maxLength: 200 }), (url) => {
			const [key, page] = pageKey(url);
			assert.type(key, "string");
			assert.ok(page === undefined || (Number.isSafeInteger(page) && page > 0));
		}),
		{ numRuns: 2000 },
	);
});

keys("spellings of one query give one key: order, percent-encoding, empty parameters, a fragment", () => {
	const pairs = fc.array(
		fc.tuple(
			part.filter((name) => name !== "page"),
			part,
		),
		{ maxLength: 6 },
	);
	fc.assert(
		fc.property(pairs, fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 12, maxLength: 12 }), (list, modes) => {
			const spell = (entries, shift) =>
				entries.map(
					([name, value], index) =>
						`${encoded(name, modes[(index + shift) % 12])}=${encoded(value, modes[(index + shift + 6) % 12])}`,
				);
			fc.pre(list.every(([name, value]) => encoded(name, 0) !== undefined && encoded(value, 0) !== undefined));
			const plain = `${API}/items?${spell(list, 0).join("&")}`;
			const other = `HTTPS://API.GITHUB.COM/items?&${spell([...list].reverse(), 5).join("&&")}&#frag`;
			assert.is(pageKey(plain)[0], pageKey(other)[0]);
		}),
	);
});

keys("two queries whose parameters differ as the server reads them give two keys", () => {
	const pairs = fc.array(fc.tuple(fc.string({ minLength: 1, maxLength: 6 }), fc.string({ maxLength: 6 })), {
		minLength: 1,
		maxLength: 4,
	});
	fc.assert(
		fc.property(pairs, pairs, (a, b) => {
			const query = (list) => new URLSearchParams(list).toString();
			const read = (list) => JSON.stringify([...new URLSearchParams(query(list))].filter(([n, v]) => n || v).sort());
			fc.pre(read(a) !== read(b) && !query(a).includes("page=") && !query(b).includes("page="));
			assert.is.not(pageKey(`${API}/x?${query(a)}`)[0], pageKey(`${API}/x?${query(b)}`)[0]);
		}),
	);
});

keys("the page number is URLSearchParams' first page, when it is a positive safe integer", () => {
	fc.assert(
		fc.property(fc.oneof(fc.integer({ min: -5, max: 2 ** 53 + 5 }).map(String), part), fc.boolean(), (page, twice) => {
			const value = encoded(page, 0);
			fc.pre(value !== undefined);
			const url = `${API}/x?a=1&page=${value}${twice ? "&page=9" : ""}`;
			const read = new URL(url).searchParams.get("page");
			const expected =
				String(Number(read)) === read && Number.isSafeInteger(Number(read)) && Number(read) > 0
					? Number(read)
					: undefined;
			assert.is(pageKey(url)[1], expected);
		}),
	);
});

keys.run();

// ---

const bodies = suite("list bodies with odd keys");

bodies(
	"a wrapper whose list key is __proto__, constructor, length or 0 gives the list, unchanged and unpolluted",
	async () => {
		for (const key of ["__proto__", "constructor", "length", "0", "hasOwnProperty"]) {
			const body = JSON.parse(`{"total_count":2,${JSON.stringify(key)}:[{"id":1},{"id":2}]}`);
			const { host } = stubHost([], [body]);
			const pages = [];
			const items = await createPaginate(host)("GET /items", (page) => (pages.push(page.data), page.data));
			assert.equal(items, [{ id: 1 }, { id: 2 }], key);
			assert.ok(Array.isArray(pages[0]));
			assert.is(Object.getPrototypeOf(pages[0]), Array.prototype, key);
			assert.is(pages[0].total_count, 2);
			assert.is(pages[0].length, 2);
			assert.is({}.polluted, undefined);
		}
		assert.is(Object.prototype.total_count, undefined);
	},
);

bodies("a wrapper whose first key holds no list is left as it came", async () => {
	const body = JSON.parse('{"total_count":1,"__proto__":{"polluted":true},"items":[1]}');
	const { host } = stubHost([], [body]);
	const [page] = await createPaginate(host)("GET /items");
	assert.is(page, body);
	assert.is({}.polluted, undefined);
});

bodies.run();

// ---

const front = suite("paginate on /core, through its front");

/** A /core client with paginate whose fetch answers page N of 5 with [N], page `failing` failing once with 500. */
function coreClient(failing) {
	const asked = [];
	let failed = false;
	const fetch = async (url) => {
		const page = Number(new URL(url).searchParams.get("page") ?? 1);
		asked.push(page);
		if (page === failing && !failed) {
			failed = true;
			return new Response("{}", { status: 500, headers: { "content-type": "application/json" } });
		}
		const headers = { "content-type": "application/json" };
		if (page < 5) headers.link = `<${API}/items?per_page=1&page=${page + 1}>; rel="next"`;
		return new Response(JSON.stringify([page]), { headers });
	};
	const client = new (Core.plugin(paginateFeature))({ log: capturingLog().log, request: { fetch } });
	return { client, asked };
}

front("a failed page rejects its next(); the next next() reads it again, and the walk goes on", async () => {
	const { client, asked } = coreClient(2);
	const pages = client.paginate.iterator("GET /items", { per_page: 1 })[Symbol.asyncIterator]();
	assert.equal((await pages.next()).value.data, [1]);
	const failure = await pages.next().then(
		() => undefined,
		(error) => error,
	);
	assert.is(failure?.status, 500);
	const rest = [];
	for (let result = await pages.next(); !result.done; result = await pages.next()) rest.push(...result.value.data);
	assert.equal(rest, [2, 3, 4, 5]);
	assert.equal(asked, [1, 2, 2, 3, 4, 5]);
});

front("concurrent next() calls made at once get the pages in order; return() first sends nothing", async () => {
	const { client, asked } = coreClient();
	const pages = client.paginate.iterator("GET /items", { per_page: 1 })[Symbol.asyncIterator]();
	const results = await Promise.all([1, 2, 3, 4, 5, 6].map(() => pages.next()));
	assert.equal(
		results.map((result) => (result.done ? "done" : result.value.data[0])),
		[1, 2, 3, 4, 5, "done"],
	);
	const unused = client.paginate.iterator("GET /items")[Symbol.asyncIterator]();
	assert.equal(await unused.return("bye"), { done: true, value: "bye" });
	assert.is(asked.length, 5);
});

front("the arguments are read at the call: later changes to them do not leak in", async () => {
	const { client, asked } = coreClient();
	const params = { per_page: 1, page: 4 };
	const all = client.paginate("GET /items", params);
	const options = { method: "GET", url: "/items", page: 4 };
	const iterated = client.paginate.iterator(options);
	params.page = 1;
	options.page = 1;
	assert.equal(await all, [4, 5]);
	const pages = [];
	for await (const page of iterated) pages.push(...page.data);
	assert.equal(pages, [4, 5]);
	assert.equal(asked, [4, 5, 4, 5]);
});

front.run();

// ---

const memory = suite("memory over a long walk");

const execFileAsync = promisify(execFile);
const LONG_WALK = `
import { Hublet } from ${JSON.stringify(new URL("../dist/index.js", import.meta.url).href)};
import * as body from ${JSON.stringify(new URL("../dist/features/paginate/body.js", import.meta.url).href)};
import { paginate } from ${JSON.stringify(new URL("../dist/core.js", import.meta.url).href)};
const request = async (options) => {
	const url = typeof options === "string" ? "https://api.github.com/repos/octokit/rest.js/issues?per_page=100&state=all" : options.url;
	const page = Number(/[?&]page=(\\d+)/.exec(url)?.[1] ?? 1);
	const next = "https://api.github.com/repos/octokit/rest.js/issues?per_page=100&state=all&page=" + (page + 1);
	return { status: 200, url, headers: { link: "<" + next + '>; rel="next"' }, data: [page] };
};
request.endpoint = new Hublet().request.endpoint;
const client = { request, log: console };
const pages = paginate.setup({ now: body }, true, { client }).members.paginate.iterator("GET /items")[Symbol.asyncIterator]();
const heap = () => (gc(), gc(), process.memoryUsage().heapUsed);
for (let index = 0; index < 1000; index++) await pages.next();
const before = heap();
for (let index = 0; index < ${100_000}; index++) await pages.next();
console.log(JSON.stringify({ growthMB: (heap() - before) / 2 ** 20, page: (await pages.next()).value.data[0] }));
`;

memory("100,000 numbered pages through one iterator: the walk keeps no key per page", async () => {
	const { stdout } = await execFileAsync(process.execPath, ["--expose-gc", "--input-type=module", "-e", LONG_WALK], {
		timeout: 300_000,
	});
	const { growthMB, page } = JSON.parse(stdout.trim().split("\n").at(-1));
	assert.is(page, 101_001);
	assert.ok(growthMB < 2, `the heap grew by ${growthMB.toFixed(1)} MB`);
});

memory.run();
