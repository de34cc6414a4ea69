// Where Hublet's types must be @octokit/core 7's exactly: the `log` option and `client.log`,
// a `request.fetch` typed with a string URL, and an endpoint method's merged options passed
// to `paginate` and `paginate.iterator`.
import type { Octokit, OctokitOptions } from "@octokit/core";
import { Hublet as CoreHublet, type HubletOptions } from "@hublet/rest/core";
import { Hublet, type Fetch, type Log, type LogOption } from "@hublet/rest";
import type { Equal, Expect } from "./helpers.js";

type _clientLog = Expect<Equal<Log, Octokit["log"]>>;
type _fullClientLog = Expect<Equal<Hublet["log"], Octokit["log"]>>;
type _coreClientLog = Expect<Equal<CoreHublet["log"], Octokit["log"]>>;
type _logOption = Expect<Equal<LogOption, NonNullable<OctokitOptions["log"]>>>;
type _logOptionOnOptions = Expect<Equal<HubletOptions["log"], OctokitOptions["log"]>>;

export function logs(client: Hublet) {
	new Hublet({ log: console });
	new Hublet({ log: { debug: () => {}, info: () => {}, warn: console.warn, error: console.error } });
	client.log.info("message");
	client.log.info("message", { extra: 1 });
	const any: number = client.log.debug("message");
	client.log.child;
	// @ts-expect-error the option wants all four methods
	new Hublet({ log: { warn: console.warn } });
	// @ts-expect-error the option wants all four methods
	new CoreHublet({ log: {} });
	// @ts-expect-error additional information is an object
	client.log.warn("message", "more");
	// @ts-expect-error one piece of additional information
	client.log.error("message", {}, {});
	// @ts-expect-error a message is required
	client.log.info();
	return any;
}

export function fetches() {
	const stringUrl = (url: string, init?: RequestInit): Promise<Response> => fetch(url, init);
	new Hublet({ request: { fetch: stringUrl } });
	new CoreHublet({ request: { fetch } });
	// A stand-in that declares its own init type, as test doubles do.
	new Hublet({ request: { fetch: async (url: string, init: { method: string; headers: Record<string, string> }) => new Response(`${init.method} ${url}`) } });
	const asFetch: Fetch = fetch;
	// @ts-expect-error it resolves with a Response
	new Hublet({ request: { fetch: async (url: string) => url } });
	// @ts-expect-error the URL is a string
	new Hublet({ request: { fetch: async (url: number) => new Response(String(url)) } });
	return asFetch;
}

export async function paginateMerged(client: Hublet) {
	const options = client.rest.issues.listForRepo.endpoint.merge({ owner: "octokit", repo: "rest.js" });
	const url: string = options.url;
	const items = await client.paginate(options);
	type _items = Expect<Equal<typeof items, unknown[]>>;
	const titles = await client.paginate<{ title: string }, string>(options, (response) => response.data.map((issue) => issue.title));
	for await (const response of client.paginate.iterator(client.rest.issues.listForRepo.endpoint.merge({ owner: "octokit", repo: "rest.js" }))) {
		const status: number = response.status;
		void status;
	}
	// A bare client endpoint has no url in its defaults: its merge() may lack one.
	// @ts-expect-error `url` may be undefined
	await client.paginate(client.request.endpoint.merge({ owner: "octokit" }));
	return [url, titles];
}
