import type { RequestOptions } from "../../types/endpoint.js";
import { hasUserinfo, redactUrl } from "../common/redact.js";

// RFC 9110 token characters: what a header name may be made of.
const HEADER_NAME = /^[!#$%&'*+.^_`|~\dA-Za-z-]+$/;
// What fetch refuses inside a header value, once leading and trailing whitespace is trimmed.
const BAD_VALUE = /[\0\r\n]|[^\0-\xff]/;

/** Whether fetch would accept a header: a token name, and no CR, LF, NUL or non-Latin-1 character. */
export const isValidHeader = (name: string, value: string) => HEADER_NAME.test(name) && !BAD_VALUE.test(value.trim());

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
		return `The URL "${redactUrl(url)}" carries credentials (user:password@), which fetch refuses: remove them from baseUrl and pass a token as the auth option`;
	}
	if (!/^https?:$/.test(parsed.protocol)) return `Invalid URL "${redactUrl(url)}": only http and https are supported (check the baseUrl option)`;
	for (const [name, value] of Object.entries(request.headers)) {
		if (!HEADER_NAME.test(name)) return `Invalid header name ${JSON.stringify(name)}`;
		const text = String(value).trim();
		if (BAD_VALUE.test(text)) {
			const what = /[\r\n]/.test(text) ? "a line break (CR or LF)" : /\0/.test(text) ? "a NUL character" : "a character beyond Latin-1";
			const origin = name === "user-agent" ? " (from the userAgent option)" : name === "time-zone" ? " (from the timeZone option)" : "";
			return `Invalid value for header "${name}"${origin}: it contains ${what}`;
		}
	}
	const reason = refusal instanceof Error ? refusal.message : String(refusal);
	return `Invalid request ${request.method} ${redactUrl(url)}: ${redactUrl(reason.split("\n")[0])}`;
}
