import type { RequestParameters } from "../../types/endpoint.js";
import type { MapFunction, Paginate, PaginateHost, Target } from "./paginate.js";
import { bodiesOf, loadLater, once } from "../common/later.js";

/** A call's own copy of an options object, made when it is called, as the walk itself makes one (paginate.ts `planOf`): later changes to the caller's object do not leak in. */
const own = <T>(value: T): T => (value !== null && typeof value === "object" && !Array.isArray(value) ? { ...value } : value);

/**
The paginate feature: `client.paginate(method, params)` and `client.paginate.iterator()`.
The full client has it; on `@hublet/rest/core`, `Hublet.plugin(paginate)` adds it. The walk
(paginate.ts) loads on the first call; the arguments of a call made before it has loaded are
read at once all the same.
*/
export function paginate(client: PaginateHost & { constructor: unknown }): { paginate: Paginate } {
	const given = bodiesOf(client.constructor)?.paginate as typeof import("./paginate.js") | undefined;
	if (given) return { paginate: given.createPaginate(client) };
	let loaded: Paginate | undefined;
	const load = once(async () => (loaded = (await loadLater("feature-paginate.js", () => import("./paginate.js"))).createPaginate(client)));

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
				const walk = () => (pages ??= load().then((paginate) => paginate.iterator(ownTarget, ownParams)[Symbol.asyncIterator]()));
				return {
					next: async () => (await walk()).next(),
					return: async (value?: unknown) => (pages ? ((await pages).return?.(value) ?? { done: true, value }) : { done: true, value }),
				};
			},
		};
	};

	return { paginate: Object.assign(call, { iterator }) };
}
