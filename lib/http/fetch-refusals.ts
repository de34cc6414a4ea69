/*
Requests that fetch refuses before any network activity. Each one fails the same way however
often it is sent, so the attempt stage turns it into an `INVALID_REQUEST` (never retried)
instead of a network error that is retried for seconds before the same refusal.
*/
import { isError } from "../common/redact-values.js";

// undici's codes for a request it rejects while checking it, before it opens a connection:
// a header it does not allow (`connection: upgrade`, `keep-alive`, `transfer-encoding`) and an
// `expect` header it does not support.
const REFUSED_BEFORE_SENDING = ["UND_ERR_INVALID_ARG", "UND_ERR_NOT_SUPPORTED"];

/**
Why fetch refused a request without sending it, in words for the error message, or undefined
when the failure may have been the network's. `coded` is the first error with a system or undici
code along the failure's cause chain. A port the fetch standard blocks (ports of other protocols,
such as SMTP or IRC) is told by undici's own words: Node's fetch answers it with `fetch failed`,
caused by a plain `bad port` error that carries no code. So a fetch that does not block ports (a
test stand-in, another library) and fails to connect is still retried.
*/
export function refusalBeforeSending(
	url: string,
	error: unknown,
	coded: (Error & { code: string }) | undefined,
): string | undefined {
	if (coded) return REFUSED_BEFORE_SENDING.includes(coded.code) ? coded.message : undefined;
	if (!isError(error) || !isError(error.cause) || error.cause.message !== "bad port") return undefined;
	// The URL parser's port, as fetch sees it: `:0001` is port 1.
	const port = new URL(url).port;
	return `fetch refuses port ${port}, which the fetch standard blocks as the port of another protocol: check baseUrl`;
}
