import type { EndpointOptions, RequestParameters } from "../../../types/endpoint.js";
import type { HubletResponse, Log, RequestInterface } from "../../../types/request.js";
import { RequestError } from "../../common/errors.js";
import { warnOnce } from "../../common/log.js";
import { originOf, withoutBaseUrl } from "../../common/url.js";
import { templatePath } from "../../http/route-of.js";

export type MapFunction = (response: Page, done: () => void) => unknown;
export type Target = string | RequestParameters | ((params?: RequestParameters) => Promise<Page>);
type Page = HubletResponse<any>;

/** What pagination needs from its client; read at call time, so a plugin may replace `request`. */
export interface PaginateHost {
	request: RequestInterface;
	log: Log;
}

/** One walk over the pages of a call: each call gives the next page, or the end. */
export type Walk = () => IteratorResult<Page, undefined> | Promise<IteratorResult<Page, undefined>>;

/**
What the pages after the first need: page 1's URL, the route as warnings name it, a later page's
options, and a walk's loop guard.
*/
interface Plan {
	url: string;
	/** `GET /search/issues`: the route, not the URL, so that one warns once per route. */
	route: string;
	/** The request options of the page at `url`: the call's method, headers and per-call `request` options. */
	page(url: string): EndpointOptions;
	/**
	A walk's guard, made when page 1 arrives with a next link: told of each page's next link as it
	arrives, it says whether following it would go back to a page already read.
	*/
	guard(): (next: string) => boolean;
}

/**
The walks of `client.paginate(…)` and `client.paginate.iterator(…)` (`name`) over `host.request`,
by @octokit/plugin-paginate-rest's algorithm: read a page, normalise it, follow its
`Link: rel="next"`. Hooks, auth and retries apply to every page. The front (index.ts) copied the
arguments at the call, so later changes to `params` do not leak in; it makes the iterators, whose
turns it keeps, and `client.paginate()` steps one walk with `collect`. A target that is no route
rejects every step of every walk with the same error; input that cannot be sent rejects each step
as the first page's request does.

Each walk's steps give the next page, or the end. A failed page is not an end: the error rejects
that step, and the next one asks for the same page again, as @octokit/plugin-paginate-rest does
(its `url` moves on only after a page arrives). Only the last page, a link back to a page already
read or the first page's 409 end the walk. The walk is written in here rather than apart, as it
runs with every call.
*/
export function createPaginate({ request, log }: PaginateHost, name: string, target: any, params?: RequestParameters) {
	const isMethod = typeof target === "function";
	// A route string, request options with a `url`, or an endpoint method: anything else
	// (`client.rest.issues.listForRepos`, a typo, is `undefined`) would send `GET /` and come back as
	// a misleading 404. Its error is made once, for all the call's walks.
	const refused =
		!(isMethod
			? typeof target.endpoint?.merge === "function"
			: (typeof target === "string" && target.trim()) || (typeof target?.url === "string" && !Array.isArray(target))) &&
		badTarget(name, target);
	// A copy of its own all the same: a function in place of `params` is the map function, and no params.
	const own = { ...params };
	// The plan is worked out once for all the call's walks, when a page is to follow a link (or a page
	// 1 that is an empty repository's, or a warning, needs its URL or route): a one-page walk merges
	// nothing of its own, as page 1's request did that.
	let planned: Plan | undefined;
	const plan = () => (planned ??= planOf(request, target, own));
	return (): Walk => {
		// The next page's URL: none before the first page arrived, "" once the walk ended.
		let url: string | undefined;
		// Pages yielded, for the message of a failure.
		let read = 0;
		// Made when the first page arrives with a next link: a one-page walk reads no URL.
		let guard: ReturnType<Plan["guard"]> | undefined;
		// Whether the next link goes back to a page already read.
		let back: boolean | undefined;
		return async () => {
			while (url !== "") {
				if (back) {
					warnOnce(log, `[hublet] paginate stopped at a link to a page it had already read, for "${plan().route}"`);
					break;
				}
				let response: Page;
				try {
					// A refused target's error in place of page 1's request, as every page 1's failure.
					if (refused) throw refused;
					if (guard) response = await request(plan().page(url!));
					// Page 1 is sent exactly as a direct call would send it (an endpoint method validates first).
					else response = await (isMethod ? target(own) : request(target, own));
				} catch (error) {
					response = failedPage(error, guard ? read + 1 : 0, plan);
				}
				const link = nextLink(response.headers.link);
				const [page, next, restart] = Array.isArray(response.data)
					? [response, link]
					: unwrap(response, link, log, plan);
				// Only a page that arrived counts as read.
				if (next) back = (guard ??= plan().guard())(next);
				url = next || "";
				if (!restart) {
					read++;
					return { done: false, value: page };
				}
			}
			url = "";
			return { done: true, value: undefined };
		};
	};
}

