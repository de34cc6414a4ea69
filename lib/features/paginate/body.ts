import type { EndpointOptions, MergedOptions, RequestParameters } from "../../../types/endpoint.js";
import type { HubletResponse, Log, RequestInterface } from "../../../types/request.js";
import { RequestError } from "../../common/errors.js";
import { warnOnce } from "../../common/log.js";
import { originOf, withoutBaseUrl } from "../../common/url.js";
import { nextLink } from "./link.js";
import { pageKey } from "./page-key.js";
import { templatePath } from "../../http/route-of.js";

// Local types: the public ones (with item types per route) belong in types/.
type Page = HubletResponse<any>;
export type MapFunction = (response: Page, done: () => void) => unknown;
type EndpointMethodLike = ((params?: RequestParameters) => Promise<Page>) & {
	endpoint: { merge(params?: RequestParameters): MergedOptions };
};
export type Target = string | RequestParameters | EndpointMethodLike;

export interface Paginate {
	(target: Target, params?: RequestParameters | MapFunction, mapFn?: MapFunction): Promise<any[]>;
	iterator(target: Target, params?: RequestParameters): AsyncIterable<Page>;
}

/** What pagination needs from its client; read at call time, so a plugin may replace `request`. */
export interface PaginateHost {
	request: RequestInterface;
	log: Log;
}

/** How to fetch the pages of one call. */
interface Plan {
	/** Page 1, sent exactly as a direct call would send it (an endpoint method validates first). */
	first(): Promise<Page>;
	/** Any later page: the call's method, headers and per-call `request` options, with the page's URL. */
	next(url: string): Promise<Page>;
	/** The first page's URL. */
	url: string;
	/** `GET /search/issues`: the route as warnings name it, worked out only for one. */
	label(): string;
}

// Keys that describe an object-wrapped list rather than hold it.
const META_KEYS = ["incomplete_results", "repository_selection", "total_count", "total_commits"];

/**
Builds `client.paginate(routeOrMethodOrOptions, params?, mapFn?)` and `client.paginate.iterator(…)`
over `client.request`, by @octokit/plugin-paginate-rest's algorithm: read a page, normalise it,
follow its `Link: rel="next"`. Hooks, auth and retries apply to every page.
*/
export function createPaginate(host: PaginateHost): Paginate {
	const pages = (name: string, target: Target, params?: RequestParameters): AsyncIterable<Page> => {
		// The options are read now, as octokit does, so later changes to `params` do not leak in;
		// a bad input rejects on the first `next()` instead of throwing here.
		let plan: Plan | undefined;
		let failure: unknown;
		try {
			plan = planOf(host, name, target, params);
		} catch (error) {
			failure = error;
		}
		return { [Symbol.asyncIterator]: () => walk(host.log, plan, failure) };
	};

	const paginate = async (target: Target, params?: RequestParameters | MapFunction, mapFn?: MapFunction) => {
		if (typeof params === "function") {
			mapFn = params;
			params = undefined;
		}
		const results: unknown[] = [];
		for await (const page of pages("paginate()", target, params)) {
			let stop = false;
			const value = mapFn ? mapFn(page, () => (stop = true)) : page.data;
			// What `results.concat(value)` gives, without copying `results` on every page.
			if (Array.isArray(value)) for (const item of value) results.push(item);
			else results.push(value);
			if (stop) break;
		}
		return results;
	};

	const iterator = (target: Target, params?: RequestParameters) => pages("paginate.iterator()", target, params);
	return Object.assign(paginate, { iterator });
}

