import type { Feature, FeatureBody } from "../../../types/features.js";
import type { RequestParameters } from "../../../types/endpoint.js";
import type { MapFunction, Paginate, PaginateHost, Target } from "./body.js";
import { loadLater, once } from "../../common/later.js";

type Body = typeof import("./body.js");

/**
A call's own copy of an options object, made when it is called, as the walk itself makes one
(body.ts `planOf`): later changes to the caller's object do not leak in.
*/
const own = <T>(value: T): T =>
	value !== null && typeof value === "object" && !Array.isArray(value) ? { ...value } : value;

/**
The paginate feature: `client.paginate(method, params)` and `client.paginate.iterator()`.
The full client has it; on `@hublet/rest/core`, `Hublet.plugin(paginate)` adds it.
*/
export const paginate: Feature<true, Body, { paginate: Paginate }> = {
	name: "paginate",
	check: () => true,
	load: () => loadLater("feature-paginate.js", () => import("./body.js")),
	setup: (body, _settings, { client }) => ({
		members: { paginate: body.now ? body.now.createPaginate(client) : paginateLater(body, client) },
	}),
};

/**
`client.paginate` before its walk (body.ts) has loaded: it loads on the first call, and the
arguments of a call made before then are read at once all the same.
*/
function paginateLater(body: FeatureBody<Body>, client: PaginateHost): Paginate {
	let loaded: Paginate | undefined;
	const load = once(async () => (loaded = (await body.load()).createPaginate(client)));

	const call = (target: Target, params?: RequestParameters | MapFunction, mapFn?: MapFunction) => {
		if (loaded) return loaded(target, params, mapFn);
		const [ownTarget, ownParams] = [own(target), own(params)];
		return load().then((walk) => walk(ownTarget, ownParams, mapFn));
	};

	const iterator = (target: Target, params?: RequestParameters): AsyncIterable<any> => {
		if (loaded) return loaded.iterator(target, params);
		const [ownTarget, ownParams] = [own(target), own(params)];
		return {
			[Symbol.asyncIterator]() {
				let pages: Promise<AsyncIterator<any>> | undefined;
				const walk = () =>
					(pages ??= load().then((paginate) => paginate.iterator(ownTarget, ownParams)[Symbol.asyncIterator]()));
				return {
					next: async () => (await walk()).next(),
					return: async (value?: unknown) =>
						pages ? ((await pages).return?.(value) ?? { done: true, value }) : { done: true, value },
				};
			},
		};
	};

	return Object.assign(call, { iterator });
}
