import type { Fetch, RequestOptions } from "../../types/endpoint.js";
import type { HubletResponse, Log } from "../../types/request.js";
import { RequestError, redactUrl } from "../common/errors.js";
import { originOf } from "../common/url.js";
import { stringifyJson } from "./json.js";
import { warnOnce } from "../common/log.js";
import { toHubletResponse } from "./response.js";
import { describeInvalidRequest, isValidHeader } from "./request-checks.js";
import { failureOf } from "./request-failures.js";
import { untilAborted } from "../common/race.js";
import { isStream } from "./replayable.js";
import { linkSignals } from "./linked-signal.js";
import { sameRoute } from "./route-of.js";
import type { Call, ProxyFor, Send } from "./stage-types.js";

/*
The kernel's stages of the request pipeline (lib/http/pipeline.ts composes them): the origin
guard and one attempt. Retries are a feature, which the kernel does not import.

ky does less here than its name suggests: it builds and checks the request and runs its hooks,
but the response comes from `request.fetch` through a beforeRequest hook, since ky's own `fetch`
option would first clone the request for retries that it does not own (a Request and an
AbortSignal more per call, 285 k instructions). This file and ky are dist/transport.js, a file of
its own loaded at the first request (http/pipeline.ts), so that a program parses them only then.

ky is used through its public API only, and bundled as ky ships it: what the attempt relies on
(the hook's short-circuit, and what ky does with a body, a signal and a timeout) is tested in
test/ky-contract.test.js. Its own `timeout` is not used: it does not cover a hook's answer, and
without the hook it would end at the headers, where `request.timeout` covers the body too. Nor
its `parseJson`, which only ky's `.json()` reads: the response is read in http/response.ts, from
what `request.fetch` gave, which may be another realm's. Which ky, and why (1.0.1, on measured
figures): docs/development.md, "Which ky".
*/

type Ky = typeof import("ky").default;
let kyModule: Promise<Ky> | undefined;
const loadKy = () => (kyModule ??= import("ky").then((module) => module.default));

/** JSON for plain objects and arrays (BigInts as numbers); anything fetch takes as a body is sent as it is. */
function serializeBody(request: RequestOptions): BodyInit | undefined {
	const body = request.body;
	if (body === undefined) return undefined;
	if (typeof body === "string" || body instanceof ArrayBuffer || ArrayBuffer.isView(body)) return body as BodyInit;
	if (body instanceof Blob || body instanceof FormData || body instanceof URLSearchParams || isStream(body)) {
		return body as BodyInit;
	}
	try {
		return stringifyJson(body);
	} catch (error) {
		// A local error: the message names the route, nothing is sent, and it is never retried.
		const reason = error instanceof Error ? error.message.split("\n")[0] : String(error);
		throw new RequestError(`The body of ${request.method} ${redactUrl(request.url)} cannot be sent as JSON: ${reason}`, 400, {
			request,
			code: "INVALID_REQUEST",
		});
	}
}

/**
The attempt stage: ky is loaded on the first request, and taken from a variable after that.
`proxyFor` (the proxy feature) names the `dispatcher` for the global fetch, when a proxy applies.
*/
export function attemptWith(log: Log, proxyFor?: ProxyFor): Send {
	return (request, call) =>
		ky ? attempt(ky, request, call, log, proxyFor) : loadKy().then((loaded) => attempt((ky = loaded), request, call, log, proxyFor));
}

let ky: Ky | undefined;

/**
One attempt. `request.fetch` is called exactly as @octokit/request calls it,
`fetch(url, { method, headers, body, redirect, signal, duplex? })` with a plain headers object
and the body as given, whatever ky does inside: proxies (`dispatcher`) and test fakes depend on
that shape. ky builds and checks the request (an invalid URL throws here, before anything is
sent), then hands over to that call; the body and headers stay out of ky's `Request`, so ky
never copies or tees them. `request.timeout` covers the whole response, body included.
*/
async function attempt(ky: Ky, request: RequestOptions, call: Call, log: Log, proxyFor: ProxyFor | undefined): Promise<HubletResponse<unknown>> {
	// The timeout was checked where the call's options were read (call.ts).
	const callerSignal = call.signal;
	const linked = linkSignals(callerSignal, call.timeout);
	let unread = false;
	try {
		const response = await exchange(ky, request, call, log, proxyFor, linked.deadline, linked.signal);
		// A body handed over unread (parseSuccessResponseBody: false) is read later under the signal.
		unread = response.data instanceof ReadableStream;
		return response;
	} finally {
		if (!unread) linked.release();
	}
}

