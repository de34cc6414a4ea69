import type {
	EndpointOptions,
	MergedOptions,
	RequestHeaders,
	RequestParameters,
	RequestRequestOptions,
} from "../../../types/endpoint.js";
import type { HubletResponse, Log, RequestInterface } from "../../../types/request.js";
import { RequestError } from "../../common/errors.js";
import { warnOnce } from "../../common/log.js";
import { originOf, withoutBaseUrl } from "../../common/url.js";
import { nextLink } from "./link.js";
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
	/** Any later page: the merged options of the call, with the page's URL. */
	next(url: string): Promise<Page>;
	/** The first page's URL, for the empty page of a 409. */
	url: string;
	/** `GET /search/issues`: the route as the deprecation message names it. */
	label: string;
}

// Keys that describe an object-wrapped list rather than hold it.
const META_KEYS = new Set(["incomplete_results", "repository_selection", "total_count", "total_commits"]);
// GitHub's documented maximum page size, used when a comparison must be re-read in pages.
const COMPARE_PAGE_SIZE = "100";

/**
Builds `client.paginate(routeOrMethodOrOptions, params?, mapFn?)` and
`client.paginate.iterator(…)`, as @octokit/plugin-paginate-rest does, over `client.request`:
hooks, auth and retries apply to every page.
*/
export function createPaginate(host: PaginateHost): Paginate {
	const pages = (name: string, target: Target, params?: RequestParameters): AsyncIterable<Page> => {
		// The options are read now, as octokit does, so later changes to `params` do not leak
		// in; a bad input rejects on the first `next()` instead of throwing here.
		let plan: Plan | undefined;
		let failure: unknown;
		try {
			checkTarget(target, name);
			plan = planOf(host, target, params);
		} catch (error) {
			failure = error;
		}
		return { [Symbol.asyncIterator]: () => walk(host.log, plan, failure) };
	};
	const iterator = (target: Target, params?: RequestParameters) => pages("paginate.iterator()", target, params);

	const paginate = async (target: Target, params?: RequestParameters | MapFunction, mapFn?: MapFunction) => {
		if (typeof params === "function") {
			mapFn = params;
			params = undefined;
		}
		const results: unknown[] = [];
		for await (const page of pages("paginate()", target, params)) {
			let stop = false;
			const value = mapFn ? mapFn(page, () => (stop = true)) : page.data;
			// What `results.concat(value)` would give, without copying `results` on every page.
			if (Array.isArray(value)) for (let index = 0; index < value.length; index++) results.push(value[index]);
			else results.push(value);
			if (stop) break;
		}
		return results;
	};

	return Object.assign(paginate, { iterator });
}

/**
A TypeError unless `target` is a route string, request options with a `url`, or an endpoint
method: anything else (`client.rest.issues.listForRepos`, a typo, is `undefined`) would send
`GET /` and come back as a misleading 404.
*/
function checkTarget(target: unknown, name: string): void {
	const got = targetProblem(target);
	if (!got) return;
	throw new TypeError(
		`${name} expects a route such as "GET /repos/{owner}/{repo}/issues" or an endpoint method such as ` +
			`client.rest.issues.listForRepo, got ${got}`,
	);
}

