import type { MockFailure, MockHeaders, MockPages, MockResponse } from "../../types/testing.js";

type Answer = MockResponse | MockFailure;

// Statuses that carry no body: `new Response()` refuses one.
const NO_BODY = new Set([101, 103, 204, 205, 304]);

// The `message` of GitHub's error bodies, for a failure whose handler gives no `data`.
const REASONS: Record<number, string> = {
	400: "Bad Request",
	401: "Bad credentials",
	403: "Forbidden",
	404: "Not Found",
	409: "Conflict",
	410: "Gone",
	422: "Validation Failed",
	429: "Too Many Requests",
	500: "Internal Server Error",
	502: "Bad Gateway",
	503: "Service Unavailable",
	504: "Gateway Timeout",
};

const RESPONSE_KEYS = new Set(["status", "headers", "data"]);

export const isPages = (handler: unknown): handler is MockPages =>
	typeof handler === "object" && handler !== null && "pages" in handler;

/** Throws at once on a handler that could never answer: a typo is caught where it was made. */
export function checkHandler(key: string, handler: unknown): void {
	const bad = (what: string) => new TypeError(`mockClient: the handler for "${key}" ${what}`);
	if (typeof handler === "function") return;
	if (typeof handler !== "object" || handler === null || Array.isArray(handler)) {
		throw bad(
			`is ${Array.isArray(handler) ? "an array" : String(handler)}: give { status?, headers?, data? }, { pages: ` +
				`[[…], …] } or a function`,
		);
	}
	if (isPages(handler)) {
		if (!Array.isArray(handler.pages) || handler.pages.some((page) => typeof page !== "object" || page === null)) {
			throw bad("has `pages` that is not a list of pages (each page a list, or a whole body)");
		}
		return;
	}
	checkAnswer(key, handler);
}

/** A response object as a handler gives or returns one: known keys, a status fetch can carry. */
function checkAnswer(key: string, answer: unknown): asserts answer is Answer {
	const bad = (what: string) => new TypeError(`mockClient: the handler for "${key}" ${what}`);
	if (typeof answer !== "object" || answer === null)
		throw bad(`returned ${String(answer)}: return { status?, headers?, data? }`);
	const unknown = Object.keys(answer).find((name) => !RESPONSE_KEYS.has(name));
	if (unknown !== undefined) throw bad(`has "${unknown}": a response has only status, headers and data`);
	const status = (answer as Answer).status;
	if (status !== undefined && !(Number.isInteger(status) && status >= 200 && status <= 599)) {
		throw bad(`has status ${String(status)}: give a status from 200 to 599`);
	}
}

/** The fetch `Response` for a handler's answer: JSON unless the data is text or binary. */
export function toResponse(key: string, answer: unknown): Response {
	checkAnswer(key, answer);
	const status = answer.status ?? 200;
	const headers = new Headers(headerEntries(answer.headers));
	let data = answer.data;
	if (data === undefined && status >= 400) data = { message: REASONS[status] ?? `HTTP ${status}` };
	let body: BodyInit | null = null;
	if (NO_BODY.has(status) || data === undefined) body = null;
	else if (typeof data === "string") {
		body = data;
		if (!headers.has("content-type")) headers.set("content-type", "text/plain; charset=utf-8");
	} else if (data instanceof ArrayBuffer || ArrayBuffer.isView(data)) {
		body = data as BodyInit;
		if (!headers.has("content-type")) headers.set("content-type", "application/octet-stream");
	} else {
		body = JSON.stringify(data);
		if (!headers.has("content-type")) headers.set("content-type", "application/json; charset=utf-8");
	}
	return new Response(body, { status, headers });
}

const headerEntries = (headers: MockHeaders | undefined): [string, string][] =>
	Object.entries(headers ?? {}).map(([name, value]) => [name, String(value)]);

/**
Page `n` of a pages handler, `n` read from the URL's `page` parameter as GitHub reads it, and
the URL of the next page while one remains (the same URL with `page=n+1`).
*/
export function pageOf(handler: MockPages, url: string): { answer: MockResponse; page: number; next?: string } {
	const target = new URL(url);
	const page = Math.max(1, Number.parseInt(target.searchParams.get("page") ?? "1", 10) || 1);
	const headers: MockHeaders = { ...handler.headers };
	let next: string | undefined;
	const last = handler.pages.length;
	if (page < last) {
		target.searchParams.set("page", String(page + 1));
		next = target.href;
		target.searchParams.set("page", String(last));
		headers.link = `<${next}>; rel="next", <${target.href}>; rel="last"`;
	}
	return { answer: { headers, data: (handler.pages[page - 1] ?? []) as MockResponse["data"] }, page, next };
}
