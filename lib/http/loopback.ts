/*
A refused connection on this machine: nothing listens on the port (a server not started, or on
another port). A retry a second later finds the same, so the retry policy does not retry it, and
the message asks the question a person would. Elsewhere a refused connection is often a server
restarting behind its address, and is retried as any network error is.
*/

/** What a refused connection to this machine adds to octokit's message. */
export const REFUSED_HERE_HINT = " (nothing is listening there on this machine: is the server running?)";

// `localhost`, `[::1]`, 127.0.0.0/8 as the URL parser writes it (it turns `127.1` and `0x7f.1` into
// `127.0.0.1`), and an IPv4-mapped one as it writes that (`[::ffff:7f00:1]`).
const LOOPBACK = /^(?:localhost\.?|\[::1\]|127(?:\.\d{1,3}){3}|\[::ffff:7f[\da-f]{2}:[\da-f]{1,4}\])$/;

/** Whether `url`'s host is this machine: 127.0.0.0/8, `[::1]` or `localhost`; false for a URL that does not parse. */
export function isLoopbackUrl(url: string): boolean {
	try {
		return LOOPBACK.test(new URL(url).hostname.toLowerCase());
	} catch {
		return false;
	}
}