function planOf(host: PaginateHost, name: string, target: Target, params: RequestParameters | undefined): Plan {
	checkTarget(name, target);
	const own = params == null ? undefined : { ...params };
	const { request } = host;
	// Request options are copied too: what the caller changes later does not leak in.
	const route = typeof target === "object" ? ({ ...target } as EndpointOptions) : target;
	const merged = typeof route === "function" ? route.endpoint.merge(own) : request.endpoint.merge(route as string, own);
	const { method, url, headers, request: options } = request.endpoint.parse(merged);
	// A `Link` may point at another origin, where the token must not go. A link that starts with the
	// first page's URL up to its path's first `/` has its origin: the parser reads the same bytes up
	// to there, and the host ended before that `/`, unless the host was still to come (`https:///h`,
	// and a `\\` or a tab, which the parser skips or drops). Any other link carries
	// `credentialsOrigin`, and the transport compares origins with URL.
	const scheme = url.indexOf("://");
	const path = url.indexOf("/", scheme + 3);
	const plain = scheme > 0 && path > scheme + 3 && !"\\\t\n\r".includes(url[scheme + 3]);
	const prefix = plain ? url.slice(0, path + 1) : undefined;
	return {
		first: () => (typeof route === "function" ? route(own) : request(route as string, own)),
		next: (pageUrl) => {
			const sameOrigin = prefix !== undefined && pageUrl.startsWith(prefix);
			const perCall = sameOrigin ? options : { ...options, credentialsOrigin: originOf(url) };
			return request({ method, headers, request: perCall, url: pageUrl });
		},
		url,
		// The route, not the URL: what warns once (a list under an old key) warns once per route.
		label: () => `${method} ${templatePath(withoutBaseUrl(String(merged.url ?? url), String(merged.baseUrl ?? "")))}`,
	};
}

/**
A TypeError unless `target` is a route string, request options with a `url`, or an endpoint method:
anything else (`client.rest.issues.listForRepos`, a typo, is `undefined`) would send `GET /` and come
back as a misleading 404.
*/
function checkTarget(name: string, target: any): void {
	if (typeof target === "string" && target.trim()) return;
	if (typeof target === "function" && typeof target.endpoint?.merge === "function") return;
	if (typeof target === "object" && typeof target?.url === "string" && !Array.isArray(target)) return;
	throw badTarget(name, target);
}

// Apart from the check, so that its text is compiled only when it is thrown.
function badTarget(name: string, target: unknown): TypeError {
	let got = String(target);
	if (typeof target === "string") got = "an empty string";
	else if (Array.isArray(target)) got = "an array";
	else if (typeof target === "function") got = "a function that is not an endpoint method";
	else if (target && typeof target === "object") got = "options without a url";
	return new TypeError(
		`${name} expects a route such as "GET /repos/{owner}/{repo}/issues" or an endpoint method such as ` +
			`client.rest.issues.listForRepo, got ${got}`,
	);
}

/**
The pages of one call, one `next()` at a time. Calls made before the last one settled wait their
turn, so five concurrent `next()` calls get five pages. A failed page is not an end: the error
rejects that `next()`, and the next one asks for the same page again, as
@octokit/plugin-paginate-rest does (its `url` moves on only after a page arrives). Only the last
page, a link back to a page already read, the first page's 409 or `return()` end the walk. A
request that could not be planned (bad input) rejects every `next()` with the same error.
*/
function walk(log: Log, plan: Plan | undefined, failure: unknown): AsyncIterableIterator<Page> {
	let url: string | undefined = plan?.url;
	let pages = 0;
	// A `Link` back to a page already read would loop for ever: the walk ends there. A numbered link
	// must go past the last numbered page read (to go back to `/repositories/1/…?page=1` after
	// `/repos/o/r/…` is going back). A page numbered past 1 can come back only as a numbered link,
	// which that stops; so only the others (page 1, cursors, `since=`) keep a key to compare links
	// with, and a numbered walk of any length keeps one.
	const seen = new Set<string>();
	// The last page number read; 0 until the first page arrived, then at least 1.
	let current = 0;
	const done = (): IteratorResult<Page> => {
		url = undefined;
		return { done: true, value: undefined };
	};

	const step = async (): Promise<IteratorResult<Page>> => {
		if (!plan) throw failure;
		while (url) {
			const [key, number] = pageKey(url);
			if (seen.has(key) || number! <= current) {
				warnOnce(log, `[hublet] paginate stopped at a link to a page it had already read, for "${plan.label()}"`);
				return done();
			}
			let response: Page;
			try {
				response = current ? await plan.next(url) : await plan.first();
			} catch (error) {
				// 409 is how GitHub answers a list call on an empty repository: nothing to list. Only the
				// first page can say so; a later failure rejects, naming its page, so that part of a list is
				// never taken for all of it. Nothing above moved on: the next `next()` asks for this page again.
				if (!current && (error as { status?: unknown } | null)?.status === 409) {
					const empty = { status: 200, url, headers: {}, data: [] };
					url = undefined;
					return { done: false, value: empty };
				}
				if (current && error instanceof RequestError) {
					error.message += ` (paginate: page ${pages + 1}, ${error.request.url})`;
				}
				throw error;
			}
			// Only a page that arrived counts as read.
			if (!(number! > 1)) seen.add(key);
			current = number ?? (current || 1);
			const link = nextLink(response.headers.link);
			const [next, restart] = (response.data?.commits && comparisonCursor(response, link)) || [link];
			url = next;
			if (restart) continue;
			pages++;
			return { done: false, value: normalize(response, log, plan.label) };
		}
		return done();
	};

	// Each call waits for the one before it, whatever that one's outcome.
	let queue: Promise<unknown> = Promise.resolve();
	const inTurn = (run: () => Promise<IteratorResult<Page>> | IteratorResult<Page>) =>
		(queue = queue.then(run, run)) as Promise<IteratorResult<Page>>;
	return {
		next: () => inTurn(step),
		return: () => inTurn(done),
		[Symbol.asyncIterator]() {
			return this;
		},
	};
}

