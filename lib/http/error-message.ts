// The message of a failed request, from the body the server sent. Own file so that the rules
// for odd bodies sit in one small place, apart from reading the response.
//
// octokit's plugins read the message: @octokit/plugin-throttling tells a secondary rate limit
// by `/\bsecondary rate\b/i.test(error.message)`, and apps match GitHub's wording. So the
// message always holds what @octokit/request 10 puts in its own, whatever the status, body or
// content type; Hublet only adds to it (the status, where octokit's text says nothing a person
// can read), never takes away. (The constructor of RequestError redacts secrets from it.)
import { stringifyJson } from "./json.js";

/** Parsed data as JSON text (BigInts as numbers); never throws, since a message must not fail its request. */
export function shown(data: unknown): string {
	try {
		return String(stringifyJson(data));
	} catch {
		return String(data);
	}
}

/**
The message of an error response: octokit's (@octokit/request 10's `toErrorMessage`) where it reads
well, a text body as it is (also one sent as JSON that does not parse), and GitHub's
`{ message, errors, documentation_url }` as `<message>: <errors> - <documentation_url>`, so that a
422 carries the server's detail. Where it does not, the status comes first and octokit's text
follows: an empty body (`404 Not Found`), an HTML page (`502 Bad Gateway: <html>…`), bytes (`415
Unsupported Media Type (Unknown error)`), any other data (`500 Internal Server Error (Unknown
error: 42)`), and a message that is not a non-empty string, with what the server sent
(`422 Unprocessable Entity (the server sent {"message":null,"errors":"x"})`).
*/
export function errorMessage(data: unknown, status: number, statusText: string): string {
	const line = statusText ? `${status} ${statusText}` : `${status}`;
	if (typeof data === "string") {
		if (data === "") return line;
		// Only white space, or markup (`\s` is what `trim()` removes).
		return /^\s*(?:<|$)/.test(data) ? `${line}: ${data}` : data;
	}
	if (data instanceof ArrayBuffer) return `${line} (Unknown error)`;
	if (data === null || typeof data !== "object" || !("message" in data))
		return `${line} (Unknown error: ${shown(data)})`;
	const { message, errors } = data as { message: unknown; errors?: unknown; documentation_url?: unknown };
	const details = Array.isArray(errors) ? `: ${errors.map(shown).join(", ")}` : "";
	const link = "documentation_url" in data ? ` - ${data.documentation_url}` : "";
	const octokit = `${message}${details}${link}`;
	if (typeof message === "string" && message !== "") return octokit;
	const sent = `${line} (the server sent ${shown(data)})`;
	return sent.includes(octokit) ? sent : `${sent}: ${octokit}`;
}
