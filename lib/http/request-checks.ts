import { isHttpUrl } from "../common/url.js";

/*
What fetch refuses to build (`new Request()` of Node's fetch), and a scheme it refuses once called,
checked before anything is sent, so that a custom fetch, which may check nothing, gets only what the
global one would take, and with no `Request` built: that costs more than the whole attempt. Only the
verdict runs on the way out; why a request was refused is worded only once it was
(describeInvalidRequest, request-failures.ts).
*/

// RFC 9110 token characters: what a header name and a method may be made of.
export const TOKEN = /^[!#$%&'*+.^_`|~\dA-Za-z-]+$/;

/** Whether fetch would accept a header: a token name, and no CR, LF, NUL or non-Latin-1 character once trimmed. */
export function isValidHeader(name: string, value: string): boolean {
	return TOKEN.test(name) && !/[\0\r\n]|[^\0-\xff]/.test(value.trim());
}

/**
Why fetch would refuse this request, in fetch's own words: a scheme other than http and https (which
fetch refuses only once called, "unknown scheme"), a URL that does not parse or carries credentials,
a method that is not a token or that fetch never sends, a `redirect` it does not know; `undefined`
when it would send it. The headers are the attempt's to check, as it copies them.
*/
export function fetchRefusal(url: string, method: string, redirect: unknown): string | undefined {
	if (!isHttpUrl(url)) return "not http or https";
	if (!URL.canParse(url)) return "Invalid URL";
	// Credentials come only with an `@`: without one, no URL object is built (half the instructions).
	const { username, password } = url.includes("@") ? new URL(url) : ({} as Partial<URL>);
	if (username || password) return "Request cannot be constructed from a URL that includes credentials";
	if (!TOKEN.test(method)) return `'${method}' is not a valid HTTP method.`;
	// A list rather than a case-insensitive expression, whose first compile builds ICU's case tables.
	if (["connect", "trace", "track"].includes(method.toLowerCase())) return `'${method}' HTTP method is unsupported.`;
	// An empty or absent redirect is fetch's default, "follow".
	return redirect ? redirectRefusal(redirect) : undefined;
}

/** Why fetch would refuse a `redirect` option, or `undefined`. */
function redirectRefusal(redirect: unknown): string | undefined {
	let text: string;
	try {
		text = String(redirect);
	} catch {
		return "Request constructor: the redirect option cannot be read as text";
	}
	if (["follow", "manual", "error"].includes(text)) return undefined;
	return `Request constructor: ${text} is not an accepted type. Expected one of follow, manual, error.`;
}