async function exchange(ky: Ky, request: RequestOptions, call: Call, log: Log, proxyFor: ProxyFor | undefined, deadline: AbortSignal | undefined, signal: AbortSignal | undefined): Promise<HubletResponse<unknown>> {
	const options = request.request ?? {};
	const callerSignal = call.signal;
	const body = serializeBody(request);
	const headers: Record<string, string> = {};
	for (const name of Object.keys(request.headers)) {
		const value = request.headers[name];
		if (value === undefined) continue;
		headers[name] = String(value);
		// Checked here rather than by ky's Request, whose Headers copies cost more than two
		// regular expressions, and whose message could not name the option at fault.
		if (!isValidHeader(name, headers[name])) {
			throw new RequestError(describeInvalidRequest(request, undefined), 400, { request, code: "INVALID_REQUEST" });
		}
	}
	const init: RequestInit & { duplex?: "half"; dispatcher?: object } = { method: request.method, headers, body, redirect: options.redirect, signal };
	// Node's fetch needs `duplex` for a streamed body; @octokit/request sets it for every body
	// but the empty one of a PUT or PATCH without parameters.
	if (request.body) init.duplex = "half";
	const fetch = (call.fetch ?? globalThis.fetch) as Fetch;
	// A custom fetch is the caller's whole transport; only the global one is routed through a proxy.
	const routing = call.fetch ? undefined : proxyFor?.(request, call);
	const route = routing && (await routing);
	if (route) init.dispatcher = route.dispatcher;
	// A failure through a proxy says so, since the proxy may be what failed.
	const failed = (error: unknown) => {
		const failure = failureOf(error, request, callerSignal, deadline);
		if (route && failure instanceof RequestError) failure.message += ` (through the proxy ${route.proxy})`;
		return failure;
	};

	let pending: Promise<Response>;
	let fetched: Response | undefined;
	try {
		// ky would accept other schemes, and fetch refuse them only once called ("unknown scheme").
		if (!/^https?:\/\//i.test(request.url)) throw new TypeError("not http or https");
		pending = ky(request.url, {
			method: request.method,
			...(options.redirect ? { redirect: options.redirect } : {}),
			retry: 0,
			throwHttpErrors: false,
			timeout: false,
			// ky's documented way to supply the response: a beforeRequest hook that returns one.
			// Its `fetch` option would also do, but ky first clones the request for retries that
			// p-retry owns here: a Request and an AbortSignal more per call (285 k instructions).
			// ky takes the hook's answer only if it is this realm's Response; another fetch's
			// (undici's own, behind a proxy) is kept aside and used as it is.
			hooks: {
				beforeRequest: [
					async () => {
						// Read as a Response; types/endpoint.d.ts's FetchResponse is what is read of it.
						fetched = (await fetch(request.url, init)) as Response;
						return fetched instanceof Response ? fetched : new Response(null);
					},
				],
			},
		});
	} catch (error) {
		throw new RequestError(describeInvalidRequest(request, error), 400, { request, code: "INVALID_REQUEST" });
	}
	let response: Response;
	try {
		await untilAborted(pending, signal);
		response = fetched!;
	} catch (error) {
		throw failed(error);
	}
	try {
		return await toHubletResponse(response, request, log, signal);
	} catch (error) {
		if (error instanceof RequestError) throw error;
		// The body broke off (truncated, connection reset), timed out, or the caller aborted mid-body.
		throw failed(error);
	}
}

/**
The origin guard: a request whose `request.credentialsOrigin` names another origin than its
URL's is sent without its `authorization` header, as fetch does on a cross-origin redirect.
paginate sets it to the first page's origin, since the auth hook would otherwise send the token
wherever a `Link` header points; the first time, a warning says so.
*/
export function withOrigin(next: Send, log: Log): Send {
	return (request, call) => {
		const origin = request.request?.credentialsOrigin;
		if (typeof origin !== "string" || request.headers.authorization === undefined) return next(request, call);
		const target = originOf(request.url);
		if (target === undefined || target === origin) return next(request, call);
		warnOnce(log, `[hublet] paginate followed a link from ${origin} to ${target}: its authorization header was not sent there`);
		const { authorization: _dropped, ...headers } = request.headers;
		return next(sameRoute(request, { ...request, headers }), call);
	};
}
