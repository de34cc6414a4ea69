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
import { sameRoute } from "./route-of.js";
import type { Call, FeatureStages, ProxyFor, ProxyRoute, Send, SendRequest, Stage } from "./stage-types.js";
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

One path serves the common request (no timeout, no proxy, a body of JSON or none): what only a
rare request needs (a deadline, a proxy's route, a body that is not JSON) branches off it, and a
failure is described only once it happened, in functions the common path never calls.
*/

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
	const caller = call.signal;
	// The timeout was checked where the call's options were read (call.ts).
	const deadline = call.timeout ? startDeadline(caller, call.timeout) : undefined;
	const signal = deadline ? deadline.signal : caller;
	let unread = false;
	let route: ProxyRoute | undefined;
	let sent = false;
	let response: Response | undefined;
	try {
		const body = request.body === undefined ? undefined : serializeBody(request);
		const headers: Record<string, string> = {};
		for (const name of Object.keys(request.headers)) {
			const value = request.headers[name];
			if (value === undefined) continue;
			// Checked here rather than left to fetch, whose message could not name the option at fault.
			if (!isValidHeader(name, (headers[name] = String(value)))) throw invalid(request, undefined);
		}
		const options = request.request ?? {};
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
		// A custom fetch is the caller's whole transport; only the global one is routed through a proxy.
		const fetch = (call.fetch ?? globalThis.fetch) as Fetch;
		const routing = call.fetch ? undefined : proxyFor?.(request, call);
		if (routing) route = await routing;
		if (route) init.dispatcher = route.dispatcher;
		// Refused before anything is sent, and never retried: what fetch would refuse to build, and a
		// scheme other than http and https, which fetch would refuse only once called ("unknown scheme").
		const url = request.url;
		const refusal = /^https?:\/\//i.test(url)
			? fetchRefusal(url, request.method, options.redirect)
			: "not http or https";
		if (refusal) throw invalid(request, new TypeError(refusal));
		sent = true;
		// Read as a Response; types/endpoint.d.ts's FetchResponse is what is read of it. A fetch
		// that throws at once fails as one that rejects.
		const answer = fetch(url, init) as Promise<Response>;
		response = await (signal ? untilAborted(answer, signal) : answer);
		const result = await toHubletResponse(response, request, log, signal);
		// A body handed over unread (parseSuccessResponseBody: false) is read later under the signal.
		unread = result.data instanceof ReadableStream;
		return result;
	} catch (error) {
		// What failed before sending (a refusal, a body that is not JSON, the proxy's route) and the
		// response's own error fail as they are. What fetch threw, and a body that broke off
		// (truncated, connection reset, timed out, aborted mid-body), is described here.
		if (!sent || (response && error instanceof RequestError)) throw error;
		throw failed(error, request, caller, deadline, route);
	} finally {
		if (deadline && !unread) endDeadline(deadline, caller);
	}
}

/** A request's deadline: the controller its fetch and body read listen to, and what links it. */
interface Deadline {
	signal: AbortSignal;
	timer: ReturnType<typeof setTimeout>;
	/** The caller's signal's listener, which passes its abort on. */
	onAbort?: () => void;
	/** Whether the timer, not the caller, aborted the controller: a failure then says which ended it. */
	passed?: boolean;
}

/**
`request.timeout` is a deadline over the whole response, body included: one controller that the
timer and the caller's `request.signal` both abort. Not `AbortSignal.any()`, which registers the
composite with the caller's signal for as long as that signal lives (an app's shutdown signal,
passed to every request, would hold about 80 B per request for ever), nor
`AbortSignal.timeout()`, which keeps its timer, and what hangs on it, until the timeout passes:
here one listener and one timer, both removed when the request ends (endDeadline).
*/
function startDeadline(caller: AbortSignal | undefined, timeout: number): Deadline {
	const controller = new AbortController();
	const deadline: Deadline = {
		signal: controller.signal,
		timer: setTimeout(() => {
			deadline.passed = !controller.signal.aborted;
			// The reason AbortSignal.timeout() gives, so that what reads it (and octokit's plugins) sees the same.
			controller.abort(new DOMException("The operation was aborted due to timeout", "TimeoutError"));
		}, timeout),
	};
	// As AbortSignal.timeout()'s, the timer alone does not keep a process alive (Node; a number elsewhere).
	(deadline.timer as { unref?(): void }).unref?.();
	if (caller) {
		const onAbort = (deadline.onAbort = () => controller.abort(caller.reason));
		if (caller.aborted) onAbort();
		else caller.addEventListener("abort", onAbort, { once: true });
	}
	return deadline;
}

