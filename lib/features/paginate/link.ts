// The next page's URL from a `Link` header, as @octokit/plugin-paginate-rest reads it. Own file
// so that the one parser of a header a server (or a proxy) writes can be tested on its own.

const NEXT_LINK = /<([^<>]+)>;\s*rel="next"/;

/**
The URL of the first `<URL>; rel="next"` entry of a `Link` header, or `undefined`. Anything that
is not a string (a header absent, or a list a custom fetch put there) has none. The pattern cannot
cross a `<` or `>`, so its work stays linear in the header's length whatever the server sends.
*/
export function nextLink(header: unknown): string | undefined {
	return typeof header === "string" ? NEXT_LINK.exec(header)?.[1] : undefined;
}
