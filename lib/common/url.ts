/** A URL's origin (`https://api.github.com`), or `undefined` when it does not parse. */
export function originOf(url: string): string | undefined {
	try {
		return new URL(url).origin;
	} catch {
		return undefined;
	}
}

/** `url` without `baseUrl` in front, as logs and messages name a route: `/repos/o/r?page=2`. */
export function withoutBaseUrl(url: string, baseUrl: string): string {
	return baseUrl && url.startsWith(baseUrl) ? url.slice(baseUrl.length) : url;
}
