// The message of a failed request, from the body the server sent. Own file so that the rules
// for odd bodies sit in one small place, apart from reading the response.
import { stringifyJson } from "./json.js";

/** Longest part of a body repeated in a message: enough to recognise it, not a whole page. */
const LIMIT = 500;
const clip = (text: string) => (text.length > LIMIT ? `${text.slice(0, LIMIT)}…` : text);

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
`<message>: <errors> - <documentation_url>` for GitHub's error shape and the text of a text
body, as `@octokit/request` words them, so that a 422 carries the server's detail. A body with
no usable message (`{"message": null}`, `null`, a number, an array, bytes, an HTML page) gets
the status and, where it is short data, what was sent: `422 Unprocessable Entity (the server
sent {"message":null,"errors":"x"})`, where octokit would say `null` or `Unknown error: …`.
*/
export function errorMessage(data: unknown, status: number, statusText: string): string {
	if (typeof data === "string") {
		const text = data.trim();
		// An empty body or an HTML error page (a proxy's 502) says nothing a person can read.
		if (text === "" || text.startsWith("<")) return statusLine(status, statusText);
		return clip(text);
	}
	if (data instanceof ArrayBuffer) return statusLine(status, statusText);
	if (data !== null && typeof data === "object" && !Array.isArray(data)) {
		const body = data as { message?: unknown; errors?: unknown; documentation_url?: unknown };
		if (typeof body.message === "string" && body.message !== "") {
			const suffix = body.documentation_url ? ` - ${body.documentation_url}` : "";
			const details = Array.isArray(body.errors) ? `: ${body.errors.map(shown).join(", ")}` : "";
			return `${body.message}${details}${suffix}`;
		}
	}
	return `${statusLine(status, statusText)} (the server sent ${clip(shown(data))})`;
}
