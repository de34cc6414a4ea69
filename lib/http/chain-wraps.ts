import type { EndpointInterface, RequestParameters } from "../../types/endpoint.js";

/** A wrap of the hook chain's `request`: the next request, and the options it was called with. */
export type Wrap = (request: any, options: any) => unknown;

/** The request a wrap is given: callable, with `endpoint` and `defaults` as `@octokit/request` has them. */
interface ShapedRequest {
	(options: RequestParameters): unknown;
	endpoint: EndpointInterface;
	defaults: (defaults: RequestParameters) => unknown;
}

/*
Why the kernel chains its own wraps rather than registering each with `hook.wrap`: before-after-hook
hands a wrap the next one as a bound function, without `endpoint` or `defaults`, and with the
options bound, so that what a wrap passes on is dropped. An auth strategy's hook (auth-app's calls
`request.endpoint.merge`, and sends the options it signed) then breaks as soon as any other wrap
sits inside it, and a feature cannot know where the others sit.
*/

/**
The client's own wraps, two or more (the auth's first, then the features', innermost first), as
one wrap for the hook chain, registered before any plugin's, so that it is given the request itself.
Each wrap is given a request of octokit's shape (`.endpoint`, `.endpoint.merge`, `.defaults`: those
of the request being sent), and the options it calls it with reach the next wrap, and in the end
the transport.
*/
export function chainWraps(wraps: readonly Wrap[]): Wrap {
	return (request: ShapedRequest, options: unknown) => {
		let next: ShapedRequest = request;
		for (const wrap of wraps) {
			const inner = next;
			next = Object.assign((given: RequestParameters) => wrap(inner, given), {
				endpoint: request.endpoint,
				defaults: request.defaults,
			});
		}
		return next(options as RequestParameters);
	};
}
