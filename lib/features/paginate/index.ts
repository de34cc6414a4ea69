import type { Feature, FeatureBody } from "../../../types/features.js";
import type { RequestParameters } from "../../../types/endpoint.js";
import type { MapFunction, Paginate, PaginateHost, Target } from "./body.js";
import { loadLater } from "../../common/later.js";

type Body = typeof import("./body.js");

/** A call's own copy of an options object, made at the call, as the walk makes one: later changes do not leak in. */
const own = <T>(value: T): T => {
	return value !== null && typeof value === "object" && !Array.isArray(value) ? { ...value } : value;
};

/**
The paginate feature: `client.paginate(method, params)` and `client.paginate.iterator()`.
The full client has it; on `@hublet/rest/core`, `Hublet.plugin(paginate)` adds it.
*/
export const paginate: Feature<true, Body, { paginate: Paginate }> = {
	name: "paginate",
	check: () => true,
	load: () => loadLater("feature-paginate.js", () => import("./body.js")),
	setup: (body, _settings, { client }) => {
		return { members: { paginate: body.now ? body.now.createPaginate(client) : paginateLater(body, client) } };
	},
};

/**
`client.paginate` before its walk (body.ts) has loaded: each call loads it (the loader keeps one load,
and tries again after a failure), and its arguments are read at once all the same.
*/
function paginateLater(body: FeatureBody<Body>, client: PaginateHost): Paginate {
	const load = () => body.load().then((module) => module.createPaginate(client));
	const call = (target: Target, params?: RequestParameters | MapFunction, mapFn?: MapFunction) => {
		const args = [own(target), own(params), mapFn] as const;
		return load().then((paginate) => paginate(...args));
	};
	const iterator = (target: Target, params?: RequestParameters): AsyncIterable<any> => {
		const args = [own(target), own(params)] as const;
		return {
			[Symbol.asyncIterator]() {
				let pages: Promise<AsyncIterator<any>> | undefined;
				const walk = () => (pages ??= load().then((paginate) => paginate.iterator(...args)[Symbol.asyncIterator]()));
				return {
					next: () => walk().then((pages) => pages.next()),
					return: async (value?: unknown) => (pages ? (await pages).return!(value) : { done: true, value }),
				};
			},
		};
	};
	return Object.assign(call, { iterator });
}
