import type { HubletResponse, ResponseHeaders } from "../../../types/request.js";
import { isPlainObject } from "../../common/objects.js";
import { isValidHeader } from "../../http/request-checks.js";
import { MAX_JSON_DEPTH, parseJson, stringifyJson } from "../../http/json.js";
import { redactText } from "../../common/redact.js";

/*
One stored response of the conditional-request cache, as text, and the check of what a store
gives back. A store is the user's code and its contents anyone's who can write to it: what comes
back is untrusted input. A value is an entry only if it is exactly what `entryText` writes; one
that is not costs its entry (the caller deletes it), never the request.
*/

/** What one stored response keeps: its validators and what a 304 answers with. */
export interface Entry {
	etag?: string;
	lastModified?: string;
	headers: ResponseHeaders;
	data: unknown;
}

// Bumped when the stored shape changes, so that a persistent store's old entries are misses.
const ENTRY_VERSION = 2;
const ENTRY_KEYS = new Set(["v", "etag", "lastModified", "headers", "data"]);
// Validators go back to the server as request headers; GitHub's are under 100 characters, and
// a longer one (a store's garbage) would make the server refuse the request (431).
const MAX_VALIDATOR_LENGTH = 1024;
// Headers that belong to one exchange and may be credentials: never stored.
const UNSTORED = new Set(["set-cookie", "set-cookie2"]);

const isValidator = (name: string, value: unknown): value is string =>
	typeof value === "string" &&
	value.length <= MAX_VALIDATOR_LENGTH &&
	value.trim() !== "" &&
	isValidHeader(name, value);

/**
Why `headers` could not be a response's headers as fetch gives them: lowercase names and string
values fetch accepts.
*/
function headersProblem(headers: unknown): string | undefined {
	const bad =
		!isPlainObject(headers) ||
		Object.keys(headers).some(
			(name) =>
				name === "__proto__" ||
				name !== name.toLowerCase() ||
				typeof headers[name] !== "string" ||
				!isValidHeader(name, headers[name]),
		);
	return bad ? "its headers are not valid headers" : undefined;
}

/**
The response to store, as text; `undefined` for one that is not kept: no validator, a binary
body, what a later read would refuse, or a secret: one of the request's `credentials` anywhere in
it, or a header value the redaction rule would hide.
*/
export function entryText(response: HubletResponse<unknown>, credentials: readonly string[]): string | undefined {
	const { headers, data } = response;
	const etag = headers.etag || undefined;
	const lastModified = headers["last-modified"] || undefined;
	// Binary content (an ArrayBuffer: archives, logs) is not kept; JSON and text are.
	if (response.status !== 200 || !(etag || lastModified) || data instanceof ArrayBuffer) return undefined;
	const stored: ResponseHeaders = {};
	for (const name of Object.keys(headers)) if (!UNSTORED.has(name)) stored[name] = headers[name];
	const entry = { v: ENTRY_VERSION, etag, lastModified, headers: stored, data };
	// What a read would refuse is not written: the check is the same one.
	if (entryProblem(entry)) return undefined;
	const headerText = JSON.stringify(stored);
	if (redactText(headerText) !== headerText) return undefined;
	let text: string;
	try {
		// Serialized now, before the caller (or paginate) can change `data`.
		text = stringifyJson(entry);
	} catch {
		return undefined;
	}
	return credentials.some((secret) => text.includes(secret)) ? undefined : text;
}

/** Why an object of the current version is not an entry Hublet writes, or undefined. */
function entryProblem(entry: Record<string, unknown>): string | undefined {
	if (Object.keys(entry).some((key) => !ENTRY_KEYS.has(key)) || !Object.hasOwn(entry, "data"))
		return "its keys are not an entry's";
	const { etag, lastModified } = entry;
	if (
		(etag === undefined && lastModified === undefined) ||
		(etag !== undefined && !isValidator("if-none-match", etag)) ||
		(lastModified !== undefined && !isValidator("if-modified-since", lastModified))
	) {
		return "its validators are not valid header values";
	}
	return headersProblem(entry.headers);
}

/**
What a store gave back: `{ entry }`, `{}` for nothing usable that is no fault (nothing stored, or
another version's entry, which a newer or older client may still use), or `{ problem }` saying,
without quoting it, why the value is not an entry Hublet wrote.
*/
export function readEntry(value: unknown): { entry?: Entry; problem?: string } {
	if (value === undefined || value === null) return {};
	let parsed: unknown;
	try {
		// The entry holds the body one level down: a body at the accepted depth is an entry one deeper.
		parsed = typeof value === "string" ? parseJson(value, MAX_JSON_DEPTH + 1) : undefined;
	} catch {}
	if (!isPlainObject(parsed) || !Number.isSafeInteger(parsed.v))
		return { problem: "it is not JSON text of a versioned object" };
	if (parsed.v !== ENTRY_VERSION) return {};
	const problem = entryProblem(parsed);
	return problem ? { problem } : { entry: parsed as unknown as Entry };
}
