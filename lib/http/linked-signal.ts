/*
The one signal a request's fetch and body read listen to, made of the caller's `request.signal`
and the request's own deadline (`request.timeout`), and released when the request ends.
`AbortSignal.any()` would register the composite with the caller's signal for as long as that
signal lives: one long-lived signal (an app's shutdown signal, passed to every request) then
holds about 80 B per request for ever. `AbortSignal.timeout()` keeps its timer, and what hangs
on it, until the timeout passes, long after the request ended. Here the link is two listeners
and one timer, all removed by `release()`.
*/

export interface LinkedSignal {
	/** What fetch and the body read listen to; `undefined` when there is neither signal. */
	signal: AbortSignal | undefined;
	/** Aborted when the timeout passed (with a "TimeoutError"), so a failure can say which ended it. */
	deadline: AbortSignal | undefined;
	/** Unlinks the caller's signal and clears the timer: nothing of this request is held after it. */
	release(): void;
}

const nothing = () => {};

/** The deadline of `timeout` ms (none for 0), and the caller's signal, linked into one. */
export function linkSignals(caller: AbortSignal | undefined, timeout: number): LinkedSignal {
	if (!timeout) return { signal: caller, deadline: undefined, release: nothing };
	const deadline = new AbortController();
	// The reason AbortSignal.timeout() gives, so that what reads it (and octokit's plugins) sees the same.
	const timer = setTimeout(
		() => deadline.abort(new DOMException("The operation was aborted due to timeout", "TimeoutError")),
		timeout,
	);
	// As AbortSignal.timeout()'s, the timer alone does not keep a process alive (Node; a number elsewhere).
	if (typeof timer === "object") (timer as { unref?(): void }).unref?.();
	if (!caller) return { signal: deadline.signal, deadline: deadline.signal, release: () => clearTimeout(timer) };

	const linked = new AbortController();
	const onCaller = () => linked.abort(caller.reason);
	const onDeadline = () => linked.abort(deadline.signal.reason);
	if (caller.aborted) onCaller();
	else caller.addEventListener("abort", onCaller, { once: true });
	deadline.signal.addEventListener("abort", onDeadline, { once: true });
	return {
		signal: linked.signal,
		deadline: deadline.signal,
		release() {
			clearTimeout(timer);
			caller.removeEventListener("abort", onCaller);
		},
	};
}
