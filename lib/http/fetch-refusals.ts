/*
Requests that fetch refuses before any network activity. Each one fails the same way however
often it is sent, so the attempt stage turns it into an `INVALID_REQUEST` (never retried)
instead of a network error that is retried for seconds before the same refusal.
*/

// The ports the fetch standard blocks ("port blocking": ports of other protocols, such as SMTP
// or IRC), as undici lists them (lib/web/fetch/constants.js). Node's fetch answers a URL on one
// with `fetch failed`, caused by a plain `bad port` error that carries no system code.
const BAD_PORTS = new Set([
	1, 7, 9, 11, 13, 15, 17, 19, 20, 21, 22, 23, 25, 37, 42, 43, 53, 69, 77, 79, 87, 95, 101, 102, 103, 104, 109, 110,
	111, 113, 115, 117, 119, 123, 135, 137, 139, 143, 161, 179, 389, 427, 465, 512, 513, 514, 515, 526, 530, 531, 532,
	540, 548, 554, 556, 563, 587, 601, 636, 989, 990, 993, 995, 1719, 1720, 1723, 2049, 3659, 4045, 4190, 5060, 5061,
	6000, 6566, 6665, 6666, 6667, 6668, 6669, 6679, 6697, 10080,
]);

// undici's codes for a request it rejects while checking it, before it opens a connection:
// a header it does not allow (`connection: upgrade`, `keep-alive`, `transfer-encoding`) and an
// `expect` header it does not support.
const REFUSED_BEFORE_SENDING = new Set(["UND_ERR_INVALID_ARG", "UND_ERR_NOT_SUPPORTED"]);

/** The port of a URL that the fetch standard blocks, or undefined. Only called after a failure. */
export function blockedPort(url: string): number | undefined {
	let port: number;
	try {
		// The URL parser's port, as fetch sees it: `:0001` is port 1, a scheme's default is "".
		port = Number(new URL(url).port);
	} catch {
		return undefined;
	}
	return BAD_PORTS.has(port) ? port : undefined;
}

/**
Why fetch refused a request without sending it, in words for the error message, or undefined
when the failure may have been the network's. `code` is the system or undici code along the
failure's cause chain: a blocked port counts only when there is none, so that a fetch that does
not block ports (a test stand-in, another library) and fails to connect is still retried.
*/
export function refusalBeforeSending(url: string, code: string | undefined, message: string): string | undefined {
	if (code !== undefined) return REFUSED_BEFORE_SENDING.has(code) ? message : undefined;
	const port = blockedPort(url);
	if (port === undefined) return undefined;
	return `fetch refuses port ${port}, which the fetch standard blocks as the port of another protocol: check baseUrl`;
}
