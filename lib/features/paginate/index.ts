import type { Feature } from "../../../types/features.js";
import type { RequestParameters } from "../../../types/endpoint.js";
import type { MapFunction, Target, Walk } from "./body.js";
import { loadBody } from "../../common/doors.js";

// What the front calls of its body: the walk and what collects it. The body's other exports (nextLink,
// pageKey) are its own helpers, exported for their tests, and no composition hands them over.
type Body = Pick<typeof import("./body.js"), "collect" | "createPaginate">;

/** `client.paginate`, as `@octokit/plugin-paginate-rest` shapes it (types/paginate.d.ts types it per route). */
interface Paginate {
	(target: Target, params?: RequestParameters | MapFunction, mapFn?: MapFunction): Promise<unknown[]>;
	iterator(target: Target, params?: RequestParameters): AsyncIterable<unknown>;
}

/**
The paginate feature: `client.paginate(method, params)` and `client.paginate.iterator()`.
The full client has it; on `@hublet/rest/core`, `Hublet.plugin(paginate)` adds it.
*/
export const paginate: Feature<true, Body, { paginate: Paginate }> = {
	name: "paginate",
	check: () => true,
	load: () => loadBody("paginate"),
	/*
	paginate() steps one walk with the body's `collect`: no iterator and no turns to keep, as nothing
	else steps it. A function second is the map function, and no params: the body plans with no keys
	of a function. The arguments are copied at the call, before the body may load. `iterator` is
	bound, as @octokit/plugin-paginate-rest binds its own (`bound iterator`).
	*/
	setup: (body, _settings, { client }) => ({
		members: {
			paginate: Object.assign(
				async (target: Target, params?: RequestParameters | MapFunction, mapFn?: MapFunction) => {
					const copies = [target, params].map(copied) as [Target, RequestParameters?];
					const loaded = body.now ?? (await body.load());
					return loaded.collect(loaded.createPaginate(client, "paginate()", ...copies)(), params, mapFn);
				},
				{ iterator: iterator.bind(null, body, client) },
			),
		},
	}),
};

/** An argument as the call gave it: an object is copied, so that later changes to it do not leak in. */
function copied(arg: unknown): unknown {
	return arg !== null && typeof arg === "object" && !Array.isArray(arg) ? { ...arg } : arg;
}

/*
`client.paginate.iterator(target, params)`, bound to the body and the client: the iterators of one
call. The body (body.ts) makes their walks, and the first step loads it when the composition did
not give it (the loader keeps one load, and tries again after a failure).
*/
function iterator(
	body: Parameters<(typeof paginate)["setup"]>[0],
	client: Parameters<Body["createPaginate"]>[0],
	...given: [Target, RequestParameters?]
): AsyncIterable<any> {
	const copies = given.map(copied);
	let walks: (() => Walk) | undefined;
	return {
		[Symbol.asyncIterator]() {
			// Each step waits for the one before it, whatever that one's outcome: five concurrent
			// `next()` calls get five pages. `return()` (or `break`) ends the walk.
			let queue: Promise<unknown> = Promise.resolve();
			let walk: Walk | undefined;
			const inTurn = (run: () => unknown) => (queue = queue.then(run, run)) as Promise<any>;
			return {
				next: () =>
					inTurn(async () => {
						walks ??= (body.now ?? (await body.load())).createPaginate(
							client,
							"paginate.iterator()",
							...(copies as [Target, RequestParameters?]),
						);
						return (walk ??= walks())();
					}),
				return: (value?: unknown) =>
					inTurn(() => {
						walk = () => ({ done: true, value: undefined });
						return { done: true, value };
					}),
				[Symbol.asyncIterator]() {
					return this;
				},
			};
		},
	};
}
