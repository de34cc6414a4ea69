// --help texts: a line of what it does, usage, one line per option, then examples to paste.

export const MAIN_HELP = `Call, page through, dry-run and inspect the GitHub REST API.

Usage:
  hublet <namespace>.<method> [name=value …] [options]
  hublet <VERB> <path> [name=value …] [options]
  hublet ls [namespace]
  hublet describe <namespace>.<method>
  hublet find [VERB] <path>
  hublet diff <server> <server>
  hublet graphql -f query='…' [-F name=value …] [options]
  hublet routes <namespace>.<method> … [--scan <dir>] [--out <file>]

Parameters:
  name=value         a string
  name:=json         raw JSON: a number, boolean, array or object
  name=@file         a file's contents (@- reads standard input; name:=@file parses it as JSON)

Options:
  --paginate         fetch every page, streaming the items as one JSON array
  --ndjson           print one item per line instead
  --dry-run          print the request instead of sending it
  --curl             print the request as a curl command instead of sending it
  -i, --include      print the status and headers before the data
  --compact          compact JSON, even on a terminal
  --base-url <url>   the API root (default: $GITHUB_API_URL, else https://api.github.com)
  --server <name>    the server's route table: auto, api.github.com, ghec or ghes-3.17…ghes-3.19
                     (default: $HUBLET_SERVER); a method it lacks fails before sending
  -f, --raw-field    hublet graphql's field name=value, a string
  -F, --field        hublet graphql's field name=value, typed: true, 42, null or @file
  -h, --help         this help; hublet <command> --help for one command
  --version          print the version

Environment (hublet help environment says what each does): GITHUB_TOKEN or GH_TOKEN,
GITHUB_API_URL, DEBUG=hublet:*, HUBLET_RETRY, HUBLET_REDIS_URL, HTTPS_PROXY, HTTP_PROXY,
NO_PROXY (or https_proxy, http_proxy, no_proxy), NODE_EXTRA_CA_CERTS, NODE_USE_ENV_PROXY,
HUBLET_SERVER.
Exit status: 0 success, 1 the request failed (its body on stdout), a GraphQL answer has errors
or find matched nothing, 2 usage error, 130 stopped by Ctrl-C.

Examples:
  hublet repos.get owner=octokit repo=rest.js
  hublet issues.create owner=o repo=r title="Bug" labels:='["bug"]'
  hublet GET /repos/{owner}/{repo}/topics owner=octokit repo=rest.js
  hublet issues.listForRepo owner=octokit repo=rest.js --paginate --ndjson
  hublet repos.get owner=octokit repo=rest.js --curl
  hublet describe repos.get
`;

const CALL_OPTIONS = `Options: --paginate, --ndjson, --dry-run, --curl, -i/--include, --compact, --base-url <url>,
--server <name> (see hublet --help).`;

export const COMMAND_HELP = {
	ls: `List the namespaces, or the methods of one with their routes. Works offline.

Usage:
  hublet ls [namespace]

Options: --server <name>, the table to read (default: $HUBLET_SERVER; see hublet --help).

Examples:
  hublet ls
  hublet ls repos
`,
	describe: `Show a method's route, its path, required and optional parameters (query and body, with
their types and values), deprecation or rename, whether it paginates, and its documentation
link. Works offline.

Usage:
  hublet describe <namespace>.<method>

Options: --server <name>, the table to read (default: $HUBLET_SERVER; see hublet --help).

Examples:
  hublet describe repos.get
  hublet describe issues.listForRepo
`,
	find: `Find the methods whose route matches a path (concrete values match {parameters}) or a full URL
(its origin, a GHES /api/v3 root, query and fragment dropped), optionally after a verb. Exits 1
when none matches, as grep does. Works offline.

Usage:
  hublet find [VERB] <path>

Options: --server <name>, the table to read (default: $HUBLET_SERVER; see hublet --help).

Examples:
  hublet find /repos/octokit/rest.js/issues
  hublet find POST /repos/{owner}/{repo}/issues
  hublet find 'https://api.github.com/repos/octokit/rest.js/issues?state=open'
`,
	graphql: `Send one GraphQL query, as gh api graphql does, and print the answer as the server gave it.
An answer with errors is printed too, and exits 1. GitHub Enterprise Server's endpoint (/api/graphql
beside --base-url's /api/v3) is found from the base URL.

Usage:
  hublet graphql -f query='…' [-F name=value …] [-f name=value …] [options]

Fields (every field but query and operationName is a variable):
  -f, --raw-field name=value   a string
  -F, --field name=value       true, false and null are themselves, an integer is a number,
                               @file is the file's text (@- standard input), anything else a string
  name=value, name:=json       as for REST calls

Options: --dry-run, --curl, -i/--include, --compact, --base-url <url>, --server <name>.

Examples:
  hublet graphql -f query='{ viewer { login } }'
  hublet graphql -F owner=octokit -f query='query($owner: String!) { repositoryOwner(login: $owner) { id } }'
  hublet graphql -F query=@query.graphql -F first=10
`,
	diff: `List what changes between two servers' route tables: methods the second has and the first
lacks (+), methods it no longer has (-), and methods whose route or required parameters changed
(~). A server is api.github.com, ghec or ghes-<version>. Works offline.

Usage:
  hublet diff <server> <server>

Examples:
  hublet diff ghes-3.17 ghes-3.19
  hublet diff ghes-3.19 api.github.com
`,
	environment: `The environment variables hublet reads. The proxy ones work as curl and gh read them.

  GITHUB_TOKEN, GH_TOKEN     the token (GITHUB_TOKEN first), whitespace around it trimmed; never printed
  GITHUB_API_URL             the API root, as GitHub Actions sets it; --base-url wins
  DEBUG=hublet:*             every request line, retry and deprecation; stack traces on errors
  HUBLET_RETRY               the library's retry option as JSON: false, or {"retries":5}
  HUBLET_SERVER              the route table of the server: api.github.com, ghec, ghes-<version>
                             or auto (--server wins)
  HUBLET_REDIS_URL           a Redis (redis://host:6379) that every hublet process shares for the
                             cache and the rate limits; needs npm install keyv @keyv/redis
  HTTPS_PROXY, https_proxy   the proxy for https:// URLs; needs undici installed beside hublet
  HTTP_PROXY, http_proxy     the proxy for http:// URLs (an https:// URL does not fall back to it)
  NO_PROXY, no_proxy         hosts to reach directly, separated by commas or spaces
  NODE_EXTRA_CA_CERTS        a file of extra CA certificates, read by Node.js (a private CA)
  NODE_USE_ENV_PROXY=1       Node.js 22.21 or later: its fetch applies the proxy variables itself,
                             for when undici is not installed

The lower-case proxy name wins when both are set.
`,
	call: `Send one request by route. A route that is exactly a method's (GET /repos/{owner}/{repo})
calls that method, so missing parameters are reported before anything is sent.

Usage:
  hublet <VERB> <path> [name=value …] [options]
  hublet <path> [name=value …] [options]     (GET)

${CALL_OPTIONS}

Examples:
  hublet GET /repos/{owner}/{repo}/topics owner=octokit repo=rest.js
  hublet GET /repos/octokit/rest.js/issues state=closed --paginate --ndjson
  hublet POST /markdown text="**hi**" --dry-run
`,
};

/** `hublet repos.get --help`: the method described, then how to call it. */
export const methodHelpFooter = (name) => `
Usage:
  hublet ${name} [name=value …] [options]

${CALL_OPTIONS}
Parameters: name=value (a string), name:=json (raw JSON), name=@file (@- reads standard input).
`;
