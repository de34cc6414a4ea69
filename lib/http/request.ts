import type { RequestOptions } from "../../types/endpoint.js";
import type { HubletResponse, Log, ResponseHeaders } from "../../types/request.js";
import { RequestError, redactUrl } from "../common/errors.js";
import { noteRequest, redactText, secretsOf } from "../common/redact.js";
import { escapeControls } from "../common/terminal-text.js";
import { originOf } from "../common/url.js";
import { warnOnce } from "../common/log.js";
import { ownValue } from "../common/objects.js";
import { timeoutProblem, untilAborted } from "../common/race.js";
import { parseJson, stringifyJson } from "./json.js";
import { fetchRefusal, isValidHeader } from "./request-checks.js";
import { failureOf, invalidRequest, invalidTimeout, responseFailure, unsendableBody } from "./request-failures.js";
import { isStream } from "./replayable.js";
import { routePath, sameRoute } from "./route-of.js";
import type { Call, CallSettings, FeatureStages, ProxyFor, Send, SendRequest } from "./stage-types.js";
import type { PerCallOption } from "./call.js";

/*
The request pipeline (composeSend, below, at a client's first request: lib/http/pipeline.ts), with
the kernel's own stages: the origin guard and one attempt, which sends the request and reads its
response. Retries are a feature, which the kernel does not import.

The attempt calls fetch itself, as @octokit/request does: no HTTP library sits between Hublet
and fetch, since the pipeline's stages already own what one would do (retries, timeouts, errors)
and building a `Request` per call costs more than the rest of the attempt (docs/development.md,
"Why not ky"). What `new Request()` would refuse is refused here first (request-checks.ts), and
`request.timeout` covers the whole response, body included. This file is dist/transport.js, a
file of its own loaded at the first request (http/pipeline.ts), so that a program parses it only
then. test/transport-contract.test.js tests what the attempt promises.

One path serves the common request (no timeout, a body of JSON or none): what only a rare request
needs (a deadline, a body that is not JSON) branches off it, and every failure is built only once
it happened, from what it is about, in request-failures.ts, which the common path never calls.
*/

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
at the entry, into the value every stage is handed with the request (readCall). Composed when the
transport's file has loaded, at a client's first request (http/pipeline.ts): none of it runs before.
*/
export function composeSend(log: Log, stages: FeatureStages, perCall: readonly PerCallOption[]): SendRequest {
	const { limits = same, cache = same, retries = same, attemptLimits = same, proxy } = stages;
	// The attempt stage; `proxy` (the proxy feature) names the global fetch's `dispatcher`, when a proxy applies.
	const attempts = attemptLimits((request, call) =>
		(call.timeout ? attemptInTime : attempt)(request, call, log, proxy),
	);
	// The origin guard (withoutToken).
	const guarded: Send = (request, call) => {
		const origin = request.request?.credentialsOrigin;
		const cross = typeof origin === "string" && request.headers.authorization !== undefined;
		return attempts(cross ? withoutToken(request, origin, log) : request, call);
	};
	const send = limits(cache(retries(guarded)));
	return async (request) => {
		const response = await send(request, readCall(request, perCall));
		if (response.status === 304 && request.method !== "HEAD") {
			throw new RequestError("Not modified", 304, { request, response });
		}
		return response;
	};
}

/** A slot no feature fills: no stage at all. */
function same(next: Send): Send {
	return next;
}

/**
The call's options that the stages share, read once where the pipeline begins (below the hook
chain, so that what a plugin's wrap changed is what counts). A feature's per-call option
(`request.retry`) that the caller gave for this call goes through its feature's check, as the
client's option did when the client was built: a bad one is a TypeError that names it, and the
call stops before anything is sent or retried. A call that does not override the client's value
shares the settings it was checked into.
*/
function readCall(request: RequestOptions, perCall: readonly PerCallOption[]): Call {
	const options = request.request ?? {};
	const { timeout, fetch, signal } = options;
	// Throws when a call's `request.timeout` is no time a timer can hold.
	const problem = timeout !== undefined && timeoutProblem(timeout, 0);
	if (problem) throw invalidTimeout(request, problem);
	const settings: Record<string, unknown> = {};
	for (const option of perCall) {
		const value = ownValue(options, option.key);
		settings[option.feature] = value === option.given ? option.settings : checked(option, value, request);
	}
	return {
		signal: signal ?? undefined,
		timeout: (timeout as number) || 0,
		fetch: fetch ?? undefined,
		// Each key a feature's name, each value what that feature's check gave: the shape it declares.
		settings: settings as CallSettings,
	};
}

/** A call's own value of a per-call option, through its feature's check; a refusal names the call. */
function checked(option: PerCallOption, value: unknown, request: RequestOptions): unknown {
	try {
		return option.check(value, `request.${option.key}`);
	} catch (error) {
		if (error instanceof TypeError) error.message = `${request.method} ${redactUrl(request.url)}: ${error.message}`;
		throw error;
	}
}