function planOf(host: PaginateHost, target: Target, params: RequestParameters | undefined): Plan {
	const own = params === undefined || params === null ? undefined : { ...params };
	let merged: MergedOptions;
	let first: () => Promise<Page>;
	if (typeof target === "function") {
		merged = target.endpoint.merge(own);
		first = () => target(own);
	} else if (typeof target === "string") {
		merged = host.request.endpoint.merge(target, own);
		first = () => host.request(target, own);
	} else {
		const options = { ...target } as EndpointOptions;
		merged = host.request.endpoint.merge(options);
		first = () => host.request(options);
	}
	const { method, url, headers, request } = host.request.endpoint.parse(merged);
	const baseUrl = String(merged.baseUrl ?? "");
	// The route, not the URL: what warns once (a list under an old key) warns once per route.
	const path = templatePath(withoutBaseUrl(String(merged.url ?? url), baseUrl));
	// `request` carries the per-call signal, fetch, timeout and retry settings: every page keeps
	// them. `credentialsOrigin` tells the transport not to send the token to another origin
	// that a `Link` header points at.
	const later: { method: typeof method; headers: RequestHeaders; request: RequestRequestOptions } = {
		method,
		headers,
		request: { ...request, credentialsOrigin: originOf(url) },
	};
	return {
		first,
		next: (pageUrl) => host.request({ ...later, url: pageUrl }),
		url,
		label: `${method} ${path}`,
	};
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
	let first = true;
	let pages = 0;
	// A `Link` that points back at a page already read would loop for ever: the walk ends there.
	// Pages are compared by what the server reads (pageKey), so the first page under another
	// spelling (`?page=1` added, its query reordered or encoded otherwise) is the same page.
	const seen = new Set<string>();
	let current = 0;
	const done = (): IteratorResult<Page> => {
		url = undefined;
		return { done: true, value: undefined };
	};

	const step = async (): Promise<IteratorResult<Page>> => {
		if (!plan) throw failure;
		while (url) {
			const key = pageKey(url);
			// A link whose page number is not past the page just read goes back (to `/repositories/1/…?page=1`
			// after `/repos/o/r/…`, say): cursors and `since` carry no page number and are not compared.
			const number = pageNumber(url);
			if (seen.has(key) || (number !== undefined && number <= current)) {
				warnOnce(log, `[hublet] paginate stopped at a link to a page it had already read, for "${plan.label}"`);
				return done();
			}
			let response: Page;
			try {
				response = first ? await plan.first() : await plan.next(url);
			} catch (error) {
				// 409 is how GitHub answers a list call on an empty repository: nothing to list. Only
				// the first page can say so; a later failure rejects, naming its page, so that part of
				// a list is never taken for all of it. Nothing above moved on: the next `next()` asks
				// for this page again.
				if (first && (error as { status?: unknown } | null)?.status === 409) {
					const empty = { status: 200, url, headers: {}, data: [] };
					url = undefined;
					return { done: false, value: empty };
				}
				if (!first && error instanceof RequestError)
					error.message += ` (paginate: page ${pages + 1}, ${error.request.url})`;
				throw error;
			}
			// Only a page that arrived counts as read.
			seen.add(key);
			current = number ?? Math.max(current, 1);
			first = false;
			const comparison = comparisonCursor(response);
			if (comparison?.restart) {
				url = comparison.restart;
				continue;
			}
			url = nextLink(response.headers.link) ?? comparison?.next;
			pages++;
			return { done: false, value: normalize(response, log, plan.label) };
		}
		return done();
	};

	// Each call waits for the one before it, whatever that one's outcome.
	let queue: Promise<unknown> = Promise.resolve();
	const inTurn = (run: () => Promise<IteratorResult<Page>>): Promise<IteratorResult<Page>> => {
		const result = queue.then(run);
		queue = result.catch(() => undefined);
		return result;
	};
	return {
		next: () => inTurn(step),
		return: () => inTurn(async () => done()),
		[Symbol.asyncIterator]() {
			return this;
		},
	};
}

/**
A page's URL as the server reads it: origin, path with percent-encoding made uniform, and the
query's parameters decoded, sorted and re-encoded, empty ones (a trailing `&`) dropped and a
missing `page` read as 1. A URL that does not parse is its own key.
*/
function pageKey(url: string): string {
	let parsed: URL;
	try {
		parsed = new URL(url);
	} catch {
		return url;
	}
	const path = parsed.pathname
		.split("/")
		.map((segment) => {
			try {
				return encodeURIComponent(decodeURIComponent(segment));
			} catch {
				return segment;
			}
		})
		.join("/");
	const query = [...parsed.searchParams].filter(([name, value]) => name !== "" || value !== "");
	if (!parsed.searchParams.has("page")) query.push(["page", "1"]);
	const order = (a: string, b: string) => (a < b ? -1 : Number(a > b));
	query.sort(([a, x], [b, y]) => order(a, b) || order(x, y));
	return `${parsed.origin}${path}?${new URLSearchParams(query)}`;
}

