// A GitHub-like server on 127.0.0.1 for conditional requests (issue 14): it honours
// `If-None-Match` and `If-Modified-Since` with a 304, and counts a fake primary rate limit
// down for every other answer, as GitHub does (a 304 is free).
import { createHash } from "node:crypto";
import { startServer } from "./loopback.js";

export const RATE_LIMIT = 5000;

/**
Starts the server. `resources` maps a path (with its query) to what a GET answers:
`{ body, link?, validators? }`, where `body` may be a function of the `authorization`
header (so two tokens see two bodies) and `validators` is `"etag"` (the default),
`"last-modified"`, `"both"` or `"none"`; `headers` are sent with it. `failNext(path, status,
headers?, message?)` answers the next request for a path with that status once. Writes answer 201 with an `ETag` of their own, and the body
of `resources["POST /path"]` when there is one.
*/
export async function startEtagServer(resources = {}) {
	const state = { remaining: RATE_LIMIT, requestCount: 0, failures: new Map(), modified: new Map() };
	const rateHeaders = () => ({
		"x-ratelimit-limit": String(RATE_LIMIT),
		"x-ratelimit-remaining": String(state.remaining),
		"x-ratelimit-used": String(RATE_LIMIT - state.remaining),
		"x-ratelimit-reset": "1900000000",
		"x-github-request-id": `REQ-${++state.requestCount}`,
	});

	const server = await startServer((request, response) => {
		const failure = state.failures.get(request.url);
		if (failure) {
			state.failures.delete(request.url);
			response.writeHead(failure.status, { "content-type": "application/json", ...rateHeaders(), ...failure.headers });
			return response.end(JSON.stringify({ message: failure.message ?? `status ${failure.status}` }));
		}
		if (request.method !== "GET") {
			state.remaining -= 1;
			const answer = resources[`${request.method} ${request.url}`];
			const body = answer ? answer.body : { method: request.method };
			response.writeHead(201, { "content-type": "application/json; charset=utf-8", etag: `"write-${state.requestCount}"`, ...rateHeaders() });
			return response.end(JSON.stringify(typeof body === "function" ? body() : body));
		}
		const resource = resources[request.url];
		if (!resource) {
			state.remaining -= 1;
			response.writeHead(404, { "content-type": "application/json", ...rateHeaders() });
			return response.end(JSON.stringify({ message: "Not Found" }));
		}
		const who = request.headers.authorization ?? "anonymous";
		const body = typeof resource.body === "function" ? resource.body(who) : resource.body;
		const text = typeof body === "string" ? body : JSON.stringify(body);
		const validators = resource.validators ?? "etag";
		const etag = `W/"${createHash("sha256").update(`${who}\n${text}`).digest("hex").slice(0, 32)}"`;
		if (!state.modified.has(text)) state.modified.set(text, new Date(Date.UTC(2026, 0, 1) + state.modified.size * 1000).toUTCString());
		const lastModified = state.modified.get(text);
		const headers = {
			"content-type": resource.contentType ?? "application/json; charset=utf-8",
			...(validators === "etag" || validators === "both" ? { etag } : {}),
			...(validators === "last-modified" || validators === "both" ? { "last-modified": lastModified } : {}),
			...(resource.link ? { link: resource.link } : {}),
			...resource.headers,
			vary: "Accept, Authorization",
		};
		const notModified =
			validators !== "none" &&
			(request.headers["if-none-match"] !== undefined
				? request.headers["if-none-match"] === etag && validators !== "last-modified"
				: request.headers["if-modified-since"] === lastModified && validators !== "etag");
		if (notModified) {
			const { "content-type": _type, ...kept } = headers;
			response.writeHead(304, { ...kept, ...rateHeaders() });
			return response.end();
		}
		state.remaining -= 1;
		response.writeHead(200, { ...headers, ...rateHeaders() });
		response.end(text);
	});

	return {
		...server,
		state,
		resources,
		failNext: (path, status, headers = {}, message = undefined) => state.failures.set(path, { status, headers, message }),
		/** The recorded requests for one path (with its query). */
		requestsTo: (path) => server.requests.filter((request) => request.url === path),
	};
}

/** A store over a `Map` that records every call, so a test can see what was stored. */
export function recordingStore() {
	const map = new Map();
	const calls = [];
	return {
		map,
		calls,
		get(key) {
			calls.push(["get", key]);
			return map.get(key);
		},
		set(key, value) {
			calls.push(["set", key]);
			map.set(key, value);
			return true;
		},
		delete(key) {
			calls.push(["delete", key]);
			return map.delete(key);
		},
	};
}
