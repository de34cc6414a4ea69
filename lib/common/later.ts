import type { Send, Stage } from "../http/stage-types.js";

/*
How code waits for its first use. The transport (http/request.ts, with ky) loads at the first
request. Each feature of `@hublet/rest/core` is a small front, which `Hublet.plugin()` takes and
which checks the feature's option when a client is built, and a body, which the front imports the
first time it is needed: dist/core.js holds the fronts, and the transport and each body are files
of their own (scripts/build.mjs), so that a program that does not bundle parses them only once it
uses them. A bundler follows the import() and sees one graph; the full entry has the features'
bodies in its own file, and gives them to the fronts through its composition (`{ bodies }`
among its plugins, lib/index.ts), so that they run at once, with no load and no microtask.
*/

/** The features' bodies a class's composition gives (the full entry gives every one), by feature name. */
export type Bodies = Record<string, any> | undefined;

/** The bodies among a client class's plugins, or undefined: each front then loads its own. */
export const bodiesOf = (Class: unknown): Bodies =>
	((Class as { plugins?: unknown[] }).plugins?.find((plugin) => (plugin as { bodies?: unknown })?.bodies) as { bodies: Bodies } | undefined)?.bodies;

/** Runs `load` once, and again after a failure (a file that could not be read is tried again on the next use). */
export function once<T>(load: () => Promise<T>): () => Promise<T> {
	let loading: Promise<T> | undefined;
	return () =>
		(loading ??= load().catch((error) => {
			loading = undefined;
			throw error;
		}));
}

/**
A function of one or two arguments (a stage's `send`, a proxy route, a hook's wrap) that `load`
gives: until it has loaded, a call loads it (once) and then makes the call; from then on the loaded
function is called directly, with no microtask in between. Two named parameters rather than a rest
parameter: this sits on every request's path, and a rest parameter is an array per call.
*/
export function loadedLater<A, B, Result>(load: () => Promise<(a: A, b: B) => Result>): (a: A, b: B) => Result | Promise<Result> {
	let loaded: ((a: A, b: B) => Result) | undefined;
	const ready = once(async () => (loaded = await load()));
	return (a, b) => (loaded ? loaded(a, b) : ready().then((call) => call(a, b)));
}

/** The stage `make` builds over a feature's body: at once when the composition gave the body, or else at the first request through it, once the body has loaded. */
export function stageOver<Body>(given: Body | undefined, load: () => Promise<Body>, make: (body: Body) => Stage | undefined): Stage | undefined {
	return given ? make(given) : stageLoadedLater(async () => make(await load()));
}

/** A stage whose code loads on the first request through it; from then on the loaded stage is called directly. */
export function stageLoadedLater(load: () => Promise<Stage | undefined>): Stage {
	return (next) => loadedLater(async (): Promise<Send> => (await load())?.(next) ?? next) as Send;
}