/**
A page after the first is at its link, which may point at another origin, where the token must not
go. A link that starts with the first page's URL up to its path's first `/` has its origin: the
parser reads the same bytes up to there, and the host ended before that `/`, unless the host was
still to come (`https:///h`, and a `\\` or a tab, which the parser skips or drops). Any other link
carries `credentialsOrigin`, and the transport compares origins with URL.
*/
function planOf(request: RequestInterface, target: any, own: RequestParameters): Plan {
	const merged = typeof target === "function" ? target.endpoint.merge(own) : request.endpoint.merge(target, own);
	const { method, headers, url, request: options } = request.endpoint.parse(merged);
	// Where the host starts, and where the path does.
	const host = url.indexOf("://") + 3;
	const path = url.indexOf("/", host);
	const origin = host > 3 && path > host && !"\\\t\n\r".includes(url[host]) && url.slice(0, path + 1);
	return {
		url,
		route: `${method} ${templatePath(withoutBaseUrl(String(merged.url), String(merged.baseUrl)))}`,
		page: (link) => ({
			method,
			headers,
			url: link,
			request: origin && link.startsWith(origin) ? options : { ...options, credentialsOrigin: originOf(url) },
		}),
		/*
		A `Link` back to a page already read would loop for ever: the walk ends there. A numbered link
		must go past the last numbered page read (to go back to `/repositories/1/…?page=1` after
		`/repos/o/r/…` is going back). A page numbered past 1 can come back only as a numbered link,
		which that stops; so only the others (page 1, cursors, `since=`) keep a key to compare links
		with, and a numbered walk of any length keeps one. The walk stops at its next step, after
		yielding the page. In here, as only a walk past page 1 makes one.
		*/
		guard() {
			const seen = new Set<string>();
			// The last page number read: at least 1 once the first page arrived.
			let current = 0;
			// The key and page number of the page that arrived: page 1's first, then each link followed.
			let here = pageKey(url);
			return (next) => {
				const [key, number] = here;
				if (!(number! > 1)) seen.add(key);
				current = number ?? (current || 1);
				here = pageKey(next);
				return seen.has(here[0]) || here[1]! <= current;
			};
		},
	};
}

/**
Every page's `data`, or what `mapFn` made of it, until `done()`: what `client.paginate(target,
params, mapFn)` resolves with, from the steps of one walk. A function in place of `params` is the
map function.
*/
export async function collect(step: Walk, params: unknown, mapFn?: MapFunction): Promise<unknown[]> {
	const map = typeof params === "function" ? (params as MapFunction) : mapFn;
	const results: unknown[] = [];
	for (let page; !(page = await step()).done;) {
		let stop;
		const value = map ? map(page.value, () => (stop = true)) : page.value.data;
		// What `results.concat(value)` gives, without copying `results` on every page.
		for (const item of ([] as unknown[]).concat(value)) results.push(item);
		if (stop) break;
	}
	return results;
}

// Apart from the check, so that its text is compiled only when a target is refused.
function badTarget(name: string, target: unknown): TypeError {
	// What was given, by its type; `null`, a number and the like as they print.
	const kinds: Record<string, unknown> = {
		string: "an empty string",
		function: "a function that is not an endpoint method",
		object: target && "options without a url",
	};
	const got = Array.isArray(target) ? "an array" : kinds[typeof target] || String(target);
	return new TypeError(
		`${name} expects a route such as "GET /repos/{owner}/{repo}/issues" or an endpoint method such as ` +
			`client.rest.issues.listForRepo, got ${got}`,
	);
}

/*
409 is how GitHub answers a list call on an empty repository: nothing to list. Only the first page
(`page` 0) can say so; a later failure rejects, naming its page, so that part of a list is never
taken for all of it. Nothing moved on: the next step asks for this page again. Apart from the walk,
so that it is compiled only when a page fails.
*/
function failedPage(error: any, page: number, plan: () => Plan): Page {
	if (!page && error?.status === 409) return { status: 200, url: plan().url, headers: {}, data: [] };
	if (page && error instanceof RequestError) error.message += ` (paginate: page ${page}, ${error.request.url})`;
	throw error;
}

