// A page's URL as the server reads it, from the string: paginate compares each `next` link with the
// pages already read, and parsing each link with URL and URLSearchParams would wake Node's URL code
// for every walk. Own file, so that it can be tested on its own.

/** `%69tems` and `items`, `%2f` and `%2F`: one spelling of a part, or the part itself where it does not decode. */
const uniform = (part: string): string => {
	try {
		return encodeURIComponent(decodeURIComponent(part));
	} catch {
		// A stray `%` or a lone surrogate (from a custom fetch's header) is compared as written.
		return part;
	}
};

/**
The key of a page's URL, and its `page` number (a positive integer, else `undefined`). Spellings of
one page give one key: the scheme and host in lower case, path segments and query parameters with
their percent-encoding made uniform (`+` is a space in the query), empty parameters (`&&`, a trailing
`&`) dropped, the rest sorted, a missing `page` read as 1, and no fragment.
*/
export function pageKey(url: string): [key: string, page: number | undefined] {
	const [head, ...query] = url.split("#")[0].split("?");
	let page: string | undefined;
	const params = query
		.join("?")
		.split("&")
		.map((param) => {
			const [name, ...value] = param.replaceAll("+", " ").split("=").map(uniform);
			if (name === "page") page ??= value.join("%3D");
			return `${name}=${value.join("%3D")}`;
		})
		.filter((param) => param !== "=");
	if (page === undefined) params.push("page=1");
	// `https:`, "" and the host come first: `HTTP://Example.com` is `http://example.com`.
	const path = head.split("/").map((part, index) => uniform(index < 3 ? part.toLowerCase() : part));
	const number = Number(page);
	const numbered = String(number) === page && Number.isSafeInteger(number) && number > 0;
	return [`${path.join("/")}?${params.sort().join("&")}`, numbered ? number : undefined];
}
