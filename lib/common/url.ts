/** A URL's origin (`https://api.github.com`), or `undefined` when it does not parse. */
export function originOf(url: string): string | undefined {
	try {
		return new URL(url).origin;
	} catch {
		return undefined;
	}
}

/**
Whether `url` starts with `http://` or `https://`, in any case. String tests rather than a
case-insensitive expression, which V8 would compile at the first request.
*/
export function isHttpUrl(url: string): boolean {
	const scheme = url.slice(0, 8).toLowerCase();
	return scheme.startsWith("http://") || scheme.startsWith("https://");
}

/** `url` without `baseUrl` in front, as logs and messages name a route: `/repos/o/r?page=2`. */
export function withoutBaseUrl(url: string, baseUrl: string): string {
	return baseUrl && url.startsWith(baseUrl) ? url.slice(baseUrl.length) : url;
}