/**
Lists wrapped in an object (`{total_count, items}`, `{total_count, repository_selection,
repositories}`, `{total_count, workflow_runs}`, …) become the list itself: the first key other
than the counts, which are set on the array as octokit sets them. A wrapper with a `url` is a
resource, not a list (the combined status of a ref, a comparison), and is left alone. 204 (no
body) gives `[]`. The parsed body is ours, so the response is changed in place.
*/
function normalize(response: Page, log: Log, label: () => string): Page {
	const data = response.data;
	if (!data) return { ...response, data: [] };
	if (typeof data !== "object" || !("total_count" in data || "total_commits" in data) || "url" in data) return response;
	const key = Object.keys(data).find((name) => !META_KEYS.includes(name));
	const list = key === undefined ? [] : data[key];
	if (!Array.isArray(list)) return response;
	// The counts, as octokit sets them and in its order: the first two when given, the totals always.
	for (const name of META_KEYS) {
		if (data[name] !== undefined || name.startsWith("total")) (list as any)[name] = data[name];
	}
	// Code written for @octokit/rest v16 reads `response.data.items`: it still works, and says how to
	// move on. A key an array has already (`0`, `length`, `constructor`) is not shadowed.
	if (key !== undefined && !(key in list)) {
		Object.defineProperty(list, key, {
			configurable: true,
			get() {
				const text = `[hublet] "response.data.${key}" is deprecated for "${label()}". `;
				warnOnce(log, `${text}Get the results directly from "response.data"`);
				return Array.from(list);
			},
		});
	}
	response.data = list;
	return response;
}

/**
Compare-commits (`{total_commits, commits, …}`) may answer without a `Link` header; its next page is
then worked out from `total_commits`, as octokit does. Unlike octokit, a first answer without paging
parameters is not taken as page 1: GitHub then returns the *last* 250 commits, and going on at
`page=2` would repeat some commits and skip others. Such an answer, when it is not the whole
comparison, is dropped (`restart`) and the comparison read as `per_page=100` pages (GitHub's
maximum), in order: one extra request, only for comparisons over 250 commits.
*/
function comparisonCursor(response: Page, link: string | undefined): [next: string, restart: boolean] | undefined {
	const { data } = response;
	const total = data.total_commits;
	// total_commits is the server's number: only a count (not 1e400, a fraction or a negative) is used.
	if (!(Number.isSafeInteger(total) && total >= 0 && Array.isArray(data.commits))) return;
	let url: URL;
	try {
		url = new URL(response.url);
	} catch {
		return;
	}
	const params = url.searchParams;
	const count = data.commits.length;
	const paged = params.has("page") || params.has("per_page");
	const page = parseInt(params.get("page")!, 10) || 1;
	const size = parseInt(params.get("per_page")!, 10) || count;
	if (paged ? link !== undefined || count === 0 || page * size >= total : count >= total) return;
	params.set(paged ? "page" : "per_page", paged ? String(page + 1) : "100");
	return [url.href, !paged];
}
