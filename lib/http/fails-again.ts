/*
Failures that the same request meets again however often it is sent, so the retry policy never
retries them, whatever their status: a response body its content type's parser could not take
(broken JSON, nested too deep: the same bytes would come back), a host name that does not resolve
(`ENOTFOUND`: a mistyped host, which does not start resolving within seconds, unlike a temporary
resolver failure), and a connection refused on this machine (nothing listens there). The
transport, which reads the body and classifies a failure's cause once (request-failures.ts), marks
them; the retry feature, a file of its own, reads the mark. The mark is data on the error itself,
under a key every copy of this file shares (`Symbol.for`): a hidden property, which no inspection,
JSON or spread of the error shows.
*/

/** Marks `error` as a failure the same request meets again. */
export function markFailsAgain(error: object): void {
	Object.defineProperty(error, Symbol.for("hublet.failsAgain"), { value: true, configurable: true });
}

/** Whether `error` is a failure the same request meets again. */
export function failsAgain(error: object): boolean {
	return (error as Record<symbol, unknown>)[Symbol.for("hublet.failsAgain")] === true;
}
