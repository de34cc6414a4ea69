import type { Fetch, RequestOptions } from "../../types/endpoint.js";
import type { HubletResponse, Log } from "../../types/request.js";
import { RequestError, redactUrl } from "../common/errors.js";
import { originOf } from "../common/url.js";
import { stringifyJson } from "./json.js";
import { warnOnce } from "../common/log.js";
import { toHubletResponse } from "./response.js";
import { describeInvalidRequest, fetchRefusal, isValidHeader } from "./request-checks.js";
import { failureOf } from "./request-failures.js";
import { untilAborted } from "../common/race.js";
import { isStream } from "./replayable.js";
import { linkSignals } from "./linked-signal.js";
import { sameRoute } from "./route-of.js";
import type { Call, FeatureStages, ProxyFor, Send, SendRequest, Stage } from "./stage-types.js";
import { readCall, type PerCallOption } from "./call.js";

/*
The request pipeline (composeSend, below, at a client's first request: lib/http/pipeline.ts), with
the kernel's own stages: the origin guard and one attempt. Retries are a feature, which the kernel
does not import.

The attempt calls fetch itself, as @octokit/request does: no HTTP library sits between Hublet
and fetch, since the pipeline's stages already own what one would do (retries, timeouts, errors)
and building a `Request` per call costs more than the rest of the attempt (docs/development.md,
"Why not ky"). What `new Request()` would refuse is refused here first (request-checks.ts), and
`request.timeout` covers the whole response, body included. This file is dist/transport.js, a
file of its own loaded at the first request (http/pipeline.ts), so that a program parses it only
then. test/transport-contract.test.js tests what the attempt promises.
*/

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
		throw new RequestError(
			`The body of ${request.method} ${redactUrl(request.url)} cannot be sent as JSON: ${reason}`,
			400,
			{
				request,
				code: "INVALID_REQUEST",
			},
		);
	}
}

/** The attempt stage. `proxyFor` (the proxy feature) names the global fetch's `dispatcher`, when a proxy applies. */
export function attemptWith(log: Log, proxyFor?: ProxyFor): Send {
	return (request, call) => attempt(request, call, log, proxyFor);
}

/**
One attempt. `request.fetch` is called exactly as @octokit/request calls it,
`fetch(url, { method, headers, body, redirect, signal, duplex? })` with a plain headers object
and the body as given: proxies (`dispatcher`) and test fakes depend on that shape. A request
that fetch would refuse to build throws before anything is sent. `request.timeout` covers the
whole response, body included.
*/
async function attempt(
	request: RequestOptions,
	call: Call,
	log: Log,
	proxyFor: ProxyFor | undefined,
): Promise<HubletResponse<unknown>> {
	// The timeout was checked where the call's options were read (call.ts).
	const callerSignal = call.signal;
	const linked = linkSignals(callerSignal, call.timeout);
	let unread = false;
	try {
		const response = await exchange(request, call, log, proxyFor, linked.deadline, linked.signal);
		// A body handed over unread (parseSuccessResponseBody: false) is read later under the signal.
		unread = response.data instanceof ReadableStream;
		return response;
	} finally {
		if (!unread) linked.release();
	}
}

async function exchange(
	request: RequestOptions,
	call: Call,
	log: Log,
	proxyFor: ProxyFor | undefined,
	deadline: AbortSignal | undefined,
	signal: AbortSignal | undefined,
): Promise<HubletResponse<unknown>> {
	const options = request.request ?? {};
	const callerSignal = call.signal;
	const body = serializeBody(request);
	const headers: Record<string, string> = {};
	for (const name of Object.keys(request.headers)) {
		const value = request.headers[name];
		if (value === undefined) continue;
		headers[name] = String(value);
		// Checked here rather than left to fetch, whose message could not name the option at fault.
		if (!isValidHeader(name, headers[name])) {
			throw new RequestError(describeInvalidRequest(request, undefined), 400, { request, code: "INVALID_REQUEST" });
		}
	}
	const init: RequestInit & { duplex?: "half"; dispatcher?: object } = {
		method: request.method,
		headers,
		body,
		redirect: options.redirect,
		signal,
	};
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

	// Refused before anything is sent, and never retried: what fetch would refuse to build, and a
	// scheme other than http and https, which fetch would refuse only once called ("unknown scheme").
	const url = request.url;
	const refusal = /^https?:\/\//i.test(url) ? fetchRefusal(url, request.method, options.redirect) : "not http or https";
	if (refusal) {
		const message = describeInvalidRequest(request, new TypeError(refusal));
		throw new RequestError(message, 400, { request, code: "INVALID_REQUEST" });
	}
	let response: Response;
	try {
		// Read as a Response; types/endpoint.d.ts's FetchResponse is what is read of it. A fetch
		// that throws at once fails as one that rejects.
		response = await untilAborted(fetch(url, init) as Promise<Response>, signal);
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
		warnOnce(
			log,
			`[hublet] paginate followed a link from ${origin} to ${target}: its authorization header was not sent there`,
		);
		const { authorization: _dropped, ...headers } = request.headers;
		return next(sameRoute(request, { ...request, headers }), call);
	};
}

const none: Stage = (next) => next;

/**
The whole of `send`, outermost first:

	notModified ← limits ← cache ← retries ← origin guard ← attempt limits ← attempt

Shared limits hold a request before anything else; the cache sits above the retries, so a
retried request keeps its validators and a 304 reaches it as a response; the retry stage (a
feature, absent from a core client that did not add it) repeats what is below it; the origin
guard drops the token on a request to another origin than paginate's first page; the attempt
limits hold back, and learn from, every attempt (each counts against GitHub's limits); one
attempt calls fetch. A 304 the cache did not answer
rejects last, as octokit's request does. The call's options are read once, at the entry, into the
value every stage is handed with the request (http/call.ts): a feature's per-call option that
fails its check stops the call there. Composed when the transport's file has loaded, at a
client's first request (http/pipeline.ts): none of it runs before.
*/
export function composeSend(log: Log, stages: FeatureStages, perCall: readonly PerCallOption[]): SendRequest {
	const { limits = none, cache = none, retries = none, attemptLimits = none } = stages;
	const attempt = attemptLimits(attemptWith(log, stages.proxy));
	const send = rejectNotModified(limits(cache(retries(withOrigin(attempt, log)))));
	return (request) => send(request, readCall(request, perCall));
}

function rejectNotModified(next: Send): Send {
	return async (request, call) => {
		const response = await next(request, call);
		// A HEAD's 304 resolves, as it always has (it has no body to keep).
		if (response.status === 304 && request.method !== "HEAD") {
			throw new RequestError("Not modified", 304, { request, response });
		}
		return response;
	};
}
