import type { GraphQlError } from "../../types/graphql.js";
import { ownValue } from "../common/objects.js";
import { stringifyJson } from "../http/json.js";

/*
What a GraphQL answer's body may hold, read as untrusted input: any JSON at all comes back from
a proxy, a mock or a server that is not GitHub's. Own file so that the rules for odd shapes sit
in one place beside the query, and the error class only formats what they give it.
*/

/** Longest part of an entry repeated in a message: enough to recognise it, not a whole page. */
const LIMIT = 500;
/** Errors listed in a message; the rest are counted. `error.errors` keeps them all. */
const LISTED = 100;

/** Whether a body can be a GraphQL response at all: a JSON object, not an array or a scalar. */
export const isResponseObject = (body: unknown): body is Record<string, unknown> => body !== null && typeof body === "object" && !Array.isArray(body) && !(body instanceof ArrayBuffer);

/** Any value as short text for a message: a string as it is, anything else as its JSON. */
function textOf(value: unknown): string {
	let text: string;
	try {
		text = typeof value === "string" ? value : String(stringifyJson(value));
	} catch {
		text = String(value);
	}
	return text.length > LIMIT ? `${text.slice(0, LIMIT)}…` : text;
}

/**
The `errors` a body carries as a list of objects, or `undefined` when it carries none (absent,
`null`, `false`, `0`, `""`: octokit's test is truthiness too). A list keeps its object entries as
sent; an entry that is not an object (`null`, a string) and an `errors` that is not a list
(`"boom"`, `{"message": "x"}`) become entries whose `message` is that value's text, so that code
reading `error.errors[0].message` never meets a TypeError.
*/
export function errorsOf(body: Record<string, unknown>): GraphQlError[] | undefined {
	const errors = ownValue(body, "errors");
	if (!errors) return undefined;
	const entryOf = (entry: unknown): GraphQlError => (isResponseObject(entry) ? (entry as unknown as GraphQlError) : ({ message: textOf(entry) } as GraphQlError));
	if (!Array.isArray(errors)) return [entryOf(errors)];
	return errors.every(isResponseObject) ? (errors as unknown as GraphQlError[]) : errors.map(entryOf);
}

/**
The lines of octokit's message, one per error: its `message` when that is a string, else the
entry's JSON, each clipped; past the 100th, a count of the rest.
*/
export function errorLines(errors: readonly unknown[]): string {
	const lines: string[] = [];
	for (let index = 0; index < Math.min(errors.length, LISTED); index++) {
		const entry = errors[index];
		const message = isResponseObject(entry) ? ownValue(entry, "message") : undefined;
		lines.push(` - ${typeof message === "string" ? textOf(message) : textOf(entry)}`);
	}
	if (errors.length > LISTED) lines.push(` - … and ${errors.length - LISTED} more`);
	return lines.join("\n");
}