/**
The origin guard: a request whose `request.credentialsOrigin` names another origin than its
URL's is sent without its `authorization` header, as fetch does on a cross-origin redirect.
paginate sets it to the first page's origin, since the auth hook would otherwise send the token
wherever a `Link` header points; the first time, a warning says so.
*/
function withoutToken(request: RequestOptions, origin: string, log: Log): RequestOptions {
	const target = originOf(request.url);
	if (target === undefined || target === origin) return request;
	const dropped = "its authorization header was not sent there";
	warnOnce(log, `[hublet] paginate followed a link from ${origin} to ${target}: ${dropped}`);
	const { authorization: _dropped, ...headers } = request.headers;
	return sameRoute(request, { ...request, headers });
}

/**
One attempt. `request.fetch` is called exactly as @octokit/request calls it,
`fetch(url, { method, headers, body, redirect, signal, duplex? })` with a plain headers object
and the body as given: proxies (`dispatcher`) and test fakes depend on that shape. A request
that fetch would refuse to build throws before anything is sent, as does a failure to route it
through a proxy; what fetch throws (at once or later), and a body that breaks off (truncated,
reset, timed out, aborted mid-body), is described by failureOf(); the response's own error fails
as it is.

The response becomes `{status, url, headers, data}`, or a `RequestError` for a status of 400 or
more or a body that is not what its content type says (responseFailure). A 304 resolves
(composeSend rejects it after the cache). The body is read under `signal`, so a timeout covers it
too, and by its content type: JSON, text, or an `ArrayBuffer` for binary content (archives, logs).
*/
async function attempt(
	request: RequestOptions,
	call: Call,
	log: Log,
	proxyFor: ProxyFor | undefined,
	deadline?: Deadline,
): Promise<HubletResponse<unknown>> {
	// The deadline's signal, which the caller's aborts too, or the caller's.
	const signal = (deadline ?? call).signal;
	// What fetch is called with, once the request passed what fetch would refuse: its headers (checked
	// here rather than left to fetch, whose message could not name the option at fault), and what
	// request-checks.ts checks.
	const { method, url, body } = request;
	const options = request.request ?? {};
	const sent: Record<string, string> = {};
	const init: RequestInit & { duplex?: "half"; dispatcher?: object } = {
		method,
		headers: sent,
		body: body === undefined ? undefined : serializeBody(request),
		redirect: options.redirect,
		signal,
	};
	for (const name of Object.keys(request.headers)) {
		const value = request.headers[name];
		if (value !== undefined && !isValidHeader(name, (sent[name] = String(value)))) throw invalidRequest(request);
	}
	if (fetchRefusal(url, method, options.redirect)) throw invalidRequest(request);
	// Node's fetch needs `duplex` for a streamed body; @octokit/request sets it for every body
	// but the empty one of a PUT or PATCH without parameters.
	if (body) init.duplex = "half";
	// A custom fetch is the caller's whole transport; only the global one is routed through a proxy,
	// whose answer is awaited only when it is one (a request sent direct waits for nothing).
	const routing = call.fetch ? undefined : proxyFor?.(request, call);
	const route = routing && (await routing);
	if (route) init.dispatcher = route.dispatcher;
	let response: Response | undefined;
	try {
		// Read as a Response; types/endpoint.d.ts's FetchResponse is what is read of it.
		const answer = (call.fetch ?? globalThis.fetch)(url, init) as Promise<Response>;
		response = await (signal ? untilAborted(answer, signal) : answer);
		const headers: ResponseHeaders = {};
		// forEach, not iteration: it is what every `Headers` type declares (lib dom's is iterable only
		// with dom.iterable). Fetch already lowercases the names.
		response.headers.forEach((value, name) => {
			headers[name] = value;
		});
		const status = response.status;
		const result: HubletResponse<unknown> = { status, url: response.url || url, headers, data: "" };
		// The request log, above the auth hook, learns from it what the request was sent with.
		noteRequest(result, request);
		if ("deprecation" in headers || "sunset" in headers) warnDeprecated(headers, request, log);
		// A HEAD has no body to read: an error status fails with the status line.
		const head = method === "HEAD";
		if (status === 204 || status === 205 || (head && status < 400)) return result;
		if (head) throw responseFailure(response, request, result);
		if (status < 300 && options.parseSuccessResponseBody === false) {
			result.data = response.body;
			return result;
		}
		// As text: a custom fetch's headers may give what is not a string.
		const contentType = String(headers["content-type"] ?? "").toLowerCase();
		// `application/json` or any `+json` type (GitHub's own `application/vnd.github+json`), parameters
		// aside. String tests: a regular expression would cost its compilation at the first request.
		const type = contentType.split(";", 1)[0].trim();
		const json = type === "application/json" || type.endsWith("+json");
		// Not JSON: text with no type, a `text/` type, or a `charset=utf-8` parameter (quoted or not) on
		// anything but declared bytes (`application/octet-stream`); any other is an `ArrayBuffer` (archives, logs).
		const text =
			json ||
			!type ||
			type.startsWith("text/") ||
			(type !== "application/octet-stream" && /;\s*charset="?utf-8"?\s*(?:;|$)/.test(contentType));
		const read: Promise<unknown> = text ? response.text() : response.arrayBuffer();
		const data = (result.data = await (signal ? untilAborted(read, signal) : read));
		// An empty body under a JSON type is what GitHub sends for some writes. A body that does not parse
		// is kept as its text; a 304 is a response here (the cache answers it, composeSend rejects it).
		if (json && data !== "") {
			try {
				result.data = parseJson(data as string);
			} catch (error) {
				if (status !== 304) throw responseFailure(response, request, result, error as SyntaxError);
			}
		}
		if (status >= 400) throw responseFailure(response, request, result);
		// A 200 that carries `errors` (GraphQL's) becomes an error above this layer: it is told what to redact.
		const value = result.data;
		if (value !== null && typeof value === "object" && "errors" in value) noteRequest(value, request);
		return result;
	} catch (error) {
		// Whether the deadline's timer, not the caller, aborted it: the failure says which ended it.
		throw response && error instanceof RequestError
			? error
			: failureOf(error, request, call.signal, deadline?.passed, route?.proxy);
	}
}

