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
function shown(data: unknown): string {
	try {
		return String(stringifyJson(data));
	} catch {
		return String(data);
	}
}

const statusLine = (status: number, statusText: string) => `${status}${statusText ? ` ${statusText}` : ""}`;

/**
The message @octokit/request 10 gives an error response (its `toErrorMessage`): a text body as
it is, `<message>: <errors> - <documentation_url>` for GitHub's shape, `Unknown error` for bytes
and `Unknown error: <JSON>` for any other data.
*/
export function octokitErrorMessage(data: unknown): string {
	if (typeof data === "string") return data;
	if (data instanceof ArrayBuffer) return "Unknown error";
	if (typeof data === "object" && data !== null && "message" in data) {
		const body = data as { message: unknown; errors?: unknown; documentation_url?: unknown };
		const suffix = "documentation_url" in body ? ` - ${body.documentation_url}` : "";
		const details = Array.isArray(body.errors) ? `: ${body.errors.map(shown).join(", ")}` : "";
		return `${body.message}${details}${suffix}`;
	}
	return `Unknown error: ${shown(data)}`;
}

/**
octokit's message, where it reads well: a text body (also one sent as JSON that does not parse),
and GitHub's `{ message, errors, documentation_url }`, so that a 422 carries the server's detail.
Where it does not, the status comes first and octokit's text follows: an empty body
(`404 Not Found`), an HTML page (`502 Bad Gateway: <html>…`), bytes (`415 Unsupported Media
Type (Unknown error)`), any other data (`500 Internal Server Error (Unknown error: 42)`), and a
message that is not a non-empty string, with what the server sent
(`422 Unprocessable Entity (the server sent {"message":null,"errors":"x"})`).
*/
export function errorMessage(data: unknown, status: number, statusText: string): string {
	const octokit = octokitErrorMessage(data);
	const line = statusLine(status, statusText);
	if (typeof data === "string") {
		if (data.trim() !== "" && !data.trimStart().startsWith("<")) return data;
		return data === "" ? line : `${line}: ${data}`;
	}
	if (data !== null && typeof data === "object" && !(data instanceof ArrayBuffer) && "message" in data) {
		const { message } = data as { message: unknown };
		if (typeof message === "string" && message !== "") return octokit;
		const sent = `${line} (the server sent ${shown(data)})`;
		return sent.includes(octokit) ? sent : `${sent}: ${octokit}`;
	}
	return `${line} (${octokit})`;
}
