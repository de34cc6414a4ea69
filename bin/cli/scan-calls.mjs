// What `hublet routes --scan` reads in a source file: the endpoint methods it calls and the
// routes it sends, in the forms people write, and a count of the calls it cannot read (a name
// computed at run time). A text scan, not a parse: it may find a name that is not a call (the
// table decides which names count), and it says what it could not see rather than guess.

const IDENTIFIER = "[A-Za-z_$][\\w$]*";
const VERBS = "GET|POST|PUT|PATCH|DELETE|HEAD";

/** `rest["issues"]` and `rest['issues']['create']` read as `rest.issues` and `rest.issues.create`. */
const dotted = (text) => text.replace(new RegExp(`\\[\\s*(["'\`])(${IDENTIFIER})\\1\\s*\\]`, "g"), ".$2");

/** The names bound by a destructuring pattern's body: `repos, issues: i, pulls = x` → [[repos, repos], [issues, i], [pulls, pulls]]. */
function boundNames(pattern) {
	const pairs = [];
	for (const part of pattern.split(",")) {
		const match = new RegExp(`^\\s*(${IDENTIFIER})\\s*(?::\\s*(${IDENTIFIER}))?\\s*(?:=.*)?$`, "s").exec(part);
		if (match) pairs.push([match[1], match[2] ?? match[1]]);
	}
	return pairs;
}

/**
Scans `text`. `isNamespace(name)` says whether a word is a namespace of the table in use.
Returns the `namespace.method` words found (`names`), the route strings given to `request()`,
`paginate()` and `paginate.iterator()` (`routes`), and what could not be read (`unseen`: a count
per form).
*/
export function scanCalls(text, isNamespace) {
	const source = dotted(text);
	const names = new Set();
	const routes = new Set();
	const unseen = { computed: 0, route: 0 };

	// `client.rest.repos.get`, `octokit.repos.get`: a lookahead, so that `.rest.pulls.list` is read from `.pulls.list` too.
	for (const [, namespace, method] of source.matchAll(/\.(?=([a-zA-Z]+)\.([a-zA-Z]+)\b)/g)) names.add(`${namespace}.${method}`);

	// `const { repos, issues: i } = client.rest` then `repos.listForOrg(…)`; `const { get } = client.rest.repos` then `get(…)`.
	for (const [, pattern, from] of source.matchAll(new RegExp(`\\b(?:const|let|var)\\s*\\{([^{}]*)\\}\\s*=\\s*(${IDENTIFIER}(?:\\s*\\.\\s*${IDENTIFIER})*)`, "g"))) {
		const last = from.split(".").at(-1).trim();
		for (const [key, local] of boundNames(pattern)) {
			if (isNamespace(last) && !isNamespace(key)) names.add(`${last}.${key}`);
			else if (isNamespace(key)) {
				for (const [, method] of source.matchAll(new RegExp(`(?<![\\w$.])${local.replace(/\$/g, "\\$")}\\s*\\.\\s*([a-zA-Z]+)\\b`, "g"))) names.add(`${key}.${method}`);
			}
		}
	}

	// Route strings: `request("GET /orgs/{org}/repos")`, `paginate('GET /…')`, `paginate.iterator(\`GET /…\`)`.
	// Sticky expressions read what follows each call's "(" where it stands, without copying the rest of the file.
	const literal = new RegExp(`(["'\`])((?:(?:${VERBS})\\s+)?/[^"'\`\\n]*)\\1`, "y");
	const known = /\)|["'][^"'\n]*["']|[\w$]+(?:\s*\.\s*[\w$]+)+\s*[,)]/y;
	for (const match of source.matchAll(/(?<![\w$])(?:request|paginate(?:\s*\.\s*iterator)?)\s*\(\s*/g)) {
		const at = match.index + match[0].length;
		literal.lastIndex = at;
		const found = literal.exec(source);
		if (found && !(found[1] === "`" && found[2].includes("${"))) {
			const route = found[2].trim();
			routes.add(/^\//.test(route) ? `GET ${route}` : route.replace(/\s+/, " "));
			continue;
		}
		// A method reference (`paginate(client.rest.issues.listForRepo, …)`) is read above; an
		// empty call or another kind of string is no route. Anything else is a route only known at run time.
		known.lastIndex = at;
		if (known.test(source)) continue;
		unseen.route += 1;
	}

	// `rest[name]`, `rest.repos[method]`: a name computed at run time.
	unseen.computed += [...source.matchAll(/\.rest(?:\.[A-Za-z]+)?\s*\[/g)].length;
	return { names, routes, unseen };
}

/** The stderr line for what a scan could not read, or "" when it read everything. */
export function unseenNotice(unseen) {
	const parts = [];
	if (unseen.computed) parts.push(`${unseen.computed} by a name computed at run time (rest[name])`);
	if (unseen.route) parts.push(`${unseen.route} request() or paginate() call${unseen.route === 1 ? "" : "s"} whose route is not a string literal`);
	const total = unseen.computed + unseen.route;
	return total ? `hublet routes: could not read ${total} call${total === 1 ? "" : "s"}: ${parts.join(", ")}; add their methods by name\n` : "";
}