/**
JSON for plain objects and arrays (BigInts as numbers); what fetch takes as a body is sent as it
is: a string, a view of bytes, a stream, an `ArrayBuffer`, a `Blob`, `FormData`, `URLSearchParams`.
*/
function serializeBody(request: RequestOptions): BodyInit {
	const body = request.body;
	if (typeof body === "string" || ArrayBuffer.isView(body) || isStream(body)) return body as BodyInit;
	if ([ArrayBuffer, Blob, FormData, URLSearchParams].some((kind) => body instanceof kind)) return body as BodyInit;
	try {
		return stringifyJson(body);
	} catch (error) {
		throw unsendableBody(request, error);
	}
}

/** A request's deadline: the controller its fetch and body read listen to. */
interface Deadline extends AbortController {
	/** Whether the timer, not the caller, aborted the controller: a failure then says which ended it. */
	passed?: boolean;
}

/**
One attempt under `request.timeout`, a deadline over the whole response, body included: one
controller that the timer and the caller's `request.signal` both abort. Not `AbortSignal.any()`,
which registers the composite with the caller's signal for as long as that signal lives (an app's
shutdown signal, passed to every request, would hold about 80 B per request for ever), nor
`AbortSignal.timeout()`, which keeps its timer, and what hangs on it, until the timeout passes:
here one listener and one timer, both removed when the request ends, unless its body is handed
over unread (parseSuccessResponseBody: false), to be read later under the deadline.
*/
async function attemptInTime(
	request: RequestOptions,
	call: Call,
	log: Log,
	proxyFor: ProxyFor | undefined,
): Promise<HubletResponse<unknown>> {
	const caller = call.signal;
	const deadline: Deadline = new AbortController();
	const timer = setTimeout(() => {
		deadline.passed = !deadline.signal.aborted;
		// The reason AbortSignal.timeout() gives, so that what reads it (and octokit's plugins) sees the same.
		deadline.abort(new DOMException("The operation was aborted due to timeout", "TimeoutError"));
	}, call.timeout);
	// As AbortSignal.timeout()'s, the timer alone does not keep a process alive (Node; a number elsewhere).
	(timer as { unref?(): void }).unref?.();
	const onAbort = () => deadline.abort(caller!.reason);
	if (caller?.aborted) onAbort();
	else caller?.addEventListener("abort", onAbort, { once: true });
	let unread = false;
	try {
		const result = await attempt(request, call, log, proxyFor, deadline);
		unread = result.data instanceof ReadableStream;
		return result;
	} finally {
		if (!unread) {
			clearTimeout(timer);
			caller?.removeEventListener("abort", onAbort);
		}
	}
}

/**
Warns once per route that the server calls it deprecated. Named by its route, not its URL: once
per route, however many issue numbers it is called with. The date and the link are the server's:
a link may carry `access_token=…`, and either may echo the request's own credential, or hold
bytes that drive the terminal console.warn writes to.
*/
function warnDeprecated(headers: ResponseHeaders, request: RequestOptions, log: Log): void {
	const link = String(headers.link ?? "").match(/<([^<>]+)>; rel="deprecation"/)?.[1];
	const when = headers.sunset ? ` It is scheduled to be removed on ${headers.sunset}.` : "";
	const route = `${request.method} ${redactUrl(routePath(request))}`;
	const warning = `[hublet] "${route}" is deprecated.${when}${link ? ` See ${link}` : ""}`;
	warnOnce(log, escapeControls(redactText(warning, secretsOf(request))));
}
