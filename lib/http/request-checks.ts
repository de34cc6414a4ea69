import type { RequestOptions } from "../../types/endpoint.js";
import { hasUserinfo, redactUrl } from "../common/redact.js";

// RFC 9110 token characters: what a header name may be made of.
const HEADER_NAME = /^[!#$%&'*+.^_`|~\dA-Za-z-]+$/;
// What fetch refuses inside a header value, once leading and trailing whitespace is trimmed.
const BAD_VALUE = /[\0\r\n]|[^\0-\xff]/;

/** Whether fetch would accept a header: a token name, and no CR, LF, NUL or non-Latin-1 character. */
export const isValidHeader = (name: string, value: string) => HEADER_NAME.test(name) && !BAD_VALUE.test(value.trim());

// The methods fetch never sends, whatever their case. A list rather than a case-insensitive
// expression: this runs at every request, and the method is a token (ASCII) by then.
const FORBIDDEN_METHODS = ["connect", "trace", "track"];
const REDIRECTS = ["follow", "manual", "error"];

/**
Why fetch would refuse to build this request, in fetch's own words (`new Request()` of Node's
fetch): a URL that does not parse or carries credentials, a method that is not a token or that
fetch never sends, a `redirect` it does not know; `undefined` when it would build it. Checked
before anything is sent, so that a custom fetch, which may check nothing, gets only what the
global one would take, and with no `Request` built: that costs more than the whole attempt.
The scheme and the headers are checked by the attempt itself.
*/
export function fetchRefusal(url: string, method: string, redirect: unknown): string | undefined {
	let parsed: URL;
	try {
		parsed = new URL(url);
	} catch {
		return "Invalid URL";
	}
	if (parsed.username || parsed.password) return "Request cannot be constructed from a URL that includes credentials";
	if (!HEADER_NAME.test(method)) return `'${method}' is not a valid HTTP method.`;
	if (FORBIDDEN_METHODS.includes(method.toLowerCase())) return `'${method}' HTTP method is unsupported.`;
	// An empty or absent redirect is fetch's default, "follow".
	if (!redirect) return undefined;
	let text: string;
	try {
		text = String(redirect);
	} catch {
		return "Request constructor: the redirect option cannot be read as text";
	}
	if (REDIRECTS.includes(text)) return undefined;
	return `Request constructor: ${text} is not an accepted type. Expected one of follow, manual, error.`;
}

/**
Says, in one line, why fetch refused to build a request: it runs only after the refusal, so
the happy path pays nothing. It names the header or option at fault and never repeats a
header's value or a URL's credentials; the refusal itself is not kept, since its text may hold
either.
*/
export function describeInvalidRequest(request: RequestOptions, refusal: unknown): string {
	const url = String(request.url);
	let parsed: URL | undefined;
	try {
		parsed = new URL(url);
	} catch {
		return `Invalid URL "${redactUrl(url)}": check the baseUrl option and the route`;
	}
	if (hasUserinfo(url) || parsed.username || parsed.password) {
		return (
			`The URL "${redactUrl(url)}" carries credentials (user:password@), which fetch refuses: remove them ` +
			`from baseUrl and pass a token as the auth option`
		);
	}
	if (!/^https?:$/.test(parsed.protocol))
		return `Invalid URL "${redactUrl(url)}": only http and https are supported (check the baseUrl option)`;
	for (const [name, value] of Object.entries(request.headers)) {
		if (!HEADER_NAME.test(name)) return `Invalid header name ${JSON.stringify(name)}`;
		const text = String(value).trim();
		if (BAD_VALUE.test(text)) {
			let what = "a character beyond Latin-1";
			if (/[\r\n]/.test(text)) what = "a line break (CR or LF)";
			else if (/\0/.test(text)) what = "a NUL character";
			// The headers that options write name them (one name at most matches).
			return (
				`Invalid value for header "${name}"${name === "user-agent" ? " (from the userAgent option)" : ""}` +
				`${name === "time-zone" ? " (from the timeZone option)" : ""}: it contains ${what}`
			);
		}
	}
	const reason = refusal instanceof Error ? refusal.message : String(refusal);
	return `Invalid request ${request.method} ${redactUrl(url)}: ${redactUrl(reason.split("\n")[0])}`;
}
