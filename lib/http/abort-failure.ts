import type { RequestOptions } from "../../types/endpoint.js";
import { RequestError, redactUrl } from "../common/errors.js";
import { isError } from "../common/redact.js";

/*
How a request that ended early fails: at its deadline (`request.timeout`), or by its caller's
signal. Apart from the other failures (request-failures.ts, which load with the transport at the
first request), because a wait the caller's signal ends fails the same way before anything is sent
or loaded: a wait for a hook or an auth strategy, a retry's pause, a rate limit's pause.
*/

/**
The failure of a request its deadline or its caller's signal ended, as @octokit/request has it:

- a timeout (`request.timeout`, whose timer ended it when `timedOut` is true, or a caller's
  `AbortSignal.timeout()`): a `RequestError` of status 500 and code `TIMEOUT`;
- an abort by the caller: the signal's reason itself, whatever it is (a frozen error, a string);
  an `AbortError` that can take it gets `status: 500`, as octokit sets.

Neither: what `otherwise` makes of it (failureOf() in request-failures.ts, with the transport). A
wait that the caller's signal ends (for a hook, a retry's or a rate limit's pause) rejects only
with the reason of the aborted signal (common/race.ts), so it needs no `otherwise`. A value that
throws when it is read (a Proxy, a getter) fails as octokit's "Unknown Error". Errors are told by
their name, of any realm: a custom fetch run under Jest, or in a `vm` context, throws errors whose
class is not this realm's Error.
*/
export function abortFailure(
	error: unknown,
	request: RequestOptions,
	callerSignal: AbortSignal | undefined,
	timedOut?: boolean,
	otherwise?: () => unknown,
): unknown {
	try {
		const aborted = callerSignal?.aborted;
		const reason = aborted ? callerSignal!.reason : error;
		// Else the signal's reason when it aborted, or what was thrown, may say that it timed out.
		if (timedOut || [reason, error].some((value) => isError(value) && value.name === "TimeoutError")) {
			const limit = timedOut ? ` after ${request.request?.timeout}ms` : " (the request's signal timed out)";
			const message = `Request timeout${limit}: ${request.method} ${redactUrl(request.url)}`;
			return new RequestError(message, 500, { request, cause: error, code: "TIMEOUT" });
		}
		if (aborted || (isError(error) && error.name === "AbortError")) {
			// A new own property, as an assignment makes it where nothing of that name is inherited.
			const settable = isError(reason) && Object.isExtensible(reason) && !("status" in reason);
			if (settable) (reason as { status?: number }).status = 500;
			return reason;
		}
		return otherwise ? otherwise() : error;
	} catch {
		// Status 500 without a response: coded NETWORK_ERROR.
		return new RequestError("Unknown Error", 500, { request, cause: error });
	}
}
