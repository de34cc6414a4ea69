import { ownValue } from "../common/objects.js";
import { shown } from "../http/error-message.js";

/*
What a GraphQL answer's body may hold, read as untrusted input: any JSON at all comes back from
a proxy, a mock or a server that is not GitHub's. Own file so that the rules for odd shapes sit
in one place beside the query (answer.ts reads a body's `errors` by them), and the error class
only formats what they give it.
*/

/** Longest part of an entry repeated in a message: enough to recognise it, not a whole page. */
const LIMIT = 500;
/** Errors listed in a message; the rest are counted. `error.errors` keeps them all. */
const LISTED = 100;

/** Whether a body can be a GraphQL response at all: a JSON object, not an array or a scalar. */
export const isResponseObject = (body: unknown): body is Record<string, unknown> =>
	body !== null && typeof body === "object" && !Array.isArray(body) && !(body instanceof ArrayBuffer);

/** Any value as short text for a message: a string as it is, anything else as its JSON. */
export function clippedText(value: unknown): string {
	const text = typeof value === "string" ? value : shown(value);
	return text.length > LIMIT ? `${text.slice(0, LIMIT)}…` : text;
}

/**
The lines of octokit's message, one per error: its `message` when that is a string, else the
entry's JSON, each clipped; past the 100th, a count of the rest.
*/
export function errorLines(errors: readonly unknown[]): string {
	const lines = errors.slice(0, LISTED).map((entry) => {
		const message = isResponseObject(entry) ? ownValue(entry, "message") : undefined;
		return ` - ${clippedText(typeof message === "string" ? message : entry)}`;
	});
	if (errors.length > LISTED) lines.push(` - … and ${errors.length - LISTED} more`);
	return lines.join("\n");
}