/** What `target` is instead of a route, request options or an endpoint method; "" when it is one. */
function targetProblem(target: unknown): string {
	if (typeof target === "string") return /\S/.test(target) ? "" : "an empty string";
	if (typeof target === "function") {
		if (typeof (target as EndpointMethodLike).endpoint?.merge === "function") return "";
		return "a function that is not an endpoint method";
	}
	if (target === null) return "null";
	if (Array.isArray(target)) return "an array";
	if (typeof target === "object")
		return typeof (target as RequestParameters).url === "string" ? "" : "options without a url";
	return String(target);
}

/** A URL's `page` number, or `undefined` when it has none. */
function pageNumber(url: string): number | undefined {
	let page: string | null;
	try {
		page = new URL(url).searchParams.get("page");
	} catch {
		return undefined;
	}
	return page !== null && /^[1-9]\d{0,8}$/.test(page) ? Number(page) : undefined;
}

/**
Lists wrapped in an object (`{total_count, items}`, `{total_count, repository_selection,
repositories}`, `{total_count, workflow_runs}`, …) become the list itself: the first key
other than the counts. The counts are set on the array. A wrapper with a `url` is a
resource, not a list (the combined status of a ref, a comparison), and is left alone.
204 (no body) gives `[]`. The parsed body is ours, so the response is changed in place.
*/
function normalize(response: Page, log: Log, label: string): Page {
	const data = response.data;
	if (!data) return { ...response, data: [] };
	if (typeof data !== "object" || Array.isArray(data)) return response;
	if (!("total_count" in data || "total_commits" in data) || "url" in data) return response;

	const wrapper: Record<string, any> = data;
	const keys = Object.keys(wrapper);
	const namespaceKey = keys.find((key) => !META_KEYS.has(key));
	const list: Record<string, unknown> = namespaceKey === undefined ? [] : wrapper[namespaceKey];
	if (!Array.isArray(list)) return response;
	// The same keys as octokit sets, in its order: the two counts always, even when undefined.
	if (wrapper.incomplete_results !== undefined) list.incomplete_results = wrapper.incomplete_results;
	if (wrapper.repository_selection !== undefined) list.repository_selection = wrapper.repository_selection;
	list.total_count = wrapper.total_count;
	list.total_commits = wrapper.total_commits;
	if (namespaceKey !== undefined) {
		// Code written for @octokit/rest v16 reads `response.data.items`: it still works, and says how to move on.
		Object.defineProperty(list, namespaceKey, {
			configurable: true,
			get() {
				warnOnce(
					log,
					`[hublet] "response.data.${namespaceKey}" is deprecated for "${label}". Get the results directly from ` +
						`"response.data"`,
				);
				return Array.from(list);
			},
		});
	}
	response.data = list;
	return response;
}

/**
Compare-commits (`{total_commits, commits, …}`) may answer without a `Link` header; its
next page is then worked out from `total_commits`, as octokit does. Unlike octokit, a first
answer without paging parameters is not taken as page 1: GitHub then returns the *last* 250
commits, and going on at `page=2` would repeat some commits and skip others. Such an answer,
when it is not the whole comparison, is dropped and the comparison read as `per_page=100`
pages, in order (one extra request, only for comparisons over 250 commits).
*/
function comparisonCursor(response: Page): { next?: string; restart?: string } | undefined {
	const data = response.data;
	// total_commits is the server's number: only a count (not 1e400, a fraction or a negative) is used.
	if (
		!data ||
		typeof data !== "object" ||
		!(Number.isSafeInteger(data.total_commits) && data.total_commits >= 0) ||
		!Array.isArray(data.commits)
	) {
		return undefined;
	}
	let url: URL;
	try {
		url = new URL(response.url);
	} catch {
		return undefined;
	}
	const page = url.searchParams.get("page");
	const perPage = url.searchParams.get("per_page");
	const count = data.commits.length;
	if (page === null && perPage === null) {
		if (count >= data.total_commits) return undefined;
		url.searchParams.set("per_page", COMPARE_PAGE_SIZE);
		return { restart: url.href };
	}
	if (nextLink(response.headers.link) !== undefined || count === 0) return undefined;
	const pageNumber = Number.parseInt(page ?? "1", 10) || 1;
	const size = Number.parseInt(perPage ?? "", 10) || count;
	if (pageNumber * size >= data.total_commits) return undefined;
	url.searchParams.set("page", String(pageNumber + 1));
	return { next: url.href };
}
