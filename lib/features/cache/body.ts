import type { RequestOptions } from "../../../types/endpoint.js";
import type { HubletResponse, Log, ResponseHeaders } from "../../../types/request.js";
import { createLruStore, guardStore } from "./store.js";
import type { CacheSettings } from "./option.js";
import { untilAborted } from "../../common/race.js";
import { readEntry, entryText, type Entry } from "./entry.js";
import { createHasher } from "../../common/identity.js";
import { sameRoute } from "../../http/route-of.js";
import { credentialsOf, redactText } from "../../common/redact.js";

import type { Call, Stage } from "../../http/pipeline.js";

// Hashed in front of every key, so that a key is no plain SHA-256 of a token or a URL.
const KEY_CONTEXT = "hublet conditional-request cache key v2\n";
// What a key starts with: readable, and nothing of the request.
const KEY_PREFIX = "hublet:cache:v2:";
// How many keys a client remembers the hash of: a poll of the same URLs hashes each once.
const KEYS_MEMO = 256;
// Headers that describe one message's body, not the resource: a 304's values (0, none) must
// not replace the stored ones (RFC 9111 §3.2).
const NOT_UPDATED = new Set(["content-length", "content-encoding", "transfer-encoding", "content-range"]);

/**
Conditional requests (`new Hublet({ cache })`): a wrap around the whole transport, attempt
and retries, so a retried request keeps its validators. GitHub does not count a 304 against
the rate limit, so a repeated read that has not changed is free.

- Only a GET is looked up or stored, and not one that opts out (`request: { cache: false }`),
  sets its own `If-None-Match` or `If-Modified-Since` (the caller's 304 stays theirs), streams
  its body, or carries a secret in its URL (the request's own credential, or anything the
  redaction rule hides: the response, which is stored, may echo it).
- A 200 with an `ETag` or `Last-Modified` is stored under a hash of the request, unless its text
  holds the request's credential; the next identical GET sends them back (what a store gives back
  is checked first, `entry.ts`);
  a 304 resolves as the stored response (status 200, `revalidated: true`), with the headers
  the 304 brings (the rate-limit figures) over the stored ones.

The option was checked when the client was built (index.ts, option.ts); this runs at the first request.
*/
export function createCache(settings: CacheSettings, log: Log): Stage {
	const store = guardStore(settings.store ?? createLruStore(settings.max), settings.timeout, log);
	const hashOf = createHasher(KEY_CONTEXT, KEYS_MEMO);

	/**
	Method, full URL, `accept` and who asks (`authorization` as sent, after the auth hook), as one
	SHA-256 hash: two tokens never share an entry, and a key holds nothing of the request, not
	the token nor a value passed by mistake as a parameter.
	*/
	const keyOf = async (request: RequestOptions): Promise<string> => {
		const { authorization, accept = "" } = request.headers;
		const who = authorization === undefined ? "anonymous" : `authorization ${String(authorization)}`;
		return KEY_PREFIX + (await hashOf(`${request.method} ${request.url}\n${String(accept)}\n${who}`));
	};

	const remember = (key: string, request: RequestOptions, response: HubletResponse<unknown>, replacing: boolean) => {
		const text = entryText(response, credentialsOf(request.headers));
		if (text !== undefined) store.write(key, text);
		else if (replacing) store.forget(key);
	};

	/**
	The entry a store gave back; one that is not an entry Hublet wrote costs a warning and is deleted,
	and the request goes on without it.
	*/
	const entryOf = (key: string, value: unknown): Entry | undefined => {
		const { entry, problem } = readEntry(value);
		if (problem) {
			store.warnOnce(
				"invalid",
				`[hublet] the cache store gave back a value that is not an entry Hublet wrote (${problem}): it is ` +
					`deleted, and requests go on as if nothing was stored`,
			);
			store.forget(key);
		}
		return entry;
	};

	return (send) =>
		async function sendWithCache(request, call) {
			if (!isCacheable(request, call)) return send(request, call);
			let key: string;
			try {
				key = await keyOf(request);
			} catch {
				// No Web Crypto (a browser page served over plain http): no key without a hash.
				store.warnOnce(
					"digest",
					"[hublet] the cache needs Web Crypto (crypto.subtle) to hash credentials: requests go on without it",
				);
				return send(request, call);
			}
			// The store is the caller's code: an abort ends the wait for it at once.
			const signal = call.signal;
			const read = store.read(key, signal);
			const entry = entryOf(key, read instanceof Promise ? await untilAborted(read, signal) : read);
			let response: HubletResponse<unknown>;
			try {
				response = await send(entry ? withValidators(request, entry) : request, call);
			} catch (error) {
				const failure = error as { status?: unknown } | null;
				// 404 Not Found, 410 Gone: the entry can never be revalidated again.
				if (entry && (failure?.status === 404 || failure?.status === 410)) store.forget(key);
				throw error;
			}
			// A 304 arrives as a response: the stored one answers it. Without an entry it goes on
			// up, and the pipeline rejects it as a client without a cache would.
			if (response.status === 304) return entry ? revalidated(entry, response) : response;
			remember(key, request, response, entry !== undefined);
			return response;
		};
}

/**
Whether the cache takes part in `request`: a GET, on a call that did not turn it off
(`request.cache: false`), whose answer can be stored.
*/
function isCacheable(request: RequestOptions, call: Call): boolean {
	const headers = request.headers;
	return (
		request.method === "GET" &&
		call.settings.cache !== undefined &&
		request.request?.parseSuccessResponseBody !== false &&
		headers["if-none-match"] === undefined &&
		headers["if-modified-since"] === undefined &&
		// The URL is in what is stored (headers, data): one that holds a secret is never cached.
		redactText(request.url, credentialsOf(headers)) === request.url
	);
}

function withValidators(request: RequestOptions, entry: Entry): RequestOptions {
	const headers = { ...request.headers };
	if (entry.etag) headers["if-none-match"] = entry.etag;
	if (entry.lastModified) headers["if-modified-since"] = entry.lastModified;
	return sameRoute(request, { ...request, headers });
}

/** The stored response, as the 304 renews it. */
function revalidated(entry: Entry, notModified: HubletResponse<unknown>): HubletResponse<unknown> {
	const headers: ResponseHeaders = { ...entry.headers };
	for (const name of Object.keys(notModified.headers)) {
		if (!NOT_UPDATED.has(name)) headers[name] = notModified.headers[name];
	}
	return { status: 200, url: notModified.url, headers, data: entry.data, revalidated: true };
}