/**
A page whose `data` is not an array: the page to yield, its next link, and whether to drop it and
read the comparison again from its start (`restart`). Apart from the walk, so that it is compiled
only for such a page.

Compare-commits (`{total_commits, commits, …}`) may answer without a `Link` header; its next page is
then worked out from `total_commits`, as octokit does. Unlike octokit, a first answer without paging
parameters is not taken as page 1: GitHub then returns the *last* 250 commits, and going on at
`page=2` would repeat some commits and skip others. Such an answer, when it is not the whole
comparison, is dropped and the comparison read as `per_page=100` pages (GitHub's maximum), in order:
one extra request, only for comparisons over 250 commits.

Lists wrapped in an object (`{total_count, items}`, `{total_count, repository_selection,
repositories}`, `{total_count, workflow_runs}`, …) become the list itself: the first key other
than the counts, which are set on the array as octokit sets them. A wrapper with a `url` is a
resource, not a list (the combined status of a ref, a comparison), and is left alone. 204 (no
body) gives `[]`. The parsed body is ours, so the response is changed in place.
*/
function unwrap(response: Page, link: string | undefined, log: Log, plan: () => Plan): [Page, string?, boolean?] {
	const { data, url } = response;
	if (!data) return [{ ...response, data: [] }, link];
	const total = data.total_commits;
	// total_commits is the server's number: only a count (not 1e400, a fraction or a negative) is used.
	// A custom fetch's response may have a `url` that does not parse: no next page then.
	if (Number.isSafeInteger(total) && total >= 0 && Array.isArray(data.commits) && URL.canParse(url)) {
		const next = new URL(url);
		const params = next.searchParams;
		const count = data.commits.length;
		const paged = params.has("page") || params.has("per_page");
		const page = parseInt(params.get("page")!, 10) || 1;
		const size = parseInt(params.get("per_page")!, 10) || count;
		if (!(paged ? link !== undefined || !count || page * size >= total : count >= total)) {
			if (!paged) {
				params.set("per_page", "100");
				return [response, next.href, true];
			}
			params.set("page", String(page + 1));
			link = next.href;
		}
	}
	if (typeof data === "object" && ("total_count" in data || "total_commits" in data) && !("url" in data)) {
		// Keys that describe an object-wrapped list rather than hold it, in octokit's order.
		const counts = ["incomplete_results", "repository_selection", "total_count", "total_commits"];
		const key = Object.keys(data).find((name) => !counts.includes(name));
		const list = key === undefined ? [] : data[key];
		if (Array.isArray(list)) {
			// The counts as octokit sets them: the first two when given, the totals always.
			for (const name of counts) if (data[name] !== undefined || name[0] === "t") (list as any)[name] = data[name];
			// Code written for @octokit/rest v16 reads `response.data.items`: it still works, and says how to
			// move on. A key an array has already (`0`, `length`, `constructor`) is not shadowed.
			if (key !== undefined && !(key in list)) {
				Object.defineProperty(list, key, {
					configurable: true,
					get() {
						warnOnce(
							log,
							`[hublet] "response.data.${key}" is deprecated for "${plan().route}". ` +
								`Get the results directly from "response.data"`,
						);
						return Array.from(list);
					},
				});
			}
			response.data = list;
		}
	}
	return [response, link];
}

/**
The URL of the first `<URL>; rel="next"` entry of a `Link` header, as @octokit/plugin-paginate-rest
reads it, or `undefined`. Anything that is not a string (a header absent, or a list a custom fetch
put there) has none. The pattern cannot cross a `<` or `>`, so its work stays linear in the
header's length whatever the server sends.
*/
export function nextLink(header: unknown): string | undefined {
	return typeof header === "string" ? /<([^<>]+)>;\s*rel="next"/.exec(header)?.[1] : undefined;
}

/**
A page's URL as the server reads it, from the string (parsing each link with URL and
URLSearchParams would wake Node's URL code for every walk): its key, and its `page` number (a
positive integer, else `undefined`). Spellings of one page give one key: the scheme and host in
lower case, path segments and query parameters with their percent-encoding made uniform (`+` is a
space in the query), empty parameters (`&&`, a trailing `&`) dropped, the rest sorted, a missing
`page` read as 1, and no fragment.
*/
export function pageKey(url: string): [key: string, page: number | undefined] {
	// `%69tems` and `items`, `%2f` and `%2F`: one spelling of a part, or the part itself where it does not
	// decode (a stray `%`, or a lone surrogate from a custom fetch's header). In here, as only this uses it.
	const uniform = (part: string) => {
		try {
			return encodeURIComponent(decodeURIComponent(part));
		} catch {
			return part;
		}
	};
	const [head, ...query] = url.split("#")[0].split("?");
	let page: string | undefined;
	const params = query
		.join("?")
		.split("&")
		.map((param) => {
			const [name, ...parts] = param.replaceAll("+", " ").split("=").map(uniform);
			const value = parts.join("%3D");
			if (name === "page") page ??= value;
			return `${name}=${value}`;
		})
		.filter((param) => param !== "=");
	if (page === undefined) params.push("page=1");
	// `https:`, "" and the host come first: `HTTP://Example.com` is `http://example.com`.
	const path = head.split("/").map((part, index) => uniform(index < 3 ? part.toLowerCase() : part));
	const number = Number(page);
	return [
		`${path.join("/")}?${params.sort().join("&")}`,
		String(number) === page && Number.isSafeInteger(number) && number > 0 ? number : undefined,
	];
}
