// `hublet repos.get owner=o repo=r` and `hublet GET /path …`: one request (or, under
// --paginate, every page), or under --dry-run and --curl, none.
import { parseParameters } from "./args.mjs";
import { createClient, tokenFromEnv } from "./client.mjs";
import { dataForMethod } from "./data.mjs";
import { capturingFetch, printCurl, printDryRun } from "./dry-run.mjs";
import { EXIT, reportError } from "./errors.mjs";
import { printResponse } from "./output.mjs";
import { paginate } from "./paginate.mjs";
import { serverFrom } from "./servers.mjs";
import { isRouteCall, resolveTarget } from "./target.mjs";
import { withFileContentType } from "./upload.mjs";

// GitHub's largest page: a hundred items a request instead of thirty.
const PAGE_SIZE = "100";

/** Runs a call with the command's `io` (main.mjs); resolves with the exit code. */
export async function runCall(words, options, io) {
	const { stdout, stderr, status, env, closers } = io;
	const offline = options["dry-run"] || options.curl;
	const capture = offline ? capturingFetch() : undefined;
	const client = createClient(options, status, { env, fetch: capture?.fetch, closers });
	let target;
	// Set once --paginate has opened its output, which a failure must then leave valid.
	const printed = { data: false };
	try {
		if (!offline) await learnServer(client, words, options, env);
		target = resolveTarget(client, words);
		const { params: given, files } = parseParameters(target.rest, io);
		const sent = target.parameters?.(given) ?? given;
		target.assertParameters?.(sent);
		const params = withFileContentType(sent, files, target.endpoint);
		const pages = options.paginate && pagination(client, target, status);
		if (pages === "known" && params.per_page === undefined) params.per_page = PAGE_SIZE;

		if (capture) {
			// A dry run of --paginate shows its first request: the rest depend on the answers.
			await target.call(params);
			if (options.curl) await printCurl(capture.captured, { token: tokenFromEnv(env) }, stdout);
			else await printDryRun(capture.captured, stdout);
			return EXIT.ok;
		}
		if (pages) return await paginate(client, target.paginateTarget, params, options, { ...io, printed });
		await printResponse(await target.call(params), options, stdout);
		return EXIT.ok;
	} catch (error) {
		return reportError(error, { stderr, env, label: target?.label, name: target?.name, options, stdout: printed.data ? undefined : stdout });
	}
}

/**
Under `--server auto`, a method the client does not know yet may be the server's own
(`enterpriseAdmin.listGlobalWebhooks`): the server is asked once (`GET /`, whose answer carries
`x-github-enterprise-version`, or fails with it) so that its table is in use before the name is
read. A method known already, and a call by route, send no extra request.
*/
async function learnServer(client, words, options, env) {
	if (serverFrom(options, env) !== "auto" || isRouteCall(words)) return;
	const [namespace, method] = words[0].split(".");
	if (typeof client.rest[namespace]?.[method] === "function") return;
	await client.request("GET /").catch(() => {});
}

/**
Whether --paginate walks pages: "known" for a method that GitHub's description says pages,
"unknown" for a route that no method owns (only the answers can tell), and false, with a
note, for a method that does not page (`repos.get`), which is then sent once as it is.
*/
function pagination(client, target, status) {
	const data = target.method && dataForMethod(client, target.name, target.method);
	if (!data) return "unknown";
	if (data.paginates) return "known";
	status.notice(`${target.name} does not paginate; sending one request`);
	return false;
}
