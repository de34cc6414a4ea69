// The package's exports, as a consumer imports them.
import HubletDefault, {
	Hublet,
	findRoutes,
	RequestError,
	type Endpoints,
	type GetResponseDataTypeFromEndpointMethod,
	type GetResponseTypeFromEndpointMethod,
	type HubletOptions,
	type HubletResponse,
	type OctokitResponse,
	type PaginateInterface,
	type RestEndpointMethods,
	type RestEndpointMethodTypes,
} from "@hublet/rest";
import type { Equal, Expect } from "./helpers.js";

export function constructors() {
	new Hublet();
	new Hublet({});
	new Hublet({
		auth: "token",
		baseUrl: "https://ghe.example.com/api/v3",
		userAgent: "my-app/1.0.0",
		timeZone: "Europe/Amsterdam",
		previews: ["mercy"],
		request: { timeout: 1000, fetch },
		retry: { retries: 5 },
		log: console,
		// Unknown keys are kept for plugins.
		throttle: { enabled: false },
	});
	new Hublet({ retry: false });
	// The deprecated default export still constructs without options (spec §7, §9).
	new HubletDefault();
	const fromDefault: Hublet = new HubletDefault();

	// @ts-expect-error `baseUrl` is a string
	new Hublet({ baseUrl: 1 });
	// @ts-expect-error `retry` is options or `false`
	new Hublet({ retry: true });
	return fromDefault;
}

export function instance(client: Hublet) {
	type _rest = Expect<Equal<typeof client.rest, RestEndpointMethods>>;
	type _paginate = Expect<Equal<typeof client.paginate, PaginateInterface>>;
	const version: string = Hublet.VERSION;
	client.log.debug("x");
	client.log.warn("x", { extra: 1 });
	const auth: Promise<unknown> = client.auth();
	const routes = new (Hublet.plugin(findRoutes))().findRoutes("/repos/octokit/rest.js/issues").map(({ namespace, method, route }) => `${namespace}.${method} ${route}`);
	client.hook.before("request", (options) => {
		const url: string = options.url;
		const method: string = options.method;
		return void [url, method];
	});
	client.hook.wrap("request", async (request, options) => {
		const response = await request(options);
		return response;
	});
	return [version, auth, routes];
}

export function errors(error: unknown) {
	if (error instanceof RequestError) {
		const name: "HttpError" = error.name;
		const status: number = error.status;
		const url: string = error.request.url;
		const data: unknown = error.response?.data;
		return [name, status, url, data];
	}
	const created = new RequestError("Not Found", 404, { request: { method: "GET", url: "https://api.github.com/x", headers: {} } });
	return created.message;
}

export function names() {
	type _octokitResponse = Expect<Equal<OctokitResponse<string, 200>, HubletResponse<string, 200>>>;
	type _endpoints = Expect<Equal<Endpoints["GET /repos/{owner}/{repo}"]["response"], RestEndpointMethodTypes["repos"]["get"]["response"]>>;
	type _options = Expect<Equal<ConstructorParameters<typeof Hublet>, [options?: HubletOptions]>>;
	type Get = Hublet["rest"]["repos"]["get"];
	type _responseType = Expect<Equal<GetResponseTypeFromEndpointMethod<Get>, RestEndpointMethodTypes["repos"]["get"]["response"]>>;
	type _dataType = Expect<Equal<GetResponseDataTypeFromEndpointMethod<Get>, RestEndpointMethodTypes["repos"]["get"]["response"]["data"]>>;
}