/** Clears the timer and unlinks the caller's signal: nothing of this request is held after it. */
function endDeadline(deadline: Deadline, caller: AbortSignal | undefined): void {
	clearTimeout(deadline.timer);
	if (deadline.onAbort) caller!.removeEventListener("abort", deadline.onAbort);
}

// What fetch takes as a body as it is, besides a string, a view of bytes and a stream.
const AS_GIVEN = [ArrayBuffer, Blob, FormData, URLSearchParams];

/** JSON for plain objects and arrays (BigInts as numbers); anything fetch takes as a body is sent as it is. */
function serializeBody(request: RequestOptions): BodyInit {
	const body = request.body;
	if (typeof body === "string" || ArrayBuffer.isView(body) || isStream(body)) return body as BodyInit;
	if (AS_GIVEN.some((kind) => body instanceof kind)) return body as BodyInit;
	try {
		return stringifyJson(body);
	} catch (error) {
		// A local error: the message names the route, nothing is sent, and it is never retried.
		const reason = error instanceof Error ? error.message.split("\n")[0] : String(error);
		const message = `The body of ${request.method} ${redactUrl(request.url)} cannot be sent as JSON: ${reason}`;
		throw new RequestError(message, 400, { request, code: "INVALID_REQUEST" });
	}
}

/** What fetch would refuse to build, refused before anything is sent. */
const invalid = (request: RequestOptions, refusal: unknown) =>
	new RequestError(describeInvalidRequest(request, refusal), 400, { request, code: "INVALID_REQUEST" });

/**
How a fetch or a body read that threw fails. The deadline's signal is passed on only when its timer
aborted it, so that a failure can say which ended it. A failure through a proxy says so, since the
proxy may be what failed.
*/
function failed(
	error: unknown,
	request: RequestOptions,
	caller: AbortSignal | undefined,
	deadline: Deadline | undefined,
	route: ProxyRoute | undefined,
): unknown {
	const failure = failureOf(error, request, caller, deadline?.passed ? deadline.signal : undefined);
	if (route && failure instanceof RequestError) failure.message += ` (through the proxy ${route.proxy})`;
	return failure;
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
		return next(withoutToken(request, origin, log), call);
	};
}

/** The request without its `authorization` header when its URL's origin is not `origin`. */
function withoutToken(request: RequestOptions, origin: string, log: Log): RequestOptions {
	const target = originOf(request.url);
	if (target === undefined || target === origin) return request;
	const dropped = "its authorization header was not sent there";
	warnOnce(log, `[hublet] paginate followed a link from ${origin} to ${target}: ${dropped}`);
	const { authorization: _dropped, ...headers } = request.headers;
	return sameRoute(request, { ...request, headers });
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
attempt calls fetch. A 304 the cache did not answer rejects last, as octokit's request does (a
HEAD's 304 resolves, as it always has: it has no body to keep). The call's options are read once,
at the entry, into the value every stage is handed with the request (http/call.ts): a feature's
per-call option that fails its check stops the call there. Composed when the transport's file has
loaded, at a client's first request (http/pipeline.ts): none of it runs before.
*/
export function composeSend(log: Log, stages: FeatureStages, perCall: readonly PerCallOption[]): SendRequest {
	const { limits = none, cache = none, retries = none, attemptLimits = none, proxy } = stages;
	const send = limits(cache(retries(withOrigin(attemptLimits(attemptWith(log, proxy)), log))));
	return async (request) => {
		const response = await send(request, readCall(request, perCall));
		if (response.status === 304 && request.method !== "HEAD") {
			throw new RequestError("Not modified", 304, { request, response });
		}
		return response;
	};
}
